#!/usr/bin/env python3
"""The figures docs/verify.md gives of the shipped rulebooks are the ones the commands print today:
the coverage table against `tlaloc verify coverage --json`, and the sentence on `tlaloc verify all`
(claims true, verified, restating a constant, false, and the names of the restating claims)."""
import argparse
import json
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def run(tlaloc, *args):
    done = subprocess.run([tlaloc, *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    if done.returncode not in (0, 1):
        sys.exit(f"tlaloc {' '.join(args)} exited {done.returncode}: {done.stderr.strip()}")
    return done.stdout


def coverage_table(doc):
    rows = {}
    for m in re.finditer(r"^\| `([a-z-]+)` \| (\d+) \| (\d+) \| (\d+) \| (\d+) \| (\d+) \|$", doc, re.M):
        rows[m.group(1) + ".json"] = [int(m.group(i)) for i in range(2, 7)]
    total = re.search(r"^\| \*\*total\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \| \*\*(\d+)\*\* \|$",
                      doc, re.M)
    return rows, [int(x) for x in total.groups()] if total else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tlaloc", required=True)
    tlaloc = parser.parse_args().tlaloc
    doc = (ROOT / "docs" / "verify.md").read_text()
    failures = []

    cov = json.loads(run(tlaloc, "verify", "coverage", "--json"))
    keys = ["statements", "claimed", "tested", "decided", "uncovered"]
    measured = {b["file"]: [b[k] for k in keys] for b in cov["books"]}
    rows, total = coverage_table(doc)
    if rows != measured:
        failures.append(f"docs/verify.md coverage table {rows} but verify coverage says {measured}")
    sums = [sum(v[i] for v in measured.values()) for i in range(len(keys))]
    if total != sums:
        failures.append(f"docs/verify.md coverage total {total} but verify coverage sums to {sums}")

    out = run(tlaloc, "verify", "all")
    true_now = int(re.search(r"^total: \d+ files, (\d+) claims true, (\d+) false", out, re.M).group(1))
    false_now = int(re.search(r"^total: \d+ files, \d+ claims true, (\d+) false", out, re.M).group(1))
    restated = sorted({m.group(1) for m in re.finditer(r"^\s*= ([a-z0-9-]+) \[", out, re.M)})
    said = re.search(r"`tlaloc verify all` today: (\d+) claims true, of which (\d+) verified and (\d+) restating a\s+"
                     r"constant; (\d+) false", doc)
    if not said:
        failures.append("docs/verify.md no longer says what `tlaloc verify all` prints today")
    else:
        n_true, n_verified, n_restated, n_false = (int(x) for x in said.groups())
        count_restated = len(re.findall(r"^\s*= ", out, re.M))
        if (n_true, n_restated, n_false) != (true_now, count_restated, false_now) or n_verified != true_now - count_restated:
            failures.append(f"docs/verify.md says {said.group(0)!r}; verify all: {true_now} true, "
                            f"{count_restated} restating, {false_now} false")
        listed = doc[said.end():doc.find("\n\n", said.end())]
        missing = [name for name in restated if f"`{name}`" not in listed]
        if missing:
            failures.append(f"docs/verify.md does not list the restating claims {missing}")
        stale = [name for name in re.findall(r"`([a-z0-9-]+)`", listed) if name not in restated]
        if stale:
            failures.append(f"docs/verify.md lists {stale} as restating a constant; verify all does not")

    for f in failures:
        print("FAIL:", f)
    if failures:
        sys.exit(1)
    print(f"docs/verify.md agrees with verify coverage ({sum(sums[:1])} statements) and verify all ({true_now} true)")


if __name__ == "__main__":
    main()
