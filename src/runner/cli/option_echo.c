/* An option's value read back out of struct config: as typed (for messages) and as JSON (the
 * result file's config object, keyed by option name). */
#include "runner/cli/option_echo.h"

#include <json.h>
#include <stdio.h>
#include <string.h>

#include "common/size.h"
#include "runner/cli/option_table.h"

static const void *field(const struct config *cfg, const struct option_desc *o)
{
	return option_field_const(cfg, o);
}

static void append(char *buf, size_t len, const char *text)
{
	size_t at = strlen(buf);
	snprintf(buf + at, len - at, "%s%s", at ? "," : "", text);
}

/* A custom option as typed: its own formatter, or its JSON (a string, or a list joined). */
static void custom_format(const struct config *cfg, const struct option_desc *o, char *buf,
			  size_t len)
{
	json_object *j;

	if (o->format) {
		o->format(option_scope_const(cfg, o), buf, len);
		return;
	}
	j = o->to_json ? o->to_json(option_scope_const(cfg, o)) : NULL;
	if (json_object_is_type(j, json_type_array))
		for (size_t i = 0; i < json_object_array_length(j); i++)
			append(buf, len, json_object_get_string(json_object_array_get_idx(j, i)));
	else
		snprintf(buf, len, "%s", j ? json_object_get_string(j) : "");
	json_object_put(j);
}

const char *option_format(const struct config *cfg, int id, char *buf, size_t len)
{
	const struct option_desc *o = option_row(id);
	const void *f = field(cfg, o);
	char item[40];

	buf[0] = '\0';
	switch (o->type) {
	case OT_SIZE:
		size_format(*(const uint64_t *)f, buf, len);
		break;
	case OT_SIZE_LIST:
		for (size_t i = 0; i < ((const struct size_list *)f)->n; i++)
			append(buf, len,
			       size_format(((const struct size_list *)f)->v[i], item,
					   sizeof(item)));
		break;
	case OT_NAME_LIST:
	case OT_BACKEND_LIST:
		for (size_t i = 0; i < ((const struct name_list *)f)->n; i++)
			append(buf, len, ((const struct name_list *)f)->v[i]);
		break;
	case OT_COUNT:
	case OT_PERCENT:
		snprintf(buf, len, "%u", *(const unsigned *)f);
		break;
	case OT_INT:
	case OT_FLAG:
		snprintf(buf, len, "%d", *(const int *)f);
		break;
	case OT_ENUM:
		snprintf(buf, len, "%s", o->choices[*(const int *)f]);
		break;
	case OT_SWITCH:
		snprintf(buf, len, "%s", switch_word(*(const enum switch_state *)f));
		break;
	case OT_PATH:
	case OT_TEXT:
		snprintf(buf, len, "%s", *(char *const *)f);
		break;
	case OT_CHOICE:
	case OT_STRING:
		snprintf(buf, len, "%s", (const char *)f);
		break;
	case OT_USER:
		snprintf(buf, len, "%s", ((const struct user_id *)f)->name);
		break;
	case OT_DURATION:
		snprintf(buf, len, "%llums", (unsigned long long)*(const uint64_t *)f);
		break;
	case OT_REAL:
		snprintf(buf, len, "%g%s", *(const double *)f,
			 strcmp(o->noun, "%") == 0 ? "%" : "");
		break;
	case OT_CUSTOM:
		custom_format(cfg, o, buf, len);
		break;
	case OT_ACTION:
		break;
	}
	return buf;
}

static json_object *size_list_json(const struct size_list *l)
{
	json_object *a = json_object_new_array();
	for (size_t i = 0; i < l->n; i++)
		json_object_array_add(a, json_object_new_uint64(l->v[i]));
	return a;
}

static json_object *name_list_json(const struct name_list *l)
{
	json_object *a = json_object_new_array();
	for (size_t i = 0; i < l->n; i++)
		json_object_array_add(a, json_object_new_string(l->v[i]));
	return a;
}

static json_object *text_or_null(const char *s)
{
	return s[0] ? json_object_new_string(s) : NULL;
}

/* Values that mean "not set" are null, never a made-up number. */
static json_object *option_json(const struct config *cfg, const struct option_desc *o)
{
	const void *f = field(cfg, o);

	switch (o->type) {
	case OT_SIZE:
		return *(const uint64_t *)f ? json_object_new_uint64(*(const uint64_t *)f) : NULL;
	case OT_SIZE_LIST:
		return size_list_json(f);
	case OT_NAME_LIST:
	case OT_BACKEND_LIST:
		return name_list_json(f);
	case OT_COUNT:
		return json_object_new_uint64(*(const unsigned *)f);
	case OT_PERCENT:
		return *(const unsigned *)f ? json_object_new_uint64(*(const unsigned *)f) : NULL;
	case OT_INT:
		return *(const int *)f >= 0 ? json_object_new_int(*(const int *)f) : NULL;
	case OT_FLAG:
		return json_object_new_boolean(*(const int *)f);
	case OT_ENUM:
		return json_object_new_string(o->choices[*(const int *)f]);
	case OT_SWITCH:
		return text_or_null(switch_word(*(const enum switch_state *)f));
	case OT_PATH:
	case OT_TEXT:
		return text_or_null(*(char *const *)f);
	case OT_CHOICE:
	case OT_STRING:
		return text_or_null(f);
	case OT_USER:
		return text_or_null(((const struct user_id *)f)->name);
	case OT_DURATION:
		return json_object_new_double((double)*(const uint64_t *)f / 1000.0);
	case OT_REAL:
		return json_object_new_double(*(const double *)f);
	case OT_CUSTOM:
		return o->to_json ? o->to_json(option_scope_const(cfg, o)) : NULL;
	case OT_ACTION:
		break;
	}
	return NULL;
}

/* Is item one of the comma-separated items of list? */
static int listed(const char *list, const char *item, size_t n)
{
	for (const char *at = list; *at; at += strcspn(at, ","), at += *at == ',')
		if (strcspn(at, ",") == n && strncmp(at, item, n) == 0)
			return 1;
	return 0;
}

/* A knob axis as it reads back, "10,60,100": the config's field holds its first value only.
 * A value of several items (an --mthp combination) gives each item once, so the text parses
 * into the same axis again. */
static json_object *axis_json(const struct knob_axis *x)
{
	char text[KNOB_VALUES_MAX * KNOB_VALUE_LEN] = "", item[KNOB_VALUE_LEN];

	for (unsigned i = 0; i < x->n; i++)
		for (const char *at = x->values[i]; *at; at += *at == ',') {
			size_t n = strcspn(at, ",");
			snprintf(item, sizeof(item), "%.*s", (int)n, at);
			if (!listed(text, item, n))
				append(text, sizeof(text), item);
			at += n;
		}
	return json_object_new_string(text);
}

json_object *options_to_json(const struct config *cfg)
{
	json_object *o = json_object_new_object(), *argv;

	for (size_t pos = 0; pos < option_count(); pos++) {
		const struct option_desc *d = option_row(option_at(pos));
		const struct knob_axis *x = knob_axes_find(&cfg->knobs, option_at(pos));
		if (d->type == OT_ACTION || (d->flags & OPT_NO_ECHO))
			continue;
		json_object_object_add(o, d->name, x ? axis_json(x) : option_json(cfg, d));
	}
	argv = NULL;
	if (cfg->command) {
		argv = json_object_new_array();
		for (char **a = cfg->command; *a; a++)
			json_object_array_add(argv, json_object_new_string(*a));
	}
	json_object_object_add(o, "command", argv);
	return o;
}
