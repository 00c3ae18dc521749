#ifndef BENCH_MALLOC_COUNTER_H
#define BENCH_MALLOC_COUNTER_H

#include <stdint.h>

/// The number of allocations (malloc, calloc, realloc, aligned allocations) made by this process so far, or
/// UINT64_MAX where they can't be counted (not Linux/glibc).
uint64_t bench_malloc_count(void);

#endif
