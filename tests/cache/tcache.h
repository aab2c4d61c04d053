/* tcache.h: helpers shared by the cache tests (tests/t_cache_*.c). */
#ifndef TCACHE_H
#define TCACHE_H

#include <string.h>

#include "arch/ws_cache.h"
#include "../ws_tap.h"

/* A small timed cache: sets x ways of `line`-byte lines, the rest defaults
 * (LRU, write-through, no write allocation, allocate on miss, linear). */
static inline ws_cache_config tc_cfg(uint32_t sets, uint32_t ways, uint32_t line)
{
    ws_cache_config c;
    memset(&c, 0, sizeof c);
    strcpy(c.name, "tc");
    c.sets = sets;
    c.ways = ways;
    c.line = line;
    c.repl = WS_REPL_LRU;
    c.wpol = WS_WP_WRITE_THROUGH;
    c.walloc = WS_WA_NONE;
    c.alloc = WS_ALLOC_ON_MISS;
    c.hash = WS_HASH_LINEAR;
    c.mshrs = 8;
    c.mshr_merge = 8;
    c.missq = 0;
    c.seed = 1;
    return c;
}

static inline ws_cache *tc_new(const ws_cache_config *cfg)
{
    ws_error err = { 0 };
    ws_cache *c = ws_cache_create(cfg, &err);
    if (!c) {
        diag("ws_cache_create failed: %s", err.msg);
        exit(1);
    }
    return c;
}

static inline ws_mreq *tc_req(ws_mreq_pool *p, ws_mreq_kind kind, uint64_t addr, uint32_t size)
{
    ws_mreq *r = ws_mreq_alloc(p);
    r->kind = (uint8_t)kind;
    r->addr = addr;
    r->size = size;
    return r;
}

/* The line holding addr (state INVALID if absent). */
static inline ws_cache_line_info tc_line(const ws_cache *c, uint64_t addr)
{
    ws_cache_line_info li;
    const ws_cache_config *cfg = ws_cache_config_get(c);
    uint32_t set = ws_cache_set_of(c, addr);
    uint64_t base = addr & ~(uint64_t)(cfg->line - 1);
    for (uint32_t w = 0; w < cfg->ways; w++) {
        ws_cache_line_info x;
        ws_cache_line(c, set, w, &x);
        if (x.state != WS_LINE_INVALID && x.addr == base)
            return x;
    }
    memset(&li, 0, sizeof li);
    return li;
}

/* Length of a released chain, and whether it is exactly the given requests. */
static inline int tc_chain_is(ws_mreq *head, ws_mreq **want, int n)
{
    int i = 0;
    for (ws_mreq *q = head; q; q = q->next, i++)
        if (i >= n || q != want[i])
            return 0;
    return i == n;
}

#endif
