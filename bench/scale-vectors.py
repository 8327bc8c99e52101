#!/usr/bin/env python3
"""Gives every chunk of an index windows and vectors without running the model: an index
of 100,000 files with vectors for measuring search by meaning at scale (issue 55), which
embedding for real would take most of a day on two cores.

    bench/scale-vectors.py DATABASE --windows 1500000 --source INDEX [--source INDEX ...]

DATABASE is a copy of an index made by `folioctl index --no-semantic` (bench/scale.py's):
its windows and vectors are replaced. The chunks share --windows windows evenly (a chunk
of the scale corpus has two or three real windows: the count is raised to the size the
issue measures at, 1.5 million for 100,000 files of the full corpus's lengths). Each
window's vector is drawn from real all-MiniLM-L6-v2 vectors (those of the --source
indexes, embedded by `folioctl index`): seven tenths of its chunk's own real vector, three
tenths of another drawn at random and a little noise, normalised and quantised to int8 as
Folio stores them. So a chunk's windows are near one another and the collection has the
spread of real vectors, though around fewer distinct points than real text would give.
What is measured on it is the work (codes held, scanned, rescored) and the memory;
whether the right windows are found is measured on real vectors (bench/vector-recall.py).

Deterministic (seeded). Also prints the real vectors it drew from and the windows made.
"""
import argparse
import random
import sqlite3

import numpy as np


def real_vectors(paths):
    vectors = []
    for path in paths:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as source:
            for scale, data in source.execute("SELECT scale, data FROM vector"):
                vectors.append(np.frombuffer(data, dtype=np.int8).astype(np.float32) * scale)
    matrix = np.stack(vectors)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def quantised(vector):
    """As Folio's QuantisedVector: the largest component to 127, rounded."""
    largest = float(np.abs(vector).max())
    scale = largest / 127 if largest > 0 else 1.0
    return scale, np.clip(np.rint(vector / scale), -127, 127).astype(np.int8).tobytes()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("--windows", type=int, default=1_500_000)
    parser.add_argument("--source", action="append", required=True, help="an index with real vectors")
    args = parser.parse_args()
    real = real_vectors(args.source)
    rng = np.random.default_rng(55)
    keys = random.Random(55)
    db = sqlite3.connect(args.database)
    model = db.execute("SELECT id FROM embedding_model ORDER BY id LIMIT 1").fetchone()
    if model is None:
        db.execute("INSERT INTO embedding_model (provider, name, dimension, created_at) VALUES ('local', 'all-MiniLM-L6-v2', 384, 0)")
        model = db.execute("SELECT id FROM embedding_model").fetchone()
    model = model[0]
    chunks = [row[0] for row in db.execute("SELECT id FROM chunk ORDER BY id")]
    db.execute("DELETE FROM chunk_window")
    db.execute("DELETE FROM vector")
    per_chunk, extra = divmod(args.windows, len(chunks))
    made = 0
    batch_windows, batch_vectors = [], []
    for index, chunk in enumerate(chunks):
        count = per_chunk + (1 if index < extra else 0)
        own = real[rng.integers(len(real))]
        others = real[rng.integers(0, len(real), count)]
        noise = rng.normal(0, 0.005, (count, real.shape[1])).astype(np.float32)
        vectors = 0.7 * own + 0.3 * others + noise
        vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
        for ordinal, vector in enumerate(vectors):
            key = keys.getrandbits(62)
            batch_windows.append((chunk, ordinal, key))
            batch_vectors.append((model, key, *quantised(vector)))
        made += count
        if len(batch_windows) >= 50_000 or index == len(chunks) - 1:
            db.executemany("INSERT INTO chunk_window (chunk_id, ordinal, key) VALUES (?, ?, ?)", batch_windows)
            db.executemany("INSERT INTO vector (model_id, key, scale, data) VALUES (?, ?, ?, ?)", batch_vectors)
            batch_windows, batch_vectors = [], []
    db.execute("UPDATE embedding_model SET dimension = 384, completed_at = coalesce(completed_at, 1) WHERE id = ?", [model])
    db.commit()
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    print(f"{made} windows over {len(chunks)} chunks, vectors drawn from {len(real)} real ones")


if __name__ == "__main__":
    main()
