#include "runner/report/format.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *plus_minus(void)
{
	return MB_CUR_MAX > 1 ? "±" : "+-";
}

const char *ellipsis(void)
{
	return MB_CUR_MAX > 1 ? "…" : "...";
}

const char *fmt_metric(enum metric_id m, double v, char *buf, size_t len)
{
	double d = metric_display(m, v);

	if (!isfinite(v)) {
		snprintf(buf, len, "-");
		return buf;
	}
	switch (metrics[m].unit) {
	case UNIT_SECONDS:
	case UNIT_S_PER_GIB:
		snprintf(buf, len, "%.3f", d);
		break;
	case UNIT_BYTES:
	case UNIT_MIBPS:
	case UNIT_MICROSECONDS:
		snprintf(buf, len, "%.1f", d);
		break;
	case UNIT_RATIO:
	case UNIT_PER_MIB:
		snprintf(buf, len, "%.2f", d);
		break;
	default:
		snprintf(buf, len, "%.0f", d);
	}
	return buf;
}

const char *fmt_metric_unit(enum metric_id m, double v, char *buf, size_t len)
{
	char num[48];
	const char *unit = metric_unit_name(metrics[m].unit);

	fmt_metric(m, v, num, sizeof(num));
	snprintf(buf, len, "%s%s%s", num, unit[0] && metrics[m].unit != UNIT_RATIO ? " " : "",
		 unit);
	return buf;
}

const char *fmt_pct(double pct, int sign, char *buf, size_t len)
{
	if (!isfinite(pct))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, sign ? "%+.1f%%" : "%.1f%%", pct);
	return buf;
}

const char *fmt_change(double pct, double lo, double hi, char *buf, size_t len)
{
	char a[24], b[24], c[24];

	if (!isfinite(lo) || !isfinite(hi))
		return fmt_pct(pct, 1, buf, len);
	snprintf(buf, len, "%s [%s, %s]", fmt_pct(pct, 1, a, sizeof(a)),
		 fmt_pct(lo, 1, b, sizeof(b)), fmt_pct(hi, 1, c, sizeof(c)));
	return buf;
}

const char *fmt_p(double p, char *buf, size_t len)
{
	if (!isfinite(p))
		snprintf(buf, len, "-");
	else if (p < 0.001)
		snprintf(buf, len, "< 0.001");
	else
		snprintf(buf, len, "%.3f", p);
	return buf;
}

const char *fmt_p_is(double p, char *buf, size_t len)
{
	char v[16];

	if (!isfinite(p))
		snprintf(buf, len, "no p");
	else
		snprintf(buf, len, "p %s%s", p < 0.001 ? "" : "= ", fmt_p(p, v, sizeof(v)));
	return buf;
}

const char *fmt_median_sd(enum metric_id m, double median, double rsd, size_t n, char *buf,
			  size_t len)
{
	char v[48], r[24];

	fmt_metric(m, median, v, sizeof(v));
	if (n < 2)
		snprintf(buf, len, "%s", v);
	else
		snprintf(buf, len, "%s (sd %s)", v, fmt_pct(rsd, 0, r, sizeof(r)));
	return buf;
}

const char *fmt_median_interval(enum metric_id m, const struct summary *s, char *buf, size_t len)
{
	char a[48], b[48];
	double lo, hi, cover = summary_median_interval(s, &lo, &hi);

	buf[0] = '\0';
	if (!(cover > 0))
		return buf;
	snprintf(buf, len, "%s %s %s", fmt_metric(m, lo, a, sizeof(a)), ellipsis(),
		 fmt_metric_unit(m, hi, b, sizeof(b)));
	if (fabs(cover - STAT_CONFIDENCE) > 1e-9)
		snprintf(buf + strlen(buf), len - strlen(buf), " (%.0f%%)", 100 * cover);
	return buf;
}

const char *fmt_ns(double ns, char *buf, size_t len)
{
	if (!isfinite(ns))
		snprintf(buf, len, "-");
	else if (ns < 1e3)
		snprintf(buf, len, "%.0f ns", ns);
	else if (ns < 1e6)
		snprintf(buf, len, "%.*f us", ns < 1e4 ? 1 : 0, ns / 1e3);
	else if (ns < 1e9)
		snprintf(buf, len, "%.*f ms", ns < 1e7 ? 1 : 0, ns / 1e6);
	else
		snprintf(buf, len, "%.2f s", ns / 1e9);
	return buf;
}

const char *metric_noun(enum metric_id m)
{
	return m == M_ELAPSED ? "elapsed time" : metrics[m].key;
}
