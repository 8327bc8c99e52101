#!/usr/bin/env python3
"""A partly embedded index: does search by words and meaning still find what it finds when
every passage has its vectors, or does it push the documents the semantic stage has not
reached below those it has? The first hour of a new user's index is like that.

    bench/partial-embedding.py DATA_HOME COLLECTION [--embedded 0.33] [--bin DIR] [--anchor DIR]

DATA_HOME is the XDG_DATA_HOME of an index of a relevance collection's documents, made with
its vectors (`folioctl index ../shared/ir/cranfield/docs`); COLLECTION the collection's
folder (queries.tsv, qrels.tsv). The index is copied, and in the copy the vectors of all but
a seeded share (--embedded) of the documents are deleted, as if the semantic stage had not
reached them. Each question then runs through folioq on both indexes, by words and by words
and meaning, with an embedder beside it; for each, the share of questions with a relevant
document among the first 8 results (as many as `folioq --ask` sends a model, about) and
MRR@8.
--anchor DIR runs another build's folioq the same way, for a side-by-side comparison.

A question with many relevant documents hides what a single right answer shows: with
--keep DIR the partly embedded copy is left at DIR/data (no questions asked, COLLECTION
unused), for `bench/known-items.py FOLDER --data DIR/data`, whose every query has one file
to find.
"""
import argparse
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("collection")
    parser.add_argument("--embedded", type=float, default=1 / 3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--anchor", help="another build's binaries, run the same way")
    parser.add_argument("--keep", help="leave the partly embedded copy at KEEP/data and ask nothing")
    args = parser.parse_args()
    if args.keep:
        shutil.copytree(args.data_home, os.path.join(args.keep, "data"))
        os.makedirs(os.path.join(args.keep, "run"), exist_ok=True)
        kept = drop_vectors(os.path.join(args.keep, "data", "folio", "folio.sqlite"), args.embedded, args.seed)
        print(f"{kept[0]} of {kept[1]} documents keep their vectors: {args.keep}/data")
        return
    questions = read_questions(args.collection)
    scratch = tempfile.mkdtemp(prefix="partial-embedding.")
    try:
        partial = os.path.join(scratch, "data")
        shutil.copytree(args.data_home, partial)
        kept = drop_vectors(os.path.join(partial, "folio", "folio.sqlite"), args.embedded, args.seed)
        print(f"{kept[0]} of {kept[1]} documents keep their vectors\n")
        builds = [("this", args.bin)] + ([("anchor", args.anchor)] if args.anchor else [])
        print("| index | build | mode | relevant among the first 8 | MRR@8 |")
        print("|---|---|---|---|---|")
        for label, data in [("every document embedded", args.data_home), (f"{args.embedded:.0%} embedded", partial)]:
            for name, binary in builds:
                with Embedder(binary, data, scratch) as env:
                    for mode in ["lexical", "hybrid"]:
                        at8, mrr = score(binary, env, mode, questions)
                        print(f"| {label} | {name} | {mode} | {at8:.3f} | {mrr:.3f} |")
    finally:
        shutil.rmtree(scratch)


def read_questions(collection):
    relevant = {}
    with open(os.path.join(collection, "qrels.tsv"), encoding="utf-8") as file:
        for line in file:
            parts = line.split()
            if len(parts) >= 3 and parts[2].lstrip("-").isdigit() and int(parts[2]) > 0:
                relevant.setdefault(parts[0], set()).add(parts[1])
    with open(os.path.join(collection, "queries.tsv"), encoding="utf-8") as file:
        pairs = [line.rstrip("\n").split("\t", 1) for line in file if "\t" in line]
    return [(text, relevant[qid]) for qid, text in pairs if qid in relevant]


def drop_vectors(database, share, seed):
    """Deletes the vectors of every document but a seeded `share`; returns (kept, documents)."""
    db = sqlite3.connect(database)
    documents = [row[0] for row in db.execute("SELECT id FROM document ORDER BY id")]
    rng = random.Random(seed)
    dropped = [d for d in documents if rng.random() >= share]
    db.execute("CREATE TEMP TABLE dropped (id INTEGER PRIMARY KEY)")
    db.executemany("INSERT INTO dropped VALUES (?)", [(d,) for d in dropped])
    # A window's vector is shared by every chunk with the same text: kept if any kept document has it.
    db.execute("""
        DELETE FROM vector WHERE key IN (SELECT w.key FROM chunk_window w JOIN chunk c ON c.id = w.chunk_id
                                         WHERE c.document_id IN (SELECT id FROM dropped))
                             AND key NOT IN (SELECT w.key FROM chunk_window w JOIN chunk c ON c.id = w.chunk_id
                                             WHERE c.document_id NOT IN (SELECT id FROM dropped))""")
    db.commit()
    db.close()
    return len(documents) - len(dropped), len(documents)


class Embedder:
    """An embedder process on the index at `data`, as foliod keeps one, for the queries' vectors."""

    def __init__(self, binary, data, scratch):
        runtime = tempfile.mkdtemp(dir=scratch)
        self.binary = binary
        self.env = dict(os.environ, XDG_DATA_HOME=data, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(runtime, "config"))
        self.socket = os.path.join(runtime, "folio", "embedder.sock")

    def __enter__(self):
        self.process = subprocess.Popen([os.path.join(self.binary, "foliod-worker"), "--embedder"], env=self.env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(600):
            if os.path.exists(self.socket):
                return self.env
            time.sleep(0.1)
        sys.exit("partial-embedding.py: the embedder did not start")

    def __exit__(self, *_):
        self.process.terminate()
        self.process.wait()


def score(binary, env, mode, questions):
    at8 = mrr = 0.0
    for text, relevant in questions:
        out = subprocess.run([os.path.join(binary, "folioq"), "--mode", mode, "--format", "paths", "--limit", "8", "--", text],
                             env=env, capture_output=True, text=True).stdout
        names = [os.path.splitext(os.path.basename(path))[0] for path in out.splitlines()]
        at8 += any(name in relevant for name in names)
        mrr += next((1 / (rank + 1) for rank, name in enumerate(names) if name in relevant), 0)
    return at8 / len(questions), mrr / len(questions)


main()
