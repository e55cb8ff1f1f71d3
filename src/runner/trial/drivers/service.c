/* A server under its load generator (trial/service.c): followed until the load ends, its
 * numbers the load's; and the load's options, the service's rows of the option table. */
#include "runner/trial/drivers/driver.h"

#include "runner/base/command_words.h"
#include "runner/trial/drivers/settings.h"
#include "runner/trial/service.h"

#define SERVICE(f) OPTION_FIELD(struct driver_settings, service.f)

/* In enum load_format's order (loadgen/loadgen.h; a unit test holds them together). */
static const char *const load_formats[] = { "auto",    "lines", "sysbench", "redis-benchmark",
					    "pgbench", NULL };

/* --load makes the command a server; the others mean nothing without it (cli/option_checks.c
 * refuses them alone). */
static const struct option_desc service_rows[] = {
	{ "load", 0, OT_TEXT, SERVICE(load), 0, COMMAND_TEXT_MAX, NULL, "none", "'CMD ARGS'", NULL,
	  .parse = command_text_check, .example = "redis-benchmark -q -n 1000",
	  .help = "COMMAND is a server: once it is ready, run this load generator "
		  "outside the cgroup and measure it (elapsed, throughput, latency)",
	  .group = G_WORKLOAD, .scope = SCOPE_DRIVER },
	{ "ready", 0, OT_TEXT, SERVICE(ready), 0, COMMAND_TEXT_MAX, NULL, "at once", "'CMD ARGS'",
	  NULL, .parse = command_text_check, .example = "redis-cli ping",
	  .help = "the server is ready once this exits 0 (tried every 100 ms)", .group = G_WORKLOAD,
	  .scope = SCOPE_DRIVER },
	{ "load-warmup", 0, OT_TEXT, SERVICE(load_warmup), 0, COMMAND_TEXT_MAX, NULL, "none",
	  "'CMD ARGS'", NULL, .parse = command_text_check, .example = "redis-benchmark -q -n 100",
	  .help = "once the server is ready, run this before the measured load",
	  .group = G_WORKLOAD, .scope = SCOPE_DRIVER },
	{ "load-format", 0, OT_ENUM, SERVICE(load_format), 0, 0, "auto", NULL, "FORMAT", NULL,
	  .choices = load_formats, .example = "sysbench",
	  .help = "how the load's output is read: auto, lines, sysbench, "
		  "redis-benchmark, pgbench",
	  .group = G_WORKLOAD, .scope = SCOPE_DRIVER },
	{ "ready-timeout", 0, OT_DURATION, SERVICE(ready_timeout_ms), 1000, 3600000, "120s", NULL,
	  "TIME", NULL, .example = "30s", .help = "a server not ready by then fails its trial",
	  .group = G_WORKLOAD, .scope = SCOPE_DRIVER },
	{ 0 }
};

static int follow_service(struct driver_run *r)
{
	const struct service_ctx svc = { r->s->service, r->s->workload, r->s->sample_ms,
					 r->s->timeout_ms };

	return service_drive(&svc, r->wt->w, r->hooks, r->state);
}

static void record_service(struct driver_run *r, struct trial *t)
{
	service_record(t, r->wt->w, r->state);
}

const struct workload_driver driver_service = {
	.name = "service",
	.help = "a server (the command after --) under --load, its throughput the load's",
	.option_rows = service_rows,
	.state_size = sizeof(struct service_outcome),
	.follow = follow_service,
	.record = record_service,
};
