# seeds_doc.py: what the lab's seeds tests (132, 134) read: a short
# run's compare and table (lab/seeds.sh's SEEDS_OUT), and a row of
# doc/seeds.md's x86_64 table of a study, to hold one against the other
import json


def run(out, cols):
    """OUT's compare (json), its sides' labels, each primary benchmark's
    centers, and the table's first COLS numbers of each benchmark's row"""
    d = json.load(open(out + "/compare.json"))
    labels = [s["label"] for s in d["sides"]]
    c = {r["benchmark"]: [s["center"] for s in r["sides"]]
         for r in d["rows"] if r["primary"]}
    t = {l.split()[0]: [float(x) for x in l.split()[1:1 + cols]]
         for l in open(out + "/table.txt")
         if l.split() and l.split()[0] in c}
    return d, labels, c, t


def doc_row(doc, study, bench, cols):
    """The first COLS numbers of BENCH's row in the first table of the
    x86_64 section of doc/seeds.md's study STUDY"""
    sec = open(doc).read().split("## Study " + study)[1].split("\n## ")[0]
    sec = sec.split("### x86_64")[1].split("```\n")[1]
    row = [l.split() for l in sec.splitlines() if l.startswith(bench + " ")]
    assert row, "doc/seeds.md: study %s has no x86_64 %s row" % (study, bench)
    return [float(x) for x in row[0][1:1 + cols]]
