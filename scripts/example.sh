#!/bin/sh
# Builds Examples/FolioExample, an app depending on the Folio library by path, runs it on a
# PDF of the loader tests, and checks what it prints; then checks that the library brought
# no daemon, launcher or command-line code into it (their modules' symbols). `make test` runs it.
set -eu
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
# A build folder of its own each time: an existing one does not see files added to a
# package it depends on by path (it would build the library as it was). About 20 s.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
$SWIFT build --package-path Examples/FolioExample --scratch-path "$scratch"
example=$($SWIFT build --package-path Examples/FolioExample --scratch-path "$scratch" --show-bin-path)/FolioExample
# A conversation too, with the tests' stand-in model server (it answers from the passages).
python3 Tests/EndToEndTests/Fixtures/chat-server.py "$scratch/chat.log" > "$scratch/chat.port" &
chat=$!
trap 'kill $chat 2>/dev/null; rm -rf "$scratch"' EXIT
for _ in $(seq 50); do [ -s "$scratch/chat.port" ] && break; sleep 0.1; done
output=$(FOLIO_EXAMPLE_OLLAMA="http://127.0.0.1:$(head -n 1 "$scratch/chat.port")" \
    "$example" Tests/FolioLoadersTests/Fixtures/pdf/digital.pdf wool shearing)
printf '%s\n' "$output"
expect() {
    printf '%s\n' "$output" | grep -qF -- "$1" || { echo "example.sh: the example did not print: $1" >&2; exit 1; }
}
expect "ingested Report: 3 pages, 2 chunks"
expect "ingested herd-notes.md: 1 page, 1 chunk"
expect "  Report p. ii: Second page discusses bravo [shearing] techniques."
expect "  herd-notes.md p. 1: Herd The alpacas were shorn in May; the [wool] went to the mill."
expect "in Report only: p. 1"
expect "sources: Report, herd-notes.md"
expect "asked When were the alpacas shorn? (searched for: When were the alpacas shorn?): answered"
expect "  Herd The alpacas were shorn in May; the wool went to the mill [1]."
expect "asked and where did the wool go? (searched for: When were the alpacas shorn? and where did the wool go?): answered"
expect "conversation 1: 2 turns"

# Swift's mangled names carry their module's name with its length: 11FolioDaemon, 8FolioCLI.
for module in FolioDaemon FolioLaunch FolioCLI ArgumentParser FolioQueryProgram FolioControlProgram FolioDaemonProgram \
              FolioSearchProviderProgram FolioRofiProgram; do
    if nm --defined-only "$example" | grep -q "${#module}$module"; then
        echo "example.sh: linking the Folio library brought in $module" >&2
        exit 1
    fi
done
echo "example.sh: the example ran, without daemon, launcher or command-line code"
