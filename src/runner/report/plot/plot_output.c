/* What a plot_results call did: the pictures written and the plots left out. */
#include "runner/report/plot/plot_output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int plot_list_add(char ***list, size_t *n, char *item)
{
	char **grown = item ? realloc(*list, (*n + 1) * sizeof(**list)) : NULL;
	if (!grown) {
		free(item);
		return -ENOMEM;
	}
	*list = grown;
	grown[(*n)++] = item;
	return 0;
}

static void free_list(char **list, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(list[i]);
	free(list);
}

void plot_output_free(struct plot_output *o)
{
	if (!o)
		return;
	free_list(o->written, o->nwritten);
	free_list(o->skipped, o->nskipped);
	memset(o, 0, sizeof(*o));
}
