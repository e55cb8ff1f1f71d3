#include "hogger/sandbox.h"
#include "common/util.h"

#include <errno.h>
#include <seccomp.h>
#include <stddef.h>
#include <sys/mman.h>

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/* Everything the hogger does once it starts allocating, and nothing else. */
static const int anywhere[] = {
	SCMP_SYS(brk),
	SCMP_SYS(mmap),
	SCMP_SYS(munmap),
	SCMP_SYS(mremap),
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

/* A rule's first argument equal to fd. Written out, not with libseccomp's macro: its
 * positional initializer leaves datum_b out, which clang's -Wextra refuses. */
static struct scmp_arg_cmp first_arg_is(int fd)
{
	return (struct scmp_arg_cmp){
		.arg = 0, .op = SCMP_CMP_EQ, .datum_a = (scmp_datum_t)fd, .datum_b = 0
	};
}

/* One syscall allowed on one descriptor. */
static int allow_on(scmp_filter_ctx ctx, int syscall, int fd)
{
	return seccomp_rule_add(ctx, SCMP_ACT_ALLOW, syscall, 1, first_arg_is(fd));
}

/* madvise with one advice, its third argument. A glibc run with its hugetlb tunable on
 * (glibc.malloc.hugetlb=1) advises MADV_HUGEPAGE on its own: refused unless asked for, as it
 * would change the folios the trial measures. */
static int allow_advice(scmp_filter_ctx ctx, int advice)
{
	struct scmp_arg_cmp is = {
		.arg = 2, .op = SCMP_CMP_EQ, .datum_a = (scmp_datum_t)advice, .datum_b = 0
	};
	return seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(madvise), 1, is);
}

static int allow_advices(scmp_filter_ctx ctx, unsigned advice)
{
	int ret = allow_advice(ctx, MADV_DONTNEED);

	if (!ret && (advice & SANDBOX_POPULATE_WRITE))
		ret = allow_advice(ctx, MADV_POPULATE_WRITE);
	if (!ret && (advice & SANDBOX_HUGEPAGE))
		ret = allow_advice(ctx, MADV_HUGEPAGE);
	return ret;
}

int sandbox_install(int report_fd, int data_fd, unsigned advice)
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
	ret = allow_advices(ctx, advice);
	if (ret)
		goto out;
	/* Writes only to stdout, stderr and the report socket; reads only from the socket. */
	for (int fd = 1; fd <= 2; fd++) {
		ret = allow_on(ctx, SCMP_SYS(write), fd);
		if (ret)
			goto out;
	}
	if (report_fd >= 0) {
		ret = allow_on(ctx, SCMP_SYS(write), report_fd);
		if (!ret)
			ret = allow_on(ctx, SCMP_SYS(read), report_fd);
		if (ret)
			goto out;
	}
	if (data_fd >= 0) {
		ret = allow_on(ctx, SCMP_SYS(pread64), data_fd);
		if (ret)
			goto out;
	}
	ret = seccomp_load(ctx);
out:
	seccomp_release(ctx);
	return ret;
}
