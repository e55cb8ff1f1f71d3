/* Settings known to add noise to a swap benchmark's timings, each with the reason it matters.
 * A fact that is unknown never warns: the warning would be made up. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "common/util.h"
#include "runner/system/sysinfo.h"

/* Above half a CPU of waiting work per CPU, trials share the machine with something else. */
#define LOAD_PER_CPU 0.5
/* Memory PSI "some" avg10 in percent: above this, reclaim is already going on outside us. */
#define PSI_SOME_AVG10 1.0

typedef int (*check_fn)(const struct sysinfo_facts *s, char *buf, size_t len);

static int governor(const struct sysinfo_facts *s, char *buf, size_t len)
{
	size_t at = 0;

	for (int i = 0; i < s->cpu.ngovernors; i++) {
		const struct sysinfo_governor *g = &s->cpu.governors[i];
		if (strcmp(g->name, "performance") == 0 || at >= len)
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s on polic%s %s",
				       at ? ", " : "CPU frequency governor ", g->name,
				       g->count > 1 ? "ies" : "y", g->policies);
	}
	if (at && at < len)
		snprintf(buf + at, len - at,
			 ", not performance: the clock follows the load, so the same work takes "
			 "a different time from trial to trial.");
	return at > 0;
}

static int boost(const struct sysinfo_facts *s, char *buf, size_t len)
{
	snprintf(buf, len,
		 "CPU boost is on: the clock rises and falls with temperature and the number of "
		 "busy "
		 "cores, so timings drift between trials.");
	return s->cpu.boost == 1;
}

static int smt(const struct sysinfo_facts *s, char *buf, size_t len)
{
	snprintf(
		buf, len,
		"SMT is on: sibling threads share a core's execution units and caches, so whatever "
		"runs on the sibling slows the trial.");
	return s->cpu.smt_active == 1;
}

static int thp_defrag(const struct sysinfo_facts *s, char *buf, size_t len)
{
	snprintf(buf, len,
		 "THP defrag is \"always\": page faults may stall in direct compaction to assemble "
		 "huge "
		 "pages, long irregular delays in the fill.");
	return strcmp(s->mm.thp_defrag, "always") == 0;
}

static int load(const struct sysinfo_facts *s, char *buf, size_t len)
{
	if (s->cpu.online < 1 || isnan(s->mem.load[0]) ||
	    s->mem.load[0] <= LOAD_PER_CPU * s->cpu.online)
		return 0;
	snprintf(buf, len,
		 "Load average %.2f on %d CPU%s (above %.1f per CPU): other work competes with the "
		 "trials for CPU and disk.",
		 s->mem.load[0], s->cpu.online, s->cpu.online > 1 ? "s" : "", LOAD_PER_CPU);
	return 1;
}

static int pressure(const struct sysinfo_facts *s, char *buf, size_t len)
{
	if (isnan(s->mem.some_avg10) || s->mem.some_avg10 <= PSI_SOME_AVG10)
		return 0;
	snprintf(buf, len,
		 "Memory pressure some avg10 is %.2f%% (above %.0f%%): tasks outside the benchmark "
		 "already wait on memory, and their reclaim competes with the trial's.",
		 s->mem.some_avg10, PSI_SOME_AVG10);
	return 1;
}

static int other_swap(const struct sysinfo_facts *s, char *buf, size_t len)
{
	int shown = s->swap.nareas > 3 ? 2 : s->swap.nareas; /* a sentence, not a list */
	size_t at;

	if (s->swap.nareas < 1)
		return 0;
	at = (size_t)snprintf(buf, len, "Swap area%s already active (",
			      s->swap.nareas > 1 ? "s" : "");
	for (int i = 0; i < shown && at < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? ", " : "",
				       s->swap.areas[i].name);
	if (shown < s->swap.nareas && at < len)
		at += (size_t)snprintf(buf + at, len - at, " and %d more", s->swap.nareas - shown);
	if (at < len)
		snprintf(buf + at, len - at,
			 "): the kernel may put pages on %s too, so the trial's swap is not only "
			 "its own device.",
			 s->swap.nareas > 1 ? "them" : "it");
	return 1;
}

static int zswap_on(const struct sysinfo_facts *s, char *buf, size_t len)
{
	snprintf(buf, len,
		 "zswap is enabled: pages swapped to any area, zram included, are compressed into "
		 "zswap's pool first unless the backend turns zswap off for its trials.");
	return s->zswap.enabled == 1;
}

static int ksm(const struct sysinfo_facts *s, char *buf, size_t len)
{
	snprintf(buf, len,
		 "KSM is running: ksmd scans memory in the background and takes CPU time at "
		 "irregular "
		 "moments.");
	return s->mm.ksm_running == 1;
}

/* The fact each check is about, by its key in the fact table: sysinfo_print marks its row. */
static const struct {
	const char *fact;
	check_fn check;
} checks[] = {
	{ "cpu/governor", governor },	 { "cpu/boost", boost },	{ "cpu/smt_active", smt },
	{ "mm/thp_defrag", thp_defrag }, { "memory/loadavg", load },	{ "memory/psi", pressure },
	{ "swap/areas", other_swap },	 { "zswap/enabled", zswap_on }, { "mm/ksm_running", ksm },
};
#define NCHECKS (ARRAY_SIZE(checks))

size_t sysinfo_warnings(const struct sysinfo_facts *s, char warnings[][SYSINFO_WARNING_LEN],
			size_t max)
{
	char sentence[SYSINFO_WARNING_LEN];
	size_t n = 0;

	/* Checks write their sentence before they decide: the caller's slots get only warnings. */
	for (size_t i = 0; i < NCHECKS && n < max; i++)
		if (checks[i].check(s, sentence, sizeof(sentence)))
			memcpy(warnings[n++], sentence, sizeof(sentence));
	return n;
}

int sysinfo_warned(const struct sysinfo_facts *s, const char *key)
{
	char scratch[SYSINFO_WARNING_LEN];

	for (size_t i = 0; i < NCHECKS; i++)
		if (strcmp(checks[i].fact, key) == 0 &&
		    checks[i].check(s, scratch, sizeof(scratch)))
			return 1;
	return 0;
}
