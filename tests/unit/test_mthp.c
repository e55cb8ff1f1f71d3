/*
 * Multi-size THP: the one reader of /sys/kernel/mm/transparent_hugepage/hugepages-<N>kB
 * (kernel/mthp.c) on fixture trees, --mthp's parser and echo, preflight's refusals, the
 * journal's set and restore of a size, and the counters recorded as a trial's metrics.
 *
 * tests/fixtures/mthp is kernel 6.18's tree as this host has it (hugepages-8kB to 2048kB, 8kB
 * without enabled nor anon_fault_*), each counter rewritten to its size in KiB x 100 + its place
 * in enum mthp_counter (64kB's swpout: 6403), the ones not read to 999999; tests/fixtures/
 * mthp-cut is a kernel with fewer sizes and counters, and files cut or garbled.
 */
#include <criterion/criterion.h>
#include <errno.h>
#include <json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runner/base/log.h"
#include "runner/cli/option_echo.h"
#include "runner/cli/option_set.h"
#include "runner/cli/options.h"
#include "runner/commands/commands.h"
#include "runner/kernel/mthp.h"
#include "runner/kernel/sysfs.h"
#include "runner/result/metrics.h"
#include "runner/run/preflight.h"
#include "runner/trial/trial_record.h"
#include "runner/undo/journal.h"
#include "runner/undo/param.h"
#include "runner/undo/rewind.h"
#include "fixture.h"
#include "tools.h"

#define REAL FIXTURES "/mthp"
#define CUT FIXTURES "/mthp-cut"

static void no_root(void)
{
	sysfs_set_root(NULL);
}

TestSuite(mthp, .fini = no_root);

static uint64_t planted(size_t size, int c)
{
	return (uint64_t)mthp_sizes_kb[size] * 100 + (uint64_t)c;
}

Test(mthp, every_counter_of_the_real_tree_exactly)
{
	struct mthp_snap s;

	sysfs_set_root(REAL);
	/* 8kB has the six counters of swap, no anonymous fault's; the eight others all nine. */
	cr_assert_eq(mthp_snapshot(&s), 6 + 8 * MTHP_COUNTERS);
	for (size_t i = 0; i < MTHP_SIZES; i++)
		for (int c = 0; c < MTHP_COUNTERS; c++) {
			int anon = c <= MTHP_ANON_FAULT_FALLBACK_CHARGE;
			cr_assert_eq(s.have[i][c], !(i == 0 && anon), "%ukB %s", mthp_sizes_kb[i],
				     mthp_counter_names[c]);
			if (s.have[i][c])
				cr_assert_eq(s.v[i][c], planted(i, c), "%ukB %s: %llu",
					     mthp_sizes_kb[i], mthp_counter_names[c],
					     (unsigned long long)s.v[i][c]);
		}
	cr_assert_eq(s.v[3][MTHP_SWPOUT], 6403);
	cr_assert_eq(s.v[8][MTHP_SWPIN_FALLBACK_CHARGE], 204808);
}

Test(mthp, a_cut_tree_reads_what_is_whole_and_nothing_else)
{
	struct mthp_snap s;
	const size_t k64 = 3;

	sysfs_set_root(CUT);
	cr_assert_eq(mthp_snapshot(&s), 3);
	cr_assert_not(s.have[k64][MTHP_ANON_FAULT_ALLOC], "an empty file is no 0");
	cr_assert(s.have[k64][MTHP_ANON_FAULT_FALLBACK]);
	cr_assert_eq(s.v[k64][MTHP_ANON_FAULT_FALLBACK], 7);
	cr_assert_eq(s.v[k64][MTHP_ANON_FAULT_FALLBACK_CHARGE], 8);
	cr_assert_not(s.have[k64][MTHP_SWPOUT], "'12 junk'");
	cr_assert(s.have[k64][MTHP_SWPOUT_FALLBACK], "a number without its newline");
	cr_assert_eq(s.v[k64][MTHP_SWPOUT_FALLBACK], 42);
	cr_assert_not(s.have[k64][MTHP_ZSWPOUT], "no file (before 6.13)");
	cr_assert_not(s.have[k64][MTHP_SWPIN], "-3");
	cr_assert_not(s.have[k64][MTHP_SWPIN_FALLBACK], "past 64 bits");
	for (int c = 0; c < MTHP_COUNTERS; c++)
		cr_assert_not(s.have[8][c], "2048kB has no stats/ (6.8)");
	sysfs_set_root(FIXTURES "/v2");
	cr_assert_eq(mthp_snapshot(&s), 0, "a kernel without mTHP");
}

Test(mthp, a_counter_file_is_a_number_and_a_newline)
{
	uint64_t v = 99;

	cr_assert_eq(mthp_count_parse("0\n", &v), 0);
	cr_assert_eq(v, 0);
	cr_assert_eq(mthp_count_parse("42", &v), 0);
	cr_assert_eq(v, 42);
	cr_assert_eq(mthp_count_parse("18446744073709551615\n", &v), 0);
	cr_assert_eq(v, UINT64_MAX);
	cr_assert_eq(mthp_count_parse("18446744073709551616\n", &v), -ERANGE);
	cr_assert_eq(mthp_count_parse("", &v), -ENODATA);
	cr_assert_eq(mthp_count_parse("\n", &v), -EINVAL);
	cr_assert_eq(mthp_count_parse("-1\n", &v), -EINVAL);
	cr_assert_eq(mthp_count_parse("1 2\n", &v), -EINVAL);
	cr_assert_eq(mthp_count_parse("12\n\n", &v), -EINVAL);
	cr_assert_eq(v, UINT64_MAX, "a refused text leaves the value");
}

Test(mthp, a_delta_needs_both_readings_and_a_rise)
{
	struct mthp_snap a = { 0 }, b = { 0 };
	uint64_t d = 7;

	a.have[3][MTHP_SWPOUT] = b.have[3][MTHP_SWPOUT] = 1;
	a.v[3][MTHP_SWPOUT] = 100;
	b.v[3][MTHP_SWPOUT] = 350;
	cr_assert_eq(mthp_delta(&a, &b, 3, MTHP_SWPOUT, &d), 0);
	cr_assert_eq(d, 250);
	b.v[3][MTHP_SWPOUT] = 100;
	cr_assert_eq(mthp_delta(&a, &b, 3, MTHP_SWPOUT, &d), 0);
	cr_assert_eq(d, 0, "no change is a 0");
	b.v[3][MTHP_SWPOUT] = 99;
	cr_assert_eq(mthp_delta(&a, &b, 3, MTHP_SWPOUT, &d), -ENODATA, "gone down");
	b.v[3][MTHP_SWPOUT] = 350;
	b.have[3][MTHP_SWPOUT] = 0;
	cr_assert_eq(mthp_delta(&a, &b, 3, MTHP_SWPOUT, &d), -ENODATA, "after lacks it");
	b.have[3][MTHP_SWPOUT] = 1;
	a.have[3][MTHP_SWPOUT] = 0;
	cr_assert_eq(mthp_delta(&a, &b, 3, MTHP_SWPOUT, &d), -ENODATA, "before lacks it");
	cr_assert_eq(mthp_delta(&a, &b, MTHP_SIZES, MTHP_SWPOUT, &d), -ENODATA);
}

/* The metrics are size after size, each size's counters in the reader's order. */
Test(mthp, each_size_and_counter_has_its_metric)
{
	char key[64];

	for (size_t i = 0; i < MTHP_SIZES; i++)
		for (int c = 0; c < MTHP_COUNTERS; c++) {
			enum metric_id m = metric_mthp(i, (enum mthp_counter)c);
			snprintf(key, sizeof(key), "mthp_%uk_%s", mthp_sizes_kb[i],
				 mthp_counter_names[c]);
			cr_assert_str_eq(metrics[m].key, key);
			cr_assert_eq(metrics[m].unit, UNIT_FOLIOS);
			cr_assert(metric_is_mthp(m));
			cr_assert_not_null(strstr(metrics[m].source, mthp_counter_names[c]));
		}
	cr_assert_not(metric_is_mthp(M_REFERENCE_TIME));
	cr_assert_not(metric_is_mthp(M_COUNT));
	cr_assert_str_eq(metric_unit_name(UNIT_FOLIOS), "folios");
}

Test(mthp, a_trial_records_each_rise_and_marks_what_it_lacks)
{
	struct mthp_snap before, after;
	struct trial t = { 0 };

	sysfs_set_root(CUT);
	mthp_snapshot(&before);
	after = before;
	after.v[3][MTHP_ANON_FAULT_FALLBACK] += 1000;
	after.v[3][MTHP_SWPOUT_FALLBACK] += 5;
	trial_record_mthp(&t, &before, &after);
	cr_assert(t.have[M_MTHP_64K_ANON_FAULT_FALLBACK]);
	cr_assert_eq(t.value[M_MTHP_64K_ANON_FAULT_FALLBACK], 1000);
	cr_assert(t.have[M_MTHP_64K_ANON_FAULT_FALLBACK_CHARGE]);
	cr_assert_eq(t.value[M_MTHP_64K_ANON_FAULT_FALLBACK_CHARGE], 0, "read, unchanged: 0");
	cr_assert_eq(t.value[M_MTHP_64K_SWPOUT_FALLBACK], 5);
	cr_assert_not(t.unavailable[M_MTHP_64K_SWPOUT_FALLBACK]);
	for (int m = M_MTHP_FIRST; m < M_COUNT; m++) {
		int read = m == M_MTHP_64K_ANON_FAULT_FALLBACK ||
			m == M_MTHP_64K_ANON_FAULT_FALLBACK_CHARGE ||
			m == M_MTHP_64K_SWPOUT_FALLBACK;
		cr_assert_eq(t.have[m], read, "%s", metrics[m].key);
		cr_assert_eq(t.unavailable[m], !read, "%s: unavailable, never 0", metrics[m].key);
	}
	cr_assert_not(t.unavailable[M_PSWPOUT], "no other metric touched");
}

Test(mthp, sizes_as_given_and_as_the_kernel_names_them)
{
	static const struct {
		const char *text;
		unsigned kb;
	} ok[] = {
		{ "16K", 16 },
		{ "16KiB", 16 },
		{ "64kB", 64 },
		{ "2M", 2048 },
		{ "hugepages-2048kB", 2048 },
		{ "65536", 64 },
		{ "8K", 8 },
		{ "1G", 1048576 },
	};
	static const char *const bad[] = {
		"48K",		 "4K",		 "16KB", "1000", "0kB", "kB",
		"hugepages-64K", "hugepages-kB", "64kb", "-64K", ""
	};
	unsigned kb;
	char buf[16];

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		kb = 0;
		cr_assert_eq(mthp_size_parse(ok[i].text, strlen(ok[i].text), &kb), 0, "%s",
			     ok[i].text);
		cr_assert_eq(kb, ok[i].kb, "%s: %u", ok[i].text, kb);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		cr_assert_eq(mthp_size_parse(bad[i], strlen(bad[i]), &kb), -EINVAL, "%s", bad[i]);
	cr_assert_eq(mthp_size_parse("64K:always", 3, &kb), 0, "the first len bytes only");
	cr_assert_eq(kb, 64);
	cr_assert_str_eq(mthp_size_name(64, buf, sizeof(buf)), "64K");
	cr_assert_str_eq(mthp_size_name(2048, buf, sizeof(buf)), "2M");
	cr_assert_str_eq(mthp_size_name(1536, buf, sizeof(buf)), "1536K");
	cr_assert_eq(mthp_size_index(64), 3);
	cr_assert_eq(mthp_size_index(4096), -1);
}

Test(mthp, an_enabled_file_offers_its_words)
{
	char text[128];

	cr_assert(mthp_offers("always inherit madvise [never]", "inherit"));
	cr_assert(mthp_offers("always inherit madvise [never]", "never"), "the selected one");
	cr_assert(mthp_offers("[always] inherit madvise never", "always"));
	cr_assert_not(mthp_offers("always [madvise] never", "inherit"));
	cr_assert_not(mthp_offers("always inherit madvise [never]", "nev"), "a word whole");
	cr_assert_not(mthp_offers("always inherit madvise [never]", "[never]"));
	cr_assert_not(mthp_offers("always inherit madvise [never]", ""));
	sysfs_set_root(REAL);
	cr_assert_eq(mthp_choices(64, text, sizeof(text)), 0);
	cr_assert_str_eq(text, "always inherit madvise [never]");
	cr_assert_eq(mthp_choices(2048, text, sizeof(text)), 0);
	cr_assert_str_eq(text, "always [inherit] madvise never");
	cr_assert_eq(mthp_choices(8, text, sizeof(text)), -ENOENT, "no anonymous 8K folio");
	cr_assert_eq(mthp_choices(4096, text, sizeof(text)), -ENOENT);
	cr_assert(mthp_mode_known("inherit"));
	cr_assert_not(mthp_mode_known("within_size"), "shmem's, not anonymous memory's");
}

/* --mthp through the option table: what it keeps, how it is echoed, what it refuses (exit 2,
 * one line naming the value). */
static int apply(struct config *cfg, const char *value, char *msg, size_t len)
{
	config_free(cfg);
	options_defaults(cfg);
	return option_apply(cfg, O_MTHP, value, msg, len);
}

Test(mthp, the_option_keeps_each_size_and_mode)
{
	struct config cfg = { 0 };
	char msg[512], buf[128];
	json_object *j;

	cr_assert_eq(apply(&cfg, "16K:always,hugepages-64kB:inherit,2M:never", msg, sizeof(msg)), 0,
		     "%s", msg);
	cr_assert_eq(cfg.mthp.n, 3);
	cr_assert_eq(cfg.mthp.v[0].kb, 16);
	cr_assert_str_eq(cfg.mthp.v[0].mode, "always");
	cr_assert_eq(cfg.mthp.v[1].kb, 64);
	cr_assert_str_eq(cfg.mthp.v[1].mode, "inherit");
	cr_assert_eq(cfg.mthp.v[2].kb, 2048);
	cr_assert_str_eq(cfg.mthp.v[2].mode, "never");
	cr_assert_str_eq(option_format(&cfg, O_MTHP, buf, sizeof(buf)),
			 "16K:always,64K:inherit,2M:never");
	j = options_to_json(&cfg);
	cr_assert_str_eq(json_object_get_string(json_object_object_get(j, "mthp")),
			 "16K:always,64K:inherit,2M:never");
	json_object_put(j);
	cr_assert_eq(apply(&cfg, "32K:madvise", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(cfg.mthp.n, 1, "given again, the list is the new one");
	config_free(&cfg);
	options_defaults(&cfg);
	j = options_to_json(&cfg);
	cr_assert(json_object_object_get_ex(j, "mthp", NULL));
	cr_assert_null(json_object_object_get(j, "mthp"), "not given: null");
	json_object_put(j);
	config_free(&cfg);
}

/* A size given more than one mode: an axis, a cell per combination, the last size's modes
 * varying fastest; the run's own setting each size's first mode. */
Test(mthp, a_size_given_two_modes_is_an_axis_of_their_combinations)
{
	struct config cfg = { 0 };
	const struct knob_axis *x;
	char msg[512];

	cr_assert_eq(apply(&cfg, "64K:always,2M:never,64K:never,2M:madvise,16K:inherit", msg,
			   sizeof(msg)),
		     0, "%s", msg);
	x = knob_axes_find(&cfg.knobs, O_MTHP);
	cr_assert_not_null(x);
	cr_assert_eq(x->n, 4);
	cr_assert_str_eq(x->values[0], "64K:always,2M:never,16K:inherit");
	cr_assert_str_eq(x->values[1], "64K:always,2M:madvise,16K:inherit");
	cr_assert_str_eq(x->values[2], "64K:never,2M:never,16K:inherit");
	cr_assert_str_eq(x->values[3], "64K:never,2M:madvise,16K:inherit");
	cr_assert_eq(cfg.mthp.n, 3);
	cr_assert_eq(cfg.mthp.v[1].kb, 2048);
	cr_assert_str_eq(cfg.mthp.v[0].mode, "always");
	cr_assert_str_eq(cfg.mthp.v[1].mode, "never");
	/* One size, two modes: the smallest axis. */
	cr_assert_eq(apply(&cfg, "64K:always,64K:never", msg, sizeof(msg)), 0, "%s", msg);
	x = knob_axes_find(&cfg.knobs, O_MTHP);
	cr_assert_not_null(x);
	cr_assert_eq(x->n, 2);
	cr_assert_str_eq(x->values[1], "64K:never");
	/* Given again with one mode a size: the axis is gone. */
	cr_assert_eq(apply(&cfg, "64K:always", msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_null(knob_axes_find(&cfg.knobs, O_MTHP));
	/* 12 combinations are an axis; 16 are refused. */
	cr_assert_eq(apply(&cfg,
			   "16K:always,16K:never,16K:madvise,32K:always,32K:never,"
			   "64K:always,64K:never",
			   msg, sizeof(msg)),
		     0, "%s", msg);
	cr_assert_eq(knob_axes_find(&cfg.knobs, O_MTHP)->n, 12);
	cr_assert_neq(apply(&cfg,
			    "16K:always,16K:never,32K:always,32K:never,64K:always,"
			    "64K:never,128K:always,128K:never",
			    msg, sizeof(msg)),
		      0);
	cr_assert(strstr(msg, "16 combinations of modes, more than 12 cells of an axis"), "%s",
		  msg);
	config_free(&cfg);
}

Test(mthp, the_option_refuses_what_no_kernel_takes)
{
	static const char *const bad[] = {
		"64K",
		"64K:",
		":always",
		"48K:always",
		"64K:sometimes",
		"64K:always,",
		",64K:always",
		"64K:always,,2M:never",
		"64K:always:never",
		"64K:within_size",
		"64K:always,64kB:always",
		"4K:always",
	};
	struct config cfg = { 0 };
	char msg[512], needle[128];

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		cr_assert_neq(apply(&cfg, bad[i], msg, sizeof(msg)), 0, "'%s' accepted", bad[i]);
		snprintf(needle, sizeof(needle), "--mthp '%s': ", bad[i]);
		cr_assert(strncmp(msg, needle, strlen(needle)) == 0, "%s", msg);
		cr_assert_null(strchr(msg, '\n'), "%s", msg);
	}
	cr_assert_neq(apply(&cfg, "64K:always,64kB:always", msg, sizeof(msg)), 0);
	cr_assert_str_eq(msg, "--mthp '64K:always,64kB:always': 64K:always given twice");
	cr_assert_neq(apply(&cfg, "16K:always,48K:always", msg, sizeof(msg)), 0);
	cr_assert_str_eq(msg,
			 "--mthp '16K:always,48K:always': '48K' is no folio size (a power of "
			 "two from 8K: 16K, 64K, 2M, or the kernel's 64kB)");
	cr_assert_neq(apply(&cfg, "64K:sometimes,2M:never", msg, sizeof(msg)), 0);
	cr_assert_str_eq(msg,
			 "--mthp '64K:sometimes,2M:never': 'sometimes' is no mode (always, "
			 "inherit, madvise or never)");
	cr_assert_neq(apply(&cfg, "64K:alwaysalwaysalways", msg, sizeof(msg)), 0);
	cr_assert_str_eq(msg,
			 "--mthp '64K:alwaysalwaysalways': 'alwaysalwaysalways' is no mode "
			 "(always, inherit, madvise or never)",
			 "cut to fit no mode: %s", msg);
	cr_assert_neq(apply(&cfg, "64K", msg, sizeof(msg)), 0);
	cr_assert_str_eq(msg,
			 "--mthp '64K': not a list of SIZE:MODE (e.g. 16K:always,64K:inherit)");
	cr_assert_neq(apply(&cfg, "64K:always,,2M:never", msg, sizeof(msg)), 0);
	cr_assert_str_eq(msg,
			 "--mthp '64K:always,,2M:never': not a list of SIZE:MODE (e.g. "
			 "16K:always,64K:inherit)");
	cr_assert_eq(
		apply(&cfg,
		      "8K:never,16K:never,32K:never,64K:never,128K:never,256K:never,512K:never,"
		      "1M:never,2M:never,4M:never,8M:never,16M:never,32M:never,64M:never,"
		      "128M:never,256M:never",
		      msg, sizeof(msg)),
		0, "sixteen sizes: %s", msg);
	cr_assert_eq(cfg.mthp.n, MTHP_SETTINGS_MAX);
	cr_assert_neq(
		apply(&cfg,
		      "8K:never,16K:never,32K:never,64K:never,128K:never,256K:never,512K:never,"
		      "1M:never,2M:never,4M:never,8M:never,16M:never,32M:never,64M:never,"
		      "128M:never,256M:never,512M:never",
		      msg, sizeof(msg)),
		0);
	cr_assert_not_null(strstr(msg, ": more than 16 items"), "%s", msg);
	config_free(&cfg);
}

/* A temporary machine: the fixture v2 (its cgroups and meminfo) with an mTHP tree beside. */
static char *machine(const char *mthp)
{
	char *root = temp_dir("zsb-unit-mthp"), cmd[3 * PATH_MAX];

	snprintf(cmd, sizeof(cmd), "cp -r '%s'/. '%s' && cp -r '%s'/. '%s'", FIXTURES "/v2", root,
		 mthp, root);
	cr_assert_eq(system(cmd), 0);
	return root;
}

static char said[1024];

/* preflight on root with --mthp given: its exit status, and what it said (in said). */
static int check(const char *root, const char *mthp)
{
	char *argv[] = { "zswapbench", "--sysroot", (char *)root, "--hogger",	"/bin/true",
			 "--swap",     "none",	    "--mthp",	  (char *)mthp, NULL };
	struct config cfg = { 0 };
	struct host host;
	char msg[512];
	int status;
	size_t n;

	cr_assert_eq(options_parse(command_of(NULL), 9, argv, &cfg, msg, sizeof(msg)), OPTIONS_RUN,
		     "%s", msg);
	sysfs_set_root(root);
	cr_assert_not_null(freopen("/tmp/zsb-unit-mthp-said.txt", "w+", stderr));
	status = preflight(&cfg, &host);
	fflush(stderr);
	rewind(stderr);
	n = fread(said, 1, sizeof(said) - 1, stderr);
	said[n] = '\0';
	config_free(&cfg);
	return status;
}

/* One line, the one expected. */
static void said_only(const char *line)
{
	char want[1024];

	snprintf(want, sizeof(want), "zswapbench: %s\n", line);
	cr_assert_str_eq(said, want);
}

Test(mthp, preflight_refuses_a_size_or_mode_this_kernel_lacks)
{
	char *real = machine(REAL), *cut = machine(CUT);

	cr_assert_eq(check(real, "64K:always,2M:madvise,16K:inherit"), 0, "%s", said);
	cr_assert_eq(check(real, "8K:always"), EXIT_USAGE, "8kB has no enabled");
	said_only("--mthp '8K:always': this kernel has no anonymous 8K folios; it has 16K, 32K, "
		  "64K, 128K, 256K, 512K, 1M, 2M");
	cr_assert_eq(check(real, "4M:always"), EXIT_USAGE, "no hugepages-4096kB");
	said_only("--mthp '4M:always': this kernel has no anonymous 4M folios; it has 16K, 32K, "
		  "64K, 128K, 256K, 512K, 1M, 2M");
	cr_assert_eq(check(real, "64K:always,4M:always"), EXIT_USAGE, "any one of them");
	cr_assert_eq(check(cut, "2M:inherit"), 0, "%s", said);
	cr_assert_eq(check(cut, "16K:always"), EXIT_USAGE, "a size this kernel lacks");
	said_only("--mthp '16K:always': this kernel has no anonymous 16K folios; it has 64K, 2M");
	cr_assert_eq(check(cut, "64K:inherit"), EXIT_USAGE, "its enabled lacks inherit");
	said_only(
		"--mthp '64K:inherit': /sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled "
		"offers only always madvise never");
	cr_assert_eq(check(cut, "64K:madvise"), 0, "%s", said);
	cr_assert_eq(check(cut, "64K:never"), 0, "the selected word is offered too: %s", said);
	cr_assert_eq(check(FIXTURES "/v2", "2M:always"), EXIT_UNSUPPORTED, "no mTHP at all");
	said_only("--mthp '2M:always': this kernel has no multi-size THP (no "
		  "/sys/kernel/mm/transparent_hugepage/hugepages-<N>kB/enabled; it came with Linux "
		  "6.8)");
	unlink("/tmp/zsb-unit-mthp-said.txt");
	remove_dir(real);
	remove_dir(cut);
}

Test(mthp, the_words_and_sizes_a_refusal_names)
{
	char buf[128];

	cr_assert_str_eq(mthp_choice_words("always inherit [madvise] never", buf, sizeof(buf)),
			 "always inherit madvise never");
	cr_assert_str_eq(mthp_choice_words("[always] never", buf, sizeof(buf)), "always never");
	cr_assert_str_eq(mthp_choice_words("always never", buf, 7), "always", "cut to fit");
	sysfs_set_root(REAL);
	cr_assert_eq(mthp_sizes_offered(buf, sizeof(buf)), 8, "8kB has no enabled");
	cr_assert_str_eq(buf, "16K, 32K, 64K, 128K, 256K, 512K, 1M, 2M");
	sysfs_set_root(CUT);
	cr_assert_eq(mthp_sizes_offered(buf, sizeof(buf)), 2);
	cr_assert_str_eq(buf, "64K, 2M");
	cr_assert_eq(mthp_sizes_offered(buf, 5), 2, "counted, though cut");
	cr_assert_str_eq(buf, "64K,");
	sysfs_set_root(FIXTURES "/v2");
	cr_assert_eq(mthp_sizes_offered(buf, sizeof(buf)), 0);
	cr_assert_str_eq(buf, "");
}

/* Set for the run as --thp is: the old choice journaled, written back by the rewind. */
Test(mthp, a_size_set_for_the_run_is_restored)
{
	char *root = machine(REAL), path[PATH_MAX], now[64], why[256];
	struct journal j;

	sysfs_set_root(root);
	journal_init(&j);
	cr_assert_eq(mthp_enabled_path(64, path, sizeof(path)), 0);
	cr_assert_str_eq(path, "/sys/kernel/mm/transparent_hugepage/hugepages-64kB/enabled");
	cr_assert_eq(param_set(&j, path, "always", why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(j.len, 1);
	cr_assert_str_eq(j.entries[0].path, path);
	cr_assert_str_eq(j.entries[0].value, "never", "the bracketed choice");
	cr_assert_geq(sysfs_read_line(path, now, sizeof(now)), 0);
	cr_assert_str_eq(now, "always");
	cr_assert_eq(journal_rewind(&j, 0), 0);
	cr_assert_geq(sysfs_read_line(path, now, sizeof(now)), 0);
	cr_assert_str_eq(now, "never");
	journal_free(&j);
	remove_dir(root);
}

/* The result file's config says the axis as typed, not its first value alone; read back as
 * --mthp it is the same axis. */
Test(mthp, an_axis_is_echoed_whole_in_the_result_s_config)
{
	struct config cfg = { 0 }, again = { 0 };
	char msg[512];
	json_object *j;
	const char *echoed;

	cr_assert_eq(apply(&cfg, "64K:always,64K:never,2M:never", msg, sizeof(msg)), 0, "%s", msg);
	j = options_to_json(&cfg);
	echoed = json_object_get_string(json_object_object_get(j, "mthp"));
	cr_assert_str_eq(echoed, "64K:always,2M:never,64K:never");
	cr_assert_eq(apply(&again, echoed, msg, sizeof(msg)), 0, "%s", msg);
	cr_assert_eq(knob_axes_find(&again.knobs, O_MTHP)->n, 2);
	cr_assert_str_eq(knob_axes_find(&again.knobs, O_MTHP)->values[1], "64K:never,2M:never");
	json_object_put(j);
	/* 1 is not 10's first digit: each value whole. */
	cr_assert_eq(option_apply(&cfg, O_SWAPPINESS, "10,1,100", msg, sizeof(msg)), 0, "%s", msg);
	j = options_to_json(&cfg);
	cr_assert_str_eq(json_object_get_string(json_object_object_get(j, "swappiness")),
			 "10,1,100");
	json_object_put(j);
	config_free(&again);
	config_free(&cfg);
}
