#include "folio_gio.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct folio_gio api;
static const struct folio_gio *loaded;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
    /* dlsym through GIO's handle finds GObject's and GLib's functions too: they are
       among the libraries it brought. */
    void *library = dlopen("libgio-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "GIO is not installed (apt-get install libglib2.0-0): %s", dlerror());
        return;
    }
#define FOLIO_GIO_FIND(name) \
    if ((api.name = (__typeof__(name) *)dlsym(library, #name)) == NULL) { \
        snprintf(failure, sizeof failure, "GIO lacks %s, which Folio calls", #name); \
        return; \
    }
    FOLIO_GIO_FUNCTIONS(FOLIO_GIO_FIND)
#undef FOLIO_GIO_FIND
    loaded = &api;
}

const struct folio_gio *folio_gio_load(const char **reason) {
    pthread_once(&once, load);
    if (loaded == NULL && reason != NULL) *reason = failure;
    return loaded;
}
