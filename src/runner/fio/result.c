#include "common/util.h"
#include "runner/fio/result.h"

#include <errno.h>
#include <json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* A number fio wrote, whichever JSON type it chose for it (it writes integers and doubles). */
static int number(struct json_object *obj, const char *key, double *out)
{
	struct json_object *v;

	if (!json_object_object_get_ex(obj, key, &v))
		return -ENOENT;
	if (!json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_double))
		return -EINVAL;
	*out = json_object_get_double(v);
	return isfinite(*out) && *out >= 0 ? 0 : -EINVAL;
}

/* clat_ns.percentile["99.000000"], in seconds; -1 where fio has none (no I/O that way). */
static double percentile(struct json_object *dir, const char *key)
{
	struct json_object *clat, *pct;
	double ns;

	if (!json_object_object_get_ex(dir, "clat_ns", &clat) ||
	    !json_object_object_get_ex(clat, "percentile", &pct) || number(pct, key, &ns))
		return -1;
	return ns / (double)NSEC_PER_SEC;
}

static int direction(struct json_object *job, const char *name, struct fio_direction *d)
{
	struct json_object *dir;
	double io, bw, iops, runtime_ms = 0;

	memset(d, 0, sizeof(*d));
	if (!json_object_object_get_ex(job, name, &dir) ||
	    !json_object_is_type(dir, json_type_object))
		return -EINVAL;
	if (number(dir, "io_bytes", &io) || number(dir, "bw_bytes", &bw) ||
	    number(dir, "iops", &iops))
		return -EINVAL;
	d->have = io > 0;
	d->io_bytes = (uint64_t)io;
	d->bw = bw;
	number(dir, "runtime", &runtime_ms);
	d->runtime = runtime_ms / 1e3; /* fio gives milliseconds */
	d->iops = iops;
	d->clat_p50 = percentile(dir, "50.000000");
	d->clat_p99 = percentile(dir, "99.000000");
	d->clat_p999 = percentile(dir, "99.900000");
	return 0;
}

static struct json_object *find_job(struct json_object *root, const char *jobname)
{
	struct json_object *jobs, *job, *name;

	if (!json_object_object_get_ex(root, "jobs", &jobs) ||
	    !json_object_is_type(jobs, json_type_array))
		return NULL;
	for (size_t i = 0; i < json_object_array_length(jobs); i++) {
		job = json_object_array_get_idx(jobs, i);
		if (json_object_object_get_ex(job, "jobname", &name) &&
		    json_object_is_type(name, json_type_string) &&
		    strcmp(json_object_get_string(name), jobname) == 0)
			return job;
	}
	return NULL;
}

static int read_job(struct json_object *job, struct fio_result *out)
{
	double err = 0;

	if (number(job, "usr_cpu", &out->usr_cpu) || number(job, "sys_cpu", &out->sys_cpu))
		return -EINVAL;
	number(job, "error", &err);
	out->error = (int)err;
	if (direction(job, "read", &out->read) || direction(job, "write", &out->write))
		return -EINVAL;
	out->runtime = out->read.runtime > out->write.runtime ? out->read.runtime
							      : out->write.runtime;
	return 0;
}

int fio_result_parse(const char *text, size_t len, const char *jobname, struct fio_result *out,
		     char *why, size_t why_len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *root = NULL, *job;
	int ret = -EINVAL;

	memset(out, 0, sizeof(*out));
	if (!tok)
		return -ENOMEM;
	/* fio may print a line of warnings before its JSON: start at the first brace. */
	while (len && *text != '{') {
		text++;
		len--;
	}
	root = json_tokener_parse_ex(tok, text, (int)(len > (size_t)0x7fffffff ? 0x7fffffff : len));
	json_tokener_free(tok);
	if (!root || !json_object_is_type(root, json_type_object)) {
		snprintf(why, why_len, "fio's output is not JSON");
		goto out;
	}
	if (!(job = find_job(root, jobname))) {
		snprintf(why, why_len, "fio's output has no job '%s'", jobname);
		ret = -ENOENT;
		goto out;
	}
	ret = read_job(job, out);
	if (ret)
		snprintf(why, why_len,
			 "fio's job '%s' lacks its numbers (read, write, usr_cpu, sys_cpu)",
			 jobname);
out:
	json_object_put(root);
	return ret;
}
