#!/usr/bin/python3
"""Draws docs/games-layers.svg: the layers as rows (cli/ on top, model/ at the bottom: a layer includes
only from the rows below it) and the games as columns, each cell the game's folder in that layer with
the C++ files (by name, without .h/.cpp) and data folders in it, read from the source tree as it is.
The first column holds what the layer shares between games.
Usage: /usr/bin/python3 scripts/games_layers_svg.py [OUT.svg]   (default docs/games-layers.svg)
"""
import glob
import os
import sys
from xml.sax.saxutils import escape

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LAYERS = ["cli", "session", "puzzles", "verify", "solver", "model"]
LAYER_TEXT = {
    "cli": "the tlaloc program: commands, registry, printers",
    "session": "whole games behind one engine; search, balance",
    "puzzles": "shipped data, authoring, bots, logs",
    "verify": "rulebook claims and their ledgers",
    "solver": "Z3 encodings and exact searches",
    "model": "rules, data, evaluators (no Z3)",
}
COLOURS = {"cli": "#eeeeee", "session": "#e7f3f3", "puzzles": "#f6e9f4", "verify": "#fdf3e1",
           "solver": "#eaf6e8", "model": "#e8f1fb"}
GAMES = [("xalapa", "Xalapa", "Xalapa"), ("aztlan", "Aztlán", "Aztlan"), ("azteka", "Azteka", "Azteka"),
         ("akelarre", "Akelarre", "Akelarre")]


def stems(folder):
    """The C++ files of a folder by name (a .h and its .cpp once), then its subfolders with a slash."""
    path = os.path.join(ROOT, folder)
    if not os.path.isdir(path):
        return []
    names = sorted({os.path.splitext(f)[0] for f in os.listdir(path) if f.endswith((".h", ".cpp"))})
    dirs = sorted(d + "/" for d in os.listdir(path) if os.path.isdir(os.path.join(path, d)))
    return names + dirs


def cell(layer, game, prefix):
    """(title, names) of one cell; game None: what the layer shares."""
    if layer == "cli":
        files = sorted({os.path.splitext(os.path.basename(f))[0] for f in glob.glob(os.path.join(ROOT, "cli", "*.cpp"))
                        + glob.glob(os.path.join(ROOT, "cli", "*.h"))})
        prefixes = [p for _, _, p in GAMES]
        if game is None:
            return "cli/", [f for f in files if not any(f.startswith(p) for p in prefixes)]
        return "cli/" + prefix + "*", [f[len(prefix):] or prefix for f in files if f.startswith(prefix)]
    if layer == "verify":
        if game is None:
            return "verify/claims/", stems("verify/claims")
        books = sorted(os.path.basename(f) for f in glob.glob(os.path.join(ROOT, "verify", "rulebooks", game + "-*.json")))
        ledgers = sorted(os.path.basename(f) for f in glob.glob(os.path.join(ROOT, "verify", "ledger", game + "-*.json")))
        return "verify/", ["rulebooks/" + b for b in books] + ["ledger/" + b for b in ledgers]
    if layer == "session" and game is None:
        return "session/", ["Games"] + ["common/" + s for s in stems("session/common")]
    folder = "%s/%s" % (layer, game if game else "common")
    return folder + "/", stems(folder)


def wrap(names, width, max_lines):
    lines, line = [], ""
    for i, name in enumerate(names):
        piece = name + (", " if i + 1 < len(names) else "")
        if line and len(line) + len(piece.rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        line += piece
    if line:
        lines.append(line.rstrip())
    if len(lines) > max_lines:
        left = len(names) - sum(len(l.split(", ")) for l in lines[:max_lines - 1])
        lines = lines[:max_lines - 1] + ["... and %d more" % left]
    return lines


def text_lines(text, width):
    lines = [""]
    for word in text.split(" "):
        if lines[-1] and len(lines[-1]) + 1 + len(word) > width:
            lines.append("")
        lines[-1] += (" " if lines[-1] else "") + word
    return lines


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "docs", "games-layers.svg")
    label_w, col_w, row_h, top, left, gap = 170, 214, 118, 64, 16, 6
    columns = [(None, "shared", "")] + [(g, title, prefix) for g, title, prefix in GAMES]
    width = left + label_w + len(columns) * (col_w + gap) + left
    height = top + len(LAYERS) * (row_h + gap) + 40
    svg = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" '
           'font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="11">' % (width, height, width, height),
           '  <title>tlaloc: the games across the layers</title>',
           '  <rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>' % (width, height),
           '  <text x="%d" y="24" font-size="15" font-weight="bold">Each game across the layers '
           '(a row includes only from the rows below it)</text>' % left]
    for c, (game, title, prefix) in enumerate(columns):
        x = left + label_w + c * (col_w + gap)
        svg.append('  <text x="%d" y="%d" font-size="13" font-weight="bold" text-anchor="middle">%s</text>'
                   % (x + col_w // 2, top - 12, escape(title)))
    for r, layer in enumerate(LAYERS):
        y = top + r * (row_h + gap)
        svg.append('  <g data-layer="%s">' % layer)
        svg.append('    <rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s" stroke="#444"/>'
                   % (left, y, width - 2 * left, row_h, COLOURS[layer]))
        svg.append('    <text x="%d" y="%d" font-size="14" font-weight="bold">%s/</text>' % (left + 10, y + 24, layer))
        for i, line in enumerate(text_lines(LAYER_TEXT[layer], 24)):
            svg.append('    <text x="%d" y="%d" fill="#333">%s</text>' % (left + 10, y + 44 + 14 * i, escape(line)))
        for c, (game, title, prefix) in enumerate(columns):
            x = left + label_w + c * (col_w + gap)
            name, names = cell(layer, game, prefix)
            svg.append('    <g data-game="%s">' % (game or "shared"))
            svg.append('      <rect x="%d" y="%d" width="%d" height="%d" rx="4" fill="#ffffff" fill-opacity="0.7" stroke="#888"/>'
                       % (x, y + 6, col_w, row_h - 12))
            svg.append('      <text x="%d" y="%d" font-weight="bold">%s</text>' % (x + 6, y + 22, escape(name)))
            for i, line in enumerate(wrap(names, 31, 6) if names else ["(none)"]):
                svg.append('      <text x="%d" y="%d">%s</text>' % (x + 6, y + 38 + 13 * i, escape(line)))
            svg.append('    </g>')
        svg.append('  </g>')
    svg.append('  <text x="%d" y="%d" fill="#555">Made from the source tree by scripts/games_layers_svg.py; '
               'Xalapa\'s column holds Atlacoya and the seven-day game too.</text>' % (left, height - 14))
    svg.append('</svg>')
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(svg) + "\n")
    print("wrote " + os.path.relpath(out, os.getcwd()))


if __name__ == "__main__":
    main()
