#!/bin/sh
# PDF text extraction: Folio's two backends (folioctl extract) beside the command-line
# tools of the same libraries, pdftotext (poppler) and mutool draw -F txt (MuPDF), on the
# same PDFs, one process and both cores, in one run. Then the words each gives, and the
# words the header/footer filter removes, to show the backends read the same text.
#
#   bench/pdf-extract.sh CORPUS_DIR       (its pdf/ folder, from ../shared/bench/make-corpus.sh)
#
# Needs the release build, poppler-utils, mupdf-tools and time (apt-get install ...).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${FOLIO_BIN:-$root/.build/release}
[ $# -eq 1 ] || { echo "usage: $0 CORPUS_DIR" >&2; exit 2; }
pdfs=$(cd "$1/pdf" && pwd)
for tool in "$bin/folioctl" pdftotext mutool pdfinfo /usr/bin/time python3; do
    command -v "$tool" >/dev/null || { echo "pdf-extract.sh: missing $tool" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/folio-pdf.XXXXXX")
trap 'rm -rf "$work"' EXIT
export OMP_THREAD_LIMIT=1
find "$pdfs" -name '*.pdf' | LC_ALL=C sort > "$work/list"
files=$(wc -l < "$work/list")
pages=$(while read -r f; do pdfinfo "$f" 2>/dev/null | awk '/^Pages:/ {print $2}'; done < "$work/list" | awk '{s += $1} END {print s}')

# seconds NAME PARALLEL COMMAND: runs COMMAND over the list with xargs, PARALLEL processes
seconds() {
    per=$(( (files + $2 - 1) / $2 ))
    /usr/bin/time -f '%e' -o "$work/$1.time" sh -c "xargs -d '\n' -P $2 -n $per $3 < '$work/list' > /dev/null 2>&1" || true
    cat "$work/$1.time"
}

echo "$files PDFs, $pages pages; wall seconds (pages/s)"
echo "| extractor | 1 process | 2 processes |"
echo "|---|---|---|"
for name in folio-mupdf mutool folio-poppler pdftotext; do
    case $name in
        folio-mupdf) command="'$bin/folioctl' extract --workers 1 --no-ocr --output none --backend mupdf";;
        folio-poppler) command="'$bin/folioctl' extract --workers 1 --no-ocr --output none --backend poppler";;
        mutool) command="sh -c 'for f; do mutool draw -q -F txt -o /dev/null \"\$f\"; done' sh";;
        pdftotext) command="sh -c 'for f; do pdftotext -q \"\$f\" /dev/null; done' sh";;
    esac
    one=$(seconds "$name-1" 1 "$command")
    two=$(seconds "$name-2" 2 "$command")
    echo "$name $one $two" >> "$work/times"
    echo "| $name | $one ($(awk -v p="$pages" -v s="$one" 'BEGIN { printf "%.0f", p / s }')) | $two ($(awk -v p="$pages" -v s="$two" 'BEGIN { printf "%.0f", p / s }')) |"
done
awk '{ t[$1 "-1"] = $2; t[$1 "-2"] = $3 } END {
    printf "\nratios: folio-mupdf / mutool %.2f (1) %.2f (2); folio-poppler / pdftotext %.2f (1) %.2f (2); pdftotext / folio-mupdf %.2f (1) %.2f (2)\n",
        t["folio-mupdf-1"] / t["mutool-1"], t["folio-mupdf-2"] / t["mutool-2"],
        t["folio-poppler-1"] / t["pdftotext-1"], t["folio-poppler-2"] / t["pdftotext-2"],
        t["pdftotext-1"] / t["folio-mupdf-1"], t["pdftotext-2"] / t["folio-mupdf-2"] }' "$work/times"

# Words: per document, each backend raw and filtered, and the command-line tools.
for backend in mupdf poppler; do
    xargs -d '\n' "$bin/folioctl" extract --no-ocr --output words --backend "$backend" < "$work/list" > "$work/$backend.raw" 2>/dev/null || true
    xargs -d '\n' "$bin/folioctl" extract --no-ocr --output words --filtered --backend "$backend" < "$work/list" > "$work/$backend.filtered" 2>/dev/null || true
done
while read -r f; do printf '%s\t%s\n' "$f" "$(pdftotext -q "$f" - 2>/dev/null | wc -w)"; done < "$work/list" > "$work/pdftotext.words"
while read -r f; do printf '%s\t%s\n' "$f" "$(mutool draw -q -F txt -o - "$f" 2>/dev/null | wc -w)"; done < "$work/list" > "$work/mutool.words"
python3 - "$work" <<'PY'
import collections, statistics, sys
work = sys.argv[1]
def per_doc(name, columns=3):
    totals = collections.Counter()
    for line in open(f"{work}/{name}"):
        parts = line.rstrip("\n").split("\t")
        totals[parts[0]] += int(parts[-1])
    return totals
def per_page(name):
    return {(p[0], p[1]): int(p[2]) for p in (l.rstrip("\n").split("\t") for l in open(f"{work}/{name}"))}
mupdf, poppler = per_doc("mupdf.raw"), per_doc("poppler.raw")
mupdf_f, poppler_f = per_doc("mupdf.filtered"), per_doc("poppler.filtered")
mutool, pdftotext = per_doc("mutool.words"), per_doc("pdftotext.words")
pages_m, pages_p = per_page("mupdf.raw"), per_page("poppler.raw")
common = [k for k in pages_m if k in pages_p]
close = sum(1 for k in common if abs(pages_m[k] - pages_p[k]) <= max(2, 0.02 * max(pages_m[k], pages_p[k])))
print()
print("| words | folio mupdf | folio poppler | mutool | pdftotext |")
print("|---|---|---|---|---|")
print(f"| all documents | {sum(mupdf.values()):,} | {sum(poppler.values()):,} | {sum(mutool.values()):,} | {sum(pdftotext.values()):,} |")
print(f"| after the header/footer filter | {sum(mupdf_f.values()):,} ({100 * (1 - sum(mupdf_f.values()) / sum(mupdf.values())):.1f}% removed) "
      f"| {sum(poppler_f.values()):,} ({100 * (1 - sum(poppler_f.values()) / sum(poppler.values())):.1f}% removed) | | |")
print()
print(f"pages whose word counts agree within 2% (or 2 words) between the backends: {close:,} of {len(common):,} "
      f"({100 * close / len(common):.1f}%); documents read by MuPDF / poppler: {len(mupdf)} / {len(poppler)}")
PY
