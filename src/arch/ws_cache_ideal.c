/* ws_cache_ideal.c: the untimed access used by trace-driven simulation
 * (`warpscope cache`), invalidation, flush and line inspection. */
#include "arch/ws_cache_int.h"

#include <string.h>

static inline void touch(ws_cache *c, ws_cline *l, uint64_t cycle)
{
    if (c->cfg.repl == WS_REPL_LRU)
        c->ord[l - c->ln] = ++c->stamp;
    l->last_access = cycle;
}

static inline void count(ws_cache *c, uint8_t kind, bool hit)
{
    c->st.accesses[kind]++;
    if (hit)
        c->st.hits[kind]++;
    else
        c->st.misses[kind]++;
}

/* A line for a miss: the present way (a sector miss) or a new allocation. */
static ws_cline *allocate(ws_cache *c, uint32_t set, int way, uint64_t line, const ws_mreq *r,
                          bool prefetched, uint64_t cycle, ws_cache_evict *ev)
{
    size_t base = (size_t)set * c->ways;
    if (way >= 0) {
        ws_cline *l = &c->ln[base + (uint32_t)way];
        c->st.sector_misses++;
        touch(c, l, cycle);
        return l;
    }
    uint32_t idx = (uint32_t)base + (uint32_t)ws_cache_victim(c, set, false);
    ws_cache_evict_info(c, idx, ev);
    if (ev->valid) {
        c->st.evictions++;
        if (ev->dirty)
            c->st.writebacks++;
    }
    ws_cache_install(c, idx, line, r, prefetched, cycle);
    return &c->ln[idx];
}

bool ws_cache_access_ideal_req(ws_cache *c, const ws_mreq *r, uint64_t cycle, ws_cache_evict *ev)
{
    c->gen++;
    ws_cache_evict dummy;
    if (!ev)
        ev = &dummy;
    memset(ev, 0, sizeof *ev);
    uint64_t line = r->addr >> c->line_log2;
    uint32_t set = ws_cache_set_index(c, line);
    int way = ws_cache_find_way(c, set, line);
    uint32_t need = ws_cache_req_need(c, r);
    size_t idx = (size_t)set * c->ways + (uint32_t)(way < 0 ? 0 : way);
    ws_cline *l = way >= 0 ? &c->ln[idx] : NULL;
    bool demand = r->kind != WS_MREQ_PREFETCH;

    if (l && (need & ~l->valid) == 0) {     /* hit */
        if (demand && l->prefetched && !l->used)
            l->used = 1;
        if (ws_cache_is_write(r->kind) && !ws_cache_wb(c, r) && ws_cache_evicts(c)) {
            ws_cache_evict_info(c, (uint32_t)idx, ev);
            c->st.invalidations++;
            ws_cache_kill(c, (uint32_t)idx);
        } else {
            touch(c, l, cycle);
            if (ws_cache_is_write(r->kind) && ws_cache_wb(c, r))
                l->dirty |= need;
        }
        count(c, r->kind, true);
        return true;
    }
    if (!ws_cache_is_write(r->kind)) {
        l = allocate(c, set, way, line, r, !demand, cycle, ev);
        l->valid |= need;
        l->fill_cycle = cycle;
        c->st.fills++;
    } else if (ws_cache_walloc_of(c, r) != WS_WA_NONE) {
        l = allocate(c, set, way, line, r, false, cycle, ev);
        l->valid |= need;
        if (ws_cache_wb(c, r))
            l->dirty |= need;
        if (ws_cache_walloc_of(c, r) == WS_WA_FETCH) {
            l->fill_cycle = cycle;
            c->st.fills++;
        }
    }
    count(c, r->kind, false);
    return false;
}

bool ws_cache_access_ideal(ws_cache *c, uint64_t addr, bool write, uint64_t cycle)
{
    ws_mreq r;
    memset(&r, 0, sizeof r);
    r.addr = addr;
    r.size = 1;
    r.kind = write ? WS_MREQ_WRITE : WS_MREQ_READ;
    return ws_cache_access_ideal_req(c, &r, cycle, NULL);
}

bool ws_cache_invalidate(ws_cache *c, uint64_t addr, ws_cache_evict *ev)
{
    ws_cache_evict dummy;
    if (!ev)
        ev = &dummy;
    memset(ev, 0, sizeof *ev);
    uint64_t line = addr >> c->line_log2;
    uint32_t set = ws_cache_set_index(c, line);
    int way = ws_cache_find_way(c, set, line);
    if (way < 0)
        return false;
    uint32_t idx = set * c->ways + (uint32_t)way;
    if (c->pend[idx])
        return false;
    ws_cache_evict_info(c, idx, ev);
    ws_cache_kill(c, idx);
    if (ev->valid)
        c->st.invalidations++;
    return ev->valid;
}

int ws_cache_flush(ws_cache *c)
{
    if (c->nused)
        return -1;
    uint32_t n = c->cfg.sets * c->ways;
    for (uint32_t i = 0; i < n; i++) {
        if (c->tag[i] == WS_TAG_NONE)
            continue;
        if (c->ln[i].valid)
            c->st.invalidations++;
        ws_cache_kill(c, i);
    }
    return 0;
}

bool ws_cache_warm(ws_cache *c, uint64_t addr, uint32_t size, uint32_t owner, uint64_t cycle)
{
    uint64_t line = addr >> c->line_log2;
    uint32_t set = ws_cache_set_index(c, line);
    int way = ws_cache_find_way(c, set, line);
    size_t base = (size_t)set * c->ways;
    uint32_t idx;
    if (way >= 0) {
        idx = (uint32_t)base + (uint32_t)way;
        if (c->pend[idx]) return false;
    } else {
        int v = ws_cache_victim(c, set, true);
        if (v < 0) return false;
        idx = (uint32_t)base + (uint32_t)v;
        ws_mreq r;
        memset(&r, 0, sizeof r);
        r.addr = addr;
        r.size = size;
        r.owner = owner;
        ws_cache_kill(c, idx);
        ws_cache_install(c, idx, line, &r, false, cycle);
    }
    ws_cline *l = &c->ln[idx];
    uint32_t need = ws_cache_need(c, addr, size);
    l->valid |= need;
    l->dirty &= ~need;
    l->fill_cycle = cycle;
    touch(c, l, cycle);
    c->gen++;
    return true;
}

bool ws_cache_insert(ws_cache *c, uint64_t addr, uint32_t owner, uint64_t cycle, ws_cache_evict *ev)
{
    uint64_t line = addr >> c->line_log2;
    uint32_t set = ws_cache_set_index(c, line);
    int way = ws_cache_find_way(c, set, line);
    size_t base = (size_t)set * c->ways;
    uint32_t idx;
    if (ev) memset(ev, 0, sizeof *ev);
    if (way >= 0) {
        idx = (uint32_t)base + (uint32_t)way;
        if (c->pend[idx]) return false;
    } else {
        int v = ws_cache_victim(c, set, true);
        if (v < 0) return false;
        idx = (uint32_t)base + (uint32_t)v;
        if (ev && c->tag[idx] != WS_TAG_NONE) ws_cache_evict_info(c, idx, ev);
        if (c->tag[idx] != WS_TAG_NONE) c->st.evictions++;
        ws_mreq r;
        memset(&r, 0, sizeof r);
        r.addr = addr;
        r.size = (uint32_t)1 << c->line_log2;
        r.owner = owner;
        ws_cache_kill(c, idx);
        ws_cache_install(c, idx, line, &r, false, cycle);
        c->ln[idx].dirty = 0;
    }
    ws_cline *l = &c->ln[idx];
    l->valid = c->all_sectors;
    l->fill_cycle = cycle;
    touch(c, l, cycle);
    c->gen++;
    return true;
}

uint32_t ws_cache_invalidate_all(ws_cache *c, void (*each)(void *ctx, const ws_cache_evict *ev), void *ctx)
{
    uint32_t n = c->cfg.sets * c->ways, k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (c->tag[i] == WS_TAG_NONE || c->pend[i])
            continue;
        ws_cache_evict ev;
        ws_cache_evict_info(c, i, &ev);
        ws_cache_kill(c, i);
        if (!ev.valid)
            continue;
        c->st.invalidations++;
        k++;
        if (each) each(ctx, &ev);
    }
    return k;
}

void ws_cache_line(const ws_cache *c, uint32_t set, uint32_t way, ws_cache_line_info *out)
{
    memset(out, 0, sizeof *out);
    if (set >= c->cfg.sets || way >= c->ways)
        return;
    uint32_t idx = set * c->ways + way;
    if (c->tag[idx] == WS_TAG_NONE)
        return;
    const ws_cline *l = &c->ln[idx];
    out->addr = c->tag[idx] << c->line_log2;
    out->state = !l->valid ? WS_LINE_RESERVED : (l->dirty & l->valid) ? WS_LINE_MODIFIED : WS_LINE_VALID;
    out->valid_mask = l->valid;
    out->dirty_mask = l->dirty & l->valid;
    out->reserved_mask = l->reserved;
    out->owner = l->owner;
    out->prefetched = l->prefetched;
    out->used = l->used;
    out->fill_cycle = l->fill_cycle;
    out->last_access = l->last_access;
}
