/* `zswapbench list-configs`: the presets, each with the first line of its own comment. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/cli/config_file.h"
#include "runner/commands/command_options.h"
#include "runner/commands/commands.h"
#include "runner/commands/files.h"
#include "runner/base/log.h"

/* The comment's first line, without its "# ". */
static void describe(const char *path, char *out, size_t len)
{
	char line[512];
	FILE *f = fopen(path, "re");

	out[0] = '\0';
	while (f && fgets(line, sizeof(line), f))
		if (line[0] == '#') {
			line[strcspn(line, "\n")] = '\0';
			snprintf(out, len, "%s", line + 1 + strspn(line + 1, " "));
			break;
		}
	if (f)
		fclose(f);
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

static int list_dir(const char *dir)
{
	struct dirent **names;
	int n = scandir(dir, &names, NULL, by_name), shown = 0;

	for (int i = 0; i < n; i++) {
		size_t len = strlen(names[i]->d_name);
		char path[4352], text[512];
		if (len > 5 && strcmp(names[i]->d_name + len - 5, ".conf") == 0) {
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]->d_name);
			describe(path, text, sizeof(text));
			printf("%-28.*s %s\n", (int)(len - 5), names[i]->d_name, text);
			shown++;
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	return shown;
}

int list_configs_main(const struct command_info *self, int argc, char **argv)
{
	int status = command_without_options(self, argc, argv);

	if (status >= 0)
		return status;
	/* The first directory that has presets: the source tree's, or the installed ones. */
	for (const char *const *d = config_preset_dirs(); *d; d++)
		if (list_dir(*d))
			return EXIT_OK;
	say("no presets found (looked in the source tree beside the binary and the installed "
	    "share/zswapbench/configs)");
	return EXIT_RUNTIME;
}
