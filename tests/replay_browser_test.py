#!/usr/bin/python3
"""The studio's Replays tab: Selenium drives headless Chromium against `tlaloc studio`.

The test makes a log of each game with tlaloc's own `play` commands (Aztlán, Azteka, Akelarre,
Atlacoya, the seven-day game) into the studio's data folder, then for each: opens it from the saved
list (one by upload, one pasted), steps forward and back, jumps to a later stage with the select and to
the end, and checks that the step header, the state text and the picture change, that the picture is
the game's own drawing, and that the number of steps is the log's. A tampered log shows its wrong step.
Saves a screenshot of the Aztlán map mid-game.
Pinned hooks: #tab-replay, #replay-saved, #replay-open, #replay-file, #replay-paste, #replay-paste-open,
#replay-title, #replay-forward, #replay-back, #replay-last, #replay-stage, #replay-header, #replay-text,
#replay-picture (data-step), #replay-wrong.
Usage: /usr/bin/python3 tests/replay_browser_test.py --tlaloc build/tlaloc [--screenshot FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from studio_session import studio_page, text_of  # noqa: E402

WAIT = 60

GAMES = [
    ("aztlan.jsonl", ["aztlan", "play", "--players", "3", "--seed", "7", "--bots", "greedy,random,random"],
     "data-territory", "Aztlán"),
    ("azteka.jsonl", ["azteka", "match", "--seed", "7", "--life-bot", "random", "--death-bot", "random"],
     "data-hole", "Azteka"),
    ("akelarre.jsonl", ["akelarre", "play", "--players", "3", "--seed", "5", "--bots", "random"],
     "data-place", "Akelarre"),
    ("atlacoya.jsonl", ["xalapa", "atlacoya", "play", "--players", "3", "--seed", "4"], "<svg", "Atlacoya"),
    ("seven.jsonl", ["xalapa", "play", "--players", "3", "--seed", "3", "--bots", "greedy,random"], "<svg",
     "seven days"),
]




def recorded_steps(path):
    n = 0
    with open(path) as f:
        for line in f:
            j = json.loads(line)
            kind = j.get("kind")
            if kind in ("action", "turn", "play"):
                n += 1
            elif kind == "day" and "plays" in j:
                n += len(j["plays"])
    return n


def shown(driver):
    """(step of the picture, header, state text, picture markup)."""
    return driver.execute_script(
        "const p = document.getElementById('replay-picture');"
        "return [p.dataset.step || '', document.getElementById('replay-header').innerText,"
        " document.getElementById('replay-text').innerText, p.innerHTML];")


def wait_step(driver, n):
    WebDriverWait(driver, WAIT).until(lambda d: shown(d)[0] == str(n), f"step {n} never shown")
    return shown(driver)


def check(cond, message):
    if not cond:
        sys.exit("replay browser test: " + message)


def open_log(driver, how, name, path):
    before = text_of(driver, "replay-title")
    if how == "saved":
        Select(driver.find_element(By.ID, "replay-saved")).select_by_value(name)
        driver.find_element(By.ID, "replay-open").click()
    elif how == "upload":
        driver.find_element(By.ID, "replay-file").send_keys(path)
    else:
        driver.find_element(By.CSS_SELECTOR, "#replay details summary").click()
        with open(path) as f:
            driver.execute_script("document.getElementById('replay-paste').value = arguments[0];", f.read())
        driver.find_element(By.ID, "replay-paste-open").click()
    WebDriverWait(driver, WAIT).until(lambda d: text_of(d, "replay-title") not in ("", before),
                                      f"{name} did not open: {text_of(driver, 'status')}")
    return wait_step(driver, 0)


def step_through(driver, name, path, mark, title, how):
    first = open_log(driver, how, name, path)
    steps = recorded_steps(path)
    check(title in text_of(driver, "replay-title"), f"{name}: title {text_of(driver, 'replay-title')!r}")
    check(f"{steps} steps" in text_of(driver, "replay-title"), f"{name}: not {steps} steps")
    check(mark in first[3], f"{name}: the picture is not the game's drawing ({mark})")
    check("Step 0 of" in first[1] and "as dealt" in first[1], f"{name}: header {first[1]!r}")
    for n in (1, 2, 3):
        driver.find_element(By.ID, "replay-forward").click()
        now = wait_step(driver, n)
        check(now[1].startswith(f"Step {n} of {steps}"), f"{name}: header {now[1]!r}")
    back_to = 2
    driver.find_element(By.ID, "replay-back").click()
    wait_step(driver, back_to)
    # A later stage from the select: its first step, with another state and picture.
    stages = Select(driver.find_element(By.ID, "replay-stage"))
    values = [o.get_attribute("value") for o in stages.options]
    check(len(values) >= 2, f"{name}: only {len(values)} stage(s) to jump to")
    target = int(values[len(values) // 2])
    stages.select_by_value(str(target))
    mid = wait_step(driver, target)
    check(mid[3] != first[3], f"{name}: the picture at step {target} is the dealt one")
    driver.find_element(By.ID, "replay-last").click()
    end = wait_step(driver, steps)
    check(end[2] != first[2] and end[3] != first[3], f"{name}: the last step shows the start")
    check(driver.find_element(By.ID, "replay-forward").get_attribute("disabled") is not None,
          f"{name}: forward is not disabled at the end")
    check(not driver.find_element(By.ID, "replay-wrong").is_displayed(), f"{name}: a right log shown as wrong")
    print(f"{name}: {steps} steps, jumped to {target}; {end[1][:80]}")
    return target


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tlaloc", required=True)
    parser.add_argument("--screenshot", help="PNG of the Aztlán map mid-game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        for name, command, _, _ in GAMES:
            subprocess.run([args.tlaloc] + command + ["--log", os.path.join(data, name)], check=True,
                           capture_output=True)
        # A tampered Aztlán log: its first development action given to the wrong player.
        with open(os.path.join(data, "aztlan.jsonl")) as f:
            lines = f.read().splitlines()
        at = next(i for i, line in enumerate(lines) if '"development"' in line)
        bad = json.loads(lines[at])
        bad["player"] = bad["player"] % 3 + 1
        lines[at] = json.dumps(bad)
        with open(os.path.join(data, "tampered.jsonl"), "w") as f:
            f.write("\n".join(lines) + "\n")
        with studio_page(args.tlaloc, data) as driver:
            driver.find_element(By.ID, "tab-replay").click()
            WebDriverWait(driver, WAIT).until(lambda d: len(Select(d.find_element(By.ID, "replay-saved")).options) > 1)
            saved = [o.get_attribute("value") for o in Select(driver.find_element(By.ID, "replay-saved")).options]
            check(sorted(saved) == sorted([g[0] for g in GAMES] + ["tampered.jsonl"]), f"saved list {saved}")
            for i, (name, _, mark, title) in enumerate(GAMES):
                how = "upload" if name == "akelarre.jsonl" else "paste" if name == "azteka.jsonl" else "saved"
                target = step_through(driver, name, os.path.join(data, name), mark, title, how)
                if name == "aztlan.jsonl" and args.screenshot:
                    Select(driver.find_element(By.ID, "replay-stage")).select_by_value(str(target))
                    wait_step(driver, target)
                    driver.save_screenshot(args.screenshot)
            open_log(driver, "saved", "tampered.jsonl", os.path.join(data, "tampered.jsonl"))
            wrong = text_of(driver, "replay-wrong")
            check(f"tampered.jsonl:{at + 1}:" in wrong, f"the tampered log's wrong step: {wrong!r}")
            check(f"{at - 1} steps" in text_of(driver, "replay-title"), text_of(driver, "replay-title"))
    print("replay browser test: ok")


if __name__ == "__main__":
    main()
