#include "runner/trial/hogger_argv.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static void push(struct hogger_argv *out, size_t *n, const char *arg)
{
	out->argv[(*n)++] = (char *)arg;
}

void hogger_argv_build(struct hogger_argv *out, const struct hogger_args *a)
{
	size_t n = 0;

	memset(out, 0, sizeof(*out));
	push(out, &n, a->path);
	snprintf(out->numbers[0], sizeof(out->numbers[0]), "%" PRIu64, a->alloc);
	push(out, &n, "--alloc");
	push(out, &n, out->numbers[0]);
	if (a->chunk) {
		snprintf(out->numbers[1], sizeof(out->numbers[1]), "%" PRIu64, a->chunk);
		push(out, &n, "--chunk");
		push(out, &n, out->numbers[1]);
	}
	push(out, &n, "--data");
	push(out, &n, a->data);
	if (a->access) {
		push(out, &n, "--access");
		push(out, &n, a->access);
	}
	if (a->threads) {
		snprintf(out->numbers[2], sizeof(out->numbers[2]), "%u", a->threads);
		push(out, &n, "--threads");
		push(out, &n, out->numbers[2]);
	}
	if (a->no_seccomp)
		push(out, &n, "--no-seccomp");
	if (a->prefault)
		push(out, &n, "--prefault");
	if (a->hold)
		push(out, &n, "--hold");
	if (a->no_latency)
		push(out, &n, "--no-latency");
	out->argv[n] = NULL;
}
