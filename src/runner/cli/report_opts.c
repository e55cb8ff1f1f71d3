#include "runner/cli/report_opts.h"

#include "runner/cli/options.h"
#include "runner/report/formats/formats.h"

/* Sizes print with their unit, durations in seconds; a key the option table does not know
 * (a newer file's) as it is stored. */
static enum value_kind value_kind(const char *option)
{
	const struct option_desc *d = option_find(option);

	if (d && (d->type == OT_SIZE || d->type == OT_SIZE_LIST))
		return VALUE_SIZE;
	if (d && d->type == OT_DURATION)
		return VALUE_DURATION;
	return VALUE_PLAIN;
}

static int is_duration(const char *option)
{
	const struct option_desc *d = option_find(option);

	return d && d->type == OT_DURATION;
}

struct report_opts report_opts_of(const struct config *cfg)
{
	struct report_opts o = {
		.render = { .format = cfg->view.format,
			    .columns = &cfg->view.columns,
			    .raw = cfg->view.raw,
			    .noheadings = cfg->view.noheadings,
			    .bytes = cfg->view.bytes,
			    .json = cfg->view.table_json,
			    .output_all = cfg->view.output_all },
		.verbose = cfg->view.verbose,
		.quiet = cfg->view.quiet,
		.cmp = { .alpha = cfg->alpha, .noise_pct = cfg->noise_pct },
		.alpha_given = config_given(cfg, O_ALPHA),
		.noise_given = config_given(cfg, O_NOISE),
		.value_kind = value_kind,
		.is_duration = is_duration,
		.match = cfg->view.match_keys,
	};
	return o;
}

enum escape_kind view_escape(const struct config *cfg)
{
	/* A file's bytes in -J's strings: \xNN would be no JSON. */
	return cfg->view.table_json ? ESCAPE_JSON : format_def_of(cfg->view.format)->escape;
}
