/* A server under its load generator (trial/service.c): followed until the load ends, its
 * numbers the load's. */
#include "runner/trial/drivers/driver.h"

#include "runner/trial/service.h"

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
	.state_size = sizeof(struct service_outcome),
	.follow = follow_service,
	.record = record_service,
};
