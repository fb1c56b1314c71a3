// SPDX-License-Identifier: MIT
/*
 * count.c: the x86_64 kernel lab's instruction counter, a QEMU 7.2 TCG
 * plugin (qemu-system-x86_64 -plugin abstat-count.so,out=FILE[,switch=
 * ADDR,switch_end=ADDR]). x86 TCG has no PMU, so this counts what perf's
 * instructions, instructions:u and instructions:k would: the
 * instructions the measured task executes from its region's begin
 * marker to its end marker, user and kernel apart (the kernel is the
 * upper half of the address space: bit 63 of the instruction's
 * address). The markers are multi-byte NOPs on hardware,
 * nopl 0x6162ab78(%rax) (begin), ...79 (end) and ...7a (a mark line,
 * tests/progs/lab_mark), executed by workloads/abstat.h inside the
 * counters' toggles, so that the region holds the workload's code and
 * little else. Each region's counts are one JSON line of FILE.
 *
 * Per task: the kernel's context switch (__switch_to_asm,
 * arch/x86/entry/entry_64.S) loads the next task's stack pointer with
 * mov TASK_threadsp(%rsi),%rsp (48 8b a6 and a 32-bit displacement), an
 * instruction no other kernel code has (one such byte sequence in the
 * whole image of Debian's 6.1 and 6.12): the address it loads from,
 * &next->thread.sp, names the task that runs from there on, on that
 * vCPU. No symbol table is needed (Debian ships none in its packages),
 * nor a fixed address (KASLR is fine). A region counts
 * the instructions of the task that opened it, on any vCPU; another task
 * that runs in between (a busy kernel thread, a second process on the
 * same CPU) is not counted. What the workload's own task does is: its
 * system calls, its page faults, the interrupts taken while it runs (a
 * timer tick: its handler runs in the interrupted task's context, as
 * perf counts it too) and its side of a context switch (schedule() up to
 * the load above). A region opened before any switch was seen counts
 * its vCPU (everything that vCPU runs): its line says "per": "vcpu".
 *
 * Inherited, as perf's inherit counts: the region's task's threads and
 * children, and theirs, are counted with it, wherever they run. At a
 * fork or a clone the kernel's copy_thread() (arch/x86/kernel/process.c)
 * stores the new task's first stack pointer at &child->thread.sp, the
 * address its first switch will load from, in the parent's context; so
 * every store of a 64-bit register at the switch load's displacement
 * (REX.W 89 with a 32-bit displacement equal to it: copy_thread's, and
 * two or three more in Debian's images, for an idle task or another
 * structure's field, which name no task the workload makes) records
 * the child's parent: the task current on the vCPU. A task is the
 * region's when its chain of parents reaches the region's task. The
 * displacement is known at the first switch, after the boot's first
 * forks were translated: the plugin then flushes the translated code
 * once (qemu_plugin_reset) so that copy_thread's store is translated
 * again with its callback. The region's line says how many tasks it
 * counted ("tasks": the region's task and each other that ran in it).
 *
 * Each instruction adds 1 by an inline operation of the translated code
 * (exact: a block left early by an exception counts only what ran; an
 * instruction that faults and is run again counts twice, as the
 * emulator runs it twice). Under -icount QEMU runs every vCPU in one
 * thread, so the two running totals (user, kernel) are the guest's;
 * they are given to a vCPU's current task at each switch of task, of
 * vCPU (a callback a block, only with 2 vCPUs or more) and at the
 * markers. Under -icount shift=0 the guest's instruction stream is the
 * same in every boot, and so are the counts.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plugin_args.h"
#include "qemu_plugin_api.h"

QEMU_PLUGIN_EXPORT int qemu_plugin_version = ABSTAT_QEMU_PLUGIN_VERSION;

#define MAX_VCPUS 64
/* nopl DISP32(%rax): 0f 1f 80 and the displacement, little-endian */
#define MARK_DISP 0x6162ab00u
#define MARK_BEGIN 0x78
#define MARK_END 0x79
#define MARK_SEP 0x7a

enum priv { PRIV_U, PRIV_K, NPRIV };

/* the running totals, added to by the translated code */
static uint64_t total[NPRIV];
/* what was given out so far: total at the last accounting */
static uint64_t given[NPRIV];
static uint64_t cur_task[MAX_VCPUS];
static int n_vcpus, last_vcpu;
/* the region: open (1) for the task reg_task, opened on reg_vcpu */
static int open_;
static unsigned reg_vcpu;
static uint64_t reg_task, reg[NPRIV];
static unsigned regions, marks;

/*
 * Each task's parent (both by their thread.sp's address), as copy_thread
 * recorded it: an open-addressed table, emptied when three quarters full
 * (a task_struct's address is reused by the next one; a live task's
 * entry is the last store to it). seen: the region that counted it.
 */
#define TASKS 65536 /* a power of two */
#define CHAIN 64    /* the deepest chain of parents followed */
struct task {
	uint64_t task, parent;
	unsigned seen;
};
static struct task tasks[TASKS];
static unsigned n_tasks, reg_tasks;
/* the switch load's displacement (thread.sp in task_struct), 0 unknown */
static uint32_t sp_disp;
static qemu_plugin_id_t self;

static struct task *task_find(uint64_t task, int add)
{
	unsigned i = (unsigned)(task >> 3) & (TASKS - 1);

	if (add && n_tasks >= TASKS / 4 * 3) {
		memset(tasks, 0, sizeof(tasks));
		n_tasks = 0;
	}
	for (;; i = (i + 1) & (TASKS - 1)) {
		if (tasks[i].task == task)
			return &tasks[i];
		if (!tasks[i].task) {
			if (!add)
				return NULL;
			n_tasks++;
			tasks[i].task = task;
			return &tasks[i];
		}
	}
}

/* task is the region's own or descends from it: counted once a region */
static int region_has(uint64_t task)
{
	struct task *me, *t;

	if (task == reg_task)
		return 1;
	if (!reg_task)
		return 0;
	me = t = task_find(task, 0);
	for (int d = 0; t && d < CHAIN; d++) {
		if (t->parent == reg_task) {
			if (me->seen != regions + 1) {
				me->seen = regions + 1;
				reg_tasks++;
			}
			return 1;
		}
		t = task_find(t->parent, 0);
	}
	return 0;
}

/* What ran since the last accounting was vcpu's current task's. */
static void account(unsigned vcpu)
{
	int mine = open_ && (reg_task ? region_has(cur_task[vcpu]) :
				    vcpu == reg_vcpu);

	for (int p = 0; p < NPRIV; p++) {
		if (mine)
			reg[p] += total[p] - given[p];
		given[p] = total[p];
	}
}

static void on_tb(unsigned int vcpu, void *udata)
{
	(void)udata;
	if ((int)vcpu == last_vcpu)
		return;
	account((unsigned)last_vcpu);
	last_vcpu = (int)vcpu;
}

static void on_begin(unsigned int vcpu, void *udata)
{
	(void)udata;
	if (open_ || (int)vcpu >= n_vcpus)
		return; /* open already: a second begin counts from the first */
	account(vcpu);
	memset(reg, 0, sizeof(reg));
	reg_tasks = 1;
	open_ = 1;
	reg_vcpu = vcpu;
	reg_task = cur_task[vcpu];
}

static void on_end(unsigned int vcpu, void *udata)
{
	(void)udata;
	if (!open_ || cur_task[vcpu] != reg_task ||
	    (!reg_task && vcpu != reg_vcpu))
		return; /* another task's end */
	account(vcpu);
	open_ = 0;
	regions++;
	fprintf(out, "{\"region\":%u,\"vcpu\":%u,\"per\":\"%s\","
		"\"tasks\":%u,\"instructions:u\":%" PRIu64
		",\"instructions:k\":%" PRIu64 "}\n", regions, vcpu,
		reg_task ? "task" : "vcpu", reg_tasks, reg[PRIV_U],
		reg[PRIV_K]);
	fflush(out);
}

static void on_sep(unsigned int vcpu, void *udata)
{
	(void)vcpu;
	(void)udata;
	fprintf(out, "{\"mark\":%u,\"regions\":%u}\n", ++marks, regions);
	fflush(out);
}

/* a store at thread.sp's displacement: copy_thread's, in the parent */
static void on_sp_store(unsigned int vcpu, qemu_plugin_meminfo_t info,
			uint64_t vaddr, void *udata)
{
	struct task *t;

	(void)udata;
	if ((int)vcpu >= n_vcpus || !qemu_plugin_mem_is_store(info) ||
	    !cur_task[vcpu] || vaddr == cur_task[vcpu])
		return;
	t = task_find(vaddr, 1);
	t->parent = cur_task[vcpu];
	t->seen = 0; /* a new task, maybe at a freed one's address */
}

/* mov %r64,disp32(%r64) (REX.W 89, mod 10, a SIB byte or none) whose
 * displacement is sp_disp; not the switch's own save of prev's sp */
static bool sp_store(const struct qemu_plugin_insn *insn)
{
	const unsigned char *b = qemu_plugin_insn_data(insn);
	size_t n = qemu_plugin_insn_size(insn), at;
	uint32_t disp;

	if (n < 7 || (b[0] & 0xf8) != 0x48 || b[1] != 0x89 ||
	    (b[2] & 0xc0) != 0x80)
		return false;
	if (b[2] == 0xa7 && b[0] == 0x48) /* mov %rsp,disp(%rdi) */
		return false;
	at = (b[2] & 7) == 4 ? 4 : 3; /* after the SIB byte */
	if (n != at + 4)
		return false;
	memcpy(&disp, b + at, 4);
	return disp == sp_disp;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);

/* after the flush: translate with copy_thread's store instrumented */
static void on_reset(qemu_plugin_id_t id)
{
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_trans);
	qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
}

/* __switch_to_asm's load of the next task's thread.sp */
static void on_switch_load(unsigned int vcpu, qemu_plugin_meminfo_t info,
			   uint64_t vaddr, void *udata)
{
	(void)udata;
	if ((int)vcpu >= n_vcpus || qemu_plugin_mem_is_store(info))
		return;
	account(vcpu);
	cur_task[vcpu] = vaddr;
}

/* mov disp32(%rsi),%rsp: 48 8b a6 and the displacement */
static bool switch_load(const struct qemu_plugin_insn *insn)
{
	const unsigned char *b = qemu_plugin_insn_data(insn);

	return qemu_plugin_insn_size(insn) == 7 && b[0] == 0x48 &&
	       b[1] == 0x8b && b[2] == 0xa6;
}

/* the marker an instruction is (MARK_BEGIN ...), or 0 */
static int marker(const struct qemu_plugin_insn *insn)
{
	const unsigned char *b = qemu_plugin_insn_data(insn);
	uint32_t disp;

	if (qemu_plugin_insn_size(insn) != 7 || b[0] != 0x0f || b[1] != 0x1f ||
	    b[2] != 0x80)
		return 0;
	memcpy(&disp, b + 3, 4);
	if ((disp & ~0xffu) != MARK_DISP)
		return 0;
	disp &= 0xff;
	return disp >= MARK_BEGIN && disp <= MARK_SEP ? (int)disp : 0;
}

static void on_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb);

	(void)id;
	if (n_vcpus > 1)
		qemu_plugin_register_vcpu_tb_exec_cb(tb, on_tb,
			QEMU_PLUGIN_CB_NO_REGS, NULL);
	for (size_t i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t va = qemu_plugin_insn_vaddr(insn);

		qemu_plugin_register_vcpu_insn_exec_inline(insn,
			QEMU_PLUGIN_INLINE_ADD_U64, &total[va >> 63], 1);
		switch (marker(insn)) {
		case MARK_BEGIN:
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_begin,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
			break;
		case MARK_END:
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_end,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
			break;
		case MARK_SEP:
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_sep,
				QEMU_PLUGIN_CB_NO_REGS, NULL);
			break;
		}
		/* QEMU_PLUGIN_MEM_R alone calls nothing back on QEMU 7.2's
		 * x86 (measured): RW, and the callback skips stores */
		if (va >> 63 && switch_load(insn)) {
			qemu_plugin_register_vcpu_mem_cb(insn, on_switch_load,
				QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
				NULL);
			if (!sp_disp) {
				memcpy(&sp_disp,
				       (const unsigned char *)
				       qemu_plugin_insn_data(insn) + 3, 4);
				qemu_plugin_reset(self, on_reset);
			}
		} else if (va >> 63 && sp_disp && sp_store(insn)) {
			qemu_plugin_register_vcpu_mem_cb(insn, on_sp_store,
				QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW,
				NULL);
		}
	}
}

static int parse_arg(const char *a, const char **path)
{
	const char *v = strchr(a, '=');
	if (!v)
		return -1;
	v++;
	if (!strncmp(a, "out=", 4)) {
		*path = v;
		return 0;
	}
	return -1;
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info, int argc,
					   char **argv)
{
	const char *path = plugin_args("abstat-count", info, argc, argv,
		parse_arg, "out=FILE", &n_vcpus, MAX_VCPUS);

	if (!path)
		return -1;
	out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "abstat-count: error: %s cannot be written\n", path);
		return -1;
	}
	fprintf(out, "{\"counter\":\"abstat-count 1\",\"vcpus\":%d}\n",
		n_vcpus);
	fflush(out);
	self = id;
	on_reset(id);
	return 0;
}
