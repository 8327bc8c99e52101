#!/usr/bin/env python3
"""Checks the edges between Folio's modules (run by `make test`):

1. every module a target's Swift files import, of this package or of a package it uses, is
   declared in that target's dependencies in Package.swift (an undeclared import builds
   only while some other target happens to pull the module in first);
2. no module of Sources/ imports one at its own level or above, by the levels below, which
   docs/architecture.md draws: a program may use the read layer, never the other way.

    scripts/module-edges.py            (from the repository's root)

Exits 1 with a line per wrong edge, saying which file imports what.
"""
import json
import pathlib
import re
import subprocess
import sys

# Lowest first. A module imports only modules of lower levels; the C targets (no Swift
# file) are below them all.
LEVELS = [
    ["FolioCore", "FolioSystem", "FolioSQLite", "FolioSchema"],
    ["FolioText", "FolioHTTP", "FolioWatch", "FolioProtocol"],
    ["FolioLoaders", "FolioEmbedding", "FolioStore"],
    ["FolioIndexer", "FolioSemantic", "FolioDaemon"],
    ["FolioSearch"],
    ["FolioAsk", "FolioLaunch"],
    ["FolioChat"],
    ["FolioTools"],
    ["Folio", "FolioUI", "FolioMCP"],
    ["FolioCLI"],
    ["FolioQueryProgram", "FolioControlProgram", "FolioDaemonProgram", "FolioSearchProviderProgram", "FolioRofiProgram", "FolioUIProgram"],
    ["folioq", "folioctl", "foliod", "folio-search-provider", "folio-rofi", "folio-mcp", "foliod-worker",
     "FolioMulticall"],
]
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|package|fileprivate|private)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)")


def main() -> int:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True, capture_output=True, text=True).stdout)
    targets = {target["name"]: target for target in package["targets"]}
    level = {name: number for number, names in enumerate(LEVELS) for name in names}
    products = {dependency["product"][0] for target in targets.values() for dependency in target["dependencies"]
                if "product" in dependency}
    known = set(targets) | products
    problems = []
    for name, target in sorted(targets.items()):
        folder = pathlib.Path(target.get("path") or (("Tests/" if target["type"] == "test" else "Sources/") + name))
        if target["type"] == "system" or not any(folder.rglob("*.swift")):
            level.setdefault(name, -1)  # a C library or Folio's C around one: below every Swift module
            continue
        declared = {next(iter(dependency.values()))[0] for dependency in target["dependencies"]}
        for source in sorted(folder.rglob("*.swift")):
            for line in source.read_text(encoding="utf-8").splitlines():
                found = IMPORT.match(line)
                if not found or found.group(1) not in known or found.group(1) == name:
                    continue
                module = found.group(1)
                if module not in declared:
                    problems.append(f"{source}: imports {module}, which {name} does not declare in Package.swift")
                if target["type"] != "test" and module in targets:
                    if name not in level or module not in level:
                        problems.append(f"{source}: {name} or {module} has no level in scripts/module-edges.py: give it one")
                    elif level[module] >= level[name]:
                        problems.append(f"{source}: {name} (level {level[name]}) imports {module} (level {level[module]}), "
                                        "which is not below it")
    for problem in sorted(set(problems)):
        print(problem, file=sys.stderr)
    if problems:
        print(f"module-edges.py: {len(set(problems))} wrong edges (docs/architecture.md, \"The modules\")", file=sys.stderr)
        return 1
    print(f"module-edges.py: {len(targets)} targets, every import declared and below its importer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
