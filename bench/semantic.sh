#!/bin/sh
# The semantic stage's throughput beside ONNX Runtime's own (bench/embed-anchor.py) on the
# same windows, in one run, and the memory of the processes while embedding.
#
#   bench/semantic.sh FOLDER      a folder of documents (e.g. the benchmark corpus's
#                                 git-doc text files: about 3,500 windows)
#
# Uses the release binaries (make release) and the model scripts/install-semantic.sh put in
# /usr/local/share/folio; builds a Python environment for the anchor in .bench-venv.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${FOLIO_BIN:-$root/.build/release}
folder=$1
model=/usr/local/share/folio/models/all-MiniLM-L6-v2
venv=$root/.bench-venv
[ -x "$venv/bin/python" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q onnxruntime==1.32.0 tokenizers==0.23.3 numpy; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_RUNTIME_DIR="$scratch/run"
"$bin/folioctl" index --no-semantic "$folder" > /dev/null
/usr/bin/time -f "folio: peak RSS of folioctl's semantic stage %M KiB" "$bin/folioctl" index "$folder" 2>&1 | grep -E "semantic|peak"
"$venv/bin/python" "$root/bench/embed-anchor.py" "$scratch/data/folio/folio.sqlite" "$model"
