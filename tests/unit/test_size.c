#include <criterion/criterion.h>
#include <errno.h>

#include "common/size.h"
#include "common/util.h"

Test(size, accepts_units_in_binary_multiples)
{
	uint64_t v;
	cr_assert_eq(size_parse("4096", &v), 0);
	cr_assert_eq(v, 4096);
	cr_assert_eq(size_parse("50M", &v), 0);
	cr_assert_eq(v, 50ULL << 20);
	cr_assert_eq(size_parse("1g", &v), 0);
	cr_assert_eq(v, 1ULL << 30);
	cr_assert_eq(size_parse("512KiB", &v), 0);
	cr_assert_eq(v, 512ULL << 10);
	cr_assert_eq(size_parse("2T", &v), 0);
	cr_assert_eq(v, 2ULL << 40);
}

Test(size, rejects_what_is_not_a_positive_size)
{
	static const char *const bad[] = {
		"",	"0",   "0M",  "-1",	"+1",	   " 1",
		"50X",	"1Q",  "M",   "1.5",	"1MM",	   "12 M",
		"0x10", ".5G", "1.G", "1.5.5G", "0.0001K", "1.0000000000000000001G"
	};
	uint64_t v = 77;
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		cr_assert_eq(size_parse(bad[i], &v), -EINVAL, "accepted '%s'", bad[i]);
	cr_assert_eq(v, 77, "a rejected size must not be stored");
}

/* util-linux takes a fraction of a unit: 0.5G is 512M; a size is whole bytes, cut down. */
Test(size, takes_a_fraction_of_a_unit)
{
	uint64_t v;
	cr_assert_eq(size_parse("0.5G", &v), 0);
	cr_assert_eq(v, 512ULL << 20);
	cr_assert_eq(size_parse("1.5M", &v), 0);
	cr_assert_eq(v, 1536ULL << 10);
	cr_assert_eq(size_parse("0.5GB", &v), 0);
	cr_assert_eq(v, 500000000ULL, "GB is decimal, a fraction too");
	cr_assert_eq(size_parse("0.3K", &v), 0);
	cr_assert_eq(v, 307, "307.2 bytes: cut to whole bytes");
	cr_assert_eq(size_parse("2.25TiB", &v), 0);
	cr_assert_eq(v, 9ULL << 38);
	cr_assert_eq(size_parse_n("0.5G,1G", 4, &v), 0, "a list item ends at its length");
	cr_assert_eq(v, 512ULL << 20);
	cr_assert_eq(size_parse("16777215.999999999999999999T", &v), 0);
	cr_assert_eq(size_parse("16777216T", &v), -ERANGE);
	cr_assert_eq(size_parse("16777215.9999999999999999999T", &v), -EINVAL,
		     "more fraction digits than are counted exactly");
}

Test(size, rejects_overflow)
{
	uint64_t v;
	cr_assert_eq(size_parse("99999999999999999999", &v), -ERANGE);
	cr_assert_eq(size_parse("17179869184T", &v), -ERANGE);
	/* UINT64_MAX is 18446744073709551615: in KB its whole part leaves room for 615 bytes of
	 * fraction and no more. */
	cr_assert_eq(size_parse("18446744073709551.615KB", &v), 0);
	cr_assert_eq(v, UINT64_MAX);
	cr_assert_eq(size_parse("18446744073709551.616KB", &v), -ERANGE);
	cr_assert_eq(size_parse("18446744073709551615", &v), 0);
	cr_assert_eq(v, UINT64_MAX);
	cr_assert_eq(size_parse("18446744073709551616", &v), -ERANGE);
}

Test(size, formats_for_people)
{
	char buf[32];
	cr_assert_str_eq(size_format(50ULL << 20, buf, sizeof(buf)), "50M");
	cr_assert_str_eq(size_format(1536ULL << 10, buf, sizeof(buf)), "1.5M");
	cr_assert_str_eq(size_format(100, buf, sizeof(buf)), "100");
}
