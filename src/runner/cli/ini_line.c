#include "runner/cli/ini_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

int config_long_line(const char *path)
{
	FILE *f = fopen(path, "re");
	char *buf = NULL;
	size_t cap = 0;
	ssize_t n;
	int line = 0, found = 0;

	while (f && !found && (n = getline(&buf, &cap, f)) >= 0) {
		line++;
		if (n && buf[n - 1] == '\n')
			n--;
		found = n > CONFIG_LINE_MAX;
	}
	free(buf);
	if (f)
		fclose(f);
	return found ? line : 0;
}
