#!/usr/bin/env python3
"""Filtered queries against the same queries unfiltered (issue 54), each as a whole
`folioq` process, in the same run, interleaved.

    bench/filters.py TREE --work DIR [--runs 10] [--folio BIN] [--compare BIN2 [--compare-work DIR2]] [--query Q ...]

TREE is a folder of files (bench/scale-corpus.py's, 100,000 files). Their modification
times are spread once over 2015-2026 (a file's own, from its path's hash: deterministic),
so that date filters keep part of the files; then `folioctl index` indexes the tree into
DIR (once). Each query of words runs alone and with each filter, `--mode lexical --limit
10`, `--runs` times after a warm-up; the table gives p50 / p95 in ms and the ratio of the
filtered p95 to the unfiltered one. BIN: a folder with folioq and folioctl (default: this
checkout's release build). BIN2: a second build timed beside it, each command of one build
followed by the same of the other, so that both see the same machine; a row for each.
DIR2: BIN2's index, when the two builds' indexes differ (a copy of DIR's that BIN2 brought
up to date: the same documents, its own tables).
--query: these queries instead of the ten (repeatable).
"""
import argparse
import hashlib
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUERIES = ["system", "data type", "configur*", "memory allocation", "error message", "return value of the function",
           "how do I configure the network", "the", "use the", "postgresql replication slot"]
FILTERS = ["after:2021", "date:2019", "since:1y", "ext:md", "size:>4k", "size:>8k", "name:*1*", "before:2000"]
START, END = 1420070400, 1790000000  # 2015-01-01 and late 2026


def spread_times(tree):
    marker = os.path.join(tree, ".times-spread")
    if os.path.exists(marker):
        return
    for folder, _, files in os.walk(tree):
        for name in files:
            path = os.path.join(folder, name)
            digest = int.from_bytes(hashlib.sha1(path[len(tree):].encode()).digest()[:8], "big")
            moment = START + digest % (END - START)
            os.utime(path, (moment, moment))
    open(marker, "w").close()


def environment(work):
    """What points Folio at an index in `work`."""
    return dict(os.environ, XDG_DATA_HOME=os.path.join(work, "data"), XDG_CONFIG_HOME=os.path.join(work, "config"),
                XDG_RUNTIME_DIR=os.path.join(work, "run"), XDG_CACHE_HOME=os.path.join(work, "cache"))


def timed(command, env):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    return (time.perf_counter() - start) * 1000


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("tree")
    parser.add_argument("--work", required=True)
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--folio", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--compare")
    parser.add_argument("--compare-work")
    parser.add_argument("--query", action="append")
    args = parser.parse_args()
    tree = os.path.abspath(args.tree)
    spread_times(tree)
    os.makedirs(args.work, exist_ok=True)
    env = environment(args.work)
    os.makedirs(env["XDG_RUNTIME_DIR"], mode=0o700, exist_ok=True)
    config = os.path.join(env["XDG_CONFIG_HOME"], "folio")
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "config.toml"), "w") as file:
        file.write('[embeddings]\nprovider = "none"\n')
    folioctl = os.path.join(args.folio, "folioctl")
    if not os.path.exists(os.path.join(args.work, ".indexed")):
        started = time.perf_counter()
        subprocess.run([folioctl, "index", tree], env=env, check=True, stdout=subprocess.DEVNULL)
        print(f"indexed in {time.perf_counter() - started:.0f} s", file=sys.stderr)
        open(os.path.join(args.work, ".indexed"), "w").close()
    builds = [args.folio] + ([args.compare] if args.compare else [])
    envs = [env, environment(args.compare_work) if args.compare_work else env]
    print("| query | " + ("build | " if args.compare else "") + "unfiltered p50 / p95 | "
          + " | ".join(f"`{f}` p50 / p95 (×)" for f in FILTERS) + " |")
    print("|---|" + ("---|" if args.compare else "") + "---|" + "---|" * len(FILTERS))
    ratios = {(build, f): [] for build in builds for f in FILTERS}
    for query in args.query or QUERIES:
        commands = [[os.path.join(build, "folioq"), "--mode", "lexical", "--limit", "10"] + query.split() + filters
                    for filters in [[]] + [[f] for f in FILTERS] for build in builds]
        environments = [envs[number % len(builds)] for number in range(len(commands))]
        samples = [[] for _ in commands]
        for index in range(args.runs + 1):
            for number, command in enumerate(commands):
                elapsed = timed(command, environments[number])
                if index:
                    samples[number].append(elapsed)
        for place, build in enumerate(builds):
            mine = samples[place::len(builds)]
            p95 = [percentile(s, 0.95) for s in mine]
            cells = [f"{percentile(mine[0], 0.5):.1f} / {p95[0]:.1f}"]
            for number, name in enumerate(FILTERS, start=1):
                ratios[(build, name)].append(p95[number] / p95[0])
                cells.append(f"{percentile(mine[number], 0.5):.1f} / {p95[number]:.1f} ({p95[number] / p95[0]:.2f})")
            print(f"| `{query}` | " + (f"{build} | " if args.compare else "") + " | ".join(cells) + " |", flush=True)
    for build in builds:
        print(f"\nfiltered p95 / unfiltered p95, median and worst over the queries ({build}):")
        for name in FILTERS:
            values = sorted(ratios[(build, name)])
            print(f"  {name}: {values[len(values) // 2]:.2f}, worst {values[-1]:.2f}")


if __name__ == "__main__":
    main()
