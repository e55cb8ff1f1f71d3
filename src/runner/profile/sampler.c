/* A sample of smaps, then clear_refs (sampler.h). */
#include "runner/profile/sampler.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/clock.h"
#include "runner/kernel/proc_pid.h"
#include "runner/profile/smaps.h"

struct adding {
	struct profile *p;
	struct profile_sample *s;
};

/* A mapping's bytes into the sample's sums and its region's column. A mapping with nothing
 * resident and nothing swapped is no region of the profile: a process maps far more than it
 * uses (libraries' unused parts, guard pages). */
static int add_vma(const struct smaps_vma *v, void *arg)
{
	struct adding *a = arg;
	enum region_kind kind = smaps_kind(v);
	size_t last = a->p->nsamples - 1;
	uint64_t shared = v->rss > v->anonymous ? v->rss - v->anonymous : 0;
	struct profile_region *r;

	a->s->anon += v->anonymous;
	if (kind == REGION_SHMEM)
		a->s->shmem += shared;
	else if (kind == REGION_FILE)
		a->s->file += shared;
	a->s->swap += v->swap;
	a->s->referenced += v->referenced;
	if (!v->rss && !v->swap)
		return 0;
	r = profile_region(a->p, v->start, v->end, kind, v->name);
	if (r) {
		r->rss[last] = v->rss;
		r->referenced[last] = v->referenced;
	}
	return 0;
}

int sampler_take(struct profile *p, double t, char *why, size_t len)
{
	uint64_t t0 = clock_now_ns();
	struct adding a = { .p = p };
	char *text = NULL;
	int ret = proc_pid_smaps(p->pid, &text);

	/* A process that has exited but is not yet reaped has no mappings left. */
	if (ret <= 0) {
		free(text);
		snprintf(why, len, "/proc/%d/smaps", p->pid);
		return ret == -ENOENT || ret == 0 ? -ESRCH : ret;
	}
	if (!(a.s = profile_add_sample(p))) {
		free(text);
		snprintf(why, len, "a sample past the %d a profile holds", PROFILE_SAMPLES_MAX);
		return -E2BIG;
	}
	a.s->t = t;
	ret = smaps_walk(text, add_vma, &a, why, len);
	free(text);
	if (!ret && (ret = proc_pid_clear_refs(p->pid)))
		snprintf(why, len, "/proc/%d/clear_refs", p->pid);
	a.s->cost_s = (double)(clock_now_ns() - t0) / 1e9;
	return ret == -ENOENT ? -ESRCH : ret;
}
