#!/usr/bin/env python3
"""Contents and index pages in the results (issue 20): how many of the top three hits are
navigation chunks (contents, lists of figures, indexes: `NavigationText`) before and after
Folio ranks them below the text that matches as well, by words and in hybrid mode.

    bench/navigation.py CORPUS [--documents 60] [--work DIR]

CORPUS is a folder made by ../shared/bench/make-corpus.sh (full); its `pdf/` folder holds
the TeX Live manuals. Every k-th PDF by name (k chosen for --documents) is indexed with
`folioctl index` (release build, with the semantic stage: the model of
scripts/install-semantic.sh). The queries are made from the index itself: in each PDF's
navigation chunks, the lines with leaders are contents entries; an entry of two to four
words (numbering, leaders and page numbers taken off) is a query, the first two such
entries of each PDF. They are what a contents page holds densely, and what a person looks
up. "Before" is a copy of the index with every chunk marked as text (the ranking as it was);
"after" is the index as Folio made it. Each variant has its own embedder process, as foliod
keeps one. Also counted: how often a top-three hit is a chunk of text that holds the
entry itself (the heading of the section it names, with its text): the page a person
wants. --reuse measures the index of an earlier run again.
"""
import argparse
import json
import os
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build/release"))
LEADERS = re.compile(r"(?:[.·…]\s*){4,}")


def environment(home):
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=home + "/data", XDG_CONFIG_HOME=home + "/config",
               XDG_RUNTIME_DIR=home + "/run", OMP_THREAD_LIMIT="1")
    os.makedirs(home + "/run", exist_ok=True)
    return env


def index(home, pdfs):
    documents = home + "/Documents"
    os.makedirs(documents, exist_ok=True)
    for pdf in pdfs:
        shutil.copy(pdf, os.path.join(documents, os.path.basename(pdf)))
    started = time.time()
    subprocess.run([BIN + "/folioctl", "index", documents], env=environment(home), check=True, stdout=subprocess.DEVNULL)
    return time.time() - started


def queries(database):
    db = sqlite3.connect(database)
    made = []
    for path, in db.execute("SELECT path FROM document WHERE kind = 'pdf' ORDER BY path"):
        entries = []
        for text, in db.execute("""SELECT c.text FROM chunk c JOIN document d ON d.id = c.document_id
                                   WHERE d.path = ? AND c.navigation = 1 ORDER BY c.ordinal""", (path,)):
            for line in text.split("\n"):
                if not LEADERS.search(line):
                    continue
                heading = LEADERS.split(line)[0]
                heading = re.sub(r"^[\s\dA-Z]{0,3}(?:\.\d+)*\.?\s+", "", heading).strip()
                words = heading.split()
                if 2 <= len(words) <= 4 and all(re.fullmatch(r"[A-Za-z][A-Za-z'-]*", w) for w in words) and heading not in entries:
                    entries.append(heading)
        made += [(path, entry) for entry in entries[:2]]
    return made


def navigation_chunks(database):
    db = sqlite3.connect(database)
    return {(path, ordinal): (navigation, " ".join(text.lower().split())) for path, ordinal, navigation, text in db.execute(
        "SELECT d.path, c.ordinal, coalesce(c.navigation, 0), c.text FROM chunk c JOIN document d ON d.id = c.document_id")}


def start_embedder(home):
    process = subprocess.Popen([BIN + "/foliod-worker", "--embedder"], env=environment(home), stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    while not os.path.exists(home + "/run/folio/embedder.sock"):
        time.sleep(0.1)
    return process


def measure(home, chunks, made, mode):
    navigation = named = total = 0
    for _, entry in made:
        result = subprocess.run([BIN + "/folioq", "--json", "--limit", "3", "--mode", mode, entry], env=environment(home),
                                capture_output=True, text=True)
        hits = json.loads(result.stdout)["results"] if result.returncode == 0 else []
        for hit in hits:
            flag, text = chunks.get((hit["path"], hit["chunk"]), (0, ""))
            total += 1
            navigation += flag
            named += " ".join(entry.lower().split()) in text and not flag
    return navigation, named, total


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("--documents", type=int, default=60)
    parser.add_argument("--work", default="/tmp/folio-navigation")
    parser.add_argument("--reuse", action="store_true")
    arguments = parser.parse_args()
    pdfs = sorted(os.path.join(arguments.corpus, "pdf", name) for name in os.listdir(os.path.join(arguments.corpus, "pdf"))
                  if name.endswith(".pdf"))
    step = max(1, len(pdfs) // arguments.documents)
    pdfs = pdfs[::step][:arguments.documents]
    after, before = arguments.work + "/after", arguments.work + "/before"
    database = after + "/data/folio/folio.sqlite"
    seconds = None
    if not arguments.reuse:
        shutil.rmtree(arguments.work, ignore_errors=True)
        seconds = index(after, pdfs)
        os.makedirs(before + "/data/folio", exist_ok=True)
        source = sqlite3.connect(database)
        source.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        source.close()
        shutil.copy(database, before + "/data/folio/folio.sqlite")
        copy = sqlite3.connect(before + "/data/folio/folio.sqlite")
        copy.execute("UPDATE chunk SET navigation = 0")
        copy.commit()
        copy.close()
    made = queries(database)
    chunks = navigation_chunks(database)
    flagged = sum(flag for flag, _ in chunks.values())
    took = f" in {seconds:.0f} s" if seconds is not None else ""
    print(f"{len(pdfs)} PDFs indexed{took}: {len(chunks)} chunks, {flagged} navigation; {len(made)} queries")
    print("| mode | ranking | navigation in top 3 | text holding the entry in top 3 |")
    print("|---|---|---|---|")
    for mode in ["lexical", "hybrid"]:
        for name, home in [("before", before), ("after", after)]:
            embedder = start_embedder(home) if mode == "hybrid" else None
            try:
                navigation, named, total = measure(home, chunks, made, mode)
            finally:
                if embedder:
                    embedder.send_signal(signal.SIGTERM)
                    embedder.wait()
            print(f"| {mode} | {name} | {navigation} of {total} ({100 * navigation / max(total, 1):.0f}%) | "
                  f"{named} of {total} ({100 * named / max(total, 1):.0f}%) |", flush=True)
    for path, entry in made:
        print(f"  query: {entry!r} (from {os.path.basename(path)})")


if __name__ == "__main__":
    sys.exit(main())
