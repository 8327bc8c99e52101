#!/usr/bin/env python3
"""Builds a large home folder of text and Markdown files from the benchmark corpus's own
sentences, for measuring search at scale (issue 17).

    bench/scale-corpus.py CORPUS OUTDIR --files 100000

CORPUS is a folder made by ../shared/bench/make-corpus.sh (full). Its plain text, Markdown
and HTML files are cut into paragraphs; a paragraph is kept when it reads as prose (eight
words or more, four in five of them words of letters). Each file of OUTDIR is a run of
consecutive paragraphs from a place drawn at random, as long as a length drawn from a
log-normal distribution (median 400 words, mean about 550: the sizes of notes, letters and
reports), so each file keeps to one subject as real files do. Seven files in ten are .txt,
the rest .md with a heading. They sit in 10 folders of 100 folders each (1,011 folders).

Deterministic: the same corpus and --files give byte-identical files (a fixed seed and
only random.Random.random, whose sequence Python keeps across versions). Writes
OUTDIR/.complete when done and does nothing if it is there already for the same count.
"""
import argparse
import html.parser
import math
import os
import random
import re
import sys

WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*$")


class TextOfHTML(html.parser.HTMLParser):
    """The paragraphs of an HTML page: text of block elements, scripts and styles left out."""

    BLOCKS = {"p", "li", "dd", "dt", "h1", "h2", "h3", "h4", "td", "blockquote", "div", "pre"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.paragraphs, self.current, self.skipping = [], [], 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.skipping += 1
        elif tag in self.BLOCKS:
            self.flush()

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.skipping = max(0, self.skipping - 1)
        elif tag in self.BLOCKS:
            self.flush()

    def handle_data(self, data):
        if not self.skipping:
            self.current.append(data)

    def flush(self):
        text = " ".join("".join(self.current).split())
        if text:
            self.paragraphs.append(text)
        self.current = []


def paragraphs_of(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        text = file.read()
    if path.endswith(".html"):
        parser = TextOfHTML()
        parser.feed(text)
        parser.flush()
        return parser.paragraphs
    return [" ".join(block.split()) for block in re.split(r"\n\s*\n", text)]


def is_prose(paragraph):
    words = paragraph.split()
    return len(words) >= 8 and sum(1 for word in words if WORD.match(word.strip(".,;:!?()\"'"))) * 5 >= len(words) * 4


def collect(corpus):
    prose = []
    for folder in ("txt", "md", "html"):
        directory = os.path.join(corpus, folder)
        for name in sorted(os.listdir(directory)):
            prose += [p for p in paragraphs_of(os.path.join(directory, name)) if is_prose(p)]
    return prose


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("outdir")
    parser.add_argument("--files", type=int, default=100_000)
    args = parser.parse_args()
    marker = os.path.join(args.outdir, ".complete")
    if os.path.exists(marker) and open(marker).read().strip() == str(args.files):
        print(f"{args.outdir}: {args.files} files already there")
        return
    prose = collect(args.corpus)
    if not prose:
        sys.exit(f"scale-corpus: no prose paragraphs in {args.corpus}")
    rng = random.Random(17)
    total = 0
    for number in range(args.files):
        # Box-Muller from random() alone: log-normal, median e^6 = 403 words, sigma 0.8.
        normal = math.sqrt(-2 * math.log(1 - rng.random())) * math.cos(2 * math.pi * rng.random())
        target = min(8000, max(30, int(math.exp(6.0 + 0.8 * normal))))
        start = int(rng.random() * len(prose))
        chosen, words = [], 0
        while words < target:
            paragraph = prose[(start + len(chosen)) % len(prose)]
            chosen.append(paragraph)
            words += len(paragraph.split())
        markdown = rng.random() < 0.3
        folder = os.path.join(args.outdir, f"{number % 10:02d}", f"{(number // 10) % 100:03d}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, f"note-{number:06d}.{'md' if markdown else 'txt'}")
        if markdown:
            chosen = ["# " + " ".join(chosen[0].split()[:8])] + chosen
        body = "\n\n".join(chosen) + "\n"
        with open(path, "w", encoding="utf-8") as file:
            file.write(body)
        total += len(body.encode())
    with open(marker, "w") as file:
        file.write(f"{args.files}\n")
    print(f"{args.outdir}: {args.files} files, {total / 1e6:.0f} MB, from {len(prose)} paragraphs")


main()
