# The man page zswapbench(8) and the bash, zsh and fish completions, generated from the option table by
# build/tools/gen-docs (tools/gen-docs.c), so neither can drift from the parser.
#
# A fragment of the Makefile: it uses its variables (BUILD, CC, CFLAGS, PKG_LIBS, RUNNER,
# COMMON, obj) and its rule for objects. Include it after the "all" target, so "all" stays
# the default:   include docs.mk
# Without the include:   make -f Makefile -f docs.mk docs

GEN_DOCS  := $(BUILD)/tools/gen-docs
DOCS      := $(BUILD)/docs/zswapbench.8 $(BUILD)/docs/zswapbench.bash-completion \
             $(BUILD)/docs/_zswapbench $(BUILD)/docs/zswapbench.fish
# The man page's date: the last commit's, so the same tree gives the same page.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null)

.PHONY: docs
docs: $(DOCS)

# gen-docs links every runner object but main.c: the table, --help's text, the backends and
# the parser that checks the man page's examples, compiled as zswapbench's own objects are.
$(GEN_DOCS): $(call obj,tools/gen-docs.c $(RUNNER) $(COMMON))
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) $(SAN_ALL) $(SAN_ASAN) -o $@ $^ $(PKG_LIBS)

# Written to a temporary file first: a failed gen-docs (an example the parser refuses)
# leaves no half page behind.
$(BUILD)/docs/zswapbench.8: $(GEN_DOCS)
	@mkdir -p $(dir $@)
	SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) $(GEN_DOCS) man >$@.tmp
	@mv $@.tmp $@

$(BUILD)/docs/zswapbench.bash-completion: $(GEN_DOCS)
	@mkdir -p $(dir $@)
	$(GEN_DOCS) bash >$@.tmp
	@mv $@.tmp $@

# zsh's completion function is named after the file: _zswapbench.
$(BUILD)/docs/_zswapbench: $(GEN_DOCS)
	@mkdir -p $(dir $@)
	$(GEN_DOCS) zsh >$@.tmp
	@mv $@.tmp $@

$(BUILD)/docs/zswapbench.fish: $(GEN_DOCS)
	@mkdir -p $(dir $@)
	$(GEN_DOCS) fish >$@.tmp
	@mv $@.tmp $@
