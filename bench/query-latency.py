#!/usr/bin/env python3
"""folioq's latency as a whole process, by mode, on an index that exists, with the
embedder process running (as foliod keeps it: measured once it has done its first look
for windows to embed) and without one at the first query (which starts it: the first
query is shown apart, the percentiles are of the others).

    bench/query-latency.py DATA_HOME [--queries FILE.tsv] [--count 60] [--anchor DIR] [--path DIR] [--filter FIELDS]

DATA_HOME is the XDG_DATA_HOME of the index (its folio/folio.sqlite). The queries are the
second column of a queries.tsv (default: ../shared/ir/cranfield's). Prints p50, p95 and
max in milliseconds per mode, and the embedder's resident memory (after the last query, and
once the queries paused). Release binaries
(make release); FOLIO_BIN overrides their folder.

--anchor DIR: another build's binaries (the build before a change), each query run by both
builds in turn (which goes first alternates), each build with its own embedder: both lists
and the ratios of this build's p50 and p95 to the anchor's, measured side by side.
--path DIR: every query within that folder (`folioq --path`), whose matches are narrowed
before they are ranked.
--filter FIELDS: fields added to every query of this build, not the anchor's (`size:>1k`):
with --anchor naming these same binaries, a filtered search beside the same unfiltered.
"""
import argparse
import json
import os
import signal
import statistics
import subprocess
import tempfile
import time

from embedder import wait_until_settled

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def percentiles(times):
    times = sorted(times)
    return statistics.median(times), times[int(len(times) * 0.95) - 1], times[-1]


def running(pid):
    """Whether the process runs (a zombie does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def embedder_pid(binaries, env):
    """The pid of the embedder answering on the socket, as `folioctl status` gives it."""
    status = subprocess.run([os.path.join(binaries, "folioctl"), "status", "--json"], env=env,
                            capture_output=True, text=True).stdout
    return ((json.loads(status).get("semantic") or {}).get("embedder") or {}).get("pid")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("--queries", default=os.path.join(ROOT, "..", "shared", "ir", "cranfield", "queries.tsv"))
    parser.add_argument("--count", type=int, default=60)
    parser.add_argument("--anchor", help="another build's binaries, measured query by query beside these")
    parser.add_argument("--path", help="search within this folder (folioq --path), as the matches a scope narrows are ranked")
    parser.add_argument("--filter", help="fields added to this build's queries (after:2021 size:>1k), not the anchor's")
    args = parser.parse_args()
    builds = [("this", os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release")))]
    if args.anchor:
        builds.append(("anchor", args.anchor))
    with open(args.queries, encoding="utf-8") as file:
        queries = [line.rstrip("\n").split("\t", 1)[1] for line in file if "\t" in line][: args.count]
    envs = {}
    for name, _ in builds:
        runtime = tempfile.mkdtemp()
        envs[name] = dict(os.environ, XDG_DATA_HOME=args.data_home, XDG_RUNTIME_DIR=runtime,
                          XDG_CONFIG_HOME=os.path.join(runtime, "config"))

    def measure(label, extra, first_apart=False):
        times = {name: [] for name, _ in builds}
        for index, query in enumerate(queries):
            order = builds if index % 2 == 0 else builds[::-1]
            for name, binaries in order:
                start = time.perf_counter()
                scope = ["--path", args.path] if args.path else []
                fields = [args.filter] if args.filter and name == "this" else []
                subprocess.run([os.path.join(binaries, "folioq"), "--limit", "10", *scope, *extra, query, *fields], env=envs[name],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                times[name].append((time.perf_counter() - start) * 1000)
        for name, _ in builds:
            tag = f" ({name})" if args.anchor else ""
            if first_apart:
                print(f"{label + tag + ', first query':52} {times[name][0]:6.1f} ms")
                times[name] = times[name][1:]
            p50, p95, most = percentiles(times[name])
            print(f"{label + tag:52} p50 {p50:6.1f} ms  p95 {p95:6.1f} ms  max {most:6.1f} ms")
        if args.anchor:
            (p50, p95, _), (a50, a95, _) = percentiles(times["this"]), percentiles(times["anchor"])
            print(f"{label + ' (this / anchor)':52} p50 {p50 / a50:6.2f}     p95 {p95 / a95:6.2f}")

    measure("lexical", ["--mode", "lexical"])
    measure("hybrid, no embedder at the first query", [], first_apart=True)
    measure("semantic, after those", ["--mode", "semantic"])
    for name, binaries in builds:
        # The embedder those queries started (this build; a build before issue 39 loads
        # the model in each query instead) makes way for one started here.
        pid = embedder_pid(binaries, envs[name])
        if pid:
            os.kill(pid, signal.SIGTERM)
            while running(pid):
                time.sleep(0.05)
    embedders = {}
    for name, binaries in builds:
        embedders[name] = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=envs[name],
                                           stdin=subprocess.DEVNULL)
        while embedder_pid(binaries, envs[name]) != embedders[name].pid:
            time.sleep(0.05)
        subprocess.run([os.path.join(binaries, "folioq"), "warm up"], env=envs[name], stdout=subprocess.DEVNULL)
        wait_until_settled(binaries, envs[name])
    measure("hybrid, embedder running", [])
    measure("semantic, embedder running", ["--mode", "semantic"])

    def rss(process):
        with open(f"/proc/{process.pid}/status") as status:
            return int(next(line for line in status if line.startswith("VmRSS")).split()[1]) / 1024

    answering = {name: rss(process) for name, process in embedders.items()}
    time.sleep(2)
    for name, process in embedders.items():
        tag = f" ({name})" if args.anchor else ""
        print(f"embedder resident memory{tag}: {answering[name]:.1f} MiB after the last query, {rss(process):.1f} MiB 2 s later")
        process.terminate()
        process.wait()


main()
