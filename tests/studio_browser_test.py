#!/usr/bin/python3
"""The Xalapa studio in a real browser: Selenium drives headless Chromium against `tlaloc studio`.

Places stones by clicking and checks the penalty shown against the evaluator (`tlaloc xalapa explain
--stones`), presses Solution and checks the optimum shown against `tlaloc xalapa solve --json`, then
edits a field in the Author view and sees the optimum change. Saves a screenshot of the Play view.
Needs Debian's python3-selenium, chromium and chromium-driver (scripts/test.sh installs them).
Usage: /usr/bin/python3 tests/studio_browser_test.py --tlaloc build/tlaloc [--screenshot FILE]
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from headless_chromium import browser  # noqa: E402
BASIC = os.path.join(ROOT, "puzzles", "xalapa", "challenges", "basic-1.json")
WAIT = 30  # seconds for any one thing to appear (solving is quick; instrumented builds are slower)


def tlaloc_json(tlaloc, *args):
    out = subprocess.run([tlaloc, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def start_studio(tlaloc, data):
    """`tlaloc studio --port 0`: the process and the page's address, from the first line it prints."""
    proc = subprocess.Popen([tlaloc, "studio", "--port", "0", "--data", data], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        proc.kill()
        sys.exit("studio did not start: " + line)
    return proc, f"http://127.0.0.1:{match.group(1)}/"


def text_of(driver, element_id):
    return driver.find_element(By.ID, element_id).text.strip()


def wait_text(driver, element_id, wanted):
    WebDriverWait(driver, WAIT).until(lambda d: text_of(d, element_id) == wanted,
                                      f"#{element_id} never showed {wanted!r}")


def click_field(driver, holder, row, col):
    """The board is drawn again after every change, so a field found a moment ago may be gone: find it
    afresh and click, until a click lands."""
    selector = f'#{holder} rect.field[data-row="{row}"][data-col="{col}"]'

    def clicked(d):
        try:
            d.find_element(By.CSS_SELECTOR, selector).click()
            return True
        except (NoSuchElementException, StaleElementReferenceException):
            return False

    WebDriverWait(driver, WAIT).until(clicked, f"cannot click {selector}")


def wait_board_of(driver, holder, challenge_id):
    """Until the picture in `holder` is the one of `challenge_id` (its heading names it)."""
    script = f"const s = document.querySelector('#{holder} svg'); return s ? s.textContent : '';"
    WebDriverWait(driver, WAIT).until(lambda d: challenge_id in d.execute_script(script),
                                      f"#{holder} never showed {challenge_id}")


def play(driver, tlaloc):
    # The page fills its lists when it starts; the first challenge is drawn last.
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-board rect.field"))
    Select(driver.find_element(By.ID, "play-pick")).select_by_visible_text("basic-1")
    wait_board_of(driver, "play-board", "basic-1")
    wait_text(driver, "play-stones", "0")
    stones = [[1, 3], [2, 4]]
    for count, (row, col) in enumerate(stones, start=1):
        click_field(driver, "play-board", row, col)
        wait_text(driver, "play-stones", str(count))
    evaluator = tlaloc_json(tlaloc, "xalapa", "explain", BASIC, "--stones", json.dumps(stones), "--json")
    wait_text(driver, "play-penalty", str(evaluator["proposed"]["penalty"]))
    driver.find_element(By.ID, "play-solve").click()
    solved = tlaloc_json(tlaloc, "xalapa", "solve", "--json", BASIC)
    wait_text(driver, "play-optimum", str(solved["penalty"]))
    wait_text(driver, "play-penalty", str(solved["penalty"]))
    print(f"play: penalty {evaluator['proposed']['penalty']} for {stones}, optimum {solved['penalty']}")


def author(driver):
    """A blank board with one task, exactly 1 stone on gecko: no field has a gecko, so the task is
    given up (0 stones + disfavor 3). One gecko drawn on a field makes 1 stone meet it: optimum 1."""
    driver.find_element(By.ID, "tab-author").click()
    Select(driver.find_element(By.ID, "author-start")).select_by_value("blank")
    driver.find_element(By.ID, "author-load").click()
    driver.find_element(By.ID, "author-add-task").click()
    wait_text(driver, "author-optimum", "3")
    driver.find_element(By.CSS_SELECTOR, 'input[name="tool"][value="gecko"]').click()
    click_field(driver, "author-board", 2, 3)
    wait_text(driver, "author-optimum", "1")
    print("author: optimum 3 on the blank board, 1 after drawing a gecko")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tlaloc", required=True)
    parser.add_argument("--screenshot", help="PNG of the Play view with the solution")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data:
        proc, url = start_studio(args.tlaloc, data)
        driver = None
        try:
            driver = browser()
            driver.get(url)
            play(driver, args.tlaloc)
            if args.screenshot:
                driver.save_screenshot(args.screenshot)
            author(driver)
        finally:
            if driver:
                driver.quit()
            proc.send_signal(2)  # SIGINT, as Ctrl-C
            code = proc.wait(timeout=20)
        if code != 0:
            sys.exit(f"tlaloc studio exited {code} after SIGINT")
    print("studio browser test: ok")


if __name__ == "__main__":
    main()
