#ifndef FOLIO_FTS_H
#define FOLIO_FTS_H

#include <sqlite3.h>

/* SQLite FTS5's C interface, for what SQL cannot reach: the tokenizer a full-text table
   was made with (to know which indexed terms a typed word becomes), and an auxiliary
   function of Folio's own. */

/* Called with each token, in order; returns 0 to go on. */
typedef int (*folio_fts_token)(void *context, const char *token, int length);

/* Splits text as the FTS5 tokenizer `name` built with `arguments` (for instance "porter"
   with "unicode61", "remove_diacritics", "2") splits a query: each token as it is looked
   up in the index (folded, stemmed). Returns an SQLite result code. */
int folio_fts_tokenize(sqlite3 *db, const char *name, const char *const *arguments, int argument_count,
                       const char *text, int length, folio_fts_token each, void *context);

/* Registers folio_term_weight(table, text_weight, section_weight, title_weight): BM25's
   term-frequency part for the first phrase of the MATCH expression in the current row,
   tf·(k1+1) / (tf + k1·(1 − b + b·length/average length)), with tf weighted by column as
   FTS5's bm25() weighs it (k1 1.2, b 0.75, as bm25()). For one term the idf is the same
   in every row, so this orders rows as bm25() does, without the work bm25() spends on
   every phrase's instance list. Returns an SQLite result code. */
int folio_fts_register_term_weight(sqlite3 *db);

#endif
