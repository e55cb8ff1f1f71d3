#!/usr/bin/env bash
# hist_record per call against a store into a volatile (bench/histogram.c). No root, no
# kernel state: a CPU loop. RECORDS=N changes the 100M records per round.
set -eu
cd "$(dirname "$0")/.."
mkdir -p build/bench
${CC:-cc} -O2 -std=gnu11 -Wall -Wextra -Werror -D_GNU_SOURCE -Isrc \
	bench/histogram.c src/common/histogram.c -o build/bench/histogram
build/bench/histogram "${RECORDS:-100000000}"
