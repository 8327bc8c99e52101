#include "folio_curl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

/* The libcurl sonames Debian 12 ships, the OpenSSL build first. */
static const char *const libraries[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};

/* Each field has the type of the function it holds, checked against libcurl's header. */
static struct {
    __typeof__(curl_global_init) *global_init;
    __typeof__(curl_easy_init) *easy_init;
    __typeof__(curl_easy_setopt) *easy_setopt;
    __typeof__(curl_easy_perform) *easy_perform;
    __typeof__(curl_easy_getinfo) *easy_getinfo;
    __typeof__(curl_easy_cleanup) *easy_cleanup;
    __typeof__(curl_easy_strerror) *easy_strerror;
    __typeof__(curl_slist_append) *slist_append;
    __typeof__(curl_slist_free_all) *slist_free_all;
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[512];

static void load(void) {
    void *library = NULL;
    for (size_t index = 0; index < sizeof libraries / sizeof libraries[0] && library == NULL; index++)
        library = dlopen(libraries[index], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "libcurl is not installed (apt-get install libcurl4): %s", dlerror());
        return;
    }
    api.global_init = dlsym(library, "curl_global_init");
    api.easy_init = dlsym(library, "curl_easy_init");
    api.easy_setopt = dlsym(library, "curl_easy_setopt");
    api.easy_perform = dlsym(library, "curl_easy_perform");
    api.easy_getinfo = dlsym(library, "curl_easy_getinfo");
    api.easy_cleanup = dlsym(library, "curl_easy_cleanup");
    api.easy_strerror = dlsym(library, "curl_easy_strerror");
    api.slist_append = dlsym(library, "curl_slist_append");
    api.slist_free_all = dlsym(library, "curl_slist_free_all");
    if (!api.global_init || !api.easy_init || !api.easy_setopt || !api.easy_perform || !api.easy_getinfo || !api.easy_cleanup
        || !api.easy_strerror || !api.slist_append || !api.slist_free_all) {
        snprintf(failure, sizeof failure, "libcurl lacks a function Folio calls");
        return;
    }
    if (api.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
        snprintf(failure, sizeof failure, "libcurl did not initialise");
        return;
    }
    loaded = 1;
}

typedef struct {
    folio_curl_receive receive;
    void *context;
} sink;

static size_t write_body(char *data, size_t size, size_t count, void *user) {
    sink *target = user;
    return target->receive(target->context, data, size * count) == 0 ? size * count : 0;
}

int folio_curl_request(const char *url, const char *const *headers, size_t header_count, const char *body, size_t body_size,
                       long timeout_ms, long connect_ms, folio_curl_receive receive, void *context, long *status,
                       char *error, size_t error_size) {
    pthread_once(&once, load);
    if (!loaded) {
        snprintf(error, error_size, "%s", failure);
        return -1;
    }
    CURL *handle = api.easy_init();
    if (handle == NULL) {
        snprintf(error, error_size, "libcurl could not start a request");
        return -1;
    }
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) list = api.slist_append(list, headers[index]);
    sink target = {receive, context};
    api.easy_setopt(handle, CURLOPT_URL, url);
    api.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
    api.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    api.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
    api.easy_setopt(handle, CURLOPT_WRITEFUNCTION, write_body);
    api.easy_setopt(handle, CURLOPT_WRITEDATA, &target);
    /* Nothing but HTTP and HTTPS, whatever a redirect or a typo asks for. */
    api.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
    if (body != NULL) {
        api.easy_setopt(handle, CURLOPT_POST, 1L);
        api.easy_setopt(handle, CURLOPT_POSTFIELDS, body);
        api.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_size);
    }
    CURLcode result = api.easy_perform(handle);
    *status = 0;
    api.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, status);
    api.slist_free_all(list);
    api.easy_cleanup(handle);
    if (result != CURLE_OK) {
        snprintf(error, error_size, "%s", api.easy_strerror(result));
        return -1;
    }
    return 0;
}
