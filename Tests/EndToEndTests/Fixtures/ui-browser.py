#!/usr/bin/python3
"""Drives `folio ui`'s page in headless Chromium (Debian's chromium, chromium-driver and
python3-selenium), as a user would with the keyboard, and prints what it saw as one JSON
object for UITests to check.

    ui-browser.py URL SEARCH QUESTION [SCREENSHOTS_DIR]

URL is what `folio ui --no-open` printed (with its token). SEARCH is typed into the search
box one key at a time; QUESTION is asked in the Ask view, then a follow-up, and the
conversation is listed, opened again and deleted. With SCREENSHOTS_DIR, each view is
saved there as a PNG (the README's pictures).
"""
import json
import os
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as condition
from selenium.webdriver.support.ui import WebDriverWait


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000", "--disable-dev-shm-usage",
                     "--no-first-run", "--disable-extensions", "--disable-background-networking"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main():
    url, search, question = sys.argv[1:4]
    shots = sys.argv[4] if len(sys.argv) > 4 else None
    report = {}
    driver = browser()
    wait = WebDriverWait(driver, 20)
    try:
        driver.get(url)
        wait.until(condition.presence_of_element_located((By.ID, "q")))
        report["address"] = driver.current_url
        report["title"] = driver.title

        # Search as you type, one key at a time, from "/" (the page's key for the search box).
        driver.find_element(By.TAG_NAME, "body").click()
        driver.find_element(By.TAG_NAME, "body").send_keys("/")
        report["slash_focuses_search"] = driver.switch_to.active_element.get_attribute("id") == "q"
        box = driver.find_element(By.ID, "q")
        for key in search:
            box.send_keys(key)
            time.sleep(0.05)
        wait.until(lambda d: d.execute_script("return window.folioTimings.length") >= 1 and d.find_elements(By.CSS_SELECTOR, "#results li"))
        time.sleep(0.5)
        results = driver.find_elements(By.CSS_SELECTOR, "#results li")
        report["results"] = [item.text for item in results]
        report["marks"] = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "#results mark")]
        report["timings"] = driver.execute_script("return window.folioTimings")

        # The first result's page: an image with the words marked over it.
        first = driver.execute_script("return window.folioResults()[0]")
        wait.until(lambda d: d.execute_script("return document.getElementById('preview').dataset.path") == first["path"])
        image = driver.find_elements(By.CSS_SELECTOR, "#preview img")
        if image:
            wait.until(lambda d: d.execute_script("return document.querySelector('#preview img').complete"))
            frame = image[0].rect
            boxes = [element.rect for element in driver.find_elements(By.CSS_SELECTOR, "#preview .box")]
            report["preview"] = {"image": image[0].get_attribute("src"), "natural_width": driver.execute_script(
                "return document.querySelector('#preview img').naturalWidth"), "frame": frame, "boxes": boxes,
                "page": first["page"], "page_label": first.get("page_label"),
                "where": driver.find_element(By.CSS_SELECTOR, "#preview .where").text}
        else:
            report["preview"] = {"text": driver.find_element(By.CSS_SELECTOR, "#preview pre").text}
        if shots:
            driver.save_screenshot(os.path.join(shots, "search.png"))

        # Arrows move the selection.
        box.send_keys(Keys.ARROW_DOWN)
        time.sleep(0.3)
        report["selected_after_arrow"] = [item.get_attribute("aria-selected") for item in driver.find_elements(By.CSS_SELECTOR, "#results li")]
        results_now = driver.execute_script("return window.folioResults()")
        report["second_path"] = results_now[1]["path"] if len(results_now) > 1 else None
        box.send_keys(Keys.ENTER)
        time.sleep(0.3)
        report["preview_timings"] = driver.execute_script("return window.folioPreviewTimings")

        # Ask: the answer streams in; its citations are chips; a chip shows its passage.
        driver.find_element(By.ID, "tab-ask").click()
        ask = driver.find_element(By.ID, "question")
        ask.send_keys(question)
        ask.send_keys(Keys.ENTER)
        wait.until(lambda d: "Answered" in d.find_element(By.ID, "ask-status").text or "do not say" in d.find_element(By.ID, "ask-status").text
                   or "not an answer" in d.find_element(By.ID, "ask-status").text or d.find_elements(By.CSS_SELECTOR, "#ask-status .bad"))
        report["ask_status"] = driver.find_element(By.ID, "ask-status").text
        report["answer"] = driver.find_element(By.ID, "answer").text
        report["sources"] = driver.find_element(By.ID, "sources").text
        chips = driver.find_elements(By.CSS_SELECTOR, "#answer .chip")
        report["chips"] = [(chip.text, chip.get_attribute("class")) for chip in chips]
        if chips:
            # A supported citation's, when there is one: its quote is marked.
            supported = [chip for chip in chips if chip.get_attribute("class") == "chip"]
            (supported or chips)[0].click()
            wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#citation .passage"))
            time.sleep(0.8)
            report["citation"] = driver.find_element(By.ID, "citation").text
            report["citation_marks"] = [mark.text for mark in driver.find_elements(By.CSS_SELECTOR, "#citation mark")]
            report["citation_boxes"] = len(driver.find_elements(By.CSS_SELECTOR, "#citation .box"))
        if shots:
            driver.save_screenshot(os.path.join(shots, "ask.png"))

        # A follow-up: the conversation goes on, the first turn above it; the conversation is
        # listed, begun anew, opened again from the list, and deleted.
        ask.send_keys("and the keeper?")
        ask.send_keys(Keys.ENTER)
        wait.until(lambda d: d.execute_script("return answer && answer.conversation ? answer.conversation.turn : 0") == 2)
        report["follow_up"] = driver.execute_script("return answer.conversation")
        report["transcript"] = [turn.text for turn in driver.find_elements(By.CSS_SELECTOR, "#transcript .turn")]
        # The list is drawn again after each change: each step waits for the drawing it
        # causes (the current conversation marked, or none), so that no element goes stale.
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#conversations li.current"))
        report["conversations"] = driver.execute_script("return [...document.querySelectorAll('#conversations li')].map((li) => li.innerText)")
        driver.find_element(By.ID, "new-conversation").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#conversations li") and not d.find_elements(By.CSS_SELECTOR, "#conversations li.current"))
        report["transcript_after_new"] = len(driver.find_elements(By.CSS_SELECTOR, "#transcript .turn"))
        driver.execute_script("document.querySelector('#conversations li button.link').click()")
        wait.until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#transcript .turn")) == 2 and d.find_elements(By.CSS_SELECTOR, "#conversations li.current"))
        report["reopened"] = [turn.text for turn in driver.find_elements(By.CSS_SELECTOR, "#transcript .turn")]
        driver.execute_script("document.querySelector('#conversations li.current button.delete').click()")
        wait.until(lambda d: not d.find_elements(By.CSS_SELECTOR, "#conversations li"))
        report["conversations_after_delete"] = len(driver.find_elements(By.CSS_SELECTOR, "#conversations li"))

        # The library.
        driver.find_element(By.ID, "tab-library").click()
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#library table"))
        report["library"] = driver.find_element(By.ID, "library").text
        if shots:
            driver.save_screenshot(os.path.join(shots, "library.png"))

        # Dark theme: the page follows the desktop's preference.
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        report["dark_background"] = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
        report["light_background"] = driver.execute_script("return getComputedStyle(document.body).backgroundColor")
        # At 200% zoom the window is half as wide in CSS pixels: the views stack, nothing
        # runs off to the side.
        driver.find_element(By.ID, "tab-search").click()
        driver.set_window_size(700, 1000)
        time.sleep(0.3)
        report["narrow_overflow"] = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        report["console_errors"] = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    finally:
        driver.quit()
    print(json.dumps(report))


if __name__ == "__main__":
    main()
