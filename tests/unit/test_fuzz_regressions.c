/*
 * Every input a fuzzer once crashed on (tests/fuzz/regressions/<harness>/, see
 * tests/fuzz/README.md) fed again to the parser its harness drives: it must return, and where
 * the kept inputs are all bad input of one kind, return the error that says so. The inputs are
 * found relative to the repository root, where the unit tests run (make unit), as FIXTURES.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <errno.h>
#include <json.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/access.h"
#include "common/pattern.h"
#include "common/size.h"
#include "runner/cli/config_file.h"
#include "runner/cli/options.h"
#include "runner/swap/zram_generator.h"
#include "runner/commands/commands.h"
#include "runner/kernel/cgroup.h"
#include "runner/kernel/kv.h"
#include "runner/fio/result.h"
#include "runner/kernel/psi.h"
#include "runner/kernel/swaps.h"
#include "runner/kernel/sysfs.h"
#include "runner/kernel/vmstat.h"
#include "runner/loadgen/loadgen.h"
#include "runner/loadgen/stress_ng.h"
#include "runner/profile/profile_json.h"
#include "runner/profile/smaps.h"
#include "runner/report/formats/formats.h"
#include "runner/report/report.h"
#include "runner/result/calibration.h"
#include "runner/result/json_read.h"
#include "runner/result/json_write.h"
#include "runner/result/savings.h"
#include "runner/kernel/zram.h"
#include "runner/kernel/zswap.h"
#include "runner/trial/hogger_events.h"
#include "runner/undo/journal.h"

#define REGRESSIONS "tests/fuzz/regressions"

/* One kept input: its path, and its bytes with a NUL after them (not counted in len). */
struct input {
	char path[PATH_MAX + 512];
	char *data;
	size_t len;
};

static void read_input(struct input *in)
{
	FILE *f = fopen(in->path, "rb");
	size_t cap = 4096;

	cr_assert_not_null(f, "%s: %s", in->path, strerror(errno));
	in->data = malloc(cap + 1);
	in->len = 0;
	for (size_t got; in->data && (got = fread(in->data + in->len, 1, cap - in->len, f)) > 0;) {
		in->len += got;
		if (in->len == cap)
			in->data = realloc(in->data, (cap *= 2) + 1);
	}
	cr_assert_not_null(in->data);
	in->data[in->len] = '\0';
	fclose(f);
}

/* Calls check on each input kept for harness; returns how many there were. A folder missing
 * or empty fails the test: it would pass having replayed nothing. */
static size_t each_input(const char *harness, void (*check)(const struct input *in))
{
	char dir[PATH_MAX];
	struct dirent *de;
	size_t n = 0;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/%s", REGRESSIONS, harness);
	d = opendir(dir);
	cr_assert_not_null(d, "%s: %s: every harness keeps inputs to replay", dir, strerror(errno));
	while ((de = readdir(d))) {
		struct input in;
		if (de->d_name[0] == '.')
			continue;
		snprintf(in.path, sizeof(in.path), "%s/%s", dir, de->d_name);
		read_input(&in);
		check(&in);
		free(in.data);
		n++;
	}
	closedir(d);
	cr_assert_gt(n, 0, "%s: no input replayed", dir);
	return n;
}

/* A private copy, for the parsers that cut their text up. */
static char *copy_of(const struct input *in)
{
	char *s = malloc(in->len + 1);
	cr_assert_not_null(s);
	memcpy(s, in->data, in->len + 1);
	return s;
}

Test(fuzz_regressions, found_from_the_repository_root)
{
	DIR *d = opendir(REGRESSIONS);
	cr_assert_not_null(d, "%s: %s (run the unit tests from the repository root)", REGRESSIONS,
			   strerror(errno));
	closedir(d);
}

static void check_size(const struct input *in)
{
	uint64_t v;
	int ret = size_parse(in->data, &v);
	cr_expect(ret == 0 || ret == -EINVAL || ret == -ERANGE, "%s: %d", in->path, ret);
	ret = size_parse_n(in->data, in->len, &v);
	cr_expect(ret == 0 || ret == -EINVAL || ret == -ERANGE, "%s: %d", in->path, ret);
}

Test(fuzz_regressions, size)
{
	each_input("size", check_size);
}

static void check_pattern(const struct input *in)
{
	static unsigned char buf[1024];
	struct pattern p;

	if (pattern_parse(in->data, &p) || p.path)
		return;
	pattern_fill(&p, buf, sizeof(buf), 256);
}

Test(fuzz_regressions, pattern)
{
	each_input("pattern", check_pattern);
}

static void check_access(const struct input *in)
{
	struct access a;
	int ret = access_parse(in->data, &a);
	cr_expect(ret == 0 || ret == -EINVAL, "%s: %d", in->path, ret);
}

Test(fuzz_regressions, access)
{
	each_input("access", check_access);
}

/* As the harness does: argv after "zswapbench", split on NUL bytes. */
static void check_options(const struct input *in)
{
	static struct config cfg;
	char *s = copy_of(in), *argv[66], msg[512] = "";
	int argc = 0;

	argv[argc++] = "zswapbench";
	for (size_t at = 0; at < in->len && argc <= 64; at += strlen(s + at) + 1)
		argv[argc++] = s + at;
	argv[argc] = NULL;
	if (options_parse(command_of(NULL), argc, argv, &cfg, msg, sizeof(msg)) == OPTIONS_USAGE)
		cr_expect(msg[0] != '\0', "%s: refused without a message", in->path);
	config_free(&cfg);
	free(s);
}

Test(fuzz_regressions, options)
{
	each_input("options", check_options);
}

/* As a config file, as a zram-generator.conf, and its first line as a size expression. */
static void check_config(const struct input *in)
{
	static struct config cfg;
	struct zram_generator gen;
	char msg[PATH_MAX + 512] = "", *s = copy_of(in);
	double mib;

	options_defaults(&cfg);
	if (config_file_load(&cfg, in->path, msg, sizeof(msg)))
		cr_expect(msg[0] != '\0', "%s: refused without a message", in->path);
	config_free(&cfg);
	zram_generator_read(in->path, 24576, &gen, msg, sizeof(msg));
	s[strcspn(s, "\n")] = '\0';
	zram_size_eval(s, 24576, &mib, msg, sizeof(msg));
	free(s);
}

Test(fuzz_regressions, config)
{
	each_input("config", check_config);
}

static void check_journal(const struct input *in)
{
	struct journal j;
	int ret;

	journal_init(&j);
	ret = journal_parse(&j, in->data, in->len);
	cr_expect(ret == 0 || ret == -EBADMSG, "%s: %d", in->path, ret);
	journal_free(&j);
}

Test(fuzz_regressions, journal)
{
	each_input("journal", check_journal);
}

/* Each kept input starts with a key whose value is malformed, or too large where the file's
 * name ends in "beyond-64-bits": the error that says which, never a number. */
static void check_kv(const struct input *in)
{
	const char *tail = "beyond-64-bits";
	size_t n = strlen(in->path), t = strlen(tail);
	int expect = n >= t && strcmp(in->path + n - t, tail) == 0 ? -ERANGE : -EINVAL, ret;
	char key[64];
	struct vmstat_snap snap;
	uint64_t v = 0;

	snprintf(key, sizeof(key), "%.*s", (int)strcspn(in->data, ": \t\n"), in->data);
	ret = kv_find(in->data, key, &v);
	cr_expect_eq(ret, expect, "%s: key '%s' gave %d (value %llu), not %d", in->path, key, ret,
		     (unsigned long long)v, expect);
	vmstat_parse(in->data, &snap);
}

Test(fuzz_regressions, kv)
{
	each_input("kv", check_kv);
}

/* Each kept input holds a number the kernel never prints: refused. */
static void check_psi(const struct input *in)
{
	struct psi p;
	int ret = psi_parse(in->data, &p);
	cr_expect_eq(ret, -EINVAL, "%s: %d (some total %llu, avg10 %f)", in->path, ret,
		     (unsigned long long)p.some_total, p.some_avg10);
}

Test(fuzz_regressions, psi)
{
	each_input("psi", check_psi);
}

static void check_zram(const struct input *in)
{
	struct zram_mm_stat st;
	char list[512], sel[64];
	zram_mm_stat_parse(in->data, &st);
	zram_algorithm_parse(in->data, list, sizeof(list), sel, sizeof(sel));
}

Test(fuzz_regressions, zram)
{
	each_input("zram", check_zram);
}

static void check_swaps(const struct input *in)
{
	struct swaps areas;

	cr_assert_eq(swaps_parse(in->data, &areas), 0, "%s", in->path);
	swaps_free(&areas);
}

Test(fuzz_regressions, swaps)
{
	each_input("swaps", check_swaps);
}

/* Each kept input's first line is a mount point: escaped as the kernel writes it in the mount
 * table (a blank as \040; a carriage return as it is), it is the memory hierarchy's root. */
static void check_mounts(const struct input *in)
{
	static struct cgroup_env env;
	char *s = copy_of(in), dir[4 * 256], line[4 * 256 + 64], *out = dir;
	size_t n = strcspn(s, "\n");

	memset(&env, 0, sizeof(env));
	cgroup_mounts_parse(s, &env);
	cr_assert_lt(n, 256, "%s: the first line is a mount point", in->path);
	s[n] = '\0';
	for (const char *p = s; *p; p++)
		out += strchr(" \t\\", *p) ? sprintf(out, "\\%03o", (unsigned char)*p)
					   : sprintf(out, "%c", *p);
	snprintf(line, sizeof(line), "cgroup %s cgroup rw,nosuid,memory 0 0\n", dir);
	memset(&env, 0, sizeof(env));
	cr_expect_eq(cgroup_mounts_parse(line, &env), 1, "%s", in->path);
	cr_expect_str_eq(env.memory_root, s, "%s: '%s' read as '%s'", in->path, s, env.memory_root);
	free(s);
}

Test(fuzz_regressions, mounts)
{
	each_input("mounts", check_mounts);
}

static void check_crypto(const struct input *in)
{
	char *s = copy_of(in), buf[512];
	cr_expect_eq(zswap_compressors_parse(s, buf, sizeof(buf)), 0, "%s", in->path);
	free(s);
}

Test(fuzz_regressions, crypto)
{
	each_input("crypto", check_crypto);
}

/* Each kept input is lines the hogger never writes: they change nothing. */
static void check_hogger_events(const struct input *in)
{
	static const struct hogger_events none;
	struct hogger_events ev = none;
	char *s = copy_of(in);

	for (char *line = s, *nl; line; line = nl ? nl + 1 : NULL) {
		nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		cr_expect_eq(hogger_event_parse(line, &ev), 0, "%s: '%s'", in->path, line);
	}
	cr_expect(memcmp(&ev, &none, sizeof(ev)) == 0,
		  "%s: a line the hogger never writes was taken", in->path);
	free(s);
}

Test(fuzz_regressions, hogger_events)
{
	each_input("hogger_events", check_hogger_events);
}

/* Read, rendered, written, and what was written read back. */
static void check_results(const struct input *in)
{
	char why[256] = "", *text;
	json_object *doc = json_tokener_parse(in->data);
	struct results r;
	FILE *devnull;

	if (!doc)
		return;
	if (results_from_json(doc, &r, why, sizeof(why)) == 0) {
		struct report_opts o = { .render = { .format = FORMAT_TABLE },
					 .verbose = 1,
					 .cmp = compare_opts_of(&r) };
		devnull = fopen("/dev/null", "w");
		cr_assert_not_null(devnull);
		report_print(&r, &o, devnull);
		fclose(devnull);
		text = results_to_string(&r);
		results_free(&r);
		cr_assert_not_null(text);
		json_object_put(doc);
		doc = json_tokener_parse(text);
		free(text);
		cr_expect_eq(results_from_json(doc, &r, why, sizeof(why)), 0,
			     "%s: written, not read back: %s", in->path, why);
		results_free(&r);
	}
	json_object_put(doc);
}

Test(fuzz_regressions, results)
{
	each_input("results", check_results);
	each_input("report", check_results);
}

/* Each kept input, as a file, fits a buffer one byte larger exactly and no smaller one. */
static void check_sysfs(const struct input *in)
{
	char *buf = malloc(in->len + 1);
	int ret;

	cr_assert_not_null(buf);
	sysfs_set_root("");
	ret = sysfs_read(in->path, buf, in->len + 1);
	cr_expect_eq(ret, (int)in->len, "%s: %d", in->path, ret);
	if (in->len > 0)
		cr_expect_eq(sysfs_read(in->path, buf, in->len), -EFBIG, "%s", in->path);
	free(buf);
}

Test(fuzz_regressions, sysfs)
{
	each_input("sysfs", check_sysfs);
}

/* The findings fixed after the fuzzing, each held to what it must do now. */
Test(fuzz_regressions, config_findings)
{
	static struct config cfg;
	struct zram_generator gen;
	char msg[PATH_MAX + 512] = "", deep[4096];
	double mib;

	options_defaults(&cfg);
	cr_assert_eq(config_file_load(&cfg, REGRESSIONS "/config/value-longer-than-a-line", msg,
				      sizeof(msg)),
		     -EINVAL);
	cr_assert(strstr(msg, "longer than 199 characters"), "%s", msg);
	config_free(&cfg);
	cr_assert_eq(zram_generator_read(REGRESSIONS "/config/zram-size-beyond-64-bits", 24576,
					 &gen, msg, sizeof(msg)),
		     -EINVAL, "1e300 MiB does not fit in 64 bits of bytes");
	cr_assert_eq(zram_size_eval("inf", 24576, &mib, msg, sizeof(msg)), -EINVAL);
	cr_assert_eq(zram_size_eval("0x1p60", 24576, &mib, msg, sizeof(msg)), -EINVAL);
	memset(deep, '(', sizeof(deep) - 2);
	deep[sizeof(deep) - 2] = '1';
	deep[sizeof(deep) - 1] = '\0';
	cr_assert_eq(zram_size_eval(deep, 24576, &mib, msg, sizeof(msg)), -EINVAL,
		     "nesting is bounded, not the stack");
	cr_assert_eq(zram_size_eval("((((ram / 2))))", 1024, &mib, msg, sizeof(msg)), 0);
	cr_assert_float_eq(mib, 512, 1e-9);
}

static int read_result(const char *path, struct results *r)
{
	char why[256];
	json_object *doc = json_object_from_file(path);
	int ret = results_from_json(doc, r, why, sizeof(why));

	json_object_put(doc);
	return ret;
}

Test(fuzz_regressions, results_findings)
{
	struct results r;
	char *text;

	/* A missing sample is absent, and stays absent once written back. */
	cr_assert_eq(read_result(REGRESSIONS "/results/series-null-becomes-zero.json", &r), 0);
	cr_assert_float_eq(r.cells[0].trials[0].series->v[S_CGROUP_SWAP][0], 1048576, 1e-9);
	cr_assert(isnan(r.cells[0].trials[0].series->v[S_CGROUP_SWAP][1]), "null is not zero");
	text = results_to_string(&r);
	cr_assert(strstr(text, "null"), "written back as null");
	free(text);
	results_free(&r);
	/* 1e400, NaN, Infinity: absent, as the writer would have written them. */
	if (read_result(REGRESSIONS "/results/non-finite-value.json", &r) == 0) {
		for (size_t c = 0; c < r.ncells; c++)
			for (size_t t = 0; t < r.cells[c].ntrials; t++)
				for (int m = 0; m < M_COUNT; m++)
					cr_assert(!r.cells[c].trials[t].have[m] ||
						  isfinite(r.cells[c].trials[t].value[m]));
		results_free(&r);
	}
	cr_assert_neq(read_result(REGRESSIONS "/results/stride-beyond-32-bits.json", &r), 0,
		      "a stride cut to 0");
}

static void check_fio(const struct input *in)
{
	struct fio_result r;
	char why[256];
	int ret = fio_result_parse(in->data, in->len, "seq-read", &r, why, sizeof(why));

	cr_expect(ret == 0 || ret == -EINVAL || ret == -ENOENT, "%s: %d", in->path, ret);
	cr_expect(ret || (isfinite(r.usr_cpu) && isfinite(r.read.bw)), "%s", in->path);
}

Test(fuzz_regressions, fio)
{
	each_input("fio", check_fio);
}

/* In every format: read, or refused with a reason; what is read is finite and not negative. An
 * input kept as bad-* or refused-* (a malformed output, or one a generator printed that is not
 * read) is refused as it is, whatever the format auto finds. */
static void check_loadgen(const struct input *in)
{
	const char *name = strrchr(in->path, '/') + 1;
	int bad = strncmp(name, "bad-", 4) == 0 || strncmp(name, "refused-", 8) == 0;

	for (int f = 0; f < LOAD_FORMAT_COUNT; f++) {
		struct load_result r;
		char why[256] = "";
		int ret = load_parse(in->data, in->len, (enum load_format)f, &r, why, sizeof(why));

		cr_expect(ret == 0 || (ret == -EINVAL && why[0]), "%s: %d '%s'", in->path, ret,
			  why);
		cr_expect(ret || !bad || f != LOAD_AUTO, "%s: read", in->path);
		for (int q = 0; !ret && q < LQ_COUNT; q++)
			cr_expect(!r.have[q] || (isfinite(r.value[q]) && r.value[q] >= 0), "%s: %d",
				  in->path, q);
	}
}

Test(fuzz_regressions, loadgen)
{
	each_input("loadgen", check_loadgen);
}

/* Read or refused with a reason; a bad-* input refused; what is read finite, not negative. */
static void check_stress_ng(const struct input *in)
{
	const char *name = strrchr(in->path, '/') + 1;
	struct stress_ng_metrics m;
	char why[256] = "";
	int ret = stress_ng_metrics_parse(in->data, in->len, "vm", &m, why, sizeof(why));

	cr_expect(ret == 0 || ((ret == -EINVAL || ret == -ENOENT) && why[0]), "%s: %d '%s'",
		  in->path, ret, why);
	cr_expect(ret || strncmp(name, "bad-", 4) != 0, "%s: read", in->path);
	cr_expect(ret ||
			  (isfinite(m.bogo_ops) && isfinite(m.ops_per_s) && isfinite(m.wall_s) &&
			   m.bogo_ops >= 0 && m.ops_per_s >= 0 && m.wall_s >= 0),
		  "%s", in->path);
}

Test(fuzz_regressions, stress_ng)
{
	each_input("stress_ng", check_stress_ng);
}

/* Read, or refused as a whole; what is read is whole and findable, its counts in range. */
static void check_calibration(const struct input *in)
{
	struct calibration c;
	int ret = calibration_load(in->path, &c);

	cr_expect(ret == 0 || ret == -EINVAL, "%s: %d", in->path, ret);
	for (size_t i = 0; !ret && i < c.n; i++) {
		const struct calibration_entry *e = &c.entries[i];
		cr_expect(e->host[0] && e->shape[0], "%s", in->path);
		cr_expect(isfinite(e->threshold_pct) && isfinite(e->run_sd_log), "%s", in->path);
		cr_expect_eq(calibration_find(&c, e->host, e->shape, e->metric), e, "%s", in->path);
	}
	calibration_free(&c);
}

Test(fuzz_regressions, calibration)
{
	each_input("calibration", check_calibration);
}

/* A null or non-string format is not this file's format; counts beyond an unsigned are none. */
Test(fuzz_regressions, calibration_findings)
{
	struct calibration c;

	cr_assert_eq(calibration_load(REGRESSIONS "/calibration/format-null.json", &c), -EINVAL);
	cr_assert_eq(calibration_load(REGRESSIONS "/calibration/format-number.json", &c), -EINVAL);
	cr_assert_eq(calibration_load(REGRESSIONS "/calibration/strings-null.json", &c), -EINVAL);
	cr_assert_eq(calibration_load(REGRESSIONS "/calibration/counts-beyond-32-bits.json", &c),
		     0);
	cr_assert_eq(c.n, 1);
	cr_assert_eq(c.entries[0].runs, 0);
	calibration_free(&c);
}

/* Read, or refused whole in one line; an input kept as bad-* is refused. What is read writes
 * back to a document that reads back the same. */
static void check_savings(const struct input *in)
{
	const char *name = strrchr(in->path, '/') + 1;
	json_object *doc = json_tokener_parse(in->data), *again;
	struct savings_report r, back;
	char why[256] = "", *once;
	int ret;

	if (!doc) {
		cr_expect_neq(strncmp(name, "bad-", 4), 0, "%s: kept, and not JSON", in->path);
		return;
	}
	ret = savings_from_json(doc, &r, why, sizeof(why));
	json_object_put(doc);
	cr_expect(ret == 0 || (ret == -EINVAL && why[0] && !strchr(why, '\n')), "%s: %d '%s'",
		  in->path, ret, why);
	cr_expect(!ret || r.nbackends == 0, "%s: half an answer kept", in->path);
	cr_expect(ret || strncmp(name, "bad-", 4), "%s: read", in->path);
	if (ret)
		return;
	doc = savings_to_json(&r);
	once = strdup(json_object_to_json_string(doc));
	again = json_tokener_parse(once);
	cr_expect_eq(savings_from_json(again, &back, why, sizeof(why)), 0, "%s: %s", in->path, why);
	json_object_put(doc);
	doc = savings_to_json(&back);
	cr_expect_str_eq(once, json_object_to_json_string(doc), "%s: not read back the same",
			 in->path);
	free(once);
	json_object_put(doc);
	json_object_put(again);
}

Test(fuzz_regressions, savings)
{
	each_input("savings", check_savings);
}

static int count_vma(const struct smaps_vma *v, void *arg)
{
	(void)v;
	(*(size_t *)arg)++;
	return 0;
}

/* smaps: an input named bad-* is refused by its line; the rest walk. */
static void check_smaps(const struct input *in)
{
	const char *name = strrchr(in->path, '/') + 1;
	char why[256] = "";
	size_t n = 0;
	int ret = smaps_walk(in->data, count_vma, &n, why, sizeof(why));

	if (strncmp(name, "bad-", 4) == 0) {
		cr_expect_eq(ret, -EINVAL, "%s: %d", in->path, ret);
		cr_expect(strncmp(why, "line ", 5) == 0 && !strchr(why, '\n'), "%s: %s", in->path,
			  why);
	} else {
		cr_expect_eq(ret, 0, "%s: %s", in->path, why);
	}
}

Test(fuzz_regressions, smaps)
{
	each_input("smaps", check_smaps);
}

/* profile: an input named bad-* is refused in one line and keeps nothing; the rest read back
 * the same once written again. */
static void check_profile(const struct input *in)
{
	const char *name = strrchr(in->path, '/') + 1;
	char why[256] = "", *once, *twice;
	struct profile p, back;
	int ret = profile_from_json(in->data, &p, why, sizeof(why));

	if (strncmp(name, "bad-", 4) == 0) {
		cr_expect_eq(ret, -EINVAL, "%s: read", in->path);
		cr_expect(why[0] && !strchr(why, '\n'), "%s: '%s'", in->path, why);
		cr_expect(!p.nsamples && !p.nregions && !p.samples && !p.regions, "%s: kept",
			  in->path);
		return;
	}
	cr_assert_eq(ret, 0, "%s: %s", in->path, why);
	once = profile_to_json(&p);
	cr_assert_eq(profile_from_json(once, &back, why, sizeof(why)), 0, "%s: %s", in->path, why);
	twice = profile_to_json(&back);
	cr_expect_str_eq(once, twice, "%s: not read back the same", in->path);
	free(once);
	free(twice);
	profile_free(&p);
	profile_free(&back);
}

Test(fuzz_regressions, profile)
{
	each_input("profile", check_profile);
}
