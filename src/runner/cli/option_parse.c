#include "runner/cli/option_parse.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int parse_u64_n(const char *text, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len == 0)
		return -EINVAL;
	for (size_t i = 0; i < len; i++) {
		unsigned digit = (unsigned)(text[i] - '0');
		if (text[i] < '0' || text[i] > '9')
			return -EINVAL;
		if (v > (UINT64_MAX - digit) / 10)
			return -ERANGE;
		v = v * 10 + digit;
	}
	*out = v;
	return 0;
}

static int text_fits(const char *value, size_t max, char *why, size_t why_len)
{
	if (strlen(value) > max) {
		snprintf(why, why_len, "too long (at most %zu characters)", max);
		return -EINVAL;
	}
	return 0;
}

int copy_text(char *field, size_t field_len, const char *value, char *why, size_t why_len)
{
	if (text_fits(value, field_len - 1, why, why_len))
		return -EINVAL;
	memcpy(field, value, strlen(value) + 1);
	return 0;
}

int set_text(char **text, size_t max, const char *value, char *why, size_t why_len)
{
	if (text_fits(value, max, why, why_len))
		return -EINVAL;
	if (config_set_text(text, value)) {
		snprintf(why, why_len, "out of memory");
		return -ENOMEM;
	}
	return 0;
}

void path_trim_slashes(char *path)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		path[--n] = '\0';
}

void name_list_add(struct name_list *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i], name) == 0)
			return;
	if (l->n < LIST_MAX)
		snprintf(l->v[l->n++], NAME_LEN, "%s", name);
}
