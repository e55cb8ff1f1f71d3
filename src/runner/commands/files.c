#include "runner/commands/files.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "runner/base/log.h"
#include "runner/result/json_read.h"

struct json_object *file_doc_read(const char *file)
{
	struct json_object *doc;
	char why[512];

	if (json_file_read(file, RESULTS_FILE_MAX, "a result file", &doc, why, sizeof(why)))
		say("%s: %s", file, why);
	return doc;
}

int file_set_read_after(struct file_set *fs, char **files, size_t n, struct json_object *first)
{
	char why[512];

	fs->n = 0;
	fs->sets = calloc(n, sizeof(*fs->sets));
	fs->ptrs = calloc(n, sizeof(*fs->ptrs));
	fs->names = calloc(n, sizeof(*fs->names));
	if (!fs->sets || !fs->ptrs || !fs->names) {
		say("%s", "out of memory");
		return -ENOMEM;
	}
	for (size_t i = 0; i < n; i++) {
		int ret = i == 0 && first ? results_from_json(first, &fs->sets[i], why, sizeof(why))
					  : results_read(files[i], &fs->sets[i], why, sizeof(why));
		if (ret) {
			say("%s: %s", files[i], why);
			return -EINVAL;
		}
		fs->ptrs[i] = &fs->sets[i];
		fs->names[i] = files[i];
		fs->n = i + 1;
	}
	return 0;
}

int file_set_read(struct file_set *fs, char **files, size_t n)
{
	return file_set_read_after(fs, files, n, NULL);
}

void file_set_free(struct file_set *fs)
{
	for (size_t i = 0; i < fs->n; i++)
		results_free(&fs->sets[i]);
	free(fs->sets);
	free(fs->ptrs);
	free(fs->names);
	fs->n = 0;
}

static int is_stdout(const char *path)
{
	return !path || !path[0] || strcmp(path, "-") == 0;
}

FILE *view_open(const char *path)
{
	FILE *f = is_stdout(path) ? stdout : fopen(path, "we");

	if (!f)
		say("--output '%s': %s", path, strerror(errno));
	return f;
}

int view_close(FILE *out, const char *path)
{
	int err = fflush(out) || ferror(out) ? errno : 0;

	if (out != stdout && fclose(out) && !err)
		err = errno;
	if (err)
		say("%s: %s", is_stdout(path) ? "standard output" : path, strerror(err));
	return err ? EXIT_RUNTIME : EXIT_OK;
}
