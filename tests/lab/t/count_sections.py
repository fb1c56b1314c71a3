# count_sections.py: the x86_64 lab counter's count.jsonl (lab/plugin/
# count.c) read by the lab's tests (120, 133): its regions, grouped by
# the sections between its marks (tests/progs/lab_mark)
import json


def sections(path):
    out, cur, marks = [], [], 0
    for line in open(path):
        d = json.loads(line)
        if "mark" in d:
            if marks:
                out.append(cur)
            cur, marks = [], marks + 1
        elif "region" in d:
            cur.append(d)
    return out


def least(regs, ev, sizes):
    """the least count of ev over each size's 4 regions (abstat run's
    warm-up and 3 runs), for sizes sizes in a row"""
    assert len(regs) == 4 * sizes, len(regs)
    return [min(r[ev] for r in regs[4 * i:4 * i + 4]) for i in range(sizes)]
