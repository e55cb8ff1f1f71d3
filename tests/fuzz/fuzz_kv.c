/* Key-value kernel files (/proc/vmstat, memory.stat, memory.events, oom_control, meminfo):
 * kv_find with the keys the runner asks for, against a slow model of what kv.h promises;
 * vmstat_parse; words_contain on controller lists and mount options. The first line of the
 * input is also tried as a key and as a word. */
#include <errno.h>

#include "common/util.h"
#include "runner/kernel/kv.h"
#include "runner/kernel/vmstat.h"
#include "fuzz.h"

/* kv.h's contract, written out: the first line that starts with key, then ':' or not, then
 * blanks; a decimal value, blanks, "kB" or not, blanks, and the end of the line. */
static int model(const char *text, const char *key, uint64_t *value)
{
	size_t klen = strlen(key);

	for (const char *line = text; *line;) {
		const char *q = line + klen, *eol = line + strcspn(line, "\n");
		uint64_t v = 0;
		if (strncmp(line, key, klen) != 0 || (size_t)(eol - line) < klen ||
		    (q += *q == ':', *q != ' ' && *q != '\t')) {
			line = *eol ? eol + 1 : eol;
			continue;
		}
		q += strspn(q, " \t");
		if (*q < '0' || *q > '9')
			return -EINVAL;
		for (; *q >= '0' && *q <= '9'; q++) {
			if (v > (UINT64_MAX - (uint64_t)(*q - '0')) / 10)
				return -ERANGE;
			v = v * 10 + (uint64_t)(*q - '0');
		}
		q += strspn(q, " \t");
		if (q[0] == 'k' && q[1] == 'B') {
			if (v > UINT64_MAX / 1024)
				return -ERANGE;
			v *= 1024;
			q += 2 + strspn(q + 2, " \t");
		}
		if (*q != '\n' && *q != '\0')
			return -EINVAL;
		*value = v;
		return 0;
	}
	return -ENOENT;
}

static void check(const char *text, const char *key)
{
	uint64_t got = 0, want = 0;
	int ret = kv_find(text, key, &got), expect = model(text, key, &want);

	if (ret != expect || (ret == 0 && got != want)) {
		fprintf(stderr, "kv_find(key '%s'): %d, value %llu; expected %d, value %llu\n", key,
			ret, (unsigned long long)got, expect, (unsigned long long)want);
		abort();
	}
}

static const char *const keys[] = {
	"swap",	    "pswpin", "pswpout",  "swpout_zero", "pgmajfault", "zswpwb", "oom_kill",
	"MemTotal", "Zswap",  "Zswapped", "max",	 "high",       "memory",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), *nl;
	struct vmstat_snap snap;

	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		check(s, keys[i]);
	vmstat_parse(s, &snap);
	words_contain(s, "memory", ' ');
	words_contain(s, "memory", ',');
	words_contain(s, "blkio", ',');
	words_contain(s, "lz4", ' ');
	nl = strchr(s, '\n');
	if (nl) {
		*nl = '\0';
		words_contain(nl + 1, s, ' ');
		words_contain(nl + 1, s, ',');
		if (s[0])
			check(nl + 1, s);
	}
	free(s);
	return 0;
}
