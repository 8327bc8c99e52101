#!/usr/bin/env python3
"""A new user's first hour: `make run` on a folder of files, as the README says to.

    bench/first-start.py FOLDER [--minutes 10] [--limit-minutes 90]

FOLDER's files are copied into the Documents of a scratch home, and `make run` runs there
(with this checkout's release build; HOME, XDG_DATA_HOME and XDG_RUNTIME_DIR point into the
scratch folder, so the user's own index and daemon are untouched). Reported:
  - how long `make run` took: when it returns, every file is searchable by words and foliod
    runs (checked: folioctl status, and each file's name found among `folioctl sources`);
  - the time left its last `folioctl status` line gave for the semantic stage;
  - the share of documents found by meaning (a vector for their opening) after --minutes;
  - how long the semantic stage then took, against the time it had said: at make run's
    last line, and at every tenth of the stage after (from `folioctl status --json`).
foliod is stopped at the end (or once --limit-minutes have passed).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--limit-minutes", type=float, default=90)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="first-start.")
    home = os.path.join(scratch, "home")
    shutil.copytree(os.path.abspath(args.folder), os.path.join(home, "Documents"))
    files = sum(len(names) for _, _, names in os.walk(os.path.join(home, "Documents")))
    env = dict(os.environ, HOME=home, XDG_DATA_HOME=os.path.join(home, ".local", "share"),
               XDG_CONFIG_HOME=os.path.join(home, ".config"), XDG_RUNTIME_DIR=os.path.join(scratch, "run"))
    os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700)
    folioctl = os.path.join(ROOT, ".build", "release", "folioctl")
    daemon = None
    try:
        started = time.time()
        run = subprocess.run(["make", "-C", ROOT, "run"], env=env, capture_output=True, text=True)
        took = time.time() - started
        if run.returncode != 0:
            sys.exit(f"make run failed:\n{run.stdout[-2000:]}\n{run.stderr[-2000:]}")
        last = [line for line in run.stdout.splitlines() if line.startswith("semantic:")]
        said = seconds_left(last[-1]) if last else None
        status = json.loads(subprocess.run([folioctl, "status", "--json"], env=env, capture_output=True, text=True).stdout)
        sources = subprocess.run([folioctl, "sources"], env=env, capture_output=True, text=True).stdout
        indexed = sum(1 for line in sources.splitlines() if line and not line.startswith("\t"))
        daemon = (status.get("daemon") or {}).get("pid") if status.get("running") else None
        print(f"{files} files: make run took {took:.0f} s; foliod running: {daemon is not None}; "
              f"{indexed} documents searchable by words")
        print(f"its last status line: {last[-1] if last else '(none)'}")
        semantic_started = started + took
        share_at = None
        said_later = []  # (when, seconds left said then)
        while True:
            time.sleep(10)
            now = time.time()
            report = json.loads(subprocess.run([folioctl, "status", "--json"], env=env, capture_output=True, text=True).stdout)
            coverage = ((report.get("semantic") or {}).get("progress") or {}).get("coverage") or {}
            documents, meaning = coverage.get("documents", 0), coverage.get("documents_with_meaning", 0)
            left = ((report.get("semantic") or {}).get("progress") or {}).get("seconds_left")
            if left is not None:
                said_later.append((now, left))
            if share_at is None and now - semantic_started >= args.minutes * 60:
                share_at = meaning / documents if documents else 0
                print(f"after {args.minutes:g} min: {meaning} of {documents} documents found by meaning ({share_at:.0%})")
            complete = coverage and coverage.get("chunks_without_windows") == 0 and coverage.get("embedded") >= coverage.get("windows", 1)
            if complete or now - started > args.limit_minutes * 60:
                break
        actual = time.time() - semantic_started
        if said:
            print(f"semantic stage: {actual / 60:.1f} min after make run returned; it had said {said / 60:.1f} min "
                  f"({actual / said:.2f}×)")
        else:
            print(f"semantic stage: {actual / 60:.1f} min after make run returned; no time left was shown")
        ended = time.time()
        for tenth in range(1, 10):
            when = semantic_started + actual * tenth / 10
            later = [(at, left) for at, left in said_later if at >= when]
            if later and later[0][1] > 0:
                at, left = later[0]
                print(f"at {(at - semantic_started) / 60:.1f} min: said {left / 60:.1f} min, took {(ended - at) / 60:.1f} min "
                      f"({(ended - at) / left:.2f}×)")
        if share_at is None:
            print(f"complete within {args.minutes:g} min: every document found by meaning")
    finally:
        if daemon:
            os.kill(daemon, 15)
            time.sleep(2)
        shutil.rmtree(scratch, ignore_errors=True)


def seconds_left(line):
    """The time left a status line gives ("13 min left", "45 s left", "1 h 5 min left")."""
    match = re.search(r"(?:(\d+) h )?(\d+) (min|s) left", line)
    if not match:
        return None
    hours, amount, unit = int(match.group(1) or 0), int(match.group(2)), match.group(3)
    return hours * 3600 + amount * (60 if unit == "min" else 1)


main()
