#ifndef FOLIO_CODES_H
#define FOLIO_CODES_H

#include <stddef.h>
#include <stdint.h>

/* Of `count` codes of `words` 64-bit words laid end to end, those that differ from
   `target` in fewer than `below` bits: their positions (from 0) and distances written to
   `positions` and `distances` (room for `count` each); returns how many. Counted with the
   CPU's POPCNT instruction where it has one: Debian builds for x86-64 without it, and the
   count in instructions is several times slower over a million codes. */
size_t folio_code_candidates(const uint64_t *codes, size_t count, size_t words, const uint64_t *target, unsigned below,
                             uint32_t *positions, uint16_t *distances);

/* The code of an int8 vector of `dimension` components: bit k of `code` (room for
   (dimension + 63) / 64 words) set where component k is not negative. */
void folio_code_of(const int8_t *components, size_t dimension, uint64_t *code);

#endif
