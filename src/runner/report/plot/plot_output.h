/* What a plot_results call did, for its caller and for each view that adds to it. */
#ifndef ZSB_PLOT_OUTPUT_H
#define ZSB_PLOT_OUTPUT_H
#include <stddef.h>

/* What plot_results did: the pictures it wrote (paths under dir, in order), and the plots it
 * left out for want of data, each as "NAME.svg: why" ("memory-*.svg: no time series in any
 * cell (the run had --interval 0)"). An axis that was not swept is not listed as skipped. */
struct plot_output {
	char **written;
	size_t nwritten;
	char **skipped;
	size_t nskipped;
};

void plot_output_free(struct plot_output *o);
/* Adds item (taken over, freed on failure) to a list; 0 or -ENOMEM. */
int plot_list_add(char ***list, size_t *n, char *item);

#endif
