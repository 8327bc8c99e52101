#!/bin/sh
# Ranking quality of folioq on the relevance collections of ../shared/ir (Cranfield, CISI),
# beside SQLite FTS5's reference rankers, in one run. Prints nDCG@10, MRR@10, Recall@100
# and per-query latency (a whole folioq process each, start-up included).
#
#   bench/ranking.sh [extra eval.py options, e.g. --md out.md]
#
# Uses the release binaries (make release); FOLIO_BIN overrides their folder.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${FOLIO_BIN:-$root/.build/release}
ir=${FOLIO_IR:-$root/../shared/ir}
[ -x "$bin/folioq" ] || { echo "ranking.sh: no $bin/folioq; run: make release" >&2; exit 2; }
exec python3 "$ir/eval.py" --rankers fts5-porter,fts5-unicode61 --name folio \
    --env XDG_DATA_HOME={tmp}/data --env XDG_CONFIG_HOME={tmp}/config \
    --setup "$bin/folioctl index {docs}" \
    --cmd "$bin/folioq --limit 100 --format paths {query}" "$@"
