"""`tlaloc studio` for the browser tests: started on a free port with a fresh headless Chromium on
its page, and stopped as a person would (SIGINT, Ctrl-C), which must end it with exit code 0."""
import contextlib
import re
import subprocess
import sys

from headless_chromium import browser


def start_studio(tlaloc, data):
    """`tlaloc studio --port 0`: the process and the page's address, from the first line it prints."""
    proc = subprocess.Popen([tlaloc, "studio", "--port", "0", "--data", data], stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        proc.kill()
        sys.exit("studio did not start: " + line)
    return proc, f"http://127.0.0.1:{match.group(1)}/"


@contextlib.contextmanager
def studio_page(tlaloc, data, downloads=None):
    """Yields a browser on the studio's page (downloads go to `downloads` when given)."""
    proc, url = start_studio(tlaloc, data)
    driver = None
    try:
        driver = browser(downloads)
        driver.get(url)
        yield driver
    finally:
        if driver:
            driver.quit()
        proc.send_signal(2)  # SIGINT, as Ctrl-C
        code = proc.wait(timeout=20)
    if code != 0:
        sys.exit(f"tlaloc studio exited {code} after SIGINT")


def text_of(driver, element_id):
    """An element's text, '' when there is none (one script, so never a stale element)."""
    return driver.execute_script("const e = document.getElementById(arguments[0]); return e ? e.innerText : '';",
                                 element_id).strip()
