/* Where a run is, on stderr: on a terminal one live line (cell i/N, trial j/M, phase, MiB
 * filled, elapsed, ETA from the trials so far); elsewhere a plain line per finished trial. */
#ifndef ZSB_PROGRESS_H
#define ZSB_PROGRESS_H
#include <stddef.h>
#include <stdint.h>

#include "runner/result/results.h"

struct progress {
	int live; /* stderr is a terminal */
	int quiet;
	size_t total, done; /* trials in the schedule, and finished */
	uint64_t start_ns, trial_ns, drawn_ns;
	char cell[96];
	unsigned cell_i, ncells, trial_j, ntrials;
	int warmup;
	uint64_t alloc;
	char phase[16];
	uint64_t bytes;
	int shown; /* a live line is on the screen */
};

void progress_init(struct progress *p, size_t total, unsigned ncells, int quiet);
void progress_trial(struct progress *p, const char *cell, unsigned cell_i, unsigned trial_j,
		    unsigned ntrials, int warmup, uint64_t alloc);
/* From inside the trial: its phase and the bytes written so far (redrawn at most 10 times a
 * second). */
void progress_phase(void *p, const char *phase, uint64_t bytes);
void progress_done(struct progress *p, const struct result_cell *c, const struct trial *t);
/* Takes the live line off the screen (before any other message, and at the end). */
void progress_clear(void);
/* The run that owned p is over: messages no longer clear its line (calibrate and savings run
 * one run after another, each with its progress on its own stack). */
void progress_forget(const struct progress *p);
/* Where the last n lines of text start (its end's blank lines not counted): text itself when
 * it has no more. */
const char *progress_last_lines(const char *text, unsigned n);
/* The failed job's last lines of output on stderr, indented: why a command failed, which the
 * trial's note gives only one line of. Nothing for the hogger, which keeps no output. */
void progress_failed_output(const struct trial *t, const char *who, unsigned lines);

#endif
