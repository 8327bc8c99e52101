#ifndef FOLIO_MUPDF_H
#define FOLIO_MUPDF_H

#include <stddef.h>

/* A thin C layer over MuPDF for Folio. MuPDF reports errors with setjmp/longjmp
   (fz_try/fz_catch); a longjmp must never cross a Swift frame, so every MuPDF call
   happens inside one of these functions, which catch and return an error message.

   A document owns its own fz_context: use one document from one thread at a time. */

typedef struct folio_mupdf_document folio_mupdf_document;

enum folio_mupdf_open_status {
    FOLIO_MUPDF_OK = 0,
    FOLIO_MUPDF_ERROR = 1,
    FOLIO_MUPDF_NEEDS_PASSWORD = 2,
};

/* Opens a PDF. On failure returns NULL, sets *status and writes the reason to error.
   After each page read or rendered, MuPDF's caches for the document (fonts and images,
   then parsed objects) are cut down if it holds more than `budget` bytes. */
folio_mupdf_document *folio_mupdf_open(const char *path, size_t budget, int *status, char *error, size_t error_size);
void folio_mupdf_close(folio_mupdf_document *document);

/* Number of pages, or -1 with the reason in error. */
int folio_mupdf_page_count(folio_mupdf_document *document, char *error, size_t error_size);

/* A metadata value ("info:Title"), malloc'd UTF-8, or NULL if absent. */
char *folio_mupdf_metadata(folio_mupdf_document *document, const char *key);

/* One range of the document's page labels (the catalog's /PageLabels): from 0-based page
   `first_page` on, pages are labelled `prefix` followed by `start`, `start + 1`… in
   `style`: 'D' decimal, 'R'/'r' upper/lower Roman, 'A'/'a' upper/lower letters, 0 none. */
typedef struct {
    int first_page;
    char style;
    int start;
    char prefix[64];
} folio_mupdf_label_range;

/* Fills up to `capacity` ranges in page order; returns how many were found (0 when the
   document has no labels or is not a PDF). */
int folio_mupdf_page_label_ranges(folio_mupdf_document *document, folio_mupdf_label_range *ranges, int capacity);

/* The text of page `index` (0-based) in reading order, one line per line of text, as
   malloc'd UTF-8; NULL with the reason in error when the page cannot be read. */
char *folio_mupdf_page_text(folio_mupdf_document *document, int index, char *error, size_t error_size);

/* The bytes MuPDF holds for the document now. */
size_t folio_mupdf_held_bytes(folio_mupdf_document *document);

/* The part of page `index` (0 to 1) that images cover, overlaps counted twice, and the
   bytes drawing them would take (decoded whole, converted to gray, and for a progressive
   JPEG libjpeg's coefficients); -1 with the reason in error on failure. */
int folio_mupdf_page_images(folio_mupdf_document *document, int index, double *coverage, double *decode_bytes,
                            char *error, size_t error_size);

/* The size of page `index` in points; -1 with the reason in error on failure. */
int folio_mupdf_page_size(folio_mupdf_document *document, int index, float *width, float *height, char *error, size_t error_size);

/* Page `index` rendered in 8-bit gray at `dpi`, malloc'd, `*stride` bytes a row; NULL with
   the reason in error on failure. */
unsigned char *folio_mupdf_render_gray(folio_mupdf_document *document, int index, float dpi,
                                       int *width, int *height, int *stride, char *error, size_t error_size);

/* Page `index` rendered in colour at `dpi` as a PNG, malloc'd, `*length` bytes, `*width` by
   `*height` pixels; `*origin_x`, `*origin_y`: the page's top left corner in points (where
   its word boxes start from). NULL with the reason in error on failure. */
unsigned char *folio_mupdf_render_png(folio_mupdf_document *document, int index, float dpi, size_t *length, int *width, int *height,
                                      float *origin_x, float *origin_y, char *error, size_t error_size);

/* The words of page `index`, malloc'd: a line each, "x0 y0 x1 y1<TAB>word", their boxes in
   points. NULL with the reason in error on failure. */
char *folio_mupdf_page_words(folio_mupdf_document *document, int index, char *error, size_t error_size);

#endif
