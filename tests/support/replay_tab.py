"""The studio's Replays tab, for browser tests: a log uploaded and stepped through."""
import json
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from studio_session import text_of

WAIT = 60


def check(cond, message):
    if not cond:
        sys.exit("replay tab: " + message)


def logged_steps(path):
    n = 0
    with open(path) as f:
        for line in f:
            j = json.loads(line)
            if j.get("kind") in ("action", "turn", "play"):
                n += 1
            elif j.get("kind") == "day" and "plays" in j:
                n += len(j["plays"])
    return n


def watch(driver, log, back_to_tab="tab-games"):
    """The downloaded log, uploaded to the Replays tab: stepped forward and back, then to its end."""
    driver.find_element(By.ID, "tab-replay").click()
    before = text_of(driver, "replay-title")
    driver.find_element(By.ID, "replay-file").send_keys(log)
    WebDriverWait(driver, WAIT).until(lambda d: text_of(d, "replay-title") not in ("", before),
                                      f"{log} did not open: {text_of(driver, 'status')}")
    steps = logged_steps(log)
    name = os.path.basename(log)
    check(f"{steps} steps" in text_of(driver, "replay-title"), f"{name}: not {steps} steps: "
          + text_of(driver, "replay-title"))

    def step_shown():
        return driver.execute_script("return document.getElementById('replay-picture').dataset.step || '';")

    def picture_now():
        return driver.execute_script("return document.getElementById('replay-picture').innerHTML;")

    WebDriverWait(driver, WAIT).until(lambda d: step_shown() == "0")
    first = picture_now()
    for n in (1, 2):
        driver.find_element(By.ID, "replay-forward").click()
        WebDriverWait(driver, WAIT).until(lambda d: step_shown() == str(n), f"{name}: step {n} never shown")
    driver.find_element(By.ID, "replay-back").click()
    WebDriverWait(driver, WAIT).until(lambda d: step_shown() == "1", f"{name}: back to step 1 never shown")
    driver.find_element(By.ID, "replay-last").click()
    WebDriverWait(driver, WAIT).until(lambda d: step_shown() == str(steps), f"{name}: the end never shown")
    check(picture_now() != first, f"{name}: the last step shows the start")
    check(not driver.find_element(By.ID, "replay-wrong").is_displayed(), f"{name}: its own log shown as wrong")
    driver.find_element(By.ID, back_to_tab).click()
    print(f"{name}: watched in the Replays tab, {steps} steps")

