#ifndef FOLIO_ONNX_H
#define FOLIO_ONNX_H

#include <stddef.h>
#include <stdint.h>

/* ONNX Runtime through its C API, loaded at run time from the library file the user's
   install step put in place (PyPI's onnxruntime wheel ships libonnxruntime.so.1 without a
   header; Debian 12 has no package). Only what a sentence-embedding model needs: open a
   session, run it on token ids, pool its last hidden state. */
typedef struct folio_onnx_session folio_onnx_session;

/* Loads the runtime library (once per process) and opens the model with `threads` intra-op
   threads (0: the runtime's default, one per core). Returns NULL with the reason in error. */
folio_onnx_session *folio_onnx_open(const char *library, const char *model, int threads,
                                    char *error, size_t error_size);

/* Runs the model on `batch` rows of `length` token ids (with their attention mask; token
   types are zeros when the model takes them) and writes the mean over each row's attended
   positions of the last hidden state to `pooled` (batch x dimension floats, capacity
   `pooled_capacity`). Returns the dimension, or 0 with the reason in error. Safe to call
   from several threads on one session. */
size_t folio_onnx_run_pooled(folio_onnx_session *session, const int64_t *ids, const int64_t *mask,
                             int64_t batch, int64_t length, float *pooled, size_t pooled_capacity,
                             char *error, size_t error_size);

void folio_onnx_close(folio_onnx_session *session);

/* One malloc arena for the whole process (call before threads start): the runtime's threads
   and the caller's would otherwise each keep an arena of freed memory. */
void folio_onnx_single_malloc_arena(void);

/* Gives memory freed by runs back to the system (malloc_trim). */
void folio_onnx_return_memory(void);

#endif
