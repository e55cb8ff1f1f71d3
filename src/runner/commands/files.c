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

int view_open(struct view_out *v, const char *path)
{
	int ret;

	v->f = stdout;
	v->file.fd = v->file.dirfd = -1;
	v->file.tmp[0] = '\0';
	if (is_stdout(path))
		return 0;
	ret = out_file_open(&v->file, path, 0666);
	if (!ret && !(v->f = fdopen(v->file.fd, "w")))
		ret = -errno;
	if (ret) {
		out_file_abort(&v->file);
		say("--output '%s': %s", path, strerror(-ret));
		return EXIT_USAGE;
	}
	return 0;
}

int view_close(struct view_out *v, const char *path)
{
	int err = fflush(v->f) || ferror(v->f) ? (errno ? errno : EIO) : 0;

	if (v->f != stdout) {
		/* The stream closes the descriptor: the out_file only renames. */
		if (fclose(v->f) && !err)
			err = errno;
		v->file.fd = -1;
		if (err)
			out_file_abort(&v->file);
		else
			err = -out_file_commit(&v->file, 0);
	}
	if (err)
		say("%s: %s", is_stdout(path) ? "standard output" : path, strerror(err));
	return err ? EXIT_RUNTIME : EXIT_OK;
}
