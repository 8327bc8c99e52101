#!/usr/bin/env python3
"""Search at scale (issue 17): a large home folder indexed by Folio and Recoll, and the
same queries to both, each as a whole process.

    bench/scale.py CORPUS --files 100000 [--work DIR] [--runs 10] [--no-recoll] [--queries-only]

CORPUS is a folder made by ../shared/bench/make-corpus.sh (full); bench/scale-corpus.py
makes the home folder from it (deterministic). Folio indexes it with `folioctl index`
(release build: make release), Recoll with `recollindex` (apt-get install recollcmd). Each
query runs `--runs` times after one warm-up; the table gives p50 and p95 in ms. Then, for
the queries of words, how many of folioq's top 10 documents are the top 10 of plain bm25()
over every match (FTS5 through Python's sqlite3), the order Folio had before champion
lists. Work files stay in --work (default /tmp/folio-scale) for another run; --queries-only
asks the indexes an earlier run left there again, without making the home folder or indexing.
"""
import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Common words, prefixes, phrases, exclusions, a launcher's keystrokes, and questions.
QUERIES = ["the", "system", "data type", "configur*", "postgresql replication slot", "t", "s", "the -system",
           '"data type"', "how do I configure the network", "file", "memory allocation", "inte", "intern",
           "internet", "string -python", "error message", "return value of the function", "return value", "see also",
           # Only words in over half the chunks.
           "use the", "to be", "it is not"]


def timed(command, runs, env=None):
    times = []
    for index in range(runs + 1):
        start = time.perf_counter()
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        if index:
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return times[len(times) // 2], times[max(0, int(len(times) * 0.95 + 0.5) - 1)]


def peak(command, env=None):
    start = time.perf_counter()
    result = subprocess.run(["/usr/bin/time", "-f", "%M", *command], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=env, text=True)
    return time.perf_counter() - start, int(result.stderr.strip().splitlines()[-1]) // 1024


def plain_bm25(database, query, limit=10):
    """The top documents of plain bm25() over every chunk that has every word."""
    words = [w for w in re.findall(r"\w+", query)]
    expression = " AND ".join(f'"{w}"' for w in words)
    rows = database.execute(
        "SELECT c.document_id, d.path FROM chunk_fts JOIN chunk c ON c.id = chunk_fts.rowid "
        "JOIN document d ON d.id = c.document_id WHERE chunk_fts MATCH ? ORDER BY bm25(chunk_fts, 1, 2, 2), chunk_fts.rowid",
        [expression])
    seen = []
    for _, path in rows:
        if path not in seen:
            seen.append(path)
            if len(seen) == limit:
                break
    return seen


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--work", default="/tmp/folio-scale")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--no-recoll", action="store_true")
    parser.add_argument("--queries-only", action="store_true")
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    home = os.path.join(args.work, f"home-{args.files}")
    database = os.path.join(args.work, f"folio-{args.files}", "folio.sqlite")
    if not args.queries_only:
        subprocess.run([sys.executable, os.path.join(ROOT, "bench", "scale-corpus.py"), args.corpus, home, "--files", str(args.files)],
                       check=True)
        shutil.rmtree(os.path.dirname(database), ignore_errors=True)
        seconds, mib = peak([os.path.join(binaries, "folioctl"), "index", "--no-semantic", "--db", database, home])
        size = sum(os.path.getsize(os.path.join(os.path.dirname(database), f)) for f in os.listdir(os.path.dirname(database)))
        print(f"folioctl index: {seconds:.0f} s, peak {mib} MiB, database {size / 1e6:.0f} MB")
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    chunks = connection.execute("SELECT count(*) FROM chunk").fetchone()[0]
    lists = connection.execute("SELECT count(*) FROM frequent_term").fetchone()[0]
    common, counts = connection.execute(
        "SELECT count(DISTINCT term), coalesce(sum(length(counts)), 0) FROM term_count").fetchone()
    print(f"{args.files} files, {chunks} chunks, {lists} frequent words with lists, "
          f"{common} common words with counts ({counts / 1e6:.1f} MB)")
    recoll = None
    if not args.no_recoll:
        recoll = os.path.join(args.work, f"recoll-{args.files}")
    if recoll and not args.queries_only:
        shutil.rmtree(recoll, ignore_errors=True)
        os.makedirs(recoll)
        with open(os.path.join(recoll, "recoll.conf"), "w") as conf:
            conf.write(f"topdirs = {home}\n")
        seconds, mib = peak(["recollindex", "-c", recoll])
        size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(recoll) for f in fs)
        print(f"recollindex: {seconds:.0f} s, peak {mib} MiB, index {size / 1e6:.0f} MB")
    print(f"\n| query | folioq p50 | folioq p95 | recollq p50 | recollq p95 | top 10 as plain bm25 |")
    print("|---|---|---|---|---|---|")
    worst = 0
    for query in QUERIES:
        folio = timed([os.path.join(binaries, "folioq"), "--mode", "lexical", "--db", database, "--limit", "10", query], args.runs)
        worst = max(worst, folio[1])
        other = timed(["recollq", "-c", recoll, "-n", "10", query], args.runs) if recoll else None
        same = "—"
        if "*" not in query and '"' not in query and "-" not in query:
            result = subprocess.run([os.path.join(binaries, "folioq"), "--mode", "lexical", "--json", "--db", database,
                                     "--limit", "10", query], capture_output=True, text=True)
            paths = re.findall(r'"path"\s*:\s*"([^"]+)"', result.stdout)
            plain = plain_bm25(connection, query)
            same = f"{len(set(paths) & set(plain))} of {len(plain)}"
        recoll_cells = f"{other[0]:.1f} | {other[1]:.1f}" if other else "— | —"
        print(f"| `{query}` | {folio[0]:.1f} | {folio[1]:.1f} | {recoll_cells} | {same} |")
    print(f"\nfolioq p95, worst query: {worst:.1f} ms")


if __name__ == "__main__":
    main()
