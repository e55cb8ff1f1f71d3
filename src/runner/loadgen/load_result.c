#include "runner/loadgen/load_result.h"

#include <errno.h>
#include <math.h>

#include "runner/loadgen/text.h"

int put_ms(struct load_result *r, int q, double ms, const char *what, char *why, size_t why_len)
{
	double us = ms * 1000;

	if (!isfinite(us)) {
		explain(why, why_len, "%s: %g ms is beyond any latency", what, ms);
		return -EINVAL;
	}
	r->value[q] = us;
	r->have[q] = 1;
	return 0;
}
