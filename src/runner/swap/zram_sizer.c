/* Pages sized by zram itself (page_sizer.h): the backend that compresses onto a block device
 * of its own. */
#include "runner/swap/page_sizer.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/kernel/sysfs.h"
#include "runner/kernel/zram.h"
#include "runner/swap/backend.h"

/* Big enough for the one slot written; zram rounds disksize to pages. */
#define SCRATCH_SIZE (1u << 20)

struct scratch_device {
	struct swap_shared shared;
	struct swap_device dev;
	int fd, stat_fd;
};

struct scratch_sizer {
	struct scratch_device dev[PAGE_SIZER_MAX];
	struct swap_settings settings;
	size_t n;
	unsigned page_size;
	struct journal *journal;
};

static int open_device(struct scratch_sizer *z, struct scratch_device *d, const char *algo,
		       char *why, size_t len)
{
	struct swap_params params = { .settings = &z->settings,
				      .comp = algo,
				      .size = SCRATCH_SIZE,
				      .use = USE_BLOCK,
				      .shared = &d->shared };
	char path[64];
	int ret;

	swap_shared_init(&d->shared);
	d->fd = d->stat_fd = -1;
	if ((ret = swap_device_init(&d->dev, backend_find("zram"), &params)))
		return ret;
	if ((ret = swap_device_prepare(&d->dev, z->journal)) ||
	    (ret = swap_device_start(&d->dev, z->journal))) {
		snprintf(why, len, "%s", d->dev.why[0] ? d->dev.why : d->dev.failed);
		return ret;
	}
	snprintf(path, sizeof(path), "/sys/block/%s/mm_stat", d->dev.block);
	d->fd = open(d->dev.device, O_WRONLY | O_DIRECT | O_CLOEXEC);
	d->stat_fd = d->fd < 0 ? -1 : sysfs_open(path, O_RDONLY);
	if (d->fd < 0 || d->stat_fd < 0) {
		ret = d->fd < 0 ? -errno : d->stat_fd;
		snprintf(why, len, "%s", d->fd < 0 ? d->dev.device : path);
	}
	return ret;
}

/* The bytes zram keeps for the page now in slot 0: its compressed data, or the page whole. */
static int size_page(void *arg, size_t algo, const void *page, uint64_t *bytes, char *why,
		     size_t len)
{
	struct scratch_sizer *z = arg;
	struct scratch_device *d = &z->dev[algo];
	struct zram_mm_stat st;
	char text[256];
	ssize_t n = pwrite(d->fd, page, z->page_size, 0);

	if (n != (ssize_t)z->page_size) {
		snprintf(why, len, "%s", d->dev.device);
		return n < 0 ? -errno : -EIO;
	}
	n = pread(d->stat_fd, text, sizeof(text) - 1, 0);
	if (n <= 0 || (text[n] = '\0', zram_mm_stat_parse(text, &st))) {
		snprintf(why, len, "/sys/block/%s/mm_stat", d->dev.block);
		return n < 0 ? -errno : -EINVAL;
	}
	*bytes = st.compr_data_size;
	return 0;
}

int scratch_sizer_open(struct scratch_sizer **out, struct page_sizer *hooks, const char *names,
		       unsigned page_size, struct journal *j, char *why, size_t len)
{
	struct scratch_sizer *z = calloc(1, sizeof(*z));
	char list[256], *save = NULL;
	int ret = 0;

	*out = z;
	if (!z)
		return -ENOMEM;
	z->journal = j;
	z->page_size = page_size;
	snprintf(list, sizeof(list), "%s", names);
	for (char *w = strtok_r(list, " ", &save); w && !ret && z->n < PAGE_SIZER_MAX;
	     w = strtok_r(NULL, " ", &save))
		ret = open_device(z, &z->dev[z->n++], w, why, len);
	*hooks = (struct page_sizer){ .size = size_page, .arg = z, .nalgo = z->n };
	return ret;
}

void scratch_sizer_close(struct scratch_sizer *z)
{
	for (size_t i = 0; z && i < z->n; i++) {
		if (z->dev[i].fd >= 0)
			close(z->dev[i].fd);
		if (z->dev[i].stat_fd >= 0)
			close(z->dev[i].stat_fd);
		swap_device_release(&z->dev[i].dev);
		swap_shared_free(&z->dev[i].shared);
	}
	free(z);
}
