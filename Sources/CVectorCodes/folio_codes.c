#include "folio_codes.h"

#include <stdatomic.h>

/* The loop, compiled into each caller: with POPCNT in the one built for it. */
__attribute__((always_inline))
static inline void distances(const uint64_t *codes, size_t count, size_t words, const uint64_t *target,
                             uint16_t *out) {
    for (size_t i = 0; i < count; i++) {
        const uint64_t *code = codes + i * words;
        unsigned distance = 0;
        for (size_t w = 0; w < words; w++) distance += (unsigned)__builtin_popcountll(code[w] ^ target[w]);
        out[i] = (uint16_t)distance;
    }
}

#if defined(__x86_64__)
#include <cpuid.h>

__attribute__((target("popcnt")))
static void distances_popcnt(const uint64_t *codes, size_t count, size_t words, const uint64_t *target,
                             uint16_t *out) {
    distances(codes, count, words, target, out);
}

static int has_popcnt(void) {
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_POPCNT);
}
#endif

void folio_code_distances(const uint64_t *codes, size_t count, size_t words, const uint64_t *target,
                          uint16_t *out) {
#if defined(__x86_64__)
    /* Asked once: CPUID traps to the hypervisor in a virtual machine. */
    static _Atomic int popcnt = -1;
    int known = atomic_load_explicit(&popcnt, memory_order_relaxed);
    if (known < 0) {
        known = has_popcnt();
        atomic_store_explicit(&popcnt, known, memory_order_relaxed);
    }
    if (known) {
        distances_popcnt(codes, count, words, target, out);
        return;
    }
#endif
    distances(codes, count, words, target, out);
}
