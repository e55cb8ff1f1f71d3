/* A profile in a few lines (summary.h). */
#include "runner/profile/summary.h"

#include <stdint.h>
#include <stdlib.h>

#include "common/size.h"
#include "runner/base/wrap.h"

/* The median of the memory touched per interval, and the most (the first sample left out: it
 * counts what was touched before the recording began). */
static uint64_t touched_median(const struct profile *p, uint64_t *max)
{
	uint64_t *v = malloc(p->nsamples * sizeof(*v)), median;

	*max = 0;
	if (!v)
		return 0;
	for (size_t i = 0; i < p->nsamples; i++) {
		v[i] = p->samples[i].referenced;
		if (i > 0 && v[i] > *max)
			*max = v[i];
	}
	median = profile_touched_median(v, p->nsamples);
	free(v);
	return median;
}

static void footprint(const struct profile *p, FILE *out)
{
	const struct profile_sample *last = &p->samples[p->nsamples - 1];
	char a[32], f[32], s[32], w[32], peak[32];
	uint64_t top = 0;

	for (size_t i = 0; i < p->nsamples; i++)
		if (p->samples[i].anon > top)
			top = p->samples[i].anon;
	fprintf(out,
		"  footprint  anon %s, file %s, shmem %s, swap %s at the end; anon at most %s\n",
		size_format(last->anon, a, sizeof(a)), size_format(last->file, f, sizeof(f)),
		size_format(last->shmem, s, sizeof(s)), size_format(last->swap, w, sizeof(w)),
		size_format(top, peak, sizeof(peak)));
}

static void working_set(const struct profile *p, FILE *out)
{
	char m[32], x[32];
	uint64_t max, median = touched_median(p, &max);

	if (p->nsamples < 2) {
		fprintf(out, "  touched    one sample: no interval to count touches in\n");
		return;
	}
	fprintf(out, "  touched    %s an interval (median of %zu), at most %s (%s)\n",
		size_format(median, m, sizeof(m)), p->nsamples - 1, size_format(max, x, sizeof(x)),
		p->heat_source);
}

static void compressibility(const struct profile *p, FILE *out)
{
	const struct profile_contents *c = &p->contents;

	if (!c->measured) {
		fprintf(out, "  pages      not measured (%s)\n",
			c->pages ? "cut short" : "the process ended, or no zram to measure with");
		return;
	}
	fprintf(out,
		"  pages      %llu private pages read in %.2f s: %.1f%% zero, %.1f%% one word "
		"repeated\n             %llu more in swap, not read\n",
		(unsigned long long)c->pages, c->seconds,
		c->pages ? 100.0 * (double)c->zero / (double)c->pages : 0.0,
		c->pages ? 100.0 * (double)c->same / (double)c->pages : 0.0,
		(unsigned long long)c->swapped);
	/* Not the zero pages: the swap layer keeps them out of zram since 6.12 (profile.h). */
	for (size_t i = 0; i < c->nalgo; i++) {
		const struct profile_algo *a = &c->algo[i];
		fprintf(out, "  %-10s %.2fx as zram stores them; %.1f%% of the other pages whole\n",
			a->name, profile_algo_ratio(a, c->same, p->page_size),
			a->pages ? 100.0 * (double)a->huge / (double)a->pages : 0.0);
	}
}

static void summary_lines(const struct profile *p, FILE *out)
{
	fprintf(out,
		"profile of PID %d (%s), kernel %s, from %s: %.0f s, a sample every %.3g s, "
		"ended by %s\n",
		p->pid, p->comm, p->kernel, p->started, p->duration_s, p->interval_s, p->ended);
	if (!p->nsamples) {
		fprintf(out, "  no sample\n");
		return;
	}
	footprint(p, out);
	working_set(p, out);
	compressibility(p, out);
}

/* Every line within 100 columns, as every view's (base/wrap.h): the first, with the process's
 * name, the kernel's release and the times in it, is longer than that. */
void profile_summary(const struct profile *p, FILE *out)
{
	struct text_capture c;

	if (!text_capture_begin(&c)) {
		summary_lines(p, out);
		return;
	}
	summary_lines(p, c.f);
	text_capture_end(&c, out);
}
