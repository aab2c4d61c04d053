/* ws_cache_mshr.c: the cache's MSHR table (entries keyed by line address,
 * found through a small open-addressing index, so a lookup is O(1)) and
 * ws_cache_fill, which makes sectors valid and releases waiting requests. */
#include "arch/ws_cache_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

#define WS_MSHR_GROW 16   /* first table size when unlimited */

static inline uint32_t slot_of(const ws_cache *c, uint64_t line)
{
    return (uint32_t)((line * 0x9E3779B97F4A7C15ull) >> 32) & c->index_mask;
}

static void index_build(ws_cache *c)
{
    uint32_t cap = 8;
    while (cap < 2 * c->nent)
        cap <<= 1;
    free(c->index);
    c->index = ws_xcalloc(cap, sizeof *c->index);
    c->index_mask = cap - 1;
    for (uint32_t e = 0; e < c->nent; e++) {
        if (!c->ent[e].in_use)
            continue;
        uint32_t s = slot_of(c, c->ent[e].line);
        while (c->index[s])
            s = (s + 1) & c->index_mask;
        c->index[s] = e + 1;
    }
}

static void grow(ws_cache *c, uint32_t n)
{
    uint32_t old = c->nent;
    c->ent = ws_xrealloc(c->ent, (size_t)n * sizeof *c->ent);
    memset(c->ent + old, 0, (size_t)(n - old) * sizeof *c->ent);
    for (uint32_t e = n; e-- > old;) {
        c->ent[e].next_free = c->free_head;
        c->free_head = e;
    }
    c->nent = n;
    index_build(c);
}

int ws_mshr_init(ws_cache *c, ws_error *err)
{
    (void)err;
    c->free_head = WS_MSHR_NONE;
    grow(c, c->cfg.mshrs ? c->cfg.mshrs : WS_MSHR_GROW);
    return 0;
}

void ws_mshr_fini(ws_cache *c)
{
    free(c->ent);
    free(c->index);
    c->ent = NULL;
    c->index = NULL;
}

uint32_t ws_mshr_find(const ws_cache *c, uint64_t line)
{
    if (!c->nused)
        return WS_MSHR_NONE;
    for (uint32_t s = slot_of(c, line);; s = (s + 1) & c->index_mask) {
        uint32_t v = c->index[s];
        if (!v)
            return WS_MSHR_NONE;
        if (c->ent[v - 1].line == line)
            return v - 1;
    }
}

bool ws_mshr_has_free(const ws_cache *c)
{
    return !c->cfg.mshrs || c->nused < c->nent;
}

uint32_t ws_mshr_alloc(ws_cache *c, uint64_t line)
{
    if (c->free_head == WS_MSHR_NONE) {
        if (c->cfg.mshrs)
            return WS_MSHR_NONE;
        grow(c, 2 * c->nent);
    }
    uint32_t e = c->free_head;
    ws_mshr_ent *m = &c->ent[e];
    c->free_head = m->next_free;
    memset(m, 0, sizeof *m);
    m->line = line;
    m->in_use = 1;
    m->next_free = WS_MSHR_NONE;
    c->nused++;
    uint32_t s = slot_of(c, line);
    while (c->index[s])
        s = (s + 1) & c->index_mask;
    c->index[s] = e + 1;
    return e;
}

void ws_mshr_release(ws_cache *c, uint32_t e)
{
    uint32_t s = slot_of(c, c->ent[e].line);
    while (c->index[s] != e + 1)
        s = (s + 1) & c->index_mask;
    /* backward-shift deletion keeps every probe chain unbroken */
    for (uint32_t j = (s + 1) & c->index_mask;; j = (j + 1) & c->index_mask) {
        uint32_t v = c->index[j];
        if (!v)
            break;
        uint32_t home = slot_of(c, c->ent[v - 1].line);
        if (((j - home) & c->index_mask) >= ((j - s) & c->index_mask)) {
            c->index[s] = v;
            s = j;
        }
    }
    c->index[s] = 0;
    c->ent[e].in_use = 0;
    c->ent[e].head = c->ent[e].tail = NULL;
    c->ent[e].next_free = c->free_head;
    c->free_head = e;
    c->nused--;
}

/* A released fetch-on-write write lands in the line. */
static void apply_write(ws_cache *c, ws_cline *l, const ws_mreq *q)
{
    if (!l || !ws_cache_is_write(q->kind) || ws_cache_walloc_of(c, q) != WS_WA_FETCH)
        return;
    uint32_t need = ws_cache_req_need(c, q);
    l->valid |= need;
    if (ws_cache_wb(c, q))
        l->dirty |= need;
}

ws_mreq *ws_cache_fill(ws_cache *c, ws_mreq *r, uint64_t cycle, ws_cache_evict *ev)
{
    ws_cache_evict dummy;
    if (!ev)
        ev = &dummy;
    memset(ev, 0, sizeof *ev);
    c->gen++;
    r->next = NULL;
    uint64_t line = r->addr >> c->line_log2;
    uint32_t e = ws_mshr_find(c, line);
    if (e == WS_MSHR_NONE)
        return r;
    ws_mshr_ent *m = &c->ent[e];
    uint32_t set = ws_cache_set_index(c, line);
    size_t base = (size_t)set * c->ways;
    int way = ws_cache_find_way(c, set, line);
    if (way < 0) {          /* allocate-on-fill */
        int v = ws_cache_victim(c, set, c->cfg.alloc == WS_ALLOC_ON_MISS);
        if (v >= 0) {
            uint32_t idx = (uint32_t)base + (uint32_t)v;
            ws_cache_evict_info(c, idx, ev);
            if (ev->valid) {
                c->st.evictions++;
                if (ev->dirty)
                    c->st.writebacks++;
            }
            ws_cache_install(c, idx, line, r, m->prefetch, cycle);
            way = v;
        }
    }
    ws_cline *l = way >= 0 ? &c->ln[base + (uint32_t)way] : NULL;
    c->st.fills++;
    if (m->lead == r)
        m->lead = NULL;
    m->inflight--;
    m->nreq--;
    if (l) {
        l->valid |= ws_cache_req_need(c, r);
        l->fill_cycle = cycle;
        apply_write(c, l, r);
        if (l->prefetched && m->prefetch && m->demand_joined)
            l->used = 1;
    }
    /* release r, then every waiting request that is now complete */
    ws_mreq *tail = r, *prev = NULL;
    for (ws_mreq *q = m->head; q;) {
        ws_mreq *nx = q->next;
        uint32_t qn = ws_cache_req_need(c, q);
        if (m->inflight == 0 || (l && (qn & ~l->valid) == 0)) {
            if (prev) prev->next = nx; else m->head = nx;
            if (m->tail == q) m->tail = prev;
            apply_write(c, l, q);
            q->next = NULL;
            tail->next = q;
            tail = q;
            m->nreq--;
        } else {
            prev = q;
        }
        q = nx;
    }
    if (l)
        m->pending &= ~l->valid;
    if (m->inflight == 0) {
        ws_mshr_release(c, e);
        if (l && c->cfg.alloc == WS_ALLOC_ON_MISS) {
            c->pend[l - c->ln] = 0;
            l->reserved = 0;
        }
    } else if (l && c->cfg.alloc == WS_ALLOC_ON_MISS) {
        c->pend[l - c->ln] = 1;
        l->reserved = m->pending;
    }
    return r;
}

ws_mreq *ws_cache_mshr_lead(const ws_cache *c, uint64_t addr)
{
    uint32_t e = ws_mshr_find(c, addr >> c->line_log2);
    return e == WS_MSHR_NONE ? NULL : c->ent[e].lead;
}

uint32_t ws_cache_mshr_free(const ws_cache *c)
{
    return c->cfg.mshrs ? c->nent - c->nused : UINT32_MAX;
}

uint32_t ws_cache_mshr_cap(const ws_cache *c) { return c->nent; }

bool ws_cache_idle(const ws_cache *c) { return c->nused == 0 && c->missq.n == 0; }

bool ws_cache_mshr(const ws_cache *c, uint32_t i, uint64_t *addr, uint32_t *merged)
{
    if (i >= c->nent || !c->ent[i].in_use)
        return false;
    if (addr)
        *addr = c->ent[i].line << c->line_log2;
    if (merged)
        *merged = c->ent[i].nreq;
    return true;
}
