#include "runner/undo/param.h"

#include <stdio.h>
#include <string.h>

#include "runner/kernel/sysfs.h"

void param_normalize(char *text)
{
	char *open = strchr(text, '['), *close = open ? strchr(open, ']') : NULL;

	if (!close)
		return;
	memmove(text, open + 1, (size_t)(close - open - 1));
	text[close - open - 1] = '\0';
}

int param_set(struct journal *j, const char *path, const char *value, char *why, size_t len)
{
	char old[256], kept[256];
	int ret, idx;

	snprintf(why, len, "%s", path);
	ret = sysfs_read_line(path, old, sizeof(old));
	if (ret < 0)
		return ret;
	param_normalize(old);
	if (strcmp(old, value) == 0)
		return 0;
	snprintf(why, len, "%s '%s'", path, value);
	idx = journal_intend(j, UNDO_WRITE, path, old, value);
	if (idx < 0)
		return idx;
	ret = sysfs_write(path, value);
	if (ret) {
		journal_cancel(j, idx);
		return ret;
	}
	ret = journal_confirm(j, idx, NULL, 0, 0);
	if (!ret && sysfs_read_line(path, kept, sizeof(kept)) >= 0) {
		param_normalize(kept);
		if (strcmp(kept, value) != 0)
			ret = journal_confirm_wrote(j, idx, kept);
	}
	return ret;
}
