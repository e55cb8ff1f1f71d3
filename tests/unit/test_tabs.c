/* The tabs workload's choice of the next tab (trial/tabs.c), against a model of the tabs'
 * recency kept here: never the tab in front, every rank behind it as often as the mode says,
 * and exactly CYCLES pokes. */
#include <criterion/criterion.h>
#include <string.h>

#include "runner/trial/tabs.h"

#define POKES 8000

/* The rank of tab in order (0: in front), and the tab brought to the front. */
static unsigned to_front(unsigned *order, unsigned n, unsigned tab)
{
	unsigned r = 0;

	while (r < n && order[r] != tab)
		r++;
	cr_assert_lt(r, n, "tab %u is not one of the %u tabs", tab, n);
	memmove(&order[1], &order[0], r * sizeof(order[0]));
	order[0] = tab;
	return r;
}

/* How many pokes took each rank behind the front. */
static void ranks_of(unsigned n, int recent, unsigned counts[TABS_MAX])
{
	static struct tabs t;
	unsigned order[TABS_MAX];
	int tab;

	tabs_init(&t, n, POKES, recent, 42);
	/* The last tab filled is in front, the first one furthest behind. */
	for (unsigned i = 0; i < n; i++)
		order[i] = n - 1 - i;
	memset(counts, 0, TABS_MAX * sizeof(counts[0]));
	for (unsigned k = 0; k < POKES; k++) {
		unsigned r;
		tab = tabs_next(&t);
		cr_assert_geq(tab, 0, "poke %u of %u: no tab", k + 1, POKES);
		r = to_front(order, n, (unsigned)tab);
		cr_assert_gt(r, 0, "poke %u: the tab in front was poked again", k + 1);
		counts[r]++;
	}
	cr_assert_eq(tabs_next(&t), -1, "more pokes than the cycles");
}

Test(tabs, the_tab_in_front_first_is_the_last_filled)
{
	struct tabs t;

	tabs_init(&t, 5, 1, 0, 1);
	cr_assert_eq(t.order[0], 4);
	cr_assert_eq(t.order[4], 0);
}

Test(tabs, uniform_picks_every_tab_behind_the_front_alike)
{
	unsigned counts[TABS_MAX];

	ranks_of(5, 0, counts);
	for (unsigned r = 1; r < 5; r++)
		cr_assert(counts[r] > POKES / 4 - 300 && counts[r] < POKES / 4 + 300,
			  "rank %u: %u of %u pokes", r, counts[r], POKES);
}

Test(tabs, recent_halves_each_rank_and_the_last_gets_the_rest)
{
	unsigned counts[TABS_MAX];

	ranks_of(4, 1, counts);
	cr_assert(counts[1] > POKES / 2 - 300 && counts[1] < POKES / 2 + 300, "rank 1: %u",
		  counts[1]);
	cr_assert(counts[2] > POKES / 4 - 250 && counts[2] < POKES / 4 + 250, "rank 2: %u",
		  counts[2]);
	cr_assert(counts[3] > POKES / 4 - 250 && counts[3] < POKES / 4 + 250, "rank 3: %u",
		  counts[3]);
}

Test(tabs, two_tabs_take_turns)
{
	unsigned counts[TABS_MAX];

	ranks_of(2, 1, counts);
	cr_assert_eq(counts[1], POKES);
}

Test(tabs, exactly_the_cycles_and_none_with_one_tab)
{
	struct tabs t;
	unsigned n = 0;

	tabs_init(&t, 3, 7, 0, 9);
	while (tabs_next(&t) >= 0)
		n++;
	cr_assert_eq(n, 7);
	tabs_init(&t, 1, 7, 0, 9);
	cr_assert_eq(tabs_next(&t), -1);
}

Test(tabs, at_most_tabs_max)
{
	struct tabs t;

	tabs_init(&t, TABS_MAX + 5, 1, 0, 9);
	cr_assert_eq(t.n, TABS_MAX);
	tabs_init(&t, TABS_MAX, 1, 0, 9);
	cr_assert_eq(t.n, TABS_MAX);
	cr_assert_eq(t.order[0], TABS_MAX - 1);
}
