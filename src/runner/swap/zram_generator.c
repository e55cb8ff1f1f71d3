#include "runner/swap/zram_generator.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"
#include "runner/base/ini_line.h"

/* A recursive-descent reader of zram-generator's size expressions. */
struct expr {
	const char *p;
	double ram;
	int bad;
	unsigned depth; /* parentheses and signs open: bounded, the stack is not */
};

#define EXPR_DEPTH_MAX 64
/* 2^44 MiB = 16 EiB: every size above it is out of a uint64_t of bytes. */
#define SIZE_MIB_MAX 17592186044416.0

static double sum(struct expr *e);

static void blanks(struct expr *e)
{
	while (isspace((unsigned char)*e->p))
		e->p++;
}

static int eat(struct expr *e, char c)
{
	blanks(e);
	if (*e->p != c)
		return 0;
	e->p++;
	return 1;
}

/* min(a, b, ...) and max(a, b, ...). */
static double call(struct expr *e, int is_min)
{
	double v, best;

	if (!eat(e, '('))
		return e->bad = 1, 0;
	best = sum(e);
	while (eat(e, ',')) {
		v = sum(e);
		best = is_min ? fmin(best, v) : fmax(best, v);
	}
	if (!eat(e, ')'))
		e->bad = 1;
	return best;
}

static double atom_inner(struct expr *e);

static double atom(struct expr *e)
{
	double v;

	if (++e->depth > EXPR_DEPTH_MAX)
		return e->bad = 1, 0;
	v = atom_inner(e);
	e->depth--;
	return v;
}

static double atom_inner(struct expr *e)
{
	char *end;
	double v;

	blanks(e);
	if (eat(e, '(')) {
		v = sum(e);
		if (!eat(e, ')'))
			e->bad = 1;
		return v;
	}
	if (eat(e, '-'))
		return -atom(e);
	if (!strncmp(e->p, "ram", 3) && !isalnum((unsigned char)e->p[3]))
		return e->p += 3, e->ram;
	if (!strncmp(e->p, "min", 3) || !strncmp(e->p, "max", 3)) {
		int is_min = e->p[1] == 'i';
		e->p += 3;
		return call(e, is_min);
	}
	v = strtod(e->p, &end);
	if (end == e->p || !isfinite(v))
		return e->bad = 1, 0;
	e->p = end;
	return v;
}

static double product(struct expr *e)
{
	double v = atom(e);

	for (;;) {
		if (eat(e, '*'))
			v *= atom(e);
		else if (eat(e, '/')) {
			double d = atom(e);
			if (d == 0)
				e->bad = 1;
			v = d ? v / d : 0;
		} else
			return v;
	}
}

static double sum(struct expr *e)
{
	double v = product(e);

	for (;;) {
		if (eat(e, '+'))
			v += product(e);
		else if (eat(e, '-'))
			v -= product(e);
		else
			return v;
	}
}

int zram_size_eval(const char *text, double ram_mib, double *mib, char *why, size_t len)
{
	struct expr e = { .p = text, .ram = ram_mib };
	double v = sum(&e);

	blanks(&e);
	if (e.bad || *e.p || !(v > 0) || !(v < SIZE_MIB_MAX)) {
		snprintf(why, len,
			 "'%s' is not a size expression zswapbench understands (numbers in MiB, "
			 "ram, + - * /, "
			 "min, max; above 0 and below 16 EiB)",
			 text);
		return -EINVAL;
	}
	*mib = v;
	return 0;
}

struct reading {
	double ram;
	struct zram_generator *out;
	char why[256];
	int found;
};

/* "zstd lz4 (type=huge)": the first word is the device's algorithm; the rest recompress. */
static void first_algorithm(const char *value, char *out, size_t len)
{
	size_t n = strcspn(value, " \t(");
	snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), value);
}

static int on_key(void *user, const char *section, const char *name, const char *value)
{
	struct reading *r = user;
	double mib;
	char why[200];

	if (strcmp(section, "zram0"))
		return 1;
	r->found = 1;
	if (!strcmp(name, "zram-size")) {
		if (zram_size_eval(value, r->ram, &mib, why, sizeof(why)))
			return snprintf(r->why, sizeof(r->why), "zram-size: %s", why), 0;
		r->out->size = (uint64_t)(mib * MIB_BYTES);
	} else if (!strcmp(name, "compression-algorithm")) {
		first_algorithm(value, r->out->algorithm, sizeof(r->out->algorithm));
	} else if (!strcmp(name, "swap-priority")) {
		char *end;
		long p = strtol(value, &end, 10);
		if (*end || end == value || p < -1 || p > 32767)
			return snprintf(r->why, sizeof(r->why),
					"swap-priority: '%s' is not a priority", value),
			       0;
		r->out->priority = (int)p;
	}
	return 1;
}

int zram_generator_read(const char *path, double ram_mib, struct zram_generator *out, char *why,
			size_t len)
{
	struct reading r = { .ram = ram_mib, .out = out };
	double mib;
	int line;
	FILE *f;

	memset(out, 0, sizeof(*out));
	out->priority = 100;
	/* The generator's own default, when the file does not say. */
	zram_size_eval("min(ram / 2, 4096)", ram_mib, &mib, why, len);
	out->size = (uint64_t)(mib * MIB_BYTES);
	if ((line = config_open(path, &f)) != 0) {
		if (line > 0)
			snprintf(why, len,
				 "line %d: longer than %d characters, the most a line can be", line,
				 CONFIG_LINE_MAX);
		else
			snprintf(why, len, "%s", config_open_error(line));
		return line > 0 || line == -EINVAL || line == -EFBIG ? -EINVAL : line;
	}
	line = ini_parse_file(f, on_key, &r);
	fclose(f);
	if (line < 0) {
		snprintf(why, len, "%s", line == -1 ? strerror(errno) : "out of memory");
		return line == -1 ? -errno : -ENOMEM;
	}
	if (line > 0) {
		snprintf(why, len, "line %d: %s", line,
			 r.why[0] ? r.why : "not a key = value line");
		return -EINVAL;
	}
	if (!r.found) {
		snprintf(why, len, "no [zram0] section");
		return -EINVAL;
	}
	return 0;
}
