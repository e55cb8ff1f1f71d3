#include "runner/kernel/run_as.h"

#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/util.h"

/* How text and time are shown, which the user chose for the run; and the work directory, which
 * the README names. Anything else of root's (SUDO_*, LD_*, proxies, tokens) stays root's. */
static const char *const passed[] = { "LANG", "LC_ALL", "TZ", "TERM", "ZSWAPBENCH_WORKDIR" };

int run_as_lookup(struct run_as *u, const char *name)
{
	struct passwd *pw;
	int n = 0;

	memset(u, 0, sizeof(*u));
	errno = 0;
	if (!(pw = getpwnam(name)))
		return errno ? -errno : -ENOENT;
	snprintf(u->name, sizeof(u->name), "%s", pw->pw_name);
	snprintf(u->home, sizeof(u->home), "%s", pw->pw_dir ? pw->pw_dir : "/");
	snprintf(u->shell, sizeof(u->shell), "%s", pw->pw_shell ? pw->pw_shell : "");
	u->uid = pw->pw_uid;
	u->gid = pw->pw_gid;
	/* The first call only counts (-1, n set); the second fills. */
	getgrouplist(u->name, u->gid, NULL, &n);
	if (n < 1 || !(u->groups = calloc((size_t)n, sizeof(*u->groups))))
		return -ENOMEM;
	u->ngroups = n;
	if (getgrouplist(u->name, u->gid, u->groups, &u->ngroups) < 0) {
		run_as_free(u);
		return -EIO;
	}
	return 0;
}

void run_as_free(struct run_as *u)
{
	free(u->groups);
	u->groups = NULL;
	u->ngroups = 0;
}

static int add(struct run_as_env *e, const char *name, const char *value)
{
	if (e->n == RUN_AS_ENV_MAX || asprintf(&e->vars[e->n], "%s=%s", name, value) < 0)
		return -ENOMEM;
	e->vars[++e->n] = NULL;
	return 0;
}

/* The value of name in from, or NULL: from is any environ, not necessarily ours. */
static const char *value_in(char *const *from, const char *name)
{
	size_t n = strlen(name);

	for (; from && *from; from++)
		if (strncmp(*from, name, n) == 0 && (*from)[n] == '=')
			return *from + n + 1;
	return NULL;
}

int run_as_env_build(struct run_as_env *e, const struct run_as *u, char *const *from)
{
	int ret;

	memset(e, 0, sizeof(*e));
	ret = add(e, "PATH", RUN_AS_PATH);
	if (!ret)
		ret = add(e, "HOME", u->home);
	if (!ret)
		ret = add(e, "USER", u->name);
	if (!ret)
		ret = add(e, "LOGNAME", u->name);
	if (!ret)
		ret = add(e, "SHELL", u->shell);
	for (size_t i = 0; i < ARRAY_SIZE(passed) && !ret; i++) {
		const char *v = value_in(from, passed[i]);
		if (v)
			ret = add(e, passed[i], v);
	}
	if (ret)
		run_as_env_free(e);
	return ret;
}

void run_as_env_free(struct run_as_env *e)
{
	for (size_t i = 0; i < e->n; i++)
		free(e->vars[i]);
	memset(e, 0, sizeof(*e));
}
