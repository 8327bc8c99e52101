#!/bin/sh
# OCR of the scanned pages of a corpus: Folio (folioctl extract, tesseract through its C
# API on pages MuPDF renders) beside the tesseract command line on the page images
# themselves, in one run: seconds per page and character accuracy against the ground
# truth in CORPUS/.meta/ocr-truth (1 - edit distance / length, white space collapsed).
#
#   bench/ocr.sh CORPUS_DIR       (from ../shared/bench/make-corpus.sh)
#
# Needs the release build, tesseract-ocr, poppler-utils (pdfimages), mupdf-tools and python3.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${FOLIO_BIN:-$root/.build/release}
[ $# -eq 1 ] || { echo "usage: $0 CORPUS_DIR" >&2; exit 2; }
corpus=$(cd "$1" && pwd)
for tool in "$bin/folioctl" tesseract pdfimages mutool python3; do
    command -v "$tool" >/dev/null || { echo "ocr.sh: missing $tool" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/folio-ocr.XXXXXX")
trap 'rm -rf "$work"' EXIT
export OMP_THREAD_LIMIT=1

now() { date +%s.%N; }
for dpi in 300 200; do printf '[ocr]\ndpi = %s\n' "$dpi" > "$work/dpi$dpi.toml"; done
: > "$work/results"
for pdf in "$corpus"/scanned/*.pdf; do
    name=$(basename "$pdf" .pdf)
    for dpi in 300 200; do
        start=$(now)
        "$bin/folioctl" extract --config "$work/dpi$dpi.toml" "$pdf" | sed '/^== /d; /^--- page/d' > "$work/$name.folio$dpi.txt"
        end=$(now)
        printf '%s\tfolio-%s\t%s\t%s\n' "$name" "$dpi" "$(echo "$end - $start" | bc)" "$work/$name.folio$dpi.txt" >> "$work/results"
    done
    pdfimages -png "$pdf" "$work/$name"
    image=$(ls "$work/$name"-*.png | head -n 1)
    start=$(now)
    tesseract "$image" "$work/$name.cli" > /dev/null 2>&1
    end=$(now)
    printf '%s\ttesseract-cli\t%s\t%s\n' "$name" "$(echo "$end - $start" | bc)" "$work/$name.cli.txt" >> "$work/results"
    # The image Folio reads by default: the page rendered in gray at 300 DPI.
    mutool draw -q -r 300 -c gray -o "$work/$name.300.png" "$pdf" 1 2> /dev/null
    start=$(now)
    tesseract "$work/$name.300.png" "$work/$name.cli300" --dpi 300 > /dev/null 2>&1
    end=$(now)
    printf '%s\ttesseract-cli-300\t%s\t%s\n' "$name" "$(echo "$end - $start" | bc)" "$work/$name.cli300.txt" >> "$work/results"
done
python3 - "$work/results" "$corpus/.meta/ocr-truth" <<'PY'
import collections, sys
def normal(text):
    return " ".join(text.split())
def distance(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    name, engine, seconds, path = line.rstrip("\n").split("\t")
    truth = normal(open(f"{sys.argv[2]}/{name}.txt").read())
    text = normal(open(path).read())
    accuracy = 1 - distance(text, truth) / max(1, len(truth))
    rows[engine].append((name, float(seconds), accuracy))
print("| engine | pages | seconds per page | character accuracy |")
print("|---|---|---|---|")
labels = {"tesseract-cli": "tesseract CLI on the page image (200 DPI)", "folio-300": "Folio, MuPDF render at 300 DPI (default)",
          "folio-200": "Folio, MuPDF render at 200 DPI", "tesseract-cli-300": "tesseract CLI on the page rendered at 300 DPI (mutool)"}
for engine in ["tesseract-cli", "folio-200", "tesseract-cli-300", "folio-300"]:
    r = rows[engine]
    print(f"| {labels[engine]} | {len(r)} | {sum(s for _, s, _ in r) / len(r):.2f} | {100 * sum(a for _, _, a in r) / len(r):.1f}% |")
print()
print("per page (accuracy %): " + "; ".join(
    f"{name}: " + ", ".join(f"{engine} {100 * a:.1f}" for engine in ["tesseract-cli", "folio-200", "tesseract-cli-300", "folio-300"]
                            for n, _, a in rows[engine] if n == name)
    for name in sorted({n for n, _, _ in rows["tesseract-cli"]})))
PY
