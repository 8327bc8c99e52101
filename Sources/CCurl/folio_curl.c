#include "folio_curl.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>

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

static volatile sig_atomic_t interrupted;

static void on_interrupt(int number) {
    interrupted = 1;
    signal(number, SIG_DFL);
}

/* A signal ignored when the process began (a job a shell put in the background) stays
   ignored; one blocked (a mask inherited from the parent) is let through. */
void folio_curl_stop_on_interrupt(void) {
    static const int numbers[] = {SIGINT, SIGTERM};
    sigset_t unblock;
    sigemptyset(&unblock);
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) {
        struct sigaction previous;
        if (sigaction(numbers[index], NULL, &previous) == 0 && previous.sa_handler == SIG_IGN) continue;
        struct sigaction action = {0};
        action.sa_handler = on_interrupt;
        sigemptyset(&action.sa_mask);
        sigaction(numbers[index], &action, NULL);
        sigaddset(&unblock, numbers[index]);
    }
    pthread_sigmask(SIG_UNBLOCK, &unblock, NULL);
}

void folio_curl_end_on_interrupt(void) {
    static const int numbers[] = {SIGINT, SIGTERM};
    for (size_t index = 0; index < sizeof numbers / sizeof numbers[0]; index++) {
        struct sigaction previous;
        if (sigaction(numbers[index], NULL, &previous) == 0 && previous.sa_handler == on_interrupt) signal(numbers[index], SIG_DFL);
    }
    interrupted = 0;
}

typedef struct {
    folio_curl_receive receive;
    folio_curl_receive header;
    void *context;
    long stall_seconds;
    double last_byte; /* when a byte last arrived (or the request began), in seconds */
    int stalled;
} sink;

static double now(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec / 1e9;
}

static size_t write_body(char *data, size_t size, size_t count, void *user) {
    sink *target = user;
    if (interrupted) return 0;
    target->last_byte = now();
    return target->receive(target->context, data, size * count) == 0 ? size * count : 0;
}

static size_t write_header(char *data, size_t size, size_t count, void *user) {
    sink *target = user;
    target->last_byte = now();
    return target->header(target->context, data, size * count) == 0 ? size * count : 0;
}

/* libcurl calls this at least once a second while it waits: where an interrupt that came
   while no byte did ends the transfer, and so does a server silent for stall_seconds.
   (libcurl's own CURLOPT_LOW_SPEED_TIME measured 7 s for a limit of 1 here.) */
static int check_progress(void *user, curl_off_t download_total, curl_off_t downloaded, curl_off_t upload_total, curl_off_t uploaded) {
    (void)download_total, (void)downloaded, (void)upload_total, (void)uploaded;
    sink *target = user;
    if (interrupted) return 1;
    if (target->stall_seconds > 0 && now() - target->last_byte > (double)target->stall_seconds) {
        target->stalled = 1;
        return 1;
    }
    return 0;
}

int folio_curl_request(const char *url, const char *const *headers, size_t header_count, const char *body, size_t body_size,
                       long timeout_ms, long connect_ms, long stall_seconds, folio_curl_receive receive,
                       folio_curl_receive header, void *context, long *status, char *error, size_t error_size) {
    pthread_once(&once, load);
    if (!loaded) {
        snprintf(error, error_size, "%s", failure);
        return FOLIO_CURL_FAILED;
    }
    CURL *handle = api.easy_init();
    if (handle == NULL) {
        snprintf(error, error_size, "libcurl could not start a request");
        return FOLIO_CURL_FAILED;
    }
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) list = api.slist_append(list, headers[index]);
    sink target = {receive, header, context, stall_seconds, now(), 0};
    api.easy_setopt(handle, CURLOPT_URL, url);
    api.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
    api.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
    api.easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
    api.easy_setopt(handle, CURLOPT_WRITEFUNCTION, write_body);
    api.easy_setopt(handle, CURLOPT_WRITEDATA, &target);
    if (header != NULL) {
        api.easy_setopt(handle, CURLOPT_HEADERFUNCTION, write_header);
        api.easy_setopt(handle, CURLOPT_HEADERDATA, &target);
    }
    api.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, check_progress);
    api.easy_setopt(handle, CURLOPT_XFERINFODATA, &target);
    api.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
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
    if (result == CURLE_OK) return FOLIO_CURL_DONE;
    snprintf(error, error_size, "%s", api.easy_strerror(result));
    if (interrupted) return FOLIO_CURL_INTERRUPTED;
    if (target.stalled) {
        snprintf(error, error_size, "nothing received for %ld s", stall_seconds);
        return FOLIO_CURL_TIMED_OUT;
    }
    if (result == CURLE_COULDNT_CONNECT || result == CURLE_COULDNT_RESOLVE_HOST) return FOLIO_CURL_UNREACHABLE;
    return result == CURLE_OPERATION_TIMEDOUT ? FOLIO_CURL_TIMED_OUT : FOLIO_CURL_FAILED;
}
