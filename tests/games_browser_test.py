#!/usr/bin/python3
"""The studio's Games tab: Selenium drives headless Chromium against `tlaloc studio`.

Every game end to end, a person in seat 1 against a bot, always playing the first legal action offered:
Aztlán (the map changes as it goes, the bots' answers appear in the last actions, the end names the
winner); Azteka, whose first action is chosen by clicking a hole of the circle (which narrows the
actions to that hole); Akelarre, whose first play is the "Best play" hint played with "Play it";
Atlacoya, after whose first play the greedy bot's play of the day shows in the last actions. Each
finished game's downloaded log passes the CLI's replay (exit 0) and is then uploaded to the Replays tab
and stepped forward, back and to its end. (The seven-day game: xalapa_play_browser_test.py.)
Screenshots of the Aztlán game mid-way and of Akelarre.
Pinned hooks: #tab-games, #games-game, #games-players, #games-seed, #games-seats, #games-start,
#games-stage, #games-picture, #games-legal (buttons with data-action), #games-filter, #games-hint,
#games-hint-text, #games-hint-play, #games-history, #games-result, #games-download.
Usage: /usr/bin/python3 tests/games_browser_test.py --tlaloc build/tlaloc [--screenshot FILE]
       [--screenshot-akelarre FILE] [--screenshot-azteka FILE] [--screenshot-atlacoya FILE]
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from studio_session import studio_page, text_of  # noqa: E402
from replay_tab import watch  # noqa: E402

WAIT = 60



def check(cond, message):
    if not cond:
        sys.exit("games browser test: " + message)



def history_length(driver):
    return driver.execute_script("return document.querySelectorAll('#games-history li').length "
                                 "? Number([...document.querySelectorAll('#games-history li')].pop().value) : 0;")


def start(driver, game, players, seats, seed):
    Select(driver.find_element(By.ID, "games-game")).select_by_value(game)
    Select(driver.find_element(By.ID, "games-players")).select_by_value(str(players))
    for element_id, value in (("games-seats", seats), ("games-seed", str(seed))):
        field = driver.find_element(By.ID, element_id)
        field.clear()
        field.send_keys(value)
    before = driver.execute_script("return games.token;")
    driver.find_element(By.ID, "games-start").click()
    wait_answer(driver, before)


def wait_answer(driver, before):
    WebDriverWait(driver, WAIT).until(
        lambda d: d.execute_script("return games.shown > arguments[0];", before),
        f"no answer: {text_of(driver, 'status')}")


def click_first_action(driver):
    before = driver.execute_script("return games.token;")
    count = driver.execute_script("return games.answer.actions.length;")
    button = driver.find_element(By.CSS_SELECTOR, "#games-legal button")
    action = button.get_attribute("data-action")
    button.click()
    wait_answer(driver, before)
    check(text_of(driver, "status") == "", "the page says: " + text_of(driver, "status"))
    actions = driver.execute_script("return games.answer.actions;")
    check(len(actions) > count and actions[count] == action, f"the action {action} was not played")
    return action


def play_to_the_end(driver, limit):
    """The person plays the first legal action offered until the game is over; returns the count."""
    moves = 0
    while not driver.execute_script("return games.answer.over;"):
        click_first_action(driver)
        moves += 1
        check(moves < limit, f"the game does not end within {limit} actions of the person")
    return moves


def download_and_replay(driver, tlaloc, downloads, name, replay):
    """The finished game's log, downloaded, passes the CLI's replay with exit 0."""
    driver.find_element(By.ID, "games-download").click()
    log = os.path.join(downloads, name)
    WebDriverWait(driver, WAIT).until(lambda d: os.path.exists(log) and os.path.getsize(log) > 0)
    time.sleep(0.5)
    replayed = subprocess.run([tlaloc] + replay + [log], capture_output=True, text=True)
    check(replayed.returncode == 0, " ".join(replay) + ": " + replayed.stdout + replayed.stderr)
    return log, replayed.stdout.strip()


def finish(driver, tlaloc, downloads, name, replay, moves, limit):
    """The person plays on to the end; the downloaded log `name` passes `replay` and plays back in the
    Replays tab."""
    moves += play_to_the_end(driver, limit)
    result = text_of(driver, "games-result")
    check(result.startswith("Game over:"), result)
    log, replayed = download_and_replay(driver, tlaloc, downloads, name, replay)
    print(f"{replay[0]}: {moves} actions of the person; {result}; {replayed}")
    watch(driver, log)
    return log

def picture(driver):
    return driver.execute_script("return document.getElementById('games-picture').innerHTML;")


def play_aztlan(driver, tlaloc, downloads, screenshot):
    start(driver, "aztlan", 2, "human,greedy", 3)
    first = picture(driver)
    check("data-territory" in first, "Aztlán's picture is not the map")
    moves = 0
    while not driver.execute_script("return games.answer.over;"):
        click_first_action(driver)
        moves += 1
        check(moves < 400, "the game does not end")
        if moves == 40 and screenshot:
            driver.save_screenshot(screenshot)
    check(picture(driver) != first, "the map never changed")
    actors = driver.execute_script("return games.answer.actors;")
    check(1 in actors and 0 in actors, "both seats did not act")
    check(history_length(driver) == len(actors), "the last actions list is not the game's")
    result = text_of(driver, "games-result")
    check(result.startswith("Game over:") and "won" in result, f"result {result!r}")
    log, replayed = download_and_replay(driver, tlaloc, downloads, "aztlan-seed-3.jsonl", ["aztlan", "replay"])
    with open(log) as f:
        first_line = f.readline()
    check('"seats":["human","greedy"]' in first_line, "the log does not name the seats: " + first_line[:200])
    print(f"aztlan: {moves} actions of the person, {len(actors)} in all; {result}; {replayed}")
    watch(driver, log)


def azteka_game(driver, tlaloc, downloads, screenshot):
    start(driver, "azteka", 2, "human,random", 2)
    check("data-hole" in picture(driver), "Azteka's picture is not the circle")
    hole = driver.find_element(By.CSS_SELECTOR, '#games-picture [data-hole="R3S2"]')
    driver.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}));", hole)
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "games-filter").get_attribute("value") == "place 3 2")
    shown = [b.get_attribute("data-action") for b in driver.find_elements(By.CSS_SELECTOR, "#games-legal button")]
    check(shown == ["place 3 2"], f"the hole's actions: {shown}")
    before = picture(driver)
    click_first_action(driver)
    check(picture(driver) != before, "the circle did not change")
    check(driver.execute_script("return games.answer.actors;")[:2] == [0, 1], "the bot did not answer")
    print("azteka: placed on ring 3, sector 2; the bot answered", driver.execute_script("return games.answer.actions[1];"))
    # On to the end of the match (two rounds), then its log passes `azteka replay` and plays back.
    for _ in range(6):
        click_first_action(driver)
    if screenshot:
        driver.save_screenshot(screenshot)
    finish(driver, tlaloc, downloads, "azteka-seed-2.jsonl", ["azteka", "replay"], 7, 1500)


def akelarre_game(driver, tlaloc, downloads, screenshot):
    start(driver, "akelarre", 2, "human,random", 4)
    check("data-place" in picture(driver), "Akelarre's picture is not the table")
    driver.find_element(By.ID, "games-hint").click()
    WebDriverWait(driver, WAIT).until(lambda d: text_of(d, "games-hint-text").startswith("Best play: "))
    hint = text_of(driver, "games-hint-text")
    check('"action"' in hint, f"hint {hint!r}")
    if screenshot:
        driver.save_screenshot(screenshot)
    # "Play it" plays the hint, a whole play of several steps, as one action.
    before = driver.execute_script("return games.token;")
    count = driver.execute_script("return games.answer.actions.length;")
    driver.find_element(By.ID, "games-hint-play").click()
    wait_answer(driver, before)
    played = driver.execute_script("return games.answer.actions;")[count]
    check(hint == "Best play: " + played, f"played {played!r} for the hint {hint!r}")
    check(driver.execute_script("return games.answer.actors;")[count] == 0, "the hint was not the person's")
    print("akelarre:", hint[:100])
    # On to the end, then its log passes `akelarre replay` and plays back.
    finish(driver, tlaloc, downloads, "akelarre-seed-4.jsonl", ["akelarre", "replay"], 1, 400)


def atlacoya_game(driver, tlaloc, downloads, screenshot):
    start(driver, "atlacoya", 2, "human,greedy", 5)
    check("<svg" in picture(driver), "no picture for Atlacoya")
    check(text_of(driver, "games-stage") == "day 1", text_of(driver, "games-stage"))
    click_first_action(driver)
    check(text_of(driver, "games-stage") == "day 2", "day 1 was not played by both")
    actors = driver.execute_script("return games.answer.actors;")
    check(actors == [0, 1], f"actors {actors}")
    print("atlacoya: day 1 played;", text_of(driver, "games-history").splitlines()[-1][:100])
    # The six other days, then its log (the person's seat "human") passes its replay.
    for day in range(6):
        click_first_action(driver)
        if day == 2 and screenshot:
            driver.save_screenshot(screenshot)
    check(driver.execute_script("return games.answer.over;"), "Atlacoya did not end after 7 days")
    finish(driver, tlaloc, downloads, "atlacoya-seed-5.jsonl", ["xalapa", "atlacoya", "replay"], 7, 1)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tlaloc", required=True)
    parser.add_argument("--screenshot", help="PNG of the Aztlán game mid-way")
    parser.add_argument("--screenshot-akelarre", help="PNG of the Akelarre table with a hint")
    parser.add_argument("--screenshot-azteka", help="PNG of an Azteka match in its first round")
    parser.add_argument("--screenshot-atlacoya", help="PNG of an Atlacoya game on day 4")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as downloads:
        with studio_page(args.tlaloc, data, downloads) as driver:
            driver.find_element(By.ID, "tab-games").click()
            play_aztlan(driver, args.tlaloc, downloads, args.screenshot)
            azteka_game(driver, args.tlaloc, downloads, args.screenshot_azteka)
            akelarre_game(driver, args.tlaloc, downloads, args.screenshot_akelarre)
            atlacoya_game(driver, args.tlaloc, downloads, args.screenshot_atlacoya)
    print("games browser test: ok")


if __name__ == "__main__":
    main()
