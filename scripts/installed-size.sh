#!/bin/sh
# `make install` into a scratch DESTDIR, as a user's machine gets it: runs the installed
# programs once (an index and a search through the links and the installed worker), lists
# what was written with the sizes, and says so when it all takes more than the goal, 80 MiB
# (docs/benchmarks.md, "One house"), without failing: the figure is reported as it is; and
# fails when the README's figure for it is not the one measured.
# Then `make install-mcp` beside it, apart from the goal: `folio mcp` must start from the
# install, and its size is listed.
#   scripts/installed-size.sh            (from the repository's root)
set -eu
goal=$((80 * 1024 * 1024))
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
make -s install DESTDIR="$scratch/root" PREFIX=/usr/local > "$scratch/install.log" 2>&1 || { cat "$scratch/install.log"; exit 2; }
bin="$scratch/root/usr/local/bin"
mkdir -p "$scratch/docs"
echo "installed programs find quokkas" > "$scratch/docs/note.txt"
# By words: a search by meaning would start an embedder, which outlives this script.
export HOME="$scratch" XDG_DATA_HOME="$scratch/data" XDG_CONFIG_HOME="$scratch/config" XDG_RUNTIME_DIR="$scratch/run"
"$bin/folioctl" index "$scratch/docs" > /dev/null
"$bin/folioq" --mode lexical --format paths quokkas | grep -q note.txt \
    || { echo "installed-size.sh: the installed folioq did not find what the installed folioctl indexed" >&2; exit 1; }
"$bin/folio" ui --help | grep -q "Open Folio in the browser" \
    || { echo "installed-size.sh: the installed folio ui did not start" >&2; exit 1; }
cd "$scratch/root"
find . -type f -printf '%s\t%p\n' | sort -rn
find . -type l -printf 'link\t%p -> %l\n' | sort -k2
total=$(find . -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
echo "installed: $total bytes ($(awk "BEGIN { printf \"%.1f\", $total / 1048576 }") MiB; goal 80 MiB)"
[ "$total" -le "$goal" ] || echo "installed-size.sh: OVER THE GOAL by $(awk "BEGIN { printf \"%.1f\", ($total - $goal) / 1048576 }") MiB (docs/benchmarks.md says what grew)" >&2
cd - > /dev/null
# The README says what the install takes: the figure it gives must be this one (within a MiB).
said=$(sed -n 's/.*All of it takes \([0-9.]*\) MiB.*/\1/p' README.md | head -n 1)
awk "BEGIN { exit !(\"$said\" != \"\" && ($said - $total / 1048576) ^ 2 <= 1) }" \
    || { echo "installed-size.sh: the README says the install takes ${said:-no figure} MiB; it takes $(awk "BEGIN { printf \"%.1f\", $total / 1048576 }") MiB: say so there" >&2; exit 1; }
make -s install-mcp DESTDIR="$scratch/root" PREFIX=/usr/local > "$scratch/install-mcp.log" 2>&1 || { cat "$scratch/install-mcp.log"; exit 2; }
"$bin/folio" mcp --help | grep -q "Model Context Protocol" \
    || { echo "installed-size.sh: the installed folio mcp did not start" >&2; exit 1; }
mcp=$(stat -c %s "$scratch/root/usr/local/libexec/folio-mcp")
echo "make install-mcp adds: $mcp bytes ($(awk "BEGIN { printf \"%.1f\", $mcp / 1048576 }") MiB)"
