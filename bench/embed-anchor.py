#!/usr/bin/env python3
"""The anchor for Folio's semantic stage: ONNX Runtime's own Python API on the same model
and the same windows, one window per run on two threads, as Folio runs it. Reads the
chunks of a Folio database, cuts them into windows by Folio's rule (EmbeddingWindows: at
most 180 words, equal parts, led by title and section unless the text starts with them),
tokenizes with Hugging Face's tokenizers (256 tokens at most), and prints windows/s.

    embed-anchor.py DATABASE MODEL_DIR [--every N] [--threads 2]

--threads N: ONNX Runtime's intra-op threads (2, as Folio runs it on two cores).
--every N embeds every Nth distinct window only (in the database's order): a sample of
the same windows, for a corpus whose whole set would take the anchor an hour.
"""
import argparse
import sqlite3
import time

import numpy as np
import onnxruntime as ort
from tokenizers import Tokenizer

MAX_WORDS = 180


def windows(title, section, text):
    words = text.split()
    opening = " ".join(words[:64])
    heading = " — ".join(" ".join(p.split()) for p in (title, section)
                         if p and p.split() and not opening.startswith(" ".join(p.split())))
    lead = heading + "\n" if heading else ""
    count = max(1, -(-len(words) // MAX_WORDS))
    size = max(1, -(-len(words) // count))
    return [lead + " ".join(words[i * size:(i + 1) * size]) for i in range(count)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("model")
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--threads", type=int, default=2, help="ONNX Runtime's intra-op threads (Folio's: 2 on two cores)")
    args = parser.parse_args()
    database, model = args.database, args.model
    rows = sqlite3.connect(database).execute(
        "SELECT d.title, c.section, c.text FROM chunk c JOIN document d ON d.id = c.document_id").fetchall()
    texts = list(dict.fromkeys(w for row in rows for w in windows(*row)))[:: args.every]
    tokenizer = Tokenizer.from_file(model + "/tokenizer.json")
    tokenizer.enable_truncation(256)
    tokenizer.no_padding()
    options = ort.SessionOptions()
    options.intra_op_num_threads = args.threads
    options.inter_op_num_threads = 1
    options.enable_cpu_mem_arena = False
    session = ort.InferenceSession(model + "/model.onnx", options, providers=["CPUExecutionProvider"])
    start = time.time()
    tokens = 0
    for text in texts:
        encoding = tokenizer.encode(text)
        ids = np.array([encoding.ids], dtype=np.int64)
        mask = np.ones_like(ids)
        tokens += ids.shape[1]
        hidden = session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)})[0]
        vector = hidden.mean(axis=1)[0]
        vector /= np.linalg.norm(vector)
    seconds = time.time() - start
    print(f"anchor: {len(texts)} windows, {tokens / len(texts):.0f} tokens each on average, "
          f"{seconds:.1f} s, {len(texts) / seconds:.1f} windows/s")


main()
