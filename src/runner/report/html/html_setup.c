/* The machine and the configuration each file ran with: the system as the file records it, what
 * sysinfo read, and every option as it was typed. */
#include <json.h>
#include <stdio.h>

#include "common/size.h"
#include "common/util.h"
#include "runner/report/html/html_markup.h"
#include "runner/report/html/html_page.h"

static void put_json_pre(FILE *f, const char *summary, struct json_object *j)
{
	fputs("<details><summary>", f);
	html_esc(f, summary);
	fputs("</summary>\n", f);
	html_pre(f, "json",
		 json_object_to_json_string_ext(j,
						JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
							JSON_C_TO_STRING_NOSLASHESCAPE));
	fputs("</details>\n", f);
}

static void system_table(FILE *f, const struct results *r)
{
	const struct result_system *s = &r->system;
	char text[64];

	fputs("<table>\n", f);
	html_kv_row(f, "kernel", s->kernel);
	html_kv_row(f, "kernel build", s->kernel_build);
	html_kv_row(f, "architecture", s->arch);
	html_kv_row(f, "host", s->hostname);
	snprintf(text, sizeof(text), "%d", s->cpus);
	html_kv_row(f, "CPUs", text);
	snprintf(text, sizeof(text), "%.1f GiB", (double)s->mem_total / GIB_BYTES);
	html_kv_row(f, "memory", text);
	html_kv_row(f, "cgroup mode", s->cgroup_mode);
	html_kv_row(f, "other swap", s->other_swap[0] ? s->other_swap : "none");
	html_kv_row(f, "zswapbench", r->tool_version);
	html_kv_row(f, "started", r->started);
	html_kv_row(f, "updated", r->updated);
	html_kv_row(f, "status", run_status_name(r->status));
	fputs("</table>\n", f);
}

int html_system_section(struct html_page *p)
{
	fputs("<section id=\"system\">\n<h2>System</h2>\n", p->out);
	for (size_t k = 0; k < p->n; k++) {
		html_set_heading(p, k);
		system_table(p->out, p->sets[k]);
		if (p->sets[k]->system.facts)
			put_json_pre(p->out, "What zswapbench sysinfo read before the run",
				     p->sets[k]->system.facts);
	}
	fputs("</section>\n", p->out);
	return 0;
}

/* An option's value as it would be typed: sizes with their unit, durations in seconds, lists
 * with commas. */
static void put_value(FILE *f, enum value_kind kind, struct json_object *v)
{
	char buf[64];

	switch (json_object_get_type(v)) {
	case json_type_string:
		html_esc(f, json_object_get_string(v));
		break;
	case json_type_array:
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			fputs(i ? ", " : "", f);
			put_value(f, kind, json_object_array_get_idx(v, i));
		}
		break;
	case json_type_int:
		if (kind == VALUE_SIZE)
			html_esc(f, size_format(json_object_get_uint64(v), buf, sizeof(buf)));
		else
			html_esc(f, json_object_get_string(v));
		break;
	case json_type_double:
		/* json-c prints 0.1 as 0.10000000000000001. */
		snprintf(buf, sizeof(buf), "%.15g%s", json_object_get_double(v),
			 kind == VALUE_DURATION ? "s" : "");
		html_esc(f, buf);
		break;
	default:
		html_esc(f,
			 json_object_to_json_string_ext(
				 v, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	}
}

static void config_table(FILE *f, const struct report_opts *o, struct json_object *config)
{
	fputs("<table>\n<tr><th>option</th><th>value</th></tr>\n", f);
	json_object_object_foreach(config, key, v)
	{
		/* null or an empty list: not given, the kernel's or the tool's default applied. */
		int unset = !v ||
			(json_object_is_type(v, json_type_array) && !json_object_array_length(v));
		fputs("<tr><th>", f);
		html_esc(f, key);
		fputs(unset ? "</th><td class=\"unset\">default" : "</th><td>", f);
		if (!unset)
			put_value(f, o->value_kind ? o->value_kind(key) : VALUE_PLAIN, v);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

int html_config_section(struct html_page *p)
{
	fputs("<section id=\"config\">\n<h2>Configuration</h2>\n", p->out);
	for (size_t k = 0; k < p->n; k++) {
		const struct results *r = p->sets[k];
		html_set_heading(p, k);
		if (r->config && json_object_is_type(r->config, json_type_object))
			config_table(p->out, &p->o, r->config);
		else
			fputs("<p>The result file records no configuration.</p>\n", p->out);
		if (r->plan)
			put_json_pre(p->out, "What the run derived from it (plan)", r->plan);
	}
	fputs("</section>\n", p->out);
	return 0;
}
