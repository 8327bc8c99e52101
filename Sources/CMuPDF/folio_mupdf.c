#include "folio_mupdf.h"

#include <mupdf/fitz.h>
#include <mupdf/pdf.h>
#include <malloc.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct folio_mupdf_document {
    fz_context *context;
    fz_document *document;
    /* Bytes MuPDF holds for this document now, counted by the allocator below. */
    size_t held;
    size_t budget;
};

/* MuPDF's allocations for one document, counted so that its caches can be dropped when
   they pass the budget. malloc_usable_size adds no header to MuPDF's many small objects. */
static void *counted_malloc(void *user, size_t size) {
    void *block = malloc(size);
    if (block) ((folio_mupdf_document *)user)->held += malloc_usable_size(block);
    return block;
}

static void *counted_realloc(void *user, void *old, size_t size) {
    size_t before = old ? malloc_usable_size(old) : 0;
    void *block = realloc(old, size);
    if (block) ((folio_mupdf_document *)user)->held += malloc_usable_size(block) - before;
    return block;
}

static void counted_free(void *user, void *block) {
    if (block == NULL) return;
    ((folio_mupdf_document *)user)->held -= malloc_usable_size(block);
    free(block);
}

/* After a page: MuPDF keeps every font and image it has loaded in its store, and every
   object it has parsed, and frees neither while the document is open. Past the budget,
   the store is halved first (it drops what was used least recently), then, if that was
   not enough, the parsed objects nothing else holds go (they are parsed again when
   needed). Either costs work on the next pages, so it happens only past the budget (what
   that costs at the budget chosen: MuPDFDocument.memoryBudget). */
static void keep_within_budget(folio_mupdf_document *document) {
    if (document->held <= document->budget) return;
    fz_context *context = document->context;
    fz_try(context) {
        fz_shrink_store(context, 50);
        pdf_document *pdf = pdf_specifics(context, document->document);
        if (pdf && document->held > document->budget / 4 * 3) pdf_clear_xref_to_mark(context, pdf);
    }
    fz_catch(context) {
        /* Nothing was lost: the caches stay as they were. */
    }
    /* What was freed lies between blocks still in use; returned to the system, it no
       longer counts in the worker's resident memory (10 MiB less on one 9 MB manual). */
    malloc_trim(0);
}

static void copy_message(fz_context *context, char *error, size_t error_size) {
    if (error == NULL || error_size == 0) return;
    const char *message = context ? fz_caught_message(context) : "cannot create a MuPDF context (out of memory)";
    strncpy(error, message ? message : "unknown MuPDF error", error_size - 1);
    error[error_size - 1] = '\0';
}

folio_mupdf_document *folio_mupdf_open(const char *path, size_t budget, int *status, char *error, size_t error_size) {
    *status = FOLIO_MUPDF_ERROR;
    folio_mupdf_document *result = calloc(1, sizeof *result);
    if (result == NULL) {
        copy_message(NULL, error, error_size);
        return NULL;
    }
    result->budget = budget;
    fz_alloc_context allocator = { result, counted_malloc, counted_realloc, counted_free };
    /* MuPDF caches fonts and images up to this size; its default is 256 MiB, too much for a
       worker that should stay small in the background. */
    fz_context *context = fz_new_context(&allocator, NULL, 32 << 20);
    if (context == NULL) {
        copy_message(NULL, error, error_size);
        free(result);
        return NULL;
    }
    /* MuPDF prints warnings for every recoverable problem; Folio reports its own. */
    fz_set_warning_callback(context, NULL, NULL);
    fz_set_error_callback(context, NULL, NULL);
    fz_document *document = NULL;
    fz_try(context) {
        fz_register_document_handlers(context);
        document = fz_open_document(context, path);
    }
    fz_catch(context) {
        copy_message(context, error, error_size);
        fz_drop_context(context);
        free(result);
        return NULL;
    }
    if (fz_needs_password(context, document)) {
        *status = FOLIO_MUPDF_NEEDS_PASSWORD;
        strncpy(error, "the document is encrypted with a password", error_size - 1);
        error[error_size - 1] = '\0';
        fz_drop_document(context, document);
        fz_drop_context(context);
        free(result);
        return NULL;
    }
    /* What is parsed by now (trailer, catalog) is kept by every drop of parsed objects. */
    pdf_document *pdf = pdf_specifics(context, document);
    if (pdf) pdf_mark_xref(context, pdf);
    result->context = context;
    result->document = document;
    *status = FOLIO_MUPDF_OK;
    return result;
}

void folio_mupdf_close(folio_mupdf_document *document) {
    if (document == NULL) return;
    fz_drop_document(document->context, document->document);
    fz_drop_context(document->context);
    free(document);
    /* glibc keeps what was freed for later allocations, so a worker's resident memory
       would stay at the most any document has taken: past 8 MiB free, it is given back. */
    if (mallinfo2().fordblks > 8 << 20) malloc_trim(0);
}

int folio_mupdf_page_count(folio_mupdf_document *document, char *error, size_t error_size) {
    int count = -1;
    fz_try(document->context) {
        count = fz_count_pages(document->context, document->document);
    }
    fz_catch(document->context) {
        copy_message(document->context, error, error_size);
        return -1;
    }
    return count;
}

char *folio_mupdf_metadata(folio_mupdf_document *document, const char *key) {
    char buffer[1024];
    int length = -1;
    fz_try(document->context) {
        length = fz_lookup_metadata(document->context, document->document, key, buffer, sizeof buffer);
    }
    fz_catch(document->context) {
        return NULL;
    }
    if (length <= 0) return NULL;
    return strdup(buffer);
}

/* Reads a number-tree node of /PageLabels: its /Nums pairs, then its /Kids. */
static void collect_label_ranges(fz_context *context, pdf_obj *node, folio_mupdf_label_range *ranges, int capacity,
                                 int *count, int depth) {
    if (node == NULL || depth > 32) return;
    pdf_obj *numbers = pdf_dict_gets(context, node, "Nums");
    int length = pdf_is_array(context, numbers) ? pdf_array_len(context, numbers) : 0;
    for (int i = 0; i + 1 < length && *count < capacity; i += 2) {
        pdf_obj *label = pdf_array_get(context, numbers, i + 1);
        folio_mupdf_label_range *range = &ranges[*count];
        memset(range, 0, sizeof *range);
        range->first_page = pdf_to_int(context, pdf_array_get(context, numbers, i));
        const char *style = pdf_to_name(context, pdf_dict_gets(context, label, "S"));
        range->style = style && style[0] ? style[0] : 0;
        pdf_obj *start = pdf_dict_gets(context, label, "St");
        range->start = start ? pdf_to_int(context, start) : 1;
        const char *prefix = pdf_to_text_string(context, pdf_dict_gets(context, label, "P"));
        if (prefix) strncpy(range->prefix, prefix, sizeof range->prefix - 1);
        (*count)++;
    }
    pdf_obj *kids = pdf_dict_gets(context, node, "Kids");
    int kidCount = pdf_is_array(context, kids) ? pdf_array_len(context, kids) : 0;
    for (int i = 0; i < kidCount; i++) {
        collect_label_ranges(context, pdf_array_get(context, kids, i), ranges, capacity, count, depth + 1);
    }
}

int folio_mupdf_page_label_ranges(folio_mupdf_document *document, folio_mupdf_label_range *ranges, int capacity) {
    fz_context *context = document->context;
    int count = 0;
    fz_try(context) {
        pdf_document *pdf = pdf_specifics(context, document->document);
        if (pdf != NULL) {
            pdf_obj *root = pdf_dict_gets(context, pdf_trailer(context, pdf), "Root");
            collect_label_ranges(context, pdf_dict_gets(context, root, "PageLabels"), ranges, capacity, &count, 0);
        }
    }
    fz_catch(context) {
        return 0;
    }
    return count;
}

/* A PDF page's contents (not its annotations) run into `device`, as fz_run_page_contents
   runs them, but without fz_load_page, which loads every link of the page first and looks
   up each named destination in the document's name tree. On hyperref manuals (all of TeX
   Live's) that was a quarter of the time of reading text and most of the parsed objects
   MuPDF keeps: l3kernel's source3.pdf took 1.55 s and 89 MiB, then 1.19 s and 50 MiB, the
   text the same byte for byte, as it is for every PDF of the benchmark corpus. */
static void run_pdf_contents(fz_context *context, pdf_document *pdf, pdf_obj *page, fz_matrix transform, fz_device *device) {
    pdf_processor *processor = NULL;
    fz_var(processor);
    fz_try(context) {
        processor = pdf_new_run_processor(context, device, transform, "View", NULL, NULL, NULL);
        pdf_process_contents(context, processor, pdf, pdf_dict_get_inheritable(context, page, PDF_NAME(Resources)),
                             pdf_dict_get(context, page, PDF_NAME(Contents)), NULL);
        pdf_close_processor(context, processor);
    }
    fz_always(context) {
        pdf_drop_processor(context, processor);
    }
    fz_catch(context) {
        fz_rethrow(context);
    }
}

/* The text of a PDF page, as fz_new_stext_page_from_page reads it. */
static fz_stext_page *pdf_page_text(fz_context *context, pdf_document *pdf, int index, const fz_stext_options *options) {
    pdf_obj *page = pdf_lookup_page_obj(context, pdf, index);
    fz_rect mediabox;
    fz_matrix transform;
    pdf_page_obj_transform(context, page, &mediabox, &transform);
    fz_stext_page *text = fz_new_stext_page(context, fz_transform_rect(mediabox, transform));
    fz_device *device = NULL;
    fz_var(device);
    fz_try(context) {
        device = fz_new_stext_device(context, text, options);
        run_pdf_contents(context, pdf, page, transform, device);
        fz_close_device(context, device);
    }
    fz_always(context) {
        fz_drop_device(context, device);
    }
    fz_catch(context) {
        fz_drop_stext_page(context, text);
        fz_rethrow(context);
    }
    return text;
}

char *folio_mupdf_page_text(folio_mupdf_document *document, int index, char *error, size_t error_size) {
    fz_context *context = document->context;
    fz_page *page = NULL;
    fz_stext_page *text = NULL;
    fz_buffer *buffer = NULL;
    char *result = NULL;
    fz_var(page);
    fz_var(text);
    fz_var(buffer);
    fz_var(result);
    fz_try(context) {
        fz_stext_options options = { 0 };
        pdf_document *pdf = pdf_specifics(context, document->document);
        if (pdf) {
            text = pdf_page_text(context, pdf, index, &options);
        } else {
            page = fz_load_page(context, document->document, index);
            text = fz_new_stext_page_from_page(context, page, &options);
        }
        buffer = fz_new_buffer_from_stext_page(context, text);
        unsigned char *data = NULL;
        size_t length = fz_buffer_storage(context, buffer, &data);
        result = malloc(length + 1);
        if (result == NULL) fz_throw(context, FZ_ERROR_GENERIC, "out of memory");
        if (length > 0) memcpy(result, data, length);
        result[length] = '\0';
    }
    fz_always(context) {
        fz_drop_buffer(context, buffer);
        fz_drop_stext_page(context, text);
        fz_drop_page(context, page);
    }
    fz_catch(context) {
        copy_message(context, error, error_size);
        free(result);
        return NULL;
    }
    keep_within_budget(document);
    return result;
}

size_t folio_mupdf_held_bytes(folio_mupdf_document *document) {
    return document->held;
}

/* A device that only adds up what the page's images cover and would take to draw. */
typedef struct {
    fz_device base;
    fz_rect page;
    float covered;
    double decode_bytes;
} page_images_device;

/* Whether JPEG data is progressive (SOF2, 6, 10 or 14, before the first scan): libjpeg
   then holds the coefficients of the whole image while it decodes, two bytes a sample. */
static int is_progressive_jpeg(const unsigned char *data, size_t length) {
    size_t at = 2;
    while (at + 4 <= length && data[at] == 0xFF) {
        unsigned char marker = data[at + 1];
        if (marker == 0xFF) {
            at++;
            continue;
        }
        if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC)
            return marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE;
        if (marker == 0xDA) return 0;
        at += 2 + (((size_t)data[at + 2] << 8) | data[at + 3]);
    }
    return 0;
}

static void add_image(fz_context *context, fz_device *device, fz_image *image, fz_matrix ctm) {
    page_images_device *self = (page_images_device *)device;
    fz_rect area = fz_intersect_rect(fz_transform_rect(fz_unit_rect, ctm), self->page);
    if (!fz_is_empty_rect(area)) self->covered += (area.x1 - area.x0) * (area.y1 - area.y0);
    /* Decoded whole, whatever the size it is drawn at; a colour image is converted to gray
       for the gray page as well. */
    double samples = (double)image->w * image->h;
    double bytes = samples * image->n + (image->n > 1 ? samples : 0);
    fz_compressed_buffer *compressed = fz_compressed_image_buffer(context, image);
    if (compressed && compressed->params.type == FZ_IMAGE_JPEG && compressed->buffer) {
        unsigned char *data = NULL;
        size_t length = fz_buffer_storage(context, compressed->buffer, &data);
        if (is_progressive_jpeg(data, length)) bytes += samples * image->n * 2;
    }
    self->decode_bytes += bytes;
}

static void page_images_fill_image(fz_context *context, fz_device *device, fz_image *image, fz_matrix ctm, float alpha,
                                   fz_color_params color_params) {
    add_image(context, device, image, ctm);
}

static void page_images_fill_image_mask(fz_context *context, fz_device *device, fz_image *image, fz_matrix ctm,
                                        fz_colorspace *colorspace, const float *color, float alpha, fz_color_params color_params) {
    add_image(context, device, image, ctm);
}

int folio_mupdf_page_images(folio_mupdf_document *document, int index, double *coverage, double *decode_bytes,
                            char *error, size_t error_size) {
    fz_context *context = document->context;
    fz_page *page = NULL;
    fz_device *device = NULL;
    fz_var(page);
    fz_var(device);
    fz_try(context) {
        page_images_device *images = (page_images_device *)fz_new_device_of_size(context, sizeof *images);
        device = &images->base;
        images->base.fill_image = page_images_fill_image;
        images->base.fill_image_mask = page_images_fill_image_mask;
        pdf_document *pdf = pdf_specifics(context, document->document);
        if (pdf) {
            pdf_obj *object = pdf_lookup_page_obj(context, pdf, index);
            fz_rect mediabox;
            fz_matrix transform;
            pdf_page_obj_transform(context, object, &mediabox, &transform);
            images->page = fz_transform_rect(mediabox, transform);
            run_pdf_contents(context, pdf, object, transform, device);
        } else {
            page = fz_load_page(context, document->document, index);
            images->page = fz_bound_page(context, page);
            fz_run_page_contents(context, page, device, fz_identity, NULL);
        }
        fz_close_device(context, device);
        float area = (images->page.x1 - images->page.x0) * (images->page.y1 - images->page.y0);
        *coverage = area > 0 ? fminf(1, images->covered / area) : 0;
        *decode_bytes = images->decode_bytes;
    }
    fz_always(context) {
        fz_drop_device(context, device);
        fz_drop_page(context, page);
    }
    fz_catch(context) {
        copy_message(context, error, error_size);
        return -1;
    }
    keep_within_budget(document);
    return 0;
}

int folio_mupdf_page_size(folio_mupdf_document *document, int index, float *width, float *height, char *error, size_t error_size) {
    fz_context *context = document->context;
    fz_page *page = NULL;
    fz_var(page);
    fz_try(context) {
        page = fz_load_page(context, document->document, index);
        fz_rect bounds = fz_bound_page(context, page);
        *width = bounds.x1 - bounds.x0;
        *height = bounds.y1 - bounds.y0;
    }
    fz_always(context) {
        fz_drop_page(context, page);
    }
    fz_catch(context) {
        copy_message(context, error, error_size);
        return -1;
    }
    return 0;
}

unsigned char *folio_mupdf_render_gray(folio_mupdf_document *document, int index, float dpi,
                                       int *width, int *height, int *stride, char *error, size_t error_size) {
    fz_context *context = document->context;
    fz_page *page = NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    unsigned char *result = NULL;
    fz_var(page);
    fz_var(pixmap);
    fz_var(device);
    fz_var(result);
    fz_try(context) {
        page = fz_load_page(context, document->document, index);
        fz_matrix scale = fz_scale(dpi / 72, dpi / 72);
        fz_irect box = fz_round_rect(fz_transform_rect(fz_bound_page(context, page), scale));
        *width = box.x1 - box.x0;
        *height = box.y1 - box.y0;
        *stride = *width;
        size_t size = (size_t)(*width) * (size_t)(*height);
        result = malloc(size > 0 ? size : 1);
        if (result == NULL) fz_throw(context, FZ_ERROR_GENERIC, "out of memory for a %dx%d page image", *width, *height);
        /* Drawn straight into the buffer the caller gets: a page at 300 DPI is 8 MiB,
           and a second copy of it would sit beside tesseract's own two. */
        pixmap = fz_new_pixmap_with_bbox_and_data(context, fz_device_gray(context), box, NULL, 0, result);
        fz_clear_pixmap_with_value(context, pixmap, 255);
        device = fz_new_draw_device(context, fz_identity, pixmap);
        fz_run_page(context, page, device, scale, NULL);
        fz_close_device(context, device);
    }
    fz_always(context) {
        fz_drop_device(context, device);
        fz_drop_pixmap(context, pixmap);
        fz_drop_page(context, page);
    }
    fz_catch(context) {
        copy_message(context, error, error_size);
        free(result);
        return NULL;
    }
    /* A page read by OCR is nearly always a scan: its decoded image, kept in the store,
       is not drawn again and would be held while tesseract reads the page. */
    fz_empty_store(context);
    return result;
}

unsigned char *folio_mupdf_render_png(folio_mupdf_document *document, int index, float dpi, size_t *length, int *width, int *height,
                                      float *origin_x, float *origin_y, char *error, size_t error_size) {
    fz_context *context = document->context;
    fz_page *page = NULL;
    fz_pixmap *pixmap = NULL;
    fz_buffer *png = NULL;
    unsigned char *result = NULL;
    fz_var(page);
    fz_var(pixmap);
    fz_var(png);
    fz_var(result);
    fz_try(context) {
        page = fz_load_page(context, document->document, index);
        fz_rect bounds = fz_bound_page(context, page);
        *origin_x = bounds.x0;
        *origin_y = bounds.y0;
        pixmap = fz_new_pixmap_from_page(context, page, fz_scale(dpi / 72, dpi / 72), fz_device_rgb(context), 0);
        *width = fz_pixmap_width(context, pixmap);
        *height = fz_pixmap_height(context, pixmap);
        png = fz_new_buffer_from_pixmap_as_png(context, pixmap, fz_default_color_params);
        unsigned char *data = NULL;
        size_t size = fz_buffer_storage(context, png, &data);
        result = malloc(size > 0 ? size : 1);
        if (result == NULL) fz_throw(context, FZ_ERROR_GENERIC, "out of memory for a page image of %zu bytes", size);
        memcpy(result, data, size);
        *length = size;
    }
    fz_always(context) {
        fz_drop_buffer(context, png);
        fz_drop_pixmap(context, pixmap);
        fz_drop_page(context, page);
    }
    fz_catch(context) {
        copy_message(context, error, error_size);
        free(result);
        return NULL;
    }
    return result;
}

/* Appends to a growing C string; returns 0 when out of memory. */
static int append_text(char **text, size_t *used, size_t *capacity, const char *piece, size_t length) {
    if (*used + length + 1 > *capacity) {
        size_t grown = (*capacity + length + 1) * 2;
        char *bigger = realloc(*text, grown);
        if (bigger == NULL) return 0;
        *text = bigger;
        *capacity = grown;
    }
    memcpy(*text + *used, piece, length);
    *used += length;
    (*text)[*used] = 0;
    return 1;
}

char *folio_mupdf_page_words(folio_mupdf_document *document, int index, char *error, size_t error_size) {
    fz_context *context = document->context;
    fz_page *page = NULL;
    fz_stext_page *text = NULL;
    char *result = NULL;
    size_t used = 0, capacity = 0;
    fz_var(page);
    fz_var(text);
    fz_var(result);
    fz_try(context) {
        page = fz_load_page(context, document->document, index);
        text = fz_new_stext_page_from_page(context, page, NULL);
        result = calloc(1, 1);
        capacity = 1;
        if (result == NULL) fz_throw(context, FZ_ERROR_GENERIC, "out of memory");
        for (fz_stext_block *block = text->first_block; block; block = block->next) {
            if (block->type != FZ_STEXT_BLOCK_TEXT) continue;
            for (fz_stext_line *line = block->u.t.first_line; line; line = line->next) {
                fz_rect box = fz_empty_rect;
                char word[512];
                size_t length = 0;
                for (fz_stext_char *ch = line->first_char;; ch = ch->next) {
                    int space = ch == NULL || ch->c == ' ' || ch->c == '\t' || ch->c == 0xA0;
                    if (space && length > 0) {
                        char entry[640];
                        int written = snprintf(entry, sizeof entry, "%.1f %.1f %.1f %.1f\t%.*s\n", box.x0, box.y0, box.x1, box.y1, (int)length, word);
                        if (written > 0 && !append_text(&result, &used, &capacity, entry, (size_t)written))
                            fz_throw(context, FZ_ERROR_GENERIC, "out of memory");
                        box = fz_empty_rect;
                        length = 0;
                    }
                    if (ch == NULL) break;
                    if (space) continue;
                    char utf8[8];
                    int bytes = fz_runetochar(utf8, ch->c);
                    if (length + (size_t)bytes < sizeof word) {
                        memcpy(word + length, utf8, (size_t)bytes);
                        length += (size_t)bytes;
                    }
                    box = fz_union_rect(box, fz_rect_from_quad(ch->quad));
                }
            }
        }
    }
    fz_always(context) {
        fz_drop_stext_page(context, text);
        fz_drop_page(context, page);
    }
    fz_catch(context) {
        copy_message(context, error, error_size);
        free(result);
        return NULL;
    }
    return result;
}
