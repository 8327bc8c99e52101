#!/usr/bin/env python3
"""Search at scale, side by side (issue 17): bench/scale.py's queries against the indexes
it left, by one or more folioq builds and recollq in turn, run by run, so that a machine
whose speed drifts within a run weighs on all of them alike.

    bench/scale-compare.py [--work DIR] [--files 100000] [--runs 30] FOLIOQ [FOLIOQ ...]

Each FOLIOQ is a folioq binary (say the release build before a change and after it); each
query runs `--runs` times per command after one warm-up each, the commands taking turns.
Prints p50 / p95 in ms. Run
bench/scale.py first: it builds DIR/folio-N/folio.sqlite and DIR/recoll-N.
"""
import argparse
import importlib.util
import os
import statistics
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def scale_queries():
    spec = importlib.util.spec_from_file_location("scale", os.path.join(HERE, "scale.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.QUERIES


def timed(commands, runs):
    """p50 and p95 of each command, run in turn (one run of each, then again), so that a
    machine whose speed drifts within a query's runs weighs on every command alike."""
    for command in commands:
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[index].append((time.perf_counter() - start) * 1000)
    for each in times:
        each.sort()
    return [(statistics.median(each), each[max(0, int(len(each) * 0.95 + 0.5) - 1)]) for each in times]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folioq", nargs="+")
    parser.add_argument("--work", default="/tmp/folio-scale")
    parser.add_argument("--files", type=int, default=100_000)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    database = os.path.join(args.work, f"folio-{args.files}", "folio.sqlite")
    recoll = os.path.join(args.work, f"recoll-{args.files}")
    print("| query | " + " | ".join(f"`{path}`" for path in args.folioq) + " | recollq |")
    print("|---|" + "---|" * (len(args.folioq) + 1))
    for query in scale_queries():
        commands = [[folioq, "--mode", "lexical", "--db", database, "--limit", "10", query] for folioq in args.folioq]
        commands.append(["recollq", "-c", recoll, "-n", "10", query])
        cells = ["%.1f / %.1f" % result for result in timed(commands, args.runs)]
        print(f"| `{query}` | " + " | ".join(cells) + " |", flush=True)


main()
