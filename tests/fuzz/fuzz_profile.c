/* A profile's file (profile/profile_json.c), which show reads from anywhere: profile_from_json on
 * any text. A refusal is one line and keeps nothing; what is read is within a profile's bounds
 * (samples, regions, algorithms, a page size that is one), its summary is printed
 * (profile_summary) to /dev/null, and written again (profile_to_json) it reads back and writes
 * the same document again. Nothing read is leaked (LeakSanitizer): profile_free frees it. */
#include <errno.h>

#include "runner/profile/profile_json.h"
#include "runner/profile/summary.h"
#include "fuzz.h"

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	devnull = fopen("/dev/null", "w");
	if (!devnull)
		abort();
	return 0;
}

static void check_bounds(const struct profile *p)
{
	FUZZ_ASSERT(p->nsamples <= PROFILE_SAMPLES_MAX);
	FUZZ_ASSERT(p->nregions <= PROFILE_REGIONS_MAX);
	FUZZ_ASSERT(p->contents.nalgo <= PROFILE_ALGOS_MAX);
	FUZZ_ASSERT(p->page_size >= 1024 && (p->page_size & (p->page_size - 1)) == 0);
	FUZZ_ASSERT(!p->nsamples || p->samples);
	for (size_t i = 0; i < p->nregions; i++) {
		const struct profile_region *r = &p->regions[i];
		FUZZ_ASSERT(r->kind < REGION_KINDS);
		FUZZ_ASSERT(memchr(r->name, '\0', sizeof(r->name)) != NULL);
		FUZZ_ASSERT(r->rss && r->referenced);
	}
	for (size_t a = 0; a < p->contents.nalgo; a++)
		FUZZ_ASSERT(
			memchr(p->contents.algo[a].name, '\0', sizeof(p->contents.algo[a].name)));
}

/* p as its file, and that file read back into back. */
static char *written(const struct profile *p, struct profile *back)
{
	char *text = profile_to_json(p), why[256] = "";
	int ret;

	FUZZ_ASSERT(text != NULL);
	ret = profile_from_json(text, back, why, sizeof(why));
	if (ret)
		fprintf(stderr, "written, then not read back: %s\n", why);
	FUZZ_ASSERT(ret == 0);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), why[256] = "", *once, *twice;
	struct profile p, back;
	int ret = profile_from_json(s, &p, why, sizeof(why));

	free(s);
	if (ret) {
		FUZZ_ASSERT(ret == -EINVAL);
		FUZZ_ASSERT(why[0] != '\0' && !strchr(why, '\n'));
		FUZZ_ASSERT(p.nsamples == 0 && p.nregions == 0 && !p.samples && !p.regions);
		return 0;
	}
	check_bounds(&p);
	profile_summary(&p, devnull);
	/* What zswapbench writes, it reads back to the same. */
	once = written(&p, &back);
	profile_free(&p);
	twice = written(&back, &p);
	if (strcmp(once, twice))
		fprintf(stderr, "written once:\n%s\nread back and written again:\n%s\n", once,
			twice);
	FUZZ_ASSERT(strcmp(once, twice) == 0);
	free(once);
	free(twice);
	profile_free(&p);
	profile_free(&back);
	return 0;
}
