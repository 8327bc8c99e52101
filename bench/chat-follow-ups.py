#!/usr/bin/env python3
"""How `folio chat` searches for follow-ups, on questions written for passages of the
benchmark corpus (bench/chat-follow-ups.jsonl: each a follow-up, the question before it,
the same follow-up written to stand alone, and the file, page and words of its answer).

    bench/chat-follow-ups.py DATA_HOME [--rewriter URL] [--modes as-typed,with-previous,rewrite,alone]

DATA_HOME is the XDG_DATA_HOME of an index of the small benchmark corpus with vectors
(../shared/bench/make-corpus.sh DIR small, then folioctl index). Every answer comes from
the tests' stand-in server (Tests/EndToEndTests/Fixtures/chat-server.py, model "quote",
which answers at once from the passages it was sent), started here; with --rewriter (an
OpenAI-compatible server, llama.cpp's llama-server with an instruction-tuned model), the
requests that make a follow-up stand alone go to it instead, through a small proxy here:
what is measured is the search, so the answers need no real model. For each mode:
  - as-typed, with-previous, rewrite: `folio chat --json PREVIOUS FOLLOW-UP` with
    [ask] follow_ups so; alone: the standalone question asked on its own (the baseline);
    agent: with-previous, and the stand-in's model "agent", which calls Folio's search with
    the question written out (appended to the follow-up as "(look up: …)") and then reads
    the first passage it found: a caller that always searches well, for Folio's part of a
    turn with two rounds of calls (its reach is an upper bound, not a model's);
  - reached: the follow-ups for which a passage sent is from the right file (and page)
    and holds every answer word;
  - Folio's part of the follow-up's turn (timings_ms.folio: search, prompt; the
    rewriting's wait for the model excluded), p50 and p95;
  - for rewrite, the model's rewritings, written to stdout with --show;
  - answered: the follow-ups whose answer cites a passage that bears it out (with
    --answerer, a real model's answers; the stand-in's always do when the passage is sent).
Release binaries (make release); FOLIO_BIN overrides their folder.
"""
import argparse
import http.server
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import urllib.request

from embedder import running_embedder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def squeezed(text):
    return " ".join(text.lower().split())


def right_passage(passage, item):
    if os.path.basename(passage["path"]) != item["file"]:
        return False
    if item["page"] is not None and item["page"] not in passage["pages"]:
        return False
    return all(squeezed(word) in squeezed(passage["text"]) for word in item["answer"])


def percentile(values, share):
    values = sorted(values)
    return values[max(0, int(len(values) * share + 0.5) - 1)]


def proxy(stand_in, rewriter, answerer=None):
    """A server that sends the requests to rewrite a follow-up to `rewriter`, the rest to
    `answerer` if given, else `stand_in`; returns its URL."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            request = json.loads(body)
            last = request["messages"][-1]["content"]
            target = rewriter if rewriter and last.endswith("Rewritten question:") else (answerer or stand_in)
            forwarded = urllib.request.Request(target + self.path.removeprefix("/v1"), body,
                                               {"Content-Type": "application/json", "Authorization": "Bearer sk-test-secret"})
            with urllib.request.urlopen(forwarded, timeout=600) as reply:
                data = reply.read()
                self.send_response(reply.status)
                self.send_header("Content-Type", reply.headers.get("Content-Type", "text/event-stream"))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}/v1"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("--rewriter", help="an OpenAI-compatible server's /v1 URL, for the rewritings")
    parser.add_argument("--modes", default="alone,as-typed,with-previous,rewrite,agent")
    parser.add_argument("--items", default=os.path.join(ROOT, "bench", "chat-follow-ups.jsonl"))
    parser.add_argument("--show", action="store_true", help="print each follow-up as searched for")
    parser.add_argument("--answerer", help="an OpenAI-compatible server's /v1 URL that answers (else the stand-in)")
    parser.add_argument("--answer-tokens", type=int, default=1024, help="[ask] answer_tokens")
    parser.add_argument("--context-tokens", type=int, default=0, help="[ask] context_tokens (0: the provider's default)")
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    with open(args.items, encoding="utf-8") as file:
        items = [json.loads(line) for line in file if line.strip()]
    runtime = tempfile.mkdtemp()
    log = os.path.join(runtime, "requests.jsonl")
    stand_in = subprocess.Popen([sys.executable, os.path.join(ROOT, "Tests", "EndToEndTests", "Fixtures", "chat-server.py"), log],
                                stdout=subprocess.PIPE, text=True)
    port = stand_in.stdout.readline().strip()
    # A real model answering streams through no proxy (the proxy hands a reply over whole).
    url = args.answerer if args.answerer and not args.rewriter else proxy(f"http://127.0.0.1:{port}/v1", args.rewriter, args.answerer)
    # A data folder of its own for the conversations, the index linked in.
    data = os.path.join(runtime, "data")
    os.makedirs(os.path.join(data, "folio"))
    for name in os.listdir(os.path.join(args.data_home, "folio")):
        if name.startswith("folio.sqlite") or name == "models":
            os.symlink(os.path.join(args.data_home, "folio", name), os.path.join(data, "folio", name))
    env = dict(os.environ, XDG_DATA_HOME=data, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(runtime, "config"),
               OPENAI_API_KEY="sk-test-secret")
    folio = os.path.join(binaries, "folio")
    results = {}
    try:
        with running_embedder(binaries, env):
            for mode in args.modes.split(","):
                os.makedirs(os.path.join(runtime, "config", "folio"), exist_ok=True)
                with open(os.path.join(runtime, "config", "folio", "config.toml"), "w") as config:
                    follow_ups = {"alone": "as-typed", "agent": "with-previous"}.get(mode, mode)
                    config.write(f'[ask]\nprovider = "openai"\nurl = "{url}"\nmodel = "{"agent" if mode == "agent" else "quote"}"\n'
                                 f'follow_ups = "{follow_ups}"\nanswer_tokens = {args.answer_tokens}\n'
                                 f'context_tokens = {args.context_tokens}\n')
                reached, folio_ms, kinds, calls, answered = 0, [], {}, 0, 0
                for item in items:
                    questions = [item["standalone"]] if mode == "alone" else [item["previous"], item["follow_up"]]
                    if mode == "agent":
                        questions[-1] += f" (look up: {item['standalone']})"
                    run = subprocess.run([folio, "chat", "--json"] + questions, env=env, capture_output=True, text=True, timeout=900)
                    lines = [json.loads(line) for line in run.stdout.splitlines() if line.strip()]
                    turn = lines[-1] if lines else {}
                    if len(lines) != len(questions) or "passages" not in turn:
                        print(f"{mode}: no answer for {questions[-1]!r}: {run.stderr.strip()[:300]}", file=sys.stderr)
                        continue
                    hit = any(right_passage(passage, item) for passage in turn["passages"])
                    reached += hit
                    folio_ms.append(turn["timings_ms"]["folio"])
                    calls += len(turn["conversation"]["calls"])
                    answered += turn["status"] == "answered"
                    kind = turn["conversation"]["follow_up"]
                    kinds[kind] = kinds.get(kind, 0) + 1
                    if args.show:
                        print(f"{mode}\t{'+' if hit else '-'}\t{item['follow_up']}\t→ {turn['conversation']['searched_for']}")
                results[mode] = {"reached": reached, "of": len(items), "share": round(reached / len(items), 3),
                                 "folio_ms_p50": round(statistics.median(folio_ms), 1) if folio_ms else None,
                                 "folio_ms_p95": round(percentile(folio_ms, 0.95), 1) if folio_ms else None, "searched_as": kinds,
                                 "tool_calls": calls, "answered": answered}
                print(json.dumps({mode: results[mode]}), flush=True)
    finally:
        stand_in.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
