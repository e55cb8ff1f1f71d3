#include "runner/kernel/swapsig.h"

#include <blkid.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

/* A value the probe found, into buf; "" when it has none. */
static void value(blkid_probe pr, const char *name, char *buf, size_t len)
{
	const char *v = NULL;

	buf[0] = '\0';
	if (blkid_probe_lookup_value(pr, name, &v, NULL) == 0 && v)
		snprintf(buf, len, "%s", v);
}

int swapsig_read(const char *path, struct swapsig *sig)
{
	blkid_probe pr;
	char type[32];
	int ret;

	memset(sig, 0, sizeof(*sig));
	errno = 0;
	pr = blkid_new_probe_from_filename(path);
	if (!pr)
		return errno ? -errno : -EIO;
	ret = -EIO;
	if (blkid_probe_enable_superblocks(pr, 1) < 0 ||
	    blkid_probe_set_superblocks_flags(
		    pr, BLKID_SUBLKS_LABEL | BLKID_SUBLKS_UUID | BLKID_SUBLKS_TYPE) < 0)
		goto out;
	/* safeprobe: 0 one signature, 1 none, -2 several (ambiguous), -1 an error. */
	switch (blkid_do_safeprobe(pr)) {
	case 0:
		break;
	case 1:
		ret = -ENODATA;
		goto out;
	case -2:
		ret = -EMEDIUMTYPE;
		goto out;
	default:
		goto out;
	}
	value(pr, "TYPE", type, sizeof(type));
	if (strcmp(type, "swap") != 0) {
		ret = -EMEDIUMTYPE;
		goto out;
	}
	value(pr, "LABEL", sig->label, sizeof(sig->label));
	value(pr, "UUID", sig->uuid, sizeof(sig->uuid));
	ret = 0;
out:
	blkid_free_probe(pr);
	return ret;
}
