#ifndef FOLIO_CODES_H
#define FOLIO_CODES_H

#include <stddef.h>
#include <stdint.h>

/* The number of bits that differ between `target` and each of `count` codes of `words`
   64-bit words laid end to end, written to `out`. With the CPU's POPCNT instruction
   where it has one: Debian builds for x86-64 without it, and the count in instructions
   is several times slower over a million codes. */
void folio_code_distances(const uint64_t *codes, size_t count, size_t words, const uint64_t *target,
                          uint16_t *out);

#endif
