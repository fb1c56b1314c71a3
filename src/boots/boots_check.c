// SPDX-License-Identifier: MIT
/*
 * boots_check: what init (and step --dry-run) checks before anything
 * reboots: each side's kernel and initrd exist and the kernel is one of
 * this machine's architecture (bzImage, arm64 or RISC-V Image, PE or
 * ELF headers; another format is said to be unchecked), the method's
 * tool is on PATH (kexec, grub-reboot), each command line can boot
 * (root= when the running kernel has one, a panic= timeout so that a
 * kernel that panics comes back), and the sides are symmetric (an
 * initrd on both or neither). With kexec a failure is an error; with
 * --method cmd, whose --next decides what the files mean, a warning;
 * grub's entries are not files and are not checked (said).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "boots.h"
#include "sysroot.h"

struct check {
	const struct boots_ctx *c;
	bool hard;   /* failures are errors (kexec), else warnings */
	int errors;
};

/* One failure: an error with kexec (counted), else a warning. */
#define check_say(k, fmt, ...)                                           \
	do {                                                             \
		if ((k)->hard)                                           \
			boots_say((k)->c, SAY_ERROR, fmt, __VA_ARGS__); \
		else                                                     \
			boots_say((k)->c, SAY_WARN, fmt, __VA_ARGS__); \
		(k)->errors += (k)->hard;                                \
	} while (0)

static unsigned check_le16(const unsigned char *p)
{
	return p[0] | (unsigned)p[1] << 8;
}

static unsigned long check_le32(const unsigned char *p)
{
	return p[0] | (unsigned long)p[1] << 8 | (unsigned long)p[2] << 16 |
	       (unsigned long)p[3] << 24;
}

static const char *check_pe_machine(unsigned m)
{
	return m == 0x8664 ? "x86_64" : m == 0xaa64 ? "aarch64" :
	       m == 0x5064 ? "riscv64" : m == 0x14c ? "i686" : "unknown";
}

static const char *check_elf_machine(unsigned m)
{
	return m == 62 ? "x86_64" : m == 183 ? "aarch64" :
	       m == 243 ? "riscv64" : m == 3 ? "i686" : "unknown";
}

/* The architecture of the kernel image whose first bytes are h (n of
 * them), or NULL: a format not known here (compressed, say). */
static const char *check_arch(const unsigned char *h, size_t n)
{
	unsigned long pe;

	if (n >= 0x40 && !memcmp(h + 0x38, "ARM\x64", 4))
		return "aarch64";
	if (n >= 0x40 && !memcmp(h + 0x38, "RSC\x05", 4))
		return "riscv64";
	if (n >= 0x206 && !memcmp(h + 0x202, "HdrS", 4))
		return "x86_64";
	if (n >= 20 && !memcmp(h, "\x7f" "ELF", 4))
		return check_elf_machine(check_le16(h + 18));
	if (n >= 0x40 && h[0] == 'M' && h[1] == 'Z') {
		pe = check_le32(h + 0x3c);
		if (pe + 6 <= n && !memcmp(h + pe, "PE\0\0", 4))
			return check_pe_machine(check_le16(h + pe + 4));
	}
	return NULL;
}

static void check_kernel(struct check *k, const struct boots_side *s,
			 const char *host)
{
	unsigned char h[4096];
	const char *arch;
	ssize_t n = -1;
	int fd = open(s->kernel, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0) {
		n = read(fd, h, sizeof(h));
		close(fd);
	}
	if (n < 0) {
		check_say(k, "side %s: kernel %s: %s; give the path of a kernel image (ls /boot)",
			  s->label, s->kernel, strerror(errno));
		return;
	}
	arch = check_arch(h, (size_t)n);
	if (!arch)
		boots_say(k->c, SAY_WARN, "side %s: kernel %s is not an image abstat reads (bzImage, Image, PE, ELF): its architecture is not checked",
			  s->label, s->kernel);
	else if (strcmp(arch, host))
		check_say(k, "side %s: kernel %s is built for %s, not for this machine; give a kernel built for this architecture (uname -m)",
			  s->label, s->kernel, arch);
}

/* kexec boots path as root: it must be root's, and every directory
 * above it (boots_trust_exec); what is missing is said elsewhere. */
static void check_owner(struct check *k, const struct boots_side *s,
			const char *path, const char *what)
{
	char err[4400];
	int fd;

	if (!path || access(path, F_OK))
		return;
	fd = boots_trust_exec(path, false, what, err, sizeof(err));
	if (fd >= 0)
		close(fd);
	else
		check_say(k, "side %s: %s", s->label, err);
}

/* Whether line has a word starting with key (e.g. "root="). */
static bool check_word(const char *line, const char *key, char *val,
		       size_t len)
{
	size_t n = strlen(key);

	for (const char *q = strstr(line, key); q; q = strstr(q + 1, key))
		if (q == line || q[-1] == ' ' || q[-1] == '\t') {
			if (val)
				snprintf(val, len, "%.*s", (int)strcspn(q, " \t\n"),
					 q);
			return !!q[n] && q[n] != ' ' && q[n] != '\t';
		}
	return false;
}

static void check_cmdline(struct check *k, const struct boots_side *s,
			  int i, const char *host)
{
	char root[1024], panic[64], opt[16];

	snprintf(opt, sizeof(opt), "--cmdline-%c", 'a' + i);
	if (check_word(host, "root=", root, sizeof(root)) &&
	    !check_word(s->cmdline, "root=", NULL, 0))
		check_say(k, "side %s: its command line has no root= (the running kernel has %s): the kernel booted will not find its disk; add it to %s",
			  s->label, root, opt);
	if (!check_word(s->cmdline, "panic=", panic, sizeof(panic)) ||
	    !strcmp(panic, "panic=0"))
		boots_say(k->c, SAY_WARN, "side %s: no panic= timeout on its command line: a kernel that panics hangs the plan until someone resets the machine; add panic=10 to %s",
			  s->label, opt);
}

/* Whether name is an executable on PATH. */
static bool check_tool(const char *name)
{
	const char *path = getenv("PATH");
	char *dup = strdup(path ? path : "/usr/sbin:/usr/bin:/sbin:/bin");
	char *save = NULL, file[4096];
	bool found = false;

	for (char *d = dup ? strtok_r(dup, ":", &save) : NULL; d && !found;
	     d = strtok_r(NULL, ":", &save)) {
		snprintf(file, sizeof(file), "%s/%s", d, name);
		found = !access(file, X_OK);
	}
	free(dup);
	return found;
}

int boots_check(const struct boots_ctx *c, const struct boots_plan *p)
{
	struct check k = { c, p->method == BOOTS_KEXEC, 0 };
	const struct boots_side *s = p->sides;
	const char *tool = p->method == BOOTS_KEXEC ? "kexec" :
			   p->method == BOOTS_GRUB ? "grub-reboot" : NULL;
	char host[4096] = "";
	struct utsname u;
	FILE *f;

	if (tool && !check_tool(tool)) {
		boots_say(c, SAY_ERROR, "%s is not on PATH: --method %s boots with it; install %s",
			  tool, boots_method_names[p->method],
			  p->method == BOOTS_KEXEC ? "kexec-tools" : "grub2-common");
		k.errors++;
	}
	if (p->method == BOOTS_GRUB) {
		boots_say(c, SAY_INFO, "the grub entries '%s' and '%s' are not checked: grub-reboot takes them as given (grep menuentry /boot/grub/grub.cfg)",
			  s[0].kernel, s[1].kernel);
		return k.errors;
	}
	f = sysroot_fopen(c->root, "/proc/cmdline");
	if (f) {
		if (!fgets(host, sizeof(host), f))
			host[0] = '\0';
		fclose(f);
	}
	if (uname(&u))
		snprintf(u.machine, sizeof(u.machine), "unknown");
	for (int i = 0; i < 2; i++) {
		check_kernel(&k, &s[i], u.machine);
		check_owner(&k, &s[i], s[i].kernel, "kernel");
		check_owner(&k, &s[i], s[i].initrd, "initrd");
		if (s[i].initrd && access(s[i].initrd, R_OK))
			check_say(&k, "side %s: initrd %s: %s; give an initrd that exists, or none",
				  s[i].label, s[i].initrd, strerror(errno));
		check_cmdline(&k, &s[i], i, host);
	}
	if (!s[0].initrd != !s[1].initrd)
		check_say(&k, "side %s has an initrd and side %s none: the sides differ in more than their kernels; give %s too, or neither",
			  s[s[1].initrd != NULL].label,
			  s[s[1].initrd == NULL].label,
			  s[0].initrd ? "--initrd-b" : "--initrd-a");
	if (p->method == BOOTS_CMD)
		boots_say(c, SAY_INFO, "--method cmd: --next decides what boots; the files and command lines were checked as kexec would take them");
	return k.errors;
}
