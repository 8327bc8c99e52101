#!/usr/bin/env python3
"""Known items: can folioq find the one file that holds a word, an identifier, a number, a
name, a rare word beside a common one, or a title? Queries are made from the corpus's own
text as Folio stored it, each with the file it must find; every query runs in each mode as a
whole folioq process, and success@1 and MRR@10 are reported per kind and mode.

    bench/known-items.py FOLDER [--per-kind 60] [--modes lexical,hybrid,semantic]
                                [--data DIR] [--json OUT] [--bin DIR] [--queries JSON]

FOLDER is indexed into a scratch folder (folioctl index, its semantic stage included) and an
embedder runs beside the queries, as foliod keeps one; with --data DIR an index made before
(DIR/folio/folio.sqlite, its embedder socket under DIR/../run) is searched instead, so that
two builds are compared on one index (--bin, default .build/release).

The kinds, each drawn with a fixed seed from the documents' stored text:
  word        a word of 4+ letters that one file holds and no other (as written, any case)
  identifier  letters and digits joined by - _ . (INV-2023-4711, utf-8, git-rev-parse) in one file
  number      3+ digits in one file
  name        a capitalised word inside a sentence, whose word no other file holds
  rare+common a file's own word with a word of the same file that a tenth of the files hold
  title       a document's title that no other document has
A word, identifier or number another file's name holds is not one file's own (names are
searched). --queries: the queries an earlier run wrote with --json, so that two builds
(whose indexes may hold different text) are asked the same.
"""
import argparse
import json
import os
import random
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORD = re.compile(r"[^\W\d_]{4,}")
IDENTIFIER = re.compile(r"(?<![\w.-])[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)+(?![\w-])")
NUMBER = re.compile(r"(?<![\w.,-])\d{3,}(?![\w.,-]?\d)")
NAME = re.compile(r"(?<=[a-z,;] )[A-Z][a-z]{3,}\b")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--per-kind", type=int, default=60)
    parser.add_argument("--modes", default="lexical,hybrid,semantic")
    parser.add_argument("--data", help="an XDG_DATA_HOME whose index to search instead of indexing FOLDER")
    parser.add_argument("--bin", default=os.path.join(ROOT, ".build", "release"))
    parser.add_argument("--json", help="write every query's ranks here")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--queries", help="the queries of an earlier --json (another build's run), instead of drawing them")
    args = parser.parse_args()
    folder = os.path.abspath(args.folder)
    scratch = None
    embedder = None
    if args.data:
        data = os.path.abspath(args.data)
        run = os.path.join(os.path.dirname(data), "run")
    else:
        scratch = tempfile.mkdtemp(prefix="known-items.")
        data, run = os.path.join(scratch, "data"), os.path.join(scratch, "run")
    env = dict(os.environ, XDG_DATA_HOME=data, XDG_RUNTIME_DIR=run,
               XDG_CONFIG_HOME=os.path.join(os.path.dirname(data), "config"))
    os.makedirs(run, exist_ok=True)
    try:
        if not args.data:
            started = time.time()
            subprocess.run([os.path.join(args.bin, "folioctl"), "index", folder], env=env, check=True,
                           stdout=subprocess.DEVNULL)
            print(f"indexed {folder} in {time.time() - started:.0f} s", file=sys.stderr)
        socket = os.path.join(run, "folio", "embedder.sock")
        if not os.path.exists(socket):
            embedder = subprocess.Popen([os.path.join(args.bin, "foliod-worker"), "--embedder"], env=env,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(600):
                if os.path.exists(socket):
                    break
                time.sleep(0.1)
        if args.queries:
            with open(args.queries) as earlier:
                queries = [{"kind": q["kind"], "query": q["query"], "path": q["path"]} for q in json.load(earlier)]
        else:
            queries = make_queries(os.path.join(data, "folio", "folio.sqlite"), folder, args.per_kind, args.seed)
        modes = args.modes.split(",")
        ranks = {mode: [rank(args.bin, env, mode, q["query"], q["path"]) for q in queries] for mode in modes}
        report(queries, ranks, modes)
        if args.json:
            with open(args.json, "w") as out:
                json.dump([dict(q, ranks={m: ranks[m][i] for m in modes}) for i, q in enumerate(queries)], out, indent=1)
    finally:
        if embedder:
            embedder.terminate()
            embedder.wait()
        if scratch:
            subprocess.run(["rm", "-rf", scratch])


def make_queries(database, folder, per_kind, seed):
    """The queries of each kind, with the path each must find first."""
    db = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    texts = defaultdict(list)
    titles = {}
    for path, title, text in db.execute(
            "SELECT d.path, d.title, c.text FROM chunk c JOIN document d ON d.id = c.document_id "
            "WHERE d.path LIKE ? AND instr(d.path, '//') = 0 ORDER BY d.path, c.ordinal", (folder + "/%",)):
        # A file known by its name (or read without words) has its name as its one chunk:
        # no text to draw from.
        if text == os.path.basename(path):
            continue
        texts[path].append(text)
        if title:
            titles[path] = title
    files = sorted(texts)
    per_file = {path: "\n".join(chunks) for path, chunks in texts.items()}
    # In how many files each form occurs (words by lower case, the rest as written).
    words, identifiers, numbers = Counter(), Counter(), Counter()
    found = {}
    for path in files:
        text = per_file[path]
        w = {m.lower() for m in WORD.findall(text)}
        i = {m for m in IDENTIFIER.findall(text) if re.search(r"[A-Za-z]", m) and re.search(r"\d|[-_.]", m)}
        n = set(NUMBER.findall(text))
        found[path] = (w, i, n)
        # A file's name holds its words too (the index searches names): a word another
        # file's name holds is not one file's own.
        name = os.path.basename(path)
        words.update(w | {m.lower() for m in WORD.findall(name)})
        identifiers.update(i | set(IDENTIFIER.findall(name)))
        numbers.update(n | set(NUMBER.findall(name)))
    common = {word for word, count in words.items() if count >= max(2, len(files) // 10)}
    random.seed(seed)
    order = files[:]
    random.shuffle(order)
    queries = []

    def take(kind, pick):
        chosen = []
        for path in order:
            if len(chosen) == per_kind:
                break
            query = pick(path)
            if query:
                chosen.append({"kind": kind, "query": query, "path": path})
        queries.extend(chosen)

    def own_words(path):
        return sorted(w for w in found[path][0] if words[w] == 1)

    take("word", lambda p: random.choice(own_words(p)) if own_words(p) else None)
    take("identifier", lambda p: pick_one(sorted(x for x in found[p][1] if identifiers[x] == 1)))
    take("number", lambda p: pick_one(sorted(x for x in found[p][2] if numbers[x] == 1)))

    def name(path):
        names = sorted({m for m in NAME.findall(per_file[path]) if words[m.lower()] == 1})
        return pick_one(names)
    take("name", name)

    def rare_common(path):
        own = own_words(path)
        shared = sorted(found[path][0] & common)
        return f"{random.choice(own)} {random.choice(shared)}" if own and shared else None
    take("rare+common", rare_common)
    title_counts = Counter(t.strip().lower() for t in titles.values())
    take("title", lambda p: titles[p] if p in titles and title_counts[titles[p].strip().lower()] == 1
         and len(titles[p].split()) <= 12 else None)
    return queries


def pick_one(options):
    return random.choice(options) if options else None


def rank(binary, env, mode, query, path):
    """Where folioq puts `path` for `query` (1-based), or None beyond 10."""
    out = subprocess.run([os.path.join(binary, "folioq"), "--mode", mode, "--format", "paths", "--limit", "10", "--", query],
                         env=env, capture_output=True, text=True)
    paths = out.stdout.splitlines()
    return paths.index(path) + 1 if path in paths else None


def report(queries, ranks, modes):
    kinds = list(dict.fromkeys(q["kind"] for q in queries))
    print("| kind | queries | " + " | ".join(f"{m} success@1 / MRR@10" for m in modes) + " |")
    print("|---|---|" + "---|" * len(modes))
    for kind in kinds + ["all"]:
        rows = [i for i, q in enumerate(queries) if kind in ("all", q["kind"])]
        cells = []
        for mode in modes:
            r = [ranks[mode][i] for i in rows]
            success = sum(1 for x in r if x == 1) / len(r)
            mrr = sum(1 / x for x in r if x) / len(r)
            cells.append(f"{success:.3f} / {mrr:.3f}")
        print(f"| {kind} | {len(rows)} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
