/* Files a user hands zswapbench: a config file (--config, INI through inih: config_file_load)
 * and systemd's zram-generator.conf (zram_generator_read), each on a memfd holding the input;
 * and the input's first line as a zram-size expression (zram_size_eval). */
#include <errno.h>
#include <math.h>
#include <sys/mman.h>
#include <unistd.h>

#include "runner/cli/config_file.h"
#include "runner/cli/options.h"
#include "runner/swap/zram_generator.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct config cfg;
	char path[64], msg[PATH_MAX + 512], *s;
	struct zram_generator gen;
	double mib;
	int fd = memfd_create("zsb-fuzz-config", MFD_CLOEXEC), ret;

	FUZZ_ASSERT(fd >= 0);
	FUZZ_ASSERT(size == 0 || write(fd, data, size) == (ssize_t)size);
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);

	options_defaults(&cfg);
	msg[0] = '\0';
	ret = config_file_load(&cfg, path, msg, sizeof(msg));
	FUZZ_ASSERT(ret == 0 || ret == -EINVAL || ret == -ENOMEM);
	if (ret)
		FUZZ_ASSERT(msg[0] != '\0');
	config_free(&cfg);

	ret = zram_generator_read(path, 24576, &gen, msg, sizeof(msg));
	FUZZ_ASSERT(ret <= 0);
	close(fd);

	s = fuzz_text(data, size);
	s[strcspn(s, "\n")] = '\0';
	if (zram_size_eval(s, 24576, &mib, msg, sizeof(msg)) == 0)
		FUZZ_ASSERT(mib > 0);
	free(s);
	return 0;
}
