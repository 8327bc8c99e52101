#include "folio_onnx.h"

#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The C API is a table of function pointers (OrtApi) whose order never changes between
   releases: new functions are appended. Folio asks for version 13 of the table (ONNX
   Runtime 1.13 and later) and uses these positions in it, taken from the API's
   documentation (onnxruntime_c_api.h, struct OrtApi). */
enum {
    api_version = 13,
    at_get_error_message = 2,
    at_create_env = 3,
    at_create_session = 7,
    at_run = 9,
    at_create_session_options = 10,
    at_disable_cpu_mem_arena = 19,
    at_set_graph_optimization_level = 23,
    at_set_intra_op_threads = 24,
    at_set_inter_op_threads = 25,
    at_session_get_input_count = 30,
    at_session_get_output_count = 31,
    at_session_get_input_name = 36,
    at_session_get_output_name = 37,
    at_create_tensor_with_data = 49,
    at_get_tensor_mutable_data = 51,
    at_get_dimensions_count = 61,
    at_get_dimensions = 62,
    at_get_tensor_type_and_shape = 65,
    at_create_cpu_memory_info = 69,
    at_allocator_free = 76,
    at_get_default_allocator = 78,
    at_release_env = 92,
    at_release_status = 93,
    at_release_memory_info = 94,
    at_release_session = 95,
    at_release_value = 96,
    at_release_tensor_type_and_shape = 99,
    at_release_session_options = 100,
};

/* Opaque runtime objects: Folio only passes their pointers back. */
typedef void status_t;

typedef struct {
    const void *(*get_api)(uint32_t version);
    const char *(*get_version_string)(void);
} api_base_t;

#define ONNX_INT64 7
#define ONNX_FLOAT 1
#define ORT_ARENA_ALLOCATOR 1
#define ORT_MEM_TYPE_DEFAULT 0
#define ORT_ENABLE_ALL 99
#define ORT_LOGGING_LEVEL_ERROR 3

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void *const *table;
static void *environment;
static char failure[4200];
static char loaded_from[4096];

#define API(position, type) ((type)table[position])

struct folio_onnx_session {
    void *session;
    void *memory_info;
    size_t input_count;
    char *input_names[3];
    char *output_name;
};

static const char *status_message(status_t *status) {
    return API(at_get_error_message, const char *(*)(const status_t *))(status);
}

/* Copies a failed status's message to error and releases the status; true if it failed. */
static int failed(status_t *status, const char *what, char *error, size_t error_size) {
    if (status == NULL) return 0;
    if (error != NULL && error_size > 0) snprintf(error, error_size, "%s: %s", what, status_message(status));
    API(at_release_status, void (*)(status_t *))(status);
    return 1;
}

static void load(void) {
    void *library = dlopen(loaded_from, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "%s", dlerror());
        return;
    }
    const api_base_t *(*get_api_base)(void) = (const api_base_t *(*)(void))dlsym(library, "OrtGetApiBase");
    if (get_api_base == NULL) {
        snprintf(failure, sizeof failure, "%s has no OrtGetApiBase: not ONNX Runtime", loaded_from);
        return;
    }
    const api_base_t *base = get_api_base();
    table = (void *const *)base->get_api(api_version);
    if (table == NULL) {
        snprintf(failure, sizeof failure, "ONNX Runtime %s is older than 1.13", base->get_version_string());
        return;
    }
    status_t *status = API(at_create_env, status_t *(*)(int, const char *, void **))(ORT_LOGGING_LEVEL_ERROR, "folio", &environment);
    if (failed(status, "creating the runtime's environment", failure, sizeof failure)) table = NULL;
}

folio_onnx_session *folio_onnx_open(const char *library, const char *model, int threads, char *error, size_t error_size) {
    if (loaded_from[0] == '\0') snprintf(loaded_from, sizeof loaded_from, "%s", library);
    pthread_once(&once, load);
    if (table == NULL) {
        snprintf(error, error_size, "%s", failure);
        return NULL;
    }
    folio_onnx_session *opened = calloc(1, sizeof *opened);
    void *options = NULL;
    void *allocator = NULL;
    if (opened == NULL) {
        snprintf(error, error_size, "out of memory");
        return NULL;
    }
    if (failed(API(at_create_session_options, status_t *(*)(void **))(&options), "session options", error, error_size)
        || failed(API(at_set_intra_op_threads, status_t *(*)(void *, int))(options, threads), "threads", error, error_size)
        || failed(API(at_set_inter_op_threads, status_t *(*)(void *, int))(options, 1), "threads", error, error_size)
        || failed(API(at_set_graph_optimization_level, status_t *(*)(void *, int))(options, ORT_ENABLE_ALL), "optimisation", error, error_size)
        /* Without the arena, memory a run took goes back when it ends: with it, one batch of
           16 windows of 256 tokens left the process at 780 MiB (docs/benchmarks.md). */
        || failed(API(at_disable_cpu_mem_arena, status_t *(*)(void *))(options), "memory arena", error, error_size)
        || failed(API(at_create_session, status_t *(*)(void *, const char *, void *, void **))(environment, model, options, &opened->session),
                  "opening the model", error, error_size)
        || failed(API(at_create_cpu_memory_info, status_t *(*)(int, int, void **))(ORT_ARENA_ALLOCATOR, ORT_MEM_TYPE_DEFAULT, &opened->memory_info),
                  "memory info", error, error_size)
        || failed(API(at_get_default_allocator, status_t *(*)(void **))(&allocator), "allocator", error, error_size)
        || failed(API(at_session_get_input_count, status_t *(*)(void *, size_t *))(opened->session, &opened->input_count), "inputs", error, error_size)) {
        if (options != NULL) API(at_release_session_options, void (*)(void *))(options);
        folio_onnx_close(opened);
        return NULL;
    }
    API(at_release_session_options, void (*)(void *))(options);
    size_t outputs = 0;
    if (opened->input_count < 2 || opened->input_count > 3) {
        snprintf(error, error_size, "the model takes %zu inputs; a sentence-embedding model takes input_ids, attention_mask "
                 "and perhaps token_type_ids", opened->input_count);
        folio_onnx_close(opened);
        return NULL;
    }
    for (size_t index = 0; index < opened->input_count; index++) {
        char *name = NULL;
        if (failed(API(at_session_get_input_name, status_t *(*)(void *, size_t, void *, char **))(opened->session, index, allocator, &name),
                   "input name", error, error_size)) {
            folio_onnx_close(opened);
            return NULL;
        }
        opened->input_names[index] = strdup(name);
        API(at_allocator_free, status_t *(*)(void *, void *))(allocator, name);
    }
    char *name = NULL;
    if (failed(API(at_session_get_output_count, status_t *(*)(void *, size_t *))(opened->session, &outputs), "outputs", error, error_size)
        || failed(API(at_session_get_output_name, status_t *(*)(void *, size_t, void *, char **))(opened->session, 0, allocator, &name),
                  "output name", error, error_size)) {
        folio_onnx_close(opened);
        return NULL;
    }
    opened->output_name = strdup(name);
    API(at_allocator_free, status_t *(*)(void *, void *))(allocator, name);
    return opened;
}

/* The tensor over caller memory for one input: ids, mask or token types by its name. */
static int input_tensor(folio_onnx_session *session, const char *name, int64_t *ids, int64_t *mask, int64_t *types,
                        const int64_t *shape, void **out, char *error, size_t error_size) {
    int64_t *data = strstr(name, "mask") ? mask : strstr(name, "type") ? types : ids;
    size_t bytes = (size_t)(shape[0] * shape[1]) * sizeof(int64_t);
    return failed(API(at_create_tensor_with_data, status_t *(*)(void *, void *, size_t, const int64_t *, size_t, int, void **))(
                      session->memory_info, data, bytes, shape, 2, ONNX_INT64, out),
                  "input tensor", error, error_size);
}

size_t folio_onnx_run_pooled(folio_onnx_session *session, const int64_t *ids, const int64_t *mask, int64_t batch, int64_t length,
                             float *pooled, size_t pooled_capacity, char *error, size_t error_size) {
    const int64_t shape[2] = {batch, length};
    int64_t *types = calloc((size_t)(batch * length), sizeof(int64_t));
    void *inputs[3] = {NULL, NULL, NULL};
    void *output = NULL;
    void *info = NULL;
    size_t dimension = 0;
    if (types == NULL) {
        snprintf(error, error_size, "out of memory");
        return 0;
    }
    for (size_t index = 0; index < session->input_count; index++) {
        if (input_tensor(session, session->input_names[index], (int64_t *)ids, (int64_t *)mask, types, shape, &inputs[index], error, error_size))
            goto done;
    }
    const char *output_names[1] = {session->output_name};
    if (failed(API(at_run, status_t *(*)(void *, const void *, const char *const *, void *const *, size_t, const char *const *, size_t, void **))(
                   session->session, NULL, (const char *const *)session->input_names, inputs, session->input_count, output_names, 1, &output),
               "running the model", error, error_size))
        goto done;
    size_t rank = 0;
    int64_t dimensions[3] = {0, 0, 0};
    if (failed(API(at_get_tensor_type_and_shape, status_t *(*)(void *, void **))(output, &info), "output shape", error, error_size)
        || failed(API(at_get_dimensions_count, status_t *(*)(void *, size_t *))(info, &rank), "output shape", error, error_size))
        goto done;
    if (rank != 3) {
        snprintf(error, error_size, "the model's first output has %zu dimensions; a last hidden state has 3", rank);
        goto done;
    }
    float *hidden = NULL;
    if (failed(API(at_get_dimensions, status_t *(*)(void *, int64_t *, size_t))(info, dimensions, 3), "output shape", error, error_size)
        || failed(API(at_get_tensor_mutable_data, status_t *(*)(void *, void **))(output, (void **)&hidden), "output data", error, error_size))
        goto done;
    if (dimensions[0] != batch || dimensions[1] != length || (size_t)(batch * dimensions[2]) > pooled_capacity) {
        snprintf(error, error_size, "the model's output is %lld x %lld x %lld for %lld x %lld tokens", (long long)dimensions[0],
                 (long long)dimensions[1], (long long)dimensions[2], (long long)batch, (long long)length);
        goto done;
    }
    size_t width = (size_t)dimensions[2];
    for (int64_t row = 0; row < batch; row++) {
        float *sum = pooled + (size_t)row * width;
        memset(sum, 0, width * sizeof(float));
        int64_t attended = 0;
        for (int64_t position = 0; position < length; position++) {
            if (mask[row * length + position] == 0) continue;
            const float *state = hidden + ((size_t)(row * length + position)) * width;
            for (size_t k = 0; k < width; k++) sum[k] += state[k];
            attended++;
        }
        for (size_t k = 0; k < width && attended > 0; k++) sum[k] /= (float)attended;
    }
    dimension = width;
done:
    if (info != NULL) API(at_release_tensor_type_and_shape, void (*)(void *))(info);
    if (output != NULL) API(at_release_value, void (*)(void *))(output);
    for (size_t index = 0; index < 3; index++)
        if (inputs[index] != NULL) API(at_release_value, void (*)(void *))(inputs[index]);
    free(types);
    return dimension;
}

void folio_onnx_close(folio_onnx_session *session) {
    if (session == NULL) return;
    if (session->session != NULL) API(at_release_session, void (*)(void *))(session->session);
    if (session->memory_info != NULL) API(at_release_memory_info, void (*)(void *))(session->memory_info);
    for (size_t index = 0; index < 3; index++) free(session->input_names[index]);
    free(session->output_name);
    free(session);
}

void folio_onnx_single_malloc_arena(void) {
    mallopt(M_ARENA_MAX, 1);
}

void folio_onnx_return_memory(void) {
    malloc_trim(0);
}
