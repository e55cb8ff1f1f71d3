/* /proc/swaps: swaps_parse (libmount's reader) with any text, and the areas it gives must be
 * whole ones; and the input's first line, as a swapfile's path the kernel escapes (a blank as
 * \040), must come back as it was. */
#include <errno.h>

#include "runner/kernel/swaps.h"
#include "fuzz.h"

/* The kernel's escapes for a swap area's path (seq_file_path with " \t\n\\"). */
static void mangle(const char *path, char *out)
{
	for (; *path; path++) {
		if (strchr(" \t\n\\", *path))
			out += sprintf(out, "\\%03o", (unsigned char)*path);
		else
			*out++ = *path;
	}
	*out = '\0';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size), line[4 * 201 + 128], path[4 * 201 + 1];
	struct swaps areas;
	size_t n;
	int ret = swaps_parse(s, &areas);

	FUZZ_ASSERT(ret == 0 || ret == -ENOMEM);
	for (size_t i = 0; ret == 0 && i < areas.n; i++) {
		const struct swap_area *a = &areas.areas[i];
		FUZZ_ASSERT(a->path && a->type && a->size % 1024 == 0 && a->used % 1024 == 0);
		FUZZ_ASSERT(swaps_find(&areas, a->path) != NULL);
	}
	if (ret == 0)
		swaps_free(&areas);

	/* "/" and the first line as a path (a swap area's path is absolute; libmount would take
	 * a line starting "Filename\t" for the heading): no NUL, not ending in " (deleted)",
	 * which the kernel appends to a deleted file and libmount takes off. */
	n = strcspn(s, "\n");
	n = n > 200 ? 200 : n;
	s[n] = '\0';
	if (strlen(s) == n && !(n >= 10 && strcmp(s + n - 10, " (deleted)") == 0)) {
		char *raw = malloc(n + 2);
		raw[0] = '/';
		memcpy(raw + 1, s, n + 1);
		mangle(raw, path);
		snprintf(line, sizeof(line),
			 "Filename\t\t\t\tType\t\tSize\t\tUsed\t\tPriority\n"
			 "%s\tfile\t\t1024\t\t4\t\t-2\n",
			 path);
		FUZZ_ASSERT(swaps_parse(line, &areas) == 0 && areas.n == 1);
		if (strcmp(areas.areas[0].path, raw) != 0 || areas.areas[0].size != 1024 * 1024 ||
		    areas.areas[0].used != 4096 || areas.areas[0].priority != -2) {
			fprintf(stderr, "path '%s' read as '%s'\n", raw, areas.areas[0].path);
			abort();
		}
		swaps_free(&areas);
		free(raw);
	}
	free(s);
	return 0;
}
