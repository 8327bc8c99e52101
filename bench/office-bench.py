#!/usr/bin/env python3
"""Office files and e-books (issue 18): Folio and Recoll index the same corpus in one run;
then, file by file, the words each index holds are compared with the words the file must
hold.

    bench/office-bench.py OFFICE [--work DIR] [--runs 3] [--show N]

OFFICE is made by bench/office-corpus.py (documents in OFFICE/<ext>/, the expected text in
OFFICE/.meta/expected/<ext>/). Folio indexes it with `folioctl index --no-semantic`
(`make release`), Recoll with `recollindex` (`apt-get install recollcmd unrtf python3-lxml`:
unrtf for RTF, python3-lxml for PowerPoint), each --runs times
from an empty index; the median time and its peak memory are printed, and the ratio.

Words: lower case, accents removed (as Recoll's index keeps them), runs of letters and
digits. For each file: "found" is the share of its expected words the index has for it
(Folio: the text of its chunks and its title, from the database; Recoll: the document's
unprefixed terms, from xadump, cut the same way); "extra" the share of the index's words that are not
expected. The N files where Folio finds least are listed with the words it misses.
"""
import argparse
import os
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import time
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORMATS = ["docx", "odt", "rtf", "epub", "pptx", "xlsx", "ods", "odp", "eml"]


def words(text):
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c))
    return set(re.findall(r"[^\W_]+", folded))


def peak(command, env=None):
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=env)
    if result.returncode != 0:
        sys.exit(f"{command[0]} failed: {result.stderr[-400:]}")
    return time.perf_counter() - start, int(result.stderr.strip().splitlines()[-1]) // 1024


def folio_words(database):
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    found = {}
    for path, title, text in connection.execute(
            "SELECT d.path, d.title, group_concat(c.text, ' ') FROM document d LEFT JOIN chunk c ON c.document_id = d.id GROUP BY d.id"):
        found[path] = words((title or "") + " " + (text or ""))
    failed = dict(connection.execute("SELECT path, error FROM document WHERE status <> 'indexed'").fetchall())
    return found, failed


def recoll_words(confdir):
    database = os.path.join(confdir, "xapiandb")
    found = {}
    docid = 0
    misses = 0
    while misses < 50:
        docid += 1
        data = subprocess.run(["xadump", "-d", database, "-i", str(docid), "-D"], capture_output=True, text=True, errors="replace")
        match = re.search(r"^url=file://(.*)$", data.stdout, re.M)
        if data.returncode != 0 or not match:
            misses += 1
            continue
        misses = 0
        lines = subprocess.run(["xadump", "-d", database, "-i", str(docid), "-T", "-l", "-n"], capture_output=True, text=True,
                               errors="replace").stdout.splitlines()
        # The first line describes the database ("DB: ndocs … avglength …"); Recoll keeps
        # compounds ("3.11.2", "non-profit") beside their parts: cut as the expected words are.
        terms = " ".join(line for line in lines if not line.startswith("DB:") and not line.startswith(":"))
        found.setdefault(match.group(1), set()).update(words(terms))
    return found


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("office")
    parser.add_argument("--work", default="/tmp/folio-office")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--show", type=int, default=8)
    args = parser.parse_args()
    office = os.path.abspath(args.office)
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    database = os.path.join(args.work, "folio", "folio.sqlite")
    recoll = os.path.join(args.work, "recoll")
    folio_runs, recoll_runs = [], []
    for _ in range(args.runs):
        shutil.rmtree(os.path.dirname(database), ignore_errors=True)
        folio_runs.append(peak([os.path.join(binaries, "folioctl"), "index", "--no-semantic", "--db", database, office]))
        shutil.rmtree(recoll, ignore_errors=True)
        os.makedirs(recoll)
        with open(os.path.join(recoll, "recoll.conf"), "w") as conf:
            conf.write(f"topdirs = {office}\nskippedNames+ = .meta\n")
        # Recoll's filters run `python3` from the PATH: Debian's, which has python3-lxml (a
        # pyenv or virtualenv python3 first in the PATH would make it skip every .pptx).
        recoll_runs.append(peak(["recollindex", "-c", recoll], env=dict(os.environ, PATH="/usr/bin:/bin:" + os.environ.get("PATH", ""))))
    folio_time, folio_peak = statistics.median(t for t, _ in folio_runs), max(m for _, m in folio_runs)
    recoll_time, recoll_peak = statistics.median(t for t, _ in recoll_runs), max(m for _, m in recoll_runs)
    files = sorted(os.path.join(office, f, name) for f in FORMATS if os.path.isdir(os.path.join(office, f))
                   for name in os.listdir(os.path.join(office, f)))
    print(f"{len(files)} files; {args.runs} runs each, median, from an empty index")
    print(f"folioctl index: {folio_time:.2f} s, peak {folio_peak} MiB; recollindex: {recoll_time:.2f} s, peak {recoll_peak} MiB;"
          f" Folio/Recoll time {folio_time / recoll_time:.2f}")

    folio, failed = folio_words(database)
    theirs = recoll_words(recoll)
    rows, worst = [], []
    for kind in FORMATS:
        found_f, found_r, extra_f, extra_r, agree, count = [], [], [], [], [], 0
        for path in (p for p in files if p.endswith("." + kind)):
            name = os.path.splitext(os.path.basename(path))[0]
            expected = words(open(os.path.join(office, ".meta", "expected", kind, name + ".txt"), encoding="utf-8").read())
            if not expected:
                continue
            count += 1
            ours, recoll_set = folio.get(path, set()), theirs.get(path, set())
            found_f.append(len(expected & ours) / len(expected))
            found_r.append(len(expected & recoll_set) / len(expected))
            extra_f.append(len(ours - expected) / max(1, len(ours)))
            extra_r.append(len(recoll_set - expected) / max(1, len(recoll_set)))
            agree.append(len(ours & recoll_set) / max(1, len(ours | recoll_set)))
            worst.append((found_f[-1], path, sorted(expected - ours)[:12], failed.get(path)))
        if count:
            rows.append((kind, count, statistics.mean(found_f), statistics.mean(found_r), min(found_f), min(found_r),
                         statistics.mean(extra_f), statistics.mean(extra_r), statistics.mean(agree)))
    print("\n| format | files | found, Folio | found, Recoll | lowest, Folio | lowest, Recoll | extra, Folio | extra, Recoll | same words (Jaccard) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for kind, count, ff, fr, lf, lr, ef, er, ag in rows:
        print(f"| .{kind} | {count} | {ff:.1%} | {fr:.1%} | {lf:.1%} | {lr:.1%} | {ef:.1%} | {er:.1%} | {ag:.1%} |")
    print(f"\nFolio's {args.show} lowest:")
    for share, path, missing, error in sorted(worst)[: args.show]:
        print(f"  {share:.1%} {os.path.relpath(path, office)}" + (f" ({error})" if error else "") + f": missing {' '.join(missing)}")


if __name__ == "__main__":
    main()
