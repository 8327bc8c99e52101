#!/bin/sh
# Lints the page `folio ui` serves (Sources/FolioUI/Page), run by `make test`: the script by
# ESLint (Debian's `eslint`, its recommended rules and those of scripts/page-eslint.json),
# the HTML by HTML Tidy (`tidy`: any warning fails), the style sheet by tinycss2's parser
# (`python3-tinycss2`: a syntax error in a rule or a declaration fails; Debian packages no
# CSS linter, stylelint included, so property names and values are not checked).
#   scripts/lint-page.sh            (from the repository's root)
set -eu
page=Sources/FolioUI/Page
# Debian's eslint finds its modules through NODE_PATH when the node on PATH is not Debian's.
NODE_PATH=/usr/share/nodejs eslint --no-eslintrc -c scripts/page-eslint.json -f unix "$page/app.js"
tidy -q -e "$page/index.html" || { echo "lint-page.sh: $page/index.html: see tidy's lines above" >&2; exit 1; }
/usr/bin/python3 - "$page/app.css" <<'PY'
import sys
import tinycss2

def errors(nodes, where):
    for node in nodes:
        if node.type == "error":
            yield f"{where}:{node.source_line}:{node.source_column}: {node.message}"
        elif node.type == "qualified-rule":
            yield from errors(tinycss2.parse_declaration_list(node.content, skip_comments=True, skip_whitespace=True), where)
        elif node.type == "at-rule" and node.content is not None:
            yield from errors(tinycss2.parse_rule_list(node.content, skip_comments=True, skip_whitespace=True), where)

path = sys.argv[1]
with open(path, encoding="utf-8") as sheet:
    found = list(errors(tinycss2.parse_stylesheet(sheet.read(), skip_comments=True, skip_whitespace=True), path))
print("\n".join(found), file=sys.stderr)
sys.exit(1 if found else 0)
PY
echo "lint-page.sh: app.js, index.html and app.css pass"
