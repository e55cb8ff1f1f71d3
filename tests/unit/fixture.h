/* Unit tests run from the repository root (make unit) on the trees under tests/fixtures. */
#ifndef ZSB_TEST_FIXTURE_H
#define ZSB_TEST_FIXTURE_H
#define FIXTURES "tests/fixtures"
#endif
