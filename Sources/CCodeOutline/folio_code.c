#include "folio_code.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* tree-sitter's types as its API (tree_sitter/api.h, unchanged since 0.20) lays them out:
   only what this file passes by value. The rest are opaque pointers. */
typedef struct { uint32_t context[4]; const void *id; const void *tree; } ts_node;
typedef struct { const void *tree, *id; uint32_t context[3]; } ts_cursor;
typedef void ts_parser, ts_tree, ts_language;

struct folio_code_parsers {
    void *library;
    ts_parser *(*parser_new)(void);
    void (*parser_delete)(ts_parser *);
    bool (*parser_set_language)(ts_parser *, const ts_language *);
    void (*parser_set_timeout_micros)(ts_parser *, uint64_t);
    ts_tree *(*parser_parse_string)(ts_parser *, const ts_tree *, const char *, uint32_t);
    void (*tree_delete)(ts_tree *);
    ts_node (*tree_root_node)(const ts_tree *);
    const char *(*node_type)(ts_node);
    bool (*node_is_named)(ts_node);
    bool (*node_is_null)(ts_node);
    uint32_t (*node_start_byte)(ts_node);
    uint32_t (*node_end_byte)(ts_node);
    ts_node (*node_child_by_field_name)(ts_node, const char *, uint32_t);
    ts_node (*node_named_child)(ts_node, uint32_t);
    ts_cursor (*cursor_new)(ts_node);
    void (*cursor_delete)(ts_cursor *);
    ts_node (*cursor_current_node)(const ts_cursor *);
    bool (*cursor_goto_first_child)(ts_cursor *);
    bool (*cursor_goto_next_sibling)(ts_cursor *);
    bool (*cursor_goto_parent)(ts_cursor *);
};

/* What makes a node a definition, and where its name is. */
typedef struct {
    const char *type;
    const char *field;       /* the field holding the name; NULL: the first named child */
    bool follow;             /* the name's node is followed down the same field (C's declarators) */
    const char *label;       /* a fixed name instead, for syntax without one (Swift's init) */
    const char *needs;       /* a field the node must have: a C struct with a body, not a use */
    const char *needs_types; /* the types that field may have, space separated; NULL: any */
    const char *parents;     /* the types of its parent, grandparent…, space separated; NULL: anywhere */
    const char *name_type;   /* without a field: the type of the named child holding the name (SQL's object_reference) */
} rule;

typedef struct {
    const char *name;
    /* How deep the walk goes, 0 for all the way: a data file's top-level keys are near the root. */
    uint32_t max_depth;
    const rule *rules;
} language;

static const rule python_rules[] = {
    {"function_definition", "name"}, {"class_definition", "name"}, {0}};
static const rule javascript_rules[] = {
    {"function_declaration", "name"}, {"generator_function_declaration", "name"}, {"class_declaration", "name"},
    {"method_definition", "name"},
    {"variable_declarator", "name", .needs = "value", .needs_types = "arrow_function function_expression class"}, {0}};
static const rule c_rules[] = {
    {"function_definition", "declarator", true}, {"struct_specifier", "name", .needs = "body"},
    {"union_specifier", "name", .needs = "body"}, {"enum_specifier", "name", .needs = "body"}, {0}};
static const rule cpp_rules[] = {
    {"function_definition", "declarator", true}, {"class_specifier", "name", .needs = "body"},
    {"struct_specifier", "name", .needs = "body"}, {"union_specifier", "name", .needs = "body"},
    {"enum_specifier", "name", .needs = "body"}, {"namespace_definition", "name"}, {0}};
static const rule go_rules[] = {
    {"function_declaration", "name"}, {"method_declaration", "name"}, {"type_spec", "name"}, {0}};
static const rule rust_rules[] = {
    {"function_item", "name"}, {"struct_item", "name"}, {"enum_item", "name"}, {"union_item", "name"},
    {"trait_item", "name"}, {"impl_item", "type"}, {"mod_item", "name", .needs = "body"}, {"macro_definition", "name"}, {0}};
static const rule java_rules[] = {
    {"class_declaration", "name"}, {"interface_declaration", "name"}, {"enum_declaration", "name"},
    {"record_declaration", "name"}, {"annotation_type_declaration", "name"}, {"method_declaration", "name"},
    {"constructor_declaration", "name"}, {0}};
static const rule bash_rules[] = {{"function_definition", "name"}, {0}};
static const rule swift_rules[] = {
    {"class_declaration", "name"}, {"protocol_declaration", "name"}, {"function_declaration", "name"},
    {"init_declaration", .label = "init"}, {"deinit_declaration", .label = "deinit"},
    {"subscript_declaration", .label = "subscript"}, {0}};
static const rule json_rules[] = {{"pair", "key", .parents = "object document"}, {0}};
static const rule toml_rules[] = {
    {"table", NULL}, {"table_array_element", NULL}, {"pair", NULL, .parents = "document"}, {0}};
/* A statement's keywords are named nodes of their own: the name is the first reference (a
   trigger's, before the table it is on); an index's is the field the grammar calls column. */
static const rule sql_rules[] = {
    {"create_table", .name_type = "object_reference"}, {"create_view", .name_type = "object_reference"},
    {"create_materialized_view", .name_type = "object_reference"}, {"create_function", .name_type = "object_reference"},
    {"create_trigger", .name_type = "object_reference"}, {"create_type", .name_type = "object_reference"},
    {"create_sequence", .name_type = "object_reference"}, {"create_index", "column"},
    {"create_schema", .name_type = "identifier"}, {0}};

static const language languages[] = {
    {"python", 0, python_rules}, {"javascript", 0, javascript_rules}, {"c", 0, c_rules}, {"cpp", 0, cpp_rules}, {"go", 0, go_rules},
    {"rust", 0, rust_rules}, {"java", 0, java_rules}, {"bash", 0, bash_rules}, {"swift", 0, swift_rules},
    {"json", 2, json_rules}, {"toml", 1, toml_rules}, {"sql", 2, sql_rules},
};

static const language *find_language(const char *name) {
    for (size_t i = 0; i < sizeof languages / sizeof *languages; i++) {
        if (strcmp(languages[i].name, name) == 0) return &languages[i];
    }
    return NULL;
}

static pthread_mutex_t opening = PTHREAD_MUTEX_INITIALIZER;
static folio_code_parsers *opened;

folio_code_parsers *folio_code_open(const char *library, char *error, size_t error_size) {
    pthread_mutex_lock(&opening);
    if (opened) {
        pthread_mutex_unlock(&opening);
        return opened;
    }
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        snprintf(error, error_size, "%s", dlerror());
        pthread_mutex_unlock(&opening);
        return NULL;
    }
    folio_code_parsers *parsers = calloc(1, sizeof *parsers);
    if (!parsers) {
        snprintf(error, error_size, "out of memory");
        dlclose(handle);
        pthread_mutex_unlock(&opening);
        return NULL;
    }
    parsers->library = handle;
    const char *missing = NULL;
#define RESOLVE(member, symbol) \
    if (!missing && !(*(void **)&parsers->member = dlsym(handle, symbol))) missing = symbol;
    RESOLVE(parser_new, "ts_parser_new")
    RESOLVE(parser_delete, "ts_parser_delete")
    RESOLVE(parser_set_language, "ts_parser_set_language")
    RESOLVE(parser_set_timeout_micros, "ts_parser_set_timeout_micros")
    RESOLVE(parser_parse_string, "ts_parser_parse_string")
    RESOLVE(tree_delete, "ts_tree_delete")
    RESOLVE(tree_root_node, "ts_tree_root_node")
    RESOLVE(node_type, "ts_node_type")
    RESOLVE(node_is_named, "ts_node_is_named")
    RESOLVE(node_is_null, "ts_node_is_null")
    RESOLVE(node_start_byte, "ts_node_start_byte")
    RESOLVE(node_end_byte, "ts_node_end_byte")
    RESOLVE(node_child_by_field_name, "ts_node_child_by_field_name")
    RESOLVE(node_named_child, "ts_node_named_child")
    RESOLVE(cursor_new, "ts_tree_cursor_new")
    RESOLVE(cursor_delete, "ts_tree_cursor_delete")
    RESOLVE(cursor_current_node, "ts_tree_cursor_current_node")
    RESOLVE(cursor_goto_first_child, "ts_tree_cursor_goto_first_child")
    RESOLVE(cursor_goto_next_sibling, "ts_tree_cursor_goto_next_sibling")
    RESOLVE(cursor_goto_parent, "ts_tree_cursor_goto_parent")
#undef RESOLVE
    if (missing) {
        snprintf(error, error_size, "%s has no %s: not a tree-sitter library", library, missing);
        dlclose(handle);
        free(parsers);
        pthread_mutex_unlock(&opening);
        return NULL;
    }
    opened = parsers;
    pthread_mutex_unlock(&opening);
    return parsers;
}

static const ts_language *language_of(folio_code_parsers *parsers, const char *name) {
    char symbol[64];
    snprintf(symbol, sizeof symbol, "tree_sitter_%s", name);
    const ts_language *(*make)(void);
    *(void **)&make = dlsym(parsers->library, symbol);
    return make ? make() : NULL;
}

int folio_code_has_language(folio_code_parsers *parsers, const char *language) {
    return find_language(language) != NULL && language_of(parsers, language) != NULL;
}

/* Whether `word` is one of the space-separated words of `list`. */
static bool listed(const char *list, const char *word) {
    size_t length = strlen(word);
    for (const char *at = list; *at;) {
        const char *end = strchr(at, ' ');
        size_t size = end ? (size_t)(end - at) : strlen(at);
        if (size == length && memcmp(at, word, size) == 0) return true;
        if (!end) break;
        at = end + 1;
    }
    return false;
}

/* Whether the path's types above `depth` (types[depth - 1] the parent) are `parents`. */
static bool has_parents(const char *parents, const char **types, uint32_t depth) {
    const char *at = parents;
    for (uint32_t up = depth; *at; up--) {
        if (up == 0) return false;
        const char *end = strchr(at, ' ');
        size_t size = end ? (size_t)(end - at) : strlen(at);
        if (strlen(types[up - 1]) != size || memcmp(types[up - 1], at, size) != 0) return false;
        if (!end) break;
        at = end + 1;
    }
    return true;
}

static const rule *matching(const folio_code_parsers *p, const language *language, ts_node node, const char *type,
                            const char **types, uint32_t depth) {
    for (const rule *r = language->rules; r->type; r++) {
        if (strcmp(r->type, type) != 0) continue;
        if (r->parents && !has_parents(r->parents, types, depth)) continue;
        if (r->needs) {
            ts_node needed = p->node_child_by_field_name(node, r->needs, (uint32_t)strlen(r->needs));
            if (p->node_is_null(needed)) continue;
            if (r->needs_types && !listed(r->needs_types, p->node_type(needed))) continue;
        }
        return r;
    }
    return NULL;
}

/* The node holding the definition's name; a null node when it has none. */
static ts_node name_of(const folio_code_parsers *p, const rule *r, ts_node node) {
    if (!r->field && r->name_type) {
        for (uint32_t at = 0;; at++) {
            ts_node child = p->node_named_child(node, at);
            if (p->node_is_null(child) || strcmp(p->node_type(child), r->name_type) == 0) return child;
        }
    }
    if (!r->field) return p->node_named_child(node, 0);
    uint32_t length = (uint32_t)strlen(r->field);
    ts_node name = p->node_child_by_field_name(node, r->field, length);
    while (r->follow && !p->node_is_null(name)) {
        ts_node inner = p->node_child_by_field_name(name, r->field, length);
        /* C++'s reference declarator (`T &name()`) holds what it declares without a field. */
        if (p->node_is_null(inner) && strcmp(p->node_type(name), "reference_declarator") == 0) inner = p->node_named_child(name, 0);
        if (p->node_is_null(inner)) break;
        name = inner;
    }
    return name;
}

/* A growing array. */
static bool reserve(void **items, size_t *capacity, size_t count, size_t size) {
    if (count < *capacity) return true;
    size_t grown = *capacity ? *capacity * 2 : 64;
    void *larger = realloc(*items, grown * size);
    if (!larger) return false;
    *items = larger;
    *capacity = grown;
    return true;
}

long folio_code_outline(folio_code_parsers *p, const char *name, const char *text, uint32_t length, uint64_t timeout_micros,
                        folio_code_definition **definitions, char *error, size_t error_size) {
    *definitions = NULL;
    const language *language = find_language(name);
    const ts_language *grammar = language ? language_of(p, name) : NULL;
    if (!grammar) {
        snprintf(error, error_size, "no parser for %s", name);
        return -1;
    }
    ts_parser *parser = p->parser_new();
    if (!parser || !p->parser_set_language(parser, grammar)) {
        snprintf(error, error_size, "the parser for %s does not fit this tree-sitter runtime", name);
        if (parser) p->parser_delete(parser);
        return -1;
    }
    p->parser_set_timeout_micros(parser, timeout_micros);
    ts_tree *tree = p->parser_parse_string(parser, NULL, text, length);
    p->parser_delete(parser);
    if (!tree) {
        snprintf(error, error_size, "parsing took longer than %llu ms", (unsigned long long)(timeout_micros / 1000));
        return -1;
    }

    folio_code_definition *found = NULL;
    size_t count = 0, capacity = 0;
    const char **types = NULL;     /* the types on the path from the root, by depth */
    size_t types_capacity = 0;
    bool failed = false;
    ts_cursor cursor = p->cursor_new(p->tree_root_node(tree));
    uint32_t depth = 0;
    for (;;) {
        ts_node node = p->cursor_current_node(&cursor);
        const char *type = p->node_type(node);
        if (!reserve((void **)&types, &types_capacity, depth, sizeof *types)) { failed = true; break; }
        types[depth] = type;
        const rule *r = p->node_is_named(node) ? matching(p, language, node, type, types, depth) : NULL;
        ts_node name = r && !r->label ? name_of(p, r, node) : node;
        if (r && (r->label || !p->node_is_null(name))) {
            if (!reserve((void **)&found, &capacity, count, sizeof *found)) { failed = true; break; }
            found[count++] = (folio_code_definition){
                .start = p->node_start_byte(node),
                .end = p->node_end_byte(node),
                .name_start = r->label ? 0 : p->node_start_byte(name),
                .name_end = r->label ? 0 : p->node_end_byte(name),
                .label = r->label,
            };
        }
        if ((language->max_depth == 0 || depth < language->max_depth) && p->cursor_goto_first_child(&cursor)) {
            depth++;
            continue;
        }
        bool more = true;
        while (!p->cursor_goto_next_sibling(&cursor)) {
            if (!p->cursor_goto_parent(&cursor)) { more = false; break; }
            depth--;
        }
        if (!more) break;
    }
    p->cursor_delete(&cursor);
    p->tree_delete(tree);
    free(types);
    if (failed) {
        free(found);
        snprintf(error, error_size, "out of memory");
        return -1;
    }
    *definitions = found;
    return (long)count;
}

void folio_code_free(folio_code_definition *definitions) {
    free(definitions);
}
