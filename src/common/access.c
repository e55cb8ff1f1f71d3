#include "common/access.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Reads a number from 1 to max at *p, advancing past it. */
static int number(const char **p, unsigned max, unsigned *out)
{
	char *end;
	unsigned long v;

	if (**p < '0' || **p > '9')
		return -EINVAL;
	v = strtoul(*p, &end, 10);
	if (v == 0 || v > max)
		return -EINVAL;
	*out = (unsigned)v;
	*p = end;
	return 0;
}

/* How long the touching goes on: N passes (up to max), or Ns, passes for N seconds (up to an
 * hour), so the time under test is the same on a slow machine as on a fast one. */
static int passes_or_seconds(const char **p, unsigned max, struct access *a)
{
	unsigned n;

	if (number(p, max > 3600 ? max : 3600, &n))
		return -EINVAL;
	if (**p != 's')
		return n > max ? -EINVAL : (a->passes = n, 0);
	(*p)++;
	a->seconds = n;
	return n > 3600 ? -EINVAL : 0;
}

int access_parse(const char *spec, struct access *a)
{
	const char *p;

	memset(a, 0, sizeof(*a));
	if (strcmp(spec, "fill") == 0)
		return 0;
	if (strncmp(spec, "reread:", 7) == 0 || strncmp(spec, "random:", 7) == 0) {
		a->kind = spec[1] == 'e' ? ACCESS_REREAD : ACCESS_RANDOM;
		p = spec + 7;
		return passes_or_seconds(&p, 1000, a) || *p ? -EINVAL : 0;
	}
	if (strncmp(spec, "tabs:", 5) == 0) {
		a->kind = ACCESS_TABS;
		p = spec + 5;
		/* Two tabs at least: poking the one tab there is would never swap anything in. */
		if (number(&p, 64, &a->tabs) || a->tabs < 2 || *p++ != ':' ||
		    number(&p, 100000, &a->passes))
			return -EINVAL;
		a->recent = strcmp(p, ":exp") == 0;
		return *p == '\0' || strcmp(p, ":uniform") == 0 || a->recent ? 0 : -EINVAL;
	}
	if (strncmp(spec, "hot:", 4) != 0)
		return -EINVAL;
	a->kind = ACCESS_HOT;
	p = spec + 4;
	if (number(&p, 100, &a->hot_pct) || *p++ != ':' || passes_or_seconds(&p, 100000, a))
		return -EINVAL;
	if (strncmp(p, ":uniform", 8) == 0)
		p += 8;
	else if (strncmp(p, ":zipf", 5) == 0)
		a->zipf = 1, p += 5;
	if (strcmp(p, ":last") == 0)
		a->hot_last = 1, p += 5;
	return *p ? -EINVAL : 0;
}

const char *access_help(void)
{
	return "fill (only), reread:N (N sequential passes), random:N (N x pages uniform touches), "
	       "hot:PCT:N[:zipf][:last] (PCT% of the pages, the first or the last written, touched "
	       "N "
	       "times over, uniform or zipf; in "
	       "these three N may be Ns: passes for N seconds, the reads per second measured), "
	       "tabs:N:CYCLES[:exp] (N processes, then CYCLES times one of them has every page "
	       "touched: "
	       "uniformly, or favouring the recently touched)";
}
