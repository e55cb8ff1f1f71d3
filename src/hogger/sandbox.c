#include "hogger/sandbox.h"
#include "common/util.h"

#include <errno.h>
#include <seccomp.h>
#include <stddef.h>

/* Everything the hogger does once it starts allocating, and nothing else. */
static const int anywhere[] = {
	SCMP_SYS(brk),
	SCMP_SYS(mmap),
	SCMP_SYS(munmap),
	SCMP_SYS(mremap),
	SCMP_SYS(madvise),
	SCMP_SYS(mprotect),
	SCMP_SYS(clock_gettime),
	SCMP_SYS(clock_nanosleep),
	SCMP_SYS(nanosleep),
	SCMP_SYS(rt_sigreturn),
	SCMP_SYS(rt_sigprocmask),
	SCMP_SYS(exit),
	SCMP_SYS(exit_group),
	SCMP_SYS(getrusage),
	SCMP_SYS(futex),
	/* a thread just created may still be registering itself when the filter arrives */
	SCMP_SYS(rseq),
	SCMP_SYS(set_robust_list),
};

int sandbox_install(int report_fd, int data_fd)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_KILL_PROCESS);
	int ret = -ENOMEM;

	if (!ctx)
		return ret;
	/* --threads: the threads exist already; the filter must cover them too. */
	ret = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_TSYNC, 1);
	if (ret)
		goto out;
	for (size_t i = 0; i < ARRAY_SIZE(anywhere); i++) {
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, anywhere[i], 0);
		if (ret)
			goto out;
	}
	/* Writes only to stdout, stderr and the report socket; reads only from the socket. */
	for (int fd = 1; fd <= 2; fd++) {
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
				       SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)fd));
		if (ret)
			goto out;
	}
	if (report_fd >= 0) {
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(write), 1,
				       SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)report_fd));
		if (!ret)
			ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(read), 1,
					       SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)report_fd));
		if (ret)
			goto out;
	}
	if (data_fd >= 0) {
		ret = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(pread64), 1,
				       SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)data_fd));
		if (ret)
			goto out;
	}
	ret = seccomp_load(ctx);
out:
	seccomp_release(ctx);
	return ret;
}
