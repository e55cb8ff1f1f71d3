#include "runner/result/files_answer.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/sizes.h"

/* The calibrated run-to-run spread of the pair's configuration, per metric: the larger of the
 * two hosts' calibrations. */
static void calibrated_spread(const struct calibration *cal, const struct results *base,
			      const struct results *other, struct file_pair *p)
{
	char shape[PATH_LEN];

	for (int m = 0; m < M_COUNT; m++) {
		p->run_sd[m] = NAN;
		p->run_df[m] = 0;
		p->used[m] = NULL;
	}
	if (!cal)
		return;
	calibration_shape(base, &base->cells[p->base_cell], shape, sizeof(shape));
	for (int m = 0; m < M_COUNT; m++) {
		const struct calibration_entry *e[2] = {
			calibration_find(cal, base->system.hostname, shape, m),
			calibration_find(cal, other->system.hostname, shape, m),
		};
		for (int s = 0; s < 2; s++)
			if (e[s] && (!p->used[m] || e[s]->run_sd_log > p->run_sd[m])) {
				p->run_sd[m] = e[s]->run_sd_log;
				p->run_df[m] = e[s]->runs > 1 ? e[s]->runs - 1 : 0;
				p->used[m] = e[s];
			}
	}
}

static int measure_pair(const struct results *base, const struct results *other,
			const struct calibration *cal, struct file_pair *p)
{
	cell_key_of(base, &base->cells[p->base_cell], &p->kb);
	cell_key_of(other, &other->cells[p->cell], &p->kc);
	p->cmp.between_runs = !results_same_run(base, other);
	calibrated_spread(cal, base, other, p);
	p->cmp.run_sd_log = p->run_sd;
	p->cmp.run_df = p->run_df;
	return compare_measure(&base->cells[p->base_cell], &other->cells[p->cell], &p->cmp, p->mc);
}

/* A device's rows are one question (which file's device moves more), decided together; a
 * run's matched cells are one question each (did this setup change), each decided alone. */
static int decide_pairs(struct files_answer *fa, int one_question)
{
	struct metric_comparison **set = calloc(fa->npairs + 1, sizeof(*set));
	int ret = 0;

	if (!set)
		return -ENOMEM;
	for (size_t i = 0; i < fa->npairs; i++)
		set[i] = fa->pairs[i].mc;
	if (one_question)
		ret = compare_decide_set(set, fa->npairs, &fa->opts);
	for (size_t i = 0; i < fa->npairs && !one_question && !ret; i++)
		ret = compare_decide_set(&set[i], 1, &fa->opts);
	free(set);
	return ret;
}

int files_answer_compute(const struct results *const *sets, size_t n, const struct compare_opts *o,
			 const struct calibration *cal, unsigned match, struct files_answer *fa)
{
	size_t most = 0;
	int ret = 0;

	memset(fa, 0, sizeof(*fa));
	fa->opts = *o;
	fa->match = match;
	for (size_t f = 1; f < n; f++)
		most += sets[0]->ncells;
	fa->pairs = calloc(most + 1, sizeof(*fa->pairs));
	if (!fa->pairs)
		return -ENOMEM;
	for (size_t f = 1; f < n && !ret; f++)
		for (size_t i = 0; i < sets[0]->ncells && !ret; i++) {
			int j = match_cell_on(sets[f], sets[0], &sets[0]->cells[i], match, NULL);
			struct file_pair *p = &fa->pairs[fa->npairs];
			if (j < 0)
				continue;
			fa->npairs++;
			*p = (struct file_pair){
				.file = f, .base_cell = i, .cell = (size_t)j, .cmp = *o
			};
			ret = measure_pair(sets[0], sets[f], cal, p);
		}
	return ret ? ret : decide_pairs(fa, device_kind_of(sets[0]) != DEVICE_SWAP);
}

void files_answer_free(struct files_answer *fa)
{
	free(fa->pairs);
	memset(fa, 0, sizeof(*fa));
}

const struct file_pair *files_answer_pair(const struct files_answer *fa, size_t file,
					  size_t base_cell)
{
	for (size_t i = 0; i < fa->npairs; i++)
		if (fa->pairs[i].file == file && fa->pairs[i].base_cell == base_cell)
			return &fa->pairs[i];
	return NULL;
}
