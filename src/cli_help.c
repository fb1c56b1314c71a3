// SPDX-License-Identifier: MIT
/*
 * cli_help: the texts of 'abstat --help' and 'abstat COMMAND --help'. Each
 * command's usage line lives in its cmd_table entry (cli.c); the option
 * lines here follow the option tables there.
 */
#include <stdio.h>

#include "cli_priv.h"

static const char main_help[] =
	"usage: abstat COMMAND [OPTIONS] [ARGS]\n"
	"Measure a workload with hardware and software counters, pinned,\n"
	"many times; compare results with deltas, CIs and significance.\n"
	"\n"
	"commands:\n"
	"  run        measure a command or built-in workloads; -o saves\n"
	"  versus     run commands interleaved (ABAB...) and compare at once\n"
	"  compare    delta table from saved results (first is the baseline)\n"
	"  show       one saved result as a table\n"
	"  plot       gnuplot charts: delta, runs, scaling (.png .svg .txt .gp)\n"
	"  list       events this machine can count, and why not\n"
	"  doctor     what will make results noisy or wrong, and the fix\n"
	"  workloads  the built-in workloads and suites\n"
	"  recover    turn a journal left by a crash into a result\n"
	"\n"
	"'abstat COMMAND --help' lists a command's options; see abstat(1).\n"
	"  -h, --help      this help\n"
	"  -V, --version   print the version\n";

static const char run_help[] =
	"  -e, --events LIST     events (perf/libpfm4 names, :u :k modifiers)\n"
	"  -r, --repeat N        measured runs (default 10)\n"
	"      --warmup N        warm-up runs, kept out of statistics (default 1)\n"
	"  -C, --cpu LIST        CPUs to pin to (taskset syntax; default: one\n"
	"                        online CPU other than 0)\n"
	"      --no-pin          do not pin\n"
	"      --cpuset          run inside an exclusive cpuset cgroup\n"
	"      --copies N        N simultaneous copies, one per CPU of -C\n"
	"  -n, --name LABEL      label of the result (default: kernel release)\n"
	"      --backend B       perf (default) or papi\n"
	"      --timeout SEC     kill a run after SEC seconds\n"
	"      --user-only       count user space only (recorded)\n"
	"      --show-output     let the workload's output through\n"
	"  -o, --output FILE     save the result (JSON)\n"
	"      --force           overwrite an existing output file\n"
	"  -i, --ignore-failure  go on after a failed run\n"
	"      --allow-multiplex scale multiplexed counters (flagged)\n"
	"  -q, --quiet           no warnings or progress\n"
	"      --user USER       run the workload as USER (abstat as root)\n"
	"      --seed N          random seed (--order random, bootstrap)\n"
	"      --ops N           operations per run of an external command\n";

static const char compare_help[] =
	"      --alpha A         significance level (default 0.05)\n"
	"      --detail          per-counter rows for suites\n"
	"      --metric LIST     rows to show (metric names)\n"
	"      --center C        median (default) or mean\n"
	"      --fail-on-regression PCT  exit 1 on a significant regression\n"
	"                        beyond PCT percent\n"
	"      --resamples N     bootstrap resamples (default 10000)\n";

void cli_print_help(const struct cmd_entry *e)
{
	printf("usage: %s\n", e->usage);
	switch (e->cmd) {
	case CMD_RUN:
		fputs(run_help, stdout);
		fputs("      --format FMT      text (default), json, csv\n"
		      "  -w, --workload LIST   built-in workloads, NAME[:ARGS],...\n"
		      "  -s, --suite NAME      syscalls, vm, sched, fs, all\n",
		      stdout);
		break;
	case CMD_VERSUS:
		fputs(run_help, stdout);
		fputs(compare_help, stdout);
		fputs("      --format FMT      text, mail, markdown, csv, json, benchstat\n"
		      "      --order O         alternate (default) or random\n"
		      "      --shell           run each command with /bin/sh -c\n",
		      stdout);
		break;
	case CMD_COMPARE:
		fputs("  BASE and OTHER are result files, or FILE,FILE... (several\n"
		      "  boots of one side), optionally LABEL=FILE[,FILE...]\n",
		      stdout);
		fputs(compare_help, stdout);
		fputs("      --format FMT      text, mail, markdown, csv, json, benchstat\n"
		      "  -e, --events LIST     counter rows to show\n"
		      "      --force-compare   compare events whose encodings differ\n"
		      "      --allow-env-diff KEYS  let these env keys differ\n"
		      "      --seed N          bootstrap seed\n"
		      "  -q, --quiet           no warnings\n",
		      stdout);
		break;
	case CMD_SHOW:
		fputs("      --format FMT      text (default), json, csv\n"
		      "      --detail          per-counter rows for suites\n"
		      "      --metric LIST     only these metrics\n"
		      "  -e, --events LIST     only these events\n",
		      stdout);
		break;
	case CMD_PLOT:
		fputs("  -o, --output OUT      .png, .svg, .txt (ASCII, for mail),\n"
		      "                        .gp (script and data to edit)\n"
		      "      --kind K          delta, runs, scaling\n",
		      stdout);
		fputs(compare_help, stdout);
		fputs("  -e, --events LIST     counters to plot\n"
		      "      --force-compare   compare events whose encodings differ\n"
		      "      --allow-env-diff KEYS  let these env keys differ\n"
		      "      --seed N          bootstrap seed\n"
		      "      --force           overwrite OUT\n"
		      "  -q, --quiet           no warnings\n",
		      stdout);
		break;
	case CMD_LIST:
		fputs("      --backend B       perf (default) or papi\n"
		      "      --encode          show each event's encoding\n"
		      "      --user-only       encode for user space only\n",
		      stdout);
		break;
	case CMD_DOCTOR:
		fputs("  -C, --cpu LIST        CPUs that will run the workload\n"
		      "      --user-only       checks for user-space counting\n"
		      "      --backend B       perf (default) or papi\n",
		      stdout);
		break;
	case CMD_RECOVER:
		fputs("  -o, --output FILE     the result to write\n"
		      "      --force           overwrite an existing file\n",
		      stdout);
		break;
	default:
		break;
	}
	printf("  -h, --help            this help\nSee abstat(1).\n");
}

void cli_print_main_help(void)
{
	fputs(main_help, stdout);
}
