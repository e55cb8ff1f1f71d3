/* The machine's facts at their edges, on tests/fixtures/system-edges (a hybrid cgroup machine
 * whose kernel says little: smt/control alone, KSM stopped after unmerging, a built-in zram with
 * one device) and on temporary files for the small readers; the warnings from facts set by
 * hand. */
#include <criterion/criterion.h>
#include <json.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/kernel/sysfs.h"
#include "runner/system/fact_table.h"
#include "runner/system/facts_util.h"
#include "runner/system/sysinfo.h"
#include "fixture.h"
#include "tools.h"

#define EDGES FIXTURES "/system-edges"

static struct sysinfo_facts collect(const char *root)
{
	struct sysinfo_facts s;

	sysfs_set_root(root);
	cr_assert_eq(sysinfo_collect(&s, NULL), 0);
	sysfs_set_root(NULL);
	return s;
}

Test(system_edges, what_a_terse_kernel_still_says)
{
	struct sysinfo_facts s = collect(EDGES);

	cr_assert_eq(s.cpu.smt_active, 1, "smt/control on, no smt/active: on");
	cr_assert_eq(s.mm.ksm_running, 0, "run 2: stopped after unmerging");
	cr_assert_eq(s.zram.module, 1,
		     "built in: no module entry, no zram-control, zram0 is there");
	cr_assert_str_eq(s.zram.device, "zram0");
	cr_assert_str_eq(s.zram.algorithms, "lzo lzo-rle lz4 zstd");
	cr_assert_str_eq(s.cgroup.mode, "hybrid");
	cr_assert_str_eq(s.cgroup.v1_controllers, "blkio memory",
			 "the controllers bound to a hierarchy, not cpuset or rdma");
	cr_assert_str_eq(s.cgroup.v2_controllers, "cpuset cpu io pids");
}

/* A v2 machine without the memory controller: still v2, not unknown. */
Test(system_edges, a_cgroup_mode_without_memory)
{
	struct sysinfo_facts s = collect(FIXTURES "/v2-nomem");

	cr_assert_str_eq(s.cgroup.mode, "v2");
}

/* Small files as the kernel writes them, or nearly. */
static char *root;

static void put(const char *name, const char *text)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, name);
	cr_assert_not_null(f = fopen(path, "w"), "%s", path);
	fputs(text, f);
	fclose(f);
}

static void make_root(void)
{
	root = temp_dir("zsb-unit-facts");
	sysfs_set_root(root);
}

static void drop_root(void)
{
	sysfs_set_root(NULL);
	remove_dir(root);
}

Test(system_edges, lines_numbers_and_yes_or_no, .init = make_root, .fini = drop_root)
{
	char buf[32];

	put("tabbed", "zstd\t \t\n");
	cr_assert_eq(facts_line("/tabbed", buf, sizeof(buf)), 0);
	cr_assert_str_eq(buf, "zstd", "trailing blanks and tabs dropped");
	put("n", "60\n");
	cr_assert_eq(facts_int("/n"), 60);
	put("n", "60x\n");
	cr_assert_eq(facts_int("/n"), SYSINFO_UNKNOWN);
	put("n", "2147483648\n");
	cr_assert_eq(facts_int("/n"), SYSINFO_UNKNOWN, "past an int");
	put("b", "on\n");
	cr_assert_eq(facts_yes_no("/b"), 1);
	put("b", "off\n");
	cr_assert_eq(facts_yes_no("/b"), 0);
	put("b", "Y\n");
	cr_assert_eq(facts_yes_no("/b"), 1);
	put("b", "maybe\n");
	cr_assert_eq(facts_yes_no("/b"), SYSINFO_UNKNOWN);
}

/* The cut leaves room for ",..." and the NUL, exactly. */
Test(system_edges, ranges_cut_to_the_byte)
{
	int even[] = { 0, 2, 4, 6, 8, 10, 12 }, pair[] = { 4, 5, 9 };
	char buf[32];

	facts_ranges(even, 7, buf, 12);
	cr_assert_str_eq(buf, "0,2,4,6,...");
	facts_ranges(pair, 3, buf, sizeof(buf));
	cr_assert_str_eq(buf, "4-5,9");
	cr_assert_eq(facts_cpu_list_count("4-5,9"), 3);
	cr_assert_eq(facts_cpu_list_count("3-3"), 1);
}

/* Three areas are named in the sentence; a fourth makes it "and 2 more". */
Test(system_edges, other_swap_areas_by_name)
{
	char w[SYSINFO_MAX_WARNINGS][SYSINFO_WARNING_LEN];
	struct sysinfo_facts s;
	size_t n;

	facts_init(&s);
	s.swap.nareas = 3;
	strcpy(s.swap.areas[0].name, "/dev/sda3");
	strcpy(s.swap.areas[1].name, "/swapfile");
	strcpy(s.swap.areas[2].name, "/dev/zram0");
	strcpy(s.swap.areas[3].name, "/dev/zram1");
	n = sysinfo_warnings(&s, w, SYSINFO_MAX_WARNINGS);
	cr_assert_eq(n, 1);
	cr_assert(strstr(w[0], "Swap areas already active (/dev/sda3, /swapfile, /dev/zram0): "),
		  "%s", w[0]);
	s.swap.nareas = 4;
	n = sysinfo_warnings(&s, w, SYSINFO_MAX_WARNINGS);
	cr_assert(strstr(w[0], "(/dev/sda3, /swapfile and 2 more): "), "%s", w[0]);
}

/* One policy not on performance: "policy", not "policies". */
Test(system_edges, one_policy_is_a_policy)
{
	char w[SYSINFO_MAX_WARNINGS][SYSINFO_WARNING_LEN];
	struct sysinfo_facts s;

	facts_init(&s);
	s.cpu.policies = 2;
	s.cpu.ngovernors = 2;
	strcpy(s.cpu.governors[0].name, "performance");
	strcpy(s.cpu.governors[0].policies, "0");
	s.cpu.governors[0].count = 1;
	strcpy(s.cpu.governors[1].name, "powersave");
	strcpy(s.cpu.governors[1].policies, "1");
	s.cpu.governors[1].count = 1;
	cr_assert_eq(sysinfo_warnings(&s, w, SYSINFO_MAX_WARNINGS), 1);
	cr_assert(strstr(w[0], "CPU frequency governor powersave on policy 1, not performance"),
		  "%s", w[0]);
}

/* A fact's text as sysinfo_print shows it. */
static const char *text_of(const struct sysinfo_facts *s, const char *key)
{
	static char buf[512];

	cr_assert_not_null(sysinfo_fact_find(key), "%s", key);
	sysinfo_fact_text(sysinfo_fact_find(key), s, buf, sizeof(buf));
	return buf;
}

/* A fact's JSON, serialized as the result file has it (to free). */
static char *json_of(const struct sysinfo_facts *s, const char *key)
{
	json_object *v = sysinfo_fact_json(sysinfo_fact_find(key), s);
	char *text = strdup(v ? json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN) : "null");

	json_object_put(v);
	return text;
}

Test(system_edges, the_rows_of_facts_set_by_hand)
{
	struct sysinfo_facts s;
	char *j;

	facts_init(&s);
	cr_assert_str_eq(text_of(&s, "zram/device"), "none", "its own word for nothing");
	cr_assert_str_eq(text_of(&s, "swap_dir/path"), "not given");
	cr_assert_str_eq(text_of(&s, "cpu/model"), "unknown");
	cr_assert_str_eq(text_of(&s, "cgroup/v1_controllers"), "unknown", "no cgroup mode");
	strcpy(s.cgroup.mode, "v2");
	cr_assert_str_eq(text_of(&s, "cgroup/v1_controllers"), "none", "v2 alone: no v1 list");
	j = json_of(&s, "cgroup/v1_controllers");
	cr_assert_str_eq(j, "[]");
	free(j);
	s.cpu.policies = 1;
	s.cpu.ngovernors = 1;
	strcpy(s.cpu.governors[0].name, "schedutil");
	cr_assert_str_eq(text_of(&s, "cpu/governor"), "schedutil (all 1 policy)");
	s.cpu.boost = 1;
	strcpy(s.cpu.boost_source, "/sys/devices/system/cpu/cpufreq/boost");
	cr_assert_str_eq(text_of(&s, "cpu/boost"), "on (/sys/devices/system/cpu/cpufreq/boost)");
}

/* JSON as the kernel prints the numbers (two decimals); a paranoid level that is no number is
 * null. */
Test(system_edges, the_json_of_facts_set_by_hand)
{
	struct sysinfo_facts s;
	char *j;

	facts_init(&s);
	s.mem.load[0] = 3.42;
	s.mem.load[1] = 1.05;
	s.mem.load[2] = 0.5;
	j = json_of(&s, "memory/loadavg");
	cr_assert_str_eq(j, "[3.42,1.05,0.50]");
	free(j);
	strcpy(s.perf.paranoid, "-1");
	j = json_of(&s, "perf/paranoid");
	cr_assert_str_eq(j, "-1");
	free(j);
	strcpy(s.perf.paranoid, "2x");
	j = json_of(&s, "perf/paranoid");
	cr_assert_str_eq(j, "null");
	free(j);
}
