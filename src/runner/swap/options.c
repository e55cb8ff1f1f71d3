/* The options of the swap areas every backend shares, and the walk over them and each backend's
 * own rows (swap/options.h). */
#include "runner/swap/options.h"

#include <errno.h>
#include <json.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/swap/backend.h"
#include "runner/swap/settings.h"

#define FIELD(f) OPTION_FIELD(struct swap_settings, f)
#define MiB (1ULL << 20)

/* swapon, /proc/swaps and the journal want a path that needs no quoting; a relative one is
 * made absolute, its folder canonical, before the run (run.c). */
static int check_swapfile(void *settings, const char *v, char *why, size_t len)
{
	(void)settings;
	if (strpbrk(v, " \t\n\\")) {
		snprintf(why, len, "needs a path without blanks or backslashes");
		return -EINVAL;
	}
	return 0;
}

static int parse_throttle(void *settings, const char *v, char *why, size_t len)
{
	struct disk_settings *d = &((struct swap_settings *)settings)->disk;
	const char *comma = strchr(v, ',');
	size_t first = comma ? (size_t)(comma - v) : strlen(v);

	d->throttle_write = 0;
	if (size_parse_n(v, first, &d->throttle_read) ||
	    (comma && size_parse(comma + 1, &d->throttle_write))) {
		snprintf(why, len, "not READ_BPS[,WRITE_BPS] in bytes per second (e.g. 10M,20M)");
		return -EINVAL;
	}
	return 0;
}

static json_object *throttle_json(const void *settings)
{
	const struct disk_settings *d = &((const struct swap_settings *)settings)->disk;
	json_object *o;

	if (!d->throttle_read && !d->throttle_write)
		return NULL;
	o = json_object_new_object();
	json_object_object_add(o, "read", json_object_new_uint64(d->throttle_read));
	json_object_object_add(o, "write", json_object_new_uint64(d->throttle_write));
	return o;
}

static void throttle_format(const void *settings, char *buf, size_t len)
{
	const struct disk_settings *d = &((const struct swap_settings *)settings)->disk;
	char r[32], w[32];

	size_format(d->throttle_read, r, sizeof(r));
	if (d->throttle_write)
		snprintf(buf, len, "%s,%s", r, size_format(d->throttle_write, w, sizeof(w)));
	else
		snprintf(buf, len, "%s", r);
}

/* The swapfile and its disk are disk's and zswap's (each lists them in .options); the size and
 * the priority every swap area's. */
static const struct option_desc area_rows[] = {
	{ "swapfile", 0, OT_PATH, FIELD(disk.swapfile), 0, 0, NULL, "/var/tmp/zswapbench-PID.swap",
	  "PATH", NULL, .commands = CMD_RUN | CMD_SYSINFO, .parse = check_swapfile,
	  .example = "/var/tmp/zsb.swap", .help = "disk swapfile to create", .group = G_SWAP,
	  .scope = SCOPE_SWAP },
	{ "swap-size", 0, OT_SIZE, FIELD(size), 1 * MiB, 0, NULL, "--alloc", "SIZE", NULL,
	  .example = "512M", .help = "swapfile size and zram disksize", .group = G_SWAP,
	  .scope = SCOPE_SWAP },
	{ "priority", 0, OT_INT, FIELD(priority), 0, 32767, "100", NULL, "N", "priority",
	  .example = "100", .help = "swap priority, above the system's swap", .group = G_SWAP,
	  .scope = SCOPE_SWAP },
	{ "disk-throttle", 0, OT_CUSTOM, FIELD(disk.throttle_read), 0, 0, NULL, "none", "R[,W]",
	  NULL, .parse = parse_throttle, .to_json = throttle_json, .format = throttle_format,
	  .example = "10M,20M", .help = "bytes/s for the swapfile's disk, per cgroup",
	  .group = G_SWAP, .scope = SCOPE_SWAP },
	{ 0 }
};

const struct option_desc *swap_option_row(size_t k)
{
	const struct option_desc *row = option_rows_nth(area_rows, G_SWAP, &k);
	const struct backend *b;

	for (size_t i = 0; !row && (b = backend_at(i)); i++)
		row = option_rows_nth(b->option_rows, G_SWAP, &k);
	return row;
}

static const size_t texts[] = {
	offsetof(struct swap_settings, disk.swapfile),
	offsetof(struct swap_settings, zram.generator),
};

size_t swap_settings_text(size_t k)
{
	return k < ARRAY_SIZE(texts) ? texts[k] : SIZE_MAX;
}
