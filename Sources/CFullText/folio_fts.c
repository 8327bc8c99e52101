#include "folio_fts.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The fts5_api of a connection: FTS5 hands it out through `SELECT fts5(?)` with a pointer
   bound under the type "fts5_api_ptr" (https://www.sqlite.org/fts5.html#extending_fts5). */
static fts5_api *folio_fts_api(sqlite3 *db) {
    fts5_api *api = NULL;
    sqlite3_stmt *statement = NULL;
    if (sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, NULL) == SQLITE_OK) {
        sqlite3_bind_pointer(statement, 1, (void *)&api, "fts5_api_ptr", NULL);
        sqlite3_step(statement);
    }
    sqlite3_finalize(statement);
    return api;
}

struct folio_fts_tokens {
    folio_fts_token each;
    void *context;
};

static int folio_fts_on_token(void *context, int flags, const char *token, int length, int start, int end) {
    struct folio_fts_tokens *tokens = context;
    /* A colocated token is a synonym at the same place; Folio's tokenizers make none. */
    if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
    return tokens->each(tokens->context, token, length, start, end) == 0 ? SQLITE_OK : SQLITE_DONE;
}

struct folio_fts_tokenizer {
    fts5_tokenizer methods;
    Fts5Tokenizer *instance;
};

folio_fts_tokenizer *folio_fts_tokenizer_open(sqlite3 *db, const char *name, const char *const *arguments, int argument_count,
                                              int *result) {
    fts5_api *api = folio_fts_api(db);
    if (api == NULL) {
        *result = SQLITE_ERROR;
        return NULL;
    }
    folio_fts_tokenizer *tokenizer = sqlite3_malloc(sizeof(folio_fts_tokenizer));
    if (tokenizer == NULL) {
        *result = SQLITE_NOMEM;
        return NULL;
    }
    void *user = NULL;
    *result = api->xFindTokenizer(api, name, &user, &tokenizer->methods);
    if (*result == SQLITE_OK) *result = tokenizer->methods.xCreate(user, (const char **)arguments, argument_count, &tokenizer->instance);
    if (*result != SQLITE_OK) {
        sqlite3_free(tokenizer);
        return NULL;
    }
    return tokenizer;
}

int folio_fts_tokenizer_run(folio_fts_tokenizer *tokenizer, int document, const char *text, int length, folio_fts_token each,
                            void *context) {
    struct folio_fts_tokens tokens = {each, context};
    int result = tokenizer->methods.xTokenize(tokenizer->instance, &tokens, document ? FTS5_TOKENIZE_DOCUMENT : FTS5_TOKENIZE_QUERY,
                                              text, length, folio_fts_on_token);
    return result == SQLITE_DONE ? SQLITE_OK : result;
}

void folio_fts_tokenizer_close(folio_fts_tokenizer *tokenizer) {
    if (tokenizer == NULL) return;
    tokenizer->methods.xDelete(tokenizer->instance);
    sqlite3_free(tokenizer);
}

/* Row lengths (tokens in all columns) from a table of Folio's: FTS5 reads each row's length
   with a statement of its own, about 0.65 µs, more than the rest of bm25's work for a row.
   The table holds them two bytes a row (little-endian), FOLIO_FTS_BLOCK rows a blob; a
   missing block or a zero is looked up the way FTS5 does. */
struct folio_fts_lengths {
    sqlite3_stmt *statement;
    sqlite3_int64 block;
    int loaded;
    unsigned char tokens[2 * FOLIO_FTS_BLOCK];
};

static void folio_fts_lengths_open(struct folio_fts_lengths *lengths, sqlite3 *db, const char *sql) {
    lengths->statement = NULL;
    lengths->block = -1;
    lengths->loaded = 0;
    if (sql != NULL && sqlite3_prepare_v2(db, sql, -1, &lengths->statement, NULL) != SQLITE_OK) {
        sqlite3_finalize(lengths->statement);
        lengths->statement = NULL;
    }
}

static void folio_fts_lengths_close(struct folio_fts_lengths *lengths) {
    sqlite3_finalize(lengths->statement);
}

static int folio_fts_row_length(const Fts5ExtensionApi *api, Fts5Context *fts, struct folio_fts_lengths *lengths,
                                int *length) {
    sqlite3_int64 rowid = api->xRowid(fts);
    if (lengths->statement != NULL && rowid >= 0) {
        sqlite3_int64 block = rowid / FOLIO_FTS_BLOCK;
        if (block != lengths->block) {
            lengths->block = block;
            lengths->loaded = 0;
            sqlite3_reset(lengths->statement);
            sqlite3_bind_int64(lengths->statement, 1, block);
            if (sqlite3_step(lengths->statement) == SQLITE_ROW
                && sqlite3_column_bytes(lengths->statement, 0) == (int)sizeof(lengths->tokens)) {
                memcpy(lengths->tokens, sqlite3_column_blob(lengths->statement, 0), sizeof(lengths->tokens));
                lengths->loaded = 1;
            }
            sqlite3_reset(lengths->statement);
        }
        if (lengths->loaded) {
            sqlite3_int64 at = 2 * (rowid % FOLIO_FTS_BLOCK);
            int known = lengths->tokens[at] | lengths->tokens[at + 1] << 8;
            if (known > 0) {
                *length = known;
                return SQLITE_OK;
            }
        }
    }
    return api->xColumnSize(fts, -1, length);
}

/* What Folio's ranking functions share on one connection (their user data, owned by
   folio_term_idf()): the row lengths' SQL, and what folio_term_weight() last counted, for
   folio_term_idf() to give after the statement. */
struct folio_fts_connection {
    char *lengths_sql;
    /* Rows folio_term_weight() weighed in the last statement that called it, and the rows
       of the table then. */
    sqlite3_int64 weighed;
    sqlite3_int64 rows;
};

static void folio_fts_connection_free(void *pointer) {
    struct folio_fts_connection *connection = pointer;
    sqlite3_free(connection->lengths_sql);
    sqlite3_free(connection);
}

/* What a ranking function keeps for the whole query (FTS5's auxdata): the average row
   length, the row lengths' block, and for bm25 each phrase's idf once it is needed. */
struct folio_fts_query {
    struct folio_fts_lengths lengths;
    double average;
    sqlite3_int64 rows;
    int phrases;
    /* Rows folio_term_weight() weighed so far in this statement. */
    sqlite3_int64 weighed;
    double *idf;
    /* Rows each phrase is in, as folio_bm25 was given them (-1: unknown). */
    sqlite3_int64 *counts;
};

static void folio_fts_query_free(void *pointer) {
    struct folio_fts_query *query = pointer;
    folio_fts_lengths_close(&query->lengths);
    sqlite3_free(query->idf);
    sqlite3_free(query->counts);
    sqlite3_free(query);
}

/* Reads "n0 n1 …" (folio_bm25's counts) into one count per phrase; missing ones are -1. */
static void folio_fts_read_counts(const unsigned char *text, sqlite3_int64 *counts, int phrases) {
    const char *at = (const char *)text;
    for (int phrase = 0; phrase < phrases; phrase++) {
        char *end = NULL;
        long long count = at != NULL ? strtoll(at, &end, 10) : 0;
        if (at == NULL || end == at) {
            counts[phrase] = -1;
            at = NULL;
        } else {
            counts[phrase] = count;
            at = end;
        }
    }
}

static int folio_fts_query_of(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                              const unsigned char *counts, struct folio_fts_query **kept) {
    *kept = api->xGetAuxdata(fts, 0);
    if (*kept != NULL) return SQLITE_OK;
    struct folio_fts_query *query = sqlite3_malloc(sizeof(struct folio_fts_query));
    if (query == NULL) return SQLITE_NOMEM;
    memset(query, 0, sizeof(*query));
    sqlite3_int64 tokens = 0;
    int result = api->xRowCount(fts, &query->rows);
    if (result == SQLITE_OK) result = api->xColumnTotalSize(fts, -1, &tokens);
    query->phrases = api->xPhraseCount(fts);
    if (result == SQLITE_OK && query->phrases > 0) {
        query->idf = sqlite3_malloc(query->phrases * (int)sizeof(double));
        query->counts = sqlite3_malloc(query->phrases * (int)sizeof(sqlite3_int64));
        if (query->idf == NULL || query->counts == NULL) result = SQLITE_NOMEM;
    }
    if (result != SQLITE_OK) {
        sqlite3_free(query->idf);
        sqlite3_free(query->counts);
        sqlite3_free(query);
        return result;
    }
    for (int phrase = 0; phrase < query->phrases; phrase++) query->idf[phrase] = -1;
    folio_fts_read_counts(counts, query->counts, query->phrases);
    query->average = query->rows > 0 && tokens > 0 ? (double)tokens / (double)query->rows : 1.0;
    struct folio_fts_connection *connection = api->xUserData(fts);
    folio_fts_lengths_open(&query->lengths, sqlite3_context_db_handle(context), connection->lengths_sql);
    *kept = query;
    return api->xSetAuxdata(fts, query, folio_fts_query_free);
}

static const double folio_fts_k1 = 1.2, folio_fts_b = 0.75;

/* A phrase's hits in the current row, each weighed by its column's weight (bm25()'s). The
   hits are counted per column and weighed once: reading a weight's value at each hit was a
   tenth of ranking `use the`, whose words are in a chunk tens of times. */
static double folio_fts_frequency(const Fts5ExtensionApi *api, Fts5Context *fts, int phrase, int weight_count,
                                  sqlite3_value **weights, int *result) {
    enum { tallied = 8 };
    int hits[tallied] = {0};
    double other = 0;
    Fts5PhraseIter iterator;
    int column = 0, offset = 0;
    *result = api->xPhraseFirst(fts, phrase, &iterator, &column, &offset);
    if (*result != SQLITE_OK) return 0;
    for (; column >= 0; api->xPhraseNext(fts, &iterator, &column, &offset)) {
        if (column < tallied) {
            hits[column]++;
        } else {
            other += column < weight_count ? sqlite3_value_double(weights[column]) : 1.0;
        }
    }
    double frequency = 0;
    for (column = 0; column < tallied; column++) {
        if (hits[column] > 0) frequency += hits[column] * (column < weight_count ? sqlite3_value_double(weights[column]) : 1.0);
    }
    return frequency + other;
}

/* The phrase folio_term_weight() and folio_term_frequency() begin at: the argument after
   the column weights, else the first. */
static int folio_fts_first_phrase(const Fts5ExtensionApi *api, Fts5Context *fts, int value_count, sqlite3_value **values,
                                  int *weight_count) {
    int columns = api->xColumnCount(fts);
    *weight_count = value_count < columns ? value_count : columns;
    return columns < value_count ? sqlite3_value_int(values[columns]) : 0;
}

static void folio_fts_term_weight(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                  int value_count, sqlite3_value **values) {
    struct folio_fts_query *query = NULL;
    int result = folio_fts_query_of(api, fts, context, NULL, &query);
    double frequency = 0;
    int length = 0, weight_count = 0;
    /* The hits of every phrase from the first one on count as the one term's: a prefix's
       expansions listed as phrases weigh as the prefix does (FrequentWordRanking+Prefix). */
    int first = folio_fts_first_phrase(api, fts, value_count, values, &weight_count);
    for (int phrase = first < 0 ? 0 : first; result == SQLITE_OK && phrase < query->phrases; phrase++) {
        frequency += folio_fts_frequency(api, fts, phrase, weight_count, values, &result);
    }
    if (result == SQLITE_OK) result = folio_fts_row_length(api, fts, &query->lengths, &length);
    if (result != SQLITE_OK) {
        sqlite3_result_error_code(context, result);
        return;
    }
    struct folio_fts_connection *connection = api->xUserData(fts);
    connection->weighed = ++query->weighed;
    connection->rows = query->rows;
    double norm = folio_fts_k1 * (1 - folio_fts_b + folio_fts_b * length / query->average);
    sqlite3_result_double(context, frequency * (folio_fts_k1 + 1) / (frequency + norm));
}

static void folio_fts_term_frequency(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                     int value_count, sqlite3_value **values) {
    int result = SQLITE_OK, weight_count = 0;
    int phrase = folio_fts_first_phrase(api, fts, value_count, values, &weight_count);
    double frequency = folio_fts_frequency(api, fts, phrase, weight_count, values, &result);
    if (result != SQLITE_OK) {
        sqlite3_result_error_code(context, result);
        return;
    }
    sqlite3_result_double(context, frequency);
}

static void folio_fts_row_length_function(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                          int value_count, sqlite3_value **values) {
    (void)value_count;
    (void)values;
    struct folio_fts_query *query = NULL;
    int length = 0;
    int result = folio_fts_query_of(api, fts, context, NULL, &query);
    if (result == SQLITE_OK) result = folio_fts_row_length(api, fts, &query->lengths, &length);
    if (result != SQLITE_OK) {
        sqlite3_result_error_code(context, result);
        return;
    }
    sqlite3_result_int(context, length);
}

static void folio_fts_totals(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int value_count,
                             sqlite3_value **values) {
    (void)value_count;
    (void)values;
    struct folio_fts_query *query = NULL;
    int result = folio_fts_query_of(api, fts, context, NULL, &query);
    if (result != SQLITE_OK) {
        sqlite3_result_error_code(context, result);
        return;
    }
    char text[64];
    snprintf(text, sizeof(text), "%lld %.17g", (long long)query->rows, query->average);
    sqlite3_result_text(context, text, -1, SQLITE_TRANSIENT);
}

/* As bm25(): a phrase in over half the rows weighs 10^-6. */
static double folio_fts_idf(sqlite3_int64 rows, sqlite3_int64 count) {
    double idf = log(((double)rows - (double)count + 0.5) / ((double)count + 0.5));
    return idf > 0 ? idf : 1e-6;
}

static void folio_fts_term_idf(sqlite3_context *context, int value_count, sqlite3_value **values) {
    (void)value_count;
    (void)values;
    struct folio_fts_connection *connection = sqlite3_user_data(context);
    if (connection->weighed == 0) {
        sqlite3_result_null(context);
        return;
    }
    sqlite3_result_double(context, folio_fts_idf(connection->rows, connection->weighed));
}

static int folio_fts_count_row(const Fts5ExtensionApi *api, Fts5Context *fts, void *count) {
    (void)api;
    (void)fts;
    (*(sqlite3_int64 *)count)++;
    return SQLITE_OK;
}

static void folio_fts_bm25(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context, int value_count,
                           sqlite3_value **values) {
    int columns = api->xColumnCount(fts);
    int weight_count = value_count < columns ? value_count : columns;
    struct folio_fts_query *query = NULL;
    int result = folio_fts_query_of(api, fts, context, columns < value_count ? sqlite3_value_text(values[columns]) : NULL, &query);
    int length = 0;
    if (result == SQLITE_OK) result = folio_fts_row_length(api, fts, &query->lengths, &length);
    double norm = folio_fts_k1 * (1 - folio_fts_b + folio_fts_b * length / query->average);
    double score = 0;
    for (int phrase = 0; result == SQLITE_OK && phrase < query->phrases; phrase++) {
        double frequency = folio_fts_frequency(api, fts, phrase, weight_count, values, &result);
        if (result != SQLITE_OK || frequency == 0) continue;
        if (query->idf[phrase] < 0) {
            sqlite3_int64 count = query->counts[phrase];
            if (count < 0) {
                count = 0;
                result = api->xQueryPhrase(fts, phrase, &count, folio_fts_count_row);
            }
            query->idf[phrase] = folio_fts_idf(query->rows, count);
        }
        score += query->idf[phrase] * frequency * (folio_fts_k1 + 1) / (frequency + norm);
    }
    if (result != SQLITE_OK) {
        sqlite3_result_error_code(context, result);
        return;
    }
    sqlite3_result_double(context, -score);
}

/* folio_file_name(path): what follows the path's last '/', the file's name. SQL finds the
   last '/' only by rtrim() with the path's other characters, which reads the path once for
   each of its characters: a name's glob matched row by row spent most of its time there. */
static void folio_fts_file_name(sqlite3_context *context, int value_count, sqlite3_value **values) {
    (void)value_count;
    const unsigned char *path = sqlite3_value_text(values[0]);
    if (path == NULL) {
        sqlite3_result_null(context);
        return;
    }
    int length = sqlite3_value_bytes(values[0]);
    int start = length;
    while (start > 0 && path[start - 1] != '/') start--;
    sqlite3_result_text(context, (const char *)path + start, length - start, SQLITE_TRANSIENT);
}

int folio_fts_register_ranking(sqlite3 *db, const char *lengths_sql) {
    fts5_api *api = folio_fts_api(db);
    if (api == NULL) return SQLITE_ERROR;
    struct folio_fts_connection *connection = sqlite3_malloc(sizeof(struct folio_fts_connection));
    if (connection == NULL) return SQLITE_NOMEM;
    memset(connection, 0, sizeof(*connection));
    if (lengths_sql != NULL && (connection->lengths_sql = sqlite3_mprintf("%s", lengths_sql)) == NULL) {
        sqlite3_free(connection);
        return SQLITE_NOMEM;
    }
    /* folio_term_idf() owns what the functions share: SQLite frees it with the connection,
       or at once if registering fails. */
    int result = sqlite3_create_function_v2(db, "folio_term_idf", 0, SQLITE_UTF8, connection, folio_fts_term_idf, NULL, NULL,
                                            folio_fts_connection_free);
    if (result != SQLITE_OK) return result;
    result = sqlite3_create_function_v2(db, "folio_file_name", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, NULL,
                                        folio_fts_file_name, NULL, NULL, NULL);
    if (result != SQLITE_OK) return result;
    static const struct {
        const char *name;
        fts5_extension_function function;
    } functions[] = {
        {"folio_term_weight", folio_fts_term_weight},
        {"folio_bm25", folio_fts_bm25},
        {"folio_term_frequency", folio_fts_term_frequency},
        {"folio_fts_totals", folio_fts_totals},
        {"folio_row_length", folio_fts_row_length_function},
    };
    for (size_t index = 0; index < sizeof(functions) / sizeof(functions[0]); index++) {
        result = api->xCreateFunction(api, functions[index].name, connection, functions[index].function, NULL);
        if (result != SQLITE_OK) return result;
    }
    return SQLITE_OK;
}
