/* A cell's own settings (knob axes) in the result file and in the match key: written as
 * {"swappiness": "10"} and read back alike, none in a file from before them, a value that is no
 * string skipped, at most four; two cells that differ only in a setting are not the same cell,
 * and a cell's own data or access is its key's, over the run's. */
#include <criterion/criterion.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/result/json_read.h"
#include "runner/result/json_write.h"
#include "runner/result/match.h"
#include "runner/result/results.h"
#include "tools.h"

static void knob(struct result_cell *c, const char *name, const char *value)
{
	struct cell_knob *k = &c->knobs[c->nknobs++];

	snprintf(k->name, sizeof(k->name), "%s", name);
	snprintf(k->value, sizeof(k->value), "%s", value);
}

/* The file's text as a document, its cells there to change. */
static json_object *doc_of(const struct results *r)
{
	char *text = results_to_string(r);
	json_object *doc = json_tokener_parse(text);

	cr_assert_not_null(doc);
	free(text);
	return doc;
}

static json_object *cell_json(json_object *doc, size_t i)
{
	json_object *cells;

	cr_assert(json_object_object_get_ex(doc, "cells", &cells));
	return json_object_array_get_idx(cells, i);
}

static void read_doc(json_object *doc, struct results *out)
{
	char why[256] = "";

	cr_assert_eq(results_from_json(doc, out, why, sizeof(why)), 0, "%s", why);
}

Test(knob_json, a_cells_settings_are_written_and_read_back_in_order)
{
	struct results r, back;
	json_object *doc, *knobs, *v;

	read_fixture("disk-zram.json", &r);
	knob(&r.cells[1], "swappiness", "10");
	knob(&r.cells[1], "thp", "never");
	knob(&r.cells[0], "zram-size", "1G");
	doc = doc_of(&r);
	cr_assert(json_object_object_get_ex(cell_json(doc, 1), "knobs", &knobs));
	cr_assert_eq(json_object_object_length(knobs), 2);
	cr_assert(json_object_object_get_ex(knobs, "swappiness", &v));
	cr_assert(json_object_is_type(v, json_type_string), "a value as typed, a string");
	cr_assert_str_eq(json_object_get_string(v), "10");
	cr_assert(json_object_object_get_ex(cell_json(doc, 0), "knobs", &knobs),
		  "one setting is written too");
	cr_assert_eq(json_object_object_length(knobs), 1);
	read_doc(doc, &back);
	cr_assert_eq(back.cells[1].nknobs, 2);
	cr_assert_str_eq(back.cells[1].knobs[0].name, "swappiness");
	cr_assert_str_eq(back.cells[1].knobs[0].value, "10");
	cr_assert_str_eq(back.cells[1].knobs[1].name, "thp");
	cr_assert_str_eq(back.cells[1].knobs[1].value, "never");
	cr_assert_eq(back.cells[0].nknobs, 1);
	cr_assert_str_eq(back.cells[0].knobs[0].name, "zram-size");
	cr_assert_str_eq(back.cells[0].knobs[0].value, "1G");
	json_object_put(doc);
	results_free(&back);
	results_free(&r);
}

Test(knob_json, a_cell_without_settings_writes_no_knobs_and_reads_none)
{
	struct results r, back;
	json_object *doc;

	read_fixture("disk-zram.json", &r);
	doc = doc_of(&r);
	cr_assert_not(json_object_object_get_ex(cell_json(doc, 0), "knobs", NULL));
	read_doc(doc, &back);
	cr_assert_eq(back.cells[0].nknobs, 0);
	cr_assert_eq(back.cells[1].nknobs, 0);
	json_object_put(doc);
	results_free(&back);
	results_free(&r);
}

/* A newer writer's values that are no string, and any past four, are not read. */
Test(knob_json, a_value_that_is_no_string_is_skipped_and_four_are_read)
{
	struct results r, back;
	json_object *doc;

	read_fixture("disk-zram.json", &r);
	doc = doc_of(&r);
	json_object_object_add(cell_json(doc, 0), "knobs",
			       json_tokener_parse("{\"swappiness\": 10, \"thp\": \"never\", "
						  "\"mglru\": null, \"page-cluster\": \"3\"}"));
	json_object_object_add(cell_json(doc, 1), "knobs",
			       json_tokener_parse("{\"a\": \"1\", \"b\": \"2\", \"c\": \"3\", "
						  "\"d\": \"4\", \"e\": \"5\"}"));
	read_doc(doc, &back);
	cr_assert_eq(back.cells[0].nknobs, 2);
	cr_assert_str_eq(back.cells[0].knobs[0].name, "thp");
	cr_assert_str_eq(back.cells[0].knobs[1].name, "page-cluster");
	cr_assert_str_eq(back.cells[0].knobs[1].value, "3");
	cr_assert_eq(back.cells[1].nknobs, 4);
	cr_assert_str_eq(back.cells[1].knobs[3].name, "d");
	cr_assert_str_eq(back.cells[1].knobs[3].value, "4");
	results_free(&back);
	/* Not an object: none. */
	json_object_object_add(cell_json(doc, 0), "knobs", json_object_new_string("swappiness"));
	read_doc(doc, &back);
	cr_assert_eq(back.cells[0].nknobs, 0);
	json_object_put(doc);
	results_free(&back);
	results_free(&r);
}

/* ---- the match key ---- */

Test(knob_match, two_cells_that_differ_only_in_a_setting_do_not_match)
{
	struct results a, b;
	struct cell_key ka, kb;
	char buf[512];
	unsigned mask;

	read_fixture("disk-zram.json", &a);
	read_fixture("disk-zram.json", &b);
	knob(&a.cells[1], "swappiness", "10");
	knob(&b.cells[1], "swappiness", "60");
	cell_key_of(&a, &a.cells[1], &ka);
	cell_key_of(&b, &b.cells[1], &kb);
	cr_assert_str_eq(cell_key_value(&ka, MK_KNOBS, buf, sizeof(buf)), "swappiness=10");
	cr_assert_not(cell_key_equal(&ka, &kb));
	cr_assert_eq(match_cell(&b, &a, &a.cells[1]), -1, "no cell of b has swappiness 10");
	cr_assert_eq(match_cell(&b, &a, &a.cells[0]), 0, "disk has no setting of its own");
	cr_assert_eq(cell_key_confounds(&ka, &kb, 1u << MK_SWAP, buf, sizeof(buf)), 1);
	cr_assert_str_eq(buf, "knobs swappiness=10 -> swappiness=60");
	/* compare --match leaves the key out: the pair is found. */
	cr_assert_eq(match_keys_parse("swap,comp", &mask, buf, sizeof(buf)), 0);
	cr_assert_eq(match_cell_on(&b, &a, &a.cells[1], mask, NULL), 1);
	cr_assert_eq(match_keys_parse("swap,knobs", &mask, buf, sizeof(buf)), 0, "%s", buf);
	cr_assert(mask & (1u << MK_KNOBS));
	cr_assert_eq(match_cell_on(&b, &a, &a.cells[1], mask, NULL), -1);
	/* A cell without the setting is not one with it. */
	b.cells[1].nknobs = 0;
	cr_assert_eq(match_cell(&b, &a, &a.cells[1]), -1);
	cr_assert_eq(match_cell(&a, &b, &b.cells[1]), -1);
	/* The same value: the same cell. */
	knob(&b.cells[1], "swappiness", "10");
	cr_assert_eq(match_cell(&b, &a, &a.cells[1]), 1);
	results_free(&a);
	results_free(&b);
}

Test(knob_match, the_settings_are_one_text_in_their_order)
{
	struct results r;
	struct cell_key k;
	char buf[512];

	read_fixture("disk-zram.json", &r);
	knob(&r.cells[1], "swappiness", "10");
	knob(&r.cells[1], "thp", "never");
	knob(&r.cells[1], "zram-size", "1G");
	cell_key_of(&r, &r.cells[1], &k);
	cr_assert_str_eq(k.knobs, "swappiness=10 thp=never zram-size=1G");
	cr_assert(strstr(cell_key_text(&k, buf, sizeof(buf)),
			 ", swappiness=10 thp=never zram-size=1G"),
		  "%s", buf);
	cell_key_of(&r, &r.cells[0], &k);
	cr_assert_str_eq(cell_key_value(&k, MK_KNOBS, buf, sizeof(buf)), "-");
	cr_assert_null(strstr(cell_key_text(&k, buf, sizeof(buf)), "="), "%s", buf);
	results_free(&r);
}

/* A cell's own data or access is its key's, over the file's (its first value). */
Test(knob_match, a_cells_data_and_access_override_the_runs)
{
	struct results a, b;
	struct cell_key k;
	char buf[512];

	read_fixture("disk-zram.json", &a);
	read_fixture("disk-zram.json", &b);
	cell_key_of(&a, &a.cells[1], &k);
	cr_assert_str_eq(k.data, "compressible:50");
	cr_assert_str_eq(k.access, "fill");
	knob(&a.cells[1], "data", "random");
	knob(&a.cells[1], "access", "reread:2");
	cell_key_of(&a, &a.cells[1], &k);
	cr_assert_str_eq(cell_key_value(&k, MK_DATA, buf, sizeof(buf)), "random");
	cr_assert_str_eq(cell_key_value(&k, MK_ACCESS, buf, sizeof(buf)), "reread:2");
	cr_assert_str_eq(k.knobs, "", "data and access are keys of their own");
	cr_assert_eq(match_cell(&b, &a, &a.cells[1]), -1);
	/* A cell of its own data compressible:50 is the run's cell of that data. */
	a.cells[1].nknobs = 0;
	knob(&a.cells[1], "data", "compressible:50");
	cr_assert_eq(match_cell(&b, &a, &a.cells[1]), 1);
	results_free(&a);
	results_free(&b);
}
