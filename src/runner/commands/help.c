/* `zswapbench help [COMMAND]`: a command's --help by its name, as git and systemctl users type
 * it; and the command a mistyped word was meant to be. */
#include <stdio.h>
#include <string.h>

#include "runner/base/log.h"
#include "runner/cli/help.h"
#include "runner/commands/commands.h"

/* The edit distance of a and b (insert, delete, substitute), for words of a few letters: a
 * command's name is under 16. */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), prev[32], cur[32];

	if (la >= 32 || lb >= 32)
		return (size_t)-1;
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
			size_t del = prev[j] + 1, ins = cur[j - 1] + 1;
			cur[j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
		}
		memcpy(prev, cur, sizeof(prev));
	}
	return prev[lb];
}

const char *command_near(const char *word)
{
	const char *best = NULL;
	size_t best_d = 3; /* two typos at most, and fewer than the word has letters */

	for (size_t i = 0; i < ncommands; i++) {
		size_t d;
		if (commands[i].implicit)
			continue;
		d = edit_distance(word, commands[i].name);
		if (d < best_d && d < strlen(word)) {
			best = commands[i].name;
			best_d = d;
		}
	}
	return best;
}

/* help: the run's; help COMMAND: that command's ("run" names the run); a word that is no
 * command, refused with the one it was likely meant to be. */
int help_main(const struct command_info *self, int argc, char **argv)
{
	const struct command_info *c = command_of(argc == 2 ? argv[1] : NULL);
	const char *near;

	if (argc > 2) {
		say("help: one command at most; try 'zswapbench help'");
		return EXIT_USAGE;
	}
	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0))
		c = self;
	else if (argc == 2 && c->implicit && strcmp(argv[1], c->name) != 0) {
		near = command_near(argv[1]);
		say("help: '%s' is not a command%s%s%s; try 'zswapbench --help'", argv[1],
		    near ? " (did you mean '" : "", near ? near : "", near ? "'?)" : "");
		return EXIT_USAGE;
	}
	options_help(stdout, c, commands, ncommands);
	return EXIT_OK;
}
