#include "runner/result/json_cost.h"

#include <errno.h>
#include <json.h>
#include <stdint.h>
#include <string.h>

/* json-c refuses a document nested deeper than 32 (JSON_TOKENER_DEFAULT_DEPTH) where it gets
 * there: what comes after is never built, so it is not counted either. */
#define DEPTH_MAX 64

size_t read_cost_limit(size_t size)
{
	if (size > (SIZE_MAX - READ_COST_FLOOR) / READ_COST_TIMES)
		return SIZE_MAX;
	return READ_COST_TIMES * size + READ_COST_FLOOR;
}

/* A malloc of bytes in glibc: its header, 16-byte aligned, 32 at least. */
static size_t chunk(size_t bytes)
{
	size_t c = (bytes + 8 + 15) & ~(size_t)15;
	return c < 32 ? 32 : c;
}

/* A hash table of count keys beyond its first 16 entries: json-c doubles it when, before an
 * insertion, it is 0.66 full. */
static size_t table_growth(size_t count)
{
	size_t size = 16;

	while (count && (count - 1) * 100 >= size * 66)
		size *= 2;
	return (size - 16) * 40;
}

/* An array's list of count pointers, as json-c shrinks it when the array closes. */
static size_t list_cost(size_t count)
{
	return chunk(8 * (count + 1));
}

/* A number or a word: an integer is its struct; true and false too; null is no object; a
 * double (and NaN, Infinity) keeps its text as well. */
static size_t scalar_cost(const char *s, size_t len)
{
	size_t digits = s[0] == '-';

	while (digits < len && s[digits] >= '0' && s[digits] <= '9')
		digits++;
	if (digits == len || (len == 4 && (s[0] == 't' || s[0] == 'T')) ||
	    (len == 5 && (s[0] == 'f' || s[0] == 'F')))
		return JSON_COST_VALUE;
	if (len == 4 && (s[0] == 'n' || s[0] == 'N'))
		return 0;
	return JSON_COST_VALUE + chunk(len + 1);
}

struct scan {
	const char *text;
	size_t n, at, cost, depth;
	struct json_shape *shape;
	struct {
		int object, want_key;
		size_t count;
	} open[DEPTH_MAX];
};

/* A value seen: a member's is counted at its key, an array's here. */
static void value_in(struct scan *s)
{
	if (s->depth && !s->open[s->depth - 1].object)
		s->open[s->depth - 1].count++;
}

static int opened(struct scan *s, int object)
{
	if (s->depth == DEPTH_MAX)
		return -1;
	value_in(s);
	s->open[s->depth].object = object;
	s->open[s->depth].want_key = object;
	s->open[s->depth].count = 0;
	s->depth++;
	s->cost += object ? JSON_COST_OBJECT : JSON_COST_ARRAY;
	if (object)
		s->shape->objects++;
	else
		s->shape->arrays++;
	return 0;
}

static void closed(struct scan *s)
{
	if (!s->depth)
		return;
	s->depth--;
	s->cost += s->open[s->depth].object ? table_growth(s->open[s->depth].count)
					    : list_cost(s->open[s->depth].count);
}

/* A string from its opening quote (json-c takes ' as well as "), its escapes skipped. Its
 * length in the text is at least what it decodes to. */
static void string(struct scan *s)
{
	char quote = s->text[s->at++];
	size_t start = s->at, len;

	while (s->at < s->n && s->text[s->at] != quote)
		s->at += s->text[s->at] == '\\' ? 2 : 1;
	len = (s->at < s->n ? s->at : s->n) - start;
	s->at++;
	if (s->depth && s->open[s->depth - 1].want_key) {
		s->open[s->depth - 1].want_key = 0;
		s->open[s->depth - 1].count++;
		s->cost += chunk(len + 1);
		return;
	}
	value_in(s);
	s->shape->values++;
	s->cost += chunk(48 + (len < 8 ? 8 : len) + 1); /* its characters in the struct */
}

/* json-c skips comments: what is in them is not JSON (a quote there opens no string). */
static int comment(struct scan *s)
{
	const char *end = NULL;

	if (s->at + 1 >= s->n || (s->text[s->at + 1] != '*' && s->text[s->at + 1] != '/'))
		return 0;
	if (s->text[s->at + 1] == '*')
		end = memmem(s->text + s->at + 2, s->n - s->at - 2, "*/", 2);
	else
		end = memchr(s->text + s->at + 2, '\n', s->n - s->at - 2);
	s->at = end ? (size_t)(end - s->text) + 2 : s->n;
	return 1;
}

/* At least its first character: a scan that cannot stand still ends. */
static void scalar(struct scan *s)
{
	size_t start = s->at++;

	while (s->at < s->n && !strchr("{}[],:\"'/ \t\r\n", s->text[s->at]))
		s->at++;
	value_in(s);
	s->shape->values++;
	s->cost += scalar_cost(s->text + start, s->at - start);
}

static int step(struct scan *s)
{
	char c = s->text[s->at];

	if (c == '"' || c == '\'')
		string(s);
	else if (c == '/' && comment(s))
		return 0;
	else if (c == '{' || c == '[') {
		if (opened(s, c == '{'))
			return -1;
		s->at++;
	} else if (c == '}' || c == ']') {
		closed(s);
		s->at++;
	} else if (c == ',') {
		if (s->depth && s->open[s->depth - 1].object)
			s->open[s->depth - 1].want_key = 1;
		s->at++;
	} else if (strchr(": \t\r\n/", c))
		s->at++;
	else
		scalar(s);
	return 0;
}

size_t json_dom_cost(const char *text, size_t n, struct json_shape *shape)
{
	struct scan s;

	memset(&s, 0, sizeof(s));
	memset(shape, 0, sizeof(*shape));
	s.text = text;
	s.n = n;
	s.shape = shape;
	while (s.at < s.n && step(&s) == 0)
		;
	while (s.depth) /* an unfinished text: what json-c built before it stopped */
		closed(&s);
	return s.cost;
}

void json_doc_set_budget(json_object *doc, size_t left)
{
	/* Only on an object: a double's user data is its text, which json-c prints. */
	if (json_object_is_type(doc, json_type_object))
		json_object_set_userdata(
			doc, (void *)(uintptr_t)(left < SIZE_MAX ? left + 1 : left), NULL);
}

size_t json_doc_budget(json_object *doc)
{
	uintptr_t left = json_object_is_type(doc, json_type_object)
		? (uintptr_t)json_object_get_userdata(doc)
		: 0;

	size_t text = 0;

	if (left)
		return left - 1;
	json_object_to_json_string_length(doc, JSON_C_TO_STRING_PLAIN, &text);
	return read_cost_limit(text);
}

int read_budget_charge(struct read_budget *b, size_t count, size_t size)
{
	if (size && count > b->left / size)
		return -E2BIG;
	b->left -= count * size;
	return 0;
}
