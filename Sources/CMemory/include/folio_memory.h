#ifndef FOLIO_MEMORY_H
#define FOLIO_MEMORY_H

/* glibc's malloc tuning, which Swift's Glibc module does not show: for a long-running
   process whose work happens on threads that come and go. */

/* At most `count` malloc arenas, instead of one for each thread up to eight per core. */
void folio_memory_limit_arenas(int count);

/* Gives the memory malloc holds free back to the system (malloc_trim). */
void folio_memory_release(void);

#endif
