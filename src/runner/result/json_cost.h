/*
 * What reading a JSON file costs in memory, bounded by its size (docs/security.md, "Files read
 * back"). json-c builds a DOM of ~800 bytes for a 3-byte "{}," and the reader a 13 KB struct for
 * a 40-byte cell: a file would cost hundreds of times its size. Here a text is charged what its
 * DOM will cost before it is parsed (a linear scan), and what is made of the DOM afterwards is
 * charged to what is left: all of it at most READ_COST_TIMES times the file plus
 * READ_COST_FLOOR. Every file zswapbench writes costs well under that (measured: docs/security.md).
 */
#ifndef ZSB_JSON_COST_H
#define ZSB_JSON_COST_H
#include <stddef.h>

struct json_object;

/* The bound: a small multiple of the file, and a floor so that a small hand-written file,
 * whose few objects each cost a hash table, still reads. */
#define READ_COST_TIMES 16
#define READ_COST_FLOOR ((size_t)4 << 20)

/* What json-c 0.16 keeps of a parsed text (64-bit glibc, chunk headers included; measured by
 * tests/unit/test_json_cost.c against mallinfo2): a value's struct json_object; an object's hash
 * table of 16 entries of 40 bytes, doubled when 0.66 full; an array's list, of a pointer an
 * element; a double's text, a string's characters, a key's copy. What json-c holds only while
 * a container is open (an array's first 32 pointers, a table's old entries as they move) is
 * one container deep at a time: not counted. */
#define JSON_COST_VALUE 64
#define JSON_COST_OBJECT (JSON_COST_VALUE + 64 + 16 * 40 + 16)
#define JSON_COST_ARRAY (JSON_COST_VALUE + 48)

/* The most reading a file of size bytes may cost. */
size_t read_cost_limit(size_t size);

/* What a text holds, counted outside its strings: what the refusal says. */
struct json_shape {
	size_t objects, arrays, values; /* values: strings, numbers, true, false, null */
};
/* What json-c's DOM of the text will cost, in one pass over it. A text that is not JSON costs
 * what its JSON-looking parts would (the parser refuses it); one nested deeper than json-c
 * parses is counted to that depth. */
size_t json_dom_cost(const char *text, size_t n, struct json_shape *shape);

/* What a document may still cost to turn into structs: what its file's limit left after its
 * DOM, kept on the document by json_file_read (its root object's user data). A document made
 * in memory is charged by the length of its text. */
void json_doc_set_budget(struct json_object *doc, size_t left);
size_t json_doc_budget(struct json_object *doc);

/* A budget spent as structs are made: 0, or -E2BIG when count of size bytes would go over it
 * (then nothing is spent). */
struct read_budget {
	size_t left;
};
int read_budget_charge(struct read_budget *b, size_t count, size_t size);

#endif
