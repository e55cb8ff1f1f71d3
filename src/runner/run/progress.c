#include "runner/run/progress.h"
#include "runner/base/lines.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "common/clock.h"
#include "common/util.h"
#include "runner/base/escape.h"

static struct progress *current;

void progress_init(struct progress *p, size_t total, unsigned ncells, int quiet)
{
	memset(p, 0, sizeof(*p));
	p->live = isatty(STDERR_FILENO) && !quiet;
	p->quiet = quiet;
	p->total = total;
	p->ncells = ncells;
	p->start_ns = clock_now_ns();
	current = p;
}

void progress_forget(const struct progress *p)
{
	if (current == p)
		current = NULL;
}

void progress_clear(void)
{
	if (current && current->shown) {
		fputs("\r\033[K", stderr);
		current->shown = 0;
	}
}

/* A label, a trial's note, a command's own words: escaped on their way to the terminal. */
static void put_escaped(const char *s)
{
	escape_write(s, strlen(s), stderr);
}

static void clock_text(double s, char *buf, size_t len)
{
	snprintf(buf, len, "%d:%02d", (int)s / 60, (int)s % 60);
}

static void draw(struct progress *p)
{
	double elapsed = seconds_since(p->start_ns);
	char e[16], eta[16] = "?";

	if (p->done)
		clock_text(elapsed / (double)p->done * (double)(p->total - p->done), eta,
			   sizeof(eta));
	clock_text(elapsed, e, sizeof(e));
	fputs("\r\033[K", stderr);
	put_escaped(p->cell);
	fprintf(stderr, " (cell %u/%u) %s %u/%u: %s", p->cell_i, p->ncells,
		p->warmup ? "warmup" : "trial", p->trial_j, p->ntrials, p->phase);
	if (!strcmp(p->phase, "fill") && p->alloc)
		fprintf(stderr, " %.0f/%.0f MiB", (double)p->bytes / MIB_BYTES,
			(double)p->alloc / MIB_BYTES);
	fprintf(stderr, "  %s elapsed, ETA %s", e, eta);
	fflush(stderr);
	p->shown = 1;
	p->drawn_ns = clock_now_ns();
}

void progress_trial(struct progress *p, const char *cell, unsigned cell_i, unsigned trial_j,
		    unsigned ntrials, int warmup, uint64_t alloc)
{
	snprintf(p->cell, sizeof(p->cell), "%s", cell);
	p->cell_i = cell_i;
	p->trial_j = trial_j;
	p->ntrials = ntrials;
	p->warmup = warmup;
	p->alloc = alloc;
	p->trial_ns = clock_now_ns();
	snprintf(p->phase, sizeof(p->phase), "setup");
	p->bytes = 0;
	if (p->live)
		draw(p);
}

void progress_phase(void *arg, const char *phase, uint64_t bytes)
{
	struct progress *p = arg;

	if (!p || !p->live)
		return;
	snprintf(p->phase, sizeof(p->phase), "%s", phase);
	p->bytes = bytes;
	if (clock_now_ns() - p->drawn_ns >= 100000000ULL || strcmp(phase, "fill"))
		draw(p);
}

const char *progress_last_lines(const char *text, unsigned n)
{
	size_t len;
	return last_lines(text, strlen(text), n, &len);
}

void progress_failed_output(const struct trial *t, const char *who, unsigned lines)
{
	for (unsigned i = 0; i < t->njobs; i++) {
		const struct job_result *j = &t->jobs[i];
		const char *from, *end;
		size_t len;
		if (j->status != TRIAL_FAILED || !j->output || !j->output[0])
			continue;
		progress_clear();
		fflush(stdout);
		from = last_lines(j->output, strlen(j->output), lines, &len);
		end = from + len;
		put_escaped(who);
		fputs("'s last lines:\n", stderr);
		while (from < end) {
			size_t n = strcspn(from, "\n");
			if ((size_t)(end - from) < n)
				n = (size_t)(end - from);
			fputs("    ", stderr);
			escape_write(from, n, stderr);
			fputc('\n', stderr);
			from += n + 1;
		}
		return; /* one job says why; the others of the trial failed alike */
	}
}

/* A device's own numbers: fio's bandwidth, or the filesystem's read phase. */
static void device_numbers(const struct trial *t)
{
	if (t->have[M_WRITE_BW])
		fprintf(stderr, ", write %.0f MiB/s", t->value[M_WRITE_BW]);
	if (t->have[M_READ_BW])
		fprintf(stderr, ", read %.0f MiB/s", t->value[M_READ_BW]);
	if (t->have[M_FS_READ_TIME])
		fprintf(stderr, ", read back in %.3f s", t->value[M_FS_READ_TIME]);
}

/* A finished trial keeps its line: status (and why it failed), elapsed, swap or the device's
 * bandwidth, and compression. */
void progress_done(struct progress *p, const struct result_cell *c, const struct trial *t)
{
	p->done++;
	if (p->quiet)
		return;
	progress_clear();
	fflush(stdout);
	put_escaped(c->label);
	fprintf(stderr, ": %s %u/%u: %s", t->warmup ? "warmup" : "trial", p->trial_j, p->ntrials,
		trial_status_name(t->status));
	if (t->status != TRIAL_OK && t->note[0]) {
		fputs(" (", stderr);
		put_escaped(t->note);
		fputc(')', stderr);
	}
	if (t->have[M_ELAPSED])
		fprintf(stderr, ", elapsed %.3f s", t->value[M_ELAPSED]);
	device_numbers(t);
	if (t->have[M_SWAP_PEAK] && !c->mode[0] && !t->have[M_FS_FLUSH_TIME])
		fprintf(stderr, ", cgroup swap %.1f MiB", t->value[M_SWAP_PEAK] / MIB_BYTES);
	if (t->have[M_COMP_RATIO])
		fprintf(stderr, ", compression %.2fx", t->value[M_COMP_RATIO]);
	fputc('\n', stderr);
}
