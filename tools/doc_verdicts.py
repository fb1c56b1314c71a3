#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes doc/verdicts.md: the verdict examples of issue 29, each command
run on the fixtures of tests/golden with its real output (stdout and
stderr together). Run from the top of the tree after make: python3
tools/doc_verdicts.py. tests/cli/132-doc-verdicts.sh re-runs every
block and diffs it."""
import subprocess, os
G = "tests/golden"
BA = ",".join("%s/base-b%d.json" % (G, i) for i in (1, 2, 3))
BB = ",".join("%s/slow-b%d.json" % (G, i) for i in (1, 2, 3))
A10 = ",".join("%s/g10-a-%d.json" % (G, i) for i in (1, 2, 3))
B10 = ",".join("%s/g10-b-%d.json" % (G, i) for i in (1, 2, 3))
sections = [
("One verdict per row, the same word in every format",
 "Two sessions, one a side: the primary row is a difference of these two sessions (`session`), not a verdict on A against B. JSON says so too, and `significant` is true only for `yes`; the secondary rows are `secondary`, never significant.",
 ["abstat compare --metric ns/op %s/base.json %s/slow.json" % (G, G),
  "abstat compare --format json %s/base.json %s/slow.json | jq -c '.rows[] | select(.metric == \"task-clock/op\" or .metric == \"ns/op\") | [.metric, .deltas[0].verdict, .deltas[0].verdict_word, .deltas[0].significant]'" % (G, G),
  "abstat compare --format csv --metric ns/op %s/base.json %s/slow.json | cut -d, -f1,2,4,21-" % (G, G),
  "abstat compare --format benchstat --metric ns/op %s/base.json %s/slow.json | grep abstat-verdict" % (G, G)]),
("Three sides or more: `s` for a session difference, `*` only for `yes`",
 "The README's A/A example printed `+28.4%*` for two sessions of one kernel; now that mark is `s`.",
 ["abstat compare --metric ns/op A=%s/base.json B=%s/slow.json C=%s/fast.json" % (G, G, G)]),
("Ten benchmarks, three boots a side: interval and verdict on every row",
 "The intervals are unadjusted, the verdicts Holm-adjusted over the 10 tests: where they disagree the interval carries `!` and the footer says which to read. The geomean's interval has the boot as its unit (Welch t over each boot's geomean).",
 ["abstat compare %s %s" % (A10, B10)]),
("Two boots a side: no verdict, no p, even for an exact delta",
 "",
 ["abstat compare --primary page-faults --metric task-clock --fail-on-regression 1 %s/base-b1.json,%s/base-b2.json %s/pf60-b1.json,%s/pf60-b2.json; echo \"exit $?\"" % (G, G, G, G)]),
("A side that mixes kernels is refused",
 "",
 ["abstat compare %s %s/slow-b1.json,%s/slow-b2.json,%s/base-b3.json; echo \"exit $?\"" % (BA, G, G, G),
  "abstat compare --format csv --metric ns/op %s/base-b1.json %s/base-b2.json %s/base-b3.json %s/slow-b1.json %s/slow-b2.json %s/slow-b3.json 2>&1 >/dev/null" % ((G,) * 6)]),
("Labels are never cut",
 "A label too long for its column keeps its end (git describe's `-gHASH`), and a legend line under the table gives every label in full.",
 ["abstat compare --format mail --metric ns/op 6.8.0-rc1-00042-gdeadbeef=%s/base.json 6.8.0-rc1-00043-gbeefdead=%s/slow.json" % (G, G)]),
("`--user-only`: kernel-only events are not counted, never zeros",
 "",
 ["abstat show %s/useronly-a.json" % G]),
("The where table says when no function can be named",
 "",
 ["abstat compare -q --metric ns/op %s/prof5-a.json %s/prof5-b.json" % (G, G)]),
]
env = dict(os.environ, NO_COLOR="1", PATH=os.getcwd() + ":" + os.environ["PATH"])
out = ["# Verdicts: one word per row, in every format and table shape",
       "",
       "What abstat compare prints about a change, as of issue 29, with real output (re-run by tests/cli/132-doc-verdicts.sh from the top of the tree on the fixtures of tests/golden; stdout and stderr together).",
       ""]
for title, text, cmds in sections:
    out += ["## " + title, ""]
    if text:
        out += [text, ""]
    for c in cmds:
        p = subprocess.run(["sh", "-c", "{ " + c + "\n} 2>&1"], env=env, stdout=subprocess.PIPE, text=True)
        out += ["```", "$ " + c] + p.stdout.rstrip("\n").split("\n") + ["```", ""]
open("doc/verdicts.md", "w").write("\n".join(out))
