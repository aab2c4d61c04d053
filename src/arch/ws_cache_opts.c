/* ws_cache_opts.c: a cache configuration from the option table, for every
 * cache built from options (L1D, the constant cache, L2 slices). */
#include <stdio.h>
#include <string.h>

#include "arch/ws_cache.h"
#include "arch/ws_opts.h"

/* The value of PREFIX.name, or `dflt` when the table has no such key (the
 * constant cache has only size, ways and line).  Enum choices are in the
 * order of the C enums (ws_opts.h), so their index is the enum value. */
static uint64_t val(const ws_opts *o, const char *prefix, const char *name, uint64_t dflt)
{
    char k[64];
    snprintf(k, sizeof k, "%s.%s", prefix, name);
    const ws_opt_def *d = ws_opts_def_find(k);
    if (!d)
        return dflt;
    return d->type == WS_OPT_ENUM ? (uint64_t)ws_opts_enum(o, k) : ws_opts_uint(o, k);
}

int ws_cache_config_from_opts(ws_cache_config *c, const ws_opts *o, const char *prefix, uint64_t seed,
                              ws_error *err)
{
    memset(c, 0, sizeof *c);
    snprintf(c->name, sizeof c->name, "%s", prefix);
    uint64_t size = val(o, prefix, "size", 0);
    c->ways = (uint32_t)val(o, prefix, "ways", 1);
    c->line = (uint32_t)val(o, prefix, "line", 0);
    uint64_t set_bytes = (uint64_t)c->ways * c->line;
    if (set_bytes == 0 || size % set_bytes != 0)
        return ws_error_set(err, WS_E_RANGE, "%s.size (%llu bytes) is not a multiple of %s.ways * %s.line (%llu bytes)",
                            prefix, (unsigned long long)size, prefix, prefix, (unsigned long long)set_bytes);
    c->sets = (uint32_t)(size / set_bytes);
    c->sector = (uint32_t)val(o, prefix, "sector", 0);
    c->repl = (ws_cache_repl)val(o, prefix, "repl", WS_REPL_LRU);
    c->wpol = (ws_cache_wpol)val(o, prefix, "write", WS_WP_WRITE_BACK);
    c->walloc = (ws_cache_walloc)val(o, prefix, "write_alloc", WS_WA_NONE);
    c->alloc = (ws_cache_alloc)val(o, prefix, "alloc", WS_ALLOC_ON_MISS);
    c->hash = (ws_cache_hash)val(o, prefix, "hash", WS_HASH_LINEAR);
    c->mshrs = (uint32_t)val(o, prefix, "mshr", 0);
    c->mshr_merge = (uint32_t)val(o, prefix, "mshr_merge", 1);
    c->missq = (uint32_t)val(o, prefix, "missq", 0);
    c->atomic_local = val(o, prefix, "atomics", 1) == 0;     /* 0: local */
    c->global_evict = val(o, prefix, "write_global", 0) == 1; /* through|evict */
    c->seed = seed;
    return 0;
}
