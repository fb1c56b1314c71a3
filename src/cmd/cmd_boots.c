// SPDX-License-Identifier: MIT
/*
 * cmd_boots: abstat boots VERB DIR. init writes the plan (boots_plan.c),
 * step does one boot's part (cmd_boots_step.c), status prints the plan
 * in order, report is abstat compare (and plot) of the sides' results,
 * the boots as the files of each side; install and uninstall write and
 * remove the systemd unit that runs step at every boot.
 */
#include <errno.h>
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
#include "commands.h"
#include "msg.h"

#define BOOTS_UNIT "abstat-boots.service"

static int boots_load(const struct boots_ctx *c, struct boots_plan *p)
{
	char err[1024];
	int rc = boots_plan_load(c->dir, p, err, sizeof(err));

	if (!rc)
		return 0;
	msg_error("%s: %s", c->cmd, err);
	return rc == -ENOMEM ? EXIT_IO : EXIT_USAGE;
}

static int boots_init(const struct config *cfg, const struct boots_ctx *c)
{
	struct statfs fs;
	struct boots_plan p;
	char err[1024];
	int rc;

	rc = boots_plan_new(cfg, &p, err, sizeof(err));
	if (rc) {
		boots_plan_free(&p);
		msg_error("%s", err);
		return rc == -ENOMEM ? EXIT_IO : EXIT_USAGE;
	}
	if (mkdir(c->dir, 0755) && errno != EEXIST) {
		msg_error("boots init: cannot make %s: %s; give a directory on persistent storage",
			  c->dir, strerror(errno));
		boots_plan_free(&p);
		return EXIT_IO;
	}
	rc = boots_plan_save(c->dir, &p, cfg->force, err, sizeof(err));
	if (!rc && !statfs(c->dir, &fs) &&
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

static int boots_status(const struct boots_ctx *c)
{
	struct boots_plan p;
	struct boots_boot *next;
	size_t count[BOOT_FAILED + 1] = { 0 };
	int rc = boots_load(c, &p);

	if (rc)
		return rc;
	for (size_t i = 0; i < p.n_boots; i++)
		count[p.boots[i].state]++;
	next = boots_plan_current(&p);
	printf("plan %s: %s=%s, %s=%s, %zu boots (%s), %s\n", c->dir,
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

static int boots_report(const struct config *cfg, const struct boots_ctx *c)
{
	struct boots_plan p;
	struct config rc_cfg = *cfg;
	char *specs[2] = { NULL, NULL };
	int rc = boots_load(c, &p);

	if (rc)
		return rc;
	specs[0] = boots_spec(c, &p, 0);
	specs[1] = specs[0] ? boots_spec(c, &p, 1) : NULL;
	rc = EXIT_USAGE;
	if (specs[1]) {
		rc_cfg.files = specs;
		rc_cfg.n_files = 2;
		rc_cfg.cmd = CMD_COMPARE;
		rc_cfg.where = 0;
		rc = cmd_compare(&rc_cfg);
	}
	if (specs[1] && cfg->boots_plot && (rc == EXIT_OK ||
					    rc == EXIT_REGRESSION)) {
		int prc;

		rc_cfg.cmd = CMD_PLOT;
		rc_cfg.output = cfg->boots_plot;
		prc = cmd_plot(&rc_cfg);
		if (prc != EXIT_OK && prc != EXIT_REGRESSION)
			rc = prc;
	}
	free(specs[0]);
	free(specs[1]);
	boots_plan_free(&p);
	return rc;
}

static int boots_unit_path(const struct config *cfg, const char *sub,
			   char *buf, size_t len)
{
	return snprintf(buf, len, "%s%s%s", cfg->unit_dir, sub, BOOTS_UNIT) >=
	       (int)len;
}

static int boots_install(const struct config *cfg, const struct boots_ctx *c)
{
	char unit[4096], wants[4096], self[PATH_MAX], dir[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct boots_plan p;
	FILE *f;
	int rc = boots_load(c, &p);

	if (rc)
		return rc;
	boots_plan_free(&p);
	if (n <= 0 || !realpath(c->dir, dir) ||
	    boots_unit_path(cfg, "/", unit, sizeof(unit)) ||
	    boots_unit_path(cfg, "/multi-user.target.wants/", wants,
			    sizeof(wants))) {
		msg_error("boots install: cannot resolve this abstat or %s: %s",
			  c->dir, strerror(errno));
		return EXIT_IO;
	}
	self[n] = '\0';
	if (!cfg->force && !access(unit, F_OK)) {
		msg_error("boots install: %s exists; abstat boots uninstall removes it, --force replaces it",
			  unit);
		return EXIT_USAGE;
	}
	f = fopen(unit, "we");
	if (!f) {
		msg_error("boots install: cannot write %s: %s; give --unit-dir",
			  unit, strerror(errno));
		return EXIT_IO;
	}
	fprintf(f, "# written by abstat boots install; abstat boots uninstall %s removes it\n"
		   "[Unit]\nDescription=abstat boots: one step of the plan in %s\n"
		   "After=local-fs.target\nRequiresMountsFor=%s\n\n"
		   "[Service]\nType=oneshot\nExecStart=%s boots step %s\n"
		   "StandardOutput=journal+console\n\n"
		   "[Install]\nWantedBy=multi-user.target\n",
		dir, dir, dir, self, dir);
	if (fclose(f)) {
		msg_error("boots install: cannot write %s: %s", unit,
			  strerror(errno));
		return EXIT_IO;
	}
	snprintf(dir, sizeof(dir), "%s/multi-user.target.wants", cfg->unit_dir);
	mkdir(dir, 0755);
	unlink(wants);
	if (symlink("../" BOOTS_UNIT, wants)) {
		msg_error("boots install: cannot enable %s (%s): %s", unit,
			  wants, strerror(errno));
		return EXIT_IO;
	}
	msg_info("boots install: %s, enabled (%s); each boot runs abstat boots step %s",
		 unit, wants, c->dir);
	return EXIT_OK;
}

static int boots_uninstall(const struct config *cfg)
{
	char unit[4096], wants[4096];
	int gone = 0;

	if (boots_unit_path(cfg, "/", unit, sizeof(unit)) ||
	    boots_unit_path(cfg, "/multi-user.target.wants/", wants,
			    sizeof(wants)))
		return EXIT_USAGE;
	gone += !unlink(wants);
	gone += !unlink(unit);
	if (!gone) {
		msg_error("boots uninstall: no %s in %s; nothing to remove",
			  BOOTS_UNIT, cfg->unit_dir);
		return EXIT_USAGE;
	}
	msg_info("boots uninstall: %s removed", unit);
	return EXIT_OK;
}

int cmd_boots(const struct config *cfg)
{
	const char *root = getenv("ABSTAT_SYSROOT");
	char who[64];
	struct boots_ctx c = {
		.dir = cfg->boots_dir,
		.root = root ? root : "",
		.dry_run = cfg->dry_run,
		.cmd = who,
	};
	struct boots_plan p;
	int rc;

	snprintf(who, sizeof(who), "boots %s", cfg->boots_verb);
	if (!strcmp(cfg->boots_verb, "init"))
		return boots_init(cfg, &c);
	if (!strcmp(cfg->boots_verb, "status"))
		return boots_status(&c);
	if (!strcmp(cfg->boots_verb, "report"))
		return boots_report(cfg, &c);
	if (!strcmp(cfg->boots_verb, "install"))
		return boots_install(cfg, &c);
	if (!strcmp(cfg->boots_verb, "uninstall"))
		return boots_uninstall(cfg);
	rc = boots_load(&c, &p);
	if (rc)
		return rc;
	rc = boots_step(&c, &p);
	boots_plan_free(&p);
	return rc;
}
