// SPDX-License-Identifier: MIT
/*
 * cmd_boots: abstat boots VERB DIR. init writes the plan (boots_plan.c),
 * step does one boot's part (cmd_boots_step.c), status prints the plan
 * in order, report is abstat compare (and plot) of the sides' results,
 * the boots as the files of each side; install and uninstall write and
 * remove the systemd unit that runs step at every boot
 * (cmd_boots_install.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <time.h>
#include <unistd.h>

#include "boots.h"
#include "cmd_entry.h"
#include "commands.h"
#include "escape.h"
#include "sha256.h"
#include "msg.h"

/* The abstat this step runs: /proc/self/exe opened once (the binary
 * running, whatever its path names now) into c->self_fd, which doctor
 * and run exec (fexecve). After boots install it must be the one
 * install recorded in DIR/abstat.sha256 (the unit's; a clone's binary
 * rebuilt or moved under the plan is not). */
static int boots_step_self(struct boots_ctx *c, char *self, size_t n)
{
	char line[PATH_MAX + 80] = "", hash[65];
	ssize_t k = readlink("/proc/self/exe", self, n - 1);
	int fd = openat(c->dfd, BOOTS_SELF_FILE,
			O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);

	c->self_fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (k <= 0 || c->self_fd < 0 || sha256_fd(c->self_fd, hash)) {
		msg_error("%s: cannot open this abstat (/proc/self/exe): %s; mount /proc",
			  c->cmd, strerror(errno));
		if (fd >= 0)
			close(fd);
		return EXIT_IO;
	}
	self[k] = '\0';
	c->self = self;
	if (fd < 0)
		return 0;
	k = read(fd, line, sizeof(line) - 1);
	close(fd);
	line[k > 0 ? k : 0] = '\0';
	line[strcspn(line, "\n")] = '\0';
	if (strlen(line) > 66 && !strncmp(line, hash, 64))
		return 0;
	msg_error("%s: this abstat is not the one boots install recorded in %s/%s (%s): it changed or is another; abstat boots install --force %s with the abstat to run",
		  c->cmd, c->dir, BOOTS_SELF_FILE,
		  strlen(line) > 66 ? line + 66 : "unreadable", c->dir);
	return EXIT_USAGE;
}

/* step: DIR trusted and held, locked (one step at a time), the plan
 * loaded. */
static int boots_step_verb(struct boots_ctx *c)
{
	struct boots_plan p;
	char err[4400], self[PATH_MAX];
	int rc = cmd_boots_open(c) ?: boots_step_self(c, self, sizeof(self));
	int lock;

	if (rc)
		goto out;
	/* a dry run holds nothing: a step at boot never waits for one */
	lock = boots_plan_lock(c->dfd, c->dir, c->dry_run, err, sizeof(err));
	if (lock < 0) {
		msg_error("%s: %s", c->cmd, err);
		rc = lock == -EBUSY ? EXIT_FAILED : EXIT_IO;
		goto out;
	}
	umask(umask(022) | 022); /* nothing in DIR writable by others */
	rc = cmd_boots_load(c, &p);
	if (!rc) {
		int bad = c->dry_run ? boots_check(c, &p) : 0;

		boots_signals();
		rc = boots_step(c, &p);
		boots_plan_free(&p);
		if (bad && !rc)
			rc = EXIT_USAGE;
	}
	if (!c->dry_run)
		close(lock);
out:
	c->self = NULL; /* self is this function's */
	return rc;
}

/* kexec boots files: each side's kernel and initrd root's (every
 * directory above too) and their sha256 recorded, checked before each
 * kexec (boots_kexec). 0, or the errors said. */
static int boots_init_hash(const struct boots_ctx *c, struct boots_plan *p)
{
	char err[4400], hash[65];
	int bad = 0;

	for (int i = 0; p->method == BOOTS_KEXEC && i < 4; i++) {
		struct boots_side *s = &p->sides[i / 2];
		const char *path = i % 2 ? s->initrd : s->kernel;
		char **to = i % 2 ? &s->initrd_sha256 : &s->kernel_sha256;
		int fd;

		if (!path)
			continue;
		fd = boots_trust_exec(path, false, i % 2 ? "initrd" : "kernel",
				      err, sizeof(err));
		if (fd >= 0 && !sha256_fd(fd, hash) && (*to = strdup(hash))) {
			close(fd);
			continue;
		}
		if (fd >= 0) {
			close(fd);
			snprintf(err, sizeof(err), "cannot read %s: %s", path,
				 strerror(errno));
		}
		msg_error("%s: side %s: %s", c->cmd, s->label, err);
		bad++;
	}
	return bad;
}

/* What init's command line asks of the plan. */
static struct boots_plan_input boots_plan_input(const struct config *cfg)
{
	const struct boots_opts *b = &cfg->boots;
	struct boots_plan_input in = {
		.method = b->method, .mismatch = b->mismatch,
		.limit_s = b->limit_s, .next = b->next,
		.run = b->run, .n_run = cfg->n_last_words, .k = b->k,
		.random = cfg->order == ORDER_RANDOM,
		.seed = cfg->seed_set ? cfg->seed : (uint64_t)time(NULL),
	};

	for (int i = 0; i < 2; i++) {
		in.side[i] = b->side[i];
		in.initrd[i] = b->initrd[i];
		in.cmdline[i] = b->cmdline[i];
		in.release[i] = b->release[i];
	}
	return in;
}

static int boots_init(const struct config *cfg, struct boots_ctx *c)
{
	struct boots_plan_input in = boots_plan_input(cfg);
	struct statfs fs;
	struct boots_plan p;
	char err[4400];
	int rc;

	rc = boots_plan_new(&in, &p, err, sizeof(err));
	if (!rc && boots_plan_check(&p, err, sizeof(err)))
		rc = -EINVAL;
	if (rc) {
		boots_plan_free(&p);
		msg_error("%s%s", rc == -EEXIST ? "boots init: " : "", err);
		return rc == -ENOMEM ? EXIT_IO : EXIT_USAGE;
	}
	/* refused now: DIR (or its parent) untrusted, or holding a plan */
	if (access(c->dir, F_OK)) {
		rc = boots_plan_mkdir(c->dir, false, err, sizeof(err));
		if (rc)
			msg_error("boots init: %s", err);
		rc = !rc ? 0 : rc == -EPERM ? EXIT_USAGE : EXIT_IO;
	} else {
		rc = cmd_boots_open(c);
		if (!rc && !cfg->force &&
		    boots_plan_exists(c->dfd, c->dir, err, sizeof(err))) {
			msg_error("boots init: %s", err);
			rc = EXIT_USAGE;
		}
	}
	if (rc) {
		boots_plan_free(&p);
		return rc;
	}
	if (cfg->boots.no_check)
		msg_info("boots init: --no-check: nothing is checked before a reboot; abstat boots step --dry-run %s checks the plan on its machine",
			 c->dir);
	else if (boots_check(c, &p)) {
		msg_error("boots init: no plan written: fix what is said above, then abstat boots init again");
		boots_plan_free(&p);
		return EXIT_USAGE;
	}
	if (!cfg->boots.no_check && boots_init_hash(c, &p)) {
		boots_plan_free(&p);
		return EXIT_USAGE;
	}
	umask(umask(022) | 022); /* nothing in DIR writable by others */
	rc = c->dfd >= 0 ? 0 : boots_plan_mkdir(c->dir, true, err, sizeof(err));
	if (rc) {
		msg_error("boots init: %s", err);
		boots_plan_free(&p);
		return rc == -EPERM ? EXIT_USAGE : EXIT_IO;
	}
	rc = c->dfd >= 0 ? 0 : cmd_boots_open(c);
	if (rc) {
		boots_plan_free(&p);
		return rc;
	}
	rc = boots_plan_save(c->dfd, c->dir, &p, cfg->force, err, sizeof(err));
	if (!rc && !fstatfs(c->dfd, &fs) &&
	    (fs.f_type == TMPFS_MAGIC || fs.f_type == RAMFS_MAGIC))
		msg_warn("boots init: %s is in memory (tmpfs): the plan will not outlive a reboot; give a directory on persistent storage",
			 c->dir);
	if (rc)
		msg_error("boots init: %s", err);
	else
		msg_info("boots init: %zu boots (%s, %s) in %s/%s; the first abstat boots step %s boots the first",
			 p.n_boots, p.order, boots_method_names[p.method],
			 c->dir, BOOTS_PLAN_FILE, c->dir);
	boots_plan_free(&p);
	return !rc ? EXIT_OK : rc == -EEXIST ? EXIT_USAGE : EXIT_IO;
}

static int boots_status(struct boots_ctx *c)
{
	struct boots_plan p;
	struct boots_boot *next;
	size_t count[BOOT_FAILED + 1] = { 0 };
	int rc = cmd_boots_open(c) ?: cmd_boots_load(c, &p);
	char *dir;

	if (rc)
		return rc;
	for (size_t i = 0; i < p.n_boots; i++)
		count[p.boots[i].state]++;
	next = boots_plan_current(&p);
	dir = escape_dup(c->dir); /* a name given: shown escaped */
	printf("plan %s: %s=%s, %s=%s, %zu boots (%s), %s\n", dir ? dir : "?",
	       p.sides[0].label, p.sides[0].kernel, p.sides[1].label,
	       p.sides[1].kernel, p.n_boots, p.order,
	       boots_method_names[p.method]);
	printf("%zu done, %zu partial, %zu failed; ", count[BOOT_DONE],
	       count[BOOT_PARTIAL], count[BOOT_FAILED]);
	if (p.stopped)
		printf("stopped: %s\n", p.stopped);
	else if (next)
		printf("next: boot %zu (%s, %s)\n", boots_plan_index(&p, next),
		       p.sides[next->side].label,
		       boots_state_names[next->state]);
	else
		printf("complete\n");
	printf("%-4s %-12s %-8s %-5s %s\n", "BOOT", "SIDE", "STATE", "TRIES",
	       "NOTE");
	for (size_t i = 0; i < p.n_boots; i++) {
		const struct boots_boot *b = &p.boots[i];

		printf("%-4zu %-12s %-8s %*u%s%s\n", i + 1,
		       p.sides[b->side].label, boots_state_names[b->state],
		       b->note ? -5 : 0, b->tries, b->note ? " " : "",
		       b->note ? b->note : "");
	}
	free(dir);
	boots_plan_free(&p);
	return EXIT_OK;
}

/* LABEL=FILE,FILE... of side s: its done and partial boots */
static char *boots_spec(const struct boots_ctx *c, const struct boots_plan *p,
			unsigned s)
{
	size_t cap = 4096, k;
	char *spec = malloc(cap), file[4200];

	if (!spec)
		return NULL;
	k = (size_t)snprintf(spec, cap, "%s=", p->sides[s].label);
	for (size_t i = 0; i < p->n_boots; i++) {
		const struct boots_boot *b = &p->boots[i];
		char *grown;

		if (b->side != s ||
		    (b->state != BOOT_DONE && b->state != BOOT_PARTIAL))
			continue;
		boots_plan_result(c->dir, p, b, ".json", file, sizeof(file));
		while (k + strlen(file) + 2 > cap) {
			grown = realloc(spec, cap *= 2);
			if (!grown) {
				free(spec);
				return NULL;
			}
			spec = grown;
		}
		k += (size_t)snprintf(spec + k, cap - k, "%s%s",
				      spec[k - 1] == '=' ? "" : ",", file);
	}
	if (spec[k - 1] == '=') {
		msg_error("boots report: side %s has no result yet; abstat boots status %s",
			  p->sides[s].label, c->dir);
		free(spec);
		return NULL;
	}
	return spec;
}

/* The report of the sides (specs): compare's table of their model, and
 * with --plot its chart from the same model. */
static int boots_report_sides(const struct config *cfg, char *const *specs)
{
	struct side *sides = NULL;
	struct compare_model *m = NULL;
	struct compare_opts o;
	size_t n = 0;
	int rc = cmd_read_specs(cfg, "compare", specs, 2, &sides, &n);

	if (!rc) {
		cmd_compare_opts(cfg, &o);
		o.where = 0; /* boots' results have no profile */
		rc = cmd_compare_build("compare", &o, sides, n, &m);
	}
	if (!rc) {
		format_print(cfg->format, m, stdout);
		rc = cmd_compare_regressions(m,
					     cfg->model.fail_on_regression_pct,
					     cfg->model.within_session) ?
			     EXIT_REGRESSION : EXIT_OK;
	}
	if (m && cfg->boots.plot) {
		int prc = cmd_plot_sides(cfg, cfg->boots.plot, sides, n, m);

		if (prc != EXIT_OK && prc != EXIT_REGRESSION)
			rc = prc;
	}
	compare_model_free(m);
	side_free(sides, n);
	return rc;
}

static int boots_report(const struct config *cfg, struct boots_ctx *c)
{
	struct boots_plan p;
	char *specs[2] = { NULL, NULL };
	int rc = cmd_boots_open(c) ?: cmd_boots_load(c, &p);

	if (rc)
		return rc;
	specs[0] = boots_spec(c, &p, 0);
	specs[1] = specs[0] ? boots_spec(c, &p, 1) : NULL;
	rc = specs[1] ? boots_report_sides(cfg, specs) : EXIT_USAGE;
	free(specs[0]);
	free(specs[1]);
	boots_plan_free(&p);
	return rc;
}

static int cmd_boots(const struct config *cfg)
{
	const char *root = getenv("ABSTAT_SYSROOT");
	char who[64];
	struct boots_ctx c = {
		.dir = cfg->boots.dir,
		.root = root ? root : "",
		.dry_run = cfg->boots.dry_run,
		.cmd = who,
		.dfd = -1,
		.self_fd = -1,
		.sink = { .say = cmd_say, .ctx = (void *)&cfg->quiet },
	};

	snprintf(who, sizeof(who), "boots %s", cfg->verb->name);
	switch ((enum boots_verb)cfg->verb->id) {
	case BOOTS_VERB_INIT:
		return boots_init(cfg, &c);
	case BOOTS_VERB_STATUS:
		return boots_status(&c);
	case BOOTS_VERB_REPORT:
		return boots_report(cfg, &c);
	case BOOTS_VERB_INSTALL:
		return cmd_boots_install(cfg, &c);
	case BOOTS_VERB_UNINSTALL:
		return cmd_boots_uninstall(cfg);
	case BOOTS_VERB_STEP:
		break;
	}
	return boots_step_verb(&c);
}

/* The verbs, the one list of them (--help's usage and verbs, the
 * completion, cmd_boots' dispatch), each with the options it takes:
 * another verb's option is refused (cli_verb.c). */
static const enum cli_opt_id init_ids[] = {
	OPT_BOOTS_K, OPT_BOOTS_ORDER, OPT_SEED, OPT_METHOD, OPT_NEXT,
	OPT_CMDLINE_A, OPT_CMDLINE_B, OPT_INITRD_A, OPT_INITRD_B,
	OPT_RELEASE_A, OPT_RELEASE_B, OPT_BOOT_LIMIT, OPT_ON_MISMATCH,
	OPT_NO_CHECK, OPT_FORCE, OPT_QUIET, OPT_HELP,
};
static const enum cli_opt_id step_ids[] = { OPT_DRY_RUN, OPT_QUIET,
					    OPT_HELP };
static const enum cli_opt_id status_ids[] = { OPT_QUIET, OPT_HELP };
static const enum cli_opt_id report_ids[] = {
	OPT_PLOT_OUT, OPT_FORMAT, OPT_PRIMARY, OPT_FORCE, OPT_QUIET, OPT_HELP,
};
static const enum cli_opt_id install_ids[] = { OPT_UNIT_DIR, OPT_FORCE,
					       OPT_QUIET, OPT_HELP };
static const enum cli_opt_id uninstall_ids[] = { OPT_UNIT_DIR, OPT_QUIET,
						 OPT_HELP };

static const struct cmd_verb boots_verbs[] = {
	{ "init", "DIR LABEL=KERNEL LABEL=KERNEL [OPTIONS] -- RUN-ARGS",
	  init_ids, BOOTS_VERB_INIT },
	{ "step", "DIR [--dry-run]", step_ids, BOOTS_VERB_STEP },
	{ "status", "DIR", status_ids, BOOTS_VERB_STATUS },
	{ "report", "DIR [OPTIONS]", report_ids, BOOTS_VERB_REPORT },
	{ "install", "DIR [OPTIONS]", install_ids, BOOTS_VERB_INSTALL },
	{ "uninstall", "DIR [--unit-dir DIR]", uninstall_ids,
	  BOOTS_VERB_UNINSTALL },
	{ NULL, NULL, NULL, 0 },
};

static const struct cli_use boots_opts[] = {
	USE(OPT_BOOTS_K), USE(OPT_BOOTS_ORDER),
	USE_HELP(OPT_SEED, "--order random's seed (default: the time)"),
	USE(OPT_METHOD), USE(OPT_NEXT), USE(OPT_CMDLINE_A), USE(OPT_CMDLINE_B),
	USE(OPT_INITRD_A), USE(OPT_INITRD_B), USE(OPT_RELEASE_A),
	USE(OPT_RELEASE_B), USE(OPT_BOOT_LIMIT), USE(OPT_ON_MISMATCH),
	USE(OPT_DRY_RUN), USE(OPT_NO_CHECK), USE(OPT_UNIT_DIR),
	USE(OPT_PLOT_OUT),
	USE_HELP(OPT_FORMAT, "report: the table's format"),
	USE_HELP(OPT_PRIMARY, "report: the tested row of each benchmark"),
	USE_HELP(OPT_FORCE, "init: replace a plan; install: a unit;\nreport --plot: an existing chart"),
	USE_HELP(OPT_QUIET, "no warnings"), END,
};

const struct cmd_entry cmd_entry_boots = {
	.name = "boots",
	.summary = "a plan of interleaved reboots (kexec, grub) run unattended",
	.run = cmd_boots,
	/* no .usage: a line per verb (boots_verbs) */
	.intro = "  an unattended plan of K boots per side, interleaved: init checks\n"
		 "  the kernels, initrds, tools and command lines, then writes\n"
		 "  DIR/plan.json (DIR, its files and every directory above it root's\n"
		 "  alone; DIR held open, its files opened through it); step, once\n"
		 "  per boot (install: a systemd unit after multi-user.target), one\n"
		 "  at a time (DIR/plan.lock), checks the running kernel, runs doctor\n"
		 "  and abstat run RUN-ARGS (the abstat it hashed) into DIR, then\n"
		 "  boots the next kernel; status and report read DIR\n",
	.opts = boots_opts,
	.operands = cmd_boots_args,
	.verbs = boots_verbs,
};
