#!/usr/bin/env python3
"""The relevance collections of ../shared/ir with their questions cut to three words, as
a desktop search is typed: for bench/ranking.sh, so that a ranking decision is measured on
keyword queries as well as on the collections' long questions.

    bench/short-queries.py OUT
    FOLIO_IR=OUT bench/ranking.sh

Writes OUT/cranfield and OUT/cisi: the same documents and judgements (symbolic links) and a
queries.tsv whose every query is the first three words of the question that are not in
STOP and have three letters or more ("What is information science? Give definitions where
possible." becomes "science definitions possible"); and OUT/eval.py, a link to the
evaluator, which reads the collections beside it.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
IR = os.path.join(ROOT, "..", "shared", "ir")
# Question words, function words and the collections' stock phrasing ("give information
# on", "find papers").
STOP = set("""a an the of in on for to and or is are was were be been by with what which how why when where who
whom this that these those there their its it as at from about into than then such can could should would do does did
done has have had any all some other more most not no nor but if so also give given find found information""".split())


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    link(os.path.abspath(os.path.join(IR, "eval.py")), os.path.join(out, "eval.py"))
    for name in ("cranfield", "cisi"):
        source = os.path.abspath(os.path.join(IR, name))
        target = os.path.join(out, name)
        os.makedirs(target, exist_ok=True)
        link(os.path.join(source, "docs"), os.path.join(target, "docs"))
        link(os.path.join(source, "qrels.tsv"), os.path.join(target, "qrels.tsv"))
        with open(os.path.join(source, "queries.tsv"), encoding="utf-8") as questions, \
                open(os.path.join(target, "queries.tsv"), "w", encoding="utf-8") as queries:
            for line in questions:
                if "\t" not in line:
                    continue
                qid, text = line.rstrip("\n").split("\t", 1)
                words = [w for w in re.findall(r"[a-z0-9]+", text.lower()) if w not in STOP and len(w) > 2]
                queries.write(f"{qid}\t{' '.join(words[:3])}\n")
        print(f"{target}: questions cut to three words")


def link(source, target):
    if os.path.islink(target):
        os.remove(target)
    os.symlink(source, target)


if __name__ == "__main__":
    main()
