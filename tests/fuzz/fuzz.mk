# Fuzzers (tests/fuzz/README.md): one libFuzzer harness per parser, tests/fuzz/fuzz_<name>.c,
# its seeds in tests/fuzz/corpus/<name>/ and the inputs that once crashed it in
# tests/fuzz/regressions/<name>/. Included from the Makefile.
#   make fuzz                  builds every harness, runs each for FUZZ_SECONDS, fails on a crash
#   make fuzz FUZZ_TARGETS=kv  only some harnesses
#   make fuzz-regress          replays the seeds and regressions once, no fuzzing
# Included anywhere, this file leaves the Makefile's default goal alone (restored at the end).
FUZZ_GOAL     := $(.DEFAULT_GOAL)
FUZZ_CC       ?= clang
FUZZ_SECONDS  ?= 60
# More libFuzzer flags, e.g. FUZZ_FLAGS=-fork=2 or -dict=...
FUZZ_FLAGS    ?=
FUZZ_DIR      := build/fuzz
# The libraries the runner links (the Makefile's PKGS: json-c, smartcols, libcgroup, gsl...).
FUZZ_PKGS      = $(PKGS)
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CFLAGS    = -std=gnu11 -g -O1 -Wall -Wextra -Wshadow -Wvla -D_GNU_SOURCE -Isrc \
                 -DZSB_VERSION='"fuzz"' $(shell pkg-config --cflags $(FUZZ_PKGS))
FUZZ_LIBS      = $(shell pkg-config --libs $(FUZZ_PKGS)) -lm
# The parsers and everything they call, from the runner's own sources: not its main.
FUZZ_SRCS     := $(filter-out src/runner/main.c,$(wildcard src/common/*.c src/runner/*.c src/runner/*/*.c src/runner/*/*/*.c))
FUZZ_OBJS     := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(FUZZ_SRCS))
FUZZ_NAMES    := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_TARGETS  ?= $(FUZZ_NAMES)
FUZZ_BINS     := $(FUZZ_NAMES:%=$(FUZZ_DIR)/fuzz_%)

.PHONY: fuzz fuzz-build fuzz-regress

fuzz-build: $(FUZZ_BINS)

# Coverage for libFuzzer, no main: an archive, so each harness links only what it calls.
$(FUZZ_DIR)/obj/%.o: %.c tests/fuzz/fuzz.mk
	@mkdir -p $(dir $@)
	@echo "  CC      $< (fuzz)"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer-no-link -MMD -MP -c $< -o $@

$(FUZZ_DIR)/libzsb.a: $(FUZZ_OBJS)
	@rm -f $@
	@ar rcs $@ $^

$(FUZZ_DIR)/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h $(FUZZ_DIR)/libzsb.a
	@echo "  LD      $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_SAN) -fsanitize=fuzzer $< $(FUZZ_DIR)/libzsb.a $(FUZZ_LIBS) -o $@

# Each harness grows its own corpus under build/ (the seeds in tests/ stay as they are),
# replays its regressions first, and leaves a crashing input in build/fuzz/artifacts/<name>/.
fuzz: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)
	@failed=; total=0; \
	for n in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$n $(FUZZ_DIR)/artifacts/$$n; \
		seeds=; for d in tests/fuzz/corpus/$$n tests/fuzz/regressions/$$n; do test -d $$d && seeds="$$seeds $$d"; done; \
		$(FUZZ_DIR)/fuzz_$$n -max_total_time=$(FUZZ_SECONDS) -timeout=10 -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_DIR)/artifacts/$$n/ $(FUZZ_FLAGS) \
			$(FUZZ_DIR)/corpus/$$n $$seeds >$(FUZZ_DIR)/$$n.log 2>&1 \
			&& what="executions in $(FUZZ_SECONDS) s" \
			|| { failed="$$failed $$n"; what="executions, then a crash"; tail -n 30 $(FUZZ_DIR)/$$n.log; }; \
		execs=$$(sed -n 's/^stat::number_of_executed_units: *//p' $(FUZZ_DIR)/$$n.log | tail -n 1); \
		total=$$((total + $${execs:-0})); \
		echo "  FUZZ    $$n: $${execs:-?} $$what (log: $(FUZZ_DIR)/$$n.log)"; \
	done; \
	echo "  FUZZ    $$total executions in all"; \
	test -z "$$failed" || { echo "fuzz: crash in:$$failed (inputs in $(FUZZ_DIR)/artifacts/)"; exit 1; }

# The seeds and the kept crashes, each run once: quick, for CI.
fuzz-regress: $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz_%)
	@for n in $(FUZZ_TARGETS); do \
		set -- tests/fuzz/corpus/$$n/* tests/fuzz/regressions/$$n/*; \
		files=; for f in "$$@"; do test -f "$$f" && files="$$files $$f"; done; \
		test -z "$$files" || $(FUZZ_DIR)/fuzz_$$n $$files >$(FUZZ_DIR)/$$n.regress.log 2>&1 \
			|| { tail -n 30 $(FUZZ_DIR)/$$n.regress.log; echo "fuzz-regress: $$n failed"; exit 1; }; \
		echo "  REPLAY  $$n"; \
	done

.DEFAULT_GOAL := $(FUZZ_GOAL)
