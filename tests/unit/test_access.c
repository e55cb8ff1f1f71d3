#include <criterion/criterion.h>
#include <errno.h>

#include "common/access.h"
#include "common/util.h"

Test(access, modes)
{
	struct access a;
	cr_assert_eq(access_parse("fill", &a), 0);
	cr_assert_eq(a.kind, ACCESS_FILL);
	cr_assert_eq(access_parse("reread:3", &a), 0);
	cr_assert_eq(a.kind, ACCESS_REREAD);
	cr_assert_eq(a.passes, 3);
	cr_assert_eq(access_parse("random:2", &a), 0);
	cr_assert_eq(a.kind, ACCESS_RANDOM);
	cr_assert_eq(access_parse("hot:10:5", &a), 0);
	cr_assert_eq(a.kind, ACCESS_HOT);
	cr_assert_eq(a.hot_pct, 10);
	cr_assert_eq(a.passes, 5);
	cr_assert_not(a.zipf);
	cr_assert_eq(access_parse("hot:25:100:zipf", &a), 0);
	cr_assert(a.zipf);
	cr_assert_eq(access_parse("hot:25:100:uniform", &a), 0);
	cr_assert_not(a.zipf);
}

/* Ns: a time instead of a count, so a slow machine and a fast one touch for as long. */
Test(access, hot_last)
{
	struct access a;

	cr_assert_eq(access_parse("hot:25:100:last", &a), 0);
	cr_assert(a.hot_last);
	cr_assert_not(a.zipf);
	cr_assert_eq(access_parse("hot:25:100:zipf:last", &a), 0);
	cr_assert(a.hot_last && a.zipf);
	cr_assert_eq(access_parse("hot:25:3s:uniform:last", &a), 0);
	cr_assert(a.hot_last && a.seconds == 3);
	cr_assert_eq(access_parse("hot:25:100", &a), 0);
	cr_assert_not(a.hot_last);
	cr_assert_neq(access_parse("hot:25:100:last:zipf", &a), 0);
	cr_assert_neq(access_parse("hot:25:100:lastx", &a), 0);
	cr_assert_neq(access_parse("hot:25:100:zipf:", &a), 0);
	cr_assert_neq(access_parse("random:3:last", &a), 0);
}

Test(access, seconds)
{
	struct access a;
	cr_assert_eq(access_parse("hot:25:12s", &a), 0);
	cr_assert_eq(a.seconds, 12);
	cr_assert_eq(a.passes, 0);
	cr_assert_eq(access_parse("hot:25:3600s:zipf", &a), 0);
	cr_assert(a.zipf);
	cr_assert_eq(a.seconds, 3600);
	cr_assert_eq(access_parse("random:2s", &a), 0);
	cr_assert_eq(a.seconds, 2);
	cr_assert_eq(access_parse("reread:3600s", &a), 0);
	cr_assert_eq(access_parse("hot:25:1000", &a), 0);
	cr_assert_eq(a.seconds, 0);
}

Test(access, rejects)
{
	static const char *const bad[] = {
		"",	     "reread",	       "reread:",   "reread:0",	  "reread:x",
		"reread:1x", "random:1001",    "hot:10",    "hot:0:5",	  "hot:101:5",
		"hot:10:0",  "hot:10:5:gauss", "hot:10:5:", "fill:1",	  "Fill",
		"hot:10:0s", "hot:10:3601s",   "hot:10:5S", "hot:10:5ss", "random:3601s",
		"reread:s",  "random:1000x",   "tabs:2:5s", "hot:10:s5",  "random:2s:zipf"
	};
	struct access a;
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		cr_assert_eq(access_parse(bad[i], &a), -EINVAL, "accepted '%s'", bad[i]);
}

/* tabs:N:CYCLES: from 2 tabs (one alone never swaps in) to 64, up to 100000 pokes. */
Test(access, tabs)
{
	struct access a;
	cr_assert_eq(access_parse("tabs:2:5", &a), 0);
	cr_assert_eq(a.kind, ACCESS_TABS);
	cr_assert_eq(a.tabs, 2);
	cr_assert_eq(a.passes, 5);
	cr_assert_not(a.recent);
	cr_assert_eq(access_parse("tabs:64:100000:exp", &a), 0);
	cr_assert_eq(a.tabs, 64);
	cr_assert_eq(a.passes, 100000);
	cr_assert(a.recent);
	cr_assert_eq(access_parse("tabs:3:7:uniform", &a), 0);
	cr_assert_not(a.recent);
	static const char *const bad[] = { "tabs:1:5", "tabs:65:5",	"tabs:2",
					   "tabs:2:0", "tabs:2:100001", "tabs:2:5:zipf",
					   "tabs:2-5", "tabs:2:5:",	"tabs:0:5" };
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		cr_assert_eq(access_parse(bad[i], &a), -EINVAL, "accepted '%s'", bad[i]);
}

/* Each mode's own count limit: reread and random up to 1000 passes, hot up to 100000. */
Test(access, the_limits_of_each_mode)
{
	struct access a;
	cr_assert_eq(access_parse("reread:1000", &a), 0);
	cr_assert_eq(a.passes, 1000);
	cr_assert_eq(access_parse("reread:1001", &a), -EINVAL);
	cr_assert_eq(access_parse("random:1000", &a), 0);
	cr_assert_eq(a.kind, ACCESS_RANDOM);
	cr_assert_eq(access_parse("hot:100:100000", &a), 0);
	cr_assert_eq(a.hot_pct, 100);
	cr_assert_eq(a.passes, 100000);
	cr_assert_eq(a.seconds, 0);
	cr_assert_eq(access_parse("hot:1:100001", &a), -EINVAL);
	cr_assert_eq(access_parse("hot:1:3601s", &a), -EINVAL);
	cr_assert_eq(access_parse("hot:1:1s", &a), 0);
	cr_assert_eq(a.seconds, 1);
	cr_assert_eq(a.passes, 0);
}
