"""Headless Chromium for the browser tests (tests/*_browser_test.py), through Debian's chromium and
chromium-driver."""
from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def browser(downloads=None):
    """A fresh browser (its own profile, so no shared storage); downloads go to `downloads` when given."""
    options = webdriver.ChromeOptions()
    if downloads:
        options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                                  "download.prompt_for_download": False})
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1000",
                 "--no-proxy-server"):
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
