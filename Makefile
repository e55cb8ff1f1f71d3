# zswapbench: plain Makefile, libraries through pkg-config.
VERSION   := 0.1.0
CC        ?= cc
PKGS      := libcgroup smartcols json-c gsl inih
DEB_PKGS  := build-essential pkg-config libcgroup-dev libseccomp-dev libsmartcols-dev jq \
             libjson-c-dev libgsl-dev libinih-dev libcriterion-dev bats util-linux procps btrfs-progs xfsprogs
WARN      := -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes -Wstrict-prototypes -Wvla
CFLAGS    ?= -O2 -g
CFLAGS    += -std=gnu11 $(WARN) -D_GNU_SOURCE -Isrc -DZSB_VERSION='"$(VERSION)"' -MMD -MP
# SANITIZE=1: ASan + UBSan for the runner and the unit tests. The hogger gets UBSan only:
# ASan's shadow memory and quarantine would be charged to the cgroup and change what is measured.
ifeq ($(SANITIZE),1)
SAN_ALL   := -fsanitize=undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
SAN_ASAN  := -fsanitize=address
endif
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm

BUILD     := build
Q         := $(if $(V),,@)
# Objects depend on the flags they were built with, so switching SANITIZE rebuilds them.
MODE      := $(CC) $(CFLAGS) $(LDFLAGS) $(SAN_ALL) $(SAN_ASAN)
COMMON    := $(wildcard src/common/*.c)
# The runner's folders, one concern each (docs/architecture.md).
# WIP: files helpers are still writing stay out of the build until they land.
WIP       := src/runner/report/plot.c tests/unit/test_plot.c tests/unit/test_fuzz_regressions.c
RUNNER    := $(filter-out src/runner/main.c $(WIP),$(wildcard src/runner/*.c src/runner/*/*.c))
HOGGER    := $(wildcard src/hogger/*.c)
UNIT      := $(filter-out $(WIP),$(wildcard tests/unit/*.c))

obj = $(patsubst %.c,$(BUILD)/%.o,$(1))

.PHONY: all run check check-vm unit cli deps clean bench FORCE
all: zswapbench zswapbench-hogger

$(BUILD)/mode: FORCE
	@mkdir -p $(BUILD)
	@echo '$(MODE)' | cmp -s - $@ || echo '$(MODE)' > $@

$(BUILD)/%.o: %.c $(BUILD)/mode
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CFLAGS) $(SAN_ALL) $(SAN_ASAN) $(PKG_CFLAGS) -c $< -o $@

# The hogger's own objects, never with ASan (see SANITIZE above).
$(BUILD)/hogger/%.o: %.c $(BUILD)/mode
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (hogger)")
	$(Q)$(CC) $(CFLAGS) $(SAN_ALL) -c $< -o $@

zswapbench: $(call obj,src/runner/main.c $(RUNNER) $(COMMON))
	$(CC) $(LDFLAGS) $(SAN_ALL) $(SAN_ASAN) -o $@ $^ $(PKG_LIBS)

zswapbench-hogger: $(patsubst %.c,$(BUILD)/hogger/%.o,$(HOGGER) $(COMMON))
	$(CC) $(LDFLAGS) $(SAN_ALL) -o $@ $^ $(shell pkg-config --libs libseccomp) -lm -pthread

tests/unit/run-unit: $(call obj,$(UNIT) $(RUNNER) $(COMMON))
	$(CC) $(LDFLAGS) $(SAN_ALL) $(SAN_ASAN) -o $@ $^ $(PKG_LIBS) $(shell pkg-config --libs criterion)

build/bench/fill-floor: bench/fill-floor.c src/common/size.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

# Speed of the tool itself against its peers: not a test, numbers to read.
bench: deps all build/bench/fill-floor
	bench/fill.sh
	bench/sampling.sh
	bench/overhead.sh
	bench/aa.sh

# Installs only what is missing; needs root (CI and `make run` are root).
deps:
	@missing=$$(for p in $(DEB_PKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing:" $$missing; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi

run: deps
	$(MAKE) all
	./zswapbench

unit: tests/unit/run-unit

check: deps
	$(MAKE) all unit
	tests/run-all.sh

# The integration tests on pure cgroup v2, in Debian's kernel under qemu (tests/vm/run.sh).
check-vm: deps
	$(MAKE) all
	tests/vm/run.sh

clean:
	rm -rf $(BUILD) zswapbench zswapbench-hogger tests/unit/run-unit

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
