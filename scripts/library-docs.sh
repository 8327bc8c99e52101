#!/bin/sh
# Builds the Folio library's DocC documentation, every warning an error (an unresolved
# link, a symbol renamed under an article), into .build/docs/Folio.doccarchive.
# Run after `swift build`: the symbol graph is read from the built modules (`swift package
# dump-symbol-graph` would too, but without the poppler headers CPoppler needs, the
# unsafe flags of Package.swift). `make test` runs it.
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
TOOLS=$(dirname "$(readlink -f "$(command -v "$SWIFT")")")
BUILD=$($SWIFT build --show-bin-path)
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT

# Every C module the library's modules import: SwiftPM's generated module map for a C
# target, the source's own for a system library, and the headers pkg-config names.
flags=""
for target in Sources/C*; do
    name=$(basename "$target")
    if [ -f "$BUILD/$name.build/module.modulemap" ]; then
        flags="$flags -Xcc -fmodule-map-file=$BUILD/$name.build/module.modulemap -Xcc -I$target/include"
    else
        flags="$flags -Xcc -fmodule-map-file=$target/module.modulemap"
    fi
done
for include in $(pkg-config --cflags-only-I libxml-2.0 poppler-glib cairo); do flags="$flags -Xcc $include"; done

# shellcheck disable=SC2086
"$TOOLS/swift-symbolgraph-extract" -module-name Folio -target "$(uname -m)-unknown-linux-gnu" -I "$BUILD/Modules" $flags \
    -module-cache-path "$BUILD/ModuleCache" -minimum-access-level public -output-dir "$graphs"
mkdir -p .build/docs
"$TOOLS/docc" convert Sources/Folio/Folio.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name Folio --fallback-bundle-identifier org.folio.Folio \
    --output-path .build/docs/Folio.doccarchive --warnings-as-errors
echo "library-docs: .build/docs/Folio.doccarchive"
