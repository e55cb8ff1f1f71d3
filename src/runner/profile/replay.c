/* A profile's pages as the hogger's pattern (replay.h). */
#include "runner/profile/replay.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/fileio.h"
#include "runner/profile/profile_json.h"

/* What one page's zeros and the compressor's own headers cost (the 24), and its literal runs
 * over random bytes (the 4%): fitted to zram's sizes of 819 and 2048 random bytes a page. */
#define PREFIX_OVERHEAD 24
#define PREFIX_GROWTH 1.04

/* A profile's file at most: 4096 samples of 1024 regions' two columns. */
#define PROFILE_FILE_MAX (256u << 20)

uint32_t replay_prefix_for(uint64_t bytes, unsigned page_size)
{
	double prefix = ((double)bytes - PREFIX_OVERHEAD) / PREFIX_GROWTH;

	if (prefix < 1)
		return 1;
	return prefix >= page_size ? page_size : (uint32_t)(prefix + 0.5);
}

int replay_load(const char *path, struct profile *p, char *why, size_t len)
{
	char *text = NULL;
	size_t n;
	int ret = read_file(path, PROFILE_FILE_MAX, &text, &n);

	if (ret) {
		snprintf(why, len, "%s", strerror(-ret));
		return ret;
	}
	ret = profile_from_json(text, p, why, len);
	free(text);
	if (ret)
		return ret;
	if (!p->contents.measured || !p->contents.pages || !p->contents.nalgo)
		snprintf(why, len, "its pages were not measured (the recording ended first)");
	else if (p->page_size != (unsigned)sysconf(_SC_PAGESIZE))
		snprintf(why, len, "recorded with %u-byte pages, this machine's are %ld",
			 p->page_size, sysconf(_SC_PAGESIZE));
	else
		return 0;
	profile_free(p);
	return -EINVAL;
}

static const struct profile_algo *algo_named(const struct profile *p, const char *algo)
{
	for (size_t i = 0; i < p->contents.nalgo; i++)
		if (!algo || !algo[0] || strcmp(p->contents.algo[i].name, algo) == 0)
			return &p->contents.algo[i];
	return NULL;
}

/* One class more, "W@L", after a comma unless it is the first. */
static void add_class(char *buf, size_t *used, size_t len, uint64_t weight, const char *prefix)
{
	if (weight)
		*used += (size_t)snprintf(buf + *used, len - *used, "%s%llu@%s",
					  *used > strlen("pages:") ? "," : "",
					  (unsigned long long)weight, prefix);
}

int replay_pages_spec(const struct profile *p, const char *algo, char **spec)
{
	const struct profile_algo *a = algo_named(p, algo);
	uint64_t width = p->page_size / (PROFILE_BUCKETS - 1);
	size_t len = 32 + PROFILE_BUCKETS * 32, used = strlen("pages:");
	char prefix[16], *buf;

	if (!a)
		return -ENOENT;
	if (!(buf = malloc(len)))
		return -ENOMEM;
	strcpy(buf, "pages:");
	add_class(buf, &used, len, p->contents.zero, "0");
	add_class(buf, &used, len, p->contents.same, "s");
	for (size_t b = 0; b < PROFILE_BUCKETS; b++) {
		uint64_t middle = b * width + width / 2;
		snprintf(prefix, sizeof(prefix), "%u",
			 b == PROFILE_BUCKETS - 1 ? p->page_size
						  : replay_prefix_for(middle, p->page_size));
		add_class(buf, &used, len, a->hist[b], prefix);
	}
	*spec = buf;
	return 0;
}

uint64_t replay_bytes(const struct profile *p)
{
	return p->contents.pages * p->page_size;
}
