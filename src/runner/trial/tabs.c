#include "runner/trial/tabs.h"

#include <string.h>

/* splitmix64, as the hogger draws pages: cheap, and the same sequence for a seed. */
static uint64_t draw(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	return z ^ (z >> 31);
}

void tabs_init(struct tabs *t, unsigned n, unsigned cycles, int recent, uint64_t seed)
{
	memset(t, 0, sizeof(*t));
	t->n = n > TABS_MAX ? TABS_MAX : n;
	t->cycles = cycles;
	t->recent = recent;
	t->rng = seed;
	for (unsigned i = 0; i < t->n; i++)
		t->order[i] = t->n - 1 - i;
}

/* A rank behind the front: 1 .. n-1. */
static unsigned pick_rank(struct tabs *t)
{
	unsigned r = 1;

	if (!t->recent)
		return 1 + (unsigned)(draw(&t->rng) % (t->n - 1));
	/* Each rank taken with probability 1/2, the last one gets what is left. */
	while (r < t->n - 1 && (draw(&t->rng) & 1))
		r++;
	return r;
}

int tabs_next(struct tabs *t)
{
	unsigned r, tab;

	if (t->n < 2 || t->sent >= t->cycles)
		return -1;
	r = pick_rank(t);
	tab = t->order[r];
	memmove(&t->order[1], &t->order[0], r * sizeof(t->order[0]));
	t->order[0] = tab;
	t->sent++;
	return (int)tab;
}
