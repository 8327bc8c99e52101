#!/usr/bin/env python3
"""The least similarity of a result found by meaning alone for a short query none of whose
words the index holds (Fusion.leastSimilarityOfShortQuery), calibrated on measured pairs:

  related    each three-word query of a relevance collection (bench/short-queries.py) and
             the most similar of its judged-relevant documents, by meaning alone;
  unrelated  words the collection's documents do not hold (words of the other collection,
             and strings of letters), and the most similar document to each.

    bench/similarity-floor.py COLLECTION SHORT_QUERIES OTHER_DOCS [--bin DIR]
    e.g. bench/similarity-floor.py ../shared/ir/cranfield /tmp/short/cranfield/queries.tsv ../shared/ir/cisi/docs

Indexes COLLECTION/docs into a scratch folder with its vectors, runs an embedder beside the
queries, and prints both distributions' percentiles and, for candidate floors, the share of
related pairs kept and of unrelated queries answered. Similarities under 0.2 count as 0.2
(folioq finds no window below it).
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("collection")
    parser.add_argument("short_queries")
    parser.add_argument("other_docs")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--unrelated", type=int, default=150)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="floor.")
    env = dict(os.environ, XDG_DATA_HOME=f"{scratch}/data", XDG_RUNTIME_DIR=f"{scratch}/run",
               XDG_CONFIG_HOME=f"{scratch}/config")
    os.makedirs(f"{scratch}/run")
    docs = os.path.join(os.path.abspath(args.collection), "docs")
    subprocess.run([f"{args.bin}/folioctl", "index", docs], env=env, check=True, stdout=subprocess.DEVNULL)
    embedder = subprocess.Popen([f"{args.bin}/foliod-worker", "--embedder"], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not os.path.exists(f"{scratch}/run/folio/embedder.sock"):
            time.sleep(0.1)
        qrels = {}
        for line in open(os.path.join(args.collection, "qrels.tsv")):
            parts = line.split()
            if len(parts) >= 3 and parts[2].lstrip("-").isdigit() and int(parts[2]) > 0:
                qrels.setdefault(parts[0], set()).add(parts[1])
        related = []
        for line in open(args.short_queries):
            qid, text = line.rstrip("\n").split("\t", 1)
            if qid not in qrels:
                continue
            sims = similarities(args.bin, env, text)
            related.append(max([s for doc, s in sims.items() if doc in qrels[qid]], default=0.2))
        unrelated = [max(similarities(args.bin, env, word).values(), default=0.2)
                     for word in absent_words(args.bin, env, args.other_docs, args.unrelated)]
        report(related, unrelated)
    finally:
        embedder.terminate()
        embedder.wait()
        subprocess.run(["rm", "-rf", scratch])


def similarities(binary, env, text):
    """Each document's best similarity to `text`, by meaning alone (at least 0.2)."""
    out = subprocess.run([f"{binary}/folioq", "--mode", "semantic", "--json", "--limit", "100", "--", text],
                         env=env, capture_output=True, text=True).stdout
    results = json.loads(out)["results"] if out.strip() else []
    return {os.path.splitext(os.path.basename(r["path"]))[0]: r["ranking"]["similarity"]
            for r in results if r.get("ranking") and r["ranking"]["similarity"] is not None}


def absent_words(binary, env, other_docs, count):
    """Words of the other collection, and strings of letters, that no document holds."""
    random.seed(5)
    vocabulary = set()
    for name in sorted(os.listdir(other_docs))[:400]:
        with open(os.path.join(other_docs, name), encoding="utf-8", errors="replace") as f:
            vocabulary.update(w.lower() for w in re.findall(r"[A-Za-z]{5,}", f.read()))
    candidates = random.sample(sorted(vocabulary), min(len(vocabulary), count * 4))
    candidates += ["".join(random.choice("bcdfghjklmnpqrstvwxz") for _ in range(6)) for _ in range(count // 3)]
    words = []
    for word in candidates:
        found = subprocess.run([f"{binary}/folioq", "--mode", "lexical", "--format", "paths", "--limit", "1", "--", word],
                               env=env, capture_output=True, text=True).stdout.strip()
        if not found:
            words.append(word)
        if len(words) == count:
            break
    return words


def report(related, unrelated):
    def percentile(values, p):
        values = sorted(values)
        return values[min(len(values) - 1, int(p / 100 * len(values)))]
    print(f"related pairs: {len(related)}; unrelated queries: {len(unrelated)}")
    for name, values in (("related", related), ("unrelated", unrelated)):
        print(f"  {name}: " + ", ".join(f"p{p} {percentile(values, p):.3f}" for p in (5, 10, 25, 50, 75, 90, 95, 99)))
    print("| floor | related kept | unrelated answered |")
    print("|---|---|---|")
    for floor in (0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5):
        kept = sum(1 for s in related if s >= floor) / len(related)
        answered = sum(1 for s in unrelated if s >= floor) / len(unrelated)
        print(f"| {floor:.2f} | {kept:.3f} | {answered:.3f} |")


if __name__ == "__main__":
    main()
