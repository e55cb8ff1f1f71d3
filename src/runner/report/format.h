/* Numbers as people read them: a metric in its display unit, a percentage, a p-value. */
#ifndef ZSB_FORMAT_H
#define ZSB_FORMAT_H
#include <stddef.h>

#include "runner/result/metrics.h"
#include "runner/result/statistics.h"

/* "±" and "…" where the locale shows them, as LKP and hyperfine print; ASCII elsewhere. */
const char *plus_minus(void);
const char *ellipsis(void);
/* The value in the metric's display unit (bytes in MiB), with the digits that matter. */
const char *fmt_metric(enum metric_id m, double v, char *buf, size_t len);
/* The same with its unit: "1.234 s", "65.0 MiB", "1.90x". */
const char *fmt_metric_unit(enum metric_id m, double v, char *buf, size_t len);
/* "12.3%", or "+12.3%" with sign; "-" for NaN. */
const char *fmt_pct(double pct, int sign, char *buf, size_t len);
/* "+1.2% [-2.1%, +4.4%]": a change and its interval. */
const char *fmt_change(double pct, double lo, double hi, char *buf, size_t len);
/* "0.008", "< 0.001", "-" for NaN. */
const char *fmt_p(double p, char *buf, size_t len);
/* The same for a sentence: "p = 0.008", "p < 0.001", "no p". */
const char *fmt_p_is(double p, char *buf, size_t len);
/* "0.178 (sd 17.4%)": a median and the spread of its trials, named a spread so that it never
 * passes for an uncertainty; the median alone for one trial. */
const char *fmt_median_sd(enum metric_id m, double median, double rsd, size_t n, char *buf,
			  size_t len);
/* The interval of a summary's median, "0.153 … 0.225 s (94%)", its coverage said where it is
 * not 95%; "" for one trial, which has none. */
const char *fmt_median_interval(enum metric_id m, const struct summary *s, char *buf, size_t len);

/* A metric in a sentence: elapsed is "elapsed time", the others are their keys ("throughput"). */
const char *metric_noun(enum metric_id m);

/* A latency in its own scale: "850 ns", "3.9 us", "212 us", "2.5 ms", "1.25 s". */
const char *fmt_ns(double ns, char *buf, size_t len);

#endif
