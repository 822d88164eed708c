// glibc's allocator gives each thread that allocates while another holds the main arena an
// arena of its own, and memory freed in one is not reused by the others: a command that reads
// decks and logs on several threads, then works on one, kept both. One arena for the process
// keeps its peak lower (and, with two cores, its start no slower). Nothing elsewhere.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
static inline void badger_use_one_malloc_arena(void) { mallopt(M_ARENA_MAX, 1); }
#else
static inline void badger_use_one_malloc_arena(void) {}
#endif
