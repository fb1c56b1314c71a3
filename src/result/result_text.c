// SPDX-License-Identifier: MIT
/*
 * result_text: a result file's text to a struct result. The streaming
 * reader (result_stream.c) first; where it cannot (-EAGAIN), jansson's
 * whole-document parse (result_parse.c). JSON that does not load says
 * where (the line, the column and the nearest key before it), a number
 * beyond the integer range says its path, and a benchmark that repeats
 * a run index is refused either way. result_io.c reads files into
 * buffers for it, result_map.c maps them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result_parse_priv.h"

/*
 * jansson reports a syntax error by position only; the nearest key before
 * it ("wall_ns" for "wall_ns": NaN) tells the user where to look. This is
 * a hint for the message, not parsing: the scan is bounded and any odd
 * byte just drops the hint.
 */
static void result_key_near(const char *buf, size_t size, size_t pos,
			    char *key, size_t len)
{
	size_t stop = pos > 4096 ? pos - 4096 : 0, i, end;

	key[0] = '\0';
	if (pos > size)
		pos = size;
	for (i = pos; i > stop + 1; i--) {
		if (buf[i - 1] != ':')
			continue;
		end = i - 1;
		while (end > stop && strchr(" \t\r\n", buf[end - 1]) &&
		       buf[end - 1])
			end--;
		if (end <= stop || buf[end - 1] != '"')
			continue;
		for (size_t b = end - 1; b > stop && end - b < 64; b--) {
			if (buf[b - 1] == '"') {
				size_t n = end - 1 - b;

				for (size_t k = b; k < b + n; k++)
					if (buf[k] < 0x20 || buf[k] > 0x7e ||
					    buf[k] == '\\')
						return;
				snprintf(key, len, "%.*s", (int)n, buf + b);
				return;
			}
		}
		return;
	}
}

/* The JSON path of the first number beyond the integer range (found in a
 * second parse that decodes integers as reals). */
static bool result_find_huge(const json_t *v, char *path, size_t len)
{
	size_t at = strlen(path), i;
	const char *k;
	json_t *m;

	if (json_is_real(v))
		return fabs(json_real_value(v)) >= 9223372036854775807.0;
	if (json_is_object(v)) {
		json_object_foreach((json_t *)v, k, m) {
			snprintf(path + at, len - at, "%s%s", at ? "." : "", k);
			if (result_find_huge(m, path, len))
				return true;
		}
	} else if (json_is_array(v)) {
		json_array_foreach(v, i, m) {
			snprintf(path + at, len - at, "[%zu]", i);
			if (result_find_huge(m, path, len))
				return true;
		}
	}
	path[at] = '\0';
	return false;
}

int result_load_json(const char *buf, size_t size, const char *name,
		     json_t **out, char *err, size_t len)
{
	return result_load_json_line(buf, size, name, 1, out, err, len);
}

int result_load_json_line(const char *buf, size_t size, const char *name,
			  int line, json_t **out, char *err, size_t len)
{
	json_error_t je;
	char key[80], path[256] = "";
	json_t *j;

	*out = NULL;
	if (size == 0) {
		if (line > 1)
			snprintf(err, len, "%s: line %d: empty line", name, line);
		else
			snprintf(err, len, "%s: empty file; not an abstat result",
				 name);
		return -EINVAL;
	}
	j = json_loadb(buf, size, RESULT_JSON_FLAGS, &je);
	if (j) {
		*out = j;
		return 0;
	}
	if (json_error_code(&je) == json_error_numeric_overflow) {
		j = json_loadb(buf, size, RESULT_JSON_FLAGS |
			       JSON_DECODE_INT_AS_REAL, NULL);
		if (j && result_find_huge(j, path, sizeof(path))) {
			char at[32] = "";

			json_decref(j);
			if (line > 1)
				snprintf(at, sizeof(at), ": line %d", line);
			snprintf(err, len,
				 "%s%s: %s: integer too large (the limit is 2^63-1 = 9223372036854775807)",
				 name, at, path);
			result_msg_clean(err);
			return -EINVAL;
		}
		json_decref(j);
	}
	result_key_near(buf, size, (size_t)je.position, key, sizeof(key));
	snprintf(err, len, "%s: line %d, column %d%s%s%s: invalid JSON: %s",
		 name, je.line + line - 1, je.column,
		 *key ? " (after key \"" : "", key, *key ? "\")" : "",
		 je.text);
	/* jansson quotes the input near the error: it may hold a newline */
	result_msg_clean(err);
	return -EINVAL;
}

int result_parse_buffer(const char *buf, size_t size, const char *name,
			struct result **out, char *err, size_t len)
{
	return result_parse_text(buf, size, name, NULL, out, err, len);
}

static int result_cmp_index(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return (x > y) - (x < y);
}

/* No run index twice in a benchmark (recover refuses such a journal:
 * lines written twice, or two sessions' runs). 0 or -EINVAL (err). */
static int result_check_indexes(const struct result *r, const char *name,
				char *err, size_t len)
{
	for (size_t i = 0; i < r->n_bench; i++) {
		const struct benchmark *b = &r->bench[i];
		unsigned *ix = malloc((b->n_runs + 1) * sizeof(*ix));

		if (!ix) {
			snprintf(err, len, "%s: out of memory", name);
			return -ENOMEM;
		}
		for (size_t k = 0; k < b->n_runs; k++)
			ix[k] = b->runs[k].index;
		qsort(ix, b->n_runs, sizeof(*ix), result_cmp_index);
		for (size_t k = 1; k < b->n_runs; k++)
			if (ix[k] == ix[k - 1]) {
				snprintf(err, len,
					 "%s: benchmarks[%zu]: two runs have index %u: runs repeated (lines written twice, or two sessions' runs); not one session's result",
					 name, i, ix[k]);
				free(ix);
				return -EINVAL;
			}
		free(ix);
	}
	return 0;
}

int result_parse_text(const char *buf, size_t size, const char *name,
		      struct result_window *w, struct result **out, char *err,
		      size_t len)
{
	struct result *r;
	json_t *j;
	int rc;

	*out = NULL;
	rc = result_stream_text(buf, size, name, w, out, err, len);
	if (!rc && (rc = result_check_indexes(*out, name, err, len))) {
		result_free(*out);
		*out = NULL;
	}
	if (rc != -EAGAIN)
		return rc;
	rc = result_load_json(buf, size, name, &j, err, len);
	if (rc)
		return rc;
	r = calloc(1, sizeof(*r));
	rc = r ? result_from_json(j, name, r, err, len) : -ENOMEM;
	json_decref(j);
	if (rc) {
		if (rc == -ENOMEM)
			snprintf(err, len, "%s: out of memory", name);
		free(r);
		return rc;
	}
	rc = result_check_indexes(r, name, err, len);
	if (rc) {
		result_free(r);
		return rc;
	}
	*out = r;
	return 0;
}
