/*
 * The option table: for each option its names, type, where it lands, range, default, unit,
 * which commands take it, and its help line (base/option_row.h). The core rows are here
 * (option_table.c, their fields in struct config); other layers give their own, as fio's
 * engines add their options: swap/ the swap areas' and each backend's (swap/options.h, their
 * fields in struct swap_settings, the config's backend member), trial/drivers/ the device
 * targets' and each workload driver's (trial/drivers/options.h, their fields in struct
 * driver_settings, its driver member). The table is assembled from them all, and one generic
 * parser walks it (option_set.c: one value; options.c: getopt_long over argv); the same table
 * writes --help (help.c), the checks between options (option_checks.c) and the result file's
 * config object (option_echo.c), as fio's and stress-ng's option tables do. Nothing here
 * names a backend or a driver.
 */
#ifndef ZSB_OPTION_TABLE_H
#define ZSB_OPTION_TABLE_H
#include <stddef.h>
#include <stdint.h>

#include "runner/base/option_row.h"
#include "runner/cli/config.h"

extern const char *const option_group_names[G_COUNT];

/* The rows of the table, by id and in its order (--help's, the man page's, the completions'
 * and the result's config object's). */
struct option_list {
	const struct option_desc *row[OPTION_ID_MAX]; /* by id; NULL: no row */
	int id[OPTION_ID_MAX]; /* by place in the table's order */
	size_t n;
};

/* A set of rows another layer gives, placed after a core row: row(k) is its k-th, NULL past
 * the last (swap_option_row). */
struct option_contribution {
	enum option_id after;
	const struct option_desc *(*row)(size_t k);
};

/* The table made of core (O_COUNT rows, by enum option_id) and the contributions (in the
 * order of their core rows): the core rows keep their ids, the rows given are numbered from
 * O_COUNT on as they come. -E2BIG when those are more than OPTION_CONTRIBUTED_MAX (the first
 * ones kept), -EINVAL when the contributions are out of order. */
int option_list_build(struct option_list *t, const struct option_desc *core,
		      const struct option_contribution *c, size_t nc);

/* zswapbench's table, built from the constant rows once, as first asked: */
/* how many rows it has; */
size_t option_count(void);
/* the id of its row at place pos of its order (-1 past the last); */
int option_at(size_t pos);
/* the row of an id (NULL: none); */
const struct option_desc *option_row(int id);
/* the first row named name in the table's order, or NULL; */
const struct option_desc *option_find(const char *name);
/* the id of one of its rows (-1: not one of them); */
int option_id_of(const struct option_desc *o);
/* the id of its first row named name (-1: none), as a row another layer gives is known. */
int option_id_named(const char *name);

/* The row's field in cfg (its scope's struct there, then its offset), the struct its
 * callbacks are given, and the field's offset in struct config. */
void *option_field(struct config *cfg, const struct option_desc *o);
const void *option_field_const(const struct config *cfg, const struct option_desc *o);
void *option_scope(struct config *cfg, const struct option_desc *o);
const void *option_scope_const(const struct config *cfg, const struct option_desc *o);
size_t option_offset(const struct option_desc *o);

/* Is the option in the set a command takes (CMD_*)? */
int option_for(const struct option_desc *o, unsigned set);
/* The words an OT_ENUM, OT_CHOICE or OT_SWITCH option takes, NULL-terminated; NULL: none. */
const char *const *option_choices(const struct option_desc *o);
/* The --target an OPT_BLOCK or OPT_FS option needs ("block", "fs"); NULL: any. */
const char *option_target(const struct option_desc *o);
/* An OT_SWITCH's value as typed: "on", "off"; "" when left. */
const char *switch_word(enum switch_state s);
/* The value of one of its words; SWITCH_LEAVE for any other. */
enum switch_state switch_of(const char *word);

#endif
