#ifndef FOLIO_CODE_H
#define FOLIO_CODE_H

#include <stddef.h>
#include <stdint.h>

/* The definitions in source code (functions, classes, methods, types; a JSON file's or a
   TOML file's top-level keys and tables), found by tree-sitter's parsers in the library the
   install step builds (scripts/install-code-parsers.sh), loaded at run time: Debian 12's
   tree-sitter is older than every grammar PyPI has, and Folio runs without the library. */
typedef struct folio_code_parsers folio_code_parsers;

/* A definition: its bytes in the text (the end excluded), and its name, a range of the
   text's bytes, or a fixed label (`init`) when the syntax has no name (then name_start ==
   name_end). Which definitions enclose it, its bytes say. */
typedef struct {
    uint32_t start;
    uint32_t end;
    uint32_t name_start;
    uint32_t name_end;
    const char *label;
} folio_code_definition;

/* Loads the library (once per process: later calls return the same). NULL with the reason
   in error. */
folio_code_parsers *folio_code_open(const char *library, char *error, size_t error_size);

/* Whether the library has a parser for `language` (python, c, cpp, go, rust, java,
   javascript, bash, swift, json, toml) and Folio knows its definitions. */
int folio_code_has_language(folio_code_parsers *parsers, const char *language);

/* Parses `length` bytes of UTF-8 `text` as `language` within `timeout_micros` and gives its
   definitions in the text's order (*definitions, to free with folio_code_free). Returns
   their count, or -1 with the reason in error (no such language, the parse timed out; error
   may be NULL when error_size is 0). */
long folio_code_outline(folio_code_parsers *parsers, const char *language, const char *text, uint32_t length,
                        uint64_t timeout_micros, folio_code_definition **definitions, char *error, size_t error_size);

void folio_code_free(folio_code_definition *definitions);

#endif
