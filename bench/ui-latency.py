#!/usr/bin/python3
"""`folio ui` measured in the browser: from a key pressed in the search box to the result
list drawn, and from a result selected to its PDF page drawn with its marks, in headless
Chromium (the tests' Debian chromium and python3-selenium); the server's memory at rest;
and, side by side, the anchor: a `folioq --json` process for the same queries.

    /usr/bin/python3 bench/ui-latency.py DATA_HOME [--queries FILE] [--idle 15]

DATA_HOME is the XDG_DATA_HOME of an index with vectors (the small benchmark corpus:
../shared/bench/make-corpus.sh DIR small, then folioctl index). The embedder runs, as
foliod keeps it. Each query is typed a key every 80 ms, as a quick typist types; every key
whose list was drawn counts (a key typed before the last list came aborts that search).
Queries: three words of each question of bench/ask-questions.jsonl, unless --queries.
Release binaries (make release); FOLIO_BIN overrides their folder.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import tempfile
import time

from embedder import running_embedder
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STOP = {"a", "an", "and", "are", "as", "at", "by", "does", "do", "for", "from", "how", "i", "if", "in", "is", "it", "its", "of", "on", "or",
        "the", "to", "what", "when", "where", "which", "who", "with", "without", "long", "many", "much", "does", "unless", "by", "default"}


def percentile(values, share):
    values = sorted(values)
    return values[max(0, int(len(values) * share + 0.5) - 1)]


def resident_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return int(re.search(r"VmRSS:\s+(\d+)", status.read()).group(1))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("--queries")
    parser.add_argument("--idle", type=int, default=15)
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    if args.queries:
        queries = [line.strip() for line in open(args.queries) if line.strip()]
    else:
        queries = []
        for line in open(os.path.join(ROOT, "bench", "ask-questions.jsonl")):
            words = [w for w in re.findall(r"[A-Za-z0-9][A-Za-z0-9.-]*", json.loads(line)["question"]) if w.lower() not in STOP]
            queries.append(" ".join(words[:3]))
    runtime = tempfile.mkdtemp()
    env = dict(os.environ, XDG_DATA_HOME=args.data_home, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(runtime, "config"))
    server = None
    with running_embedder(binaries, env):
        try:
            url = subprocess.run([os.path.join(binaries, "folio"), "ui", "--no-open"], env=env, capture_output=True, text=True, check=True).stdout.strip()
            server = json.load(open(os.path.join(runtime, "folio", "ui.json")))["pid"]

            # The anchor: a folioq --json process per query, as a terminal user runs it.
            anchor = []
            for query in queries * 2:
                started = time.perf_counter()
                subprocess.run([os.path.join(binaries, "folioq"), "--json", query], env=env, capture_output=True)
                anchor.append((time.perf_counter() - started) * 1000)

            options = webdriver.ChromeOptions()
            options.binary_location = "/usr/bin/chromium"
            for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1400,1000", "--disable-dev-shm-usage"):
                options.add_argument(argument)
            driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
            wait = WebDriverWait(driver, 30)
            try:
                driver.get(url)
                box = wait.until(lambda d: d.find_element(By.ID, "q"))
                for query in queries:
                    box.send_keys(Keys.CONTROL, "a")
                    box.send_keys(Keys.DELETE)
                    time.sleep(0.3)
                    for key in query:
                        box.send_keys(key)
                        time.sleep(0.08)
                    time.sleep(0.8)
                keys = driver.execute_script("return window.folioTimings")
                # Previews: each query's first three PDF results, one after the other.
                driver.execute_script("window.folioPreviewTimings = []")
                pdf_pages = 0
                for query in queries:
                    box.send_keys(Keys.CONTROL, "a")
                    box.send_keys(query)
                    time.sleep(0.8)
                    results = driver.execute_script("return window.folioResults()")
                    for index, hit in enumerate(results[:6]):
                        if hit["type"] != "pdf" or index == 0:
                            continue
                        before = len(driver.execute_script("return window.folioPreviewTimings"))
                        driver.find_element(By.ID, f"result-{index}").click()
                        wait.until(lambda d: len(d.execute_script("return window.folioPreviewTimings")) > before)
                        pdf_pages += 1
                previews = driver.execute_script("return window.folioPreviewTimings")
            finally:
                driver.quit()
            busy = resident_kib(server)
            time.sleep(args.idle)
            idle = resident_kib(server)
            before = sum(int(x) for x in open(f"/proc/{server}/stat").read().split(")")[1].split()[11:13])
            time.sleep(10)
            after = sum(int(x) for x in open(f"/proc/{server}/stat").read().split(")")[1].split()[11:13])
            listening = subprocess.run(["ss", "-Hltnp"], capture_output=True, text=True).stdout
        finally:
            if server:
                subprocess.run(["kill", str(server)])
    print(f"{len(queries)} queries, {len(keys)} keystrokes with their list drawn: key to list p50 {statistics.median(keys):.1f} ms, "
          f"p95 {percentile(keys, 0.95):.1f} ms")
    print(f"anchor, a folioq --json process for the same queries ({len(anchor)}): p50 {statistics.median(anchor):.1f} ms, "
          f"p95 {percentile(anchor, 0.95):.1f} ms")
    print(f"{len(previews)} PDF pages previewed (result selected to page drawn, marks on it): p50 {statistics.median(previews):.1f} ms, "
          f"p95 {percentile(previews, 0.95):.1f} ms")
    print(f"server resident: {busy / 1024:.1f} MiB after the session, {idle / 1024:.1f} MiB {args.idle} s later; "
          f"processor time over the next 10 s at rest: {(after - before) * 10} ms")
    print("listening sockets of the server:", [line.split()[3] for line in listening.splitlines() if f"pid={server}," in line])


if __name__ == "__main__":
    main()
