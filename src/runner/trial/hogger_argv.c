#include "runner/trial/hogger_argv.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "common/hogger_options.h"

struct builder {
	struct hogger_argv *out;
	size_t n, at; /* words in argv, bytes used in text */
};

static void push(struct builder *b, const char *arg)
{
	b->out->argv[b->n++] = (char *)arg;
}

/* A word of the builder's own, kept in text: an option's "--name", or a number. */
static void push_own(struct builder *b, const char *prefix, const char *word)
{
	char *at = b->out->text + b->at;

	b->at += (size_t)snprintf(at, sizeof(b->out->text) - b->at, "%s%s", prefix, word) + 1;
	push(b, at);
}

static void push_option(struct builder *b, enum hogger_option id)
{
	push_own(b, "--", hogger_option_name(id));
}

static void push_number(struct builder *b, uint64_t v)
{
	char number[24];

	snprintf(number, sizeof(number), "%" PRIu64, v);
	push_own(b, "", number);
}

void hogger_argv_build(struct hogger_argv *out, const struct hogger_args *a)
{
	struct builder b = { .out = out };

	memset(out, 0, sizeof(*out));
	push(&b, a->path);
	push_option(&b, HOGGER_ALLOC);
	push_number(&b, a->alloc);
	if (a->chunk) {
		push_option(&b, HOGGER_CHUNK);
		push_number(&b, a->chunk);
	}
	push_option(&b, HOGGER_DATA);
	push(&b, a->data);
	if (a->access) {
		push_option(&b, HOGGER_ACCESS);
		push(&b, a->access);
	}
	if (a->threads) {
		push_option(&b, HOGGER_THREADS);
		push_number(&b, a->threads);
	}
	if (a->no_seccomp)
		push_option(&b, HOGGER_NO_SECCOMP);
	if (a->prefault)
		push_option(&b, HOGGER_PREFAULT);
	if (a->madvise_hugepage)
		push_option(&b, HOGGER_MADVISE_HUGEPAGE);
	if (a->hold)
		push_option(&b, HOGGER_HOLD);
	if (a->no_latency)
		push_option(&b, HOGGER_NO_LATENCY);
	out->argv[b.n] = NULL;
}
