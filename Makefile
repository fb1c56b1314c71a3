# abstat: one plain non-recursive Makefile.
# Targets: all check demo bench install uninstall clean format deps fuzz
#          lab lab-check lab-src lab-bisect (the kernel lab, lab/)
#          graph (tools/graph.py)

VERSION    := $(shell cat VERSION)
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
LIBEXECDIR ?= $(PREFIX)/libexec/abstat
DATADIR    ?= $(PREFIX)/share/abstat
MANDIR     ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
INCLUDEDIR ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(PREFIX)/share/pkgconfig
DESTDIR    ?=

CC       ?= cc
# Cross build: make CROSS=aarch64-linux-gnu- builds static abstat,
# workloads and test programs for that target in build/aarch64-linux-gnu
# (abstat there too), against a sysroot of the target's Debian -dev
# packages that lab/sysroot.sh fetches (no PAPI). The kernel lab
# (make lab) runs them in QEMU.
CROSS    ?=
ifneq ($(CROSS),)
TRIPLET  := $(patsubst %-,%,$(CROSS))
CC       := $(CROSS)gcc
HAVE_PAPI := 0
B        := build/$(TRIPLET)
SYSROOT  := $(B)/sysroot
X_CPPFLAGS := -isystem $(SYSROOT)/usr/include
X_LDFLAGS  := -static -L$(SYSROOT)/usr/lib/$(TRIPLET)
WL_STATIC  := -static
ABSTAT_BIN := $(B)/abstat
else
B        := build
X_CPPFLAGS :=
X_LDFLAGS  :=
ABSTAT_BIN := abstat
endif
OPT      ?= -O2 -g
WERROR   ?= 0
SANITIZE ?= 0
V        ?= 0

WARN     := -Wall -Wextra -Wshadow -Wformat=2 -Wno-unused-parameter \
            -Wmissing-prototypes -Wstrict-prototypes
ifeq ($(WERROR),1)
WARN     += -Werror
endif
SANFLAGS :=
ifeq ($(SANITIZE),1)
SANFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined
endif

# PAPI is optional at build time: the backend compiles when papi.h exists.
HAVE_PAPI ?= $(shell printf '\043include <papi.h>\n' | \
              $(CC) -E -x c - >/dev/null 2>&1 && echo 1 || echo 0)

# elfutils libdwfl symbolises user code for abstat profile; without it
# (the static cross build) user frames are named by their file only.
ifneq ($(CROSS),)
HAVE_LIBDW := 0
endif
HAVE_LIBDW ?= $(shell printf '\043include <elfutils/libdwfl.h>\n' | \
              $(CC) -E -x c - >/dev/null 2>&1 && echo 1 || echo 0)

# zlib unpacks the running kernel's /proc/config.gz into the environment
# (src/env/env_kconfig.c); without it (the static cross build) only
# /boot/config-RELEASE is read.
ifneq ($(CROSS),)
HAVE_ZLIB := 0
endif
HAVE_ZLIB ?= $(shell printf '\043include <zlib.h>\n' | \
              $(CC) -E -x c - >/dev/null 2>&1 && echo 1 || echo 0)

# libpfm4 and PAPI are dlopen()ed when abstat first counts
# (counters/lib_dl.h), so compare, show, plot... never map them; by the
# SONAME of the library the linker would take. A static build links them.
ifneq ($(CROSS),)
LAZY_LIBS := 0
endif
LAZY_LIBS ?= 1
soname_of = $(shell objdump -p "$$($(CC) -print-file-name=$(1))" 2>/dev/null | \
              awk '$$1 == "SONAME" { print $$2 }')

# src/ is in folders by layer (src/base ... src/cli, src/boots, src/engine,
# src/cmd; the order is test 095's rule); every folder is on the include
# path, so #include "x.h" names a header, not its folder. A file left directly in src/ (a merge) still
# builds, and test 095 says where it goes.
SRC_DIRS := src $(patsubst %/,%,$(sort $(wildcard src/*/)))
SRC_INC  := $(addprefix -I,$(SRC_DIRS))
CPPFLAGS_ALL := -D_GNU_SOURCE -DABSTAT_VERSION='"$(VERSION)"' \
                -DHAVE_PAPI=$(HAVE_PAPI) $(SRC_INC) -Icounters -Iworkloads \
                -DHAVE_LIBDW=$(HAVE_LIBDW) -DHAVE_ZLIB=$(HAVE_ZLIB) \
                $(X_CPPFLAGS)
CFLAGS_ALL   := -std=c11 $(OPT) $(WARN) $(SANFLAGS) -MMD -MP $(CFLAGS)
ifeq ($(LAZY_LIBS),1)
CPPFLAGS_ALL += -DLAZY_LIBS=1 -DPFM_SONAME='"$(call soname_of,libpfm.so)"'
LDLIBS_ALL   := -ljansson -lpcre2-8 -lnettle -lm -ldl -pthread $(LDLIBS)
ifeq ($(HAVE_PAPI),1)
CPPFLAGS_ALL += -DPAPI_SONAME='"$(call soname_of,libpapi.so)"'
endif
else
CPPFLAGS_ALL += -DLAZY_LIBS=0
LDLIBS_ALL   := -lpfm -ljansson -lpcre2-8 -lnettle -lm -pthread $(LDLIBS)
ifeq ($(HAVE_PAPI),1)
LDLIBS_ALL   += -lpapi
endif
endif
ifeq ($(HAVE_LIBDW),1)
ifeq ($(LAZY_LIBS),1)
CPPFLAGS_ALL += -DDW_SONAME='"$(call soname_of,libdw.so)"'
else
LDLIBS_ALL   += -ldw -lelf
endif
endif
ifeq ($(HAVE_ZLIB),1)
LDLIBS_ALL   += -lz
endif

# Workloads are built with fixed flags, recorded in every result.
WL_CFLAGS := -std=c11 -O2 -D_GNU_SOURCE -D_DEFAULT_SOURCE -Wall -Wextra -Iworkloads

ifeq ($(V),1)
Q :=
else
Q := @
endif

SRC      := $(sort $(wildcard src/*.c src/*/*.c counters/*.c))
OBJ      := $(SRC:%.c=$(B)/%.o)
LIBOBJ   := $(filter-out $(B)/src/cmd/main.o,$(OBJ))

WL_SRC   := $(filter-out workloads/harness.c workloads/exec-target.c,$(sort $(wildcard workloads/*.c)))
WL_BIN   := $(WL_SRC:workloads/%.c=$(B)/workloads/%)
# The program the exec workload runs: static when the toolchain can.
WL_AUX   := $(B)/workloads/exec-target
# The spawn helper every run is born from (src/measure/spawn_proto.h):
# static when the toolchain can, installed and found like the workloads.
SPAWN    := $(B)/workloads/abstat-spawn
WL_STATIC ?= $(shell printf 'int main(void){return 0;}\n' | \
              $(CC) -static -x c -o /dev/null - 2>/dev/null && echo -static)

UNIT_SRC := $(sort $(wildcard tests/unit/test_*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(B)/tests/%)
# What the machine has, for the tests' lazy prerequisites (tests/lib.sh).
PREREQ   := $(B)/tests/prereq
PROG_SRC := $(sort $(wildcard tests/progs/*.c))
PROG_BIN := $(PROG_SRC:tests/progs/%.c=$(B)/tests/progs/%)

FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))

DEB_PKGS := build-essential pkg-config libpfm4-dev libpapi-dev papi-tools \
            libjansson-dev libpcre2-dev libcmocka-dev gnuplot-nox linux-perf \
            hyperfine groff man-db clang libclang-rt-14-dev python3 procps \
            util-linux file libxml2-utils bsdextrautils libdw-dev libelf-dev \
            sysbench bonnie++ fio stress-ng
# SHA-256 of the workloads and of abstat itself (src/base/sha256.c)
DEB_PKGS += nettle-dev
# the running kernel's /proc/config.gz in the environment (env_kconfig.c)
DEB_PKGS += zlib1g-dev
# markdown as GitHub renders it; a .deb built and checked (tests 037, 097)
DEB_PKGS += cmark-gfm dpkg-dev debhelper lintian
# the flame graph in a real browser, its screenshot read (tests 146, 147)
DEB_PKGS += chromium python3-pil
# the README's fleet recipes run for real (tests 177, 178): a one-node
# Slurm cluster, GNU parallel over ssh to local sshds
DEB_PKGS += slurmctld slurmd slurm-client munge parallel openssh-server \
            openssh-client iproute2
# abstat import gobench against a real go test -bench run (test 121)
DEB_PKGS += golang-go
# make demo: only what it builds and draws with (the build, the counters'
# libraries, gnuplot for the chart), not the test tools of DEB_PKGS
DEMO_PKGS := build-essential pkg-config libpfm4-dev libjansson-dev \
             libpcre2-dev nettle-dev zlib1g-dev gnuplot-nox

.PHONY: all check test demo bench install uninstall clean format deps fuzz \
        workloads progs units lab lab-check lab-src lab-seeds lab-bisect graph \
        examples lab-plugin analyze recipe-check

# The kernel lab (lab/): Debian arm64 kernels booted under QEMU TCG
# with its emulated PMU. Its packages are apart from DEB_PKGS, so that
# make check never pulls QEMU; the arm64 ones (the sysroot, busybox, the
# kernels) are fetched by the lab's scripts with apt-get download.
# LAB_ARCH=x86_64: Debian's amd64 kernels under qemu-system-x86_64, the
# guest's programs a static build for the host's own architecture
# (make lab LAB_ARCH=x86_64, make lab-src LAB_ARCH=x86_64, make lab-seeds
# LAB_ARCH=x86_64; lab-bisect is arm64's for now and says so). make
# lab-check builds for both and runs both's tests.
LAB_ARCH  ?= arm64
export LAB_ARCH
LAB_PKGS_ARM := qemu-system-arm gcc-aarch64-linux-gnu cpio jq
LAB_PKGS_X86 := qemu-system-x86 cpio jq
ifeq ($(filter x86_64 amd64,$(LAB_ARCH)),)
LAB_PKGS  := $(LAB_PKGS_ARM)
LAB_CROSS := aarch64-linux-gnu-
else
LAB_PKGS  := $(LAB_PKGS_X86)
LAB_CROSS := x86_64-linux-gnu-
endif
# make lab-src builds arm64 kernels from Debian's source: the tarball,
# and what kbuild needs on the host (tar unpacks the .xz with xz); for
# x86_64 (LAB_ARCH=x86_64) objtool's libelf too
LAB_SRC_PKGS := linux-source-6.1 make gcc flex bison bc xz-utils
ifneq ($(filter x86_64 amd64,$(LAB_ARCH)),)
LAB_SRC_PKGS += libelf-dev
endif

all: $(ABSTAT_BIN) workloads examples

# The build's configuration (the HAVE_* decisions, the compiler and every
# flag that changes what is built), recorded in $(B)/config.mk and
# rewritten only when it changes, so that whatever is built from it is
# rebuilt then: make demo builds before the optional libraries are
# installed, make check after (as git's GIT-CFLAGS). -Werror is left out:
# it changes no object.
BUILD_CONFIG := $(B)/config.mk
define BUILD_CONFIG_TEXT
# make's configuration of $(B) (Makefile: BUILD_CONFIG)
CC = $(CC) $(shell $(CC) -dumpfullversion 2>/dev/null)
HAVE_PAPI = $(HAVE_PAPI)
HAVE_LIBDW = $(HAVE_LIBDW)
HAVE_ZLIB = $(HAVE_ZLIB)
LAZY_LIBS = $(LAZY_LIBS)
CPPFLAGS = $(CPPFLAGS_ALL) $(CPPFLAGS)
CFLAGS = $(filter-out -Werror,$(CFLAGS_ALL))
LDFLAGS = $(X_LDFLAGS) $(LDFLAGS)
LDLIBS = $(LDLIBS_ALL)
WL_CFLAGS = $(WL_CFLAGS) $(WL_STATIC)
endef

.PHONY: FORCE
$(BUILD_CONFIG): FORCE
	$(shell mkdir -p $(dir $@))$(file >$@.new,$(BUILD_CONFIG_TEXT))
	@if cmp -s $@.new $@; then rm -f $@.new; else \
		$(if $(Q),echo "  CONFIG  $@";) mv -f $@.new $@; fi

$(ABSTAT_BIN): $(OBJ)
	@$(if $(Q),echo "  LD      $@")
	$(Q)$(CC) $(CFLAGS_ALL) $(SANFLAGS) -o $@ $(OBJ) $(X_LDFLAGS) $(LDFLAGS) $(LDLIBS_ALL)

ifneq ($(CROSS),)
$(SYSROOT)/.done: lab/sysroot.sh
	$(Q)sh lab/sysroot.sh $(TRIPLET) $(SYSROOT)

$(OBJ): | $(SYSROOT)/.done
endif

$(B)/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $<")
	$(Q)$(CC) $(CPPFLAGS_ALL) $(CPPFLAGS) $(CFLAGS_ALL) -c -o $@ $<

workloads: $(WL_BIN) $(WL_AUX) $(SPAWN)

$(WL_AUX): workloads/exec-target.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(WL_CFLAGS) $(WL_STATIC) -o $@ $<

$(SPAWN): libexec/abstat-spawn.c src/measure/spawn_proto.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC      $@")
	$(Q)$(CC) $(WL_CFLAGS) $(WARN) -Isrc/measure $(WL_STATIC) -o $@ $<

# workloads_cflags (src/measure/workloads.c) records WL_CFLAGS in results.
WL_OBJ   := $(B)/src/measure/workloads.o
$(WL_OBJ): CPPFLAGS_ALL += -DABSTAT_WL_CFLAGS='"$(WL_CFLAGS)"'
$(WL_OBJ): Makefile

$(B)/workloads/harness.o: workloads/harness.c workloads/harness.h workloads/abstat.h
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(WL_CFLAGS) -c -o $@ $<

$(B)/workloads/%: workloads/%.c $(B)/workloads/harness.o workloads/harness.h workloads/abstat.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  WL      $@")
	$(Q)$(CC) $(WL_CFLAGS) $(X_LDFLAGS) -o $@ $< $(B)/workloads/harness.o -lpthread

# The README's example programs (examples/*.c): spin N makes N getppid()
# calls; old and new are two builds of one loop, new 10% longer.
EX_BIN := $(B)/examples/spin $(B)/examples/old $(B)/examples/new
examples: $(EX_BIN)

$(B)/examples/spin: examples/spin.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(WL_CFLAGS) $(X_LDFLAGS) -o $@ $<

$(B)/examples/old: examples/loop.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(WL_CFLAGS) $(X_LDFLAGS) -DLOOPS=20000000L -o $@ $<

$(B)/examples/new: examples/loop.c
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(WL_CFLAGS) $(X_LDFLAGS) -DLOOPS=22000000L -o $@ $<

progs: $(PROG_BIN)

$(B)/tests/progs/%: tests/progs/%.c workloads/abstat.h tests/progs/lcg_steps.h
	@mkdir -p $(dir $@)
	$(Q)$(CC) -std=c11 -O1 -D_GNU_SOURCE -Wall -Iworkloads $(PROG_CFLAGS) $(X_LDFLAGS) -o $@ $<

# Profiled test programs: frame pointers, so call chains walk (profile).
$(B)/tests/progs/split_work $(B)/tests/progs/region_cases: PROG_CFLAGS := -fno-omit-frame-pointer
$(B)/tests/progs/deep_chain: PROG_CFLAGS := -fno-omit-frame-pointer -fno-optimize-sibling-calls

units: $(UNIT_BIN) $(PREREQ)

# Everything compiled or linked is rebuilt when the configuration changes.
$(OBJ) $(ABSTAT_BIN) $(WL_BIN) $(WL_AUX) $(SPAWN) $(EX_BIN) $(PROG_BIN) \
$(UNIT_BIN) $(PREREQ) $(B)/workloads/harness.o: $(BUILD_CONFIG)

$(PREREQ): tests/unit/prereq.c $(LIBOBJ)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -o $@ $< $(LIBOBJ) \
		$(LDFLAGS) $(LDLIBS_ALL)

$(B)/tests/%: tests/unit/%.c $(LIBOBJ)
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  UNIT    $@")
	$(Q)$(CC) $(CPPFLAGS_ALL) $(CFLAGS_ALL) -Itests/unit -o $@ $< $(LIBOBJ) \
		$(LDFLAGS) $(LDLIBS_ALL) -lcmocka

deps:
	@sh tests/deps.sh $(DEB_PKGS)

# make check: TEST_JOBS files at once (tests/run.sh -j; default the CPU
# count), those tagged "alone" by themselves. Under SANITIZE=1 only the
# unit tests and the files tagged "sanitize" (those that parse or format
# input) run again: TEST_TAG= runs every file under the sanitizers.
TEST_JOBS ?= $(shell getconf _NPROCESSORS_ONLN)
TEST_TAG  ?= $(if $(filter 1,$(SANITIZE)),sanitize)
check: deps
	$(Q)$(MAKE) --no-print-directory -j$(TEST_JOBS) WERROR=1 all progs units
	$(Q)ABSTAT_SANITIZE=$(SANITIZE) sh tests/run.sh -j $(TEST_JOBS) \
		$(if $(TEST_TAG),--tag $(TEST_TAG))

test: all progs units
	$(Q)sh tests/run.sh

demo:
	@DEPS_QUIET=0 sh tests/deps.sh $(DEMO_PKGS)
	$(Q)$(MAKE) --no-print-directory -j$(shell getconf _NPROCESSORS_ONLN) all
	$(Q)sh tests/demo.sh

bench: all progs
	$(Q)sh bench/run.sh

# The lab's cache model (lab/plugin): a QEMU 7.2 TCG plugin, built
# for the host (qemu-system-aarch64 loads it; LAB_EVENTS=lab:... asks for
# it). Debian ships no qemu-plugin.h: the plugin declares the API itself.
# The x86_64 lab's instruction counter (lab/plugin/count.c): x86 TCG
# has no PMU, qemu-system-x86_64 loads it in every x86_64 boot.
LAB_PLUGIN := build/plugin/abstat-cache.so
LAB_COUNT_PLUGIN := build/plugin/abstat-count.so
lab-plugin: $(LAB_PLUGIN) $(LAB_COUNT_PLUGIN)

$(LAB_COUNT_PLUGIN): lab/plugin/count.c lab/plugin/qemu_plugin_api.h lab/plugin/plugin_args.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  PLUGIN  $@")
	$(Q)gcc -std=gnu11 -O2 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror) \
		-fvisibility=hidden -shared -fPIC -o $@ $<

$(LAB_PLUGIN): lab/plugin/cache.c lab/plugin/qemu_plugin_api.h lab/plugin/plugin_args.h
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  PLUGIN  $@")
	$(Q)gcc -std=gnu11 -O2 -Wall -Wextra $(if $(filter 1,$(WERROR)),-Werror) \
		-fvisibility=hidden -shared -fPIC -o $@ $<

# make lab: kernel A (6.1) against kernel B (6.12), LAB_BOOTS boots each in
# turn, the syscalls suite and getppid-sve/-nosve, compare --format mail
# and the delta chart, in build/lab/runs/A-vs-B-DATE (build/lab/latest)
# (LAB_* settings: lab/lab.sh). make lab LAB_B_CMDLINE=kpti=1: one
# kernel, two command lines; LAB_A=PATH LAB_B=PATH: two arm64 Images.
# make lab LAB_ARCH=x86_64: Debian's amd64 6.1 and 6.12 (or two bzImages),
# instructions counted by lab/plugin/count.c (doc/lab.md "x86_64").
lab: deps lab-plugin
	@sh tests/deps.sh $(LAB_PKGS)
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory CROSS=$(LAB_CROSS) all progs
	$(Q)sh lab/lab.sh

# make lab-src: the config A/Bs from source (lab/src.sh): Debian's
# linux-source-6.1 built for arm64 with the lab's small config
# (lab/src.config) and CONFIG_PARAVIRT=y, =n, and
# CONFIG_INIT_ON_FREE_DEFAULT_ON=y (under nice -n 19, make -j2; cached in
# build/lab/src/images), then the lab on PARAVIRT y vs n and on
# INIT_ON_FREE n vs y: mmap, lat-mmap and the syscalls suite
# (doc/lab-src.md: the recipe, the build time and the tables).
# make lab-src LAB_ARCH=x86_64: bzImages with the host's gcc
# (lab/src-x86_64.config), PARAVIRT y vs n, PARAVIRT_XXL (XEN_PV) n vs
# y, SMP y vs n (doc/lab-src.md "x86_64").
lab-src: deps lab-plugin
	@sh tests/deps.sh $(LAB_PKGS) $(LAB_SRC_PKGS)
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory CROSS=$(LAB_CROSS) all progs
	$(Q)sh lab/src.sh

# make lab-bisect: a kernel bisect in the lab (lab/bisect.sh):
# Debian's linux-source-6.1 made into a git repository of 12 commits (one
# does not build, one adds a loop to getppid), bisected by abstat bisect
# --measure with incremental builds in one object tree and lab boots
# (doc/bisect.md: the report, a step's time and the whole bisect's).
lab-bisect: deps
	@sh tests/deps.sh $(LAB_PKGS) $(LAB_SRC_PKGS)
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory CROSS=$(LAB_CROSS) all progs
	$(Q)sh lab/bisect.sh

# make lab-seeds STUDY=000: a study of the seeds' threads in the lab
# (lab/seeds.sh: 000 MP vs UP and mitigations, 001 6.1 and 6.12
# UP and MP, 003 Ingo's mmap table, 004 thread workloads UP vs MP;
# LAB_ARCH=x86_64: 000, 001, 003, 004, LAB_UP=PATH a UP image), its table in
# build/lab/seeds/STUDY/table.txt (doc/seeds.md: the tables and costs).
STUDY ?= 000
lab-seeds: deps lab-plugin
	@sh tests/deps.sh $(LAB_PKGS)
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory CROSS=$(LAB_CROSS) all progs
	$(Q)sh lab/seeds.sh $(STUDY)

# The lab's tests; what is missing (packages, the mirrors, the cross
# build) makes them skip by name, never fail. LAB_CHECK_JOBS files at
# once (default the CPU count, at most 2: a QEMU under -icount runs on
# one host CPU), those tagged "alone" (the x86_64 lab's: 131 reads the
# runs of 020 and 121) one at a time after them; the lab's caches are
# filled under a lock (lab_prep_lock, lab/lib.sh).
LAB_CHECK_JOBS ?= $(shell n=$$(getconf _NPROCESSORS_ONLN); [ "$$n" -ge 2 ] && echo 2 || echo 1)
lab-check: deps lab-plugin
	@sh tests/deps.sh $(LAB_PKGS_ARM) $(LAB_PKGS_X86) $(LAB_SRC_PKGS) || \
		echo "lab: warning: the lab's packages are missing; its tests skip" >&2
	$(Q)$(MAKE) --no-print-directory all progs units
	$(Q)$(MAKE) --no-print-directory CROSS=aarch64-linux-gnu- all progs || \
		echo "lab: warning: the cross build failed; the lab's tests skip (XBUILD)" >&2
	$(Q)$(MAKE) --no-print-directory CROSS=x86_64-linux-gnu- all progs || \
		echo "lab: warning: the static x86_64 build failed; the x86_64 lab's tests skip (XBUILD_X86)" >&2
	$(Q)sh tests/run.sh -j $(LAB_CHECK_JOBS) $(sort $(wildcard tests/lab/t/[0-9]*.sh))

# The documented recipes hold for the whole suite (doc/development.md,
# issue 52): make recipe-check copies the tree (the files git has and
# would add, this build's objects) to RECIPE_DIR, a git repository of
# its own, adds a command (abstat howdy), an option (howdy --greeting),
# a format (--format tally) and an import source (abstat import stamps)
# there, each by its recipe's files only and committed on its own
# (tests/recipe-check.sh, the steps in tests/recipes.sh, which tests
# 232, 233 and 340 apply one at a time under other names), then runs
# make check in it: every test file, not only those of the recipe's
# tests. It takes make check's time (and more: the copy builds again);
# not part of make check, and best run on a quiet machine. RECIPE_DIR
# is replaced; the copy is made as its own make (not this one's
# flags), as test 232's.
RECIPE_DIR ?= $(CURDIR)/$(B)/recipe
recipe-check: deps
	$(Q)BUILD=$(B) sh tests/recipe-check.sh "$(RECIPE_DIR)"
	$(Q)cd "$(RECIPE_DIR)" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		make --no-print-directory check TEST_JOBS=$(TEST_JOBS) \
		SANITIZE=$(SANITIZE)

# each target fuzzed for FUZZ_SECONDS after loading its seeds, as many at
# once as CPUs, its per-input timeout sized to this machine, its
# executions said (clang, warnings as errors; tests/fuzz/run.sh)
FUZZ_SECONDS ?= 60
fuzz: deps
	$(Q)sh tests/fuzz/run.sh $(FUZZ_SECONDS)

# clang's static analyzer over src/ and counters/ with the build's
# flags, each of its warnings an error (test 288; clang is in DEB_PKGS),
# ANALYZE_JOBS files at once
ANALYZE_JOBS ?= 2
analyze:
	$(Q)printf '%s\n' $(SRC) | xargs -P $(ANALYZE_JOBS) -n 1 \
		clang --analyze -Xclang -analyzer-werror -std=c11 \
		$(CPPFLAGS_ALL) $(CPPFLAGS) -o /dev/null

# The include + call graph, by file and by folder: levels, edges back up,
# cycles (tools/graph.py says how it counts).
graph:
	$(Q)python3 tools/graph.py -v

# install only copies (build first, as yourself: `make && sudo make
# install`), so it never rebuilds as root or under running tests. abstat
# finds its workloads in ../libexec/abstat and its chart scripts in
# ../share/abstat/plots relative to its own executable, so any PREFIX works.
INSTALL_MAN := $(sort $(wildcard man/*.[157]))

install:
	@for f in abstat $(WL_BIN) $(WL_AUX) $(SPAWN); do test -x $$f || \
		{ echo "make install: $$f is not built; run make first" >&2; exit 1; }; done
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBEXECDIR) \
		$(DESTDIR)$(DATADIR)/plots $(DESTDIR)$(MANDIR)/man1 \
		$(DESTDIR)$(MANDIR)/man5 $(DESTDIR)$(MANDIR)/man7 \
		$(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(INCLUDEDIR)
	install -m 755 abstat $(DESTDIR)$(BINDIR)/abstat
	install -m 755 $(WL_BIN) $(WL_AUX) $(SPAWN) $(DESTDIR)$(LIBEXECDIR)/
	install -m 644 plots/*.gp $(DESTDIR)$(DATADIR)/plots/
	install -m 644 workloads/abstat.h $(DESTDIR)$(INCLUDEDIR)/abstat.h
	for m in $(INSTALL_MAN); do \
		install -m 644 $$m $(DESTDIR)$(MANDIR)/man$${m##*.}/ || exit 1; done
	install -m 644 man/abstat.bash-completion $(DESTDIR)$(BASHCOMPDIR)/abstat
	install -d $(DESTDIR)$(PKGCONFIGDIR)
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|' \
		-e 's|@VERSION@|$(VERSION)|' abstat.pc.in \
		>$(DESTDIR)$(PKGCONFIGDIR)/abstat.pc
	chmod 644 $(DESTDIR)$(PKGCONFIGDIR)/abstat.pc

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/abstat $(DESTDIR)$(INCLUDEDIR)/abstat.h \
		$(DESTDIR)$(BASHCOMPDIR)/abstat
	rm -f $(DESTDIR)$(PKGCONFIGDIR)/abstat.pc
	rm -f $(addprefix $(DESTDIR)$(LIBEXECDIR)/,$(notdir $(WL_BIN) $(WL_AUX) $(SPAWN)))
	rm -f $(addprefix $(DESTDIR)$(DATADIR)/plots/,$(notdir $(wildcard plots/*.gp)))
	for m in $(INSTALL_MAN); do \
		rm -f $(DESTDIR)$(MANDIR)/man$${m##*.}/$${m##*/}; done
	rmdir $(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(DATADIR)/plots \
		$(DESTDIR)$(DATADIR) 2>/dev/null || true

format:
	clang-format -i src/*/*.[ch] counters/*.[ch] workloads/*.[ch] libexec/*.c \
		tests/unit/*.[ch] tests/progs/*.c

clean:
	rm -rf $(B) abstat

-include $(OBJ:.o=.d)
