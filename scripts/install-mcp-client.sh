#!/bin/sh
# Installs a real MCP client for the tests of `folio mcp` and bench/mcp-latency.py: the
# Model Context Protocol's Python SDK (`mcp` from PyPI, with the versions of its
# dependencies pinned in scripts/mcp-client-requirements.txt), in a virtual environment of
# its own:
#   DEST/mcp-client/bin/python3      a Python that imports `mcp`
#
#   scripts/install-mcp-client.sh [DEST]   DEST defaults to ${XDG_DATA_HOME:-~/.local/share}/folio;
#                                          `make test` uses /usr/local/share/folio
#
# It does nothing when that environment has the pinned version already. Folio itself never
# needs it: the assistant brings its own client.
set -eu
dest=${1:-${XDG_DATA_HOME:-$HOME/.local/share}/folio}
requirements="$(dirname "$0")/mcp-client-requirements.txt"
env="$dest/mcp-client"
wanted=$(sed -n 's/^mcp==//p' "$requirements")
if [ -x "$env/bin/python3" ] && [ "$("$env/bin/python3" -c 'import importlib.metadata as m; print(m.version("mcp"))' 2>/dev/null)" = "$wanted" ]; then
    exit 0
fi
command -v python3 > /dev/null || { echo "install-mcp-client.sh: needs python3 with venv (scripts/install-deps.sh installs it)" >&2; exit 2; }
rm -rf "$env"
/usr/bin/python3 -m venv "$env"
"$env/bin/python3" -m pip install -q --disable-pip-version-check --no-input -r "$requirements"
"$env/bin/python3" -c 'import mcp.client.stdio' || { echo "install-mcp-client.sh: mcp does not import" >&2; exit 2; }
echo "installed mcp $wanted in $env"
