#!/usr/bin/env python3
"""How often the first pass of a search by meaning keeps the exact nearest windows: the
signs of each int8 vector as a code (VectorIndex), the codes nearest the query's by the
number of signs that differ, a shortlist of each size, against the exact top 10 and top
100 by the int8 vectors' cosine similarity (what the rescoring computes).

    bench/vector-recall.py DATABASE --queries SOURCE [--count 200] [--sizes 500,1000,2000,4000]

DATABASE: an index with vectors (e.g. bench/scale-vectors.py's). SOURCE: an index whose
real vectors are the queries (drawn at random, seeded). Prints, per shortlist size, the
share of queries whose exact top 10 are all in the shortlist, and the mean share of the
exact top 100 in it.
"""
import argparse
import sqlite3

import numpy as np


def vectors(path):
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
        rows = db.execute("SELECT scale, data FROM vector ORDER BY id").fetchall()
    ints = np.frombuffer(b"".join(data for _, data in rows), dtype=np.int8).reshape(len(rows), -1)
    return ints, np.array([scale for scale, _ in rows], dtype=np.float32)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("--queries", required=True)
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--sizes", default="500,1000,2000,4000")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    ints, scales = vectors(args.database)
    floats = ints.astype(np.float32) * scales[:, None]
    codes = np.packbits(ints >= 0, axis=1)
    source, source_scales = vectors(args.queries)
    picked = np.random.default_rng(55).choice(len(source), args.count, replace=False)
    queries = source[picked].astype(np.float32) * source_scales[picked, None]
    queries /= np.linalg.norm(queries, axis=1, keepdims=True)
    ones = np.array([bin(byte).count("1") for byte in range(256)], dtype=np.uint16)
    top10, top100 = {size: 0 for size in sizes}, {size: 0.0 for size in sizes}
    for query in queries:
        exact = floats @ query
        best = np.argpartition(-exact, 100)[:100]
        best = best[np.argsort(-exact[best])]
        distance = ones[np.bitwise_xor(codes, np.packbits(query >= 0))].sum(axis=1)
        # Ties broken by the older row, as VectorIndex.shortlist does.
        order = np.lexsort((np.arange(len(distance)), distance))
        for size in sizes:
            kept = set(order[:size].tolist())
            top10[size] += all(row in kept for row in best[:10].tolist())
            top100[size] += sum(row in kept for row in best.tolist()) / 100
    print(f"{len(ints)} vectors, {args.count} queries")
    for size in sizes:
        print(f"shortlist {size:>6}: exact top 10 all kept {top10[size] / args.count:.3f}, "
              f"top 100 kept {top100[size] / args.count:.3f}")


if __name__ == "__main__":
    main()
