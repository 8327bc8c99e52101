#ifndef FOLIO_TESSERACT_H
#define FOLIO_TESSERACT_H

#include <stddef.h>
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>

/* Tesseract and leptonica, loaded on first use rather than linked. With them come about
   seventy libraries (curl, TLS, Kerberos, image formats) whose pages each worker process
   would otherwise map at start, whether or not a page ever needs OCR: 7.5 MiB of resident
   memory per process. Each field has the type of the function it holds, checked against
   the libraries' own headers. */
typedef struct {
    __typeof__(TessBaseAPICreate) *create;
    __typeof__(TessBaseAPIInit3) *init3;
    __typeof__(TessBaseAPIEnd) *end;
    __typeof__(TessBaseAPIDelete) *delete_api;
    __typeof__(TessBaseAPISetImage) *set_image;
    __typeof__(TessBaseAPISetImage2) *set_image2;
    __typeof__(TessBaseAPISetSourceResolution) *set_source_resolution;
    __typeof__(TessBaseAPIGetUTF8Text) *get_utf8_text;
    __typeof__(TessBaseAPIMeanTextConf) *mean_text_conf;
    __typeof__(TessBaseAPIClear) *clear;
    __typeof__(TessDeleteText) *delete_text;
    __typeof__(pixRead) *pix_read;
    __typeof__(pixDestroy) *pix_destroy;
    __typeof__(pixGetXRes) *pix_get_x_res;
} folio_tesseract_api;

/* Loads the libraries once per process (thread-safe). Returns NULL when they cannot be
   loaded, with the reason (the loader's message) in error. */
const folio_tesseract_api *folio_tesseract_load(char *error, size_t error_size);

/* Gives the memory freed by engines that were ended back to the system (malloc_trim):
   it lies between blocks still in use, and would otherwise stay in the process. */
void folio_tesseract_return_memory(void);

#endif
