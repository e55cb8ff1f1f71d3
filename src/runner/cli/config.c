#include "runner/cli/config.h"
#include "common/util.h"
#include "runner/swap/options.h"
#include "runner/trial/drivers/options.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* What every text not given points to: nothing writes through it, nothing frees it. */
static const char empty[] = "";

/* The texts a config owns, each "" or a copy of its own: these, and those of its swap and
 * driver settings (text_lists). A test checks that every path and text of the option table is
 * among them. */
static const size_t owned[] = {
	offsetof(struct config, data), /* a pattern may name a file: a path's length */
	offsetof(struct config, data_pages),	offsetof(struct config, output),
	offsetof(struct config, view.plot_dir), offsetof(struct config, view.report_file),
	offsetof(struct config, hogger),	offsetof(struct config, sysroot),
	offsetof(struct config, setup),		offsetof(struct config, config_file),
	offsetof(struct config, workload),	offsetof(struct config, prepare),
	offsetof(struct config, cleanup),
};

static size_t config_text(size_t k)
{
	return k < ARRAY_SIZE(owned) ? owned[k] : SIZE_MAX;
}

/* Each struct of the config that holds texts, and where its layer lists them: the offset of
 * its k-th, SIZE_MAX past the last. */
static const struct {
	size_t at;
	size_t (*text)(size_t k);
} text_lists[] = {
	{ 0, config_text },
	{ offsetof(struct config, backend), swap_settings_text },
	{ offsetof(struct config, driver), driver_settings_text },
};

/* The offset of the i-th text the config owns, its lists one after the other; SIZE_MAX past
 * the last. */
static size_t owned_at(size_t i)
{
	for (size_t l = 0; l < ARRAY_SIZE(text_lists); l++) {
		size_t at = text_lists[l].text(i), n = 0;

		if (at != SIZE_MAX)
			return text_lists[l].at + at;
		while (text_lists[l].text(n) != SIZE_MAX)
			n++;
		i -= n;
	}
	return SIZE_MAX;
}

static char **text_at(struct config *cfg, size_t i)
{
	return (char **)((char *)cfg + owned_at(i));
}

static const char *text_of(const struct config *cfg, size_t i)
{
	return *(char *const *)((const char *)cfg + owned_at(i));
}

int config_owns_text(size_t offset)
{
	for (size_t i = 0; owned_at(i) != SIZE_MAX; i++)
		if (owned_at(i) == offset)
			return 1;
	return 0;
}

void config_init(struct config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	for (size_t i = 0; owned_at(i) != SIZE_MAX; i++)
		*text_at(cfg, i) = (char *)empty;
}

static void free_text(char *text)
{
	if (text != empty)
		free(text);
}

static void free_words(char **words)
{
	for (size_t i = 0; words && words[i]; i++)
		free(words[i]);
	free(words);
}

void config_free(struct config *cfg)
{
	for (size_t i = 0; owned_at(i) != SIZE_MAX; i++)
		free_text(*text_at(cfg, i));
	free_words(cfg->command);
	free(cfg->sections);
	config_init(cfg);
}

int config_set_text(char **text, const char *value)
{
	char *copy = value[0] ? strdup(value) : (char *)empty;

	if (!copy)
		return -ENOMEM;
	free_text(*text);
	*text = copy;
	return 0;
}

static char **copy_words(char *const *words)
{
	size_t n = 0;
	char **copy;

	while (words[n])
		n++;
	copy = calloc(n + 1, sizeof(*copy));
	for (size_t i = 0; copy && i < n; i++)
		if (!(copy[i] = strdup(words[i]))) {
			free_words(copy);
			return NULL;
		}
	return copy;
}

int config_set_command(struct config *cfg, char *const *words)
{
	char **copy = copy_words(words);

	if (!copy)
		return -ENOMEM;
	free_words(cfg->command);
	cfg->command = copy;
	return 0;
}

struct cell_section *config_add_section(struct config *cfg)
{
	struct cell_section *more;

	if (cfg->nsections == SECTION_MAX)
		return NULL;
	more = realloc(cfg->sections, (cfg->nsections + 1) * sizeof(*more));
	if (!more)
		return NULL;
	cfg->sections = more;
	memset(&more[cfg->nsections], 0, sizeof(*more));
	return &more[cfg->nsections++];
}

/* Starts from a plain copy, then gives dst its own of everything src owns. */
int config_copy(struct config *dst, const struct config *src)
{
	int ret = 0;

	*dst = *src;
	for (size_t i = 0; owned_at(i) != SIZE_MAX; i++)
		*text_at(dst, i) = (char *)empty;
	dst->command = NULL;
	dst->sections = NULL;
	for (size_t i = 0; owned_at(i) != SIZE_MAX && !ret; i++)
		ret = config_set_text(text_at(dst, i), text_of(src, i));
	if (!ret && src->command)
		ret = config_set_command(dst, src->command);
	if (!ret && src->nsections) {
		dst->sections = malloc(src->nsections * sizeof(*dst->sections));
		if (dst->sections)
			memcpy(dst->sections, src->sections,
			       src->nsections * sizeof(*dst->sections));
		else
			ret = -ENOMEM;
	}
	if (ret)
		config_free(dst);
	return ret;
}
