#!/usr/bin/env python3
"""The progress line of long commands, seen as a person at a terminal sees it: standard error is a
pseudo-terminal, so the command rewrites one line in place ("\\r"), wipes it at the end, and its
answer on standard output is the same as without a terminal. Without a terminal, nothing of it
appears on standard error (a census shard writes a full line every 5 s instead, for job logs)."""
import argparse
import os
import pty
import re
import select
import subprocess
import sys
import tempfile


def run_on_terminal(command):
    """Runs `command` with standard error on a pseudo-terminal; returns (exit code, stdout, stderr)."""
    master, slave = pty.openpty()
    # Standard output to a file: a pipe nobody reads while the loop below reads the terminal would fill.
    out_file = tempfile.TemporaryFile()
    process = subprocess.Popen(command, stdout=out_file, stderr=slave, stdin=subprocess.DEVNULL)
    os.close(slave)
    err = b""
    while True:
        ready, _, _ = select.select([master], [], [], 1.0)
        if ready:
            try:
                chunk = os.read(master, 4096)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            err += chunk
        elif process.poll() is not None:
            break
    process.wait(timeout=120)
    out_file.seek(0)
    out = out_file.read()
    os.close(master)
    return process.returncode, out.decode(), err.decode()


def run_plain(command):
    p = subprocess.run(command, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def check(name, command, shows):
    code, out, err = run_on_terminal(command)
    assert code == 0, f"{name}: exit {code}: {err!r}"
    assert "\r" + shows in err, f"{name}: no progress line '{shows}' on the terminal: {err[-400:]!r}"
    # Wiped: after the last progress line, the line is blanked and the cursor back at column 0, before
    # anything else the command writes (its closing note, an error) starts a line of its own.
    # (The terminal turns each "\n" into "\r\n": undone first.)
    screen = err.replace("\r\n", "\n")
    wipes = list(re.finditer(r"\r +\r", screen))
    assert wipes, f"{name}: the progress line was never wiped: {screen[-200:]!r}"
    assert "\r" not in screen[wipes[-1].end():], f"{name}: a progress line after the last wipe: {screen[-200:]!r}"
    plain_code, plain_out, plain_err = run_plain(command)
    assert plain_code == 0, f"{name}: exit {plain_code} without a terminal"
    assert "\r" not in plain_err, f"{name}: progress written without a terminal: {plain_err[-200:]!r}"
    assert plain_out == out, f"{name}: the answer differs with a terminal"
    print(f"{name}: progress line shown and wiped; same answer without a terminal")
    return err


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tlaloc", required=True)
    tlaloc = parser.parse_args().tlaloc
    with tempfile.TemporaryDirectory() as tmp:
        err = check("census", [tlaloc, "xalapa", "census", "--level", "basic", "--no-tier", "--limit", "2500"],
                    "census shard 0/1: ")
        assert " challenges (" in err and "/s" in err, err[-300:]
        # Long enough for the first progress line (after 1 s); a sanitized build is some ten times slower.
        games = "400" if os.environ.get("TLALOC_TEST_SCALE") == "small" else "1500"
        check("audit", [tlaloc, "aztlan", "audit", "--games", games, "--players", "2", "--bots", "random"],
              "aztlan audit: ")
        check("generate",
              [tlaloc, "xalapa", "generate", "--level", "2", "--count", "30", "--seed", "5"],
              "xalapa generate: ")
        # A census shard in a job log (no terminal): full lines, none rewritten.
        code, _, err = run_plain([tlaloc, "xalapa", "census", "--level", "basic", "--no-tier", "--limit", "200",
                                  "--out", os.path.join(tmp, "c.jsonl")])
        assert code == 0 and "\r" not in err, err
    print("progress: ok")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        sys.exit(1)
