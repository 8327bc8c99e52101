#include "folio_tesseract.h"

#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>

/* Debian 12's sonames (packages libtesseract5 and liblept5). */
static const char *const tesseract_library = "libtesseract.so.5";
static const char *const leptonica_library = "liblept.so.5";

static pthread_once_t once = PTHREAD_ONCE_INIT;
static folio_tesseract_api api;
static const folio_tesseract_api *loaded;
static char failure[512];

static void *symbol(void *library, const char *name) {
    void *found = dlsym(library, name);
    if (found == NULL && failure[0] == '\0') snprintf(failure, sizeof failure, "%s", dlerror());
    return found;
}

static void load(void) {
    void *tesseract = dlopen(tesseract_library, RTLD_NOW | RTLD_LOCAL);
    void *leptonica = tesseract ? dlopen(leptonica_library, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (leptonica == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
    api.create = symbol(tesseract, "TessBaseAPICreate");
    api.init3 = symbol(tesseract, "TessBaseAPIInit3");
    api.end = symbol(tesseract, "TessBaseAPIEnd");
    api.delete_api = symbol(tesseract, "TessBaseAPIDelete");
    api.set_image = symbol(tesseract, "TessBaseAPISetImage");
    api.set_image2 = symbol(tesseract, "TessBaseAPISetImage2");
    api.set_source_resolution = symbol(tesseract, "TessBaseAPISetSourceResolution");
    api.get_utf8_text = symbol(tesseract, "TessBaseAPIGetUTF8Text");
    api.mean_text_conf = symbol(tesseract, "TessBaseAPIMeanTextConf");
    api.clear = symbol(tesseract, "TessBaseAPIClear");
    api.delete_text = symbol(tesseract, "TessDeleteText");
    api.pix_read = symbol(leptonica, "pixRead");
    api.pix_destroy = symbol(leptonica, "pixDestroy");
    api.pix_get_x_res = symbol(leptonica, "pixGetXRes");
    if (failure[0] == '\0') loaded = &api;
}

const folio_tesseract_api *folio_tesseract_load(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (loaded == NULL && error != NULL && error_size > 0) snprintf(error, error_size, "%s", failure);
    return loaded;
}

void folio_tesseract_return_memory(void) {
    malloc_trim(0);
}
