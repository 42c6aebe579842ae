#!/usr/bin/python3
"""The JSON Schemas in schemas/ against tlaloc's own parsers.

Every shipped sample and test fixture of each input format is validated against its schema; where a
command reads the format, the file is also given to tlaloc, and the two verdicts must agree: a file
tlaloc accepts must be schema-valid, and a file tlaloc refuses as bad input (exit 2) must be
schema-invalid, unless tests/data/schemas/refused-but-valid.txt lists it with the semantic reason
no schema can express (a territory that is not on the map, a file that does not exist, ...). A
listed file that is no longer such a case fails the test too, so the list stays true.
Game logs are made by the built program's play commands here, so a change to a log's lines shows
at once as a schema failure; each is also replayed by tlaloc.
Needs Debian's python3-jsonschema (scripts/test.sh installs it).
Usage: /usr/bin/python3 tests/schemas_test.py --tlaloc build/tlaloc
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

import jsonschema

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMAS = os.path.join(ROOT, "schemas")
REFUSED_BUT_VALID = os.path.join(ROOT, "tests", "data", "schemas", "refused-but-valid.txt")

# name, schema, files (globs relative to the source tree), command reading one file ("{}"), JSON lines
FORMATS = [
    ("claims", "claims.schema.json",
     ["verify/rulebooks/*.json", "tests/data/fuzz/claims/*"], "verify rulebook {}", False),
    ("xalapa board", "xalapa-board.schema.json", ["puzzles/xalapa/boards/*.json"], None, False),
    ("xalapa challenge", "xalapa-challenge.schema.json",
     ["puzzles/xalapa/challenges/*.json", "tests/data/fuzz/xalapa-challenge/*"],
     "xalapa solve {} --timeout 20", False),
    ("xalapa position cards", "xalapa-position-cards.schema.json", ["puzzles/xalapa/positions.json"], None, False),
    ("xalapa oracle cards", "xalapa-cards.schema.json", ["puzzles/xalapa/cards.json"], None, False),
    ("xalapa atlacoya points", "xalapa-atlacoya-points.schema.json", ["puzzles/xalapa/atlacoya-points.json"], None,
     False),
    ("xalapa census", "xalapa-census-line.schema.json",
     ["tests/data/xalapa/census-*.jsonl", "tests/data/fuzz/xalapa-census/*"], "xalapa census summarize {}", True),
    ("xalapa atlacoya log", "xalapa-atlacoya-log.schema.json",
     ["tests/data/xalapa/atlacoya-*.jsonl"], "xalapa atlacoya replay {}", True),
    ("xalapa play log", "xalapa-play-log.schema.json", ["tests/data/xalapa/play-*.jsonl"], "xalapa replay {}", True),
    ("aztlan map", "aztlan-map.schema.json",
     ["puzzles/aztlan/aztlan.json", "puzzles/aztlan/board.json", "tests/data/aztlan/*-map.json",
      "tests/data/verify/*.json", "tests/data/fuzz/aztlan-map/*"], "aztlan table {} --max-size 4", False),
    ("aztlan position", "aztlan-position.schema.json",
     ["puzzles/aztlan/examples/*.json", "tests/data/aztlan/example-14.json", "tests/data/aztlan/example-22.json"],
     "aztlan score {}", False),
    ("aztlan profile", "aztlan-profile.schema.json", ["puzzles/aztlan/profiles/*.json"], None, False),
    ("aztlan printed table", "aztlan-printed-table.schema.json", ["puzzles/aztlan/printed-table.json"], None, False),
    ("aztlan game log", "aztlan-game-log.schema.json", ["tests/data/aztlan/game-*.jsonl"], "aztlan replay {}", True),
    ("azteka position", "azteka-position.schema.json",
     ["puzzles/azteka/*.json", "tests/data/azteka/*.json"], "azteka show {}", False),
    ("azteka match log", "azteka-match-log.schema.json", ["tests/data/azteka/match-*.jsonl"], "azteka replay {}", True),
    ("akelarre turn", "akelarre-turn.schema.json",
     ["puzzles/akelarre/*.json", "tests/data/akelarre/*.json"], "akelarre best {} --timeout 5", False),
    ("akelarre game log", "akelarre-game-log.schema.json",
     ["tests/data/akelarre/game-*.jsonl"], "akelarre replay {}", True),
]

# Logs the built program writes: the format, then the play command's arguments ("{}" is the log file).
PLAYED_LOGS = [
    ("aztlan game log", "aztlan play --players 2 --profile it --seed 3 --bots greedy,random --log {}"),
    ("aztlan game log", "aztlan play --players 3 --profile de --seed 1 --bots greedy,random,greedy --log {}"),
    ("aztlan game log", "aztlan play --players 4 --seed 5 --bots random,greedy,random,greedy --log {}"),
    ("akelarre game log", "akelarre play --players 2 --seed 9 --bots random --log {}"),
    ("akelarre game log", "akelarre play --players 3 --seed 7 --bots best,greedy,random --best-states 2000 --log {}"),
    ("akelarre game log", "akelarre play --players 4 --teams --seed 3 --bots random --log {}"),
    ("azteka match log", "azteka match --seed 3 --life-bot random --death-bot random --log {}"),
    ("xalapa atlacoya log", "xalapa atlacoya play --players 3 --seed 7 --log {}"),
    ("xalapa atlacoya log", "xalapa atlacoya play --players 2 --seed 2 --bots greedy,greedy --log {}"),
    ("xalapa play log", "xalapa play --players 3 --seed 7 --log {}"),
    ("xalapa play log", "xalapa play --players 6 --level 5 --seed 2 --hourglass 10 --log {}"),
]


def load_schemas():
    store = {}
    for path in glob.glob(os.path.join(SCHEMAS, "*.schema.json")):
        with open(path, encoding="utf-8") as f:
            store[os.path.basename(path)] = json.load(f)
    return store


def validator(store, name):
    schema = store[name]
    jsonschema.Draft7Validator.check_schema(schema)
    base = "file://" + SCHEMAS + "/"
    resolver = jsonschema.RefResolver(base + name, schema, store={base + n: s for n, s in store.items()})
    return jsonschema.Draft7Validator(schema, resolver=resolver)


def schema_errors(v, path, json_lines):
    """Why the file does not validate ([] when it does): the first error of each bad line."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        return [f"unreadable: {e}"]
    docs = []
    try:
        if json_lines:
            docs = [(i + 1, json.loads(line)) for i, line in enumerate(text.splitlines()) if line.strip()]
            if not docs:
                return ["no lines"]
        else:
            docs = [(0, json.loads(text))]
    except ValueError as e:
        return [f"not JSON: {e}"]
    errors = []
    for line, doc in docs:
        err = jsonschema.exceptions.best_match(v.iter_errors(doc))
        if err is not None:
            where = "/".join(str(p) for p in err.absolute_path)
            errors.append((f"line {line}: " if json_lines else "") + f"{where or '(top)'}: {err.message[:200]}")
    return errors


def tool_exit(tlaloc, command, path):
    args = [a.replace("{}", path) for a in command.split()]
    try:
        r = subprocess.run([tlaloc, *args], capture_output=True, text=True, timeout=120, cwd=ROOT)
    except subprocess.TimeoutExpired:
        return 3, "took over 120 s"
    return r.returncode, (r.stderr.strip().splitlines() or [""])[0]


def read_listed():
    """{relative path: reason} from the list of schema-valid inputs tlaloc refuses."""
    listed = {}
    with open(REFUSED_BUT_VALID, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            path, _, reason = line.partition(" ")
            if not reason.strip():
                sys.exit(f"{REFUSED_BUT_VALID}: {path} has no reason")
            listed[path] = reason.strip()
    return listed


def check_fixtures(tlaloc, store, listed, failures):
    seen_listed = set()
    count = 0
    for name, schema, patterns, command, json_lines in FORMATS:
        v = validator(store, schema)
        files = sorted({f for p in patterns for f in glob.glob(os.path.join(ROOT, p))})
        if not files:
            failures.append(f"{name}: no files match {patterns}")
        for path in files:
            rel = os.path.relpath(path, ROOT)
            errors = schema_errors(v, path, json_lines)
            count += 1
            if command is None:
                if errors:
                    failures.append(f"{rel} ({name}): shipped, but not schema-valid: {errors[0]}")
                continue
            code, message = tool_exit(tlaloc, command, path)
            if code == 4 or code < 0:
                failures.append(f"{rel}: tlaloc failed ({code}): {message}")
            elif code != 2 and errors:
                failures.append(f"{rel} ({name}): tlaloc reads it (exit {code}), the schema refuses it: {errors[0]}")
            elif code == 2 and not errors:
                if rel in listed:
                    seen_listed.add(rel)
                else:
                    failures.append(f"{rel} ({name}): tlaloc refuses it ({message}), the schema accepts it; "
                                    f"list it in {os.path.relpath(REFUSED_BUT_VALID, ROOT)} with the reason")
            elif rel in listed:
                failures.append(f"{rel}: listed as schema-valid but refused, but now tlaloc exits {code} and the "
                                f"schema says {'invalid' if errors else 'valid'}")
                seen_listed.add(rel)
    for rel in sorted(set(listed) - seen_listed):
        failures.append(f"{rel}: listed in {os.path.basename(REFUSED_BUT_VALID)} but not among the fixtures")
    return count


def unknown_keys_refused(store, schema, log):
    """Each kind of line of `log` with one unknown key added must fail the schema, as tlaloc refuses it."""
    v = validator(store, schema)
    kinds = {}
    with open(log, encoding="utf-8") as f:
        for line in f:
            doc = json.loads(line)
            kinds.setdefault(doc.get("kind"), doc)
    for kind, doc in kinds.items():
        doc = dict(doc, unknown_key=1)
        if v.is_valid(doc):
            yield f"a {kind} line with an unknown key fits the schema"


def check_played_logs(tlaloc, store, failures):
    commands = {name: command for name, _, _, command, _ in FORMATS}
    schemas = {name: schema for name, schema, _, _, _ in FORMATS}
    with tempfile.TemporaryDirectory(prefix="tlaloc-schemas-") as tmp:
        for i, (name, play) in enumerate(PLAYED_LOGS):
            log = os.path.join(tmp, f"log-{i}.jsonl")
            args = [a.replace("{}", log) for a in play.split()]
            r = subprocess.run([tlaloc, *args], capture_output=True, text=True, timeout=300)
            if r.returncode != 0:
                failures.append(f"tlaloc {play}: exit {r.returncode}: {r.stderr.strip()[:300]}")
                continue
            errors = schema_errors(validator(store, schemas[name]), log, True)
            for e in errors[:5]:
                failures.append(f"tlaloc {play} ({name}): the log does not fit its schema: {e}")
            code, message = tool_exit(tlaloc, commands[name], log)
            if code != 0:
                failures.append(f"tlaloc {play}: the replay exits {code}: {message}")
            failures.extend(f"tlaloc {play}: {why}" for why in unknown_keys_refused(store, schemas[name], log))
    return len(PLAYED_LOGS)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tlaloc", required=True)
    args = parser.parse_args()
    tlaloc = os.path.abspath(args.tlaloc)
    store = load_schemas()
    failures = []
    files = check_fixtures(tlaloc, store, read_listed(), failures)
    logs = check_played_logs(tlaloc, store, failures)
    for f in failures:
        print("FAIL", f)
    print(f"{len(store)} schemas, {files} fixtures and samples, {logs} logs played: "
          f"{'ok' if not failures else str(len(failures)) + ' failures'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
