#ifndef FOLIO_FTS_H
#define FOLIO_FTS_H

#include <sqlite3.h>

/* SQLite FTS5's C interface, for what SQL cannot reach: the tokenizer a full-text table
   was made with (to know which indexed terms a typed word becomes), and an auxiliary
   function of Folio's own. */

/* Called with each token, in order, and the byte offsets in the text of what it was made
   from (start inclusive, end exclusive); returns 0 to go on. */
typedef int (*folio_fts_token)(void *context, const char *token, int length, int start, int end);

/* An FTS5 tokenizer of one connection, made once and used for many texts: finding and
   making it (through `SELECT fts5(?)`) cost more than tokenizing a query's word. */
typedef struct folio_fts_tokenizer folio_fts_tokenizer;

/* The tokenizer `name` built with `arguments` (for instance "porter" with "unicode61",
   "remove_diacritics", "2") on db, or NULL with the SQLite result code in *result. Closed
   with folio_fts_tokenizer_close before db is. */
folio_fts_tokenizer *folio_fts_tokenizer_open(sqlite3 *db, const char *name, const char *const *arguments, int argument_count,
                                              int *result);

/* Splits text as the tokenizer splits a query (`document` 0) or a row's text as it is
   indexed (`document` 1): each token as it is looked up or stored in the index (folded,
   stemmed). Returns an SQLite result code. */
int folio_fts_tokenizer_run(folio_fts_tokenizer *tokenizer, int document, const char *text, int length, folio_fts_token each,
                            void *context);

void folio_fts_tokenizer_close(folio_fts_tokenizer *tokenizer);

/* Rows per blob of the row-length table given to folio_fts_register_ranking. */
#define FOLIO_FTS_BLOCK 1024

/* Registers Folio's ranking functions on db's FTS5 tables. `lengths_sql` (or NULL) selects
   the row lengths of block ?1: one blob of FOLIO_FTS_BLOCK little-endian 16-bit token counts
   (all columns) of rows block*FOLIO_FTS_BLOCK onwards, 0 for unknown. A length it does not
   give is read from FTS5 (xColumnSize), which costs more than the rest of a row's ranking.
   Returns an SQLite result code. The functions, all with k1 1.2 and b 0.75 as bm25():

   folio_bm25(table, column weights…, counts): bm25() itself, the same formula and value,
   given (optionally) the number of rows each phrase of the MATCH expression is in: a text
   of numbers separated by spaces, in the expression's order, -1 for unknown (SQLite takes
   at most 127 arguments, fewer than a pasted paragraph's phrases). bm25() counts them by walking every
   phrase's rows before the first result (179,000 rows for `the` at 100,000 files), even a
   phrase no row's score needs (an excluded word).

   folio_term_weight(table, column weights…, first phrase): BM25's term-frequency part for
   the MATCH expression's phrases from the first phrase given (0 without it) on, taken as
   one term (their hits summed, as FTS5 counts the hits of a prefix's expansions),
   tf·(k1+1) / (tf + k1·(1 − b + b·length/average length)), tf weighted by column. For one
   term the idf is the same in every row, so this orders rows as bm25() does. It counts the
   rows it weighs, for folio_term_idf().

   folio_term_idf(): the idf bm25() gives a phrase in as many rows as the last statement on
   this connection to call folio_term_weight() weighed, NULL if none. After a statement
   that weighed every row of a MATCH of one phrase (`ORDER BY` the weight: SQLite weighs
   every match, whatever the LIMIT), that is the phrase's idf, which bm25() counts with a
   walk of its own over the same rows.

   folio_term_frequency(table, column weights…, phrase): tf of the phrase given (the first
   without it), its hits in the row weighed by column, as the two functions above count
   it.

   folio_row_length(table): the row's length in tokens, all columns, as the functions
   above take it (from the row-length blocks, else from FTS5).

   folio_fts_totals(table): "rows average" — the table's row count and its rows' average
   length in tokens, the two numbers the functions above take from the whole table, as
   text (the average to 17 significant digits, which read back give the same double).

   And one scalar function, for the searches that filter by name:
   folio_file_name(path): what follows the path's last '/'. */
int folio_fts_register_ranking(sqlite3 *db, const char *lengths_sql);

#endif
