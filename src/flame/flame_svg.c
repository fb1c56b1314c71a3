// SPDX-License-Identifier: MIT
/*
 * flame_svg: the interactive flame graph, one self-contained SVG file
 * (its CSS and script inside, nothing fetched). The root ("all") is the
 * bottom row, each frame sits on its caller, its width its samples; a
 * frame narrower than FLAME_MIN_PX is left out, as flamegraph.pl leaves
 * them out. The page: the title, a search box (also Ctrl-F; the page's
 * ?s=REGEX searches on load) that paints the matching frames and shows
 * the share of samples they hold ("Matched: 12.3%", nested matches
 * counted once), click on a frame to zoom to it (?f=FRAME zooms to the
 * first frame so named on load), "Reset Zoom", a tooltip and the bottom
 * line with the frame's samples and share. A graph taller than the
 * window opens scrolled to its hottest frame (the drawn frame with the
 * most samples of its own, B's in a differential), a quarter of the
 * window down, its callers below it: the first screen shows the heat
 * whatever the depth (?f=FRAME: the zoomed frame instead).
 * Colours: a warm hue per function name (kernel frames orange), or for a
 * differential (base A, profile B) red where a frame's share of the
 * samples grew from A to B and blue where it shrank, the deeper the
 * larger the change (the largest one deepest); widths are B's, so a
 * frame only A has is not drawn.
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <string.h>

#include "escape.h"
#include "flame.h"

#define FLAME_WIDTH 1200
#define FLAME_PAD 10
#define FLAME_FRAME_H 16
#define FLAME_TOP 52
#define FLAME_BOTTOM 30
#define FLAME_FONT 12
#define FLAME_CHAR_W (FLAME_FONT * 0.59)
#define FLAME_MIN_PX 0.1

struct flame_svg {
	FILE *out;
	const struct flame_profile *p, *base;
	uint64_t total;
	double max_delta; /* the largest |share change|, points */
	size_t depth;
	double scale;     /* pixels per sample */
	uint64_t hot;     /* the hottest drawn frame's self samples */
	size_t hot_level; /* and its level */
};

/* s as XML text or attribute value; a control character (C1 too:
 * escape.h) as '?'. */
static void flame_xml(FILE *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		size_t ctl = escape_control(s + i); /* s is a C string */

		if (ctl) {
			fputc('?', out);
			i += ctl - 1;
			continue;
		}
		switch (c) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&apos;", out); break;
		default: fputc(c, out);
		}
	}
}

/* FNV-1a of the name: the same function, the same colour everywhere. */
static uint32_t flame_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static double flame_share(uint64_t v, uint64_t total)
{
	return total ? 100.0 * (double)v / (double)total : 0;
}

/* The share change of n from A to B, points (differential). */
static double flame_delta(const struct flame_svg *g,
			  const struct flame_node *n)
{
	return flame_share(n->total, g->p->total) -
	       flame_share(n->base, g->base->total);
}

static void flame_colour(const struct flame_svg *g,
			 const struct flame_node *n, char *buf, size_t len)
{
	uint32_t h = flame_hash(n->name ? n->name : "all");
	double v1 = (h & 0xff) / 255.0, v2 = ((h >> 8) & 0xff) / 255.0;
	double d;
	int v;

	if (!g->base) {
		if (n->name && flame_frame_kernel(n->name, strlen(n->name)))
			snprintf(buf, len, "rgb(%d,%d,%d)", 225 + (int)(30 * v1),
				 120 + (int)(60 * v2), (int)(40 * v1));
		else
			snprintf(buf, len, "rgb(%d,%d,%d)", 205 + (int)(50 * v1),
				 (int)(230 * v2), (int)(55 * v1));
		return;
	}
	d = flame_delta(g, n);
	v = g->max_delta > 0 ? (int)lround(210 * fabs(d) / g->max_delta) : 0;
	if (d > 0)
		snprintf(buf, len, "rgb(255,%d,%d)", 255 - v, 255 - v);
	else if (d < 0)
		snprintf(buf, len, "rgb(%d,%d,255)", 255 - v, 255 - v);
	else
		snprintf(buf, len, "rgb(250,250,250)");
}

/* Before the frames are written: the largest share change of any frame
 * (a differential's colours) and the hottest frame drawn (where the page
 * opens: one flame_frame leaves out cannot be). */
static int flame_measure(struct flame_node *n, size_t level, uint64_t x,
			 void *ctx)
{
	struct flame_svg *g = ctx;

	(void)x;
	if (g->base && fabs(flame_delta(g, n)) > g->max_delta)
		g->max_delta = fabs(flame_delta(g, n));
	if ((double)n->total * g->scale >= FLAME_MIN_PX && n->self > g->hot) {
		g->hot = n->self;
		g->hot_level = level;
	}
	return 1;
}

/* The top of level's row, pixels. */
static double flame_row_y(const struct flame_svg *g, size_t level)
{
	return FLAME_TOP + (double)(g->depth - level) * FLAME_FRAME_H;
}

/* The frame's label: its name cut to the width, ".." where cut. */
static void flame_label(FILE *out, const char *name, double w)
{
	size_t fit = (size_t)(w / FLAME_CHAR_W), n = strlen(name);

	if (fit < 3)
		return;
	if (n <= fit) {
		flame_xml(out, name, n);
		return;
	}
	flame_xml(out, name, fit - 2);
	fputs("..", out);
}

/* One frame (flame_tree_walk's visit); its kids only where it is drawn. */
static int flame_frame(struct flame_node *n, size_t level, uint64_t x0,
		       void *ctx)
{
	const struct flame_svg *g = ctx;
	double x = FLAME_PAD + (double)x0 * g->scale;
	double w = (double)n->total * g->scale;
	double y = flame_row_y(g, level);
	const char *name = n->name ? n->name : "all";
	char fill[40];

	if (w < FLAME_MIN_PX)
		return 0;
	flame_colour(g, n, fill, sizeof(fill));
	fprintf(g->out, "<g class=\"f\" data-x=\"%" PRIu64 "\" data-w=\"%" PRIu64
			"\" data-l=\"%zu\" data-n=\"",
		x0, n->total, level);
	flame_xml(g->out, name, strlen(name));
	fputs("\"><title>", g->out);
	flame_xml(g->out, name, strlen(name));
	if (g->base)
		fprintf(g->out,
			" (B: %" PRIu64 " samples, %.2f%%; A: %" PRIu64
			" samples, %.2f%%; %+.2f points)",
			n->total, flame_share(n->total, g->p->total), n->base,
			flame_share(n->base, g->base->total), flame_delta(g, n));
	else
		fprintf(g->out, " (%" PRIu64 " samples, %.2f%%)", n->total,
			flame_share(n->total, g->total));
	fprintf(g->out,
		"</title><rect x=\"%.2f\" y=\"%.1f\" width=\"%.2f\" height=\"%d\" fill=\"%s\" rx=\"2\"/>"
		"<text x=\"%.2f\" y=\"%.1f\">",
		x, y, w, FLAME_FRAME_H - 1, fill, x + 3,
		y + FLAME_FRAME_H - 4.5);
	flame_label(g->out, name, w - 6);
	fputs("</text></g>\n", g->out);
	return 1;
}

/* The page's script: zoom, search, details. Plain DOM, no library. */
static const char flame_js[] =
	"var svg = document.documentElement, total = +svg.getAttribute('data-total');\n"
	"var pad = " "10" ", gw = +svg.getAttribute('width') - 2 * pad;\n"
	"var frames = Array.prototype.slice.call(document.querySelectorAll('g.f'));\n"
	"var details = document.getElementById('details');\n"
	"var matched = document.getElementById('matched');\n"
	"var unzoom = document.getElementById('unzoom');\n"
	"var box = document.getElementById('search');\n"
	"function num(g, k) { return +g.getAttribute('data-' + k); }\n"
	"function place(g, x, w) {\n"
	"\tvar r = g.querySelector('rect'), t = g.querySelector('text');\n"
	"\tvar n = g.getAttribute('data-n'), fit = Math.floor((w - 6) / " "7.08" ");\n"
	"\tr.setAttribute('x', x.toFixed(2)); r.setAttribute('width', w.toFixed(2));\n"
	"\tt.setAttribute('x', (x + 3).toFixed(2));\n"
	"\tt.textContent = fit < 3 ? '' : n.length <= fit ? n : n.substring(0, fit - 2) + '..';\n"
	"}\n"
	"function zoom(g) {\n"
	"\tvar x0 = num(g, 'x'), w0 = num(g, 'w'), l0 = num(g, 'l');\n"
	"\tframes.forEach(function (f) {\n"
	"\t\tvar x = num(f, 'x'), w = num(f, 'w'), l = num(f, 'l');\n"
	"\t\tf.classList.remove('hide'); f.classList.remove('parent');\n"
	"\t\tif (l < l0 && x <= x0 && x + w >= x0 + w0) {\n"
	"\t\t\tf.classList.add('parent'); place(f, pad, gw);\n"
	"\t\t} else if (l >= l0 && x >= x0 && x + w <= x0 + w0) {\n"
	"\t\t\tplace(f, pad + (x - x0) / w0 * gw, w / w0 * gw);\n"
	"\t\t} else {\n"
	"\t\t\tf.classList.add('hide');\n"
	"\t\t}\n"
	"\t});\n"
	"\tunzoom.classList.remove('hide');\n"
	"}\n"
	"function reset_zoom() {\n"
	"\tframes.forEach(function (f) {\n"
	"\t\tf.classList.remove('hide'); f.classList.remove('parent');\n"
	"\t\tplace(f, pad + num(f, 'x') / total * gw, num(f, 'w') / total * gw);\n"
	"\t});\n"
	"\tunzoom.classList.add('hide');\n"
	"}\n"
	"function search(term) {\n"
	"\tvar re, spans = [], sum = 0, end = -1;\n"
	"\tframes.forEach(function (f) {\n"
	"\t\tvar r = f.querySelector('rect');\n"
	"\t\tif (r.hasAttribute('data-fill')) r.setAttribute('fill', r.getAttribute('data-fill'));\n"
	"\t});\n"
	"\tif (!term) { matched.textContent = ''; return 0; }\n"
	"\ttry { re = new RegExp(term); } catch (e) { matched.textContent = 'Bad regex'; return -1; }\n"
	"\tframes.forEach(function (f) {\n"
	"\t\tif (!re.test(f.getAttribute('data-n'))) return;\n"
	"\t\tvar r = f.querySelector('rect');\n"
	"\t\tr.setAttribute('data-fill', r.getAttribute('fill'));\n"
	"\t\tr.setAttribute('fill', 'rgb(230,0,230)');\n"
	"\t\tspans.push([num(f, 'x'), num(f, 'w')]);\n"
	"\t});\n"
	"\tspans.sort(function (a, b) { return a[0] - b[0] || b[1] - a[1]; });\n"
	"\tspans.forEach(function (s) {\n"
	"\t\tif (s[0] + s[1] <= end) return;\n"
	"\t\tsum += s[0] + s[1] - Math.max(s[0], end); end = s[0] + s[1];\n"
	"\t});\n"
	"\tvar pct = total ? 100 * sum / total : 0;\n"
	"\tmatched.textContent = 'Matched: ' + pct.toFixed(1) + '% (' + sum + ' of ' + total + ' samples)';\n"
	"\treturn pct;\n"
	"}\n"
	"frames.forEach(function (f) {\n"
	"\tf.addEventListener('click', function () { zoom(f); });\n"
	"\tf.addEventListener('mouseover', function () {\n"
	"\t\tdetails.textContent = f.querySelector('title').textContent;\n"
	"\t});\n"
	"\tf.addEventListener('mouseout', function () { details.textContent = ' '; });\n"
	"});\n"
	"unzoom.addEventListener('click', reset_zoom);\n"
	"box.addEventListener('input', function () { search(box.value); });\n"
	"window.addEventListener('keydown', function (e) {\n"
	"\tif (e.keyCode === 114 || ((e.ctrlKey || e.metaKey) && e.keyCode === 70)) {\n"
	"\t\te.preventDefault(); box.focus(); box.select();\n"
	"\t}\n"
	"});\n"
	"(function () {\n"
	"\tvar m = /[?&]s=([^&]*)/.exec(location.search);\n"
	"\tvar z = /[?&]f=([^&]*)/.exec(location.search);\n"
	"\tif (m) { box.value = decodeURIComponent(m[1]); search(box.value); }\n"
	"\tvar y = +svg.getAttribute('data-hot-y');\n"
	"\tif (z) frames.some(function (f) {\n"
	"\t\tif (f.getAttribute('data-n') !== decodeURIComponent(z[1])) return false;\n"
	"\t\tzoom(f); y = +f.querySelector('rect').getAttribute('y'); return true;\n"
	"\t});\n"
	"\t/* taller than the window: open with the hottest (or the zoomed)\n"
	"\t * frame a quarter down the window, its callers below it */\n"
	"\tvar h = +svg.getAttribute('height'), wh = window.innerHeight;\n"
	"\tif (h > wh) window.scrollTo(0, Math.max(0, Math.min(h - wh, y - wh / 4)));\n"
	"})();\n";

static const char flame_css[] =
	"text { font-family: Verdana, sans-serif; font-size: 12px; fill: rgb(0,0,0); }\n"
	"g.f { cursor: pointer; }\n"
	"g.f:hover rect { stroke: black; stroke-width: 0.5; }\n"
	"g.f text { pointer-events: none; }\n"
	".hide { display: none; }\n"
	"g.parent { opacity: 0.5; }\n"
	"#title { font-size: 17px; text-anchor: middle; }\n"
	"#unzoom { cursor: pointer; }\n"
	"input { font-size: 12px; width: 190px; }\n";

static void flame_head(const struct flame_svg *g, const struct flame_out *o,
		       double height)
{
	fprintf(g->out,
		"<?xml version=\"1.0\" standalone=\"no\"?>\n"
		"<svg version=\"1.1\" width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" "
		"xmlns=\"http://www.w3.org/2000/svg\" data-total=\"%" PRIu64
		"\" data-hot-y=\"%.1f\">\n"
		"<style type=\"text/css\"><![CDATA[\n%s]]></style>\n"
		"<rect x=\"0\" y=\"0\" width=\"100%%\" height=\"100%%\" fill=\"rgb(248,248,240)\"/>\n"
		"<text id=\"title\" x=\"%d\" y=\"22\">",
		FLAME_WIDTH, height, FLAME_WIDTH, height, g->total,
		flame_row_y(g, g->hot_level), flame_css, FLAME_WIDTH / 2);
	flame_xml(g->out, o->title, strlen(o->title));
	fprintf(g->out,
		"</text>\n"
		"<text id=\"unzoom\" class=\"hide\" x=\"%d\" y=\"44\">Reset Zoom</text>\n"
		"<foreignObject x=\"%d\" y=\"28\" width=\"200\" height=\"22\">"
		"<input xmlns=\"http://www.w3.org/1999/xhtml\" id=\"search\" type=\"search\" "
		"placeholder=\"Search (regex, Ctrl-F)\"/></foreignObject>\n"
		"<text id=\"matched\" x=\"%d\" y=\"%.0f\" text-anchor=\"end\"> </text>\n"
		"<text id=\"details\" x=\"%d\" y=\"%.0f\"> </text>\n",
		FLAME_PAD, FLAME_WIDTH - FLAME_PAD - 200, FLAME_WIDTH - FLAME_PAD,
		height - 10, FLAME_PAD, height - 10);
}

int flame_write_svg(FILE *out, const struct flame_profile *p,
		    const struct flame_profile *base,
		    const struct flame_out *o)
{
	struct flame_svg g = { out, p, base, p->total, 0, 0, 0, 0, 0 };
	const struct flame_walk measure = { flame_measure, NULL, &g };
	const struct flame_walk frames = { flame_frame, NULL, &g };
	struct flame_node root;
	double height;
	int rc = flame_tree(p, base, &root);

	if (rc)
		return rc;
	g.depth = flame_tree_depth(&root);
	g.scale = p->total ? (FLAME_WIDTH - 2.0 * FLAME_PAD) /
				     (double)p->total : 0;
	if (p->total)
		rc = flame_tree_walk(&root, &measure);
	height = FLAME_TOP + (double)(g.depth + 1) * FLAME_FRAME_H +
		 FLAME_BOTTOM;
	flame_head(&g, o, height);
	fputs("<g id=\"frames\">\n", out);
	if (!rc && p->total)
		rc = flame_tree_walk(&root, &frames);
	fprintf(out, "</g>\n<script type=\"text/ecmascript\"><![CDATA[\n%s]]></script>\n</svg>\n",
		flame_js);
	flame_tree_free(&root);
	return rc ? rc : ferror(out) ? -EIO : 0;
}
