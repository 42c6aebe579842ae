#!/usr/bin/python3
"""The seven-day game in the studio: Selenium drives headless Chromium against `tlaloc studio`.

A person (the test) plays seat 1 against a greedy and a random bot for seven days: each day it
places two stones by clicking fields, sees the penalty shown agree with the evaluator, and presses
Done; on one day it waits instead until the hourglass runs out (a short one, 1 second, after the
random bot says done at 5 s or later). Then it downloads the log, finds the stones it placed and its
done times in it, and replays it with `tlaloc xalapa replay` (exit 0), then uploads it to the Replays tab and steps through
it. Saves a screenshot of the end.
Pinned hooks: #tab-race, #race-bots, #race-level, #race-seed, #race-hourglass, #race-start, #race-day,
#race-done, #race-penalty, #race-result, #race-download, #race-log; fields carry data-row, data-col and
data-stone.
Needs Debian's python3-selenium, chromium and chromium-driver (scripts/test.sh installs them).
Usage: /usr/bin/python3 tests/xalapa_play_browser_test.py --tlaloc build/tlaloc [--screenshot FILE]
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import time

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from studio_session import studio_page, text_of  # noqa: E402
from replay_tab import watch  # noqa: E402

WAIT = 60  # seconds for any one thing (the day the hourglass runs out takes up to 26 s)
WAITED_DAY = 4  # the day the test lets the hourglass run out




def click_field(driver, row, col):
    selector = f'#race-board rect.field[data-row="{row}"][data-col="{col}"]'

    def clicked(d):
        try:
            d.find_element(By.CSS_SELECTOR, selector).click()
            return True
        except (NoSuchElementException, StaleElementReferenceException):
            return False

    WebDriverWait(driver, WAIT).until(clicked, f"cannot click {selector}")


def stones_shown(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#race-board rect.field[data-stone=\"true\"]')]"
        ".map((r) => [Number(r.dataset.row), Number(r.dataset.col)]);")


def explain_penalty(tlaloc, challenge, stones):
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(challenge, f)
    try:
        out = subprocess.run([tlaloc, "xalapa", "explain", f.name, "--stones", json.dumps(stones), "--json"],
                             check=True, capture_output=True, text=True).stdout
        return json.loads(out)["proposed"]["penalty"]  # the stones given; "penalty" is the optimum
    finally:
        os.unlink(f.name)


def play_a_game(driver, tlaloc):
    driver.find_element(By.ID, "tab-race").click()
    bots = driver.find_element(By.ID, "race-bots")
    bots.clear()
    bots.send_keys("greedy,random")
    Select(driver.find_element(By.ID, "race-level")).select_by_value("basic")
    for element_id, value in (("race-seed", "5"), ("race-hourglass", "1")):
        box = driver.find_element(By.ID, element_id)
        box.clear()
        box.send_keys(value)
    driver.find_element(By.ID, "race-start").click()
    placed = {}
    for day in range(1, 8):
        WebDriverWait(driver, WAIT).until(lambda d: text_of(d, "race-day") == str(day), f"day {day} never came")
        WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "race-done").is_enabled())
        stones = [[day % 6, 0], [5, (day + 2) % 6]]
        for r, c in stones:
            click_field(driver, r, c)
        WebDriverWait(driver, WAIT).until(lambda d: sorted(stones_shown(d)) == sorted(stones),
                                          f"day {day}: the stones never showed")
        challenge = driver.execute_script("return race.today.challenge;")
        wanted = explain_penalty(tlaloc, challenge, stones)
        WebDriverWait(driver, WAIT).until(lambda d: text_of(d, "race-penalty") == str(wanted),
                                          f"day {day}: penalty {text_of(driver, 'race-penalty')}, evaluator {wanted}")
        placed[day] = sorted(stones)
        if day != WAITED_DAY:
            driver.find_element(By.ID, "race-done").click()
        # else: the random bot says done within 25 s and the 1-second hourglass cuts the day short
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "race-result").is_displayed())
    return placed


def check_log(tlaloc, downloads, placed):
    def downloaded():
        files = glob.glob(os.path.join(downloads, "*.jsonl"))
        return files[0] if files else None

    deadline = time.time() + WAIT
    while not downloaded() and time.time() < deadline:
        time.sleep(0.2)
    path = downloaded()
    if not path:
        raise AssertionError("the log was not downloaded")
    lines = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    mine = [line for line in lines if line.get("kind") == "play" and line["seat"] == 1]
    assert len(mine) == 7, mine
    for line in mine:
        assert sorted(line["stones"]) == placed[line["day"]], (line, placed)
        assert (line["done_at"] is None) == (line["day"] == WAITED_DAY), line
    replay = subprocess.run([tlaloc, "xalapa", "replay", path], capture_output=True, text=True)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    print(replay.stdout.strip())
    return path


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tlaloc", required=True)
    parser.add_argument("--screenshot", help="PNG of the finished game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as downloads:
        with studio_page(args.tlaloc, data, downloads) as driver:
            WebDriverWait(driver, WAIT).until(lambda d: d.execute_script(
                "return document.getElementById('race-level').options.length > 0;"))
            placed = play_a_game(driver, args.tlaloc)
            print(text_of(driver, "race-result"))
            if args.screenshot:
                driver.save_screenshot(args.screenshot)
            driver.find_element(By.ID, "race-download").click()
            watch(driver, check_log(args.tlaloc, downloads, placed), "tab-race")
    print("xalapa play browser test: ok")


if __name__ == "__main__":
    main()
