#ifndef FOLIO_POPPLER_H
#define FOLIO_POPPLER_H

#include <stddef.h>
#include <poppler.h>
#include <cairo.h>

/* poppler-glib and cairo (with glib), loaded when the poppler backend first opens a PDF
   rather than linked: the default backend is MuPDF, and these libraries and theirs (NSS,
   X11, pixman…) would otherwise be mapped by every worker process at start, 5 MiB of
   resident memory each. Each field has the type of the function it holds, checked against
   the libraries' own headers. */
typedef struct {
    __typeof__(poppler_document_new_from_file) *document_new_from_file;
    __typeof__(poppler_document_get_n_pages) *document_get_n_pages;
    __typeof__(poppler_document_get_page) *document_get_page;
    __typeof__(poppler_document_get_title) *document_get_title;
    __typeof__(poppler_page_get_label) *page_get_label;
    __typeof__(poppler_page_get_text) *page_get_text;
    __typeof__(poppler_page_get_size) *page_get_size;
    __typeof__(poppler_page_render) *page_render;
    __typeof__(poppler_page_get_image_mapping) *page_get_image_mapping;
    __typeof__(poppler_page_free_image_mapping) *page_free_image_mapping;
    __typeof__(poppler_error_quark) *error_quark;
    __typeof__(g_filename_to_uri) *filename_to_uri;
    __typeof__(g_error_free) *error_free;
    __typeof__(g_free) *free;
    __typeof__(g_object_unref) *object_unref;
    __typeof__(cairo_image_surface_create) *image_surface_create;
    __typeof__(cairo_image_surface_get_data) *image_surface_get_data;
    __typeof__(cairo_image_surface_get_stride) *image_surface_get_stride;
    __typeof__(cairo_surface_status) *surface_status;
    __typeof__(cairo_surface_flush) *surface_flush;
    __typeof__(cairo_surface_destroy) *surface_destroy;
    __typeof__(cairo_create) *create;
    __typeof__(cairo_set_source_rgb) *set_source_rgb;
    __typeof__(cairo_paint) *paint;
    __typeof__(cairo_scale) *scale;
    __typeof__(cairo_destroy) *destroy;
} folio_poppler_api;

/* Loads the libraries once per process (thread-safe). Returns NULL when they cannot be
   loaded, with the reason (the loader's message) in error. */
const folio_poppler_api *folio_poppler_load(char *error, size_t error_size);

#endif
