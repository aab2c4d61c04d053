/* t_cache_ref: ws_cache against an independent reference model on seeded
 * random traces, for every legal combination of replacement x write policy x
 * write allocation x allocation x set index x sectored/not.
 *
 * The reference is written from the rules in ws_cache.h in the plainest way:
 * per-set arrays of lines with timestamps, linear searches, a plain array of
 * MSHR entries with arrays of waiting request ids, a plain array as miss
 * queue, and sector masks computed byte by byte.  It shares no code with
 * src/arch/ws_cache*.c (only ws_rng, whose draws the rules prescribe).
 * Compared after every operation: status, failure cause, result flags, the
 * line evicted, the requests a fill releases (in order), the miss queue;
 * every few operations and at the end: every line and every counter. */
#include "cache/tcache.h"
#include "util/ws_rng.h"

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))
#define LINE 128
#define SETS 32
#define MAXW 4
#define MAXREQ 8192
#define MAXE 64

typedef struct rline {
    int present, pending, pf, used;
    uint64_t line;
    uint32_t v, d, owner;
    uint64_t t_touch, t_alloc, fill_cycle, last_access;
} rline;

typedef struct rent {
    int used, prefetch, dj;
    uint64_t line;
    uint32_t p, inflight, nreq;
    int wait[MAXREQ / 8], nwait;
} rent;

typedef struct rreq {           /* what the reference knows of a request */
    uint64_t addr;
    uint32_t size, flags, owner;
    int kind, primary;          /* primary: went down for an MSHR entry */
    ws_mreq *real;
} rreq;

typedef struct refc {
    ws_cache_config cfg;
    rline l[64][MAXW];          /* up to 64 sets */
    rent e[MAXE];
    int ne_cap;                 /* 0: unlimited (MAXE is enough here) */
    int q[MAXREQ], nq;          /* miss queue: request ids, -1 - wbid for write-backs */
    uint64_t wb_addr[MAXREQ];
    uint32_t wb_mask[MAXREQ], wb_owner[MAXREQ];
    int nwb;
    uint64_t clock;
    ws_rng rng;
    ws_cache_stats st;
    int nsec;
} refc;

static rreq R[MAXREQ];
static int nR;

/* ---------------------------------------------------------------- reference */

static uint32_t bit(uint64_t v, int b) { return (uint32_t)((v >> b) & 1u); }

static uint32_t ref_set(const refc *m, uint64_t line)
{
    uint64_t addr = line * LINE;
    uint32_t sets = m->cfg.sets;
    if (m->cfg.hash == WS_HASH_LINEAR)
        return (uint32_t)(line % sets);
    if (m->cfg.hash == WS_HASH_XOR)
        return (uint32_t)((line ^ (line / sets)) % sets);
    /* Fermi: index bit i = line bit i xor address bit {13,14,15,17,19}[i] */
    static const int hb[5] = { 13, 14, 15, 17, 19 };
    uint32_t s = 0;
    for (int i = 0; i < 5; i++)
        s |= (bit(line, i) ^ bit(addr, hb[i])) << i;
    if (sets == 64)
        s |= bit(addr, 12) << 5;
    return s;
}

static uint32_t ref_need(const refc *m, uint64_t addr, uint32_t size)
{
    uint32_t off = (uint32_t)(addr % LINE), end = off + (size ? size : 1), mask = 0;
    if (end > LINE)
        end = LINE;
    uint32_t z = LINE / (uint32_t)m->nsec;
    for (uint32_t b = off; b < end; b++)
        mask |= 1u << (b / z);
    return mask;
}

static int is_write(int kind) { return kind == WS_MREQ_WRITE || kind == WS_MREQ_ATOMIC || kind == WS_MREQ_WRITEBACK; }

static int ref_wb(const refc *m, uint32_t flags)
{
    return m->cfg.wpol == WS_WP_WRITE_BACK || (m->cfg.wpol == WS_WP_LOCAL_WB_GLOBAL_WT && (flags & WS_MREQ_F_LOCAL));
}

static int ref_find(const refc *m, uint32_t set, uint64_t line)
{
    for (uint32_t w = 0; w < m->cfg.ways; w++)
        if (m->l[set][w].present && m->l[set][w].line == line)
            return (int)w;
    return -1;
}

static int ref_entry(const refc *m, uint64_t line)
{
    for (int i = 0; i < MAXE; i++)
        if (m->e[i].used && m->e[i].line == line)
            return i;
    return -1;
}

static int ref_nentries(const refc *m)
{
    int n = 0;
    for (int i = 0; i < MAXE; i++)
        n += m->e[i].used;
    return n;
}

static int ref_victim(refc *m, uint32_t set, int skip_pending)
{
    for (uint32_t w = 0; w < m->cfg.ways; w++)
        if (!m->l[set][w].present)
            return (int)w;
    int cand[MAXW], n = 0;
    for (uint32_t w = 0; w < m->cfg.ways; w++)
        if (!(skip_pending && m->l[set][w].pending))
            cand[n++] = (int)w;
    if (!n)
        return -1;
    if (m->cfg.repl == WS_REPL_RANDOM)
        return cand[ws_rng_below(&m->rng, (uint64_t)n)];
    int best = cand[0];
    for (int i = 1; i < n; i++) {
        const rline *a = &m->l[set][cand[i]], *b = &m->l[set][best];
        uint64_t ta = m->cfg.repl == WS_REPL_LRU ? a->t_touch : a->t_alloc;
        uint64_t tb = m->cfg.repl == WS_REPL_LRU ? b->t_touch : b->t_alloc;
        if (ta < tb)
            best = cand[i];
    }
    return best;
}

static void ref_touch(refc *m, rline *l, uint64_t cyc)
{
    l->t_touch = ++m->clock;
    l->last_access = cyc;
}

static void ref_describe(const rline *l, ws_cache_evict *ev)
{
    memset(ev, 0, sizeof *ev);
    if (!l->present)
        return;
    ev->valid = l->v != 0;
    ev->dirty = (l->d & l->v) != 0;
    ev->addr = l->line * LINE;
    ev->dirty_mask = l->d & l->v;
    ev->owner = l->owner;
    ev->prefetched = l->pf != 0;
    ev->used = l->used != 0;
}

/* Evict l (counting, queueing its write-back if queue is set) and install line. */
static void ref_replace(refc *m, rline *l, uint64_t line, const rreq *q, int pf, uint64_t cyc,
                        ws_cache_evict *ev, int queue)
{
    ref_describe(l, ev);
    if (ev->valid) {
        m->st.evictions++;
        if (ev->dirty) {
            m->st.writebacks++;
            if (queue) {
                m->wb_addr[m->nwb] = ev->addr;
                m->wb_mask[m->nwb] = ev->dirty_mask;
                m->wb_owner[m->nwb] = ev->owner;
                m->q[m->nq++] = -1 - m->nwb;
                m->nwb++;
            }
        }
    }
    memset(l, 0, sizeof *l);
    l->present = 1;
    l->line = line;
    l->owner = q->owner;
    l->pf = pf;
    l->t_alloc = l->t_touch = ++m->clock;
    l->fill_cycle = l->last_access = cyc;
}

static int room(const refc *m, int n) { return !m->cfg.missq || m->nq + n <= (int)m->cfg.missq; }

static ws_cache_result ref_fail(refc *m, ws_cache_fail f)
{
    ws_cache_result r;
    memset(&r, 0, sizeof r);
    r.status = WS_CACHE_RESFAIL;
    r.fail = f;
    m->st.resfail[f]++;
    return r;
}

static void ref_count(refc *m, ws_cache_result *r, ws_cache_status s, int kind)
{
    r->status = s;
    m->st.accesses[kind]++;
    if (s == WS_CACHE_HIT) m->st.hits[kind]++;
    else if (s == WS_CACHE_HIT_RESERVED) m->st.hit_reserved[kind]++;
    else m->st.misses[kind]++;
}

static ws_cache_result ref_access(refc *m, int id, uint64_t cyc)
{
    const rreq *q = &R[id];
    ws_cache_result res;
    memset(&res, 0, sizeof res);
    uint64_t line = q->addr / LINE;
    uint32_t set = ref_set(m, line);
    int way = ref_find(m, set, line);
    rline *l = way >= 0 ? &m->l[set][way] : NULL;
    uint32_t n = ref_need(m, q->addr, q->size);
    int demand = q->kind != WS_MREQ_PREFETCH, wb = ref_wb(m, q->flags);
    int hit = l && (n & ~l->v) == 0;

    if (hit && !is_write(q->kind)) {
        ref_touch(m, l, cyc);
        if (demand && l->pf && !l->used) {
            l->used = 1;
            res.first_use_of_prefetch = true;
        }
        ref_count(m, &res, WS_CACHE_HIT, q->kind);
        return res;
    }
    if (hit) {
        if (!wb && !room(m, 1))
            return ref_fail(m, WS_CFAIL_MISSQ_FULL);
        if (l->pf && !l->used) {
            l->used = 1;
            res.first_use_of_prefetch = true;
        }
        if (wb) {
            l->d |= n;
            ref_touch(m, l, cyc);
        } else if (m->cfg.wpol == WS_WP_WRITE_EVICT && !l->pending) {
            ref_describe(l, &res.evicted);
            m->st.invalidations++;
            memset(l, 0, sizeof *l);
        } else {
            ref_touch(m, l, cyc);
        }
        if (!wb) {
            m->q[m->nq++] = id;
            res.forwarded = true;
        }
        ref_count(m, &res, WS_CACHE_HIT, q->kind);
        return res;
    }
    /* no-allocate writes, and under fetch-on-write a write-through one
     * whose line is being fetched: they go on */
    if (is_write(q->kind) &&
        (m->cfg.walloc == WS_WA_NONE || (m->cfg.walloc == WS_WA_FETCH && !wb && ref_entry(m, line) >= 0))) {
        if (!room(m, 1))
            return ref_fail(m, WS_CFAIL_MISSQ_FULL);
        m->q[m->nq++] = id;
        res.forwarded = true;
        ref_count(m, &res, WS_CACHE_MISS, q->kind);
        return res;
    }
    if (is_write(q->kind) && m->cfg.walloc == WS_WA_VALIDATE) {
        int vic = -1, dirty = 0;
        if (!l) {
            vic = ref_victim(m, set, 1);
            if (vic < 0)
                return ref_fail(m, WS_CFAIL_LINE_ALLOC);
            rline *v = &m->l[set][vic];
            dirty = v->present && (v->d & v->v);
        }
        if (!room(m, !wb + dirty))
            return ref_fail(m, WS_CFAIL_MISSQ_FULL);
        if (vic >= 0) {
            l = &m->l[set][vic];
            ref_replace(m, l, line, q, 0, cyc, &res.evicted, 1);
        } else {
            m->st.sector_misses++;
            ref_touch(m, l, cyc);
        }
        l->v |= n;
        if (wb)
            l->d |= n;
        if (!wb) {
            m->q[m->nq++] = id;
            res.forwarded = true;
        }
        ref_count(m, &res, WS_CACHE_MISS, q->kind);
        return res;
    }
    /* reads, prefetches, fetch-on-write writes */
    uint32_t missing = n & ~(l ? l->v : 0);
    int e = ref_entry(m, line);
    uint32_t merge = m->cfg.mshr_merge;
    if (e >= 0 && (missing & ~m->e[e].p) == 0) {
        if (merge && m->e[e].nreq >= merge)
            return ref_fail(m, WS_CFAIL_MERGE_FULL);
        m->e[e].nreq++;
        m->e[e].wait[m->e[e].nwait++] = id;
        m->st.mshr_merges++;
        if (demand) {
            res.hit_prefetch_pending = m->e[e].prefetch != 0;
            m->e[e].dj = 1;
        }
        if (l)
            ref_touch(m, l, cyc);
        ref_count(m, &res, WS_CACHE_HIT_RESERVED, q->kind);
        return res;
    }
    int vic = -1, dirty = 0;
    if (!l && m->cfg.alloc == WS_ALLOC_ON_MISS) {
        vic = ref_victim(m, set, 1);
        if (vic < 0)
            return ref_fail(m, WS_CFAIL_LINE_ALLOC);
        rline *v = &m->l[set][vic];
        dirty = v->present && (v->d & v->v);
    }
    if (e >= 0) {
        if (merge && m->e[e].nreq >= merge)
            return ref_fail(m, WS_CFAIL_MERGE_FULL);
    } else if (m->ne_cap && ref_nentries(m) >= m->ne_cap) {
        return ref_fail(m, WS_CFAIL_MSHR_FULL);
    }
    if (!room(m, 1 + dirty))
        return ref_fail(m, WS_CFAIL_MISSQ_FULL);
    if (vic >= 0) {
        l = &m->l[set][vic];
        ref_replace(m, l, line, q, !demand, cyc, &res.evicted, 1);
    } else if (l) {
        m->st.sector_misses++;
        ref_touch(m, l, cyc);
    }
    if (e < 0) {
        for (e = 0; m->e[e].used; e++)
            ;
        memset(&m->e[e], 0, sizeof m->e[e]);
        m->e[e].used = 1;
        m->e[e].line = line;
        m->e[e].prefetch = !demand;
    } else {
        m->st.mshr_merges++;
    }
    m->e[e].p |= missing;
    m->e[e].inflight++;
    m->e[e].nreq++;
    if (demand)
        m->e[e].dj = 1;
    if (l && m->cfg.alloc == WS_ALLOC_ON_MISS)
        l->pending = 1;
    R[id].primary = 1;
    m->q[m->nq++] = id;
    res.forwarded = true;
    res.fetch_mask = missing;
    ref_count(m, &res, WS_CACHE_MISS, q->kind);
    return res;
}

static void ref_apply_write(refc *m, rline *l, int id)
{
    if (!l || !is_write(R[id].kind) || m->cfg.walloc != WS_WA_FETCH)
        return;
    uint32_t n = ref_need(m, R[id].addr, R[id].size);
    l->v |= n;
    if (ref_wb(m, R[id].flags))
        l->d |= n;
}

/* Returns the number of released ids in out[] (the filled one first). */
static int ref_fill(refc *m, int id, uint64_t cyc, ws_cache_evict *ev, int *out)
{
    memset(ev, 0, sizeof *ev);
    uint64_t line = R[id].addr / LINE;
    int e = ref_entry(m, line);
    out[0] = id;
    if (e < 0)
        return 1;
    rent *en = &m->e[e];
    uint32_t set = ref_set(m, line);
    int way = ref_find(m, set, line);
    if (way < 0) {
        int v = ref_victim(m, set, m->cfg.alloc == WS_ALLOC_ON_MISS);
        if (v >= 0) {
            ref_replace(m, &m->l[set][v], line, &R[id], en->prefetch, cyc, ev, 0);
            way = v;
        }
    }
    rline *l = way >= 0 ? &m->l[set][way] : NULL;
    m->st.fills++;
    en->inflight--;
    en->nreq--;
    if (l) {
        l->v |= ref_need(m, R[id].addr, R[id].size);
        l->fill_cycle = cyc;
        ref_apply_write(m, l, id);
        if (l->pf && en->prefetch && en->dj)
            l->used = 1;
    }
    int n = 1, keep = 0;
    for (int i = 0; i < en->nwait; i++) {
        int w = en->wait[i];
        uint32_t wn = ref_need(m, R[w].addr, R[w].size);
        if (en->inflight == 0 || (l && (wn & ~l->v) == 0)) {
            ref_apply_write(m, l, w);
            out[n++] = w;
            en->nreq--;
        } else {
            en->wait[keep++] = w;
        }
    }
    en->nwait = keep;
    if (l)
        en->p &= ~l->v;
    if (en->inflight == 0) {
        en->used = 0;
        if (l)
            l->pending = 0;
    } else if (l && m->cfg.alloc == WS_ALLOC_ON_MISS) {
        l->pending = 1;
    }
    return n;
}

static int ref_ideal(refc *m, int id, uint64_t cyc, ws_cache_evict *ev)
{
    const rreq *q = &R[id];
    memset(ev, 0, sizeof *ev);
    uint64_t line = q->addr / LINE;
    uint32_t set = ref_set(m, line);
    int way = ref_find(m, set, line);
    rline *l = way >= 0 ? &m->l[set][way] : NULL;
    uint32_t n = ref_need(m, q->addr, q->size);
    int demand = q->kind != WS_MREQ_PREFETCH, wb = ref_wb(m, q->flags), wr = is_write(q->kind);
    m->st.accesses[q->kind]++;
    if (l && (n & ~l->v) == 0) {
        m->st.hits[q->kind]++;
        if (demand && l->pf && !l->used)
            l->used = 1;
        if (wr && !wb && m->cfg.wpol == WS_WP_WRITE_EVICT) {
            ref_describe(l, ev);
            m->st.invalidations++;
            memset(l, 0, sizeof *l);
        } else {
            ref_touch(m, l, cyc);
            if (wr && wb)
                l->d |= n;
        }
        return 1;
    }
    m->st.misses[q->kind]++;
    if (wr && m->cfg.walloc == WS_WA_NONE)
        return 0;
    if (l) {
        m->st.sector_misses++;
        ref_touch(m, l, cyc);
    } else {
        l = &m->l[set][ref_victim(m, set, 0)];
        ref_replace(m, l, line, q, !wr && !demand, cyc, ev, 0);
    }
    l->v |= n;
    if (wr && wb)
        l->d |= n;
    if (!wr || m->cfg.walloc == WS_WA_FETCH) {
        l->fill_cycle = cyc;
        m->st.fills++;
    }
    return 0;
}

/* ---------------------------------------------------------------- comparison */

static int failures;
static char combo[160];
static ws_cache_stats total;            /* summed over every timed run */
static uint64_t n_first_use, n_late_pf, n_released_later;

static void check(int cond, const char *what, long step)
{
    if (!cond && failures++ < 10)
        diag("%s: step %ld: %s differs", combo, step, what);
}

static int same_ev(const ws_cache_evict *a, const ws_cache_evict *b)
{
    return a->valid == b->valid && a->dirty == b->dirty && a->addr == b->addr && a->dirty_mask == b->dirty_mask &&
           (!a->valid || (a->owner == b->owner && a->prefetched == b->prefetched && a->used == b->used));
}

static void compare_lines(const ws_cache *c, const refc *m, long step)
{
    for (uint32_t s = 0; s < m->cfg.sets; s++)
        for (uint32_t w = 0; w < m->cfg.ways; w++) {
            ws_cache_line_info li;
            ws_cache_line(c, s, w, &li);
            const rline *l = &m->l[s][w];
            if (!l->present) {
                check(li.state == WS_LINE_INVALID, "an invalid line", step);
                continue;
            }
            ws_line_state st = !l->v ? WS_LINE_RESERVED : (l->d & l->v) ? WS_LINE_MODIFIED : WS_LINE_VALID;
            int e = ref_entry(m, l->line);
            uint32_t resv = (m->cfg.alloc == WS_ALLOC_ON_MISS && l->pending && e >= 0) ? m->e[e].p : 0;
            check(li.state == st && li.addr == l->line * LINE, "line state/address", step);
            check(li.valid_mask == l->v && li.dirty_mask == (l->d & l->v) && li.reserved_mask == resv, "line masks", step);
            check(li.owner == l->owner && li.prefetched == (l->pf != 0) && li.used == (l->used != 0), "line owner/prefetch bits", step);
            check(li.fill_cycle == l->fill_cycle && li.last_access == l->last_access, "line cycles", step);
        }
}

static void compare_stats(const ws_cache *c, const refc *m, long step)
{
    const ws_cache_stats *a = ws_cache_stats_get(c);
    const ws_cache_stats *b = &m->st;
    check(memcmp(a->accesses, b->accesses, sizeof a->accesses) == 0, "accesses", step);
    check(memcmp(a->hits, b->hits, sizeof a->hits) == 0, "hits", step);
    check(memcmp(a->hit_reserved, b->hit_reserved, sizeof a->hit_reserved) == 0, "hit_reserved", step);
    check(memcmp(a->misses, b->misses, sizeof a->misses) == 0, "misses", step);
    check(memcmp(a->resfail, b->resfail, sizeof a->resfail) == 0, "resfail", step);
    check(a->mshr_merges == b->mshr_merges && a->fills == b->fills, "merges/fills", step);
    check(a->evictions == b->evictions && a->writebacks == b->writebacks, "evictions/writebacks", step);
    check(a->invalidations == b->invalidations && a->sector_misses == b->sector_misses, "invalidations/sector misses", step);
}

static void compare_mshrs(const ws_cache *c, const refc *m, long step)
{
    int n = 0;
    for (uint32_t i = 0; i < ws_cache_mshr_cap(c); i++) {
        uint64_t a;
        uint32_t k;
        if (!ws_cache_mshr(c, i, &a, &k))
            continue;
        n++;
        int e = ref_entry(m, a / LINE);
        check(e >= 0 && m->e[e].nreq == k, "an MSHR entry", step);
    }
    check(n == ref_nentries(m), "MSHR entries in use", step);
    check(ws_cache_missq_len(c) == (uint32_t)m->nq, "miss-queue length", step);
}

/* ---------------------------------------------------------------- traces */

static uint64_t pool_lines[64];
static int npool;

static void make_pool(const refc *m, ws_rng *g)
{
    /* lines that crowd three sets (ways + 2 lines each), found through the
     * reference's own index function; plus a few stray lines */
    npool = 0;
    uint32_t target[3];
    for (int i = 0; i < 3; i++)
        target[i] = (uint32_t)ws_rng_below(g, m->cfg.sets);
    int per = (int)m->cfg.ways + 2;
    for (int t = 0; t < 3; t++) {
        int got = 0;
        while (got < per) {
            uint64_t line = ws_rng_below(g, 1u << 14);
            if (ref_set(m, line) == target[t]) {
                pool_lines[npool++] = line;
                got++;
            }
        }
    }
    for (int i = 0; i < 3; i++)
        pool_lines[npool++] = ws_rng_below(g, 1u << 14);
}

static int new_req(ws_mreq_pool *pool, ws_rng *g, int ideal)
{
    static const uint32_t sizes[] = { 1, 4, 4, 8, 16, 32, 32, 64, 128 };
    int id = nR++;
    rreq *q = &R[id];
    uint64_t k = ws_rng_below(g, 100);
    q->kind = k < 45 ? WS_MREQ_READ : k < 75 ? WS_MREQ_WRITE : k < 90 ? WS_MREQ_PREFETCH : k < 95 ? WS_MREQ_ATOMIC : WS_MREQ_WRITEBACK;
    uint64_t line = pool_lines[ws_rng_below(g, (uint64_t)npool)];
    q->size = sizes[ws_rng_below(g, NELEM(sizes))];
    uint32_t off = (uint32_t)ws_rng_below(g, LINE);
    if (ws_rng_below(g, 2))
        off &= ~(q->size - 1);
    q->addr = line * LINE + off;
    q->flags = ws_rng_below(g, 3) == 0 ? WS_MREQ_F_LOCAL : 0;
    q->owner = 1 + (uint32_t)ws_rng_below(g, 5);
    q->real = NULL;
    q->primary = 0;
    if (!ideal) {
        ws_mreq *r = ws_mreq_alloc(pool);
        r->kind = (uint8_t)q->kind;
        r->addr = q->addr;
        r->size = q->size;
        r->flags = q->flags;
        r->owner = q->owner;
        r->load = (uint32_t)id;
        q->real = r;
    }
    return id;
}

static void run_timed(const ws_cache_config *cfg, uint64_t seed, long steps)
{
    static refc m;
    memset(&m, 0, sizeof m);
    m.cfg = *cfg;
    m.ne_cap = (int)cfg->mshrs;
    m.nsec = cfg->sector && cfg->sector < cfg->line ? (int)(cfg->line / cfg->sector) : 1;
    ws_rng_seed(&m.rng, cfg->seed);
    ws_cache *c = tc_new(cfg);
    ws_mreq_pool pool;
    ws_mreq_pool_init(&pool);
    ws_rng g;
    ws_rng_seed(&g, seed);
    make_pool(&m, &g);
    for (int i = 0; i < npool; i++)
        check(ws_cache_set_of(c, pool_lines[i] * LINE) == ref_set(&m, pool_lines[i]), "set index", -1);
    nR = 0;
    int below[MAXREQ], nbelow = 0;
    uint64_t cyc = 1;
    /* stop at the first difference: after one, the two may hold different
     * requests, and walking or freeing them would be unsafe */
    for (long step = 0; (step < steps || m.nq || nbelow) && !failures && step < steps + 100000; step++, cyc++) {
        uint64_t op = ws_rng_below(&g, 100);
        int draining = step >= steps;
        if (!draining && op < 55 && nR < MAXREQ - 1) {
            int id = new_req(&pool, &g, 0);
            ws_cache_result a = ws_cache_access(c, R[id].real, cyc, &pool);
            ws_cache_result b = ref_access(&m, id, cyc);
            check(a.status == b.status && a.fail == b.fail, "status", step);
            check(a.forwarded == b.forwarded && a.first_use_of_prefetch == b.first_use_of_prefetch &&
                  a.hit_prefetch_pending == b.hit_prefetch_pending && a.fetch_mask == b.fetch_mask, "result flags", step);
            check(same_ev(&a.evicted, &b.evicted), "evicted line", step);
            n_first_use += a.first_use_of_prefetch;
            n_late_pf += a.hit_prefetch_pending;
            /* the cache keeps r when it went down or waits in an MSHR */
            if (!a.forwarded && a.status != WS_CACHE_HIT_RESERVED)
                ws_mreq_free(&pool, R[id].real);
        } else if (draining ? m.nq > 0 : op < 80) {
            if (!m.nq) {
                check(ws_cache_missq_pop(c) == NULL, "empty miss queue", step);
                continue;
            }
            ws_mreq *r = ws_cache_missq_pop(c);
            int id = m.q[0];
            memmove(m.q, m.q + 1, (size_t)(--m.nq) * sizeof m.q[0]);
            if (id < 0) {
                int w = -1 - id;
                check(r && r->kind == WS_MREQ_WRITEBACK && r->addr == m.wb_addr[w] && r->sector_mask == m.wb_mask[w] &&
                      r->size == LINE && r->owner == m.wb_owner[w], "queued write-back", step);
                if (r)
                    ws_mreq_free(&pool, r);
                continue;
            }
            check(r == R[id].real, "miss-queue order", step);
            /* an MSHR's miss waits for its fill; forwarded writes are done */
            if (R[id].primary)
                below[nbelow++] = id;
            else if (r == R[id].real)
                ws_mreq_free(&pool, r);
        } else if (nbelow) {
            int k = (int)ws_rng_below(&g, (uint64_t)nbelow);
            int id = below[k];
            below[k] = below[--nbelow];
            ws_cache_evict ea, eb;
            int out[MAXREQ / 8];
            int n = ref_fill(&m, id, cyc, &eb, out);
            ws_mreq *q = ws_cache_fill(c, R[id].real, cyc, &ea);
            check(same_ev(&ea, &eb), "fill victim", step);
            int i = 0;
            for (ws_mreq *x = q; x && i <= n; x = x->next, i++)
                check(i < n && x == R[out[i]].real, "released requests", step);
            check(i == n, "number of released requests", step);
            while (q && !failures) {
                ws_mreq *nx = q->next;
                ws_mreq_free(&pool, q);
                q = nx;
            }
            n_released_later += (uint64_t)(i - 1);
        }
        compare_mshrs(c, &m, step);
        if (step % 64 == 0)
            compare_lines(c, &m, step);
    }
    if (failures) {         /* the requests may be anywhere: drop them with the pool */
        ws_cache_free(c);
        ws_mreq_pool_fini(&pool);
        return;
    }
    compare_lines(c, &m, -2);
    compare_stats(c, &m, -2);
    check(ws_cache_idle(c) && ref_nentries(&m) == 0, "idle at the end", -2);
    check(pool.live == 0, "every request came back", -2);
    const ws_cache_stats *st = ws_cache_stats_get(c);
    for (int k = 0; k < 5; k++) {
        total.hits[k] += st->hits[k];
        total.hit_reserved[k] += st->hit_reserved[k];
        total.misses[k] += st->misses[k];
    }
    for (int k = 0; k < WS_CFAIL_COUNT; k++)
        total.resfail[k] += st->resfail[k];
    total.mshr_merges += st->mshr_merges;
    total.sector_misses += st->sector_misses;
    total.evictions += st->evictions;
    total.writebacks += st->writebacks;
    total.invalidations += st->invalidations;
    ws_cache_free(c);
    ws_mreq_pool_fini(&pool);
}

static void run_ideal(const ws_cache_config *cfg, uint64_t seed, long steps)
{
    static refc m;
    memset(&m, 0, sizeof m);
    m.cfg = *cfg;
    m.nsec = cfg->sector && cfg->sector < cfg->line ? (int)(cfg->line / cfg->sector) : 1;
    ws_rng_seed(&m.rng, cfg->seed);
    ws_cache *c = tc_new(cfg);
    ws_rng g;
    ws_rng_seed(&g, seed);
    make_pool(&m, &g);
    nR = 0;
    for (long step = 0; step < steps; step++) {
        nR = 0;
        int id = new_req(NULL, &g, 1);
        ws_mreq r;
        memset(&r, 0, sizeof r);
        r.kind = (uint8_t)R[id].kind;
        r.addr = R[id].addr;
        r.size = R[id].size;
        r.flags = R[id].flags;
        r.owner = R[id].owner;
        ws_cache_evict ea, eb;
        bool a = ws_cache_access_ideal_req(c, &r, (uint64_t)step + 1, &ea);
        int b = ref_ideal(&m, id, (uint64_t)step + 1, &eb);
        check(a == (b != 0), "ideal hit/miss", step);
        check(same_ev(&ea, &eb), "ideal evicted line", step);
        if (step % 64 == 0)
            compare_lines(c, &m, step);
    }
    compare_lines(c, &m, -3);
    compare_stats(c, &m, -3);
    ws_cache_free(c);
}

static const char *rn[] = { "lru", "fifo", "random" };
static const char *wn[] = { "wb", "wt", "evict", "local-wb" };
static const char *an[] = { "none", "fetch", "validate" };
static const char *hn[] = { "linear", "fermi", "xor" };

int main(void)
{
    int ncombo = 0;
    for (int repl = 0; repl < 3; repl++)
        for (int wp = 0; wp < 4; wp++)
            for (int wa = 0; wa < 3; wa++)
                for (int al = 0; al < 2; al++)
                    for (int h = 0; h < 3; h++)
                        for (int sec = 0; sec < 2; sec++) {
                            if (al == WS_ALLOC_ON_FILL &&
                                (wp == WS_WP_WRITE_BACK || wp == WS_WP_LOCAL_WB_GLOBAL_WT || wa != WS_WA_NONE))
                                continue;
                            ws_cache_config cfg = tc_cfg(h == WS_HASH_FERMI && (ncombo & 1) ? 64 : SETS,
                                                         2 + (uint32_t)(ncombo % 3), LINE);
                            cfg.repl = (ws_cache_repl)repl;
                            cfg.wpol = (ws_cache_wpol)wp;
                            cfg.walloc = (ws_cache_walloc)wa;
                            cfg.alloc = (ws_cache_alloc)al;
                            cfg.hash = (ws_cache_hash)h;
                            cfg.sector = sec ? 32 : 0;
                            cfg.mshrs = ncombo % 5 == 0 ? 0 : 3;
                            cfg.mshr_merge = ncombo % 7 == 0 ? 0 : 2 + (uint32_t)(ncombo % 2);
                            cfg.missq = ncombo % 4 == 0 ? 0 : 3 + (uint32_t)(ncombo % 2);
                            cfg.seed = 100 + (uint64_t)ncombo;
                            snprintf(combo, sizeof combo, "%s/%s/%s/%s/%s/%s sets %u ways %u mshrs %u merge %u missq %u",
                                     rn[repl], wn[wp], an[wa], al ? "fill" : "miss", hn[h], sec ? "sectored" : "whole-line",
                                     cfg.sets, cfg.ways, cfg.mshrs, cfg.mshr_merge, cfg.missq);
                            failures = 0;
                            run_timed(&cfg, 7 + (uint64_t)ncombo, 3000);
                            run_ideal(&cfg, 9 + (uint64_t)ncombo, 3000);
                            ok(failures == 0, "%s", combo);
                            ncombo++;
                        }
    is_int(ncombo, 252, "every legal combination was run");
    /* the traces reach every outcome */
    ok(total.hits[WS_MREQ_READ] && total.hits[WS_MREQ_WRITE] && total.hits[WS_MREQ_PREFETCH], "hits of each kind");
    ok(total.hit_reserved[WS_MREQ_READ] && total.hit_reserved[WS_MREQ_WRITE], "merges of reads and fetch-on-write writes");
    ok(total.misses[WS_MREQ_READ] && total.misses[WS_MREQ_ATOMIC] && total.misses[WS_MREQ_WRITEBACK], "misses of each kind");
    for (int k = 1; k < WS_CFAIL_COUNT; k++)
        ok(total.resfail[k] > 0, "reservation failure cause %d occurs (%llu times)", k, (unsigned long long)total.resfail[k]);
    ok(total.sector_misses && total.evictions && total.writebacks && total.invalidations,
       "sector misses %llu, evictions %llu, write-backs %llu, invalidations %llu",
       (unsigned long long)total.sector_misses, (unsigned long long)total.evictions,
       (unsigned long long)total.writebacks, (unsigned long long)total.invalidations);
    ok(n_first_use && n_late_pf && n_released_later, "first uses %llu, late prefetches %llu, merged requests released %llu",
       (unsigned long long)n_first_use, (unsigned long long)n_late_pf, (unsigned long long)n_released_later);
    return tap_done();
}
