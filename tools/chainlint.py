#!/usr/bin/env python3
"""chainlint.py: the test bodies whose failures nobody sees (as git's
t/chainlint does for git's tests).

Usage: python3 tools/chainlint.py [FILE...]   (default tests/cli/*.sh)
Exit 1 when a body is reported, each finding as FILE:LINE: the command.

A body of test_expect_success (tests/lib.sh) passes when its last command
exits 0: a command before it whose failure is not acted on is a check
that cannot fail (a plain `grep -q x out` on its own line, followed by
another command). So in every sequence of commands of a body (the body,
a { } group, an if's branch, a loop's body) each command but the last
must be joined to the next with && or end in a failure's action:
`|| fail ...`, `|| exit N`, `|| return N`, `|| skip ...`, `|| { ...; }`
(`|| :` and `|| true` say the failure is meant). The last command of a
loop's body needs the action too (a loop's status is only its last
round's), and so does the last command of an if's branch when the if is
not the body's last command. A command that cannot fail is let through:
an assignment without $( ), `:`, `true`, `fail`, `exit`, `skip`, `echo`
and `printf` to no file, `cat FILE` after a failure's message, `set`.
What is read: the body as the shell sees it after the quotes of its
argument (a variable spliced in, '$f', stands for a word).
"""

import glob
import re
import sys

OPENERS = {"if", "for", "while", "until", "case", "{"}
CLOSERS = {"fi", "done", "esac", "}"}
ACTIONS = {"fail", "exit", "return", "skip", "{", ":", "true", "continue",
           "break"}
HARMLESS = {":", "true", "fail", "exit", "skip", "return", "set", "echo",
            "printf", "cat", "sed", "shift", "unset", "export", "local",
            "trap", "wait", "sleep", "continue", "break", "kill",
            "need_cmd", "test_require"}
# X && WORD: a condition and what it does (not a check)
CONDITIONAL = {"break", "continue", "set", "return", "exit", "fail", "echo"}


def shell_word(src, i):
    """The shell word starting at src[i] as the shell would pass it (its
    quotes removed, a $var outside quotes kept as text); (word, end)."""
    out = []
    n = len(src)
    while i < n and src[i] not in " \t\n;&|":
        c = src[i]
        if c == "'":
            j = src.index("'", i + 1)
            out.append(src[i + 1:j])
            i = j + 1
        elif c == '"':
            j = i + 1
            buf = []
            while src[j] != '"':
                if src[j] == "\\" and src[j + 1] in '"\\$`\n':
                    buf.append(src[j + 1])
                    j += 2
                    continue
                buf.append(src[j])
                j += 1
            out.append("".join(buf))
            i = j + 1
        elif c == "\\":
            out.append(src[i + 1])
            i += 2
        else:
            out.append(c)
            i += 1
    return "".join(out), i


def bodies(path):
    """(line, body) of every test_expect_success in the file at path."""
    src = open(path, encoding="utf-8").read()
    for m in re.finditer(r"^[ \t]*test_expect_success[ \t]+", src, re.M):
        i = m.end()
        words = []
        starts = []
        while i < len(src) and src[i] not in "\n;&|":
            if src[i] in " \t":
                i += 1
                continue
            if src[i] == "\\" and src[i + 1] == "\n":
                i += 2
                continue
            starts.append(i)
            w, i = shell_word(src, i)
            words.append(w)
        if len(words) in (2, 3):
            at = starts[-1]
            # the body's first line: the line after its opening quote
            yield src.count("\n", 0, at) + 1, words[-1]


def logical_lines(body):
    """The body's commands at the top level, as (line offset, text, words
    at depth 0): quotes, $( ), ( ) and ` ` kept whole, comments dropped,
    lines ending in && || | or \\ joined with the next."""
    lines = []
    cur, words, word = [], [], []
    depth = 0
    i, n = 0, len(body)
    start = 0
    lineno = 0
    heredocs = []  # (delimiter, strip tabs) read after this line

    def end_word():
        if word:
            words.append("".join(word))
            word.clear()

    while i < n:
        c = body[i]
        if c in "'`":
            # a quoted string, or a command substitution in backquotes
            j = body.find(c, i + 1)
            j = n - 1 if j < 0 else j
            cur.append(body[i:j + 1])
            word.append("Q" if c == "'" else "S")
            lineno += body.count("\n", i, j + 1)
            i = j + 1
            continue
        if c == '"':
            j = i + 1
            while j < n and body[j] != '"':
                j += 2 if body[j] == "\\" else 1
            cur.append(body[i:j + 1])
            word.append("Q")
            lineno += body.count("\n", i, j + 1)
            i = j + 1
            continue
        if c == "\\" and i + 1 < n:
            if body[i + 1] == "\n":
                lineno += 1
                i += 2
                cur.append(" ")
                end_word()
                continue
            cur.append(body[i:i + 2])
            word.append(body[i:i + 2])
            i += 2
            continue
        if c == "#" and not word and depth == 0:
            j = body.find("\n", i)
            i = n if j < 0 else j
            continue
        if c == "(" or (c == "$" and body.startswith("$(", i)):
            w = 2 if c == "$" else 1
            depth += 1
            cur.append(body[i:i + w])
            word.append(body[i:i + w])
            i += w
            continue
        if c == ")":
            if depth > 0:
                depth -= 1
                cur.append(c)
                word.append(c)
                i += 1
                continue
        if depth > 0:
            if c == "\n":
                lineno += 1
            cur.append(c)
            if c not in " \t\n":
                word.append(c)
            i += 1
            continue
        if c in " \t":
            end_word()
            cur.append(c)
            i += 1
            continue
        if c == "<" and body.startswith("<<", i) and depth == 0:
            end_word()
            j = i + 2
            strip_tabs = body.startswith("-", j)
            j += 1 if strip_tabs else 0
            while j < n and body[j] in " \t":
                j += 1
            delim, j = shell_word(body, j)
            heredocs.append((delim, strip_tabs))
            cur.append(body[i:j])
            words.append("<<" + delim)
            i = j
            continue
        if c in ";&|":
            end_word()
            op = c
            if body.startswith(c * 2, i):
                op = c * 2
            words.append(op)
            cur.append(op)
            i += len(op)
            continue
        if c == "\n" and heredocs:
            # the here-documents' lines belong to this command
            for delim, strip_tabs in heredocs:
                while i < n:
                    j = body.find("\n", i + 1)
                    j = n if j < 0 else j
                    line = body[i + 1:j]
                    lineno += 1
                    i = j
                    if (line.lstrip("\t") if strip_tabs else line) == delim:
                        break
            heredocs = []
            continue
        if c == "\n":
            end_word()
            text = "".join(cur).strip()
            if text and words and words[-1] in ("&&", "||", "|"):
                cur.append(" ")
                lineno += 1
                i += 1
                continue
            if text:
                lines.append((start, text, list(words)))
            cur, words = [], []
            lineno += 1
            start = lineno
            i += 1
            continue
        cur.append(c)
        word.append(c)
        i += 1
    end_word()
    text = "".join(cur).strip()
    if text:
        lines.append((start, text, list(words)))
    return lines


def parts(words, sep):
    out, cur = [], []
    for w in words:
        if w in sep:
            out.append(cur)
            cur = []
        else:
            cur.append(w)
    out.append(cur)
    return out


def tail(words):
    """The words of the command after the last ';' outside { } and
    if/for/while/case ... fi/done/esac (their ';' are theirs)."""
    out, cur, depth = [], [], 0
    for w in words:
        if w in OPENERS:
            depth += 1
        elif w in CLOSERS:
            depth -= 1
        if w in (";", "&") and depth <= 0:
            out.append(cur)
            cur = []
        else:
            cur.append(w)
    out.append(cur)
    p = [x for x in out if x]
    return p[-1] if p else []


def whole_compound(t):
    """True for a compound command on one line that acts on what fails
    in it (if ...; then fail ...; fi, for ...; do X || exit 1; done)."""
    if not t or t[0] not in OPENERS:
        return False
    if t[0] in ("if", "case", "{"):
        return True
    return any(w in ("fail", "exit", "return") for w in t)


def is_assignment(cmd):
    """NAME=VALUE... alone: its value is checked where it is used (a
    command substitution's status is the value's, not a check's)."""
    return all(re.match(r"^[A-Za-z_][A-Za-z0-9_]*=", w) for w in cmd)


# functions (tests/lib.sh's and a script's own) that call fail: the
# body's subshell ends there, so a call needs no action of its own
FAILING = set()


def failing_functions(path):
    src = open(path, encoding="utf-8").read()
    found = set()
    for m in re.finditer(r"^([A-Za-z_][A-Za-z0-9_]*)\(\)[ \t]*\{", src, re.M):
        end = src.find("\n}", m.end())
        one = src.find("}\n", m.end())
        stop = end if end >= 0 else one
        text = src[m.end():stop if stop >= 0 else len(src)]
        if re.search(r"\bfail\b|\bskip\b|\btest_require\b", text):
            found.add(m.group(1))
    return found


def acted_on(words):
    """True when the command's failure does something (or it cannot
    fail)."""
    if words and words[-1] == "&":
        return True  # started in the background: its wait says
    t = tail(words)
    if not t or whole_compound(t):
        return True
    if t[-1] in ("&&", "&"):
        return True
    ors = parts(t, ("||",))
    if len(ors) > 1 and ors[-1] and ors[-1][0] in ACTIONS:
        return True
    ands = parts(t, ("&&",))
    if len(ands) > 1 and ands[-1] and (ands[-1][0] in CONDITIONAL or
                                       is_assignment(ands[-1]) or
                                       whole_compound(ands[-1])):
        return True
    first = [x for x in parts(t, ("&&", "||", "|")) if x]
    if len(first) > 1 and first[0][0] == "cat":
        return True  # diagnostics: cat LOGS | tail
    if len(first) > 1 and first[-1][0] in OPENERS:
        return True  # ... | while read X; do ...; done: the loop's own
    cmd = first[-1] if first else t
    lead = cmd[0]
    if len(first) == 1 and lead in HARMLESS:
        if lead in ("echo", "printf", "cat", "sed") and \
                not any(w.startswith(">") or ">" in w for w in cmd):
            return True
        if lead not in ("echo", "printf", "cat", "sed"):
            return True
    if len(first) == 1 and is_assignment(cmd):
        return True
    if cmd and cmd[0] in ("fail", "exit", "skip", "return"):
        return True
    if len(first) == 1 and lead in FAILING:
        return True
    return False


def check(lines):
    """The commands whose failure is dropped: [(line offset, text)]."""
    bad = []
    # a frame: [kind, [(offset, text, words, compound kind or None)]]
    stack = [["body", []]]

    def close_seq(frame, last_matters):
        seq = frame[1]
        if frame[0] == "case":
            frame[1] = []
            return
        for k, (off, text, words, comp) in enumerate(seq):
            is_last = k == len(seq) - 1
            if comp:
                continue
            if is_last and not last_matters:
                continue
            # the next command reads this one's status ($?)
            if not is_last and any("$?" in w for w in seq[k + 1][2]):
                continue
            if not acted_on(words):
                bad.append((off, text))
        frame[1] = []

    todo = list(lines)
    while todo:
        off, text, words = todo.pop(0)
        # "X; fi && Y": the compound closes inside the line; X ends it,
        # Y is a command of the sequence around it
        depth = 0
        for k, w in enumerate(words):
            depth += (w in OPENERS) - (w in CLOSERS)
            if depth < 0 and len(stack) > 1:
                break
        else:
            k = None
        if k is not None:
            rest = words[k + 1:]
            # the compound's redirections ("} >FILE") are its own
            while rest and re.match(r"^[0-9]*[<>]", rest[0]):
                rest = rest[1:]
            while rest and rest[0] in ("&&", "||", ";", "|"):
                rest = rest[1:]
            if rest:
                todo.insert(0, (off, text, rest))
            if k > 0:
                stack[-1][1].append((off, text, words[:k], None))
            fr = stack.pop()
            close_seq(fr, fr[0] in ("loop", "if-inner") and
                      not (words[k + 1:k + 2] == ["||"]))
            continue
        first = words[0] if words else ""
        opens = sum(1 for w in words if w in OPENERS)
        closes = sum(1 for w in words if w in CLOSERS)
        if first in ("else", "elif") or (first in ("then", "do") and
                                          len(words) == 1):
            close_seq(stack[-1], stack[-1][0] in ("loop",) or
                      stack[-1][0] == "if-inner")
            continue
        if opens > closes:
            # a frame for each compound the line leaves open
            unclosed = []
            for w in words:
                if w in OPENERS:
                    unclosed.append(w)
                elif w in CLOSERS and unclosed:
                    unclosed.pop()
            stack[-1][1].append((off, text, words, "group"))
            for w in unclosed:
                kind = {"for": "loop", "while": "loop", "until": "loop",
                        "case": "case", "if": "if-inner"}.get(w, "group")
                stack.append([kind, []])
            continue
        stack[-1][1].append((off, text, words, None))
    while len(stack) > 1:
        close_seq(stack.pop(), False)
    body = stack[0][1]
    # an if's branch whose last command fails silently matters only when
    # the if is not the body's last command: approximated by checking
    # every if-inner's last (above); the body's own last is its status
    close_seq(stack[0], False)
    return bad


def main(argv):
    files = argv[1:] or sorted(glob.glob("tests/cli/*.sh"))
    n_bodies = n_bad = 0
    lib = failing_functions("tests/lib.sh")
    for f in files:
        FAILING.clear()
        FAILING.update(lib | failing_functions(f))
        for line, body in bodies(f):
            n_bodies += 1
            found = check(logical_lines(body))
            if found:
                n_bad += 1
            for off, text in sorted(found):
                print("%s:%d: %s" % (f, line + off,
                                     text.splitlines()[0][:100]))
    print("chainlint: %d bodies, %d with a dropped failure" %
          (n_bodies, n_bad), file=sys.stderr)
    return 1 if n_bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
