// jemalloc, linked into nse-bench as the process allocator so that the harness can read exact heap
// figures (allocated and resident bytes, malloc counts) through mallctl.
//
// jemalloc's public names are macros (`mallctl` expands to `je_mallctl` or back, depending on the
// build's prefix settings), which the Swift importer cannot follow reliably. The forwarders below
// pin one spelling and one value type each; all are prefixed `nseb_`.
#ifndef NSEB_CJEMALLOC_SHIM_H
#define NSEB_CJEMALLOC_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <jemalloc/jemalloc.h>

/// Translates a mallctl name to a MIB once, so hot reads skip the string lookup.
static inline int nseb_mallctl_name_to_mib(const char *name, size_t *mib, size_t *length) {
    return mallctlnametomib(name, mib, length);
}

/// Reads a `size_t` statistic (stats.allocated, stats.resident) through a cached MIB.
static inline int nseb_mallctl_read_size(const size_t *mib, size_t length, size_t *value) {
    size_t size = sizeof(*value);
    return mallctlbymib(mib, length, value, &size, NULL, 0);
}

/// Reads a `uint64_t` statistic (stats.arenas.<i>.small.nmalloc, ...) through a cached MIB.
static inline int nseb_mallctl_read_u64(const size_t *mib, size_t length, uint64_t *value) {
    size_t size = sizeof(*value);
    return mallctlbymib(mib, length, value, &size, NULL, 0);
}

/// Bumps `epoch`, which makes jemalloc refresh the cached statistics that `stats.*` reports.
static inline int nseb_mallctl_bump_epoch(const size_t *mib, size_t length) {
    uint64_t epoch = 1;
    size_t size = sizeof(epoch);
    return mallctlbymib(mib, length, &epoch, &size, &epoch, size);
}

/// Runs a void control such as `thread.tcache.flush` (no input, no output) through a cached MIB.
static inline int nseb_mallctl_run(const size_t *mib, size_t length) {
    return mallctlbymib(mib, length, NULL, NULL, NULL, 0);
}

/// Flushes the calling thread's cache (`thread.tcache.flush`) by name: for threads that flush seldom.
static inline int nseb_mallctl_flush_thread_cache(void) {
    return mallctl("thread.tcache.flush", NULL, NULL, NULL, 0);
}

/// Reads a string option (the `version` control) by name; only used once, for the fingerprint.
static inline int nseb_mallctl_read_string(const char *name, const char **value) {
    size_t size = sizeof(*value);
    return mallctl(name, value, &size, NULL, 0);
}

/// MALLCTL_ARENAS_ALL is a stringified macro; this is its numeric value for "stats.arenas.<i>".
static inline unsigned nseb_mallctl_arenas_all(void) { return MALLCTL_ARENAS_ALL; }

#endif
