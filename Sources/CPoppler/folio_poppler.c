#include "folio_poppler.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* Debian 12's sonames (packages libpoppler-glib8, libcairo2, libglib2.0-0). */
static const char *const poppler_library = "libpoppler-glib.so.8";
static const char *const cairo_library = "libcairo.so.2";
static const char *const glib_library = "libglib-2.0.so.0";
static const char *const gobject_library = "libgobject-2.0.so.0";

static pthread_once_t once = PTHREAD_ONCE_INIT;
static folio_poppler_api api;
static const folio_poppler_api *loaded;
static char failure[512];

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (found == NULL && failure[0] == '\0') snprintf(failure, sizeof failure, "%s", dlerror());
    return found;
}

static void load(void) {
    const char *const names[] = { poppler_library, cairo_library, glib_library, gobject_library };
    void *libraries[4];
    for (int i = 0; i < 4; i++) {
        libraries[i] = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        if (libraries[i] == NULL) {
            snprintf(failure, sizeof failure, "%s", dlerror());
            return;
        }
    }
    void *poppler = libraries[0], *cairo = libraries[1], *glib = libraries[2], *gobject = libraries[3];
    api.document_new_from_file = symbol(poppler, "poppler_document_new_from_file");
    api.document_get_n_pages = symbol(poppler, "poppler_document_get_n_pages");
    api.document_get_page = symbol(poppler, "poppler_document_get_page");
    api.document_get_title = symbol(poppler, "poppler_document_get_title");
    api.page_get_label = symbol(poppler, "poppler_page_get_label");
    api.page_get_text = symbol(poppler, "poppler_page_get_text");
    api.page_get_size = symbol(poppler, "poppler_page_get_size");
    api.page_render = symbol(poppler, "poppler_page_render");
    api.page_get_image_mapping = symbol(poppler, "poppler_page_get_image_mapping");
    api.page_free_image_mapping = symbol(poppler, "poppler_page_free_image_mapping");
    api.error_quark = symbol(poppler, "poppler_error_quark");
    api.filename_to_uri = symbol(glib, "g_filename_to_uri");
    api.error_free = symbol(glib, "g_error_free");
    api.free = symbol(glib, "g_free");
    api.object_unref = symbol(gobject, "g_object_unref");
    api.image_surface_create = symbol(cairo, "cairo_image_surface_create");
    api.image_surface_get_data = symbol(cairo, "cairo_image_surface_get_data");
    api.image_surface_get_stride = symbol(cairo, "cairo_image_surface_get_stride");
    api.surface_status = symbol(cairo, "cairo_surface_status");
    api.surface_flush = symbol(cairo, "cairo_surface_flush");
    api.surface_destroy = symbol(cairo, "cairo_surface_destroy");
    api.create = symbol(cairo, "cairo_create");
    api.set_source_rgb = symbol(cairo, "cairo_set_source_rgb");
    api.paint = symbol(cairo, "cairo_paint");
    api.scale = symbol(cairo, "cairo_scale");
    api.destroy = symbol(cairo, "cairo_destroy");
    if (failure[0] == '\0') loaded = &api;
}

const folio_poppler_api *folio_poppler_load(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (loaded == NULL && error != NULL && error_size > 0) snprintf(error, error_size, "%s", failure);
    return loaded;
}
