/*
 * Any kernel knob or workload setting of a run as a sweep axis, as hyperfine's -L takes any
 * parameter: `--swappiness 10,60,100` makes one cell per value, beside the four axes the
 * config has lists for (swap, comp, jobs, limit). An option whose row has OPT_KNOB takes a
 * comma list; one value is an ordinary setting. The values are kept as typed, each checked by
 * the option's own parser, so a cell's config is the run's with its values set (plan.c).
 */
#ifndef ZSB_KNOB_AXES_H
#define ZSB_KNOB_AXES_H
#include <stddef.h>

#define KNOB_AXES_MAX 4
#define KNOB_VALUES_MAX 12
#define KNOB_VALUE_LEN 48

struct knob_axis {
	int id; /* the option's */
	unsigned n;
	char values[KNOB_VALUES_MAX][KNOB_VALUE_LEN];
};

struct knob_axes {
	struct knob_axis v[KNOB_AXES_MAX];
	unsigned n;
};

/* Checks one value of option id, as the option's parser takes it: 0, or -EINVAL with why. */
typedef int knob_check_fn(void *scope, int id, const char *value, char *why, size_t len);

/* The axis of option id, or NULL. */
const struct knob_axis *knob_axes_find(const struct knob_axes *a, int id);
/* The axis of option id taken out (a later value of the option replaces it). */
void knob_axes_remove(struct knob_axes *a, int id);
/* Is value a list of more than one value? (An axis; one value is a setting.) */
int knob_is_list(const char *value);
/* value, a comma list, as the axis of option id (replacing one it had), each value checked by
 * check with scope; refused: an empty value, one twice, more than KNOB_VALUES_MAX values, one
 * longer than KNOB_VALUE_LEN - 1, a fifth axis. -EINVAL with why naming the value. */
int knob_axes_set(struct knob_axes *a, int id, const char *value, knob_check_fn *check, void *scope,
		  char *why, size_t len);
/* x as the axis of its option (replacing one it had); -EINVAL for a fifth axis. */
int knob_axes_put(struct knob_axes *a, const struct knob_axis *x);
/* Every axis of over, in place of a's of its option or after them: a section's own over the
 * run's. -EINVAL when that is more than KNOB_AXES_MAX. */
int knob_axes_merge(struct knob_axes *a, const struct knob_axes *over);
/* How many combinations of values: the product of the axes' lengths (1 for none). */
size_t knob_axes_combinations(const struct knob_axes *a);
/* Combination k (0 <= k < combinations) as each axis's value index into pick, the last axis
 * varying fastest, as the cells of the other axes are laid out. */
void knob_axes_pick(const struct knob_axes *a, size_t k, unsigned *pick);

#endif
