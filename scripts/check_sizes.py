#!/usr/bin/env python3
"""The size rules of the production code (CONTRIBUTING.md, "Style"): no file in model/, solver/,
verify/, puzzles/, session/ or cli/ over 800 lines, and no function over 80 lines unless the comment
right above it says why ("More than 80 lines: ..."). Prints each breach as FILE:LINE and exits 1;
exit 0 when there is none. Usage: scripts/check_sizes.py [ROOT]  (default: the checkout)."""
import os
import re
import sys

FOLDERS = ("model", "solver", "verify", "puzzles", "session", "cli")
MOST_FILE_LINES, MOST_FUNCTION_LINES = 800, 80
WHY = "More than 80 lines"


def code_only(src):
    """The source with comments and string and character literals blanked, line breaks kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * src.count("\n", i, j))
            i = j
            continue
        raw = re.match(r'R"([^(\s]*)\(', src[i:i + 20]) if src.startswith('R"', i) else None
        if raw:
            end = ")" + raw.group(1) + '"'
            j = src.find(end, i + raw.end())
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j
            continue
        c = src[i]
        if c == '"' or (c == "'" and not (i > 0 and (src[i - 1].isalnum()))):
            j = i + 1
            while j < n and src[j] != c:
                j += 2 if src[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


def function_spans(code):
    """(first line, last line) from 0 of each function body's braces (not of classes, namespaces,
    initialisers or blocks inside a function)."""
    spans, stack, head = [], [], ""
    for number, line in enumerate(code.split("\n")):
        for ch in line:
            if ch == "{":
                h = head.strip()
                if any(kind == "function" for kind, _ in stack):
                    kind = "block"
                elif re.search(r"\bnamespace\b[^;]*$", h) or re.search(r'extern\s*""\s*$', h):
                    kind = "namespace"
                elif re.search(r"\b(class|struct|union|enum)\b[^;()]*$", h):
                    kind = "class"
                elif "(" in h and not re.search(r"=\s*$", h):
                    kind = "function"
                else:
                    kind = "block"
                stack.append((kind, number))
                head = ""
            elif ch == "}":
                if stack:
                    kind, start = stack.pop()
                    if kind == "function":
                        spans.append((start, number))
                head = ""
            elif ch == ";":
                head = ""
            else:
                head += ch
        head += "\n"
    return spans


def says_why(lines, start):
    """Whether the comment block above the function's first line (signature lines skipped) says why."""
    i = start
    while i >= 0 and not lines[i].lstrip().startswith("//") and start - i < 6:
        i -= 1
    block = []
    while i >= 0 and lines[i].lstrip().startswith("//"):
        block.append(lines[i])
        i -= 1
    return WHY in " ".join(block)


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    breaches = []
    for folder in FOLDERS:
        for here, _, files in os.walk(os.path.join(root, folder)):
            for name in sorted(files):
                if not name.endswith((".cpp", ".h")):
                    continue
                path = os.path.join(here, name)
                shown = os.path.relpath(path, root)
                with open(path, encoding="utf-8") as f:
                    src = f.read()
                lines = src.split("\n")
                if len(lines) - 1 > MOST_FILE_LINES:
                    breaches.append(f"{shown}: {len(lines) - 1} lines, over {MOST_FILE_LINES}")
                for start, end in function_spans(code_only(src)):
                    if end - start + 1 > MOST_FUNCTION_LINES and not says_why(lines, start):
                        breaches.append(f"{shown}:{start + 1}: a function of {end - start + 1} lines, over "
                                        f"{MOST_FUNCTION_LINES}, with no comment above saying why "
                                        f"(\"{WHY}: ...\")")
    for b in breaches:
        print(b)
    if breaches:
        return 1
    print("sizes: no file over 800 lines, no function over 80 lines without a reason")
    return 0


if __name__ == "__main__":
    sys.exit(main())
