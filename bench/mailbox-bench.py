#!/usr/bin/env python3
"""Mailboxes (issue 18): a mbox of real text, indexed by Folio and by Recoll in one run,
then indexed again after one message is appended, as mail arrives.

    bench/mailbox-bench.py CORPUS [--messages 10000] [--work DIR] [--runs 3]

CORPUS is made by ../shared/bench/make-corpus.sh: each message's body is the start of one of
its text and Markdown files (1 to 6 KB), its subject that file's name; every 100th message
carries one of its PDFs as an attachment. Python's mailbox module writes the mbox, as mail
tools write them. Folio indexes with `folioctl index --no-semantic` (`make release`), Recoll
with `recollindex` (`apt-get install recollcmd`), each --runs times from an empty index, then
once more after a message is appended; medians are printed, and the ratios.

Messages: Folio's are the documents directly inside the mailbox; Recoll's the documents of
type message/rfc822 (`recollq`).
"""
import argparse
import mailbox
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
from email.message import EmailMessage

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECOLL_ENV = dict(os.environ, PATH="/usr/bin:/bin:" + os.environ.get("PATH", ""))


def message(number, subject, body):
    m = EmailMessage()
    m["Subject"] = subject
    m["From"] = f"Sender {number % 97} <sender{number % 97}@example.org>"
    m["To"] = "Reader <reader@example.org>"
    m["Date"] = "Wed, 15 Nov 2023 10:00:00 +0100"
    m["Message-ID"] = f"<{number}@bench.example.org>"
    m.set_content(body)
    return m


def build(corpus, path, count):
    texts = sorted(os.path.join(corpus, kind, name) for kind in ("txt", "md") for name in os.listdir(os.path.join(corpus, kind)))
    pdfs = sorted(os.path.join(corpus, "pdf", name) for name in os.listdir(os.path.join(corpus, "pdf")))
    box = mailbox.mbox(path)
    box.lock()
    for number in range(count):
        source = texts[number % len(texts)]
        with open(source, encoding="utf-8", errors="replace") as f:
            body = f.read(1024 + (number * 7919) % 5120)
        m = message(number, os.path.basename(source), body)
        if number % 100 == 99:
            with open(pdfs[number // 100 % len(pdfs)], "rb") as f:
                m.add_attachment(f.read(), maintype="application", subtype="pdf", filename=os.path.basename(pdfs[number // 100 % len(pdfs)]))
        box.add(m)
    box.flush()
    box.unlock()
    box.close()


def timed(command, env=None):
    start = time.perf_counter()
    result = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed: {result.stderr[-400:]}")
    return time.perf_counter() - start


def append(path, number):
    box = mailbox.mbox(path)
    box.lock()
    box.add(message(number, f"appended {number}", "An appended message about zanzibarquay.\n"))
    box.flush()
    box.unlock()
    box.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus")
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--work", default="/tmp/folio-mailbox")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    mail = os.path.join(args.work, "mail")
    box = os.path.join(mail, "Inbox.mbox")
    database = os.path.join(args.work, "folio", "folio.sqlite")
    recoll = os.path.join(args.work, "recoll")
    folioctl = [os.path.join(binaries, "folioctl"), "index", "--no-semantic", "--db", database, mail]
    recollindex = ["recollindex", "-c", recoll]
    full_f, full_r, again_f, again_r = [], [], [], []
    for run in range(args.runs):
        shutil.rmtree(args.work, ignore_errors=True)
        os.makedirs(mail)
        build(os.path.abspath(args.corpus), box, args.messages)
        os.makedirs(recoll)
        with open(os.path.join(recoll, "recoll.conf"), "w") as conf:
            conf.write(f"topdirs = {mail}\n")
        full_f.append(timed(folioctl))
        full_r.append(timed(recollindex, RECOLL_ENV))
        append(box, args.messages + run)
        again_f.append(timed(folioctl))
        again_r.append(timed(recollindex, RECOLL_ENV))
    size = os.path.getsize(box) / 2**20
    with sqlite3.connect(database) as db:
        prefix = box + "//"
        ours = db.execute("SELECT count(*) FROM document WHERE path >= ? AND path < ? AND instr(substr(path, ?), '/') = 0",
                          (prefix, box + "/0", len(prefix) + 1)).fetchone()[0]
        attachments = db.execute("SELECT count(*) FROM document WHERE path LIKE ? AND kind = 'pdf'", (prefix + "%",)).fetchone()[0]
    listed = subprocess.run(["recollq", "-c", recoll, "-S", "url", "-n", "0-1000000", "-b", "mime:message/rfc822"], capture_output=True,
                            text=True, env=RECOLL_ENV).stdout
    theirs = sum(1 for line in listed.splitlines() if line.startswith("file://"))
    m = statistics.median
    print(f"mailbox: {args.messages + 1} messages, {size:.1f} MiB; Folio read {ours} messages and {attachments} PDF attachments,"
          f" Recoll {theirs} messages")
    print(f"whole mailbox: folioctl index {m(full_f):.2f} s, recollindex {m(full_r):.2f} s, Folio/Recoll {m(full_f) / m(full_r):.2f}")
    print(f"one message appended: folioctl index {m(again_f):.3f} s ({m(again_f) / m(full_f):.3f} of the whole),"
          f" recollindex {m(again_r):.3f} s ({m(again_r) / m(full_r):.3f} of the whole), Folio/Recoll {m(again_f) / m(again_r):.3f}")


if __name__ == "__main__":
    main()
