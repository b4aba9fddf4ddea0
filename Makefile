# Makefile of the literate reproducibility package for Lie group integrators.
#
#   make              tangle, compile, simulate, plot every figure, measure every
#                     claim, weave both volumes
#   make report       build/report.pdf (the comparative report, no code) and
#                     build/lgrepro.pdf (the literate program, every chunk)
#   make figures      every figure, figures/STEM.pdf     make data   data/STEM.dat
#   make animations   three mechanisms drawn by lgsim animate: figures/anim-NAME.gif
#                     and the filmstrips figures/anim-NAME-strip.png
#   make KEY          one paper's data and figures, KEY one of
#                     sun2022 bai2015 moiseev2024 huang2022 liang2023
#   make check-KEY    measure that paper's claims and print their verdicts
#   make check        unit, command-line and claim tests, check-tangle,
#                     check-chunks, check-overfull, check-volumes, check-version;
#                     "N passed, M failed"
#   make check-tangle src/ and tests/ are what the chapters tangle to
#   make check-chunks, check-overfull, check-volumes, check-version
#                     one of the checks alone
#   make unit-tests   the unit tests alone   make claim-checks  the claim checks
#   make tangle       the chapters into src/ and tests/
#   make sanitize     unit and command-line tests under ASan + UBSan
#   make fuzz         the lgsim parser under libFuzzer (clang) for FUZZ_TIME s
#   make bench        timings: ns and instructions per step, Newton iterations,
#                     the time of a clean make -j2
#   make lib          liblgrepro (static and shared)   make programs  every program
#   make install      lgsim, the library, lgrepro.h, lgrepro.pc, the manual pages,
#                     the model files and the README's example (share/lgrepro)
#   make uninstall    remove what make install installed, and the directories it
#                     made once empty
#   make check-install  build, install, uninstall as a distribution does
#   make check-threads  the library's thread test under ThreadSanitizer
#   make clean        remove every generated file      make help   this text
#
# Variables a user sets (make VAR=value):
#   prefix=/usr/local (or PREFIX)  exec_prefix bindir libdir includedir
#                      datarootdir datadir mandir DESTDIR   (install; GNU names)
#   CC=cc  OPT=-O2  CPPFLAGS=  CFLAGS=  LDFLAGS=   the compiler; a user's flags are
#                      appended to the package's (dpkg-buildflags' for instance)
#   WERROR=-Werror     every warning an error (the developers' and CI's builds)
#   O=build            the tree of objects and programs (make CC=clang O=build/clang)
#   FUZZ_TIME=60       seconds of make fuzz
#   YARDSTICK=DIR      the hand-written yardstick of make bench (../shared/bench)
#
# Sections: 1 config, 2 tangle, 3 compile, 4 simulate, 5 plot, 6 test,
# 7 weave, 8 misc.  Every rule writes to a temporary file and renames it, so an
# interrupted run leaves no half-written target; .DELETE_ON_ERROR removes what
# a failed recipe wrote.

# ---------------------------------------------------------------- 1. config
.DELETE_ON_ERROR:
.SECONDARY:
.SUFFIXES:
SHELL       := /bin/bash
.SHELLFLAGS := -eo pipefail -c
MAKEFLAGS   += --no-builtin-rules --no-print-directory

T        := build
O        ?= build
CC       ?= cc
OPT      ?= -O2
WARN     := -std=c11 -Wall -Wextra -pedantic
# -Werror is for the developers' and CI's builds (.ci/run exports WERROR=-Werror),
# not for a user's or a distribution's, whose newer compiler may warn where ours
# does not.
WERROR   ?=
# The package's own flags come first; a user's CPPFLAGS, CFLAGS and LDFLAGS (those
# of dpkg-buildflags, say) are appended to them and never replace them.
LG_CPPFLAGS := -Isrc -D_POSIX_C_SOURCE=200809L -DHAVE_INLINE
ALL_CPPFLAGS = $(LG_CPPFLAGS) $(CPPFLAGS)
# -gdwarf-4: Valgrind 3.19, which counts instructions for the comparative chapter and
# make bench, cannot read the DWARF 5 that clang 14 writes by default.  -pthread: the
# library guards its little shared state with pthread_once and a mutex (chapter 09).
ALL_CFLAGS = $(OPT) -g -gdwarf-4 $(WARN) $(WERROR) -pthread $(SANFLAGS) $(CFLAGS)
LDLIBS   := -lgsl -lgslcblas -lm
# C++ (the Simbody peer, chapter 92 only): the compiler of CC's family.
CXX      := $(if $(findstring clang,$(notdir $(CC))),$(subst clang,clang++,$(CC)),$(CXX))
ALL_CXXFLAGS = $(OPT) -g -gdwarf-4 -std=c++17 -Wall -Wextra -pedantic $(WERROR) -pthread $(SANFLAGS) \
               $(CXXFLAGS)
SIMBODY_CFLAGS := $(patsubst -I%,-isystem %,$(shell pkg-config --cflags-only-I simbody 2> /dev/null))
# The hand-written yardstick of make bench (a folder outside the package; its
# rows are skipped when it is absent).
YARDSTICK ?= ../shared/bench
YARDSTICK_BIN := $(if $(wildcard $(YARDSTICK)/lgvi_tight.c),$(O)/bin/bench-yardstick/lgvi_tight)

# Deterministic PDFs: fixed dates in every TeX run.
export SOURCE_DATE_EPOCH := 1700000000
export FORCE_SOURCE_DATE := 1
# cairo 1.16 ignores SOURCE_DATE_EPOCH and stamps each figure with the time
# it was drawn; the plot rule overwrites that stamp with this date (the same
# instant, so the byte count and the PDF's cross-reference table stay valid).
PDF_DATE := 20231114221320

CHAPTERS := $(sort $(wildcard chapters/*.nw))

.PHONY: all figures report data check check-tangle check-chunks check-overfull check-volumes check-version unit-tests \
        claim-checks sanitize bench clean help tangle programs lib install uninstall \
        check-install

all: report figures animations lib $(O)/share/example.c $(PEER_BIN)

# ---------------------------------------------------------------- 2. tangle
# One stamp per chapter.  Each root chunk whose name is a path under src/ or
# tests/ is written only if its text changed, so a file whose text did not
# change keeps its time stamp and nothing downstream of it is rebuilt: editing
# prose rebuilds no object, no data and no figure.  The chapter is parsed once
# (noweb's markup) and every root written from that by noweb's mnt, which
# writes what notangle -R would, and, like cpif, leaves an unchanged file alone
# (one notangle and one cpif per root took 5 s of a clean build).  The stamp
# lists the chapter's roots, so that the list of tangled files below is read
# from the stamps and not computed again.  A process costs about 5 ms to start
# here, and a clean build started some 1,500 of them before its first compile:
# the rules of this section start a fixed number per chapter, not one per root.
STAMPS := $(CHAPTERS:chapters/%.nw=$(T)/stamp/%.roots)

ROOTS = noroots $(1) | sed -n 's/^<<\(.*\)>>$$/\1/p' | grep -E '^(src|tests)/' || true
# noweb's own programs (markup, mnt), where its notangle script finds them
NWLIB := $(shell sed -n 's/^LIB=//p' "$$(command -v notangle)" 2> /dev/null)

$(T)/stamp/%.roots: chapters/%.nw
	@mkdir -p $(@D); echo "  TANGLE   $<"; r=$$($(call ROOTS,$<)); \
	  [ -x "$(NWLIB)/mnt" ] || { echo "tangle: noweb's mnt not found (in '$(NWLIB)')"; exit 1; }; \
	  if [ -n "$$r" ]; then mkdir -p $$(dirname $$r | sort -u) && "$(NWLIB)/markup" $< | "$(NWLIB)/mnt" -t $$r; fi; \
	  printf '%s\n' $$r > $@.tmp && mv $@.tmp $@

# The list of tangled files, and which data files each plot (its gnuplot run)
# and each check reads, are computed after tangling, by one grep over every
# plot script, check and table script and one awk.  Including the result makes
# make tangle first and then restart with src/ and tests/ up to date.
$(T)/tangle.mk: $(STAMPS) Makefile
	@mkdir -p $(@D) $(T)/gen; cat $(STAMPS) | grep '^src/model/.*\.mb$$' | grep -v '^src/model/examples/' | sort | cpif $(T)/gen/mbfiles.txt
	@{ cat $(STAMPS) | sed '/^$$/d; s/^/TANGLED += /'; \
	   grep -o 'data/[A-Za-z0-9_.-]*\.dat' $$(ls src/plot/*.gp tests/*.c src/tex/*.awk 2>/dev/null) /dev/null | sort -u \
	   | awk -F: -v t='$(T)' '{ s = $$1; sub(/.*\//, "", s); sub(/\.[^.]*$$/, "", s); \
	       if ($$1 ~ /^src\/plot\//) print t "/fig/" s "/body.tex: " $$2; \
	       else if ($$1 ~ /^src\/tex\//) print t "/report/" s ".tex: " $$2; \
	       else print "$$(O)/claims/" s ".tsv: " $$2 }'; \
	 } > $@.tmp && mv $@.tmp $@

ifeq ($(filter clean help,$(MAKECMDGOALS)),)
include $(T)/tangle.mk
endif

tangle: $(STAMPS)

# ---------------------------------------------------------------- 3. compile
# A scheme's file is src/scheme/CHAPTER.c, or src/scheme/PAPER/SCHEME.c for a
# paper whose schemes are one file each (a family per file).
LIB_SRC  := $(filter-out src/fig/% src/cli/% src/bench/% src/check/% src/peer/%, \
                         $(sort $(wildcard src/*/*.c src/scheme/*/*.c)))
FIG_SRC  := $(sort $(wildcard src/fig/*.c))
FIGLIB_SRC := $(sort $(wildcard src/fig/lib/*.c))
UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
UNITLIB_SRC := $(sort $(wildcard tests/unit/lib/*.c))
CHK_SRC  := $(sort $(wildcard tests/*.c))
CHKLIB_SRC := $(sort $(wildcard tests/lib/*.c))
BENCHLIB_SRC := $(sort $(wildcard src/bench/lib/*.c))
BENCH_SRC:= $(sort $(wildcard src/bench/*.c))
CLILIB_SRC := $(sort $(wildcard src/cli/lib/*.c))
PEERLIB_SRC := $(sort $(wildcard src/peer/lib/*.c))
PEER_SRC := $(sort $(wildcard src/peer/*.c))
PEERXX_SRC := $(sort $(wildcard src/peer/*.cc))
STEMS    := $(FIG_SRC:src/fig/%.c=%)
LIB      := $(O)/lib/liblg.a
FIGLIB   := $(O)/lib/libfig.a
CHKLIB   := $(O)/lib/libcheck.a
UNITLIB  := $(O)/lib/libunit.a
BENCHLIB := $(O)/lib/libbench.a
CLILIB   := $(O)/lib/libcli.a
PEERLIB  := $(O)/lib/libpeer.a
PEERC_BIN := $(PEER_SRC:src/peer/%.c=$(O)/bin/peer/lgpeer-%)
PEERXX_BIN := $(PEERXX_SRC:src/peer/%.cc=$(O)/bin/peer/lgpeer-%)
PEER_BIN := $(PEERC_BIN) $(PEERXX_BIN)
LGSIM    := $(O)/bin/lgsim
VERDICTS := $(O)/bin/verdicts

# Every object depends on the compiler and flags it was built with, recorded
# in a file that changes only when they do: make CFLAGS=... rebuilds.
$(O)/flags.txt: FORCE
	@mkdir -p $(@D); echo '$(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) | -fPIC -fvisibility=hidden' | cpif $@

$(O)/obj/%.o: %.c $(O)/flags.txt
	@mkdir -p $(@D); echo "  CC       $<"; $(CC) $(ALL_CPPFLAGS) $(ALL_CFLAGS) $(OBJFLAGS) -MMD -MP -c $< -o $@

# The objects of the library are compiled once, as position-independent code
# with every symbol hidden but the public ones (LGR_API in src/api/lgrepro.h):
# the package's programs, the static archive and the shared library of
# chapter 09 are all made of these same objects.  (-fPIC with hidden symbols
# addresses as -fPIE does; a step costs the same instructions, chapter 09.)
LIB_OBJ  = $(LIB_SRC:%.c=$(O)/obj/%.o) $(O)/obj/$(MB_GEN:.c=.o)

# The multibody models shipped as model files (src/model/*.mb, tangled from
# the chapters) are compiled into the library, one string per line, so that a
# built-in model and the same file read with --model-file are one text.  The
# examples under src/model/examples/ (chapter 08, assembly) are installed as
# files only: compiled in, their parsing at start-up moves the heap under
# every later allocation, and the instruction counts of the comparative
# chapter (Callgrind) shift by a few in a thousand.
MB_FILES = $(sort $(filter-out src/model/examples/%,$(filter src/model/%.mb,$(TANGLED))))
MB_EXAMPLES = $(sort $(filter src/model/examples/%.mb,$(TANGLED)))
MB_GEN  := $(T)/gen/mbtext.c

$(MB_GEN): $(MB_FILES) $(T)/gen/mbfiles.txt Makefile
	@mkdir -p $(@D); echo "  GEN      $@"; { echo '/* mbtext.c: the model files under src/model/, written by the Makefile */'; \
	   echo '#include <stddef.h>'; i=0; \
	   for f in $(MB_FILES); do echo "static const char *const f$$i[] = {"; \
	     sed 's/\\/\\\\/g; s/"/\\"/g; s/^/  "/; s/$$/",/' "$$f"; echo '  NULL};'; i=$$((i+1)); done; \
	   echo 'const char *const *const mb_builtin_lines[] = {'; i=0; \
	   for f in $(MB_FILES); do echo "  f$$i,"; i=$$((i+1)); done; echo '  NULL};'; \
	   echo 'const char *const mb_builtin_file[] = {'; \
	   for f in $(MB_FILES); do echo "  \"$$f\","; done; echo '  NULL};'; \
	 } > $@.tmp && mv $@.tmp $@

$(LIB_OBJ): OBJFLAGS := -fPIC -fvisibility=hidden

$(LIB): $(LIB_OBJ)
	@mkdir -p $(@D); echo "  AR       $@"; rm -f $@.tmp && ar rcsD $@.tmp $^ && mv $@.tmp $@

# Code shared by several figure drivers, claim checks or benchmarks (it may
# print and exit, so it stays out of the library) is compiled once, into an
# archive of its own for each kind of program.
$(FIGLIB): $(FIGLIB_SRC:%.c=$(O)/obj/%.o)
	@mkdir -p $(@D); echo "  AR       $@"; rm -f $@.tmp && ar rcsD $@.tmp $^ && mv $@.tmp $@

$(CHKLIB): $(CHKLIB_SRC:%.c=$(O)/obj/%.o)
	@mkdir -p $(@D); echo "  AR       $@"; rm -f $@.tmp && ar rcsD $@.tmp $^ && mv $@.tmp $@

$(UNITLIB): $(UNITLIB_SRC:%.c=$(O)/obj/%.o)
	@mkdir -p $(@D); echo "  AR       $@"; rm -f $@.tmp && ar rcsD $@.tmp $^ && mv $@.tmp $@

$(BENCHLIB): $(BENCHLIB_SRC:%.c=$(O)/obj/%.o)
	@mkdir -p $(@D); echo "  AR       $@"; rm -f $@.tmp && ar rcsD $@.tmp $^ && mv $@.tmp $@

$(CLILIB): $(CLILIB_SRC:%.c=$(O)/obj/%.o)
	@mkdir -p $(@D); echo "  AR       $@"; rm -f $@.tmp && ar rcsD $@.tmp $^ && mv $@.tmp $@

$(PEERLIB): $(PEERLIB_SRC:%.c=$(O)/obj/%.o)
	@mkdir -p $(@D); echo "  AR       $@"; rm -f $@.tmp && ar rcsD $@.tmp $^ && mv $@.tmp $@

# The programs are linked by gold where it is installed (binutils has it on
# Debian): it links one in about half the time of the default linker, 14 s of
# processor time less over the 150 programs of a clean build.
FUSE_LD := $(if $(shell command -v ld.gold 2> /dev/null),-fuse-ld=gold)
define LINK
	@mkdir -p $(@D); echo "  LD       $@"; $(CC) $(ALL_CFLAGS) $(FUSE_LD) $(LDFLAGS) -o $@.tmp $< $(filter $(PEERLIB) $(FIGLIB) $(CHKLIB) $(UNITLIB) $(BENCHLIB) $(CLILIB),$^) $(LIB) $(LDLIBS) && mv $@.tmp $@
endef

$(LGSIM): $(O)/obj/src/cli/lgsim.o $(CLILIB) $(LIB) ; $(LINK)
$(VERDICTS): $(O)/obj/src/check/verdicts.o $(LIB) ; $(LINK)
$(O)/bin/fig/%: $(O)/obj/src/fig/%.o $(FIGLIB) $(LIB) ; $(LINK)
$(O)/bin/unit/%: $(O)/obj/tests/unit/%.o $(UNITLIB) $(LIB) ; $(LINK)
# The test of the MJCF export (chapter 08) loads the files into MuJoCo.
$(O)/bin/unit/mjcf: LDLIBS += -lmujoco
$(O)/bin/check/%: $(O)/obj/tests/%.o $(CHKLIB) $(LIB) ; $(LINK)
# The peers (chapter 92): programs and figure drivers that run the package's
# models in MuJoCo too.
$(O)/bin/peer/lgpeer-%: $(O)/obj/src/peer/%.o $(PEERLIB) $(LIB) ; $(LINK)
$(PEERC_BIN): LDLIBS += -lmujoco
$(O)/bin/fig/cmp-peer-%: LDLIBS += -lmujoco
# The order figure runs Simbody's program too.
data/cmp-peer-order.dat: $(O)/bin/peer/lgpeer-simbody
$(O)/bin/fig/cmp-peer-%: $(O)/obj/src/fig/cmp-peer-%.o $(PEERLIB) $(FIGLIB) $(LIB) ; $(LINK)
# The Simbody peer is C++: compiled by the C++ compiler of the C compiler's
# family (clang++ under make CC=clang), Simbody's headers as system headers
# (their own warnings are not ours).
$(O)/obj/%.o: %.cc $(O)/flags.txt
	@mkdir -p $(@D); echo "  CXX      $<"; $(CXX) $(ALL_CPPFLAGS) $(SIMBODY_CFLAGS) $(ALL_CXXFLAGS) -MMD -MP -c $< -o $@
$(O)/bin/peer/lgpeer-simbody: $(O)/obj/src/peer/simbody.o $(LIB)
	@mkdir -p $(@D); echo "  LD       $@"; $(CXX) $(ALL_CXXFLAGS) $(LDFLAGS) -o $@.tmp $< $(LIB) \
	  -lSimTKsimbody -lSimTKmath -lSimTKcommon $(LDLIBS) && mv $@.tmp $@
$(O)/bin/bench/%: $(O)/obj/src/bench/%.o $(BENCHLIB) $(LIB) ; $(LINK)

programs: $(LGSIM) $(VERDICTS) $(STEMS:%=$(O)/bin/fig/%) $(PEER_BIN)

# The library for programs outside the package (chapter 09), from the objects
# above.  The static archive is one relocatable object in which every hidden
# symbol is made local, so that it defines the lgr_ names and nothing else (a
# program with its own so3_exp links against it, -static too); the shared
# library exports the same names.
LIBVERSION := $(shell sed -n 's/^\#define LG_VERSION "\(.*\)"/\1/p' src/core/lg.h)
SONAME   := liblgrepro.so.$(firstword $(subst ., ,$(LIBVERSION)))
SOLIB    := $(O)/lib/liblgrepro.so.$(LIBVERSION)
LIBA     := $(O)/lib/liblgrepro.a

$(LIBA): $(LIB_OBJ)
	@mkdir -p $(@D); echo "  AR       $@"; $(CC) -r -nostdlib -o $(@D)/lgrepro.o.tmp $^ \
	  && objcopy --localize-hidden $(@D)/lgrepro.o.tmp && rm -f $@.tmp \
	  && cp $(@D)/lgrepro.o.tmp $(@D)/lgrepro.o && ar rcsD $@.tmp $(@D)/lgrepro.o \
	  && rm -f $(@D)/lgrepro.o $(@D)/lgrepro.o.tmp && mv $@.tmp $@

$(SOLIB): $(LIB_OBJ)
	@mkdir -p $(@D); echo "  LD       $@"; $(CC) $(ALL_CFLAGS) $(LDFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,-z,defs \
	  -o $@.tmp $^ $(LDLIBS) && mv $@.tmp $@

lib: $(LIBA) $(SOLIB)

-include $(shell find $(O)/obj -name '*.d' 2>/dev/null)

# ---------------------------------------------------------------- 4. simulate
# Each figure driver src/fig/STEM.c writes data/STEM.dat on standard output.
DATA := $(STEMS:%=data/%.dat)

data/%.dat: $(O)/bin/fig/%
	@echo "  RUN      $@"; $< > $@.tmp && mv $@.tmp $@

data: $(DATA)

# ---------------------------------------------------------------- 5. plot
# src/plot/STEM.gp draws data/STEM.dat, in the style of src/plot/style.gp, with
# the cairolatex terminal: the graphics go to a PDF and the labels to LaTeX.
# The report sets the labels itself, from build/fig/STEM/body.tex, so it does
# not wait for the standalone figures/STEM.pdf, whose pdflatex runs then share
# the machine with the report's instead of delaying it.
PLOTS   := $(filter-out style,$(basename $(notdir $(wildcard src/plot/*.gp))))
FIGURES := $(PLOTS:%=figures/%.pdf)

$(T)/fig/%/body.tex: src/plot/%.gp src/plot/style.gp data/%.dat
	@mkdir -p $(@D); echo "  PLOT     $*"; gnuplot -e "outfile='$(T)/fig/$*/$*.tex'" src/plot/style.gp $< \
	  > $(T)/fig/$*/gnuplot.log 2>&1 && ! grep -q . $(T)/fig/$*/gnuplot.log \
	  || { cat $(T)/fig/$*/gnuplot.log; echo "plot $*: gnuplot failed or warned"; exit 1; }
	@LC_ALL=C sed -i 's|/CreationDate (D:[0-9]\{14\}Z)|/CreationDate (D:$(PDF_DATE)Z)|' \
	  $(T)/fig/$*/$*-inc.pdf
	@sed -n '/^\\begin{document}/,/^\\end{document}/{/^\\begin{document}/d;/^\\end{document}/d;s/\\includegraphics/\\lgrawgraphics/;p;}' \
	  $(T)/fig/$*/$*.tex > $@.tmp && mv $@.tmp $@

# The standalone figure is gnuplot's standalone page with a title line above the
# picture, made from the first line of the plot script (src/plot/figtitle.sh);
# figures/README.md lists those titles.  The pages of a group of figures are
# typeset by one pdflatex run (src/plot/figbook.sh writes the document) and
# split into one file per figure by pdfseparate, whose file identifier, drawn
# from the clock, is replaced by one made from the stem (the same bytes on every
# build).  One group per paper (its stems, as make KEY builds them, less those
# of a paper before it) and one for the other comparisons: make KEY draws its
# figures from its own data alone.
TITLE_BP := 16
PAPERS := $(notdir $(wildcard papers/*))
# (each paper's claims.tsv read once, by one awk for all of them)
CLAIM_STEMS := $(shell awk -F '\t' '{ split(FILENAME, p, "/"); print p[2] ":" $$2 }' papers/*/claims.tsv 2>/dev/null)
paper_stems = $(sort $(filter $(1)-%,$(STEMS)) \
  $(filter $(STEMS),$(patsubst $(1):%,%,$(filter $(1):%,$(CLAIM_STEMS)))))
FIGBOOK_DONE :=
define FIGBOOK_GROUP
figbook_$(1) := $$(filter-out $$(FIGBOOK_DONE),$$(filter $$(PLOTS),$(2)))
FIGBOOK_DONE += $$(figbook_$(1))
endef
$(foreach k,$(PAPERS),$(eval $(call FIGBOOK_GROUP,$(k),$(call paper_stems,$(k)))))
$(eval $(call FIGBOOK_GROUP,cmp,$(PLOTS)))
FIGBOOKS := $(foreach g,$(PAPERS) cmp,$(if $(figbook_$(g)),$(g)))

# FIGBOOK_RULE(group): the figures of one group
define FIGBOOK_RULE
$$(figbook_$(1):%=figures/%.pdf) &: $$(figbook_$(1):%=$(T)/fig/%/body.tex) src/plot/figtitle.sh \
                                    src/plot/figbook.sh
	@mkdir -p figures $(T)/figbook/$(1); echo "  FIGURES  $(1): $$(words $$(figbook_$(1))) pages"; \
	  d=$(T)/figbook/$(1); sh src/plot/figbook.sh $(T)/fig $(TITLE_BP) $$(figbook_$(1)) > $$$$d/$(1).tex.tmp; \
	  mv $$$$d/$(1).tex.tmp $$$$d/$(1).tex; rm -f $$$$d/page-*.pdf; \
	  pdflatex -interaction=batchmode -halt-on-error -output-directory=$$$$d $$$$d/$(1).tex > /dev/null \
	    || { tail -20 $$$$d/$(1).log; exit 1; }; \
	  pdfseparate $$$$d/$(1).pdf $$$$d/page-%d.pdf; i=0; \
	  for s in $$(figbook_$(1)); do i=$$$$((i + 1)); id=$$$$(printf '%s' "$$$$s" | md5sum | cut -c1-32); \
	    perl -0777 -pi -e 's{/ID \[\s*(?:(?:\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f]*>)\s*){2}\]}{/ID [<'"$$$$id"'> <'"$$$$id"'>]}s \
	      or die "$$$$ARGV: no /ID\n"' $$$$d/page-$$$$i.pdf; mv $$$$d/page-$$$$i.pdf figures/$$$$s.pdf; done
endef
$(foreach g,$(FIGBOOKS),$(eval $(call FIGBOOK_RULE,$(g))))

figures/README.md: src/plot/figtitle.sh $(PLOTS:%=src/plot/%.gp)
	@echo "  LIST     $@"; { echo '# Figures'; echo; \
	  echo 'Written by `make` from the first line of each plot script `src/plot/STEM.gp`;'; \
	  echo 'do not edit.  `make figures` draws one standalone `STEM.pdf` per script, titled'; \
	  echo 'with the paper and figure it redraws, or with the comparison it makes.'; \
	  echo 'Only this file is committed.  `make animations` adds the animated GIFs'; \
	  echo '`anim-NAME.gif` and the filmstrips `anim-NAME-strip.png` of `lgsim animate`'; \
	  echo '(the runs are `src/anim/NAME.args`).'; echo; \
	  sh src/plot/figtitle.sh $(sort $(PLOTS)) | awk -F '\t' '{ printf "- `%s.pdf`: %s.\n", $$1, $$2 }'; \
	} > $@.tmp && mv $@.tmp $@

figures: $(FIGURES) figures/README.md

# Animations (chapter 6, lgsim animate): each src/anim/NAME.args holds the
# arguments of a short lgsim run of one of the papers' mechanisms; its CSV
# (build/anim/NAME.csv) is drawn as an animated GIF, figures/anim-NAME.gif,
# and a filmstrip of six frames, figures/anim-NAME-strip.png, which the
# report shows.  A few seconds in all.
ANIMS       := $(sort $(basename $(notdir $(wildcard src/anim/*.args))))
ANIM_GIFS   := $(ANIMS:%=figures/anim-%.gif)
ANIM_STRIPS := $(ANIMS:%=figures/anim-%-strip.png)

$(T)/anim/%.csv: src/anim/%.args $(LGSIM)
	@mkdir -p $(@D); echo "  RUN      $@"; $(LGSIM) run $$(cat $<) -o $@

figures/anim-%.gif: $(T)/anim/%.csv $(LGSIM)
	@mkdir -p $(@D); echo "  ANIMATE  $@"; $(LGSIM) animate $< -o $@

figures/anim-%-strip.png: $(T)/anim/%.csv $(LGSIM)
	@mkdir -p $(@D); echo "  ANIMATE  $@"; $(LGSIM) animate $< --filmstrip 6 -o $@

.PHONY: animations
animations: $(ANIM_GIFS) $(ANIM_STRIPS)


# ---------------------------------------------------------------- 6. test
# Claim checks: tests/STEM.c reads data/STEM.dat (and any other data file it
# names), measures the quantities of the claims registered under STEM in
# papers/*/claims.tsv, and prints one line per claim: id, measured value, and
# optionally "ambiguous" and a note; and one more line per claim and open
# assumption: id, value, NAME=VALUE (the sensitivity pass).  The verdicts
# program joins those lines with the registry and decides each verdict under
# every assumption.
CHECKS := $(CHK_SRC:tests/%.c=%)
# The claims are measured by the programs of the output tree and decided in it
# (make CC=clang O=build/clang check decides every claim on clang's numbers);
# the report prints the main tree's table, build/report/claims.tex.
CLAIMS := $(CHECKS:%=$(O)/claims/%.tsv)

$(O)/claims/%.tsv: $(O)/bin/check/% data/%.dat
	@mkdir -p $(@D); echo "  MEASURE  $*"; $< > $@.tmp && mv $@.tmp $@

# A check that also reads another stem's data file (a horizon measured
# elsewhere) waits for it: every "data/NAME.dat" its source names.
CHECK_READS := $(shell grep -o '"data/[a-z0-9-]*\.dat"' $(CHK_SRC) /dev/null 2>/dev/null | tr -d '"')
$(foreach r,$(CHECK_READS),$(eval $(O)/claims/$(patsubst tests/%.c:,%,$(firstword $(subst :, : ,$(r)))).tsv: $(lastword $(subst :, ,$(r)))))

$(O)/verdicts.tsv $(O)/report/claims.tex &: $(VERDICTS) $(CLAIMS) $(wildcard papers/*/claims.tsv)
	@mkdir -p $(O)/report; echo "  VERDICTS $(O)/verdicts.tsv"; $(VERDICTS) $(O)/verdicts.tsv.tmp $(O)/report/claims.tex.tmp \
	  $(wildcard papers/*/claims.tsv) -- $(CLAIMS)
	@mv $(O)/verdicts.tsv.tmp $(O)/verdicts.tsv
	@mv $(O)/report/claims.tex.tmp $(O)/report/claims.tex

# Each test leaves a result file; the summary counts them.  A failing test
# does not stop the others, so one run reports every failure.
UNITS   := $(UNIT_SRC:tests/unit/%.c=%)
SHTESTS := $(sort $(wildcard tests/cli/*.sh))
RESULTS := $(UNITS:%=$(O)/result/unit-%.res) \
           $(SHTESTS:tests/cli/%.sh=$(O)/result/cli-%.res) \
           $(CHECKS:%=$(O)/result/claims-%.res) \
           $(O)/result/check-tangle.res $(O)/result/check-chunks.res \
           $(O)/result/check-version.res
# The two volumes are typeset from the main tree's data and verdicts only; an
# output tree of another compiler checks its programs and claims, not the PDFs.
ifeq ($(O),$(T))
RESULTS += $(O)/result/check-overfull.res $(O)/result/check-volumes.res
endif

RECORD = if $(2) > $(O)/result/$(1).log 2>&1; then echo pass > $@; \
         else echo fail > $@; echo "  FAIL     $(1) (see $(O)/result/$(1).log)"; fi

$(O)/result/unit-%.res: $(O)/bin/unit/%
	@mkdir -p $(@D); echo "  TEST     unit/$*"; $(call RECORD,unit-$*,$<)

$(O)/result/cli-%.res: tests/cli/%.sh $(LGSIM) $(VERDICTS)
	@mkdir -p $(@D); echo "  TEST     cli/$*"; $(call RECORD,cli-$*,LGSIM=$(LGSIM) LG_SANITIZED=$(if $(SANFLAGS),1,) sh $<)

# The library's command-line test compares lgsim's messages with those of
# the library, given by its unit-test program.
$(O)/result/cli-library.res: $(O)/bin/unit/lgrepro
# The test of the library's files reads the static archive, the header and the
# manual page.
$(O)/result/cli-library-files.res: $(LIBA) src/api/lgrepro.h src/api/lgrepro.3
# The tests of the peers (chapter 92) run them.
$(O)/result/cli-peer-mujoco.res $(O)/result/cli-peer-simbody.res: $(PEER_BIN)
# The CSV plotting test runs the README's gnuplot lines.
$(O)/result/cli-csv-plot.res: README.md
# The manual pages' test reads them.
$(O)/result/cli-model-manual.res: $(wildcard src/model/*.5 src/cli/*.1)
# The style test reads every plot script, and the data files that name the
# schemes of a plot drawn by a loop; the text test reads every standalone figure.
# Data and figures come from the main build: another output tree (make
# sanitize) reads what the main build left and rebuilds neither.
$(O)/result/cli-plot-style.res: $(wildcard src/plot/*.gp)
ifeq ($(O),$(T))
$(O)/result/cli-plot-style.res: $(DATA)
$(O)/result/cli-figure-text.res: $(FIGURES) figures/README.md
endif

$(O)/result/claims-%.res: $(O)/claims/%.tsv $(VERDICTS) $(wildcard papers/*/claims.tsv)
	@mkdir -p $(@D); echo "  TEST     claims/$*"; $(call RECORD,claims-$*,$(VERDICTS) --complete $* $(wildcard papers/*/claims.tsv) -- $<)

$(O)/result/check-tangle.res: $(CHAPTERS) $(TANGLED) FORCE
	@mkdir -p $(@D); $(call RECORD,check-tangle,$(MAKE) check-tangle)

$(O)/result/check-chunks.res: $(CHAPTERS)
	@mkdir -p $(@D); $(call RECORD,check-chunks,$(MAKE) check-chunks)

$(O)/result/check-overfull.res: $(T)/report.pdf $(T)/lgrepro.pdf
	@mkdir -p $(@D); $(call RECORD,check-overfull,$(MAKE) check-overfull)

$(O)/result/check-volumes.res: $(T)/report.pdf $(T)/lgrepro.pdf
	@mkdir -p $(@D); $(call RECORD,check-volumes,$(MAKE) check-volumes)

$(O)/result/check-version.res: src/core/lg.h src/api/lgrepro.h CITATION.cff NEWS
	@mkdir -p $(@D); $(call RECORD,check-version,$(MAKE) check-version)

unit-tests: $(UNITS:%=$(O)/result/unit-%.res)
claim-checks: $(CHECKS:%=$(O)/result/claims-%.res)

check: $(RESULTS) $(O)/verdicts.tsv
	@p=0; f=0; for r in $(RESULTS); do \
	  if [ "$$(cat $$r)" = pass ]; then p=$$((p+1)); else f=$$((f+1)); \
	    echo "failed: $$(basename $$r .res)"; fi; done; \
	sed -n "s/^# claim:/  the papers' claims:/p; s/^# finding:/  our findings:/p; \
	  s/^# check:/  package checks:/p" $(O)/verdicts.tsv; \
	echo "$$p passed, $$f failed"; [ $$f -eq 0 ]

# check-tangle: tangle every chapter afresh into a scratch tree and compare it
# with the committed src/ and tests/; a hand edit of a tangled file, or a file
# under src/ or tests/ that no chapter produces, fails.
check-tangle:
	@echo "  CHECK    tangle"; d=$$(mktemp -d); trap 'rm -rf "$$d"' EXIT; st=0; \
	for c in $(CHAPTERS); do for r in $$($(call ROOTS,$$c)); do \
	  mkdir -p "$$d/$$(dirname "$$r")"; notangle -R"$$r" $$c > "$$d/$$r"; done; done; \
	for f in $$(cd "$$d" && find src tests -type f | sort); do \
	  cmp -s "$$d/$$f" "$$f" || { echo "check-tangle: $$f differs from its chapter"; st=1; }; done; \
	for f in $$(find src tests -type f | sort); do \
	  [ -f "$$d/$$f" ] || { echo "check-tangle: $$f is not tangled from any chapter"; st=1; }; done; \
	exit $$st

# check-overfull: no line of either volume sticks out of the text by more than
# 1 pt, and no page is taller than the text (an overfull vbox: a table or figure
# that does not fit, whose bottom is lost or printed over).
check-overfull: $(T)/report.pdf $(T)/lgrepro.pdf
	@echo "  CHECK    overfull boxes"; st=0; for log in $(T)/report/report.log $(T)/program/lgrepro.log; do \
	  n=$$({ grep -o 'Overfull \\hbox ([0-9.]*pt' $$log || true; } | sed 's/.*(\([0-9.]*\)pt/\1/' | awk '$$1 > 1' | wc -l); \
	  v=$$({ grep -c 'Overfull \\vbox' $$log || true; }); \
	  if [ "$$n" -gt 0 ]; then grep -A2 'Overfull \\hbox' $$log | head -40; \
	    echo "check-overfull: $$n lines of $$log wider than the text by more than 1 pt"; st=1; fi; \
	  if [ "$$v" -gt 0 ]; then grep -B2 -A2 'Overfull \\vbox' $$log | head -40; \
	    echo "check-overfull: $$v pages of $$log taller than the text (overfull vbox)"; st=1; fi; \
	done; exit $$st

# check-volumes: the report holds no chunk and at most 120 pages; the
# program holds every chunk the chapters define.
REPORT_MAX_PAGES := 120
check-volumes: $(T)/report.pdf $(T)/lgrepro.pdf
	@echo "  CHECK    volumes"; st=0; \
	n=$$(grep -c '\\nwbegincode' $(T)/weave/report.tex || true); \
	[ "$$n" -eq 0 ] || { echo "check-volumes: the report holds $$n chunks"; st=1; }; \
	n=$$(cat $(CHAPTERS) | grep -c '^<<.*>>=[[:space:]]*$$'); \
	m=$$(grep -c '\\nwbegincode' $(T)/weave/program.tex || true); \
	[ "$$n" -eq "$$m" ] || { echo "check-volumes: the chapters define $$n chunks, the program holds $$m"; st=1; }; \
	p=$$(sed -n 's/^Output written on .* (\([0-9]*\) pages.*/\1/p' $(T)/report/report.log); \
	[ -n "$$p" ] && [ "$$p" -le $(REPORT_MAX_PAGES) ] \
	  || { echo "check-volumes: the report has $$p pages, more than $(REPORT_MAX_PAGES)"; st=1; }; \
	q=$$(sed -n 's/^Output written on .* (\([0-9]*\) pages.*/\1/p' $(T)/program/lgrepro.log); \
	echo "  report: $$p pages, no chunk; program: $$q pages, $$m chunks"; exit $$st

# check-version: the version has one source, LG_VERSION in src/core/lg.h
# (chapter 4), which lgsim --version, both volumes and lgrepro.pc print; the
# library's header, CITATION.cff and the newest entry of NEWS must repeat it.
check-version:
	@echo "  CHECK    version"; v=$(LIBVERSION); st=0; \
	for w in "src/api/lgrepro.h:$$(sed -n 's/^#define LGR_VERSION "\(.*\)"/\1/p' src/api/lgrepro.h)" \
	         "CITATION.cff:$$(sed -n 's/^version: *//p' CITATION.cff)" \
	         "NEWS:$$(sed -n 's/^Version \([^ ]*\).*/\1/p' NEWS | head -1)"; do \
	  [ "$${w#*:}" = "$$v" ] || { echo "check-version: $${w%%:*} says '$${w#*:}', src/core/lg.h '$$v'"; st=1; }; \
	done; exit $$st

# check-chunks: a chunk name may be defined (and continued) in one chapter only.
check-chunks:
	@echo "  CHECK    chunk names"; for c in $(CHAPTERS); do sed -n 's/^<<\(.*\)>>=[[:space:]]*$$/\1/p' $$c | sort -u; done \
	  | sort | uniq -d > $(T)/dup-chunks.txt; \
	if [ -s $(T)/dup-chunks.txt ]; then echo "chunk names defined in two chapters:"; \
	  cat $(T)/dup-chunks.txt; exit 1; fi

.PHONY: FORCE
FORCE:

# The sanitizer build: every object again under ASan + UBSan, in a tree of
# its own per compiler (make sanitize CC=clang: clang's UBSan sees more);
# the unit tests and the command-line tests run on those binaries, less the
# three that read the figures, the plot scripts and the registries and run
# no compiled code of the package's but a listing (SAN_SKIP).
SAN_SKIP := figure-text plot-style rule-numbers
SANRESULTS := $(UNITS:%=$(O)/result/unit-%.res) \
              $(patsubst %,$(O)/result/cli-%.res,$(filter-out $(SAN_SKIP),$(SHTESTS:tests/cli/%.sh=%)))

SAN_O = $(T)/san-$(notdir $(firstword $(CC)))

sanitize:
	@$(MAKE) O=$(SAN_O) OPT=-O1 \
	  SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	  sanitize-summary

.PHONY: sanitize-summary
sanitize-summary: $(SANRESULTS)
	@p=0; f=0; for r in $(SANRESULTS); do \
	  if [ "$$(cat $$r)" = pass ]; then p=$$((p+1)); else f=$$((f+1)); \
	  echo "failed under sanitizers: $$(basename $$r .res)"; fi; done; \
	echo "sanitize: $$p passed, $$f failed"; [ $$f -eq 0 ]

# The library's test under ThreadSanitizer, in a tree of its own: two
# simulations step in two threads, and a data race between them (the table
# built on first use without a lock, a global written by both) fails it
# (chapter 09).  CI runs it.
.PHONY: check-threads
check-threads:
	@$(MAKE) O=$(T)/tsan OPT=-O1 SANFLAGS=-fsanitize=thread $(T)/tsan/bin/unit/lgrepro
	@echo "  TEST     unit/lgrepro under ThreadSanitizer"; $(T)/tsan/bin/unit/lgrepro > $(T)/tsan/lgrepro.log 2>&1 \
	  || { grep -A24 'WARNING: ThreadSanitizer' $(T)/tsan/lgrepro.log | head -48; tail -3 $(T)/tsan/lgrepro.log; exit 1; }

# The fuzzer (clang only): a libFuzzer target over the lgsim parser, every
# model's check and the model-file parser, built in its own tree with ASan and
# UBSan, run for FUZZ_TIME seconds from the seeds in tests/fuzz/corpus.  New
# inputs go to $(T)/fuzz/corpus, a crash to $(T)/fuzz/crash-*.
FUZZ_TIME  ?= 60
FUZZ_FLAGS := -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all \
              -fno-omit-frame-pointer

.PHONY: fuzz
fuzz:
	@$(MAKE) O=$(T)/fuzz CC=clang OPT=-O1 SANFLAGS="$(FUZZ_FLAGS)" $(T)/fuzz/bin/fuzz/lgsim-args
	@mkdir -p $(T)/fuzz/corpus; echo "  FUZZ     $(FUZZ_TIME) s"; $(T)/fuzz/bin/fuzz/lgsim-args -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=10 \
	  -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix=$(T)/fuzz/ \
	  $(T)/fuzz/corpus tests/fuzz/corpus > $(T)/fuzz/fuzz.log 2>&1 \
	  || { tail -60 $(T)/fuzz/fuzz.log; exit 1; }
	@grep -E '^stat::number_of_executed_units|^Done' $(T)/fuzz/fuzz.log

$(O)/bin/fuzz/%: $(O)/obj/tests/fuzz/%.o $(CLILIB) $(LIB)
	@mkdir -p $(@D); echo "  LD       $@"; $(CC) $(ALL_CFLAGS) -fsanitize=fuzzer $(LDFLAGS) -o $@.tmp $< $(CLILIB) $(LIB) $(LDLIBS) && mv $@.tmp $@

# ---------------------------------------------------------------- 7. weave
# Two volumes from the same chapters, woven in the same order, so that a
# heading has the same number in both.  The literate program
# (build/lgrepro.pdf) is every chapter with all of its code, the chunk list
# and the identifier index; the comparative report (build/report.pdf) is the
# chapters without their code: the weave's filter, src/weave/volume.awk
# (chapter 7), leaves out every chunk and the prose the chapters mark as the
# program's alone, and writes under each heading that lost code the number of
# the section of the program that has it.
# The volumes read findings first, then the papers, then the machinery:
# a part divider, chapters 00 and 9N, a divider, 1N, a divider, the other 0N.  The
# dividers are two-line noweb files written here, so no chapter owns a part;
# the report sets the short chapters of the machinery one after the other
# (\lgmachinery, chapters/report.tex).
WEAVE_ORDER = $(T)/weave/part-findings.nw \
              $(filter chapters/00-%,$(CHAPTERS)) $(filter chapters/9%,$(CHAPTERS)) \
              $(T)/weave/part-papers.nw $(filter chapters/1%,$(CHAPTERS)) \
              $(T)/weave/part-machinery.nw \
              $(filter-out chapters/00-%,$(filter chapters/0%,$(CHAPTERS)))
VOLUME_AWK := src/weave/volume.awk

$(T)/weave/part-%.nw: Makefile
	@mkdir -p $(@D); x=; case $* in findings) t='Findings';; papers) t='The papers';; \
	  machinery) t='The machinery'; x='\lgmachinery';; esac; \
	  printf '\\part{%s}%s\n' "$$t" "$$x" > $@.tmp && mv $@.tmp $@

$(T)/weave/report.tex: $(WEAVE_ORDER) $(VOLUME_AWK)
	@mkdir -p $(@D); echo "  WEAVE    $@"; awk -v volume=report -f $(VOLUME_AWK) < /dev/null; \
	  noweave -n -filter 'awk -v volume=report -f $(VOLUME_AWK)' \
	  $(WEAVE_ORDER) > $@.tmp && mv $@.tmp $@

$(T)/weave/program.tex: $(WEAVE_ORDER) $(VOLUME_AWK)
	@mkdir -p $(@D); echo "  WEAVE    $@"; awk -v volume=program -f $(VOLUME_AWK) < /dev/null; \
	  noweave -n -filter 'awk -v volume=program -f $(VOLUME_AWK)' \
	  -index $(WEAVE_ORDER) > $@.tmp && mv $@.tmp $@

# Tables of the report written from data files: src/tex/NAME.awk reads the
# data file it names and writes build/report/NAME.tex.
TEXTABLES := $(patsubst src/tex/%.awk,$(T)/report/%.tex,$(wildcard src/tex/*.awk))

$(T)/report/%.tex: src/tex/%.awk
	@mkdir -p $(@D); echo "  TABLE    $@"; awk -f $< $(filter data/%.dat,$^) > $@.tmp && mv $@.tmp $@

# The simulations that take longest (make bench) start first, so that make -j
# keeps both cores busy until the report.
SLOW := cmp-liang2023-order liang2023-fig03 cmp-planar-energy cmp-pendulum3d-long cmp-liang2023-rank \
        cmp-work-precision-fasttop huang2022-fig05 cmp-atlas cmp-scaling cmp-longtime-moiseev \
        cmp-multibody-ref

REPORT_PREREQS := $(filter $(DATA),$(SLOW:%=data/%.dat)) chapters/report.tex \
                  $(T)/weave/report.tex $(PLOTS:%=$(T)/fig/%/body.tex) $(T)/report/claims.tex \
                  $(T)/report/version.tex $(T)/report/date.tex $(TEXTABLES) \
                  $(ANIM_STRIPS)
PROGRAM_PREREQS := $(filter-out $(T)/weave/report.tex,$(REPORT_PREREQS)) $(T)/weave/program.tex

# In a full build the standalone figures start together with the report's
# typesetting, whose three pdflatex passes leave the second core idle, and
# not before: started as soon as their plots exist, they would take both
# cores from the last of the report's own prerequisites (a table, a plot).
ifeq ($(filter-out all,$(MAKECMDGOALS)),)
$(FIGURES): | $(REPORT_PREREQS)
endif

# In a full build the seed pass of the program volume (below) comes first: the
# first of the slow simulations waits for it, which costs nothing, since the
# library it needs takes longer to compile; make reaches it early and runs it
# beside the compiler.
ifeq ($(filter-out all,$(MAKECMDGOALS)),)
$(firstword $(filter $(DATA),$(SLOW:%=data/%.dat))): | $(T)/program/seed.stamp
endif

# VOLUME_PDF(job,volume,outdir): latexmk on chapters/report.tex for one volume.
define VOLUME_PDF
	@mkdir -p $(3); echo "  LATEX    $@"; latexmk -r src/weave/latexmkrc -pdf -interaction=batchmode -halt-on-error -output-directory=$(3) \
	  -jobname=$(1) -usepretex='\def\lgvolume{$(2)}' chapters/report.tex > $(3)/latexmk.log 2>&1 \
	  || { tail -40 $(3)/$(1).log; exit 1; }
	@if grep -q -E $(TEXBAD) $(3)/$(1).log; then grep -E $(TEXBAD) $(3)/$(1).log; exit 1; fi
	@cp $(3)/$(1).pdf $@.tmp && mv $@.tmp $@
endef

$(T)/report.pdf: $(REPORT_PREREQS) src/weave/latexmkrc
	$(call VOLUME_PDF,report,report,$(T)/report)

$(T)/lgrepro.pdf: $(PROGRAM_PREREQS) src/weave/latexmkrc | $(T)/program/seed.stamp
	$(call VOLUME_PDF,lgrepro,program,$(T)/program)

# The program volume typeset from nothing takes three pdflatex passes of about
# 10 s each, on one core, after the last simulation: the first only finds where
# its 800 chunks, labels and headings fall.  In a clean build, a seed pass finds
# that first, early, beside the compiler: the program volume in draft mode with
# every value from the data left out and every figure an empty box of the usual
# size (\lgseed, chapters/report.tex), reading no file that a simulation writes,
# so it is the same pass on every build.  The positions it leaves are close
# enough that latexmk then needs two passes, and writes the same volume as from
# nothing.  Once the volume has been typeset, its own files serve instead.
$(T)/program/seed.stamp: $(T)/weave/program.tex chapters/report.tex $(T)/report/version.tex \
                         $(T)/report/date.tex
	@mkdir -p $(@D); if [ ! -f $(@D)/lgrepro.aux ]; then echo "  SEED     $(T)/lgrepro.pdf"; \
	  pdflatex -draftmode -interaction=batchmode -halt-on-error -output-directory=$(@D) \
	    -jobname=lgrepro '\def\lgvolume{program}\def\lgseed{}\input{chapters/report.tex}' > /dev/null \
	  || { echo "  (the seed pass failed: the program volume is typeset from nothing)"; \
	       rm -f $(@D)/lgrepro.aux $(@D)/lgrepro.toc $(@D)/lgrepro.out; }; fi
	@touch $@

# A report with an undefined reference, citation or measured value fails.
TEXBAD := '(Reference|Citation|Measured value|Threshold|Published value).*undefined|There were undefined|Rerun to get'

# The date on the title page is the date of the commit being built, so two
# builds of one commit print the same date; cpif leaves an unchanged file
# untouched, so this rule rebuilds nothing while the commit stays the same.
$(T)/report/date.tex: FORCE
	@mkdir -p $(@D); { git log -1 --format=%cd --date=format:'%-d %B %Y' 2>/dev/null || echo 'an unversioned tree'; } \
	  | tr -d '\n' | cpif $@

$(T)/report/version.tex: src/core/lg.h
	@mkdir -p $(@D); sed -n 's/^\#define LG_VERSION "\(.*\)"/\1/p' $< | tr -d '\n' > $@.tmp && mv $@.tmp $@

report: $(T)/report.pdf $(T)/lgrepro.pdf $(LGSIM)

# ---------------------------------------------------------------- 8. misc
# One target per paper: make KEY builds the data and figures of the stems
# named KEY-* and of every stem with a row in papers/KEY/claims.tsv;
# make check-KEY measures those stems' claims and prints each verdict.
define PAPER_RULES
.PHONY: $(1) check-$(1)
$(1): $$(patsubst %,data/%.dat,$$(call paper_stems,$(1))) \
      $$(patsubst %,figures/%.pdf,$$(filter $$(PLOTS),$$(call paper_stems,$(1))))
check-$(1): $$(patsubst %,$$(O)/result/claims-%.res,$$(filter $$(CHECKS),$$(call paper_stems,$(1))))
	@p=0; f=0; for r in $$^; do s=$$$$(basename $$$$r .res); cat $$(O)/result/$$$$s.log; \
	  if [ "$$$$(cat $$$$r)" = pass ]; then p=$$$$((p+1)); else f=$$$$((f+1)); echo "failed: $$$$s"; fi; \
	done; echo "$(1): $$$$p claim checks passed, $$$$f failed"; [ $$$$f -eq 0 ]
endef
$(foreach k,$(PAPERS),$(eval $(call PAPER_RULES,$(k))))

bench: $(BENCH_SRC:src/bench/%.c=$(O)/bin/bench/%) $(LGSIM) $(YARDSTICK_BIN)
	@st=0; for b in $(BENCH_SRC:src/bench/%.c=$(O)/bin/bench/%); do \
	  echo "== $$b"; LGSIM=$(LGSIM) YARDSTICK=$(YARDSTICK) YARDSTICK_BIN=$(YARDSTICK_BIN) $$b || st=1; done; \
	echo "== src/bench/build.sh"; sh src/bench/build.sh || st=1; \
	[ $$st -eq 0 ] || { echo "bench: some bars were missed (FAIL lines above)"; exit 1; }

# The yardstick as its README builds it (its own code: no -Werror).
$(O)/bin/bench-yardstick/lgvi_tight: $(YARDSTICK)/lgvi_tight.c $(YARDSTICK)/pend3d.h
	@mkdir -p $(@D); echo "  CC       $@"; $(CC) -O2 -g -gdwarf-4 -o $@.tmp $< -lm && mv $@.tmp $@

# make install copies lgsim, the libraries, the header, a pkg-config file, the
# manual pages, the model files of the built-in multibody models and the
# README's example (under share/lgrepro/) into $(DESTDIR)$(prefix); nothing is
# compiled that make has not built already.  The directories follow the GNU
# coding standards (prefix, exec_prefix, bindir, libdir, includedir,
# datarootdir, datadir, mandir), each settable on its own; PREFIX is an alias
# of prefix.  make uninstall removes those files, and then every directory
# that make install created (it records them) once it is empty.
PREFIX      ?= /usr/local
prefix      ?= $(PREFIX)
exec_prefix ?= $(prefix)
bindir      ?= $(exec_prefix)/bin
libdir      ?= $(exec_prefix)/lib
includedir  ?= $(prefix)/include
datarootdir ?= $(prefix)/share
datadir     ?= $(datarootdir)
mandir      ?= $(datarootdir)/man
pkgdatadir   = $(datadir)/lgrepro
pkgconfigdir = $(libdir)/pkgconfig
INSTALL      ?= install
INSTALL_PROGRAM ?= $(INSTALL)
INSTALL_DATA    ?= $(INSTALL) -m 644

# Manual pages: src/DIR/NAME.S goes to man S; lgsim(1) names the model files
# by their place in the source tree, which the installed copy replaces by
# their installed place.
MANPAGES   = $(sort $(wildcard src/*/*.[1-8]))
MANDEST    = $(foreach f,$(MANPAGES),$(mandir)/man$(subst .,,$(suffix $(f)))/$(notdir $(f)))
DIRLIST    = $(pkgdatadir)/installed-directories
INSTALLDIRS = $(bindir) $(includedir) $(libdir) $(pkgconfigdir) $(pkgdatadir) \
              $(pkgdatadir)/models $(pkgdatadir)/models/examples $(patsubst %/,%,$(sort $(dir $(MANDEST))))
INSTALLED  = $(bindir)/lgsim $(includedir)/lgrepro.h $(libdir)/liblgrepro.a \
             $(libdir)/$(notdir $(SOLIB)) $(libdir)/$(SONAME) $(libdir)/liblgrepro.so \
             $(pkgconfigdir)/lgrepro.pc $(MANDEST) $(pkgdatadir)/example.c \
             $(MB_FILES:src/model/%=$(pkgdatadir)/models/%) \
             $(MB_EXAMPLES:src/model/%=$(pkgdatadir)/models/%) $(DIRLIST)

# The README's example, as the CI script takes it: the code block between
# <!-- example --> and <!-- /example -->.
$(O)/share/example.c: README.md
	@mkdir -p $(@D); sed -n '/^<!-- example -->$$/,/^<!-- \/example -->$$/p' $< \
	  | sed -n '/^```/,/^```/{/^```/d;p}' > $@.tmp && test -s $@.tmp && mv $@.tmp $@

install: $(LGSIM) $(LIBA) $(SOLIB) src/api/lgrepro.h $(O)/share/example.c $(MANPAGES) $(MB_FILES) \
         $(MB_EXAMPLES)
	@echo "  INSTALL  $(DESTDIR)$(prefix)"; new=; for d in $(INSTALLDIRS); do \
	  while [ ! -d "$(DESTDIR)$$d" ] && [ "$$d" != / ] && [ "$$d" != . ]; do \
	    new="$$new $$d"; d=$$(dirname "$$d"); done; done; \
	  $(INSTALL) -d $(addprefix $(DESTDIR),$(INSTALLDIRS)); \
	  { if [ -f "$(DESTDIR)$(DIRLIST)" ]; then cat "$(DESTDIR)$(DIRLIST)"; fi; \
	    for d in $$new; do echo "$$d"; done; } | sort -u > "$(DESTDIR)$(DIRLIST).tmp"; \
	  mv "$(DESTDIR)$(DIRLIST).tmp" "$(DESTDIR)$(DIRLIST)"
	@$(INSTALL_PROGRAM) $(LGSIM) $(DESTDIR)$(bindir)/lgsim
	@$(INSTALL_DATA) src/api/lgrepro.h $(DESTDIR)$(includedir)/lgrepro.h
	@$(INSTALL_DATA) $(LIBA) $(DESTDIR)$(libdir)/liblgrepro.a
	@$(INSTALL_PROGRAM) $(SOLIB) $(DESTDIR)$(libdir)/$(notdir $(SOLIB))
	@ln -sf $(notdir $(SOLIB)) $(DESTDIR)$(libdir)/$(SONAME)
	@ln -sf $(SONAME) $(DESTDIR)$(libdir)/liblgrepro.so
	@printf '%s\n' 'prefix=$(prefix)' 'exec_prefix=$(exec_prefix)' 'libdir=$(libdir)' \
	  'includedir=$(includedir)' '' \
	  'Name: lgrepro' 'Description: Lie group integrators for rigid bodies: models, schemes, diagnostics' \
	  'Version: $(LIBVERSION)' 'Requires.private: gsl' 'Cflags: -I$${includedir}' \
	  'Libs: -L$${libdir} -llgrepro -lm' 'Libs.private: -pthread' > $(DESTDIR)$(pkgconfigdir)/lgrepro.pc
	@for f in $(MANPAGES); do s=$${f##*.}; \
	  sed 's|src/model/|$(pkgdatadir)/models/|g; s|build/\([a-z]*\)\.pdf|\1.pdf|g' "$$f" \
	    > "$(DESTDIR)$(mandir)/man$$s/$${f##*/}" \
	  && chmod 644 "$(DESTDIR)$(mandir)/man$$s/$${f##*/}"; done
	@for f in $(MB_FILES); do $(INSTALL_DATA) "$$f" $(DESTDIR)$(pkgdatadir)/models/; done
	@for f in $(MB_EXAMPLES); do $(INSTALL_DATA) "$$f" $(DESTDIR)$(pkgdatadir)/models/examples/; done
	@$(INSTALL_DATA) $(O)/share/example.c $(DESTDIR)$(pkgdatadir)/example.c

# check-install: build, install and uninstall as a distribution does, in
# scratch directories (tests/install.sh, chapter 09; CI runs it).
check-install: $(LGSIM) $(LIBA) $(SOLIB)
	@echo "  CHECK    install"; MAKE="$(MAKE)" sh tests/install.sh

uninstall:
	@echo "  REMOVE   $(DESTDIR)$(prefix)"; dirs=; if [ -f "$(DESTDIR)$(DIRLIST)" ]; then \
	  dirs=$$(sort -r "$(DESTDIR)$(DIRLIST)"); fi; \
	  rm -f $(addprefix $(DESTDIR),$(INSTALLED)); \
	  for d in $$dirs; do if [ -d "$(DESTDIR)$$d" ]; then \
	    rmdir --ignore-fail-on-non-empty "$(DESTDIR)$$d"; fi; done

clean:
	rm -rf $(T) $(filter-out data/README.md,$(wildcard data/*)) \
	  $(filter-out figures/README.md,$(wildcard figures/*))

help:
	@sed -n '3,/^# Sections:/p' Makefile | sed '$$d; s/^# \{0,1\}//'
