#!/usr/bin/env python3
"""Writes the reference vectors LocalEmbedderTests compares Folio's local embedder with:
ONNX Runtime's Python API and Hugging Face's tokenizers on the same model files, with
sentence-transformers' pooling (mean over attended tokens) and normalisation.

    python3 -m venv /tmp/ort && /tmp/ort/bin/pip install onnxruntime==1.32.0 tokenizers==0.23.3 numpy
    /tmp/ort/bin/python scripts/embedding-reference.py MODEL_DIR \
        > Tests/FolioEmbeddingTests/Fixtures/minilm-reference.json
"""
import json, sys, numpy as np, onnxruntime as ort
from tokenizers import Tokenizer
d = sys.argv[1]
tok = Tokenizer.from_file(d + "/tokenizer.json"); tok.enable_truncation(256); tok.no_padding()
s = ort.InferenceSession(d + "/model.onnx")
texts = ["vehicle service invoice: 480 EUR", "how much did the car repair cost", "Crème brûlée à la française", "東京は日本の首都です", " ".join(["word"] * 400)]
out = []
for t in texts:
    e = tok.encode(t); ids = np.array([e.ids]); m = np.array([e.attention_mask])
    h = s.run(None, {"input_ids": ids, "attention_mask": m, "token_type_ids": np.zeros_like(ids)})[0]
    v = (h * m[..., None]).sum(1) / m.sum(); v = v / np.linalg.norm(v)
    out.append({"text": t, "vector": [round(float(x), 6) for x in v[0]]})
json.dump({"onnxruntime": ort.__version__, "cases": out}, sys.stdout)
