/* ws_pfeng.c: the prefetch engine of an SM (see ws_pfeng.h): the queue and
 * its filters, issue into the destination cache, fills and evictions handed
 * to the policy, period ticks, outcome counting and attribution. */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu_dbg_int.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_opts.h"
#include "arch/ws_pfeng.h"
#include "arch/ws_sm.h"
#include "util/ws_util.h"

/* ------------------------------------------------------------ attribution */

/* Key of instruction (f, pc): (function slot + 1) << 20 | pc. */
static uint32_t line_key(ws_gpu *g, const ws_ptx_func *f, uint32_t pc)
{
    if (!f) return 0;
    size_t i = 0;
    while (i < g->ntl && g->tl[i].f != f) i++;
    if (i == g->ntl) ws_gpu_line_ctr(g, f, pc);     /* appends the function's counters at i */
    return (uint32_t)((i + 1) << 20) | (pc & 0xfffffu);
}

static ws_line_ctr *key_ctr(ws_gpu *g, uint32_t key)
{
    if (!key) return NULL;
    size_t i = (key >> 20) - 1;
    if (i >= g->ntl) return NULL;
    uint32_t pc = key & 0xfffffu;
    const ws_ptx_func *f = g->tl[i].f;
    return &g->tl[i].c[pc <= f->ninsns ? pc : f->ninsns];
}

static ws_alloc_ctr *owner_ctr(ws_gpu *g, uint32_t owner)
{
    return owner && owner < g->nactr ? &g->actr[owner] : NULL;
}

/* ------------------------------------------------------------ callbacks */

static void period_now(const ws_pfeng *e, ws_pf_period *p)
{
    const ws_pf_counters *c = e->c;
    memset(p, 0, sizeof *p);
    p->generated = c->generated;
    p->issued = c->issued;
    for (int i = 1; i < WS_PF_STATUS_COUNT; i++) p->dropped += c->dropped[i];
    p->throttled = c->dropped[WS_PF_DROP_THROTTLED];
    p->fills = c->fills;
    p->useful = c->useful;
    p->late = c->late;
    p->early = c->early;
    p->useless = c->useless;
    p->merges = c->merges;
    p->requests = c->requests;
    p->demand_misses = c->demand_misses;
}

static void period_diff(ws_pf_period *d, const ws_pf_period *now, const ws_pf_period *base)
{
    d->generated = now->generated - base->generated;
    d->issued = now->issued - base->issued;
    d->dropped = now->dropped - base->dropped;
    d->throttled = now->throttled - base->throttled;
    d->fills = now->fills - base->fills;
    d->useful = now->useful - base->useful;
    d->late = now->late - base->late;
    d->early = now->early - base->early;
    d->useless = now->useless - base->useless;
    d->merges = now->merges - base->merges;
    d->requests = now->requests - base->requests;
    d->demand_misses = now->demand_misses - base->demand_misses;
}

static ws_cache *dest(const ws_pfeng *e)
{
    return e->pfc ? e->pfc : e->sm->l1d;
}

static bool queued(const ws_pfeng *e, uint64_t line, uint32_t wid, uint32_t tag, bool exact)
{
    for (uint32_t i = 0; i < e->qn; i++) {
        const ws_pfq_ent *q = &e->q[(e->qhead + i) % e->qcap];
        if (q->line == line && (!exact || (q->wid == wid && q->tag == tag))) return true;
    }
    return false;
}

static ws_pf_status issue_cb(ws_pf_ctx *x, uint64_t addr, uint32_t wid, uint32_t tag, uint32_t flags)
{
    ws_pfeng *e = x->owner;
    ws_gpu *g = e->g;
    ws_pf_counters *c = e->c;
    ws_cache *d = dest(e);
    c->generated++;
    if (flags & WS_PF_F_SW) c->sw++;
    uint64_t line = addr / x->line * x->line;
    uint32_t owner = 0;
    ws_alloc_ctr *ac = ws_gpu_alloc_ctr(g, addr, &owner);
    ws_pf_status st = WS_PF_QUEUED;
    if (!ac || !d)
        st = WS_PF_DROP_RANGE;
    else if (queued(e, line, wid, tag, (flags & WS_PF_F_NEED_DATA) != 0))
        st = WS_PF_DROP_DUP;
    else if (e->filter && !(flags & WS_PF_F_NEED_DATA)) {
        ws_cache_status cs = ws_cache_probe(d, line);
        if (cs == WS_CACHE_HIT) st = WS_PF_DROP_CACHED;
        else if (cs == WS_CACHE_HIT_RESERVED || ws_ldst_mrq_covers(e->sm, line, x->line))
            st = WS_PF_DROP_PENDING;    /* a prefetch or a demand (MRQ, no L1) is fetching it */
    }
    if (st == WS_PF_QUEUED && e->pt && e->pt->ops->drop(e->pt, line, flags))
        st = WS_PF_DROP_THROTTLED;
    if (st == WS_PF_QUEUED && e->qn >= e->qcap)
        st = WS_PF_DROP_FULL;
    if (st != WS_PF_QUEUED) {
        c->dropped[st]++;
        return st;
    }
    ws_pfq_ent *q = &e->q[(e->qhead + e->qn) % e->qcap];
    *q = (ws_pfq_ent){ line, wid, tag, flags, e->cur_key, owner };
    e->qn++;
    c->queued++;
    return st;
}

static void trans_cb(ws_pf_ctx *x, const ws_pf_trans *t)
{
    ws_pfeng *e = x->owner;
    ws_gpu *g = e->g;
    if (!g->tlog) g->tlog = ws_xcalloc(WS_TLOG_CAP, sizeof *g->tlog);
    ws_pf_tlog *l = &g->tlog[g->ntlog % WS_TLOG_CAP];
    l->cycle = x->now;
    l->sm = x->sm;
    l->throttle = e->in_throttle;
    l->t = *t;
    g->ntlog++;
    e->c->transitions++;
}

/* ------------------------------------------------------------ life */

int ws_pfeng_create(ws_sm *sm, ws_error *err)
{
    ws_gpu *g = sm->gpu;
    const ws_opts *o = g->opts;
    const char *pol = ws_opts_str(o, "pf.policy");
    bool sw = ws_opts_bool(o, "pf.sw");
    const ws_pf_ops *ops = g->pf_host;
    if (!ops && strcmp(pol, "none") != 0) {
        if (!strcmp(pol, "lua"))
            return ws_error_set(err, WS_E_RANGE,
                                "pf.policy=lua needs a prefetcher table from the scenario (gpu{prefetcher = {...}})");
        ops = ws_pf_find(pol);
        if (!ops)
            return ws_error_set(err, WS_E_RANGE, "pf.policy=%s: this build has no such policy (known: %s)", pol,
                                ws_pf_names());
    }
    if (!ops && !sw) return 0;
    ws_pfeng *e = ws_xcalloc(1, sizeof *e);
    e->sm = sm;
    e->g = g;
    e->c = &sm->pf;
    e->filter = ws_opts_bool(o, "pf.filter");
    e->sw = sw;
    e->qcap = (uint32_t)ws_opts_uint(o, "pf.queue");
    e->q = ws_xcalloc(e->qcap, sizeof *e->q);
    if (ws_opts_enum(o, "pf.dest") == 1) {
        ws_cache_config cc;
        if (ws_cache_config_from_opts(&cc, o, "pfc", g->seed + 1000 + sm->id, err) < 0) goto fail;
        cc.wpol = WS_WP_WRITE_EVICT;    /* stores invalidate a prefetched line */
        cc.walloc = WS_WA_NONE;
        if (!(e->pfc = ws_cache_create(&cc, err)))      /* (its messages name it: pfc) */
            goto fail;
        e->pfc_latency = (uint32_t)ws_opts_uint(o, "pfc.latency");
    }
    ws_cache *d = dest(e);
    ws_pf_ctx *x = &e->x;
    x->sm = sm->id;
    x->nwarps = sm->nslots;
    x->line = d ? ws_cache_config_get(d)->line : g->cfg.l1_line;
    x->seed = g->seed + sm->id;
    x->degree = (uint32_t)ws_opts_uint(o, "pf.degree");
    x->distance = (uint32_t)ws_opts_uint(o, "pf.distance");
    x->issue = issue_cb;
    x->transition = trans_cb;
    x->owner = e;
    x->user = g->pf_host_ud;
    memcpy(x->ranges, g->pf_ranges, sizeof x->ranges);
    e->buf = ws_xmalloc(x->line);
    if (ops) {
        e->pf = ops->create(x, o, err);
        if (!e->pf) {
            ws_error_prefix(err, "pf.policy=%s: ", ops->name);
            goto fail;
        }
        e->pf->ops = ops;
        e->pf->x = x;
        if (e->pf->period) e->pf_tick = e->pf->period;
    }
    /* The throttle also governs PTX prefetches when there is no policy
     * (MTP Sec. V: MT-SWP+T throttles software prefetches). */
    const char *tp = ws_opts_str(o, "throttle.policy");
    if (g->pt_host || strcmp(tp, "none") != 0) {
        const ws_pt_ops *tops = g->pt_host ? g->pt_host : ws_pt_find(tp);
        if (!tops) {
            ws_error_set(err, WS_E_RANGE, "throttle.policy=%s: %s", tp,
                         !strcmp(tp, "lua") ? "needs a throttle table from the scenario (gpu{throttle = {...}})"
                                            : "this build has no such throttle");
            goto fail;
        }
        e->pt = tops->create(x, o, err);
        if (!e->pt) {
            ws_error_prefix(err, "throttle.policy=%s: ", tp);
            goto fail;
        }
        e->pt->ops = tops;
        e->pt->x = x;
        if (e->pt->period) e->pt_tick = e->pt->period;
    }
    sm->pfe = e;
    return 0;
fail:
    ws_pfeng_free(e);
    return -1;
}

void ws_pfeng_free(ws_pfeng *e)
{
    if (!e) return;
    if (e->pt) e->pt->ops->destroy(e->pt);
    if (e->pf) e->pf->ops->destroy(e->pf);
    ws_cache_free(e->pfc);
    free(e->q);
    free(e->buf);
    free(e);
}

void ws_pfeng_launch(ws_pfeng *e, const uint32_t grid[3], const uint32_t block[3])
{
    memcpy(e->x.ranges, e->g->pf_ranges, sizeof e->x.ranges);
    e->gx = grid[0] ? grid[0] : 1;
    e->gy = grid[1] ? grid[1] : 1;
    uint64_t threads = (uint64_t)(block[0] ? block[0] : 1) * (block[1] ? block[1] : 1) * (block[2] ? block[2] : 1);
    e->wpc = (uint32_t)((threads + 31) / 32);
    e->x.now = e->g->now;
    if (e->pf && e->pf->ops->launch) e->pf->ops->launch(e->pf);
}

void ws_pfeng_end(ws_pfeng *e)
{
    e->c->flushed += e->qn;
    e->qn = 0;
    e->qhead = 0;
}

bool ws_pfeng_idle(const ws_pfeng *e)
{
    return !e->pfc || ws_cache_idle(e->pfc);
}

/* ------------------------------------------------------------ per cycle */

/* Whether a period of `period` cycles ending at *next is due at now; if so
 * *d gets its counts, and *base and *next move on. */
static bool period_due(const ws_pfeng *e, uint64_t now, uint64_t period, uint64_t *next, ws_pf_period *base,
                       ws_pf_period *d)
{
    if (!period || now < *next) return false;
    ws_pf_period cur;
    period_now(e, &cur);
    period_diff(d, &cur, base);
    d->cycle = now;
    d->cycles = now - (*next - period);
    *base = cur;
    *next = (now / period + 1) * period;
    return true;
}

static void ticks(ws_pfeng *e, uint64_t now)
{
    ws_pf_period d;
    if (e->pf && period_due(e, now, e->pf->period, &e->pf_tick, &e->pf_base, &d) && e->pf->ops->tick)
        e->pf->ops->tick(e->pf, &d);
    if (e->pt && period_due(e, now, e->pt->period, &e->pt_tick, &e->pt_base, &d)) {
        e->in_throttle = 1;
        e->pt->ops->tick(e->pt, &d);
        e->in_throttle = 0;
    }
}

/* Hand prefetch r's line to the policy (data as memory holds it now). */
static void deliver(ws_pfeng *e, const ws_mreq *r, bool present, uint64_t now)
{
    if (!e->pf || !e->pf->ops->fill) return;
    ws_gpu *g = e->g;
    uint32_t size = e->x.line;
    const uint8_t *data = NULL;
    const ws_alloc *a = ws_devmem_find(g->dev, r->addr);
    if (!a) a = ws_devmem_find(g->dev, r->addr + size - 1);
    if (a) {
        uint64_t lo = r->addr > a->addr ? r->addr : a->addr;
        uint64_t hi = r->addr + size < a->addr + a->size ? r->addr + size : a->addr + a->size;
        memset(e->buf, 0, size);
        ws_error err;
        if (hi > lo && ws_devmem_read(g->dev, lo, e->buf + (lo - r->addr), hi - lo, &err) == 0) data = e->buf;
    }
    ws_pf_fill f = { now, r->addr, size, data, r->pf_wid, r->pf_tag, present };
    e->x.now = now;
    e->cur_key = r->pf_key;
    e->pf->ops->fill(e->pf, &f);
}

void ws_pfeng_cycle_work(ws_pfeng *e, uint64_t now, bool port_free)
{
    e->x.now = now;
    ticks(e, now);
    if (!port_free || !e->qn) return;
    ws_gpu *g = e->g;
    ws_sm *sm = e->sm;
    ws_cache *d = dest(e);
    ws_pfq_ent *q = &e->q[e->qhead];
    ws_mreq *r = ws_mreq_alloc(&g->pool);
    r->addr = q->line;
    r->size = e->x.line;
    r->sector_mask = ws_mreq_line_sectors(e->x.line);
    r->kind = WS_MREQ_PREFETCH;
    r->space = WS_SP_GLOBAL;
    r->flags = e->pfc ? WS_MREQ_F_PFC : WS_MREQ_F_L1_MISS;
    r->sm = (uint16_t)sm->id;
    r->slot = 0xffff;
    r->load = UINT32_MAX;
    r->owner = q->owner;
    r->pf_wid = (uint16_t)q->wid;
    r->pf_tag = q->tag;
    r->pf_key = q->key;
    r->t_issue = now;
    r->t_l1 = now;
    ws_cache_result res = ws_cache_access(d, r, now, &g->pool);
    if (res.status == WS_CACHE_RESFAIL) {
        e->c->resfail++;
        ws_mreq_free(&g->pool, r);
        return;
    }
    e->qhead = (e->qhead + 1) % e->qcap;
    e->qn--;
    e->c->issued++;
    if (g->dbg_on) ws_gpu_dbg_prefetch(g, sm->id, r->addr, r->size);
    ws_alloc_ctr *ac = owner_ctr(g, q->owner);
    ws_line_ctr *lc = key_ctr(g, q->key);
    if (ac) ac->pf_issued++;
    if (lc) lc->pf_issued++;
    ws_pfeng_lookup(e, false, res.status == WS_CACHE_HIT_RESERVED);
    if (res.evicted.valid) ws_pfeng_evicted(e, &res.evicted, now);
    if (res.status != WS_CACHE_MISS) {
        e->c->useless++;
        if (ac) ac->pf_useless++;
        if (lc) lc->pf_useless++;
    }
    if (res.status == WS_CACHE_HIT) {
        deliver(e, r, true, now);
        ws_mreq_free(&g->pool, r);
    }
    /* MISS: in the miss queue; HIT_RESERVED: waits in the MSHR entry */
    g->last_progress = now;
}

void ws_pfeng_fill(ws_pfeng *e, ws_mreq *r, bool went_down, uint64_t now)
{
    ws_gpu *g = e->g;
    if (went_down) e->c->fills++;
    deliver(e, r, false, now);
    ws_mreq_free(&g->pool, r);
}

void ws_pfeng_evicted(ws_pfeng *e, const ws_cache_evict *ev, uint64_t now)
{
    if (!ev->valid) return;
    if (ev->prefetched && !ev->used) {
        e->c->early++;
        ws_alloc_ctr *ac = owner_ctr(e->g, ev->owner);
        ws_line_ctr *lc = key_ctr(e->g, ev->aux);
        if (ac) ac->pf_early++;
        if (lc) lc->pf_early++;
    }
    if (e->pf && e->pf->ops->evict) {
        ws_pf_evict x = { now, ev->addr, ev->prefetched, ev->used };
        e->x.now = now;
        e->pf->ops->evict(e->pf, &x);
    }
}

void ws_pfeng_used(ws_pfeng *e, uint32_t key, uint32_t owner, bool late)
{
    ws_alloc_ctr *ac = owner_ctr(e->g, owner);
    ws_line_ctr *lc = key_ctr(e->g, key);
    if (late) {
        e->c->late++;
        if (ac) ac->pf_late++;
        if (lc) lc->pf_late++;
    } else {
        e->c->useful++;
        if (ac) ac->pf_useful++;
        if (lc) lc->pf_useful++;
    }
}

void ws_pfeng_observe_work(ws_pfeng *e, const ws_mreq *r, int outcome, bool hit_pf, uint64_t now)
{
    ws_sm *sm = e->sm;
    if (r->slot >= sm->nslots) return;
    const ws_slot *s = &sm->slots[r->slot];
    ws_pf_access a;
    memset(&a, 0, sizeof a);
    a.cycle = now;
    a.addr = r->addr;
    a.line = r->addr / e->x.line * e->x.line;
    a.insn_addr = sm->lfirst;
    a.pc = r->pc;
    a.wid = r->slot;
    if (s->w && s->cta) {
        uint32_t idx[3];
        ws_cta_index(s->cta, idx);
        uint64_t lin = idx[0] + (uint64_t)idx[1] * e->gx + (uint64_t)idx[2] * e->gx * e->gy;
        a.gwid = (uint32_t)(lin * e->wpc + ws_warp_index(s->w));
    }
    a.req = (uint16_t)(sm->ilreq < sm->nlreq ? sm->ilreq : 0);
    a.nreq = (uint16_t)(sm->nlreq ? sm->nlreq : 1);
    a.kind = r->kind == WS_MREQ_WRITE ? WS_PF_STORE : r->kind == WS_MREQ_ATOMIC ? WS_PF_ATOMIC : WS_PF_LOAD;
    a.outcome = (uint8_t)outcome;
    a.hit_pf = hit_pf;
    e->x.now = now;
    e->cur_key = s->tf ? line_key(e->g, s->tf->f, r->pc) : 0;
    e->pf->ops->observe(e->pf, &a);
}

void ws_pfeng_sw(ws_pfeng *e, uint64_t addr, uint32_t wid, const void *f, uint32_t pc, uint64_t now)
{
    e->x.now = now;
    e->cur_key = line_key(e->g, (const ws_ptx_func *)f, pc);
    issue_cb(&e->x, addr, wid, 0, WS_PF_F_SW);
}

void ws_pfeng_inspect(const ws_pfeng *e, ws_pf_insp *policy, ws_pf_insp *throttle)
{
    if (policy) {
        ws_pf_insp_text(policy, "policy", e->pf ? e->pf->ops->name : "none");
        ws_pf_insp_int(policy, "degree", e->x.degree);
        ws_pf_insp_int(policy, "distance", e->x.distance);
        ws_pf_insp_int(policy, "queue", e->qn);
        ws_pf_insp_int(policy, "queue_cap", e->qcap);
        if (e->pf) e->pf->ops->inspect(e->pf, policy);
    }
    if (throttle) {
        ws_pf_insp_text(throttle, "throttle", e->pt ? e->pt->ops->name : "none");
        if (e->pt) e->pt->ops->inspect(e->pt, throttle);
    }
}

void ws_pfeng_table_geometry(const ws_pfeng *e, uint64_t *bytes, uint32_t *entry_bits)
{
    *bytes = 0;
    *entry_bits = 0;
    if (e && e->pf) {
        *bytes = e->pf->tab_bytes;
        *entry_bits = e->pf->tab_entry_bits;
    }
}
