#!/usr/bin/env python3
# readme_run.py WORKDIR FILE...: run the "$ " blocks of markdown files as
# a newcomer would (tests/cli/220-readme.sh). A block is a ``` fence whose
# first line starts with "$ "; in README.md every such block runs, in any
# other file only a block right after a "<!-- runnable -->" line (or
# "<!-- runnable, needs TOOL -->": skipped where TOOL is not on PATH,
# as a block that reads what a skipped one wrote). Each
# "$ CMD" line (its "\" continuation lines joined) runs with /bin/sh in
# WORKDIR, a clone's root as the quick start leaves it (abstat, build/,
# examples/ there), blocks in file order, so a block may use the files an
# earlier one wrote; exported variables carry over. The lines after a
# command, up to the next "$ ", are the output it showed (stdout and
# stderr together), and the output now must have its shape: the same
# first line up to its first number (runs of blanks aside), the same
# column headers (a line that starts "metric", "benchmark" or
# "function"; the cv, interval and p columns, which a narrow table
# drops or narrows, aside) and the
# same row names in the same order (a "function" table's rows, this
# machine's symbols, aside).
# Numbers, warnings about this machine's load and the footers are not
# compared. Commands matched by SKIP are not run; each is named with why.
import functools
import os
import re
import shutil
import subprocess
import sys

# (regex on the command, prerequisite, why): what this test cannot run
SKIP = [
    (r"^(sudo )?(apt-get|apt) ", None, "installs packages (make check did)"),
    (r"^(sudo )?make( |$)", None, "the build (make check did it)"),
    (r"^sudo ", None, "needs root by sudo"),
    (r"\bmake lab", "LAB", "the kernel lab: QEMU and the Debian mirrors "
     "(make lab-check)"),
    (r"^(sbatch|parallel) ", "FLEET", "a cluster (tests/cli/177, 178)"),
]
# a command that needs a tool: (regex, tool)
NEEDS = [(r"^abstat plot .*\.(png|svg|txt)\b", "gnuplot"),
         (r"^hyperfine ", "hyperfine"), (r"\bsysbench ", "sysbench"),
         (r"^perf ", "perf")]
# a tool that may be on PATH and still not work (perf without the
# package of the running kernel): it must do this
PROBE = {"perf": ["perf", "stat", "-x,", "-e", "task-clock", "true"]}
MARK = re.compile(r"^<!-- runnable(?:, needs ([a-z0-9+-]+))? -->$")
HEADERS = ("metric", "benchmark", "function")
MACHINE = re.compile(r"^(abstat: warning: |also differs: |environment: )")
NUMBER = re.compile(r"[-+]?[0-9]")


def blocks(path):
    """[(line, command, [output lines])] of each runnable block"""
    lines = open(path).read().split("\n")
    every = os.path.basename(path) == "README.md"
    out, i = [], 0
    while i < len(lines):
        if not lines[i].startswith("```"):
            i += 1
            continue
        start = i
        marked = MARK.match(lines[i - 1].strip()) if i > 0 else None
        i += 1
        body = []
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        i += 1
        if not body or not body[0].startswith("$ ") or not (every or marked):
            continue
        cmds, j = [], 0
        needs = marked.group(1) if marked else None
        while j < len(body):
            at, cmd = start + 2 + j, body[j][2:]
            while cmd.endswith("\\") and j + 1 < len(body):
                j += 1
                cmd = cmd[:-1] + " " + body[j].strip()
            j += 1
            shown = []
            while j < len(body) and not body[j].startswith("$ "):
                shown.append(body[j])
                j += 1
            cmds.append((at, cmd, shown))
        out.append((needs, cmds))
    return out


# the columns a narrow table drops or narrows (fmt_text.c): cv, then the
# interval as +-, then p
NARROWED = {"cv", "+-", "p"}


def words(line):
    w = line.split()
    # "95% CI" is one column
    w = [x for i, x in enumerate(w)
         if not (x.endswith("%") and i + 1 < len(w) and w[i + 1] == "CI")]
    return [x for x in w if x not in NARROWED and x != "CI"]


def shape(text):
    """(first line up to a number, headers, row names) of an output"""
    lines = [l for l in text if l.strip() != "..." and not MACHINE.match(l)]
    first = ""
    if lines:
        # a chart's centred title moves with its axis labels' width
        # and a table's columns are as wide as the rows it has
        first = " ".join(NUMBER.split(lines[0], 1)[0].split())
    heads, rows, intable = [], [], False
    for l in lines:
        w = l.split()
        if w and w[0] in HEADERS and len(w) > 1:
            heads.append(words(l))
            intable = w[0] != "function"
        elif not w:
            intable = False
        elif intable and not l.startswith(" ") and not w[0].startswith("("):
            rows.append(w[0])
    return first, heads, rows


def compare(shown, got):
    want, have = shape(shown), shape(got)
    if not shown:
        return None
    why = []
    if not have[0].startswith(want[0]) and not want[0].startswith(have[0]):
        why.append("first line: want %r, got %r" % (want[0], have[0]))
    for h in want[1]:
        if h not in have[1]:
            why.append("header %r missing" % " ".join(h))
    k = 0
    for r in want[2]:
        while k < len(have[2]) and have[2][k] != r:
            k += 1
        if k == len(have[2]):
            why.append("row %r missing or out of order" % r)
            break
    return "; ".join(why) or None


def run(work, cmd, env):
    envfile = os.path.join(work, ".readme-env")
    script = cmd + '\n_rc=$?; env -0 >"%s"; exit $_rc\n' % envfile
    p = subprocess.run(["sh", "-c", script], cwd=work, env=env,
               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
               stdin=subprocess.DEVNULL, text=True, timeout=600)
    if os.path.exists(envfile):
        new = {}
        for kv in open(envfile).read().split("\0"):
            if "=" in kv:
                k, v = kv.split("=", 1)
                new[k] = v
        os.unlink(envfile)
        env.clear()
        env.update(new)
    return p.returncode, p.stdout.split("\n")


@functools.lru_cache(maxsize=None)
def works(tool):
    """whether tool is on PATH and works"""
    if not shutil.which(tool):
        return False
    probe = PROBE.get(tool)
    return not probe or subprocess.run(probe, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL).returncode == 0


def main():
    work, files = sys.argv[1], sys.argv[2:]
    env = dict(os.environ)
    have = set(os.environ.get("README_HAVE", "").split(","))
    failed = ran = 0
    for f in files:
        name = os.path.relpath(f, os.environ.get("TOP", "."))
        for needs, cmds in blocks(f):
            lacking = needs if needs and not works(needs) else None
            for line, cmd, shown in cmds:
                where = "%s:%d: $ %s" % (name, line, cmd[:60])
                skip = [(p, w) for r, p, w in SKIP if re.search(r, cmd)]
                tool = [t for r, t in NEEDS if re.search(r, cmd)
                    and not works(t)]
                if skip and (skip[0][0] is None or skip[0][0] not in have):
                    p, w = skip[0]
                    print("skip %s (%s%s)" % (where,
                          "needs %s: " % p if p else "", w))
                    continue
                lacking = lacking or (tool and tool[0])
                if lacking:
                    # the rest of its block reads what it did not write
                    print("skip %s (needs %s)" % (where, lacking))
                    continue
                rc, got = run(work, cmd, env)
                ran += 1
                bad = None
                if rc != 0:
                    bad = "exit %d" % rc
                else:
                    bad = compare(shown, got)
                if bad:
                    failed += 1
                    print("FAIL %s: %s" % (where, bad))
                    print("\n".join("#   " + l for l in got[:60]))
                else:
                    print("ok %s" % where)
    print("%d commands ran, %d failed" % (ran, failed))
    return 1 if failed or not ran else 0


if __name__ == "__main__":
    sys.exit(main())
