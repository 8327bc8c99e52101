#include "folio_memory.h"

#include <malloc.h>

void folio_memory_limit_arenas(int count) {
    mallopt(M_ARENA_MAX, count);
}

void folio_memory_release(void) {
    malloc_trim(0);
}
