#!/usr/bin/env python3
"""Folio's own part of `folioq --ask`: the search for passages and the prompt built from
them, on an index that exists, with the embedder process running (as foliod keeps it).

    bench/ask-latency.py DATA_HOME [--queries FILE.tsv] [--count 40]

DATA_HOME is the XDG_DATA_HOME of the index (its folio/folio.sqlite). The questions are
the second column of a queries.tsv (default: ../shared/ir/cranfield's, which are
questions). The language model is the tests' stand-in server
(Tests/EndToEndTests/Fixtures/chat-server.py), which answers at once: the time to the
first token of a real model is the provider's, not Folio's. Prints p50, p95 and max in
milliseconds of:
  - folio: what `--json` reports as timings_ms.folio (process start to prompt ready)
  - of which retrieval: the search and reading the passages' text
  - the whole `folioq --ask --json` process, answer included
  - the anchor: the whole `folioq --json` process for the same text (a search)
Release binaries (make release); FOLIO_BIN overrides their folder.
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def summary(name, times):
    times = sorted(times)
    p95 = times[int(len(times) * 0.95) - 1]
    print(f"{name:44} p50 {statistics.median(times):6.1f} ms  p95 {p95:6.1f} ms  max {times[-1]:6.1f} ms")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("--queries", default=os.path.join(ROOT, "..", "shared", "ir", "cranfield", "queries.tsv"))
    parser.add_argument("--count", type=int, default=40)
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    folioq = os.path.join(binaries, "folioq")
    with open(args.queries, encoding="utf-8") as file:
        questions = [line.rstrip("\n").split("\t", 1)[1] for line in file if "\t" in line][: args.count]
    runtime = tempfile.mkdtemp()
    server = subprocess.Popen(["python3", os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "chat-server.py"),
                               os.path.join(runtime, "requests.log")], stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    os.makedirs(os.path.join(runtime, "config", "folio"))
    with open(os.path.join(runtime, "config", "folio", "config.toml"), "w") as config:
        config.write(f'[ask]\nurl = "http://127.0.0.1:{port}"\nmodel = "quote"\n')
    env = dict(os.environ, XDG_DATA_HOME=args.data_home, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(runtime, "config"))
    embedder = subprocess.Popen([os.path.join(binaries, "foliod-worker"), "--embedder"], env=env)
    try:
        measure(folioq, questions, env, runtime)
    finally:
        embedder.terminate()
        embedder.wait()
        server.kill()


def measure(folioq, questions, env, runtime):
    socket = os.path.join(runtime, "folio", "embedder.sock")
    while not os.path.exists(socket):
        time.sleep(0.05)
    subprocess.run([folioq, "warm up"], env=env, stdout=subprocess.DEVNULL)

    folio, retrieval, whole, search, passages, tokens = [], [], [], [], [], []
    for question in questions:
        start = time.perf_counter()
        result = subprocess.run([folioq, "--ask", "--json", question], env=env, capture_output=True, text=True)
        whole.append((time.perf_counter() - start) * 1000)
        if result.returncode == 2:
            raise SystemExit(f"folioq --ask failed on {question!r}: {result.stderr}")
        answer = json.loads(result.stdout)
        folio.append(answer["timings_ms"]["folio"])
        retrieval.append(answer["timings_ms"]["retrieval"])
        passages.append(len(answer["passages"]))
        tokens.append(answer["tokens"]["prompt_estimate"])
        start = time.perf_counter()
        subprocess.run([folioq, "--json", question], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        search.append((time.perf_counter() - start) * 1000)
    print(f"{len(questions)} questions, {statistics.mean(passages):.1f} passages and {statistics.mean(tokens):.0f} tokens (estimated) per prompt")
    summary("Folio's part (timings_ms.folio)", folio)
    summary("  of which retrieval", retrieval)
    summary("folioq --ask --json, whole process", whole)
    summary("anchor: folioq --json (search), whole process", search)


if __name__ == "__main__":
    main()
