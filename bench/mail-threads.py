#!/usr/bin/env python3
"""Whether `folioq --thread` puts every message of a real mailbox in the thread its headers
say: each message's thread as Folio shows it, against the messages its Message-ID,
In-Reply-To and References headers connect it to (read here by Python's email parser).

    bench/mail-threads.py FOLDER    (Maildir folders, .eml files or mbox files under it; a file in
                                     cur/ or new/ is a message when Maildir names it so, as Folio reads it)

FOLDER is indexed into a data folder of its own (folioctl index, words only), then
`folioq --thread PATH --format paths` runs for every message. Reported: the messages, the
threads the headers make, the messages whose thread differs (with the difference), and
Folio's time per --thread call (p50, p95). Release binaries (make release); FOLIO_BIN
overrides their folder.
"""
import email
import email.policy
import json
import mailbox
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IDS = re.compile(r"<([^<>]+)>")


def ids(header):
    return [i.replace(" ", "").replace("\t", "") for i in IDS.findall(str(header or ""))]


def messages(folder):
    """(path as Folio names it, Message-ID, [ids it answers])."""
    found = []
    for base, _, files in os.walk(folder):
        for name in sorted(files):
            path = os.path.join(base, name)
            if name.endswith(".mbox"):
                for number, message in enumerate(mailbox.mbox(path), start=1):
                    found.append((f"{path}//{number}", message))
            elif name.endswith(".eml") or (os.path.basename(base) in ("cur", "new") and re.match(r"\d{9,}\.", name)):
                with open(path, "rb") as file:
                    found.append((path, email.message_from_binary_file(file, policy=email.policy.compat32)))
    out = []
    for path, message in found:
        own = ids(message.get("Message-ID"))
        out.append((path, own[0] if own else None, ids(message.get("References")) + ids(message.get("In-Reply-To"))))
    return out


def components(items):
    """The threads the headers make: messages linked through the ids they share."""
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for path, own, answers in items:
        find(("path", path))
        for key in ([own] if own else []) + answers:
            parent[find(("path", path))] = find(("id", key))
    groups = {}
    for path, _, _ in items:
        groups.setdefault(find(("path", path)), set()).add(path)
    return {path: group for group in groups.values() for path in group}


def main():
    folder = os.path.abspath(sys.argv[1])
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    home = tempfile.mkdtemp()
    env = dict(os.environ, XDG_DATA_HOME=home + "/data", XDG_RUNTIME_DIR=home + "/run", XDG_CONFIG_HOME=home + "/config")
    os.makedirs(home + "/config/folio")
    with open(home + "/config/folio/config.toml", "w") as config:
        config.write('[embeddings]\nprovider = "none"\n')
    subprocess.run([os.path.join(binaries, "folioctl"), "index", "--no-semantic", folder], env=env, check=True, capture_output=True)
    items = messages(folder)
    expected = components(items)
    wrong, times = [], []
    for path, _, _ in items:
        started = time.monotonic()
        run = subprocess.run([os.path.join(binaries, "folioq"), "--thread", path, "--format", "paths"], env=env, capture_output=True, text=True)
        times.append((time.monotonic() - started) * 1000)
        shown = set(run.stdout.split("\n")) - {""}
        if shown != expected[path]:
            wrong.append({"path": path, "missing": sorted(expected[path] - shown), "extra": sorted(shown - expected[path]),
                          "error": run.stderr.strip()[:200]})
    threads = len({frozenset(group) for group in expected.values()})
    print(json.dumps({"messages": len(items), "threads": threads, "in_their_thread": len(items) - len(wrong), "wrong": wrong[:20],
                      "thread_ms_p50": round(statistics.median(times), 1),
                      "thread_ms_p95": round(sorted(times)[max(0, int(len(times) * 0.95 + 0.5) - 1)], 1)}, indent=1))
    return 0 if not wrong else 1


if __name__ == "__main__":
    sys.exit(main())
