// SPDX-License-Identifier: MIT
/*
 * cmd_session: what the commands that measure (run, versus, profile,
 * bisect) give the session driver (src/engine, session_input.h): its
 * input made from the parsed command line; and the sink of every engine
 * (the session, boots, bisect: sink.h) that prints their words as
 * abstat's messages, -q honoured here, or as a report on stdout.
 */
#include <stdbool.h>
#include <stdio.h>

#include "commands.h"
#include "msg.h"

void cmd_say(void *ctx, enum say_level level, const char *text)
{
	const bool *quiet = ctx, no = false;

	if (!quiet)
		quiet = &no;
	switch (level) {
	case SAY_OUT:
		fputs(text, stdout);
		fflush(stdout);
		break;
	case SAY_INFO:
		if (!*quiet)
			msg_info("%s", text);
		break;
	case SAY_WARN:
		if (!*quiet)
			msg_warn("%s", text);
		break;
	case SAY_NOTICE:
		msg_notice("%s", text);
		break;
	case SAY_ERROR:
		msg_error("%s", text);
		break;
	}
}

struct session_input cmd_session_input(const struct config *cfg)
{
	return (struct session_input){
		.measure = &cfg->measure,
		.sample = &cfg->profile,
		.allow_env_diff = cfg->model.allow_env_diff,
		.force = cfg->force,
		.quiet = cfg->quiet,
		.progress = cfg->progress,
		.sink = { .say = cmd_say, .ctx = (void *)&cfg->quiet },
	};
}
