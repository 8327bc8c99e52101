#!/bin/sh
# Indexing a source tree with two builds side by side: `folioctl index --no-semantic TREE`
# into a fresh index (embeddings off), the builds in turn, RUNS rounds (default 3); each
# run's seconds, the index's chunks and how many of them carry an outline of their small
# definitions (`Chunk.outline`; "-" for a build without them).
#
#   bench/code-index.sh TREE BIN_A BIN_B      (BIN: a folder with folioctl, release builds)
#
# The code parsers are those installed (scripts/install-code-parsers.sh). Needs sqlite3.
set -eu
[ $# -ge 3 ] || { echo "usage: $0 TREE BIN_A BIN_B" >&2; exit 2; }
tree=$(cd "$1" && pwd); shift
runs=${RUNS:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/folio-code-index.XXXXXX")
trap 'rm -rf "$work"' EXIT
round=1
while [ $round -le "$runs" ]; do
    for bin in "$@"; do
        home=$work/home
        rm -rf "$home"
        mkdir -p "$home/config/folio" "$home/run"
        printf '[embeddings]\nprovider = "none"\n' > "$home/config/folio/config.toml"
        start=$(date +%s.%N)
        XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_RUNTIME_DIR=$home/run \
            "$bin/folioctl" index --no-semantic "$tree" > /dev/null 2>&1 || true
        end=$(date +%s.%N)
        db=$home/data/folio/folio.sqlite
        chunks=$(sqlite3 "$db" "SELECT count(*) FROM chunk")
        outlined=$(sqlite3 "$db" "SELECT count(*) FROM chunk WHERE outline IS NOT NULL" 2>/dev/null || echo -)
        echo "$(basename "$tree") $bin round $round: $(echo "$end - $start" | bc) s, $chunks chunks, $outlined with an outline"
    done
    round=$((round + 1))
done
