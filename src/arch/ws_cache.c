/* ws_cache.c: the generic cache model: configuration checks, tag lookup,
 * victim choice and the timed access (ws_cache_access).  The MSHR table and
 * fills are in ws_cache_mshr.c, the untimed access and inspection in
 * ws_cache_ideal.c; the rules are written down in ws_cache.h. */
#include "arch/ws_cache_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

static bool is_pow2(uint64_t v) { return v && !(v & (v - 1)); }

static uint32_t log2u(uint64_t v)
{
    uint32_t l = 0;
    while (v > 1) {
        v >>= 1;
        l++;
    }
    return l;
}

static int check_config(const ws_cache_config *cfg, const char *nm, ws_error *err)
{
    if (!is_pow2(cfg->sets) || cfg->sets > (1u << 24))
        return ws_error_set(err, WS_E_RANGE, "%s: sets = %u is not allowed: the number of sets must be a power of two from 1 to 16777216",
                            nm, cfg->sets);
    if (cfg->ways < 1 || cfg->ways > 65536)
        return ws_error_set(err, WS_E_RANGE, "%s: ways = %u is not allowed: associativity must be from 1 to 65536",
                            nm, cfg->ways);
    if ((uint64_t)cfg->sets * cfg->ways > (1u << 26))
        return ws_error_set(err, WS_E_RANGE, "%s: %u sets x %u ways is too many lines (at most 67108864)",
                            nm, cfg->sets, cfg->ways);
    if (!is_pow2(cfg->line) || cfg->line < 4 || cfg->line > 65536)
        return ws_error_set(err, WS_E_RANGE, "%s: line = %u bytes is not allowed: the line size must be a power of two from 4 to 65536",
                            nm, cfg->line);
    if (cfg->sector) {
        if (cfg->sector > cfg->line || cfg->line % cfg->sector)
            return ws_error_set(err, WS_E_RANGE, "%s: sector = %u bytes does not divide the %u-byte line: use 0 (no sectors) or a power of two up to the line size",
                                nm, cfg->sector, cfg->line);
        if (cfg->line / cfg->sector > 32)
            return ws_error_set(err, WS_E_RANGE, "%s: sector = %u bytes gives %u sectors per %u-byte line; at most 32 are allowed (sector >= %u)",
                                nm, cfg->sector, cfg->line / cfg->sector, cfg->line, cfg->line / 32);
    }
    if ((unsigned)cfg->repl > WS_REPL_RANDOM)
        return ws_error_set(err, WS_E_RANGE, "%s: repl = %d is not a replacement policy (allowed: lru, fifo, random)", nm, (int)cfg->repl);
    if ((unsigned)cfg->wpol > WS_WP_LOCAL_WB_GLOBAL_WT)
        return ws_error_set(err, WS_E_RANGE, "%s: write = %d is not a write policy (allowed: wb, wt, evict, local-wb)", nm, (int)cfg->wpol);
    if ((unsigned)cfg->walloc > WS_WA_VALIDATE)
        return ws_error_set(err, WS_E_RANGE, "%s: write_alloc = %d is not a write-allocate policy (allowed: none, fetch, validate)", nm, (int)cfg->walloc);
    if ((unsigned)cfg->alloc > WS_ALLOC_ON_FILL)
        return ws_error_set(err, WS_E_RANGE, "%s: alloc = %d is not an allocation policy (allowed: miss, fill)", nm, (int)cfg->alloc);
    if ((unsigned)cfg->hash > WS_HASH_XOR)
        return ws_error_set(err, WS_E_RANGE, "%s: hash = %d is not a set-index function (allowed: linear, fermi, xor)", nm, (int)cfg->hash);
    if (cfg->alloc == WS_ALLOC_ON_FILL) {
        if (cfg->wpol == WS_WP_WRITE_BACK || cfg->wpol == WS_WP_LOCAL_WB_GLOBAL_WT)
            return ws_error_set(err, WS_E_RANGE, "%s: write = %s cannot be combined with alloc = fill: a fill may evict a dirty line and has no way to write it back (allowed with fill: wt, evict)",
                                nm, cfg->wpol == WS_WP_WRITE_BACK ? "wb" : "local-wb");
        if (cfg->walloc != WS_WA_NONE)
            return ws_error_set(err, WS_E_RANGE, "%s: write_alloc = %s cannot be combined with alloc = fill: a write miss would need a line before any fill (allowed with fill: none)",
                                nm, cfg->walloc == WS_WA_FETCH ? "fetch" : "validate");
    }
    if (cfg->hash == WS_HASH_FERMI && cfg->sets != 32 && cfg->sets != 64)
        return ws_error_set(err, WS_E_RANGE, "%s: hash = fermi needs 32 or 64 sets (GPGPU-Sim's Fermi L1 index), this geometry has %u; use linear or xor",
                            nm, cfg->sets);
    return 0;
}

ws_cache *ws_cache_create(const ws_cache_config *cfg, ws_error *err)
{
    char nm[sizeof cfg->name + 1];
    memcpy(nm, cfg->name, sizeof cfg->name);
    nm[sizeof cfg->name] = '\0';
    if (!nm[0])
        strcpy(nm, "cache");
    if (check_config(cfg, nm, err) != 0)
        return NULL;
    ws_cache *c = ws_xcalloc(1, sizeof *c);
    c->cfg = *cfg;
    memcpy(c->cfg.name, nm, sizeof c->cfg.name - 1);
    c->cfg.name[sizeof c->cfg.name - 1] = '\0';
    c->line_log2 = log2u(cfg->line);
    c->set_log2 = log2u(cfg->sets);
    c->set_mask = cfg->sets - 1;
    c->ways = cfg->ways;
    if (cfg->sector && cfg->sector < cfg->line) {
        c->sec_log2 = log2u(cfg->sector);
        c->nsec = cfg->line / cfg->sector;
    } else {
        c->sec_log2 = c->line_log2;
        c->nsec = 1;
    }
    c->all_sectors = (uint32_t)(((uint64_t)1 << c->nsec) - 1);
    size_t n = (size_t)cfg->sets * cfg->ways;
    c->tag = ws_xmalloc(n * sizeof *c->tag);
    for (size_t i = 0; i < n; i++)
        c->tag[i] = WS_TAG_NONE;
    c->ln = ws_xcalloc(n, sizeof *c->ln);
    c->ord = ws_xcalloc(n, sizeof *c->ord);
    c->pend = ws_xcalloc(n, sizeof *c->pend);
    ws_rng_seed(&c->rng, cfg->seed);
    c->missq.cap = cfg->missq;
    if (ws_mshr_init(c, err) != 0) {
        ws_cache_free(c);
        return NULL;
    }
    return c;
}

void ws_cache_free(ws_cache *c)
{
    if (!c)
        return;
    ws_mshr_fini(c);
    free(c->tag);
    free(c->ln);
    free(c->ord);
    free(c->pend);
    free(c);
}

const ws_cache_config *ws_cache_config_get(const ws_cache *c) { return &c->cfg; }
const ws_cache_stats *ws_cache_stats_get(const ws_cache *c) { return &c->st; }
uint32_t ws_cache_nlines(const ws_cache *c) { return c->cfg.sets * c->ways; }

uint32_t ws_cache_set_of(const ws_cache *c, uint64_t addr)
{
    return ws_cache_set_index(c, addr >> c->line_log2);
}

uint32_t ws_cache_sectors(const ws_cache *c, uint64_t addr, uint32_t size)
{
    return ws_cache_need(c, addr, size);
}

int ws_cache_find_way(const ws_cache *c, uint32_t set, uint64_t line)
{
    const uint64_t *t = c->tag + (size_t)set * c->ways;
    for (uint32_t w = 0; w < c->ways; w++)
        if (t[w] == line)
            return (int)w;
    return -1;
}

/* The victim way of `set` (see ws_cache.h), or -1 when every way is
 * waiting for a fill (skip_pending: allocate-on-miss). */
int ws_cache_victim(ws_cache *c, uint32_t set, bool skip_pending)
{
    size_t base = (size_t)set * c->ways;
    const uint64_t *t = c->tag + base;
    const uint64_t *ord = c->ord + base;
    const uint8_t *pend = c->pend + base;
    uint32_t ncand = 0;
    int best = -1;
    for (uint32_t w = 0; w < c->ways; w++) {
        if (t[w] == WS_TAG_NONE)
            return (int)w;
        if (skip_pending && pend[w])
            continue;
        ncand++;
        if (best < 0 || ord[w] < ord[best])
            best = (int)w;
    }
    if (best < 0 || c->cfg.repl != WS_REPL_RANDOM)
        return best;
    uint64_t k = ws_rng_below(&c->rng, ncand);
    for (uint32_t w = 0; w < c->ways; w++) {
        if (skip_pending && pend[w])
            continue;
        if (k-- == 0)
            return (int)w;
    }
    return best;
}

void ws_cache_evict_info(const ws_cache *c, uint32_t idx, ws_cache_evict *ev)
{
    const ws_cline *l = &c->ln[idx];
    ev->valid = c->tag[idx] != WS_TAG_NONE && l->valid != 0;
    ev->dirty = ev->valid && (l->dirty & l->valid) != 0;
    ev->addr = c->tag[idx] == WS_TAG_NONE ? 0 : c->tag[idx] << c->line_log2;
    ev->dirty_mask = l->dirty & l->valid;
    ev->owner = l->owner;
    ev->prefetched = l->prefetched;
    ev->used = l->used;
    ev->aux = l->aux;
}

/* Put line into way idx (the victim has been dealt with): no sector valid. */
void ws_cache_install(ws_cache *c, uint32_t idx, uint64_t line, const ws_mreq *r, bool prefetched,
                      uint64_t cycle)
{
    ws_cline *l = &c->ln[idx];
    c->tag[idx] = line;
    memset(l, 0, sizeof *l);
    c->pend[idx] = 0;
    l->owner = r->owner;
    l->prefetched = prefetched;
    l->aux = prefetched ? r->pf_key : 0;
    c->ord[idx] = ++c->stamp;
    l->last_access = cycle;
    l->fill_cycle = cycle;
    c->gen++;
}

void ws_cache_kill(ws_cache *c, uint32_t idx)
{
    c->tag[idx] = WS_TAG_NONE;
    memset(&c->ln[idx], 0, sizeof c->ln[idx]);
    c->ord[idx] = 0;
    c->pend[idx] = 0;
    c->gen++;
}

static inline void touch(ws_cache *c, ws_cline *l, uint64_t cycle)
{
    if (c->cfg.repl == WS_REPL_LRU)
        c->ord[l - c->ln] = ++c->stamp;
    l->last_access = cycle;
}

/* Evict way idx (valid or not) for a new line: count it, describe it, queue
 * its write-back.  The caller has checked the miss-queue room. */
/* A dirty line leaves: its write-back goes to the miss queue. */
static void write_back(ws_cache *c, const ws_cache_evict *ev, ws_mreq_pool *pool, uint64_t cycle)
{
    c->st.writebacks++;
    if (!pool)
        return;
    ws_mreq *wb = ws_mreq_alloc(pool);
    wb->kind = WS_MREQ_WRITEBACK;
    wb->addr = ev->addr;
    wb->size = c->cfg.line;
    wb->sector_mask = ev->dirty_mask;
    wb->owner = ev->owner;
    wb->t_l1 = cycle;
    ws_mreq_fifo_push(&c->missq, wb);
}

static void evict(ws_cache *c, uint32_t idx, ws_cache_evict *ev, ws_mreq_pool *pool, uint64_t cycle)
{
    ws_cache_evict_info(c, idx, ev);
    if (!ev->valid)
        return;
    c->st.evictions++;
    if (ev->dirty)
        write_back(c, ev, pool, cycle);
}

static inline bool missq_room(const ws_cache *c, uint32_t n)
{
    return !c->missq.cap || c->missq.n + n <= c->missq.cap;
}

static ws_cache_result fail(ws_cache *c, ws_cache_fail why)
{
    ws_cache_result res;
    memset(&res, 0, sizeof res);
    res.status = WS_CACHE_RESFAIL;
    res.fail = why;
    c->st.resfail[why]++;
    return res;
}

static inline void count(ws_cache *c, ws_cache_result *res, ws_cache_status st, uint8_t kind)
{
    res->status = st;
    c->gen++;                   /* every access that does not fail may change state */
    c->st.accesses[kind]++;
    if (st == WS_CACHE_HIT)
        c->st.hits[kind]++;
    else if (st == WS_CACHE_HIT_RESERVED)
        c->st.hit_reserved[kind]++;
    else
        c->st.misses[kind]++;
}

/* A read-like miss or merge (reads, prefetches, fetch-on-write writes). */
static ws_cache_result fetch_path(ws_cache *c, ws_mreq *r, uint64_t line, uint32_t set, int way,
                                  uint32_t need, uint64_t cycle, ws_mreq_pool *pool)
{
    ws_cache_result res;
    memset(&res, 0, sizeof res);
    size_t base = (size_t)set * c->ways;
    uint32_t valid = way >= 0 ? c->ln[base + (uint32_t)way].valid : 0;
    uint32_t missing = need & ~valid;
    uint32_t e = ws_mshr_find(c, line);
    bool demand = r->kind != WS_MREQ_PREFETCH;
    uint32_t merge = c->cfg.mshr_merge;

    if (e != WS_MSHR_NONE && (missing & ~c->ent[e].pending) == 0) {
        ws_mshr_ent *m = &c->ent[e];
        if (merge && m->nreq >= merge)
            return fail(c, WS_CFAIL_MERGE_FULL);
        m->nreq++;
        r->next = NULL;
        if (m->tail) m->tail->next = r; else m->head = r;
        m->tail = r;
        c->st.mshr_merges++;
        if (demand) {
            res.hit_prefetch_pending = m->prefetch;
            res.first_join_of_prefetch = m->prefetch && !m->demand_joined;
            res.aux = m->aux;
            m->demand_joined = 1;
        }
        if ((demand || (r->flags & WS_MREQ_F_PROMOTED)) && m->lead &&
            !(m->lead->flags & WS_MREQ_F_PROMOTED))
            res.promote = m->lead;
        if (way >= 0)
            touch(c, &c->ln[base + (uint32_t)way], cycle);
        count(c, &res, WS_CACHE_HIT_RESERVED, r->kind);
        return res;
    }

    /* A miss: r goes down for every missing sector. */
    int victim = -1;
    bool dirty_victim = false;
    if (way < 0 && c->cfg.alloc == WS_ALLOC_ON_MISS) {
        victim = ws_cache_victim(c, set, true);
        if (victim < 0)
            return fail(c, WS_CFAIL_LINE_ALLOC);
        const ws_cline *v = &c->ln[base + (uint32_t)victim];
        dirty_victim = c->tag[base + (uint32_t)victim] != WS_TAG_NONE && (v->dirty & v->valid);
    }
    if (e != WS_MSHR_NONE) {
        if (merge && c->ent[e].nreq >= merge)
            return fail(c, WS_CFAIL_MERGE_FULL);
    } else if (!ws_mshr_has_free(c)) {
        return fail(c, WS_CFAIL_MSHR_FULL);
    }
    if (!missq_room(c, 1u + (dirty_victim && pool)))
        return fail(c, WS_CFAIL_MISSQ_FULL);

    if (victim >= 0) {
        uint32_t idx = (uint32_t)base + (uint32_t)victim;
        evict(c, idx, &res.evicted, pool, cycle);
        ws_cache_install(c, idx, line, r, !demand, cycle);
        way = victim;
    } else if (way >= 0) {
        c->st.sector_misses++;
        touch(c, &c->ln[base + (uint32_t)way], cycle);
    }
    if (e == WS_MSHR_NONE) {
        e = ws_mshr_alloc(c, line);
        c->ent[e].prefetch = !demand;
        c->ent[e].aux = demand ? 0 : r->pf_key;
        c->ent[e].lead = demand ? NULL : r;
    } else {
        c->st.mshr_merges++;
    }
    ws_mshr_ent *m = &c->ent[e];
    m->pending |= missing;
    m->inflight++;
    m->nreq++;
    if (demand)
        m->demand_joined = 1;
    if (way >= 0 && c->cfg.alloc == WS_ALLOC_ON_MISS) {
        ws_cline *l = &c->ln[base + (uint32_t)way];
        c->pend[base + (uint32_t)way] = 1;
        l->reserved = m->pending;
    }
    ws_mreq_fifo_push(&c->missq, r);
    res.forwarded = true;
    res.fetch_mask = missing;
    count(c, &res, WS_CACHE_MISS, r->kind);
    return res;
}

/* A write miss that allocates nothing: it goes on to the next level. */
static ws_cache_result write_around(ws_cache *c, ws_mreq *r)
{
    ws_cache_result res;
    memset(&res, 0, sizeof res);
    if (!missq_room(c, 1))
        return fail(c, WS_CFAIL_MISSQ_FULL);
    ws_mreq_fifo_push(&c->missq, r);
    res.forwarded = true;
    count(c, &res, WS_CACHE_MISS, r->kind);
    return res;
}

/* Writes that do not fetch: hits, no-allocate and validate misses. */
static ws_cache_result write_path(ws_cache *c, ws_mreq *r, uint64_t line, uint32_t set, int way,
                                  uint32_t need, uint64_t cycle, ws_mreq_pool *pool)
{
    ws_cache_result res;
    memset(&res, 0, sizeof res);
    size_t base = (size_t)set * c->ways;
    bool wb = ws_cache_wb(c, r);
    ws_cline *l = way >= 0 ? &c->ln[base + (uint32_t)way] : NULL;

    if (l && (need & ~l->valid) == 0) {     /* write hit */
        bool fwd = !wb;
        /* write-evict invalidates the line (not one waiting for a fill); one
         * an atomic made dirty (atomic_local) is written back first */
        bool inval = fwd && ws_cache_evicts(c) && !c->pend[base + (uint32_t)way];
        bool dirty = inval && (l->dirty & l->valid) && pool;
        if (fwd && !missq_room(c, 1u + dirty))
            return fail(c, WS_CFAIL_MISSQ_FULL);
        if (l->prefetched && !l->used) {
            l->used = 1;
            res.first_use_of_prefetch = true;
            res.aux = l->aux;
        }
        if (wb) {
            l->dirty |= need;
            touch(c, l, cycle);
        } else if (inval) {
            uint32_t idx = (uint32_t)base + (uint32_t)way;
            ws_cache_evict_info(c, idx, &res.evicted);
            c->st.invalidations++;
            if (res.evicted.dirty)
                write_back(c, &res.evicted, pool, cycle);
            ws_cache_kill(c, idx);
        } else {
            touch(c, l, cycle);
        }
        if (fwd) {
            ws_mreq_fifo_push(&c->missq, r);
            res.forwarded = true;
        }
        count(c, &res, WS_CACHE_HIT, r->kind);
        return res;
    }
    if (ws_cache_walloc_of(c, r) == WS_WA_NONE)
        return write_around(c, r);
    /* validate: allocate without fetching (allocate-on-miss only) */
    int victim = -1;
    bool dirty_victim = false;
    if (!l) {
        victim = ws_cache_victim(c, set, true);
        if (victim < 0)
            return fail(c, WS_CFAIL_LINE_ALLOC);
        const ws_cline *v = &c->ln[base + (uint32_t)victim];
        dirty_victim = c->tag[base + (uint32_t)victim] != WS_TAG_NONE && (v->dirty & v->valid);
    }
    if (!missq_room(c, (uint32_t)!wb + (dirty_victim && pool)))
        return fail(c, WS_CFAIL_MISSQ_FULL);
    if (victim >= 0) {
        uint32_t idx = (uint32_t)base + (uint32_t)victim;
        evict(c, idx, &res.evicted, pool, cycle);
        ws_cache_install(c, idx, line, r, false, cycle);
        l = &c->ln[idx];
    } else {
        c->st.sector_misses++;
        touch(c, l, cycle);
    }
    l->valid |= need;
    if (wb)
        l->dirty |= need;
    if (!wb) {
        ws_mreq_fifo_push(&c->missq, r);
        res.forwarded = true;
    }
    count(c, &res, WS_CACHE_MISS, r->kind);
    return res;
}

ws_cache_result ws_cache_access(ws_cache *c, ws_mreq *r, uint64_t cycle, ws_mreq_pool *pool)
{
    uint64_t line = r->addr >> c->line_log2;
    uint32_t set = ws_cache_set_index(c, line);
    int way = ws_cache_find_way(c, set, line);
    uint32_t need = ws_cache_req_need(c, r);
    bool write = ws_cache_is_write(r->kind);

    if (!write && way >= 0) {               /* the hot path: a read hit */
        ws_cline *l = &c->ln[(size_t)set * c->ways + (uint32_t)way];
        if ((need & ~l->valid) == 0) {
            ws_cache_result res;
            memset(&res, 0, sizeof res);
            touch(c, l, cycle);
            if (r->kind != WS_MREQ_PREFETCH && l->prefetched && !l->used) {
                l->used = 1;
                res.first_use_of_prefetch = true;
                res.aux = l->aux;
            }
            count(c, &res, WS_CACHE_HIT, r->kind);
            return res;
        }
    }
    if (!write)
        return fetch_path(c, r, line, set, way, need, cycle, pool);
    if (ws_cache_walloc_of(c, r) == WS_WA_FETCH) {
        if (way >= 0 && (need & ~c->ln[(size_t)set * c->ways + (uint32_t)way].valid) == 0)
            return write_path(c, r, line, set, way, need, cycle, pool);
        /* a write-through write never waits for a fetch: when its line is
         * already being fetched it goes on as a no-allocate write */
        if (!ws_cache_wb(c, r) && ws_mshr_find(c, line) != WS_MSHR_NONE)
            return write_around(c, r);
        return fetch_path(c, r, line, set, way, need, cycle, pool);
    }
    return write_path(c, r, line, set, way, need, cycle, pool);
}

ws_cache_status ws_cache_probe(const ws_cache *c, uint64_t addr)
{
    uint64_t line = addr >> c->line_log2;
    uint32_t set = ws_cache_set_index(c, line);
    int way = ws_cache_find_way(c, set, line);
    uint32_t need = ws_cache_need(c, addr, 1);
    if (way >= 0 && (c->ln[(size_t)set * c->ways + (uint32_t)way].valid & need))
        return WS_CACHE_HIT;
    uint32_t e = ws_mshr_find(c, line);
    if (e != WS_MSHR_NONE && (c->ent[e].pending & need))
        return WS_CACHE_HIT_RESERVED;
    return WS_CACHE_MISS;
}

ws_mreq *ws_cache_missq_head(const ws_cache *c) { return c->missq.head; }
ws_mreq *ws_cache_missq_pop(ws_cache *c)
{
    c->gen++;
    return ws_mreq_fifo_pop(&c->missq);
}

uint64_t ws_cache_gen(const ws_cache *c) { return c->gen; }

void ws_cache_count_fails(ws_cache *c, ws_cache_fail why, uint64_t n) { c->st.resfail[why] += n; }
uint32_t ws_cache_missq_len(const ws_cache *c) { return c->missq.n; }
