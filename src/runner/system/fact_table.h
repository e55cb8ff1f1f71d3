/*
 * The sysinfo facts as one table: where each fact sits in the JSON, its row in the table
 * people read, how it is read and written, and whether a difference between the machines of
 * two result files matters to compare. sysinfo_to_json (json.c), sysinfo_print (print.c)
 * and compare's environment (result/environment.c) all walk it: a fact added here is in all
 * three.
 *
 * The table is in the JSON's order. The printed table follows it too, grouped: a fact's
 * rows go with the first fact of its group (its JSON section, unless .group says another).
 */
#ifndef ZSB_SYSTEM_FACT_TABLE_H
#define ZSB_SYSTEM_FACT_TABLE_H
#include <stddef.h>

#include "runner/system/sysinfo.h"

struct json_object;

enum fact_type {
	FACT_TEXT, /* char[]: a JSON string, null when ""; printed as it is, .none when "" */
	FACT_INT, /* int: a JSON number, null when SYSINFO_UNKNOWN */
	FACT_BOOL, /* int 1 or 0: JSON true or false, null when SYSINFO_UNKNOWN; printed
			  as .yes or .no */
	FACT_BYTES, /* uint64_t: a JSON number, null when SYSINFO_U64_UNKNOWN; printed "1.5G" */
	FACT_WORDS, /* char[]: a space-separated list; a JSON array of strings, null when
			  unknown (see .known); printed as it is, "none" when empty */
	FACT_CUSTOM, /* no field: .json and .text make it from the other facts */
};

/* How compare tells two files' machines apart by this fact. */
struct fact_compare {
	const char *name; /* compare's name for it ("CPU governor"); NULL: not compared */
	/* 0: a setting, which differs when its text in the two files does. Above 0: a condition
	 * of the moment, compared between two files of the same host only, which differs when
	 * the two numbers are further apart than this. */
	double apart;
	const char *sub; /* the number is this key inside the value (an array: its first) */
	const char *per; /* the distance counts per this fact of the base file ("cpu/online") */
	const char *unit; /* printed after the number ("%") */
	/* The run's option that sets this for the trials (the fact is the kernel's value before
	 * the run changed it): compare reads the option where a file gave it. */
	const char *option;
};

struct sysinfo_fact {
	const char *key; /* its path in the JSON, "cpu/governor"; "psi_available" at the top */
	enum fact_type type;
	size_t at; /* the field's offset in struct sysinfo_facts (not FACT_CUSTOM) */
	const char *label; /* its row in sysinfo's table; NULL: shown in another fact's row */
	const char *group; /* the table's group when not its JSON section */
	const char *yes, *no; /* FACT_BOOL: the table's words */
	const char *none; /* FACT_TEXT: the table's word for "" (NULL: "unknown") */
	const char *known; /* FACT_WORDS: the fact whose "" means this list is unknown (NULL:
				     this one, so that an empty list is unknown, never "none") */
	const char *aside; /* another text fact, printed in parentheses after the value */
	const char *aside_open; /* what opens them: " (control: " */
	/* Instead of the type's: the JSON value (NULL: null), and the table's text. */
	struct json_object *(*json)(const struct sysinfo_facts *s);
	void (*text)(const struct sysinfo_facts *s, char *buf, size_t len);
	/* More rows after the fact's own, labelled each_label: row i into buf; 0 when there is
	 * no row i. */
	int (*each)(const struct sysinfo_facts *s, size_t i, char *buf, size_t len);
	const char *each_label;
	struct fact_compare compare;
};

extern const struct sysinfo_fact sysinfo_fact_table[];
extern const size_t sysinfo_nfacts;

/* The fact of key; NULL when there is none. */
const struct sysinfo_fact *sysinfo_fact_find(const char *key);
/* The fact's value in s as JSON (NULL for null). */
struct json_object *sysinfo_fact_json(const struct sysinfo_fact *f, const struct sysinfo_facts *s);
/* The fact's value in s as the table's text ("unknown" when unknown). */
void sysinfo_fact_text(const struct sysinfo_fact *f, const struct sysinfo_facts *s, char *buf,
		       size_t len);
/* The fact's table group: .group, else its JSON section ("cpu" of "cpu/model"), into buf. */
const char *sysinfo_fact_group(const struct sysinfo_fact *f, char *buf, size_t len);

#endif
