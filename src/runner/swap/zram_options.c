/* zram's options: their rows of the option table, their checks, and --zram-generator, whose
 * zram-generator.conf picks the run's one cell (zram_generator.c reads it). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/sysinfo.h>

#include "common/util.h"
#include "runner/kernel/page.h"
#include "runner/swap/settings.h"
#include "runner/swap/zram_generator.h"
#include "runner/swap/zram_state.h"

#define FIELD(f) OPTION_FIELD(struct swap_settings, f)
#define MiB (1ULL << 20)

/* zram.c's: the backend a zram-generator.conf picks. */
extern const struct backend backend_zram;

static int check_algo_params(void *settings, const char *v, char *why, size_t len)
{
	(void)settings;
	if (!v[0] || strlen(v) > 200 || !strchr(v, '=') || strpbrk(v, "\n")) {
		snprintf(why, len, "not KEY=VALUE pairs (e.g. level=3)");
		return -EINVAL;
	}
	return 0;
}

/* ALGO[:PARAMS]: a word, then what recompress takes ("type=huge", "type=idle"). */
static int check_recomp(void *settings, const char *v, char *why, size_t len)
{
	size_t algo = strcspn(v, ":");

	(void)settings;
	if (!algo || strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789-") < algo ||
	    (v[algo] == ':' && strcmp(v + algo + 1, "type=huge") &&
	     strcmp(v + algo + 1, "type=idle"))) {
		snprintf(why, len,
			 "not ALGO or ALGO:type=huge or ALGO:type=idle (e.g. zstd:type=idle)");
		return -EINVAL;
	}
	return 0;
}

/* The device a distribution sets up at boot: its size, algorithm and priority become this
 * run's zram cell. */
static int parse_generator(void *settings, const char *v, char *why, size_t len)
{
	struct swap_settings *s = settings;
	struct zram_generator g;
	struct sysinfo si;
	double ram = sysinfo(&si) == 0 ? (double)si.totalram * si.mem_unit / MIB_BYTES : 0;

	if (zram_generator_read(v, ram, &g, why, len))
		return -EINVAL;
	snprintf(s->zram.generator_algorithm, sizeof(s->zram.generator_algorithm), "%s",
		 g.algorithm);
	/* zram's disksize is whole pages, of this machine's size. */
	s->zram.size = g.size < (1ULL << 20) ? 1ULL << 20
					     : g.size - g.size % (uint64_t)page_bytes();
	s->size = s->zram.size;
	s->priority = g.priority < 0 ? 100 : g.priority;
	return 0;
}

/* The run measures that device alone: zram, with the file's algorithm (none: the kernel's). */
static size_t generator_implies(const void *settings, struct option_implied *out)
{
	const struct zram_settings *z = &((const struct swap_settings *)settings)->zram;

	out[0].option = "swap";
	snprintf(out[0].value, sizeof(out[0].value), "%s", backend_zram.name);
	out[1].option = "comp";
	snprintf(out[1].value, sizeof(out[1].value), "%s", z->generator_algorithm);
	return 2;
}

static const char *const writeback_types[] = { "idle", "huge", "incompressible", NULL };

const struct option_desc zram_option_rows[] = {
	{ "zram-size", 0, OT_SIZE, FIELD(zram.size), 1 * MiB, 0, NULL, "--swap-size", "SIZE", NULL,
	  .example = "1G", .help = "zram disksize", .flags = OPT_KNOB, .group = G_SWAP,
	  .scope = SCOPE_SWAP },
	{ "zram-mem-limit", 0, OT_SIZE, FIELD(zram.mem_limit), 4096, 0, NULL, "none", "SIZE", NULL,
	  .example = "256M", .help = "cap on the memory zram itself may use", .flags = OPT_KNOB,
	  .group = G_SWAP, .scope = SCOPE_SWAP },
	{ "zram-algo-params", 0, OT_STRING, FIELD(zram.algo_params), 0, 0, NULL, "none", "PARAMS",
	  NULL, .parse = check_algo_params, .example = "level=3",
	  .help = "zram algorithm_params, e.g. level=3 (kernels >= 6.12)", .group = G_SWAP,
	  .scope = SCOPE_SWAP },
	{ "zram-generator", 0, OT_PATH, FIELD(zram.generator), 0, 0, NULL, NULL, "FILE", NULL,
	  .parse = parse_generator, .implies = generator_implies,
	  .example = "/usr/lib/systemd/zram-generator.conf",
	  .help = "measure the zram device a zram-generator.conf's [zram0] sets up at boot",
	  .group = G_SWAP, .scope = SCOPE_SWAP },
	{ "zram-backing-dev", 0, OT_SIZE, FIELD(zram.backing), 1 << 20, 0, NULL, "none", "SIZE",
	  NULL, .example = "256M",
	  .help = "a backing device of this size (a loop device over a file of ours) for writeback",
	  .group = G_SWAP, .scope = SCOPE_SWAP },
	{ "zram-writeback", 0, OT_CHOICE, FIELD(zram.writeback), 0, 0, NULL, "none", "TYPE", NULL,
	  .choices = writeback_types, .example = "idle",
	  .help = "after the fill, write these pages to the backing device: idle, huge or "
		  "incompressible",
	  .group = G_SWAP, .scope = SCOPE_SWAP },
	{ "zram-recomp", 0, OT_STRING, FIELD(zram.recomp), 0, 0, NULL, "none", "ALGO[:PARAMS]",
	  NULL, .parse = check_recomp, .example = "zstd:type=idle",
	  .help = "after the fill, recompress with a second algorithm (PARAMS: type=huge "
		  "(default) or type=idle)",
	  .group = G_SWAP, .scope = SCOPE_SWAP },
	{ "zram-streams", 0, OT_COUNT, FIELD(zram.streams), 1, 1024, NULL, "the kernel's", "N",
	  "streams", .example = "2",
	  .help = "zram max_comp_streams (a no-op since 4.7: a stream per CPU)", .group = G_SWAP,
	  .scope = SCOPE_SWAP },
	{ 0 }
};
