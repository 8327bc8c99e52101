#include "folio_fts.h"

#include <stddef.h>

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
    (void)start;
    (void)end;
    struct folio_fts_tokens *tokens = context;
    /* A colocated token is a synonym at the same place; Folio's tokenizers make none. */
    if (flags & FTS5_TOKEN_COLOCATED) return SQLITE_OK;
    return tokens->each(tokens->context, token, length) == 0 ? SQLITE_OK : SQLITE_DONE;
}

int folio_fts_tokenize(sqlite3 *db, const char *name, const char *const *arguments, int argument_count,
                       const char *text, int length, folio_fts_token each, void *context) {
    fts5_api *api = folio_fts_api(db);
    if (api == NULL) return SQLITE_ERROR;
    void *user = NULL;
    fts5_tokenizer tokenizer;
    int result = api->xFindTokenizer(api, name, &user, &tokenizer);
    if (result != SQLITE_OK) return result;
    Fts5Tokenizer *instance = NULL;
    result = tokenizer.xCreate(user, (const char **)arguments, argument_count, &instance);
    if (result != SQLITE_OK) return result;
    struct folio_fts_tokens tokens = {each, context};
    result = tokenizer.xTokenize(instance, &tokens, FTS5_TOKENIZE_QUERY, text, length, folio_fts_on_token);
    tokenizer.xDelete(instance);
    return result == SQLITE_DONE ? SQLITE_OK : result;
}

/* The average row length in tokens, kept for the whole query (FTS5 keeps the totals). */
static int folio_fts_average_length(const Fts5ExtensionApi *api, Fts5Context *fts, double *average) {
    double *kept = api->xGetAuxdata(fts, 0);
    if (kept != NULL) {
        *average = *kept;
        return SQLITE_OK;
    }
    sqlite3_int64 rows = 0, tokens = 0;
    int result = api->xRowCount(fts, &rows);
    if (result == SQLITE_OK) result = api->xColumnTotalSize(fts, -1, &tokens);
    if (result != SQLITE_OK) return result;
    kept = sqlite3_malloc(sizeof(double));
    if (kept == NULL) return SQLITE_NOMEM;
    *kept = rows > 0 && tokens > 0 ? (double)tokens / (double)rows : 1.0;
    *average = *kept;
    return api->xSetAuxdata(fts, kept, sqlite3_free);
}

static const double folio_fts_k1 = 1.2, folio_fts_b = 0.75;

static void folio_fts_term_weight(const Fts5ExtensionApi *api, Fts5Context *fts, sqlite3_context *context,
                                  int value_count, sqlite3_value **values) {
    double average = 1.0;
    int result = folio_fts_average_length(api, fts, &average);
    double frequency = 0;
    Fts5PhraseIter iterator;
    int column = 0, offset = 0;
    if (result == SQLITE_OK) result = api->xPhraseFirst(fts, 0, &iterator, &column, &offset);
    if (result != SQLITE_OK) {
        sqlite3_result_error_code(context, result);
        return;
    }
    for (; column >= 0; api->xPhraseNext(fts, &iterator, &column, &offset)) {
        frequency += column < value_count ? sqlite3_value_double(values[column]) : 1.0;
    }
    int length = 0;
    result = api->xColumnSize(fts, -1, &length);
    if (result != SQLITE_OK) {
        sqlite3_result_error_code(context, result);
        return;
    }
    double norm = folio_fts_k1 * (1 - folio_fts_b + folio_fts_b * length / average);
    sqlite3_result_double(context, frequency * (folio_fts_k1 + 1) / (frequency + norm));
}

int folio_fts_register_term_weight(sqlite3 *db) {
    fts5_api *api = folio_fts_api(db);
    if (api == NULL) return SQLITE_ERROR;
    return api->xCreateFunction(api, "folio_term_weight", NULL, folio_fts_term_weight, NULL);
}

