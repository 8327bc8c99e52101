#!/bin/sh
# Ranking quality of folioq on the relevance collections of ../shared/ir (Cranfield, CISI),
# beside SQLite FTS5's reference rankers, in one run. Prints nDCG@10, MRR@10, Recall@100
# and per-query latency (a whole folioq process each, start-up included).
#
#   bench/ranking.sh [extra eval.py options, e.g. --md out.md]
#   FOLIO_MODE=lexical bench/ranking.sh      words only (default: hybrid, words and meaning)
#
# Each collection is indexed with its semantic stage, and an embedder process runs beside
# the queries as foliod keeps one. Uses the release binaries (make release) and the model
# scripts/install-semantic.sh installs; FOLIO_BIN overrides the binaries' folder.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${FOLIO_BIN:-$root/.build/release}
ir=${FOLIO_IR:-$root/../shared/ir}
mode=${FOLIO_MODE:-hybrid}
[ -x "$bin/folioq" ] || { echo "ranking.sh: no $bin/folioq; run: make release" >&2; exit 2; }
scratch=$(mktemp -d)
# The embedders started in the setups end with the run.
trap 'for pid in "$scratch"/*/embedder.pid; do [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null; done; rm -rf "$scratch"' EXIT
python3 "$ir/eval.py" --rankers fts5-porter,fts5-unicode61 --name "folio-$mode" --tmp-root "$scratch" --keep-tmp \
    --env XDG_DATA_HOME={tmp}/data --env XDG_CONFIG_HOME={tmp}/config --env XDG_RUNTIME_DIR={tmp}/run \
    --setup "mkdir -p {tmp}/run && $bin/folioctl index {docs} && { $bin/foliod-worker --embedder > /dev/null 2>&1 & echo \$! > {tmp}/embedder.pid; } && while [ ! -S {tmp}/run/folio/embedder.sock ]; do sleep 0.1; done" \
    --cmd "$bin/folioq --mode $mode --limit 100 --format paths {query}" "$@"
