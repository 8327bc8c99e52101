#!/bin/sh
# Full-index time of `folioctl index` beside Recoll's `recollindex` on the same folders,
# in one run, plus Folio's re-index of an unchanged tree. Each figure is the median of
# RUNS runs (default 5) of a fresh index; peak RSS from /usr/bin/time.
#
#   bench/index-time.sh CORPUS_DIR [FOLDER…]      (default folders: html md txt)
#
# CORPUS_DIR comes from ../shared/bench/make-corpus.sh OUT small|full. Uses the release
# build (make release); needs recollcmd and time (apt-get install recollcmd time).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${FOLIO_BIN:-$root/.build/release}
runs=${RUNS:-5}
[ $# -ge 1 ] || { echo "usage: $0 CORPUS_DIR [FOLDER…]" >&2; exit 2; }
corpus=$(cd "$1" && pwd); shift
[ $# -gt 0 ] || set -- html md txt
for tool in "$bin/folioctl" recollindex /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "index-time.sh: missing $tool" >&2; exit 2; }
done
work=$(mktemp -d "${TMPDIR:-/tmp}/folio-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
paths=
for folder in "$@"; do paths="$paths $corpus/$folder"; done
files=$(find $paths -type f | wc -l)
bytes=$(du -scb $paths | tail -n 1 | cut -f1)

# median SECONDS_FILE: the middle value of the lines of a file of numbers
median() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# measure NAME PREPARE COMMAND: runs PREPARE then COMMAND $runs times; records seconds and KiB
measure() {
    : > "$work/$1.s"; : > "$work/$1.kb"
    i=0
    while [ $i -lt "$runs" ]; do
        sh -c "$2"
        /usr/bin/time -f '%e %M' -o "$work/time" sh -c "$3" > /dev/null 2>&1 || true
        read -r seconds kb < "$work/time"
        echo "$seconds" >> "$work/$1.s"; echo "$kb" >> "$work/$1.kb"
        i=$((i + 1))
    done
}

cat > "$work/recoll.conf.in" <<CONF
topdirs = $paths
CONF
measure folio "rm -rf '$work/folio'" "'$bin/folioctl' index --db '$work/folio/db.sqlite' $paths"
measure folio1 "rm -rf '$work/folio'" "'$bin/folioctl' index --workers 1 --db '$work/folio/db.sqlite' $paths"
measure unchanged "true" "'$bin/folioctl' index --db '$work/folio/db.sqlite' $paths"
measure recoll "rm -rf '$work/recoll' && mkdir -p '$work/recoll' && cp '$work/recoll.conf.in' '$work/recoll/recoll.conf'" \
    "recollindex -c '$work/recoll'"

folio=$(median "$work/folio.s"); recoll=$(median "$work/recoll.s")
echo "corpus: $* ($files files, $bytes bytes), $runs runs each, median wall seconds and peak RSS"
echo "| command | seconds | peak RSS MiB | vs recollindex |"
echo "|---|---|---|---|"
for name in folio folio1 unchanged recoll; do
    case $name in
        folio) label="folioctl index (both cores)";;
        folio1) label="folioctl index --workers 1";;
        unchanged) label="folioctl index, nothing changed";;
        recoll) label="recollindex";;
    esac
    s=$(median "$work/$name.s"); kb=$(median "$work/$name.kb")
    echo "| $label | $s | $(awk -v k="$kb" 'BEGIN { printf "%.0f", k / 1024 }') | $(awk -v a="$s" -v b="$recoll" 'BEGIN { printf "%.2fx", a / b }') |"
done
"$bin/folioctl" sources --db "$work/folio/db.sqlite" | awk -F '\t' '$1 ~ /^(indexed|failed|partial)$/ { n[$1]++ } END { printf "folio: %d indexed, %d failed\n", n["indexed"], n["failed"] }'
echo "recoll: $(recollq -c "$work/recoll" -n 0-1000000 -b 'mime:*' 2>/dev/null | grep -c '^file://') documents (folders included)"
