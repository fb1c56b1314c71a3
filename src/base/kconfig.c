// SPDX-License-Identifier: MIT
/* kconfig: the names and values of kernel configuration options
 * (kconfig.h). */
#include <string.h>

#include "kconfig.h"

bool kconfig_name_ok(const char *s)
{
	size_t n;

	if (strncmp(s, "CONFIG_", 7) || !s[7])
		return false;
	n = 7 + strspn(s + 7, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
			      "abcdefghijklmnopqrstuvwxyz0123456789_");
	return !s[n] && n <= KCONFIG_NAME_MAX;
}

bool kconfig_value_ok(const char *s)
{
	size_t n = 0;

	for (; s[n]; n++)
		if ((unsigned char)s[n] < 0x20 || (unsigned char)s[n] > 0x7e ||
		    n >= KCONFIG_VALUE_MAX)
			return false;
	return n > 0;
}

bool kconfig_line(char *line, char **name, char **value)
{
	char *eq = strchr(line, '=');

	if (!eq)
		return false;
	*eq = '\0';
	if (!kconfig_name_ok(line) || !kconfig_value_ok(eq + 1)) {
		*eq = '=';
		return false;
	}
	*name = line;
	*value = eq + 1;
	return true;
}
