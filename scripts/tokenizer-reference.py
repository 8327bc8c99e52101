#!/usr/bin/env python3
"""Writes the reference tokens WordPieceTokenizerTests compares Folio's tokenizer with:
Hugging Face's own `tokenizers` library on a varied sample (accents, CJK, emoji, long
words, control characters, punctuation of many scripts) and on lines of the benchmark
corpus's text files.

    python3 -m venv /tmp/tok && /tmp/tok/bin/pip install tokenizers==0.23.3
    /tmp/tok/bin/python scripts/tokenizer-reference.py TOKENIZER_JSON CORPUS_TXT_DIR \
        > Tests/FolioEmbeddingTests/Fixtures/wordpiece-reference.json
"""
import json
import pathlib
import sys

from tokenizers import Tokenizer

SAMPLE = [
    "Hello, world!",
    "vehicle service invoice: 480 EUR",
    "Crème brûlée à la française, naïve café, Ångström, São Paulo, Łódź, İstanbul",
    "ΣΊΣΥΦΟΣ ο Σίσυφος; Привет, мир! Ελληνικά",
    "東京は日本の首都です。北京欢迎你！한국어 텍스트 カタカナ ひらがな",
    "emoji 🙂👍🏽 🇩🇪 family 👨‍👩‍👧 and ☃ snowman",
    "antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis",
    "x" * 120,
    "a" * 99 + " " + "b" * 100 + " " + "c" * 101,
    "tab\tnew\nline\rreturn\x00null\u200bzero-width\ufeffbom\u00adsoft\ufffdreplacement",
    "e-mail: someone@example.org, URL https://example.org/a_b?c=d&e=f#g",
    "C++ and C# (and F#) — dashes – «quotes» „low“ ‘single’ ¿qué? ¡sí! …",
    "3.14159 1,000,000 50% $5 €10 ¥100 ½ ² ³ Ⅻ ① ⅞",
    "fi ligature ﬁ, full-width ＡＢＣ１２３, Ǆ digraph, ß Straße",
    "Arabic العربية and Hebrew עברית with marks שָׁלוֹם",
    "Devanagari हिन्दी and Thai ภาษาไทย",
    "   leading and trailing spaces   ",
    "",
    "U.S.A. e.g. i.e. etc... !!! ??? ###",
    "camelCaseWords snake_case_words kebab-case-words",
    "Zalgo t̸̢e̵x̷t̶ here",
    "\u0301combining at start, and a lone surrogate-free string",
]


def main():
    tokenizer = Tokenizer.from_file(sys.argv[1])
    tokenizer.no_truncation()
    tokenizer.no_padding()
    lines = list(SAMPLE)
    for path in sorted(pathlib.Path(sys.argv[2]).glob("*.txt"))[:40]:
        text = path.read_text(encoding="utf-8", errors="replace")
        lines += [line for line in text.splitlines() if line.strip()][:10]
    cases = []
    for line in lines:
        encoding = tokenizer.encode(line, add_special_tokens=False)
        cases.append({"text": line, "tokens": encoding.tokens})
    json.dump({"tokenizers": "0.23.3", "cases": cases}, sys.stdout, ensure_ascii=False, indent=0)
    sys.stdout.write("\n")


main()
