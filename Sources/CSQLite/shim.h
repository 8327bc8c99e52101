#include <sqlite3.h>

/// Before SQLite is initialised: no page cache (the main database's, nor each temporary
/// table's) starts with a block of 20 pages laid out at once. Laying out the block writes
/// to each page, a page fault each in a fresh process, and a search opens several such
/// caches (docs/benchmarks.md, "The page caches' first block"); pages are allocated as
/// used instead. `sqlite3_config` is variadic, which Swift cannot call.
static inline int folio_sqlite_config_without_first_block(void) {
    return sqlite3_config(SQLITE_CONFIG_PAGECACHE, (void *)0, 0, 0);
}
