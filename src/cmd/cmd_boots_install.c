// SPDX-License-Identifier: MIT
/*
 * cmd_boots_install: abstat boots install and uninstall, the systemd unit
 * that runs abstat boots step DIR at every boot: what root will execute
 * is checked to be root's and not writable by others before the unit is
 * written (boots_install_trust), and the unit's words are quoted as
 * systemd reads them.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boots.h"
#include "commands.h"
#include "escape.h"
#include "sha256.h"
#include "msg.h"

#define BOOTS_UNIT "abstat-boots.service"

static int boots_unit_path(const struct config *cfg, const char *sub,
			   char *buf, size_t len)
{
	return snprintf(buf, len, "%s%s%s", cfg->boots.unit_dir, sub,
			BOOTS_UNIT) >= (int)len;
}

/* s as one systemd word: in double quotes, \ and " escaped, % as %%
 * (a specifier otherwise), $ as $$ where dollar (ExecStart= expands
 * variables). -EINVAL: a control character (a newline would start
 * another setting). */
static int boots_unit_quote(const char *s, bool dollar, char *buf,
			    size_t len)
{
	size_t k = 0;

	for (const char *q = s; *q; q++)
		if (escape_control(q))
			return -EINVAL;
	buf[k++] = '"';
	for (; *s && k + 4 < len; s++) {
		if (*s == '\\' || *s == '"')
			buf[k++] = '\\';
		else if (*s == '%' || (dollar && *s == '$'))
			buf[k++] = *s;
		buf[k++] = *s;
	}
	if (*s)
		return -ENAMETOOLONG;
	buf[k++] = '"';
	buf[k] = '\0';
	return 0;
}

/* The unit's text for the plan in dir run by self (sha256 hash). */
static int boots_unit_text(FILE *f, const char *dir, const char *self,
			   const char *hash)
{
	char qdir[8400], qexe[8400], edir[8400];

	if (boots_unit_quote(dir, false, qdir, sizeof(qdir)) ||
	    boots_unit_quote(dir, true, edir, sizeof(edir)) ||
	    boots_unit_quote(self, true, qexe, sizeof(qexe)))
		return -EINVAL;
	fprintf(f, "# written by abstat boots install; abstat boots uninstall removes it\n"
		   "# abstat: sha256 %s\n"
		   "[Unit]\nDescription=abstat boots: one step of a plan\n"
		   "After=multi-user.target\nRequiresMountsFor=%s\n\n"
		   "[Service]\nType=oneshot\nExecStart=%s boots step %s\n"
		   "StandardOutput=journal+console\n\n"
		   "[Install]\nWantedBy=multi-user.target\n",
		hash, qdir, qexe, edir);
	return 0;
}

/* Refuse a unit path that is a link or anything but a regular file (a
 * link would be followed: its target written). */
static int boots_unit_check(const struct config *cfg, const char *unit)
{
	struct stat st;

	if (lstat(unit, &st))
		return 0;
	if (S_ISLNK(st.st_mode) || !S_ISREG(st.st_mode)) {
		msg_error("boots install: %s is %s, not a unit abstat wrote: it is never followed or replaced; remove it, then abstat boots install again",
			  unit, S_ISLNK(st.st_mode) ? "a symbolic link" :
						      "not a regular file");
		return EXIT_USAGE;
	}
	if (!cfg->force) {
		msg_error("boots install: %s exists; abstat boots uninstall removes it, --force replaces it",
			  unit);
		return EXIT_USAGE;
	}
	return 0;
}

/* What the unit runs as root must be root's (boots_trust_exec): this
 * abstat, its built-in workloads' directory, a hook, the command or
 * --next's command given by an absolute path (one found on PATH is not
 * checked). 0, or the first refused, said. */
static int boots_install_trust(const struct boots_plan *p, const char *self)
{
	static const char *const hooks[] = { "--setup", "--cleanup",
					     "--prepare", "--conclude", NULL };
	char err[4400], dir[PATH_MAX + 32], word[PATH_MAX];
	int fd = boots_trust_exec(self, false, "abstat binary", err,
				  sizeof(err));
	bool cmd = false;

	if (fd >= 0)
		close(fd);
	for (int i = 0; fd >= 0 && i < 2; i++) {
		snprintf(dir, sizeof(dir), "%s", self);
		*strrchr(dir, '/') = '\0';
		strcat(dir, i ? "/../libexec/abstat" : "/build/workloads");
		if (access(dir, F_OK))
			continue;
		fd = boots_trust_exec(dir, true, "workload directory", err,
				      sizeof(err));
		if (fd >= 0)
			close(fd);
	}
	for (size_t i = 0; fd >= 0 && i < p->n_run; i++) {
		bool hook = false;

		for (int h = 0; i && hooks[h]; h++)
			hook |= !strcmp(p->run[i - 1], hooks[h]);
		snprintf(word, sizeof(word), "%s", p->run[i]);
		word[strcspn(word, " \t")] = '\0';
		if ((hook || cmd) && word[0] == '/' && !access(word, F_OK)) {
			fd = boots_trust_exec(word, false,
					      hook ? "hook" : "command", err,
					      sizeof(err));
			if (fd >= 0)
				close(fd);
		}
		cmd = !strcmp(p->run[i], "--") && !cmd;
	}
	snprintf(word, sizeof(word), "%s", p->next ? p->next : "");
	word[strcspn(word, " \t")] = '\0';
	if (fd >= 0 && word[0] == '/' && !access(word, F_OK)) {
		fd = boots_trust_exec(word, false, "--next command", err,
				      sizeof(err));
		if (fd >= 0)
			close(fd);
	}
	if (fd >= 0)
		return 0;
	msg_error("boots install: %s", err);
	return EXIT_USAGE;
}

int cmd_boots_install(const struct config *cfg, struct boots_ctx *c)
{
	char unit[4096], wants[4096], self[PATH_MAX], dir[PATH_MAX];
	char hash[65], err[4400], line[PATH_MAX + 80];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	struct boots_plan p;
	char *text = NULL;
	size_t size = 0;
	FILE *f;
	int rc = cmd_boots_open(c) ?: cmd_boots_load(c, &p), fd;

	if (rc)
		return rc;
	if (n > 0)
		self[n] = '\0';
	rc = n > 0 ? boots_install_trust(&p, self) : 0;
	boots_plan_free(&p);
	if (rc)
		return rc;
	if (n <= 0 || !realpath(c->dir, dir) ||
	    boots_unit_path(cfg, "/", unit, sizeof(unit)) ||
	    boots_unit_path(cfg, "/multi-user.target.wants/", wants,
			    sizeof(wants))) {
		msg_error("boots install: cannot resolve this abstat or %s: %s",
			  c->dir, strerror(errno));
		return EXIT_IO;
	}
	rc = boots_unit_check(cfg, unit);
	if (rc)
		return rc;
	/* the binary running, hashed by its fd (not its path again) */
	fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	if (fd < 0 || sha256_fd(fd, hash)) {
		msg_error("boots install: cannot read %s: %s", self,
			  strerror(errno));
		if (fd >= 0)
			close(fd);
		return EXIT_IO;
	}
	close(fd);
	f = open_memstream(&text, &size);
	if (!f || boots_unit_text(f, dir, self, hash)) {
		msg_error("boots install: %s or %s has a control character (a newline would end ExecStart=); give a directory without",
			  dir, self);
		if (f)
			fclose(f);
		free(text);
		return EXIT_USAGE;
	}
	fclose(f);
	/* what each step checks this abstat against (boots_step_self) */
	snprintf(line, sizeof(line), "%s  %s\n", hash, self);
	rc = boots_plan_write(c->dfd, c->dir, BOOTS_SELF_FILE, line, err,
			      sizeof(err));
	if (!rc)
		rc = boots_plan_write(AT_FDCWD, NULL, unit, text, err,
				      sizeof(err));
	free(text);
	if (rc) {
		msg_error("boots install: %s; give --unit-dir", err);
		return EXIT_IO;
	}
	snprintf(dir, sizeof(dir), "%s/multi-user.target.wants", cfg->boots.unit_dir);
	mkdir(dir, 0755);
	unlink(wants);
	if (symlink("../" BOOTS_UNIT, wants)) {
		msg_error("boots install: cannot enable %s (%s): %s", unit,
			  wants, strerror(errno));
		return EXIT_IO;
	}
	msg_info("boots install: %s, enabled (%s); each boot runs abstat boots step %s after multi-user.target, with %s (sha256 %.12s)",
		 unit, wants, c->dir, self, hash);
	return EXIT_OK;
}

int cmd_boots_uninstall(const struct config *cfg)
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
			  BOOTS_UNIT, cfg->boots.unit_dir);
		return EXIT_USAGE;
	}
	msg_info("boots uninstall: %s removed", unit);
	return EXIT_OK;
}

/* src/boots' words as messages. */
