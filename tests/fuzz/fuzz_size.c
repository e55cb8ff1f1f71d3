/* Sizes and comma lists: size_parse, size_parse_n on list items (as --limit reads them) and on
 * the raw bytes, size_format, and the list helpers of cli/option_parse.c. */
#include <errno.h>

#include "common/size.h"
#include "runner/cli/option_parse.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_text(data, size);
	uint64_t whole = 0, raw = 0, n;
	char buf[32];
	int ret_whole = size_parse(s, &whole);
	/* The raw bytes, no terminator: size_parse_n must stay inside len. */
	int ret_raw = size_parse_n((const char *)data, size, &raw);

	FUZZ_ASSERT(ret_whole == 0 || ret_whole == -EINVAL || ret_whole == -ERANGE);
	if (ret_whole == 0) {
		FUZZ_ASSERT(whole > 0); /* strictly positive */
		size_format(whole, buf, sizeof(buf));
		FUZZ_ASSERT(strlen(buf) < sizeof(buf) - 1);
	}
	/* Without a NUL inside, the two must agree; with one, the bytes are not a size. */
	if (!memchr(data, '\0', size)) {
		FUZZ_ASSERT(ret_raw == ret_whole);
		FUZZ_ASSERT(ret_raw != 0 || raw == whole);
	} else {
		FUZZ_ASSERT(ret_raw != 0);
	}
	/* A comma list item by item, by position in the text, as the option parser walks it. */
	if (list_well_formed(s)) {
		for (struct list_item it = list_first(s); it.ok; it = list_next(s, it)) {
			FUZZ_ASSERT(it.text >= s && it.text + it.len <= s + strlen(s));
			FUZZ_ASSERT(it.len > 0);
			if (size_parse_n(it.text, it.len, &n) == 0)
				FUZZ_ASSERT(n > 0);
			parse_u64_n(it.text, it.len, &n);
		}
	}
	parse_u64_n(s, strlen(s), &n);
	free(s);
	return 0;
}
