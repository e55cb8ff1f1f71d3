#include "runner/result/answer.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct compare_opts answer_opts(const struct results *r, const struct compare_opts *given,
				int alpha_given, int noise_given)
{
	struct compare_opts o = *given;

	if (!alpha_given && r->alpha > 0 && r->alpha < 1)
		o.alpha = r->alpha;
	if (!noise_given && r->noise_pct >= 0)
		o.noise_pct = r->noise_pct;
	return o;
}

static enum answer_kind kind_of(const struct results *r)
{
	switch (device_kind_of(r)) {
	case DEVICE_BLOCK:
		return ANSWER_BLOCK;
	case DEVICE_FS:
		return ANSWER_FS;
	default:
		return r->ncells == 2 ? ANSWER_PAIR : r->ncells > 2 ? ANSWER_SWEEP : ANSWER_NONE;
	}
}

/* The median of m, or NaN where the cell has none (RAM 0: a device holding nothing in RAM, no
 * rival for the smallest). */
static double median_or_nan(const struct result_cell *c, enum metric_id m)
{
	if (!c->have_stats[m] || (m == M_SWAP_RAM && c->stats[m].median <= 0))
		return NAN;
	return c->stats[m].median;
}

/* Whether a's median of m is better than b's: more where more is better, else less. */
static int better(enum metric_id m, double a, double b)
{
	return metric_higher_better(m) ? a > b : a < b;
}

static int same_row(const struct result_cell *a, const struct result_cell *b)
{
	return a->jobs == b->jobs && strcmp(a->mode, b->mode) == 0;
}

int answer_best_of_row(const struct results *r, size_t cell)
{
	int best = -1;

	for (size_t j = 0; j < r->ncells; j++) {
		double v = median_or_nan(&r->cells[j], M_IO_BW);
		if (!same_row(&r->cells[cell], &r->cells[j]) || isnan(v))
			continue;
		if (best < 0 || better(M_IO_BW, v, median_or_nan(&r->cells[best], M_IO_BW)))
			best = (int)j;
	}
	return best;
}

/* The cell with the best median of m among all (the first on a tie); -1 where none has it. */
static int best_of_all(const struct results *r, enum metric_id m)
{
	int best = -1;

	for (size_t i = 0; i < r->ncells; i++) {
		double v = median_or_nan(&r->cells[i], m);
		if (!isnan(v) && (best < 0 || better(m, v, median_or_nan(&r->cells[best], m))))
			best = (int)i;
	}
	return best;
}

static int add_pair(const struct results *r, struct answer *a, enum pair_role role, size_t ref,
		    size_t cell)
{
	struct answer_pair *p = &a->pairs[a->npairs++];

	p->role = role;
	p->ref = ref;
	p->cell = cell;
	return compare_measure(&r->cells[ref], &r->cells[cell], &a->opts, p->mc);
}

/* A filesystem's RAM against the smallest is one question of its own: swap_ram alone, with the
 * secondary metrics it answers beside the time. */
static int add_ram_pair(const struct results *r, struct answer *a, size_t ref, size_t cell)
{
	struct answer_pair *p = &a->pairs[a->npairs];
	int ret = add_pair(r, a, ROLE_RAM_VS_LEAST, ref, cell);

	for (int m = 0; m < M_COUNT; m++)
		if (m != M_SWAP_RAM)
			p->mc[m].have = 0;
	p->mc[M_SWAP_RAM].family = FAMILY_SECONDARY;
	return ret;
}

static int block_pairs(const struct results *r, struct answer *a)
{
	int ret = 0;

	for (size_t i = 0; i < r->ncells && !ret; i++) {
		int best = answer_best_of_row(r, i);
		if (best >= 0 && (size_t)best != i)
			ret = add_pair(r, a, ROLE_VS_BEST, (size_t)best, i);
	}
	return ret;
}

static int fs_pairs(const struct results *r, struct answer *a)
{
	int fastest = best_of_all(r, M_FS_TOTAL_TIME), smallest = best_of_all(r, M_SWAP_RAM);
	int ret = 0;

	/* RAM is asked of the smallest, not the fastest: asked twice it would count twice in
	 * its family. */
	for (size_t i = 0; fastest >= 0 && i < r->ncells && !ret; i++)
		if ((int)i != fastest && !isnan(median_or_nan(&r->cells[i], M_FS_TOTAL_TIME))) {
			ret = add_pair(r, a, ROLE_VS_BEST, (size_t)fastest, i);
			a->pairs[a->npairs - 1].mc[M_SWAP_RAM].have = 0;
		}
	for (size_t i = 0; smallest >= 0 && i < r->ncells && !ret; i++)
		if ((int)i != smallest && !isnan(median_or_nan(&r->cells[i], M_SWAP_RAM)))
			ret = add_ram_pair(r, a, (size_t)smallest, i);
	return ret;
}

static int make_pairs(const struct results *r, struct answer *a)
{
	int ret = 0;

	switch (a->kind) {
	case ANSWER_PAIR:
		return add_pair(r, a, ROLE_PAIR, 0, 1);
	case ANSWER_SWEEP:
		for (size_t i = 1; i < r->ncells && !ret; i++)
			ret = add_pair(r, a, ROLE_VS_FIRST, 0, i);
		return ret;
	case ANSWER_BLOCK:
		return block_pairs(r, a);
	case ANSWER_FS:
		return fs_pairs(r, a);
	default:
		return 0;
	}
}

static int decide_pairs(struct answer *a)
{
	struct metric_comparison **set = calloc(a->npairs + 1, sizeof(*set));
	int ret;

	if (!set)
		return -ENOMEM;
	for (size_t i = 0; i < a->npairs; i++)
		set[i] = a->pairs[i].mc;
	ret = compare_decide_set(set, a->npairs, &a->opts);
	free(set);
	return ret;
}

static int competes(const struct result_cell *c, const struct answer_claim *cl)
{
	return c->have_stats[cl->m] && (!cl->positive || c->stats[cl->m].median > 0);
}

/* How much worse a rival is than the leader, in % of the leader's median. */
static double worse_pct(const struct answer_claim *cl, const struct metric_comparison *mc)
{
	return metric_higher_better(cl->m) ? -mc->est.change_pct : mc->est.change_pct;
}

static int beaten(const struct answer_claim *cl, const struct metric_comparison *mc)
{
	return mc->have && mc->sig == SIG_SIGNIFICANT && worse_pct(cl, mc) > 0;
}

static void find_leader(const struct results *r, struct answer_claim *cl)
{
	cl->leader = -1;
	cl->competing = 0;
	for (size_t i = 0; i < r->ncells; i++) {
		const struct result_cell *c = &r->cells[i];
		if (!competes(c, cl))
			continue;
		cl->competing++;
		if (cl->leader < 0 ||
		    better(cl->m, c->stats[cl->m].median, r->cells[cl->leader].stats[cl->m].median))
			cl->leader = (int)i;
	}
}

/* The leader against every rival at 2 alpha / k; the closest rival not beaten, if any. */
static int test_claim(const struct results *r, const struct compare_opts *o,
		      struct answer_claim *cl)
{
	struct compare_opts pair = *o;
	int ret = 0;

	cl->holds = 1;
	cl->rival = -1;
	cl->worst_p = 0;
	cl->pair_alpha = pair.alpha = 2 * cl->alpha / (double)cl->competing;
	for (size_t i = 0; i < r->ncells && !ret; i++) {
		struct metric_comparison *mc = &cl->vs[i];
		if ((int)i == cl->leader || !competes(&r->cells[i], cl))
			continue;
		ret = compare_metric(&r->cells[cl->leader], &r->cells[i], cl->m, &pair, mc);
		cl->worst_p = fmax(cl->worst_p, mc->est.p);
		if (ret || beaten(cl, mc))
			continue;
		if (cl->holds || worse_pct(cl, mc) < worse_pct(cl, &cl->vs[cl->rival])) {
			cl->holds = 0;
			cl->rival = (int)i;
		}
	}
	return ret;
}

static int sweep_claims(const struct results *r, struct answer *a)
{
	const struct answer_claim proto[CLAIM_COUNT] = {
		[CLAIM_BEST] = { .m = a->primary, .alpha = a->opts.alpha },
		[CLAIM_LEAST_CPU] = { .m = M_CPU_TIME, .alpha = a->opts.alpha / 2 },
		[CLAIM_LEAST_RAM] = { .m = M_SWAP_RAM, .positive = 1, .alpha = a->opts.alpha / 2 },
	};
	int ret = 0;

	for (int k = 0; k < CLAIM_COUNT && !ret; k++) {
		struct answer_claim *cl = &a->claims[k];
		*cl = proto[k];
		cl->vs = calloc(r->ncells + 1, sizeof(*cl->vs));
		if (!cl->vs)
			return -ENOMEM;
		find_leader(r, cl);
		if (cl->leader < 0 || cl->competing < 2)
			cl->leader = -1;
		else
			ret = test_claim(r, &a->opts, cl);
	}
	return ret;
}

int answer_compute(const struct results *r, const struct compare_opts *o, struct answer *a)
{
	int ret;

	memset(a, 0, sizeof(*a));
	a->opts = *o;
	a->kind = kind_of(r);
	a->primary = results_primary(r);
	a->ncells = r->ncells;
	for (int k = 0; k < CLAIM_COUNT; k++)
		a->claims[k].leader = -1;
	a->pairs = calloc(2 * r->ncells + 1, sizeof(*a->pairs));
	if (!a->pairs)
		return -ENOMEM;
	ret = make_pairs(r, a);
	if (!ret)
		ret = decide_pairs(a);
	if (!ret && a->kind == ANSWER_SWEEP)
		ret = sweep_claims(r, a);
	return ret;
}

void answer_free(struct answer *a)
{
	free(a->pairs);
	for (int k = 0; k < CLAIM_COUNT; k++)
		free(a->claims[k].vs);
	memset(a, 0, sizeof(*a));
}

const struct answer_pair *answer_pair_of(const struct answer *a, enum pair_role role, size_t cell)
{
	for (size_t i = 0; i < a->npairs; i++)
		if (a->pairs[i].role == role && a->pairs[i].cell == cell)
			return &a->pairs[i];
	return NULL;
}

const char *answer_claim_name(const struct answer *a, enum claim_id id, char *buf, size_t len)
{
	if (id == CLAIM_LEAST_CPU)
		snprintf(buf, len, "least CPU");
	else if (id == CLAIM_LEAST_RAM)
		snprintf(buf, len, "least RAM for swap");
	else if (metric_higher_better(a->claims[id].m))
		snprintf(buf, len, "most %s", metrics[a->claims[id].m].key);
	else
		snprintf(buf, len, "fastest");
	return buf;
}

/* Behind the leader: less of m where more is better, more where less is. */
static int behind(enum metric_id m, double change)
{
	return metric_higher_better(m) ? change < 0 : change > 0;
}

static int behind_for_sure(enum metric_id m, const struct metric_comparison *mc)
{
	return behind(m, metric_higher_better(m) ? mc->est.hi_pct : mc->est.lo_pct);
}

/* What may be said of the leader against this rival alone. */
static enum answer_call rival_call(const struct metric_comparison *mc, enum metric_id m)
{
	if (!mc->have)
		return CALL_ALONE;
	if (mc->sig == SIG_SIGNIFICANT && behind_for_sure(m, mc))
		return CALL_AHEAD;
	if (mc->sig == SIG_NOT_TESTABLE_DIFFERENT && behind(m, mc->est.change_pct))
		return CALL_APART;
	if (mc->sig == SIG_NONE || mc->sig == SIG_SIGNIFICANT || mc->sig == SIG_BELOW_NOISE)
		return CALL_NONE;
	return CALL_CLOSE;
}

struct call answer_call_of(const struct answer_pair *const *rivals, size_t n, enum metric_id m)
{
	static const enum answer_call weakest_first[] = { CALL_NONE, CALL_CLOSE, CALL_APART,
							  CALL_AHEAD };
	struct call c = { .call = CALL_ALONE };

	for (size_t i = 0; i < n; i++)
		if (rivals[i]->mc[m].have) {
			c.tested++;
			c.largest_p = fmax(c.largest_p, rivals[i]->mc[m].est.p);
		}
	for (size_t w = 0; w < sizeof(weakest_first) / sizeof(weakest_first[0]); w++)
		for (size_t i = 0; i < n; i++)
			if (rival_call(&rivals[i]->mc[m], m) == weakest_first[w]) {
				c.call = weakest_first[w];
				c.about = rivals[i];
				return c;
			}
	return c;
}

size_t answer_rivals(const struct answer *a, const struct results *r, enum pair_role role,
		     size_t ref, enum metric_id m, const struct answer_pair **rivals)
{
	size_t n = 0;

	for (size_t i = 0; i < a->npairs; i++) {
		const struct answer_pair *p = &a->pairs[i];
		double v = median_or_nan(&r->cells[p->cell], m);
		size_t at = n;
		if (p->role != role || p->ref != ref || !p->mc[m].have)
			continue;
		for (; at > 0 && better(m, v, median_or_nan(&r->cells[rivals[at - 1]->cell], m));
		     at--)
			rivals[at] = rivals[at - 1];
		rivals[at] = p;
		n++;
	}
	return n;
}
