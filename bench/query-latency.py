#!/usr/bin/env python3
"""folioq's latency as a whole process, by mode, on an index that exists, with the
embedder process running (as foliod keeps it) and without.

    bench/query-latency.py DATA_HOME [--queries FILE.tsv] [--count 60]

DATA_HOME is the XDG_DATA_HOME of the index (its folio/folio.sqlite). The queries are the
second column of a queries.tsv (default: ../shared/ir/cranfield's). Prints p50, p95 and
max in milliseconds per mode, and the embedder's resident memory (after the last query, and
once the queries paused). Release binaries
(make release); FOLIO_BIN overrides their folder.
"""
import argparse
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("--queries", default=os.path.join(ROOT, "..", "shared", "ir", "cranfield", "queries.tsv"))
    parser.add_argument("--count", type=int, default=60)
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    with open(args.queries, encoding="utf-8") as file:
        queries = [line.rstrip("\n").split("\t", 1)[1] for line in file if "\t" in line][: args.count]
    runtime = tempfile.mkdtemp()
    env = dict(os.environ, XDG_DATA_HOME=args.data_home, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(runtime, "config"))

    def measure(name, extra):
        times = []
        for query in queries:
            start = time.perf_counter()
            subprocess.run([os.path.join(binaries, "folioq"), "--limit", "10", *extra, query], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times.append((time.perf_counter() - start) * 1000)
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"{name:40} p50 {statistics.median(times):6.1f} ms  p95 {p95:6.1f} ms  max {times[-1]:6.1f} ms")

    measure("lexical", ["--mode", "lexical"])
    measure("hybrid, no embedder (model loaded per query)", [])
    embedder = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=env)
    socket = os.path.join(runtime, "folio", "embedder.sock")
    while not os.path.exists(socket):
        time.sleep(0.05)
    subprocess.run([os.path.join(binaries, "folioq"), "warm up"], env=env, stdout=subprocess.DEVNULL)
    measure("hybrid, embedder running", [])
    measure("semantic, embedder running", ["--mode", "semantic"])
    def rss():
        with open(f"/proc/{embedder.pid}/status") as status:
            return int(next(line for line in status if line.startswith("VmRSS")).split()[1]) / 1024

    answering = rss()
    time.sleep(2)
    print(f"embedder resident memory: {answering:.1f} MiB after the last query, {rss():.1f} MiB 2 s later")
    embedder.terminate()
    embedder.wait()


main()
