#!/usr/bin/env python3
"""How well `folioq --ask` tells a citation its passage bears out from one it does not, by
words and by meaning, on claims written for passages of the small benchmark corpus
(bench/citation-claims.jsonl: each a question, the file whose passage it cites, the claim,
and whether that passage supports it; most of the supported ones say the passage in other
words, the unsupported ones are on the passage's subject but say what it does not).

    bench/citation-check.py DATA_HOME [--claims FILE]

DATA_HOME is the XDG_DATA_HOME of an index of the small benchmark corpus with vectors
(../shared/bench/make-corpus.sh DIR small, then folioctl index). No model can be made to
write a chosen sentence, so a stand-in served here answers each question with its claim,
citing the passage sent from the claim's file (`[n].`, Ollama's wire format); everything else
is folioq's own: the search, the passages, the check, with the embedder running as foliod
keeps it. A claim whose file is not among the passages sent is left out.

Reported: for the words alone and for words then meaning at several similarity thresholds
(the JSON's check.similarity, taken when the words fall short), the claims judged supported
that are (precision) and the supported claims judged so (recall); and the checking time.
Release binaries (make release); FOLIO_BIN overrides their folder.
"""
import argparse
import http.server
import json
import os
import re
import statistics
import subprocess
import tempfile
import threading

from embedder import running_embedder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CLAIMS = {}


class ClaimServer(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"

    def log_message(self, *args):
        pass

    def do_POST(self):
        request = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        user = [m["content"] for m in request["messages"] if m["role"] == "user"][-1]
        question = user.rsplit("Question: ", 1)[-1].strip()
        claim, file = CLAIMS[question]
        number = next((int(n) for n, name in re.findall(r"^\[(\d+)\] (\S+)", user, re.M) if name == file), None)
        text = f"{claim[:-1]} [{number}]." if number else "The documents do not say."
        body = json.dumps({"model": "claim", "message": {"role": "assistant", "content": text}, "done": False}) + "\n"
        body += json.dumps({"model": "claim", "message": {"role": "assistant", "content": ""}, "done": True, "done_reason": "stop",
                            "prompt_eval_count": 1, "eval_count": 1}) + "\n"
        self.send_response(200)
        self.send_header("Content-Type", "application/x-ndjson")
        self.end_headers()
        self.wfile.write(body.encode())


def percentile(values, share):
    values = sorted(values)
    return values[max(0, int(len(values) * share + 0.5) - 1)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("--claims", default=os.path.join(ROOT, "bench", "citation-claims.jsonl"))
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    with open(args.claims, encoding="utf-8") as file:
        items = [json.loads(line) for line in file if line.strip()]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), ClaimServer)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    runtime = tempfile.mkdtemp()
    os.makedirs(os.path.join(runtime, "config", "folio"))
    with open(os.path.join(runtime, "config", "folio", "config.toml"), "w") as config:
        config.write(f'[ask]\nprovider = "ollama"\nurl = "http://127.0.0.1:{server.server_port}"\nmodel = "claim"\n')
    env = dict(os.environ, XDG_DATA_HOME=args.data_home, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(runtime, "config"))
    rows = []
    try:
        with running_embedder(binaries, env):
            for index, item in enumerate(items):
                # Each claim its own question, so that one question may carry several claims.
                question = f"{item['question']} ({index})"
                CLAIMS[question] = (item["claim"], item["file"])
                run = subprocess.run([os.path.join(binaries, "folioq"), "--ask", "--json", "--weigh-meaning", question], env=env, capture_output=True, text=True)
                answer = json.loads(run.stdout)
                checks = [c["check"] for c in answer["citations"]] + [c["check"] for c in answer["unsupported_citations"]]
                if not checks:
                    print(f"left out (its file not among the passages sent): {item['claim']}")
                    continue
                check = checks[0]
                rows.append((item, check, answer["timings_ms"]["checking"]))
                print(f"{'+' if item['supported'] else '-'} words {check['word_coverage']:.2f} meaning "
                      f"{'—' if check['similarity'] is None else format(check['similarity'], '.3f')} "
                      f"{'numbers ' + ','.join(check['missing_numbers']) if check['missing_numbers'] else ''} {item['claim']}")
    finally:
        server.shutdown()

    def judged(check, threshold):
        if check["found_by"] == "words":
            return True
        if threshold is None or check["similarity"] is None or check["missing_numbers"] or check["quote_not_in_passage"]:
            return False
        return check["similarity"] >= threshold

    positives = sum(item["supported"] for item, _, _ in rows)
    print(f"{len(rows)} claims, {positives} supported by their passage")
    for threshold in (None, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7):
        said = [(item, judged(check, threshold)) for item, check, _ in rows]
        true = sum(1 for item, yes in said if yes and item["supported"])
        false = sum(1 for item, yes in said if yes and not item["supported"])
        name = "words (as folioq checks)" if threshold is None else f"words, or meaning >= {threshold:.2f}"
        print(f"{name:32} precision {true / max(1, true + false):.2f} ({false} unsupported judged supported), "
              f"recall {true / max(1, positives):.2f} ({true} of {positives})")
    checking = [ms for _, _, ms in rows]
    print(f"checking: p50 {statistics.median(checking):.2f} ms, p95 {percentile(checking, 0.95):.2f} ms")


if __name__ == "__main__":
    main()
