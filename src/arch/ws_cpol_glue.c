/* ws_cpol_glue.c: the timing model's side of the cache policies (see
 * ws_cpol_glue.h for where each hook is called). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_cache_int.h"
#include "arch/ws_cpol_glue.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_mempart_int.h"
#include "arch/ws_opts.h"
#include "arch/ws_sm.h"
#include "core/ws_core.h"
#include "util/ws_util.h"

const char *ws_cpolg_params(const ws_opts *o, ws_cpol_params *p)
{
    ws_cpol_params_default(p);
    p->sdm_sets = (uint32_t)ws_opts_uint(o, "l2.sdm_sets");
    p->psel_bits = (uint32_t)ws_opts_uint(o, "l2.psel_bits");
    p->rtt_entries = (uint32_t)ws_opts_uint(o, "l2.rtt_entries");
    p->rtt_period = (uint32_t)ws_opts_uint(o, "l2.rtt_period");
    return ws_opts_str(o, "l2.inclusion");
}

static bool cpol_on(const ws_opts *o)
{
    return strcmp(ws_opts_str(o, "l2.inclusion"), "noninclusive") != 0;
}

int ws_cpolg_memsys_create(ws_memsys *m, const ws_opts *o, ws_error *err)
{
    if (!cpol_on(o)) return 0;
    ws_cpol_params p;
    const char *name = ws_cpolg_params(o, &p);
    if (!m->sub[0].l2)
        return ws_error_set(err, WS_E_RANGE, "l2.inclusion=%s needs an L2 (l2.enable=false)", name);
    const ws_cache_config *cc = ws_cache_config_get(m->sub[0].l2);
    if (cc->wpol == WS_WP_WRITE_BACK && cc->alloc == WS_ALLOC_ON_FILL)
        return ws_error_set(err, WS_E_RANGE, "l2.inclusion=%s: impossible with a write-back L2 allocating on fill",
                            name);
    m->cpol = ws_xcalloc(m->nsubs, sizeof *m->cpol);
    m->cpst = ws_xcalloc(m->nsubs, sizeof *m->cpst);
    for (uint32_t i = 0; i < m->nsubs; i++) {
        ws_cpol_geom g = { WS_CPOL_L2, cc->sets, cc->ways, cc->line, i, m->nsms, cc->sets * m->nsubs,
                           cc->sets * i };
        if (!(m->cpol[i] = ws_cpol_create(name, &g, &p, err))) return -1;
        ws_cpol_set_stats(m->cpol[i], &m->cpst[i]);
    }
    return 0;
}

void ws_cpolg_memsys_free(ws_memsys *m)
{
    if (!m->cpol) return;
    for (uint32_t i = 0; i < m->nsubs; i++) ws_cpol_free(m->cpol[i]);
    free(m->cpol);
    free(m->cpst);
    m->cpol = NULL;
    m->cpst = NULL;
}

int ws_cpolg_sm_create(ws_sm *sm, uint32_t nsms, const ws_opts *o, ws_error *err)
{
    if (!cpol_on(o) || !sm->l1d) return 0;
    ws_cpol_params p;
    const char *name = ws_cpolg_params(o, &p);
    const ws_cache_config *cc = ws_cache_config_get(sm->l1d);
    ws_cpol_geom g = { WS_CPOL_L1, cc->sets, cc->ways, cc->line, sm->id, nsms, 0, 0 };
    sm->cpol = ws_cpol_create(name, &g, &p, err);
    if (!sm->cpol) return -1;
    ws_cpol_set_stats(sm->cpol, &sm->cps);
    return 0;
}

void ws_cpolg_launch(ws_sm *sm, const ws_device *d)
{
    if (!sm->cpol) return;
    size_t n = ws_devmem_count(d);
    ws_cpol_region *r = n ? ws_xmalloc(n * sizeof *r) : NULL;
    for (size_t i = 0; i < n; i++) {
        const ws_alloc *a = ws_devmem_at(d, i);
        r[i] = (ws_cpol_region){ a->addr, a->addr + a->size };
    }
    ws_cpol_launch(sm->cpol, r, (uint32_t)n);
    free(r);
}

static ws_cpol_req req_of(const ws_cache *c, uint64_t addr, uint32_t core, uint64_t now)
{
    ws_cpol_req q;
    memset(&q, 0, sizeof q);
    uint64_t line = addr >> c->line_log2;
    q.cycle = now;
    q.addr = line << c->line_log2;
    q.core = core;
    q.set = ws_cache_set_index(c, line);
    int w = ws_cache_find_way(c, q.set, line);
    q.way = w < 0 ? 0 : (uint32_t)w;
    return q;
}


/* The L1 line in r's way leaves: into the L2 when the policy says so. */
static void l1_victim(ws_sm *sm, const ws_mreq *r, const ws_cache_evict *ev, uint64_t now)
{
    ws_cpol_req q = req_of(sm->l1d, r->addr, sm->id, now);   /* (the victim's way) */
    q.addr = ev->addr;
    q.dirty = ev->dirty;
    if (!ws_cpol_l1_evict(sm->cpol, &q) || ev->dirty) return;  /* a dirty one: the cache's write-back */
    ws_gpu *g = sm->gpu;
    ws_mreq *v = ws_mreq_alloc(&g->pool);
    v->kind = WS_MREQ_WRITEBACK;
    v->flags = WS_MREQ_F_CP_VICTIM | WS_MREQ_F_NO_REPLY;
    v->addr = ev->addr;
    v->size = ws_cache_config_get(sm->l1d)->line;
    v->sector_mask = ws_mreq_line_sectors(v->size);
    v->owner = ev->owner;
    v->sm = (uint16_t)sm->id;
    v->slot = 0xffff;
    v->load = UINT32_MAX;
    v->t_issue = now;
    ws_mreq_fifo_push(&sm->bypass, v);
    uint32_t flit = g->mem->cfg.flit ? g->mem->cfg.flit : 1;
    sm->cps.victim_flits += (ws_memsys_req_bytes(v) + flit - 1) / flit;
}

void ws_cpolg_l1_looked(ws_sm *sm, ws_mreq *r, const ws_cache_result *res, uint64_t now)
{
    if (r->kind != WS_MREQ_READ) return;    /* (a write-evict invalidation is not a victim) */
    if (res->evicted.valid) l1_victim(sm, r, &res->evicted, now);  /* allocate-on-miss */
    if (res->status == WS_CACHE_MISS && res->forwarded) {
        ws_cpol_req q = req_of(sm->l1d, r->addr, sm->id, now);
        ws_cpol_miss mm = ws_cpol_l1_miss(sm->cpol, &q, res->fetch_mask);
        if (mm.flags & WS_CPOL_RQ_EXCL) r->flags |= WS_MREQ_F_CP_EXCL;
    }
}

void ws_cpolg_l1_filled(ws_sm *sm, const ws_mreq *r, const ws_cache_evict *ev, uint64_t now)
{
    if (ev->valid) l1_victim(sm, r, ev, now);
    ws_cpol_req q = req_of(sm->l1d, r->addr, sm->id, now);
    if (ws_cache_find_way(sm->l1d, q.set, r->addr >> sm->l1d->line_log2) < 0) return;
    uint32_t reply = (r->flags & WS_MREQ_F_CP_SR ? WS_CPOL_SR : 0) | (r->flags & WS_MREQ_F_CP_PR ? WS_CPOL_PR : 0) |
                     (r->flags & WS_MREQ_F_CP_CB ? WS_CPOL_CB : 0);
    ws_cpol_l1_fill(sm->cpol, &q, reply);
}

static uint32_t reply_flags(uint32_t reply)
{
    return (reply & WS_CPOL_SR ? WS_MREQ_F_CP_SR : 0) | (reply & WS_CPOL_PR ? WS_MREQ_F_CP_PR : 0) |
           (reply & WS_CPOL_CB ? WS_MREQ_F_CP_CB : 0);
}

/* A request of an SM's L1D whose reply fills it: the policies decide only
 * these (instruction fetches, prefetch-cache fills, L1-bypassing loads,
 * IRU and MFF requests and writes are handled as under the baseline). */
static bool from_l1d(const ws_mreq *r)
{
    return (r->flags & (WS_MREQ_F_MS_SM | WS_MREQ_F_L1_MISS)) == (WS_MREQ_F_MS_SM | WS_MREQ_F_L1_MISS) &&
           !(r->flags & (WS_MREQ_F_IRU | WS_MREQ_F_MFF | WS_MREQ_F_INST | WS_MREQ_F_PFC | WS_MREQ_F_BYPASS_L1));
}

void ws_cpolg_l2_looked(ws_memsys *m, ws_memsys_sub *s, ws_mreq *r, const ws_cache_result *res, uint64_t c)
{
    if (!(r->flags & WS_MREQ_F_MS_SM) || (r->flags & (WS_MREQ_F_IRU | WS_MREQ_F_MFF)) ||
        res->status == WS_CACHE_HIT_RESERVED)
        return;
    ws_cpol *p = m->cpol[s - m->sub];
    ws_cpol_req q = req_of(s->l2, r->addr, r->sm, c);
    q.write = r->kind != WS_MREQ_READ || !from_l1d(r);     /* (others never move a line) */
    q.flags = r->flags & WS_MREQ_F_CP_EXCL ? WS_CPOL_RQ_EXCL : 0;
    bool hit = res->status == WS_CACHE_HIT;
    ws_cpol_l2act a = ws_cpol_l2_lookup(p, &q, hit);
    r->flags = (r->flags & ~(uint32_t)(WS_MREQ_F_CP_SR | WS_MREQ_F_CP_PR | WS_MREQ_F_CP_CB)) | reply_flags(a.reply);
    if (hit && a.invalidate) {
        /* a line with dirty sectors (an atomic's) stays: dropping it would
         * lose its write-back [choice] */
        uint32_t idx = q.set * s->l2->ways + q.way;
        if (!(s->l2->ln[idx].dirty & s->l2->ln[idx].valid)) ws_cache_invalidate(s->l2, r->addr, NULL);
    }
}

void ws_cpolg_l2_filled(ws_memsys *m, ws_memsys_sub *s, const ws_mreq *r, ws_mreq *chain, uint64_t c)
{
    if (!(r->flags & WS_MREQ_F_MS_SM) || (r->flags & (WS_MREQ_F_IRU | WS_MREQ_F_MFF)) ||
        (r->kind != WS_MREQ_READ && r->kind != WS_MREQ_ATOMIC))
        return;
    ws_cpol *p = m->cpol[s - m->sub];
    ws_cpol_req q = req_of(s->l2, r->addr, r->sm, c);
    if (ws_cache_find_way(s->l2, q.set, r->addr >> s->l2->line_log2) < 0) return;    /* not installed */
    q.write = r->kind != WS_MREQ_READ || !from_l1d(r);
    q.flags = r->flags & WS_MREQ_F_CP_EXCL ? WS_CPOL_RQ_EXCL : 0;
    uint32_t reply = 0;
    bool keep = ws_cpol_l2_fill(p, &q, &reply);
    /* a line whose other sectors are still being fetched cannot leave yet */
    if (!keep && !ws_cache_invalidate(s->l2, r->addr, NULL)) {
        keep = true;
        reply = 0;
    }
    if (keep) ws_cpol_l2_insert(p, &q, false);
    for (ws_mreq *x = chain; x; x = x->next)
        if (x->kind == WS_MREQ_READ)
            x->flags = (x->flags & ~(uint32_t)(WS_MREQ_F_CP_SR | WS_MREQ_F_CP_PR | WS_MREQ_F_CP_CB)) |
                       reply_flags(reply);
}

ws_mreq *ws_cpolg_l2_victim(ws_memsys *m, ws_memsys_sub *s, const ws_mreq *r, uint64_t c)
{
    ws_cpol *p = m->cpol ? m->cpol[s - m->sub] : NULL;
    if (!p) return NULL;
    ws_cpol_req q = req_of(s->l2, r->addr, r->sm, c);
    if (!ws_cpol_l2_victim(p, &q)) return NULL;
    ws_cache_evict ev;
    if (!ws_cache_insert(s->l2, r->addr, r->owner, c, &ev)) {
        m->cpst[s - m->sub].l2_victims_dropped++;     /* every way of its set waits for a fill */
        return NULL;
    }
    q = req_of(s->l2, r->addr, r->sm, c);
    ws_cpol_l2_insert(p, &q, true);
    if (!ev.valid || !ev.dirty) return NULL;
    ws_mreq *w = ws_mreq_alloc(m->pool);
    w->kind = WS_MREQ_WRITEBACK;
    w->addr = ev.addr;
    w->size = ws_cache_config_get(s->l2)->line;
    w->sector_mask = ev.dirty_mask;
    w->owner = ev.owner;
    return w;
}

static void add(ws_cpol_stats *t, const ws_cpol_stats *s)
{
    t->l2_insertions += s->l2_insertions;
    t->l2_fill_skipped += s->l2_fill_skipped;
    t->l2_victims[0] += s->l2_victims[0];
    t->l2_victims[1] += s->l2_victims[1];
    t->l2_victims_dropped += s->l2_victims_dropped;
    t->l2_hits_shared += s->l2_hits_shared;
    t->l2_hits_private += s->l2_hits_private;
    t->l2_invalidations += s->l2_invalidations;
    t->l1_victims_sent[0] += s->l1_victims_sent[0];
    t->l1_victims_sent[1] += s->l1_victims_sent[1];
    t->l1_cb_fills += s->l1_cb_fills;
    t->l1_bypassed += s->l1_bypassed;
    t->victim_flits += s->victim_flits;
}

void ws_cpolg_totals(const ws_sm *sms, uint32_t nsms, const ws_memsys *m, ws_cpol_stats *out)
{
    memset(out, 0, sizeof *out);
    for (uint32_t i = 0; i < nsms; i++)
        if (sms[i].cpol) add(out, ws_cpol_stats_get(sms[i].cpol));
    for (uint32_t i = 0; m && m->cpol && i < m->nsubs; i++) add(out, ws_cpol_stats_get(m->cpol[i]));
}

#define SMC(field) (&g->sms[0].cps.field), g->cfg.nsms, sizeof(ws_sm)
#define L2C(field) (&g->mem->cpst[0].field), g->mem->nsubs, sizeof(ws_cpol_stats)

void ws_cpolg_register(ws_gpu *g)
{
    if (!g->mem || !g->mem->cpol || !g->cfg.nsms || !g->sms[0].cpol) return;
    ws_stats *s = g->stats;
    ws_stats_counter(s, "cpol.l2.insertions", "cache policy (l2.inclusion): lines installed in the L2 (memory fills "
                     "kept and L1 victims)", "l2", L2C(l2_insertions));
    ws_stats_counter(s, "cpol.l2.fills_skipped", "cache policy: memory fills the L2 passed to the L1 only", "l2",
                     L2C(l2_fill_skipped));
    ws_stats_counter(s, "cpol.l2.victims_clean", "cache policy: clean L1 victims inserted into the L2", "l2",
                     L2C(l2_victims[0]));
    ws_stats_counter(s, "cpol.l2.victims_dropped", "cache policy: L1 victims the L2 could not take (every way "
                     "of the set waiting for a fill, or refused by the policy)", "l2", L2C(l2_victims_dropped));
    ws_stats_counter(s, "cpol.l2.hits_shared", "cache policy: L2 read hits on a line another core used last",
                     "l2", L2C(l2_hits_shared));
    ws_stats_counter(s, "cpol.l2.hits_private", "cache policy: L2 read hits on a line the same core used last",
                     "l2", L2C(l2_hits_private));
    ws_stats_counter(s, "cpol.l2.invalidations", "cache policy: L2 copies invalidated by a hit (moved to the L1)",
                     "l2", L2C(l2_invalidations));
    ws_stats_counter(s, "cpol.l1.victims_clean", "cache policy: clean L1 victims sent into the L2", "sm",
                     SMC(l1_victims_sent[0]));
    ws_stats_counter(s, "cpol.l1.victims_dirty", "cache policy: dirty L1 victims (sent as the L1's own "
                     "write-backs)", "sm", SMC(l1_victims_sent[1]));
    ws_stats_counter(s, "cpol.l1.cb_fills", "cache policy: L1 fills marked for copy-back (CB)", "sm",
                     SMC(l1_cb_fills));
    ws_stats_counter(s, "cpol.icnt.victim_flits", "cache policy: request-network flits of the L1 victims (the "
                     "rest of icnt.req.flits is demand traffic)", "sm", SMC(victim_flits));
}

void ws_cpolg_print(ws_gpu *g, FILE *f)
{
    if (!g->mem || !g->mem->cpol) return;
    ws_cpol_stats t;
    ws_cpolg_totals(g->sms, g->cfg.nsms, g->mem, &t);
    fprintf(f, "l2.inclusion %s: L2 insertions %" PRIu64 " (victims %" PRIu64 ", %" PRIu64 " dropped), fills skipped %" PRIu64
            ", L2 hits shared %" PRIu64 " private %" PRIu64 ", invalidations %" PRIu64 ", L1 victims sent %" PRIu64
            " clean %" PRIu64 " dirty (%" PRIu64 " flits)\n",
            ws_cpol_name(g->mem->cpol[0]), t.l2_insertions, t.l2_victims[0] + t.l2_victims[1], t.l2_victims_dropped,
            t.l2_fill_skipped,
            t.l2_hits_shared, t.l2_hits_private, t.l2_invalidations, t.l1_victims_sent[0], t.l1_victims_sent[1],
            t.victim_flits);
}

const ws_cpol *ws_gpu_cpol(ws_gpu *g, bool l2, uint32_t index)
{
    if (l2) return g->mem && g->mem->cpol && index < g->mem->nsubs ? g->mem->cpol[index] : NULL;
    return index < g->cfg.nsms ? g->sms[index].cpol : NULL;
}
