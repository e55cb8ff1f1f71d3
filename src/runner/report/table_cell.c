#include "runner/report/table_cell.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runner/report/format.h"

/* What the numbers of a raw or JSON table are plain for: tools split a row on blanks. */
static int plain(const struct render_opts *o)
{
	return o->raw || o->json;
}

static int in_bytes(const struct render_opts *o, enum metric_id m)
{
	return o->bytes && metrics[m].unit == UNIT_BYTES;
}

/* A unit as a heading spells it after the column's name: letters, digits and underscores, so
 * that a heading is one word and a JSON key needs no quoting in jq; "" for a count. */
static const char *unit_word(const struct render_opts *o, enum metric_id m)
{
	static const char *const words[] = {
		[UNIT_SECONDS] = "S",	    [UNIT_BYTES] = "MIB",
		[UNIT_PAGES] = "PAGES",	    [UNIT_COUNT] = "",
		[UNIT_RATIO] = "X",	    [UNIT_MIBPS] = "MIBPS",
		[UNIT_PER_MIB] = "PER_MIB", [UNIT_MICROSECONDS] = "US",
		[UNIT_PERCENT] = "PCT",	    [UNIT_IOPS] = "IOPS",
		[UNIT_OPS_PER_S] = "OPS",   [UNIT_S_PER_GIB] = "S_PER_GIB",
		[UNIT_FOLIOS] = "FOLIOS",
	};
	return in_bytes(o, m) ? "B" : words[metrics[m].unit];
}

static const struct table_num *num(const struct cell_grid *t, size_t row, size_t place)
{
	return &t->nums[row * t->ncols + place];
}

static const char *text_of(const struct cell_grid *t, size_t row, size_t place)
{
	const char *s = t->cells[row * t->ncols + place];
	return s ? s : "";
}

static int is_value(const struct table_num *c)
{
	return c->kind == CELL_METRIC || c->kind == CELL_NUMBER;
}

/* Whether every cell of the column that holds anything is a value in one unit, *word its
 * spelling: a heading can name a unit only where no cell is in another or is words. */
static int one_unit(const struct cell_grid *t, const struct render_opts *o, size_t place,
		    const char **word)
{
	int seen = 0;

	for (size_t r = 0; r < t->nrows; r++) {
		const struct table_num *c = num(t, r, place);
		if (!text_of(t, r, place)[0])
			continue;
		if (!is_value(c) || (seen && strcmp(unit_word(o, c->m), *word) != 0))
			return 0;
		*word = unit_word(o, c->m);
		seen = 1;
	}
	return seen;
}

/* Every value of the column prints as a number alone: its unit is in its heading or in the
 * row's UNIT cell. */
static int numbers_alone(const struct cell_grid *t, const struct render_opts *o, size_t place)
{
	const char *word;
	int any = 0;

	for (size_t r = 0; r < t->nrows; r++) {
		const struct table_num *c = num(t, r, place);
		if (!text_of(t, r, place)[0])
			continue;
		if (!is_value(c))
			return 0;
		any = 1;
		if (c->kind != CELL_NUMBER)
			return one_unit(t, o, place, &word);
	}
	return any;
}

static const char *number(const struct render_opts *o, const struct table_num *c, char *buf,
			  size_t len)
{
	if (in_bytes(o, c->m))
		snprintf(buf, len, "%.0f", c->v);
	else
		fmt_metric(c->m, c->v, buf, len);
	return buf;
}

const char *table_cell_text(const struct cell_grid *t, const struct render_opts *o, size_t row,
			    size_t place, char *buf, size_t len)
{
	const struct table_num *c = num(t, row, place);
	const char *text = text_of(t, row, place);

	if (c->kind == CELL_UNIT)
		return in_bytes(o, c->m) ? "B" : text;
	if (c->kind == CELL_TEXT || !text[0])
		return text;
	/* JSON has no number for none: the cell is left empty, which -J writes as null. */
	if (!isfinite(c->v))
		return o->json ? "" : text;
	if (plain(o) && numbers_alone(t, o, place))
		return number(o, c, buf, len);
	if (!in_bytes(o, c->m))
		return text;
	snprintf(buf, len, c->kind == CELL_NUMBER ? "%.0f" : "%.0f B", c->v);
	return buf;
}

static int ends_with(const char *s, const char *tail)
{
	size_t n = strlen(s), k = strlen(tail);
	return n >= k && strcmp(s + n - k, tail) == 0;
}

const char *table_heading(const struct cell_grid *t, const struct render_opts *o, size_t place,
			  const char *name, char *buf, size_t len)
{
	const char *word;

	/* IOPS counts IOPS: its name says its unit already. */
	if (!plain(o) || !one_unit(t, o, place, &word) || !word[0] || ends_with(name, word))
		return name;
	snprintf(buf, len, "%s_%s", name, word);
	return buf;
}

int table_column_numeric(const struct cell_grid *t, const struct render_opts *o, size_t place)
{
	return plain(o) && numbers_alone(t, o, place);
}
