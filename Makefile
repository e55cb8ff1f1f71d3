# zswapbench: plain Makefile, libraries through pkg-config.
VERSION   := 0.1.0
CC        ?= cc
PKGS      := libcgroup smartcols json-c gsl inih mount blkid
# What building and running need (make run), and what the tests add (make check).
DEB_PKGS  := build-essential pkg-config libcgroup-dev libseccomp-dev libsmartcols-dev libjson-c-dev \
             libgsl-dev libinih-dev libmount-dev libblkid-dev util-linux gnuplot-nox fio e2fsprogs
# What make check adds, by what each group is for: "REASON|PACKAGES". Those missing are named
# with their reason before apt runs, all in one apt-get.
TEST_GROUPS := \
  "the unit tests|libcriterion-dev" \
  "the integration tests (real cgroups, swap, filesystems)|bats jq procps time bc cgroup-tools btrfs-progs xfsprogs" \
  "the static checks|python3 clang-format" \
  "the man page, Markdown and completion tests|man-db groff-base cmark-gfm zsh fish" \
  "the plots and the HTML report in a headless browser|librsvg2-bin libxml2-utils chromium" \
  "the Debian package and its autopkgtest|debhelper dpkg-dev fakeroot lintian python3-apt" \
  "the Ansible playbook, run against this machine|ansible openssh-client" \
  "the presets of real programs: databases, stress-ng, a kernel build|stress-ng mariadb-server mariadb-client sysbench redis-server redis-tools postgresql linux-source flex bison xz-utils"
# Installed layout; the runner finds its hogger and presets where they were installed.
# bin, not sbin: show, compare, plot, report, sysinfo and --dry-run are for any user, who must
# find them by name (fio and stress-ng are in bin too); a run still needs root.
PREFIX    ?= /usr/local
BINDIR    := $(PREFIX)/bin
LIBEXECDIR:= $(PREFIX)/libexec/zswapbench
DATADIR   := $(PREFIX)/share/zswapbench
MANDIR    := $(PREFIX)/share/man
COMPLETIONDIR := $(PREFIX)/share/bash-completion/completions
# zsh's and fish's own places under a prefix; Debian's zsh reads vendor-completions instead
# (debian/rules says so).
ZSH_COMPLETIONDIR ?= $(PREFIX)/share/zsh/site-functions
FISH_COMPLETIONDIR ?= $(PREFIX)/share/fish/vendor_completions.d
# -Werror in development builds only: a package built with another compiler must not fail on
# a warning it invents (debian/rules sets WERROR=).
WERROR    ?= -Werror
# The test hooks (ZSWAPBENCH_TEST_PAUSE/_RESUME, _KILL_AT_RECORD, _ACCESS_DELAY_NS) in
# development builds only, which the tests need: a package's binary must not let a variable
# pause a run, kill it mid-journal or slow every access unrecorded (debian/rules sets
# TEST_HOOKS=).
TEST_HOOKS ?= 1
# No frame over 16 KiB (issue 34): a big struct goes on the heap, or the frame is made smaller
# (docs/architecture.md, Errors).
FRAME_MAX := 16384
WARN      := -Wall -Wextra $(WERROR) -Wshadow -Wmissing-prototypes -Wstrict-prototypes -Wvla \
             -Wframe-larger-than=$(FRAME_MAX)
CFLAGS    ?= -O2 -g
# The preprocessor's flags from the environment: dpkg-buildflags puts -D_FORTIFY_SOURCE here,
# not in CFLAGS, so a package build without them would lose the fortified functions.
CPPFLAGS  ?=
CFLAGS    += -std=gnu11 $(WARN) -D_GNU_SOURCE -Isrc -DZSB_VERSION='"$(VERSION)"' -MMD -MP \
             -DZSB_LIBEXECDIR='"$(LIBEXECDIR)"' -DZSB_DATADIR='"$(DATADIR)"' \
             $(if $(filter 1,$(TEST_HOOKS)),-DZSB_TEST_HOOKS)
# SANITIZE=1: ASan + UBSan for the runner and the unit tests. The hogger gets UBSan only:
# ASan's shadow memory and quarantine would be charged to the cgroup and change what is measured.
ifeq ($(SANITIZE),1)
SAN_ALL   := -fsanitize=undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# ASan's redzones grow every frame: the frame limit is the plain build's.
SAN_ASAN  := -fsanitize=address -Wno-frame-larger-than
endif
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   = $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lm

BUILD     := build
Q         := $(if $(V),,@)
# Objects depend on the flags they were built with, so switching SANITIZE rebuilds them.
MODE      := $(CC) $(CPPFLAGS) $(CFLAGS) $(LDFLAGS) $(SAN_ALL) $(SAN_ASAN)
# Sorted: the link order, and so the binaries' bytes, must not follow a directory's order.
COMMON    := $(sort $(wildcard src/common/*.c))
# The runner's folders, one concern each (docs/architecture.md).
RUNNER    := $(sort $(filter-out src/runner/main.c,$(wildcard src/runner/*.c src/runner/*/*.c src/runner/*/*/*.c)))
HOGGER    := $(sort $(wildcard src/hogger/*.c))
# The hogger's logic without its main(), for the unit tests (touch patterns, the sandbox).
HOGGER_LIB:= $(filter-out src/hogger/main.c,$(HOGGER))
UNIT      := $(sort $(wildcard tests/unit/*.c))

obj = $(patsubst %.c,$(BUILD)/%.o,$(1))

.PHONY: all run check check-vm kernel-ab unit mutation mutation-integration cli deps deps-test deps-fuzz clean bench install uninstall FORCE
all: zswapbench zswapbench-hogger

include docs.mk

$(BUILD)/mode: FORCE
	@mkdir -p $(BUILD)
	@echo '$(MODE)' | cmp -s - $@ || echo '$(MODE)' > $@

$(BUILD)/%.o: %.c $(BUILD)/mode
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_ALL) $(SAN_ASAN) $(PKG_CFLAGS) -c $< -o $@

# The hogger's own objects, never with ASan (see SANITIZE above).
$(BUILD)/hogger/%.o: %.c $(BUILD)/mode
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $< (hogger)")
	$(Q)$(CC) $(CPPFLAGS) $(CFLAGS) $(SAN_ALL) -c $< -o $@

zswapbench: $(call obj,src/runner/main.c $(RUNNER) $(COMMON))
	$(Q)$(CC) $(LDFLAGS) $(SAN_ALL) $(SAN_ASAN) -o $@ $^ $(PKG_LIBS)

zswapbench-hogger: $(patsubst %.c,$(BUILD)/hogger/%.o,$(HOGGER) $(COMMON))
	$(Q)$(CC) $(LDFLAGS) $(SAN_ALL) -o $@ $^ $(shell pkg-config --libs libseccomp) -lm -pthread

# The tests keep their fixtures on the stack (a struct results, a struct run, a whole file's
# text): the frame limit is the code's, not theirs.
$(call obj,$(UNIT)): CFLAGS += -Wno-frame-larger-than

tests/unit/run-unit: $(call obj,$(UNIT) $(RUNNER) $(COMMON) $(HOGGER_LIB))
	$(Q)$(CC) $(LDFLAGS) $(SAN_ALL) $(SAN_ASAN) -o $@ $^ $(PKG_LIBS) \
		$(shell pkg-config --libs libseccomp criterion)

build/bench/fill-floor: bench/fill-floor.c src/common/size.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $^

# Speed of the tool itself against its peers: not a test, numbers to read.
bench: deps all build/bench/fill-floor
	bench/fill.sh
	bench/sampling.sh
	bench/overhead.sh
	bench/aa.sh
	bench/latency.sh
	bench/histogram.sh
	bench/merge.sh
	bench/fio.sh
	bench/record.sh

# Installs only what is missing; needs root (CI and `make run` are root).
# $(1) names a list of "REASON|PACKAGES" groups (by name: a reason may hold commas): the
# packages not installed are said with their reason, then installed in one apt-get.
define install_missing
	@missing=; \
	for group in $($(1)); do \
		want=; \
		for p in $${group#*|}; do \
			dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || want="$$want $$p"; \
		done; \
		[ -z "$$want" ] || echo "installing, for $${group%%|*}:$$want"; \
		missing="$$missing$$want"; \
	done; \
	if [ -n "$$missing" ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

RUN_GROUPS  := "building and running zswapbench|$(DEB_PKGS)"
FUZZ_GROUPS := "the fuzzers (libFuzzer)|clang"

deps:
	$(call install_missing,RUN_GROUPS)

deps-test: deps
	$(call install_missing,TEST_GROUPS)

# libFuzzer comes with clang.
deps-fuzz: deps
	$(call install_missing,FUZZ_GROUPS)

run: deps
	$(MAKE) all
	./zswapbench

# The hogger too: tests/unit/test_hogger.c runs it, alone, with a few MiB.
unit: tests/unit/run-unit zswapbench-hogger

# Whether the unit tier fails on the bugs of tests/mutation/*.mutants, planted one at a time in
# a copy of the tree (tests/mutation/README.md). Not part of check: it rebuilds per mutant.
mutation:
	tests/mutation/run.sh

# Whether the bats tests fail on the bugs of tests/mutation/integration.imutants, each planted
# alone in a copy under /var/tmp, built and tested there: as root, the real benchmark on the real
# kernel (tests/mutation/README.md). Not part of check.
mutation-integration:
	tests/mutation/run-integration.sh

check: deps-test
	$(MAKE) all unit docs
	tests/run-all.sh

# The integration tests on pure cgroup v2, in Debian's kernels under qemu (tests/vm/run.sh):
# VM_KERNELS="amd64 6.12-amd64" by default (what follows linux-image-), then the kernel-ab test.
check-vm: deps
	$(MAKE) all
	VM_KERNELS='$(VM_KERNELS)' tests/vm/run.sh

# The same run on two of Debian's kernels under qemu, compared (tests/vm/kernel-ab.sh):
# make kernel-ab KERNELS="6.1 6.12" CONFIG=NAME|FILE [BOOTS=3] [ARGS="--trials 3"]
kernel-ab: deps
	$(MAKE) all
	KERNEL_AB_BOOTS='$(or $(BOOTS),3)' tests/vm/kernel-ab.sh '$(KERNELS)' '$(CONFIG)' $(ARGS)

# DESTDIR stages a tree (packaging); the binaries are copied, never rebuilt, by install.
install: all docs
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(DATADIR)/configs $(DESTDIR)$(DATADIR)/cgroup \
		$(DESTDIR)$(MANDIR)/man8 $(DESTDIR)$(COMPLETIONDIR) $(DESTDIR)$(ZSH_COMPLETIONDIR) $(DESTDIR)$(FISH_COMPLETIONDIR)
	install -m 0755 zswapbench $(DESTDIR)$(BINDIR)/zswapbench
	install -m 0755 zswapbench-hogger $(DESTDIR)$(LIBEXECDIR)/zswapbench-hogger
	install -m 0644 configs/*.conf $(DESTDIR)$(DATADIR)/configs/
	install -d $(DESTDIR)$(DATADIR)/configs/programs
	install -m 0755 configs/programs/*.sh $(DESTDIR)$(DATADIR)/configs/programs/
	install -m 0644 cgroup/*.conf $(DESTDIR)$(DATADIR)/cgroup/
	install -m 0644 $(BUILD)/docs/zswapbench.8 $(DESTDIR)$(MANDIR)/man8/zswapbench.8
	install -m 0644 $(BUILD)/docs/zswapbench.bash-completion $(DESTDIR)$(COMPLETIONDIR)/zswapbench
	install -m 0644 $(BUILD)/docs/_zswapbench $(DESTDIR)$(ZSH_COMPLETIONDIR)/_zswapbench
	install -m 0644 $(BUILD)/docs/zswapbench.fish $(DESTDIR)$(FISH_COMPLETIONDIR)/zswapbench.fish

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/zswapbench $(DESTDIR)$(MANDIR)/man8/zswapbench.8 $(DESTDIR)$(COMPLETIONDIR)/zswapbench \
		$(DESTDIR)$(ZSH_COMPLETIONDIR)/_zswapbench $(DESTDIR)$(FISH_COMPLETIONDIR)/zswapbench.fish
	rm -rf $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(DATADIR)

clean:
	rm -rf $(BUILD) zswapbench zswapbench-hogger tests/unit/run-unit

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)

# make fuzz, make fuzz-regress (tests/fuzz/README.md).
include tests/fuzz/fuzz.mk
fuzz fuzz-build fuzz-regress: | deps-fuzz
