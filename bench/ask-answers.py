#!/usr/bin/env python3
"""How well `folioq --ask` answers, on questions written for passages of the benchmark corpus
(bench/ask-questions.jsonl: each with its file, page where the file has pages, the words of
its answer, and whether it is paraphrased, sharing few of the passage's rare words).

    bench/ask-answers.py DATA_HOME --url http://127.0.0.1:8080/v1 [--provider openai] [--model NAME]
                         [--answer-tokens 1024] [--questions FILE] [--no-quotes]

DATA_HOME is the XDG_DATA_HOME of an index of the small benchmark corpus
(../shared/bench/make-corpus.sh DIR small, then folioctl index); --url an OpenAI-compatible
server already running (llama.cpp's llama-server: scripts/install-llama-server.sh installs
it with SmolLM2-135M-Instruct; the tests' stand-in, Tests/EndToEndTests/Fixtures/chat-server.py
with --provider ollama and --model quote, answers at once, for the retrieval alone). The
embedder runs for the hybrid search, as foliod keeps it, loaded before the first question.
Reported, overall and for the paraphrased questions:
  - retrieval recall: the questions for which a passage sent is from the right file (and
    page) and holds every answer word;
  - answer match: the answers that hold every answer word;
  - citation precision: of the passages listed as sources, those that hold the answer;
    and how many citations were marked unsupported;
  - Folio's part: timings_ms.folio (to the prompt) and .checking (the citations), p50 and p95.
Release binaries (make release); FOLIO_BIN overrides their folder.
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile

from embedder import running_embedder

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def squeezed(text):
    return " ".join(text.lower().split())


def holds(text, words):
    text = squeezed(text)
    return all(squeezed(word) in text for word in words)


def right_passage(passage, item):
    if os.path.basename(passage["path"]) != item["file"]:
        return False
    if item["page"] is not None and item["page"] not in passage["pages"]:
        return False
    return holds(passage["text"], item["answer"])


def percentile(values, share):
    values = sorted(values)
    return values[max(0, int(len(values) * share + 0.5) - 1)]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("data_home")
    parser.add_argument("--url", required=True)
    parser.add_argument("--provider", default="openai", choices=["openai", "ollama"])
    parser.add_argument("--model", default="")
    parser.add_argument("--answer-tokens", type=int, default=1024, help="[ask] answer_tokens")
    parser.add_argument("--questions", default=os.path.join(ROOT, "bench", "ask-questions.jsonl"))
    parser.add_argument("--no-quotes", action="store_true", help="[ask] quotes = false")
    args = parser.parse_args()
    binaries = os.environ.get("FOLIO_BIN", os.path.join(ROOT, ".build", "release"))
    with open(args.questions, encoding="utf-8") as file:
        items = [json.loads(line) for line in file if line.strip()]
    runtime = tempfile.mkdtemp()
    os.makedirs(os.path.join(runtime, "config", "folio"))
    with open(os.path.join(runtime, "config", "folio", "config.toml"), "w") as config:
        config.write(f'[ask]\nprovider = "{args.provider}"\nurl = "{args.url}"\nmodel = "{args.model}"\nanswer_tokens = {args.answer_tokens}\n'
                     f'quotes = {"false" if args.no_quotes else "true"}\n')
    env = dict(os.environ, XDG_DATA_HOME=args.data_home, XDG_RUNTIME_DIR=runtime, XDG_CONFIG_HOME=os.path.join(runtime, "config"))
    rows = []
    with running_embedder(binaries, env):
        for item in items:
            run = subprocess.run([os.path.join(binaries, "folioq"), "--ask", "--json", item["question"]], env=env, capture_output=True,
                                 text=True)
            try:
                answer = json.loads(run.stdout)
            except json.JSONDecodeError:
                print(f"no answer for {item['question']!r}: {run.stderr.strip()[:200]}")
                continue
            passages = {passage["number"]: passage for passage in answer["passages"]}
            cited = [passages[citation["number"]] for citation in answer["citations"]]
            row = {
                "item": item,
                "retrieved": any(right_passage(passage, item) for passage in passages.values()),
                "matched": holds(answer["answer"], item["answer"]),
                "cited": len(cited),
                "cited_right": sum(holds(passage["text"], item["answer"]) for passage in cited),
                "unsupported": len(answer["unsupported_citations"]),
                "status": answer["status"],
                "folio": answer["timings_ms"]["folio"],
                "checking": answer["timings_ms"]["checking"],
                "tokens": answer["tokens"]["prompt_estimate"],
                "documents": len({passage["path"] for passage in passages.values()}),
            }
            rows.append(row)
            print(f"{'R' if row['retrieved'] else '-'}{'A' if row['matched'] else '-'} {row['status']:17} "
                  f"sources {row['cited_right']}/{row['cited']}, unsupported {row['unsupported']}  {item['question']}")
    for name, subset in (("all", rows), ("paraphrased", [row for row in rows if row["item"]["paraphrased"]])):
        if not subset:
            continue
        cited = sum(row["cited"] for row in subset)
        print(f"{name} ({len(subset)} questions): retrieval recall {sum(row['retrieved'] for row in subset) / len(subset):.2f}, "
              f"answer match {sum(row['matched'] for row in subset) / len(subset):.2f}, "
              f"citation precision {sum(row['cited_right'] for row in subset) / cited if cited else float('nan'):.2f} "
              f"({cited} sources), {sum(row['unsupported'] for row in subset)} citations marked unsupported, "
              f"{sum(row['status'] == 'answered' for row in subset)} answered; per prompt {statistics.mean(row['tokens'] for row in subset):.0f} "
              f"tokens (estimated) from {statistics.mean(row['documents'] for row in subset):.1f} documents")
    folio = [row["folio"] for row in rows]
    checking = [row["checking"] for row in rows]
    print(f"Folio's part: to the prompt p50 {statistics.median(folio):.1f} ms, p95 {percentile(folio, 0.95):.1f} ms; "
          f"checking p50 {statistics.median(checking):.2f} ms, p95 {percentile(checking, 0.95):.2f} ms")


if __name__ == "__main__":
    main()
