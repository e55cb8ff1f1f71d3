/* The table of commands: each one's word, entry point, the options it takes, the result files
 * it needs, and the words of its --help (which the man page shares). */
#include "runner/commands/commands.h"

#include <string.h>

#include "common/util.h"

const struct command_info commands[] = {
	{ .name = "run",
	  .implicit = 1,
	  .run = run_experiment,
	  .options = CMD_RUN,
	  .usage = "[options] [-- COMMAND [ARG...]]",
	  .about = "Measures a workload that does not fit in memory under disk swap, zram or "
		   "zswap:\n"
		   "a memory cgroup per trial, a swap backend of its own, a hogger inside (or\n"
		   "COMMAND, run without a shell, in its place).",
	  .man_about = "The run, with no command word: one cell per backend, compressor, job count "
		       "and limit, "
		       "each with its trials, then the answer on stdout and the result file. Its "
		       "options are the "
		       "Run options below." },
	{ .name = "show",
	  .run = show_run,
	  .options = CMD_SHOW,
	  .files = 1,
	  .usage = "[options] FILE...",
	  .brief = "FILE...",
	  .about = "Prints saved result files as a run prints its results: the short answer, or "
		   "with\n"
		   "--verbose every metric; --format csv gives one long table of every trial of\n"
		   "every file." },
	{ .name = "compare",
	  .run = compare_run,
	  .options = CMD_COMPARE,
	  .files = 2,
	  .usage = "[options] BASE.json NEW.json [MORE.json...]",
	  .brief = "BASE.json NEW.json...",
	  .about =
		  "Compares the cells that two or more result files have in common (same backend,\n"
		  "compressor, jobs, limit, limit mode, data, access and allocation), metric by\n"
		  "metric, with the uncertainty of each change: two kernels, two machines, before\n"
		  "and after (--match pairs cells on fewer keys, the rest named as confounds).\n"
		  "Between runs the runs are the unit: several runs a side "
		  "(--group-by)\n"
		  "are tested on their medians, one run a side only against a calibration\n"
		  "(zswapbench calibrate)." },
	{ .name = "plot",
	  .run = plot_run,
	  .options = CMD_PLOT,
	  .files = 1,
	  .usage = "[options] FILE...",
	  .brief = "FILE...",
	  .about = "Draws saved result files with gnuplot: memory and PSI over time per cell, the\n"
		   "fill curve, every trial per cell, and sweeps against their axis; several "
		   "files,\n"
		   "one colour each. Each picture comes with its gnuplot script (NAME.gp) to edit\n"
		   "and redraw. The answer of zswapbench savings, given alone, is drawn as its\n"
		   "search: slowdown against the memory limit, a line per backend; a profile of\n"
		   "record, alone, as its memory over time and its regions' heat." },
	{ .name = "report",
	  .run = report_run,
	  .options = CMD_REPORT,
	  .files = 1,
	  .usage = "[options] FILE...",
	  .brief = "FILE...",
	  .about = "One self-contained HTML file: the verdict, the cells with their uncertainty, "
		   "the\n"
		   "plots, the warnings, the machine and the configuration; for several files, "
		   "their\n"
		   "comparison. It opens anywhere, from a mail attachment or a CI artifact." },
	{ .name = "calibrate",
	  .run = calibrate_run,
	  .options = CMD_CALIBRATE,
	  .usage = "[--runs K] [options] [-- COMMAND [ARG...]]",
	  .man_usage = "[options] [-- COMMAND [ARG...]]",
	  .about = "Runs the configuration the options describe K times as independent runs and\n"
		   "measures how far apart their medians land on this machine. compare then tests "
		   "a\n"
		   "change between two single runs of this host and configuration against that\n"
		   "spread; without it, it does not test them." },
	{ .name = "savings",
	  .run = savings_run,
	  .options = CMD_SAVINGS,
	  .usage = "[--slowdown PCT] [options] [-- COMMAND [ARG...]]",
	  .man_usage = "[options] [-- COMMAND [ARG...]]",
	  .about = "How much memory each swap setup saves: per backend, the smallest memory limit\n"
		   "at which the workload stays within --slowdown of its run with no limit and no\n"
		   "swap, found by a bisection of runs (each step the reference and the backend\n"
		   "interleaved, a step settled by a test of its trials against the slowdown and\n"
		   "ended as soon as it is: from --min-trials (5) a cell, at most --trials (10)),\n"
		   "printed as the memory saved with its interval. --dry-run says how many trials\n"
		   "it takes at most." },
	{ .name = "record",
	  .run = record_run,
	  .options = CMD_RECORD,
	  .usage = "--pid PID [--duration TIME] [options]",
	  .man_usage = "--pid PID [options]",
	  .about = "Records a running process's memory, as statistics only: its footprint and the\n"
		   "memory it touches, every --heat-interval for --duration, then how its pages\n"
		   "compress under each algorithm of this kernel's zram, sized by zram itself on\n"
		   "scratch devices. No byte of a page is kept; `show` prints the profile." },
	{ .name = "sysinfo",
	  .run = sysinfo_run,
	  .options = CMD_SYSINFO,
	  .usage = "[options]",
	  .about =
		  "What this machine offers a swap benchmark and what would disturb one: cgroups,\n"
		  "zram, zswap, the swap areas in use, memory and CPU settings, and the "
		  "swapfile's\n"
		  "disk. Changes nothing; every result file keeps the same facts." },
	{ .name = "list-configs",
	  .main = list_configs_main,
	  .usage = "",
	  .about = "The preset experiments: zswapbench --config NAME runs one.",
	  .man_about =
		  "Lists the preset experiments (FILES), each with the first line of its comment; "
		  "zswapbench --config NAME runs one." },
	{ .name = "cleanup",
	  .main = cleanup_main,
	  .usage = "",
	  .about = "Undoes, newest first, what a run that was killed (SIGKILL, a power loss) left\n"
		   "changed: its cgroups, swap areas, zram devices, swapfiles and parameters, as "
		   "the\n"
		   "journal names them. It says what it restored; running it again is harmless." },
	{ .name = "help",
	  .main = help_main,
	  .usage = "[COMMAND]",
	  .brief = "[COMMAND]",
	  .about =
		  "The help of COMMAND, as 'zswapbench COMMAND --help' prints it; 'run' names the\n"
		  "run; with none, the run's." },
};
const size_t ncommands = ARRAY_SIZE(commands);

const struct command_info *command_of(const char *word)
{
	const struct command_info *run = NULL;

	for (size_t i = 0; i < ncommands; i++)
		if (commands[i].implicit)
			run = &commands[i];
		else if (word && strcmp(commands[i].name, word) == 0)
			return &commands[i];
	return run;
}
