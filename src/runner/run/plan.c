#include "runner/run/plan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/access.h"
#include "common/size.h"
#include "common/util.h"
#include "runner/base/command_words.h"
#include "runner/cli/option_set.h"
#include "runner/cli/option_table.h"

uint64_t plan_hogger_bytes(uint64_t alloc, unsigned jobs, uint64_t chunk)
{
	uint64_t share = alloc / jobs;
	return jobs * ((share + chunk - 1) / chunk) * chunk;
}

uint64_t plan_swap_size(const struct config *cfg)
{
	/* With --swap-fraction each cell's allocation follows its limit; --alloc (300M by
	 * default) is not allocated by any cell and must not size the swap. */
	uint64_t most = cfg->alloc_per_job || cfg->swap_fraction > 0 ? 0 : cfg->alloc;

	if (cfg->backend.size)
		return cfg->backend.size;
	for (size_t i = 0; i < cfg->jobs.n && cfg->alloc_per_job; i++)
		if (cfg->alloc_per_job * cfg->jobs.v[i] > most)
			most = cfg->alloc_per_job * cfg->jobs.v[i];
	for (size_t s = 0; s < cfg->nsections && cfg->alloc_per_job; s++)
		for (size_t i = 0; i < cfg->sections[s].jobs.n; i++)
			if (cfg->alloc_per_job * cfg->sections[s].jobs.v[i] > most)
				most = cfg->alloc_per_job * cfg->sections[s].jobs.v[i];
	for (size_t i = 0; i < cfg->limit.n && cfg->swap_fraction > 0; i++)
		if ((uint64_t)((double)cfg->limit.v[i] / (1.0 - cfg->swap_fraction)) > most)
			most = (uint64_t)((double)cfg->limit.v[i] / (1.0 - cfg->swap_fraction));
	for (size_t s = 0; s < cfg->nsections && cfg->swap_fraction > 0; s++)
		for (size_t i = 0; i < cfg->sections[s].limit.n; i++)
			if ((uint64_t)((double)cfg->sections[s].limit.v[i] /
				       (1.0 - cfg->swap_fraction)) > most)
				most = (uint64_t)((double)cfg->sections[s].limit.v[i] /
						  (1.0 - cfg->swap_fraction));
	return (most + (1 << 20) - 1) & ~((1ULL << 20) - 1);
}

void plan_swapfile(const struct config *cfg, pid_t pid, char *buf, size_t len)
{
	if (cfg->backend.disk.swapfile[0])
		snprintf(buf, len, "%s", cfg->backend.disk.swapfile);
	else
		snprintf(buf, len, "/var/tmp/zswapbench-%d.swap", (int)pid);
}

const struct workload_driver *plan_driver(const struct config *cfg, const char **args)
{
	const struct workload_driver *named = driver_named(cfg->workload, args);

	/* The checks refused a named driver beside a device target, a server or a command. */
	if (!named)
		*args = "";
	if (cfg->driver.device.target == USE_BLOCK)
		return &driver_block;
	if (cfg->driver.device.target == USE_FS)
		return &driver_fs;
	if (cfg->driver.service.load[0])
		return &driver_service;
	if (cfg->command)
		return &driver_command;
	return named ? named : &driver_hogger;
}

/* A driver's own command line: one process, which starts its jobs itself. */
static int build_driver_workload(struct plan_cell *c)
{
	const struct driver_cell_in in = { c->driver_args, c->jobs, c->alloc };
	int ret = c->driver->plan(&in, &c->driver_cell);

	c->workload.jobs = 1;
	c->workload.command = 1;
	c->workload.argv = c->driver_cell.argv;
	return ret;
}

/* The hogger with this cell's share (each job alloc / jobs), the user's command, fio, or the
 * command line of the cell's driver. */
static int build_workload(const struct config *cfg, const char *hogger, struct plan_cell *c)
{
	struct workload_spec *spec = &c->workload;
	struct hogger_args a = {
		.path = hogger,
		.alloc = c->alloc / c->jobs,
		.chunk = cfg->chunk,
		.data = cfg->data_pages[0] ? cfg->data_pages : cfg->data,
		.access = cfg->access,
		.threads = cfg->threads,
		.no_seccomp = cfg->no_seccomp,
		.prefault = cfg->prefault,
		.madvise_hugepage = cfg->madvise_hugepage,
		.no_latency = cfg->latency == SWITCH_OFF,
	};
	struct access mode;

	spec->jobs = c->mode >= 0 ? 1 : c->jobs; /* fio starts the block device's jobs itself */
	if (c->mode >= 0) {
		spec->command = 1;
		spec->argv = c->fio_argv;
		return 0;
	}
	if (cfg->command) {
		spec->command = 1;
		spec->argv = cfg->command;
		return 0;
	}
	if (c->driver->plan)
		return build_driver_workload(c);
	if (access_parse(cfg->access, &mode) == 0 && mode.kind == ACCESS_TABS) {
		spec->tab_cycles = mode.passes;
		spec->tab_recent = mode.recent;
		spec->tab_seed = cfg->seed ^ 0x7AB5;
	}
	hogger_argv_build(&c->hogger, &a);
	spec->argv = c->hogger.argv;
	return 0;
}

/* The axes of one group of cells: the whole run, or a section of its config file. */
struct axes {
	const char *section; /* NULL: the run's own cells */
	const struct name_list *swap, *comp;
	const struct count_list *jobs;
	const struct size_list *limit;
	const struct knob_axes *knobs;
};

/* Name only the axes that vary: "zram:lz4", "zswap jobs=2 limit=100M"; a section's cell is
 * named by its section, and by what varies inside it. */
static void label_cell(const struct axes *a, struct plan_cell *c)
{
	size_t at = 0, len = sizeof(c->label);
	int alone = a->swap->n * (a->comp->n ? a->comp->n : 1) * a->jobs->n * a->limit->n *
			knob_axes_combinations(a->knobs) ==
		1;
	char size[32];

	if (a->section)
		at = (size_t)snprintf(c->label, len, "%s%s", a->section, alone ? "" : " ");
	if (a->section && alone)
		return;
	at += (size_t)snprintf(c->label + at, len - at, "%s%s%s", c->backend->name,
			       c->comp ? ":" : "", c->comp ? c->comp : "");
	if (a->jobs->n > 1 && at < len)
		at += (size_t)snprintf(c->label + at, len - at, " jobs=%u", c->jobs);
	if (a->limit->n > 1 && at < len)
		at += (size_t)snprintf(c->label + at, len - at, " limit=%s",
				       size_format(c->limit, size, sizeof(size)));
	for (unsigned k = 0; k < c->nknobs && at < len; k++)
		if (knob_axes_find(a->knobs, c->knob_id[k])->n > 1)
			at += (size_t)snprintf(c->label + at, len - at, " %s=%s",
					       option_row(c->knob_id[k])->name, c->knob_value[k]);
	if (c->mode >= 0 && at < len)
		snprintf(c->label + at, len - at, " %s", fio_modes[c->mode].name);
}

/* The cell's settings: the run's, or a copy with its values of the knob axes set (each was
 * checked as the option was read). */
static int cell_settings(struct plan_cell *c, const struct config *cfg, const struct axes *a,
			 size_t combination)
{
	unsigned pick[KNOB_AXES_MAX];
	char why[OPTION_REASON_LEN];
	int ret = 0;

	c->cfg = cfg;
	if (!a->knobs->n)
		return 0;
	c->own_cfg = malloc(sizeof(*c->own_cfg));
	if (!c->own_cfg || config_copy(c->own_cfg, cfg)) {
		free(c->own_cfg);
		c->own_cfg = NULL;
		return -ENOMEM;
	}
	c->cfg = c->own_cfg;
	knob_axes_pick(a->knobs, combination, pick);
	for (unsigned k = 0; k < a->knobs->n && !ret; k++) {
		c->knob_id[k] = a->knobs->v[k].id;
		c->knob_value[k] = a->knobs->v[k].values[pick[k]];
		ret = option_set(c->own_cfg, c->knob_id[k], c->knob_value[k], why, sizeof(why));
	}
	c->nknobs = a->knobs->n;
	return ret ? -EINVAL : 0;
}

/* What a cell's workload allocates in all: --alloc, --alloc-per-job times the jobs, or, with
 * --swap-fraction F, the limit / (1 - F), so F of it must be swapped. */
static uint64_t cell_alloc(const struct config *cfg, unsigned jobs, uint64_t limit)
{
	if (cfg->swap_fraction > 0)
		return (uint64_t)((double)limit / (1.0 - cfg->swap_fraction));
	return cfg->alloc_per_job ? cfg->alloc_per_job * jobs : cfg->alloc;
}

/* Tabs run one process per tab, whatever --jobs says (checks refuse anything but 1 or N). */
static unsigned cell_jobs(const struct config *cfg, unsigned jobs)
{
	struct access mode;

	return !cfg->command && access_parse(cfg->access, &mode) == 0 && mode.kind == ACCESS_TABS
		? mode.tabs
		: jobs;
}

/* What fio moves in a trial, for the progress line and the dry run's estimate: each job its
 * I/O size (or the device) per loop, a mode that reads after writing the device once. */
static uint64_t fio_bytes(const struct device_settings *dev, uint64_t device, unsigned jobs,
			  int mode)
{
	uint64_t each = dev->io_size ? dev->io_size : device;
	return (uint64_t)jobs * each * dev->loops + (fio_modes[mode].reads ? device : 0);
}

/* The text split into words held in the plan; NULL for an empty text. The option's check
 * split it once already: it fits. */
static char *const *split_into(const char *text, char *buf, size_t len, char **argv, size_t nargv)
{
	char why[256];

	snprintf(buf, len, "%s", text);
	return text[0] && command_words(buf, argv, nargv, why, sizeof(why)) > 0 ? argv : NULL;
}

/* A device target's part of the cell; its paths come later (plan_place). */
static void build_target(const struct config *cfg, uint64_t device, struct plan_cell *c)
{
	const struct device_settings *dev = &cfg->driver.device;
	struct target_spec *t = &c->target;
	char why[160];

	t->use = (enum device_use)dev->target;
	if (t->use == USE_FS)
		t->read_back = split_into(dev->read_back, c->read_back_text,
					  sizeof(c->read_back_text), c->read_back_argv,
					  ARRAY_SIZE(c->read_back_argv));
	if (c->mode < 0)
		return;
	t->fio = (struct fio_job){ .mode = (enum fio_mode)c->mode,
				   .numjobs = c->jobs,
				   .loops = dev->loops,
				   .bs = dev->fio_bs,
				   .size = dev->io_size,
				   .direct = dev->direct != SWITCH_OFF,
				   .rate = dev->fio_rate };
	/* The checks refused what fio cannot write. */
	fio_buffer_from_data(cfg->data, &t->fio.buffer, why, sizeof(why));
	c->alloc = fio_bytes(dev, device, c->jobs, c->mode);
}

/* Where a cell is among its group's axes. */
struct cell_place {
	const struct backend *b;
	const char *comp;
	unsigned jobs;
	uint64_t limit;
	int mode;
	size_t knobs; /* the combination of the knob axes' values */
};

static int add_cell(struct plan *p, const struct config *run_cfg, const char *hogger,
		    const struct axes *a, const struct cell_place *at)
{
	struct plan_cell *c = &p->cells[p->ncells++];
	const struct config *cfg;
	int ret;

	memset(c, 0, sizeof(*c));
	if ((ret = cell_settings(c, run_cfg, a, at->knobs)))
		return ret;
	p->has_own_cfg |= c->own_cfg != NULL;
	cfg = c->cfg;
	c->backend = at->b;
	c->comp = at->comp;
	c->jobs = cell_jobs(cfg, at->jobs);
	c->limit = at->limit;
	c->mode = at->mode;
	c->alloc = plan_hogger_bytes(cell_alloc(cfg, c->jobs, c->limit), c->jobs, cfg->chunk);
	c->driver = plan_driver(cfg, &c->driver_args);
	label_cell(a, c);
	build_target(cfg, p->swap_size, c);
	return build_workload(cfg, hogger, c);
}

/* A block device's cells, one per fio mode (in the table's order: writes first); the one cell
 * (mode -1) of any other target. */
static size_t cell_modes(const struct device_settings *dev, int *out)
{
	size_t n = 0;

	if (dev->target != USE_BLOCK) {
		out[0] = -1;
		return 1;
	}
	for (int m = 0; m < FIO_MODE_COUNT; m++)
		if (!dev->modes || (dev->modes & (1u << m)))
			out[n++] = m;
	return n;
}

static size_t count_cells(const struct axes *a)
{
	size_t n = 0;
	for (size_t i = 0; i < a->swap->n; i++) {
		const struct backend *b = backend_find(a->swap->v[i]);
		n += ((b->flags & BACKEND_COMP) && a->comp->n ? a->comp->n : 1) * a->jobs->n *
			a->limit->n * knob_axes_combinations(a->knobs);
	}
	return n;
}

/* A backend's cells: compressor x jobs x limit x the knobs' values x fio's mode, the last
 * varying fastest. */
static int add_backend_cells(struct plan *p, const struct config *cfg, const char *hogger,
			     const struct axes *a, const struct backend *b)
{
	int modes[FIO_MODE_COUNT], ret = 0;
	size_t nmodes = cell_modes(&cfg->driver.device, modes),
	       nknobs = knob_axes_combinations(a->knobs);
	int takes_comp = (b->flags & BACKEND_COMP) && a->comp->n;
	size_t n = (takes_comp ? a->comp->n : 1) * a->jobs->n * a->limit->n * nknobs * nmodes;
	struct cell_place at = { .b = b };

	for (size_t i = 0; i < n && !ret; i++) {
		size_t r = i;
		at.mode = modes[r % nmodes];
		r /= nmodes;
		at.knobs = r % nknobs;
		r /= nknobs;
		at.limit = a->limit->v[r % a->limit->n];
		r /= a->limit->n;
		at.jobs = a->jobs->v[r % a->jobs->n];
		r /= a->jobs->n;
		at.comp = takes_comp ? a->comp->v[r] : NULL;
		ret = add_cell(p, cfg, hogger, a, &at);
	}
	return ret;
}

static int add_cells(struct plan *p, const struct config *cfg, const char *hogger,
		     const struct axes *a)
{
	int ret = 0;

	for (size_t i = 0; i < a->swap->n && !ret; i++)
		ret = add_backend_cells(p, cfg, hogger, a, backend_find(a->swap->v[i]));
	return ret;
}

/* The axes of every group as given: each section with [run]'s values for what it leaves out,
 * its settings over [run]'s (into knobs, one a group: the checks refused more axes than
 * merge allows). */
static size_t group_axes_as_given(const struct config *cfg, struct knob_axes *knobs,
				  struct axes *out)
{
	if (!cfg->nsections) {
		knobs[0] = cfg->knobs;
		out[0] = (struct axes){ NULL,	    &cfg->swap,	 &cfg->comp,
					&cfg->jobs, &cfg->limit, &knobs[0] };
		return 1;
	}
	for (size_t i = 0; i < cfg->nsections; i++) {
		const struct cell_section *s = &cfg->sections[i];
		knobs[i] = cfg->knobs;
		(void)knob_axes_merge(&knobs[i], &s->knobs);
		out[i] = (struct axes){ s->name,
					s->set[AXIS_SWAP] ? &s->swap : &cfg->swap,
					s->set[AXIS_COMP] ? &s->comp : &cfg->comp,
					s->set[AXIS_JOBS] ? &s->jobs : &cfg->jobs,
					s->set[AXIS_LIMIT] ? &s->limit : &cfg->limit,
					&knobs[i] };
	}
	return cfg->nsections;
}

static int is_all(const struct name_list *l)
{
	return l->n == 1 && strcmp(l->v[0], "all") == 0;
}

int plan_wants_all_comps(const struct config *cfg)
{
	int all = is_all(&cfg->comp);

	for (size_t i = 0; i < cfg->nsections; i++)
		all |= is_all(&cfg->sections[i].comp);
	return all;
}

/* ... and --comp all as every algorithm the kernel's zram offers. */
static size_t group_axes(const struct config *cfg, const struct plan *p, struct axes *out)
{
	size_t n = group_axes_as_given(cfg, p->group_knobs, out);

	for (size_t i = 0; i < n; i++)
		if (is_all(out[i].comp))
			out[i].comp = &p->all_comps;
	return n;
}

/* xorshift64: small, and the same sequence for a seed on every machine. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 7;
	*state ^= *state << 17;
	return *state;
}

/* Interleaved: round r runs trial r of every cell, so a machine that drifts (warming, other
 * load) shifts every cell alike. Shuffled: the same rounds, each in a random cell order. */
static int build_schedule(struct plan *p, const struct config *cfg, unsigned long seed)
{
	unsigned rounds = cfg->warmup + cfg->trials;
	uint64_t rng;
	size_t n = 0;

	/* Without a seed of its own, the one it was given, recorded: every shuffled run can be
	 * replayed. */
	p->seed = cfg->seed ? cfg->seed : seed;
	rng = p->seed;
	p->schedule = calloc((size_t)rounds * p->ncells, sizeof(*p->schedule));
	if (!p->schedule)
		return -ENOMEM;
	if (cfg->order == ORDER_SEQUENTIAL) {
		for (unsigned c = 0; c < p->ncells; c++)
			for (unsigned t = 1; t <= rounds; t++)
				p->schedule[n++] = (struct schedule_entry){ c, t };
	} else {
		for (unsigned t = 1; t <= rounds; t++) {
			size_t first = n;
			for (unsigned c = 0; c < p->ncells; c++)
				p->schedule[n++] = (struct schedule_entry){ c, t };
			for (size_t i = n - 1; cfg->order == ORDER_SHUFFLED && i > first; i--) {
				size_t j = first + (size_t)(next_random(&rng) % (i - first + 1));
				struct schedule_entry tmp = p->schedule[i];
				p->schedule[i] = p->schedule[j];
				p->schedule[j] = tmp;
			}
		}
	}
	p->nschedule = n;
	return 0;
}

static void build_service(const struct service_settings *svc, struct plan *p)
{
	struct plan_service *sv = &p->service;

	p->has_service = svc->load[0] != '\0';
	if (!p->has_service)
		return;
	sv->spec.ready = split_into(svc->ready, sv->ready_text, sizeof(sv->ready_text),
				    sv->ready_argv, ARRAY_SIZE(sv->ready_argv));
	sv->spec.warmup = split_into(svc->load_warmup, sv->warmup_text, sizeof(sv->warmup_text),
				     sv->warmup_argv, ARRAY_SIZE(sv->warmup_argv));
	sv->spec.load = split_into(svc->load, sv->load_text, sizeof(sv->load_text), sv->load_argv,
				   ARRAY_SIZE(sv->load_argv));
	sv->spec.format = (enum load_format)svc->load_format;
	sv->spec.ready_timeout_ms = svc->ready_timeout_ms;
}

int plan_build(struct plan *p, const struct config *cfg, const char *hogger,
	       const struct plan_inputs *in)
{
	struct axes groups[SECTION_MAX];
	size_t ngroups, max = 0;
	int modes[FIO_MODE_COUNT], ret;

	memset(p, 0, sizeof(*p));
	p->all_comps = in->algorithms;
	p->group_knobs = calloc(SECTION_MAX, sizeof(*p->group_knobs));
	if (!p->group_knobs)
		return -ENOMEM;
	ngroups = group_axes(cfg, p, groups);
	p->swap_size = plan_swap_size(cfg);
	plan_swapfile(cfg, in->pid, p->swapfile, sizeof(p->swapfile));
	build_service(&cfg->driver.service, p);
	for (size_t g = 0; g < ngroups; g++)
		max += count_cells(&groups[g]) * cell_modes(&cfg->driver.device, modes);
	p->cells = calloc(max ? max : 1, sizeof(*p->cells));
	if (!p->cells)
		return -ENOMEM;
	for (size_t g = 0; g < ngroups; g++)
		if ((ret = add_cells(p, cfg, hogger, &groups[g])))
			return ret;
	return build_schedule(p, cfg, in->seed);
}

void plan_place(struct plan *p, const char *workdir)
{
	for (size_t i = 0; i < p->ncells; i++) {
		struct plan_cell *c = &p->cells[i];
		struct target_spec *t = &c->target;

		if (t->use == USE_BLOCK) {
			snprintf(c->job_file, sizeof(c->job_file), "%s/cell%zu.fio", workdir, i);
			snprintf(c->fio_output, sizeof(c->fio_output), "%s/cell%zu.json", workdir,
				 i);
			t->job_file = c->job_file;
			t->fio_output = c->fio_output;
			c->fio_argv[0] = "fio";
			c->fio_argv[1] = "--output-format=json";
			c->fio_argv[2] = "--output";
			c->fio_argv[3] = c->fio_output;
			c->fio_argv[4] = c->job_file;
			c->fio_argv[5] = NULL;
		}
		if (t->use == USE_FS) {
			snprintf(c->mount_dir, sizeof(c->mount_dir), "%s/mnt", workdir);
			t->mount_dir = c->mount_dir;
			c->workload.workdir = c->mount_dir;
		}
	}
}

void plan_free(struct plan *p)
{
	for (size_t i = 0; p->cells && i < p->ncells; i++)
		if (p->cells[i].own_cfg) {
			config_free(p->cells[i].own_cfg);
			free(p->cells[i].own_cfg);
		}
	free(p->group_knobs);
	free(p->cells);
	free(p->schedule);
	memset(p, 0, sizeof(*p));
}

/* b's value of a's backend setting k ("" when b has none of that setting). */
static const char *swap_knob_of(const struct plan_cell *b, int id)
{
	for (unsigned k = 0; k < b->nknobs; k++)
		if (b->knob_id[k] == id)
			return b->knob_value[k];
	return "";
}

static int swap_knobs_within(const struct plan_cell *a, const struct plan_cell *b)
{
	for (unsigned k = 0; k < a->nknobs; k++)
		if (option_row(a->knob_id[k])->scope == SCOPE_SWAP &&
		    strcmp(a->knob_value[k], swap_knob_of(b, a->knob_id[k])) != 0)
			return 0;
	return 1;
}

int plan_cells_same_device(const struct plan_cell *a, const struct plan_cell *b)
{
	return a->backend == b->backend &&
		(a->comp == b->comp || (a->comp && b->comp && !strcmp(a->comp, b->comp))) &&
		swap_knobs_within(a, b) && swap_knobs_within(b, a);
}
