#!/usr/bin/env python3
"""Search through the launcher provider (issue 17): the time GNOME Shell waits for Folio's
results while a person types, the provider already running.

    bench/launcher.py DATABASE [--runs 20] [--queries FILE.tsv --count 40] [--embedder]

Starts a private session bus (dbus-daemon) and `folio-search-provider` on DATABASE (release
build: make release), then times, for each query, GetInitialResultSet and GetResultMetas of
the first five results, one `busctl call` each, as the shell asks them. `busctl` itself
starts a process per call: the same call to the bus (GetId) is timed as the floor. The table
gives p50 and p95 in ms over --runs runs after one warm-up, then the p50 and p95 of every
call of every query.

The queries are bench/scale.py's, or the second column of a queries.tsv (--queries, the
first --count). --embedder starts the embedder process on the index (DATABASE must be
DATA_HOME/folio/folio.sqlite), as foliod keeps it running: an index with vectors is then
searched by words and meaning, the provider taking each query's vector from it.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# bench/scale.py's queries, with the words a launcher gets as its terms.
QUERIES = ["the", "system", "data type", "configur*", "postgresql replication slot", "t", "s", "the -system",
           '"data type"', "how do I configure the network", "file", "memory allocation", "inte", "intern",
           "internet", "string -python", "error message", "return value of the function", "return value", "see also",
           "use the", "to be", "it is not"]


def percentiles(times):
    times = sorted(times)
    return times[len(times) // 2], times[max(0, int(len(times) * 0.95 + 0.5) - 1)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--queries")
    parser.add_argument("--count", type=int, default=40)
    parser.add_argument("--embedder", action="store_true")
    args = parser.parse_args()
    queries = QUERIES
    if args.queries:
        with open(args.queries, encoding="utf-8") as file:
            queries = [line.rstrip("\n").split("\t", 1)[1] for line in file if "\t" in line][: args.count]
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    work = tempfile.mkdtemp(prefix="folio-launcher-")
    bus = subprocess.Popen(["dbus-daemon", "--session", "--nofork", "--print-address=1"], stdout=subprocess.PIPE, text=True)
    address = bus.stdout.readline().strip()
    environment = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=address, HOME=work, XDG_CONFIG_HOME=work, XDG_RUNTIME_DIR=work,
                       XDG_DATA_HOME=os.path.dirname(os.path.dirname(os.path.abspath(args.database))))
    embedder = None
    if args.embedder:
        embedder = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=environment)
        while not os.path.exists(os.path.join(work, "folio", "embedder.sock")):
            time.sleep(0.05)
    provider = subprocess.Popen([os.path.join(binaries, "folio-search-provider"), "--db", args.database],
                                env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    busctl = ["busctl", "--user", f"--address={address}", "call", "--"]
    try:
        for _ in range(100):
            names = subprocess.run(busctl + ["org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames"],
                                   capture_output=True, text=True).stdout
            if "org.folio.Search" in names:
                break
            time.sleep(0.05)
        else:
            sys.exit("folio-search-provider did not take its name on the bus")

        def call(*arguments):
            start = time.perf_counter()
            result = subprocess.run(busctl + list(arguments), capture_output=True, text=True)
            if result.returncode != 0:
                sys.exit(f"busctl {' '.join(arguments)}: {result.stderr.strip()}")
            return (time.perf_counter() - start) * 1000, result.stdout

        floor = [call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId")[0] for _ in range(args.runs + 1)][1:]
        print(f"busctl call to the bus itself (floor): p50 {percentiles(floor)[0]:.1f} ms, p95 {percentiles(floor)[1]:.1f} ms\n")
        print("| query | GetInitialResultSet p50 | p95 | GetResultMetas (5) p50 | p95 |")
        print("|---|---|---|---|---|")
        provider_interface = ["org.folio.Search", "/org/folio/Search", "org.gnome.Shell.SearchProvider2"]
        every_initial, every_metas = [], []
        for query in queries:
            words = query.split()
            initial, metas = [], []
            for run in range(args.runs + 1):
                took, output = call(*provider_interface, "GetInitialResultSet", "as", str(len(words)), *words)
                ids = re.findall(r'"([^"]*)"', output)[:5]
                took_metas, _ = call(*provider_interface, "GetResultMetas", "as", str(len(ids)), *ids)
                if run:
                    initial.append(took)
                    metas.append(took_metas)
            every_initial += initial
            every_metas += metas
            print(f"| `{query}` | {percentiles(initial)[0]:.1f} | {percentiles(initial)[1]:.1f} | "
                  f"{percentiles(metas)[0]:.1f} | {percentiles(metas)[1]:.1f} |")
        print(f"\nevery query: GetInitialResultSet p50 {percentiles(every_initial)[0]:.1f} ms, p95 {percentiles(every_initial)[1]:.1f} ms; "
              f"GetResultMetas p50 {percentiles(every_metas)[0]:.1f} ms, p95 {percentiles(every_metas)[1]:.1f} ms")
    finally:
        provider.terminate()
        bus.terminate()
        if embedder:
            embedder.terminate()
            embedder.wait()


main()
