#!/usr/bin/python3
"""The rulebook verification report in a real browser: Selenium drives headless Chromium over the page
`tlaloc verify all --html` writes for the shipped claims files.

Checks that the page opens with the summary (a bar and counts per file and overall, file names
relative to where the command ran) and then the problems (every false claim with its page in the
book), both before the table of contents and the details, and within the first screen; that a
problem links to its claim in the details; that edition comparisons name the game. Saves a
screenshot of the first screen. Needs Debian's python3-selenium, chromium and chromium-driver.
Usage: /usr/bin/python3 tests/verify_browser_test.py --tlaloc build/tlaloc [--screenshot FILE]
"""
import argparse
import os
import subprocess
import sys
import tempfile

from selenium.webdriver.common.by import By

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "support"))
from headless_chromium import browser  # noqa: E402


def check(condition, what):
    if not condition:
        sys.exit("FAIL: " + what)


def top(driver, element):
    return driver.execute_script("return arguments[0].getBoundingClientRect().top + window.scrollY;", element)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tlaloc", required=True)
    parser.add_argument("--screenshot")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tlaloc-verify-") as tmp:
        page = os.path.join(tmp, "verify-report.html")
        # From the source tree, as a user runs it: the shipped files' names are relative to it.
        run = subprocess.run([os.path.abspath(args.tlaloc), "verify", "all", "--html", page], cwd=ROOT,
                             capture_output=True, text=True)
        check(run.returncode == 1, f"verify all exits 1 on the shipped books, not {run.returncode}: {run.stderr}")
        driver = browser()
        try:
            driver.get("file://" + page)
            headings = [h.text for h in driver.find_elements(By.TAG_NAME, "h2")]
            check(headings[:3] == ["Summary", "Problems", "Contents"],
                  f"the page opens with Summary, Problems, Contents; its headings are {headings}")
            summary = driver.find_element(By.ID, "summary")
            problems = driver.find_element(By.ID, "problems")
            details = driver.find_element(By.ID, "details")
            contents = driver.find_element(By.ID, "contents")
            check(top(driver, summary) < top(driver, problems) < top(driver, contents) < top(driver, details),
                  "summary, problems, contents, details in that order on the page")
            height = driver.execute_script("return window.innerHeight;")
            check(top(driver, problems) < height, "the problems start within the first screen")

            rows = summary.find_elements(By.CSS_SELECTOR, "table tr")[1:]
            files = [r.find_elements(By.TAG_NAME, "td")[0].text for r in rows]
            check(len(files) >= 6 and files[-1] == "all files", f"a row per file and one for all: {files}")
            for name in files[:-1]:
                check(name.startswith("verify/rulebooks/"), f"file names relative to the source tree: {name}")
            for r in rows:
                bar = r.find_element(By.CLASS_NAME, "bar")
                check(bar.size["width"] > 50, "every row has its bar")
            overall = [td.text for td in rows[-1].find_elements(By.TAG_NAME, "td")]
            check(overall[4] != "0", f"the shipped books hold false claims: {overall}")
            check("Edition comparisons: aztlan: edition de vs it" in summary.text,
                  "the summary names the game of the edition comparison")

            problem_rows = problems.find_elements(By.CSS_SELECTOR, "table tr")[1:]
            found = {(r.find_elements(By.TAG_NAME, "td")[2].text, r.find_elements(By.TAG_NAME, "td")[3].text)
                     for r in problem_rows}
            check(("no-bonus-domain", "page 7") in found, f"the Italian no-bonus reading, page 7: {found}")
            ids = {claim for claim, _ in found}
            check({"atlacoya-number-tiles", "tokens-per-round"} <= ids, f"the two Xalapa findings: {ids}")
            check(int(overall[4]) + int(overall[5]) == len(problem_rows),
                  "one problem row per false or unchecked claim")

            link = problems.find_element(By.LINK_TEXT, "no-bonus-domain")
            target = link.get_attribute("href").split("#")[1]
            row = driver.find_element(By.ID, target)
            check("no-bonus-domain" in row.text and "page 7" in row.text and top(driver, row) > top(driver, details),
                  "the problem links to its claim, with its page, in the details")
            comparison = driver.find_element(By.ID, "comparison-1")
            check(comparison.text.startswith("aztlan: edition"), f"the comparison names the game: {comparison.text}")
            if args.screenshot:
                driver.execute_script("window.scrollTo(0, 0);")
                driver.save_screenshot(args.screenshot)
        finally:
            driver.quit()
    print("verify report: summary and problems first, links and names checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
