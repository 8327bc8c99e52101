#include "folio_codes.h"

#include <stdatomic.h>

/* The loop, compiled into each caller: with POPCNT in the one built for it. */
__attribute__((always_inline))
static inline size_t candidates(const uint64_t *codes, size_t count, size_t words, const uint64_t *target, unsigned below,
                                uint32_t *positions, uint16_t *distances) {
    size_t found = 0;
    for (size_t i = 0; i < count; i++) {
        const uint64_t *code = codes + i * words;
        unsigned distance = 0;
        for (size_t w = 0; w < words; w++) distance += (unsigned)__builtin_popcountll(code[w] ^ target[w]);
        if (distance < below) {
            positions[found] = (uint32_t)i;
            distances[found] = (uint16_t)distance;
            found++;
        }
    }
    return found;
}

#if defined(__x86_64__)
#include <cpuid.h>

__attribute__((target("popcnt")))
static size_t candidates_popcnt(const uint64_t *codes, size_t count, size_t words, const uint64_t *target, unsigned below,
                                uint32_t *positions, uint16_t *distances) {
    return candidates(codes, count, words, target, below, positions, distances);
}

static int has_popcnt(void) {
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & bit_POPCNT);
}
#endif

size_t folio_code_candidates(const uint64_t *codes, size_t count, size_t words, const uint64_t *target, unsigned below,
                             uint32_t *positions, uint16_t *distances) {
#if defined(__x86_64__)
    /* Asked once: CPUID traps to the hypervisor in a virtual machine. */
    static _Atomic int popcnt = -1;
    int known = atomic_load_explicit(&popcnt, memory_order_relaxed);
    if (known < 0) {
        known = has_popcnt();
        atomic_store_explicit(&popcnt, known, memory_order_relaxed);
    }
    if (known) return candidates_popcnt(codes, count, words, target, below, positions, distances);
#endif
    return candidates(codes, count, words, target, below, positions, distances);
}

void folio_code_of(const int8_t *components, size_t dimension, uint64_t *code) {
    for (size_t w = 0; w * 64 < dimension; w++) {
        uint64_t word = 0;
        size_t end = dimension - w * 64 < 64 ? dimension - w * 64 : 64;
        for (size_t b = 0; b < end; b++) word |= (uint64_t)(components[w * 64 + b] >= 0) << b;
        code[w] = word;
    }
}
