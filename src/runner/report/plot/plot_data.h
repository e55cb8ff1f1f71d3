/* What gnuplot reads inline: strings as gnuplot literals, and numbers (a datablock's rows). */
#ifndef ZSB_PLOT_DATA_H
#define ZSB_PLOT_DATA_H
#include <stdio.h>

/* A gnuplot string in single quotes: nothing in it is expanded, and it is valid UTF-8. */
void gp_text(FILE *f, const char *text);
/* " 1.234", or " NaN" for what is not a finite number (gnuplot leaves it out). */
void gp_num(FILE *f, double v);

#endif
