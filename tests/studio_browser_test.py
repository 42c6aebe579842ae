#!/usr/bin/python3
"""The Xalapa studio in a real browser: Selenium drives headless Chromium against `tlaloc studio`.

Places stones by clicking and checks the penalty shown against the evaluator (`tlaloc xalapa explain
--stones`), presses Solution and checks the optimum shown against `tlaloc xalapa solve --json`; undoes
and redoes through Solution (buttons and Ctrl+Z / Ctrl+Y), marks a field with a right click, sees the
"solved" notice, opens the page's address in a fresh browser and finds the same stones, downloads a
challenge and uploads it again; then edits a field in the Author view and sees the optimum change, a
typo in a task clears the picture, and a saved challenge appears in Play's list at once. Saves a
screenshot of the Play view. The pinned hooks: fields carry data-row, data-col, data-stone and
data-mark; #undo, #redo and #penalty.
Needs Debian's python3-selenium, chromium and chromium-driver (scripts/test.sh installs them).
Usage: /usr/bin/python3 tests/studio_browser_test.py --tlaloc build/tlaloc [--screenshot FILE]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from headless_chromium import browser  # noqa: E402
from studio_session import studio_page  # noqa: E402
BASIC = os.path.join(ROOT, "puzzles", "xalapa", "challenges", "basic-1.json")
WAIT = 30  # seconds for any one thing to appear (solving is quick; instrumented builds are slower)


def tlaloc_json(tlaloc, *args):
    out = subprocess.run([tlaloc, *args], check=True, capture_output=True, text=True).stdout
    return json.loads(out)



def text_of(driver, element_id):
    # One script, so that an element redrawn between finding it and reading it is never stale.
    text = driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.innerText : null;",
                                 element_id)
    if text is None:
        raise AssertionError(f"no element #{element_id}")
    return text.strip()


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


def field_attr(driver, row, col, name):
    selector = f'#play-board rect.field[data-row="{row}"][data-col="{col}"]'
    try:
        return driver.find_element(By.CSS_SELECTOR, selector).get_attribute(name)
    except (NoSuchElementException, StaleElementReferenceException):
        return None


def wait_attr(driver, row, col, name, wanted):
    WebDriverWait(driver, WAIT).until(lambda d: field_attr(d, row, col, name) == wanted,
                                      f"field {row},{col} never had {name}={wanted!r}")


def stones_shown(driver):
    return sorted([int(r.get_attribute("data-row")), int(r.get_attribute("data-col"))]
                  for r in driver.find_elements(By.CSS_SELECTOR, '#play-board rect.field[data-stone="true"]'))


def play(driver, tlaloc):
    # The page fills its lists when it starts; the first challenge is drawn last: basic-1.
    WebDriverWait(driver, WAIT).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#play-board rect.field"))
    wait_board_of(driver, "play-board", "basic-1")
    Select(driver.find_element(By.ID, "play-pick")).select_by_visible_text("basic-1")
    wait_board_of(driver, "play-board", "basic-1")
    wait_text(driver, "play-stones", "0")
    stones = [[1, 3], [2, 4]]
    for count, (row, col) in enumerate(stones, start=1):
        click_field(driver, "play-board", row, col)
        wait_text(driver, "play-stones", str(count))
    evaluator = tlaloc_json(tlaloc, "xalapa", "explain", BASIC, "--stones", json.dumps(stones), "--json")
    wait_text(driver, "penalty", str(evaluator["proposed"]["penalty"]))
    assert stones_shown(driver) == sorted(stones), stones_shown(driver)
    assert not driver.find_element(By.ID, "play-solved").is_displayed(), "solved notice before the optimum"
    driver.find_element(By.ID, "play-solve").click()
    solved = tlaloc_json(tlaloc, "xalapa", "solve", "--json", BASIC)
    wait_text(driver, "play-optimum", str(solved["penalty"]))
    wait_text(driver, "penalty", str(solved["penalty"]))
    WebDriverWait(driver, WAIT).until(lambda d: d.find_element(By.ID, "play-solved").is_displayed(),
                                      "no solved notice at the optimum")
    assert stones_shown(driver) == sorted(solved["stones"]), stones_shown(driver)
    print(f"play: penalty {evaluator['proposed']['penalty']} for {stones}, optimum {solved['penalty']}")
    return stones, solved, evaluator["proposed"]["penalty"]


def undo_redo_marks(driver, stones, solved, mine):
    """Undo through Solution and back, with the buttons and the keys; a right click marks a field."""
    driver.find_element(By.ID, "undo").click()
    wait_text(driver, "penalty", str(mine))
    WebDriverWait(driver, WAIT).until(lambda d: stones_shown(d) == sorted(stones), "undo did not restore")
    driver.find_element(By.ID, "redo").click()
    wait_text(driver, "penalty", str(solved["penalty"]))
    body = driver.find_element(By.TAG_NAME, "body")
    ActionChains(driver).key_down(Keys.CONTROL).send_keys_to_element(body, "z").key_up(Keys.CONTROL).perform()
    wait_text(driver, "penalty", str(mine))
    ActionChains(driver).key_down(Keys.CONTROL).send_keys_to_element(body, "y").key_up(Keys.CONTROL).perform()
    wait_text(driver, "penalty", str(solved["penalty"]))
    free = next([r, c] for r in range(6) for c in range(6) if [r, c] not in solved["stones"])
    field = driver.find_element(By.CSS_SELECTOR,
                                f'#play-board rect.field[data-row="{free[0]}"][data-col="{free[1]}"]')
    ActionChains(driver).context_click(field).perform()
    wait_attr(driver, free[0], free[1], "data-mark", "true")
    wait_attr(driver, free[0], free[1], "data-stone", "false")
    wait_text(driver, "penalty", str(solved["penalty"]))  # a mark is not a stone
    driver.find_element(By.ID, "undo").click()
    wait_attr(driver, free[0], free[1], "data-mark", "false")
    driver.find_element(By.ID, "redo").click()
    wait_attr(driver, free[0], free[1], "data-mark", "true")
    print(f"undo/redo: through Solution and back, by buttons and keys; mark at {free}")
    return free


def address_keeps_the_work(url_with_work, stones, mark):
    """The page's address, opened in a fresh browser (no shared storage), shows the same stones."""
    fresh = browser()
    try:
        fresh.get(url_with_work)
        WebDriverWait(fresh, WAIT).until(lambda d: stones_shown(d) == sorted(stones),
                                         "the address did not restore the stones")
        wait_attr(fresh, mark[0], mark[1], "data-mark", "true")
        wait_board_of(fresh, "play-board", "basic-1")
    finally:
        fresh.quit()
    print(f"address: {len(url_with_work)} characters, the stones and the mark restored in a fresh browser")


def download_and_upload(driver, downloads):
    """Download level2-1 as a file, switch to basic-1, upload the file: level2-1 is back."""
    Select(driver.find_element(By.ID, "play-pick")).select_by_visible_text("level2-1")
    wait_board_of(driver, "play-board", "level2-1")
    driver.find_element(By.ID, "play-download").click()
    target = os.path.join(downloads, "level2-1.json")
    WebDriverWait(driver, WAIT).until(lambda d: os.path.exists(target) and os.path.getsize(target) > 0,
                                      "no downloaded challenge")
    with open(target) as f:
        downloaded = json.load(f)
    assert downloaded["tasks"], downloaded
    Select(driver.find_element(By.ID, "play-pick")).select_by_visible_text("basic-1")
    wait_board_of(driver, "play-board", "basic-1")
    driver.find_element(By.ID, "play-upload").send_keys(target)
    wait_board_of(driver, "play-board", "level2-1")
    selected = Select(driver.find_element(By.ID, "play-pick")).first_selected_option.text
    assert selected == "uploaded: level2-1.json", selected
    print("files: level2-1 downloaded and uploaded again")


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
    # A typo in a task: no stale picture, no endless "…".
    feature = driver.find_element(By.CSS_SELECTOR, '#author-tasks input[list="feature-words"]')
    feature.send_keys(Keys.CONTROL, "a")  # one edit: the whole word replaced
    feature.send_keys("gekko", Keys.TAB)
    WebDriverWait(driver, WAIT).until(lambda d: "unknown feature" in text_of(d, "status"), "no error shown")
    wait_text(driver, "author-optimum", "–")
    assert not driver.find_elements(By.CSS_SELECTOR, "#author-board svg"), "stale picture after a typo"
    driver.find_element(By.ID, "undo").click()
    wait_text(driver, "author-optimum", "1")
    # A saved challenge is in Play's list at once.
    name = driver.find_element(By.ID, "author-name")
    name.clear()
    name.send_keys("mine")
    driver.find_element(By.ID, "author-save").click()
    WebDriverWait(driver, WAIT).until(lambda d: "Saved" in text_of(d, "status"),
                                      "not saved: " + text_of(driver, "status"))
    options = [o.get_attribute("textContent") for o in Select(driver.find_element(By.ID, "play-pick")).options]
    assert "saved: mine" in options, options
    print("author: a typo clears the picture, undo brings it back; the saved challenge is listed at once")


def books(driver):
    """Two challenges added to a book in Author; in Generate the book lists them, a move swaps them, and
    Print opens the printable pages (one puzzle page per challenge) in a new tab."""
    book = driver.find_element(By.ID, "author-book")
    book.send_keys(Keys.CONTROL, "a")
    book.send_keys("sunday")
    driver.find_element(By.ID, "author-add-book").click()
    WebDriverWait(driver, WAIT).until(lambda d: "holds 1 challenge" in text_of(d, "status"), "first add failed")
    driver.find_element(By.ID, "author-add-task").click()
    driver.find_element(By.ID, "author-add-book").click()
    WebDriverWait(driver, WAIT).until(lambda d: "holds 2 challenge" in text_of(d, "status"), "second add failed")
    driver.find_element(By.ID, "tab-generate").click()
    Select(driver.find_element(By.ID, "book-pick")).select_by_value("sunday")

    def items(d):
        # Read in one script: the list is redrawn after a move, and an element found before a redraw
        # is stale by the time its text is asked for.
        return d.execute_script(
            "return Array.from(document.querySelectorAll('#book-list li'), li => li.innerText.trim());")

    WebDriverWait(driver, WAIT).until(lambda d: len(items(d)) == 2, "the book does not list two puzzles")
    before = items(driver)
    assert "1 task " in before[0] and "2 tasks " in before[1], before
    driver.find_element(By.CSS_SELECTOR, "#book-list li:first-child button.move:not([disabled])").click()
    WebDriverWait(driver, WAIT).until(lambda d: items(d) == [before[1], before[0]], "the move did not reorder")
    tabs = set(driver.window_handles)
    driver.find_element(By.ID, "book-why").click()
    driver.find_element(By.ID, "book-print").click()
    WebDriverWait(driver, WAIT).until(lambda d: len(d.window_handles) > len(tabs), "no printable tab opened")
    main_tab = driver.current_window_handle
    driver.switch_to.window((set(driver.window_handles) - tabs).pop())
    WebDriverWait(driver, WAIT).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "section.sheet.puzzle")) == 2, "not two puzzle pages")
    assert len(driver.find_elements(By.CSS_SELECTOR, "section.sheet.solution")) == 2
    assert driver.find_elements(By.CSS_SELECTOR, "ul.why li"), "no reasons with 'say why each stone'"
    driver.close()
    driver.switch_to.window(main_tab)
    print("books: two puzzles added, reordered and printed with reasons in a new tab")


def start_blank_board(driver, rows, cols):
    """Author starts a blank board of rows x cols fields (Author's view shown)."""
    for field, value in (("author-rows", rows), ("author-cols", cols)):
        box = driver.find_element(By.ID, field)
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys(str(value))
    Select(driver.find_element(By.ID, "author-start")).select_by_value("blank")
    driver.find_element(By.ID, "author-load").click()
    WebDriverWait(driver, WAIT).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#author-board rect.field")) == rows * cols,
        f"no {rows} x {cols} board")


def author_rows(driver):
    return driver.execute_script("return state.author.challenge.board.rows;")


def drag_drawing(driver):
    """Author on a blank board of 8 rows and 5 columns: a drag along row 1 puts a bird on all 5 fields of
    the row as one change (one undo takes them all away); a drag starting on a bird takes birds away."""
    driver.find_element(By.ID, "tab-author").click()
    start_blank_board(driver, 8, 5)
    rows = author_rows(driver)
    assert len(rows) == 8 and all(len(r) == 5 and not any(r) for r in rows), rows
    driver.find_element(By.CSS_SELECTOR, 'input[name="tool"][value="bird"]').click()

    def field(r, c):
        return driver.find_element(By.CSS_SELECTOR, f'#author-board rect.field[data-row="{r}"][data-col="{c}"]')

    def drag(r, c0, c1):
        actions = ActionChains(driver).click_and_hold(field(r, c0))
        for c in range(c0 + 1, c1 + 1):
            actions.move_to_element(field(r, c))
        actions.release().perform()

    drag(1, 0, 4)
    rows = author_rows(driver)
    assert rows[1] == ["bird"] * 5 and all(not any(r) for i, r in enumerate(rows) if i != 1), rows
    WebDriverWait(driver, WAIT).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, "#author-board rect.field")) == 40, "not drawn again")
    drag(1, 1, 3)  # starts on a bird: takes birds away
    assert author_rows(driver)[1] == ["bird", "", "", "", "bird"], author_rows(driver)
    driver.find_element(By.ID, "undo").click()
    assert author_rows(driver)[1] == ["bird"] * 5, author_rows(driver)
    driver.find_element(By.ID, "undo").click()
    assert not any(author_rows(driver)[1]), author_rows(driver)
    print("author: drag drawing on an 8 x 5 board, each stroke one undo")


def phone_sized(driver, screenshot):
    """On a phone-sized window every control and every field of the board in view is a touch target of
    at least 44 px, a 12 x 12 board included (it scrolls sideways)."""
    driver.set_window_size(390, 844)
    start_blank_board(driver, 12, 12)
    for view in ("author", "play"):
        driver.find_element(By.ID, "tab-" + view).click()
        time.sleep(0.5)
        small = driver.execute_script("""
            const view = arguments[0], out = [];
            const targets = [...document.querySelectorAll('nav button, #' + view + ' button, #' + view + ' select, '
                + '#' + view + ' input:not([type=file]), #' + view + ' rect.field')];
            for (const input of targets) {
              // A radio button or a check box is touched through its label.
              const t = input.matches('input[type=radio], input[type=checkbox]') && input.closest('label')
                ? input.closest('label') : input;
              const r = t.getBoundingClientRect();
              if (r.width === 0 && r.height === 0) continue;  // not shown
              if (Math.min(r.width, r.height) < 43.5) out.push((t.id || t.tagName + (t.dataset.row !== undefined
                ? '[' + t.dataset.row + ',' + t.dataset.col + ']' : '')) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
            }
            return out;""", view)
        assert not small, f"{view}: touch targets under 44 px on a phone: {small[:12]}"
        if view == "author" and screenshot:
            driver.execute_script("document.getElementById('author-board').scrollIntoView();")
            driver.save_screenshot(screenshot)
    driver.set_window_size(1280, 1000)
    print("phone: every control and field at least 44 px in Author (12 x 12 board) and Play")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tlaloc", required=True)
    parser.add_argument("--screenshot", help="PNG of the Play view with the solution")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as data, tempfile.TemporaryDirectory() as downloads:
        with studio_page(args.tlaloc, data, downloads) as driver:
            stones, solved, mine = play(driver, args.tlaloc)
            mark = undo_redo_marks(driver, stones, solved, mine)
            if args.screenshot:
                driver.save_screenshot(args.screenshot)
            address_keeps_the_work(driver.current_url, solved["stones"], mark)
            download_and_upload(driver, downloads)
            author(driver)
            books(driver)
            driver.switch_to.window(driver.window_handles[0])
            drag_drawing(driver)
            phone_sized(driver, args.screenshot.replace(".png", "-phone.png") if args.screenshot else None)
    print("studio browser test: ok")


if __name__ == "__main__":
    main()
