#!/bin/sh
# Builds the library Folio reads source code's structure with (functions, classes, top-level
# keys: the sections of a code hit), from PyPI's source distributions, pinned by version and
# sha256, into a data folder Folio looks in (never fetched at run time):
#   DEST/tree-sitter/libfolio-code.so   the tree-sitter runtime and the grammars below
#   DEST/tree-sitter/VERSION            what it was built from, one package a line
#   DEST/tree-sitter/licenses/          each package's licence (all MIT)
#
#   scripts/install-code-parsers.sh [DEST]   DEST defaults to ${XDG_DATA_HOME:-~/.local/share}/folio;
#                                            /usr/local/share/folio serves every user
#
# Why built here: Debian 12's libtree-sitter (0.20.7) is older than every grammar PyPI
# has, and the grammars' wheels hide the symbols Folio needs. The source distributions
# carry the generated parsers (C); some lack the headers they are compiled against, which
# another grammar's, or the runtime's of their ABI (tree-sitter 0.24.0 for ABI 14), give.
# TypeScript's and XML's distributions (every version on PyPI) lack a file their scanners
# include (common/scanner.h); YAML's 0.7.2 lacks its scanner, and 0.7.0 and 0.7.1 a file
# theirs includes (schema.core.c): they are left out, and .ts, .yaml and .xml files are read
# as plain text. SQL's 0.3.13 lacks its scanner; 0.3.11, the last with it, is built. Does
# nothing when the library is there, built from these.
# Without it Folio reads code as plain text with line numbers and `folioctl status` says so.
set -eu
dest=${1:-${XDG_DATA_HOME:-$HOME/.local/share}/folio}/tree-sitter

# package  version  sdist's sha256  (the first two: the runtime, and the headers of ABI 14)
packages="tree-sitter 0.25.2 fe43c158555da46723b28b52e058ad444195afd1db3ca7720c59a254544e9c20
tree-sitter 0.24.0 abd95af65ca2f4f7eca356343391ed669e764f37748b5352946f00f7fc78e734
tree-sitter-bash 0.25.1 bfc0bdaa77bc1e86e3c6652e5a6e140c40c0a16b84185c2b63ad7cd809b88f14
tree-sitter-c 0.24.2 1628584df0299b5a340aa63f8e67b6c97c91517f52fa7e7a4c557e40adb330a9
tree-sitter-cpp 0.23.4 6a59c4cebb1ad1dc2e8d586cf8a72b39d21b8108b7b139d089719e81a339e41d
tree-sitter-go 0.25.0 a7466e9b8d94dda94cae8d91629f26edb2d26166fd454d4831c3bf6dfa2e8d68
tree-sitter-java 0.23.5 f5cd57b8f1270a7f0438878750d02ccc79421d45cca65ff284f1527e9ef02e38
tree-sitter-javascript 0.25.0 329b5414874f0588a98f1c291f1b28138286617aa907746ffe55adfdcf963f38
tree-sitter-json 0.24.8 ca8486e52e2d261819311d35cf98656123d59008c3b7dcf91e61d2c0c6f3120e
tree-sitter-python 0.23.6 354bfa0a2f9217431764a631516f85173e9711af2c13dbd796a8815acfe505d9
tree-sitter-rust 0.24.2 54fb02a5911e345308b405174465112479f56dc39e3f1e7744d7568595f00db9
tree-sitter-sql 0.3.11 700b93be2174c3c83d174ec3e10b682f72a4fb451f0076c7ce5012f1d5a76cbc
tree-sitter-swift 0.7.4 1676a8ee04442993b84c239291d5976b823d22d25b02cfc5161a1bd644b390f5
tree-sitter-toml 0.7.0 29e257612fa8f0c1fcbc4e7e08ddc561169f1725265302e64d81086354144a70"

wanted=$(echo "$packages" | cut -d' ' -f1,2)
if [ -f "$dest/libfolio-code.so" ] && [ "$(cat "$dest/VERSION" 2>/dev/null)" = "$wanted" ]; then
    exit 0
fi
python=$(command -v python3 || true)
[ -n "$python" ] || { echo "install-code-parsers.sh: needs python3 with pip" >&2; exit 2; }
cc=${CC:-cc}
command -v "$cc" > /dev/null || { echo "install-code-parsers.sh: needs a C compiler (apt-get install gcc)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sha() { sha256sum "$1" | cut -d' ' -f1; }
echo "$packages" | while read -r name version sum; do
    "$python" -m pip download --quiet --no-deps --no-binary :all: --dest "$work/$version-$name" "$name==$version" >&2 \
        || { echo "install-code-parsers.sh: pip could not download $name $version" >&2; exit 2; }
    archive=$(ls "$work/$version-$name"/*.tar.gz)
    [ "$(sha "$archive")" = "$sum" ] || { echo "install-code-parsers.sh: $archive does not have the sha256 $sum" >&2; exit 2; }
    mkdir -p "$work/src/$name-$version"
    tar -xzf "$archive" -C "$work/src/$name-$version" --strip-components=1
done

lib() { echo "$work/src/tree-sitter-$1/tree_sitter/core/lib"; }
mkdir -p "$work/abi14/tree_sitter" "$work/abi15/tree_sitter" "$work/objects" "$work/licenses"
# The grammar-facing headers: bash's distribution has those of ABI 15; ABI 14's parser.h
# is the runtime's of that time (its allocation and array helpers did not change).
cp "$work"/src/tree-sitter-bash-*/src/tree_sitter/*.h "$work/abi15/tree_sitter/"
cp "$work"/src/tree-sitter-bash-*/src/tree_sitter/alloc.h "$work"/src/tree-sitter-bash-*/src/tree_sitter/array.h "$(lib 0.24.0)/src/parser.h" \
   "$work/abi14/tree_sitter/"
cp "$work/src/tree-sitter-0.25.2/LICENSE" "$work/licenses/tree-sitter"
# What to compile, a line each: source, include folders, object.
echo "$(lib 0.25.2)/src/lib.c -I$(lib 0.25.2)/include:-I$(lib 0.25.2)/src $work/objects/runtime.o" > "$work/units"
for grammar in $(echo "$wanted" | grep '^tree-sitter-' | tr ' ' '-'); do
    source="$work/src/$grammar/src"
    name=$(echo "$grammar" | sed 's/^tree-sitter-//; s/-[0-9.]*$//')
    cp "$work/src/$grammar/LICENSE" "$work/licenses/$name"
    # A grammar without its own headers is compiled against those of its ABI (14 or 15).
    if [ -d "$source/tree_sitter" ]; then headers=$source
    elif grep -q 'define LANGUAGE_VERSION 14' "$source/parser.c"; then headers=$work/abi14
    else headers=$work/abi15
    fi
    for file in parser scanner; do
        [ -f "$source/$file.c" ] && echo "$source/$file.c -I$source:-I$headers $work/objects/$name-$file.o" >> "$work/units"
    done
done
# -O2: the generated parsers are mostly tables; two at a time, as a machine has two cores.
CC=$cc xargs -P 2 -n 3 sh -c '$CC -O2 -fPIC -std=c11 -D_DEFAULT_SOURCE -w $(echo "$1" | tr : " ") -c "$0" -o "$2"' < "$work/units" \
    || { echo "install-code-parsers.sh: a grammar did not compile (above)" >&2; exit 2; }
$cc -shared -o "$work/libfolio-code.so" "$work"/objects/*.o
strip --strip-unneeded "$work/libfolio-code.so"
mkdir -p "$dest/licenses"
install -m 0755 "$work/libfolio-code.so" "$dest/libfolio-code.so"
install -m 0644 "$work"/licenses/* "$dest/licenses/"
echo "$wanted" > "$dest/VERSION"
echo "installed the tree-sitter runtime and $(echo "$wanted" | grep -c '^tree-sitter-') grammars in $dest"
