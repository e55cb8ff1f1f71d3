/*
 * Plots of one or several result files, drawn by gnuplot as fio's fio2gnuplot and mmtests'
 * graph scripts do. Each plot is a gnuplot script with its data inline, NAME.gp, kept beside
 * the picture it draws, NAME.svg (or NAME.png), so a plot can be edited and drawn again with
 * `gnuplot NAME.gp` in that folder. The plots, where the data is there:
 *
 *   bandwidth-MODE   a block device's bandwidth against jobs, a plot per fio mode, a line per
 *                    setup (per file and setup of several), reads solid, writes dashed; the
 *                    median of the trials, bars the median's interval
 *   memory-CELL      cgroup memory and swap, zram's compressed size or what zswap stores,
 *                    against time: every trial thin, the median trial (by elapsed) bold
 *   psi-CELL         memory stall time (PSI some, system and the workload's cgroup) against time
 *   fill-curve       MiB written against time, every cell on one plot
 *   trials-elapsed, trials-cpu, trials-compression-ratio
 *                    per cell, sorted by median: each trial a dot, failed trials a cross, the
 *                    median a bar, the median's interval a box
 *   sweep-jobs, sweep-limit, sweep-comp
 *                    median elapsed (a service: throughput) against the swept option, a line
 *                    per backend, bars the median's interval (not for a block device, whose
 *                    cells are fio's modes as well: bandwidth-MODE draws them)
 *
 * A cell is drawn by what the verdict decided on: its median, never its mean, with the interval
 * the tables give it (summary_median_interval: the 95% one, or the range of the trials where
 * they are too few for it, said so in the title or the key; plot_bars.c).
 *
 * and of a savings answer (zswapbench savings), not a result set:
 *
 *   savings          the slowdown of each step of the search against its memory limit, a line
 *                    per backend, bars the slowdown's interval; a step whose trials failed
 *                    marked at the top; the target and the footprint as lines; the key gives
 *                    each backend's answer with its interval
 *
 * and of a profile (zswapbench record):
 *
 *   profile-memory   anonymous, file, shared and swapped memory and what was touched each
 *                    interval, against time
 *   profile-heat     a row per region (the 16 that held the most), each interval's share of it
 *                    touched as a colour
 *
 * CELL is the cell's label reduced to letters, digits and dashes ("zswap-lzo-jobs-2").
 * With several result sets, cells are matched by label and each set has its colour.
 *
 * plot.c makes the sets ready and draws the views in this order; each view is a file
 * (plot_bandwidth.c, plot_time.c, plot_fill.c, plot_trials.c, plot_sweep.c; plot_savings.c for
 * the answer) on what they share: gnuplot and the folder (plot_ctx.c), a script with its
 * datablocks (plot_script.c, plot_data.c), titles (plot_titles.c), what they read of the cells
 * (plot_cells.c), and the gnuplot process (plot_gnuplot.c).
 */
#ifndef ZSB_PLOT_H
#define ZSB_PLOT_H
#include <stddef.h>

#include "runner/report/plot/plot_output.h"
#include "runner/result/results.h"
#include "runner/profile/profile.h"
#include "runner/result/savings.h"

/* Is gnuplot on PATH? Checked before a run that asks for plots changes anything. */
int plot_available(void);
/* What a user without gnuplot is told. */
#define PLOT_NO_GNUPLOT "gnuplot is not installed: apt-get install gnuplot-nox"

/*
 * Writes the plots of the n result sets into dir, which is created if it is missing (one
 * level). names[i] names set i in titles and keys when n > 1 (the file names); NULL gives
 * "run 1", "run 2"... png: PNG pictures instead of SVG. out may be NULL; after a failure it
 * holds what was done until then, and is freed with plot_output_free either way.
 * Returns 0; -ENOENT when gnuplot is not on PATH (nothing is written; the caller says
 * "install gnuplot-nox" and exits 3); -EINVAL for no sets;
 * -EIO when gnuplot failed on a script (why holds its message); another -errno for a file
 * that could not be written. why names the file or says what is missing.
 */
int plot_results(const struct results *const *sets, const char *const *names, size_t n,
		 const char *dir, int png, struct plot_output *out, char *why, size_t why_len);
/* The savings picture of an answer into dir/savings.svg (or .png), with its script; the rest
 * as plot_results (plot_savings.c). */
int plot_savings(const struct savings_report *r, const char *dir, int png, struct plot_output *out,
		 char *why, size_t why_len);
/* A profile's pictures, profile-memory and profile-heat, into dir; the rest as plot_results
 * (plot_profile.c). */
int plot_profile(const struct profile *p, const char *dir, int png, struct plot_output *out,
		 char *why, size_t why_len);

#endif
