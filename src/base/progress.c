// SPDX-License-Identifier: MIT
/* progress: the redrawn progress line (progress.h). */
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "progress.h"

/* "4.2/s" at one run a second or more, "2.5s/run" below */
static void progress_rate(char *buf, size_t len, double per_s)
{
	if (per_s >= 10)
		snprintf(buf, len, " %.0f/s", per_s);
	else if (per_s >= 1)
		snprintf(buf, len, " %.1f/s", per_s);
	else
		snprintf(buf, len, " %.1fs/run", 1 / per_s);
}

/* " ETA 0:05", " ETA 1:02:03" */
static void progress_eta(char *buf, size_t len, double left_s)
{
	unsigned long s = left_s < 0 ? 0 :
			  left_s > 359999 ? 359999 : (unsigned long)(left_s + 0.5);

	if (s >= 3600)
		snprintf(buf, len, " ETA %lu:%02lu:%02lu", s / 3600,
			 s / 60 % 60, s % 60);
	else
		snprintf(buf, len, " ETA %lu:%02lu", s / 60, s % 60);
}

size_t progress_line(char *buf, size_t len, int width, const char *name,
		     size_t done, size_t total, double elapsed_s)
{
	static const char head[] = "abstat: ";
	char count[48], rate[32] = "", eta[40] = "";
	/* what each level keeps: head, rate, eta (count always) */
	static const bool keep[][3] = {
		{ true, true, true }, { true, false, true },
		{ false, false, true }, { false, false, false },
	};
	size_t room = width > 1 ? (size_t)width - 1 : 0, n = 0, nl;

	if (!len)
		return 0;
	snprintf(count, sizeof(count), " %zu/%zu runs", done, total);
	if (done && elapsed_s > 0) {
		progress_rate(rate, sizeof(rate), done / elapsed_s);
		progress_eta(eta, sizeof(eta),
			     (total - done) * elapsed_s / done);
	}
	nl = strlen(name);
	for (size_t l = 0; l < sizeof(keep) / sizeof(keep[0]); l++) {
		const bool *k = keep[l];
		size_t fixed = (k[0] ? strlen(head) : 0) + strlen(count) +
			       (k[1] ? strlen(rate) : 0) +
			       (k[2] ? strlen(eta) : 0);
		size_t shown = room > fixed ? room - fixed : 0;
		bool last = l + 1 == sizeof(keep) / sizeof(keep[0]);

		/* a name cut below 8 columns says little: give up more */
		if (shown < nl && shown < 8 && !last)
			continue;
		if (shown > nl)
			shown = nl;
		n = (size_t)snprintf(buf, len, "%s%.*s%s%s%s", k[0] ? head : "",
				     (int)shown, name, count, k[1] ? rate : "",
				     k[2] ? eta : "");
		break;
	}
	if (n >= len)
		n = len - 1;
	if (buf[0] == ' ') /* no name left: the count starts the line */
		memmove(buf, buf + 1, n--);
	if (n > room)
		n = room;
	buf[n] = '\0';
	for (size_t i = 0; i < n; i++)
		if ((unsigned char)buf[i] < 0x20 || (unsigned char)buf[i] >= 0x7f)
			buf[i] = '?';
	return n;
}

static double progress_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void progress_start(struct progress *p, FILE *out, enum term_when when,
		    bool quiet, size_t total)
{
	memset(p, 0, sizeof(*p));
	p->out = out;
	p->total = total;
	p->on = when == TERM_ALWAYS ||
		(when == TERM_AUTO && !quiet && isatty(fileno(out)));
	p->width = term_width(fileno(out));
	p->start_s = progress_now();
}

/* over the last line: a carriage return, the new text, spaces over what
 * is left of the old one */
static void progress_draw(struct progress *p, const char *text, size_t n)
{
	fprintf(p->out, "\r%s%*s", text,
		p->shown > n ? (int)(p->shown - n) : 0, "");
	if (p->shown > n)
		fprintf(p->out, "\r%s", text);
	p->shown = n;
	fflush(p->out);
}

void progress_update(struct progress *p, const char *name, size_t done)
{
	char line[512];
	size_t n;

	if (!p->on)
		return;
	p->width = term_width(fileno(p->out)); /* the terminal may resize */
	n = progress_line(line, sizeof(line), p->width, name, done, p->total,
			  progress_now() - p->start_s);
	progress_draw(p, line, n);
}

void progress_clear(struct progress *p)
{
	if (p->on && p->shown)
		progress_draw(p, "", 0);
}

void progress_end(struct progress *p)
{
	progress_clear(p);
	p->on = false;
}
