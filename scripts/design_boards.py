#!/usr/bin/env python3
"""Designs tlaloc's own 12 Xalapa board sides (the real layouts are not public).

Facts followed (rules digest): 6x6 chessboard, 0-2 symbols per field (mostly 1-2, a few blank),
three winding lines (red, yellow, blue) that run edge to edge and may cross, 6 boards x 2 sides,
and the mirror-pair structure: the front sides of four boards share one pattern, two of them
mirrored. Deterministic: the same seed always writes the same files.
Usage: scripts/design_boards.py [OUT_DIR]   (default puzzles/xalapa/boards)
"""
import json
import random
import sys
from pathlib import Path

SIZE = 6
SYMBOLS = ["cactus", "gecko", "bird"]
LINES = ["red", "yellow", "blue"]


def winding_line(rng):
    """A 4-connected path from one edge to the opposite one that never revisits a field."""
    while True:
        horizontal = rng.random() < 0.5
        r, c = rng.randrange(SIZE), 0
        path = [(r, c)]
        while c < SIZE - 1 and len(path) < 16:
            moves = [(0, 1), (0, 1), (1, 0), (-1, 0)]
            rng.shuffle(moves)
            for dr, dc in moves:
                nr, nc = r + dr, c + dc
                if 0 <= nr < SIZE and 0 <= nc < SIZE and (nr, nc) not in path:
                    r, c = nr, nc
                    path.append((r, c))
                    break
            else:
                break
        if c == SIZE - 1 and 8 <= len(path) <= 13:
            return [(c, r) for r, c in path] if horizontal else path


def design(rng):
    fields = [[{"symbols": [], "lines": []} for _ in range(SIZE)] for _ in range(SIZE)]
    cells = [(r, c) for r in range(SIZE) for c in range(SIZE)]
    rng.shuffle(cells)
    # 4 blank fields, 12 doubles, the rest single; symbols kept balanced by dealing from a bag.
    counts = [0] * 4 + [2] * 12 + [1] * 20
    bag = []
    for (r, c), n in zip(cells, counts):
        chosen = []
        while len(chosen) < n:
            if not bag:
                bag = SYMBOLS * 2
                rng.shuffle(bag)
            s = bag.pop()
            if s not in chosen:
                chosen.append(s)
        fields[r][c]["symbols"] = sorted(chosen, key=SYMBOLS.index)
    for line in LINES:
        for r, c in winding_line(rng):
            fields[r][c]["lines"].append(line)
    return fields


def mirror(fields):
    return [list(reversed(row)) for row in fields]


def text(field):
    out = "+".join(field["symbols"])
    if field["lines"]:
        out += "/" + "+".join(sorted(field["lines"], key=LINES.index))
    return out


def main():
    out_dir = Path(sys.argv[1] if len(sys.argv) > 1 else "puzzles/xalapa/boards")
    out_dir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(20141)
    names = ["sun", "moon", "rain", "maize", "jaguar", "serpent"]
    shared = design(rng)
    sides = {}
    # Front sides: sun and moon share one pattern, rain and maize show it mirrored.
    sides["sun-front"] = (shared, "black", "pattern A")
    sides["moon-front"] = (shared, "black", "pattern A")
    sides["rain-front"] = (mirror(shared), "white", "pattern A, mirrored")
    sides["maize-front"] = (mirror(shared), "white", "pattern A, mirrored")
    for name in names[4:]:
        sides[f"{name}-front"] = (design(rng), rng.choice(["black", "white"]), "own pattern")
    for name in names:
        sides[f"{name}-back"] = (design(rng), rng.choice(["black", "white"]), "own pattern")
    for side, (fields, top_left, note) in sides.items():
        board = {"id": side, "top_left": top_left, "note": f"tlaloc's own design ({note})",
                 "rows": [[text(f) for f in row] for row in fields]}
        rows = ",\n  ".join(json.dumps(row) for row in board["rows"])
        body = (f'{{"id": "{side}", "top_left": "{top_left}", "note": {json.dumps(board["note"])},\n'
                f' "rows": [\n  {rows}]}}\n')
        (out_dir / f"{side}.json").write_text(body)


if __name__ == "__main__":
    main()
