/* ws_l1victim_sm.c: the LD/ST unit's side of the L1D victim cache
 * (ws_l1victim.h): creation, the lookup before an L1D access, the L1D's
 * evictions, counters and the summary line. */
#include <inttypes.h>
#include <stdio.h>
#include "arch/ws_gpu_int.h"
#include "arch/ws_l1victim.h"
#include "arch/ws_opts.h"
#include "arch/ws_sm.h"

int ws_l1v_sm_create(ws_sm *sm, const ws_opts *o, ws_error *err)
{
    uint64_t bytes = ws_opts_uint(o, "l1d.victim");
    if (!bytes || !sm->l1d) return 0;
    sm->l1v = ws_l1v_create((uint32_t)bytes, ws_cache_config_get(sm->l1d)->line, &sm->l1vs, err);
    if (!sm->l1v) return -1;
    sm->l1v_latency = (uint32_t)ws_opts_uint(o, "l1d.victim_latency");
    return 0;
}

uint32_t ws_l1v_lookup(ws_sm *sm, const ws_mreq *r, uint64_t now)
{
    ws_l1v *v = sm->l1v;
    if (r->kind != WS_MREQ_READ) {
        ws_l1v_remove(v, r->addr);      /* a write or atomic: the copy here would be stale */
        return 0;
    }
    if (ws_cache_probe(sm->l1d, r->addr) != WS_CACHE_MISS) return 0;
    if (!ws_l1v_has(v, r->addr)) {
        sm->l1v_missed = true;          /* counted when the L1D takes the access (ws_l1v_accessed) */
        return 0;
    }
    ws_cache_evict ev;
    ev.valid = false;
    /* every way of the set waiting for a fill: the line stays here, the
     * access fails or misses as without the victim cache */
    if (!ws_cache_insert(sm->l1d, r->addr, r->owner, now, &ev)) return 0;
    ws_l1v_remove(v, r->addr);
    sm->l1vs.hits++;
    if (ev.valid) ws_l1v_put(v, ev.addr);
    return sm->l1v_latency;
}

void ws_l1v_accessed(ws_sm *sm, const ws_cache_result *res)
{
    /* a refused access is tried again later: its probe counts then */
    if (sm->l1v_missed && res->status != WS_CACHE_RESFAIL) sm->l1vs.misses++;
    sm->l1v_missed = false;
    ws_l1v_evicted(sm, &res->evicted);
}

void ws_l1v_evicted(ws_sm *sm, const ws_cache_evict *ev)
{
    if (sm->l1v && ev->valid) ws_l1v_put(sm->l1v, ev->addr);
}

#define SMC(field) (&g->sms[0].l1vs.field), g->cfg.nsms, sizeof(ws_sm)

void ws_l1v_register(ws_gpu *g)
{
    if (!g->cfg.nsms || !g->sms[0].l1v) return;
    ws_stats *s = g->stats;
    ws_stats_counter(s, "l1d.victim.hits", "L1D victim cache (l1d.victim): L1D read misses found there and "
                     "swapped back (nothing sent to the L2)", "sm", SMC(hits));
    ws_stats_counter(s, "l1d.victim.misses", "L1D victim cache: L1D read misses not found there", "sm",
                     SMC(misses));
    ws_stats_counter(s, "l1d.victim.inserts", "L1D victim cache: lines the L1D evicted put there", "sm",
                     SMC(inserts));
}

void ws_l1v_print(ws_gpu *g, FILE *file)
{
    if (!g->cfg.nsms || !g->sms[0].l1v) return;
    ws_l1v_stats t = { 0, 0, 0 };
    for (uint32_t i = 0; i < g->cfg.nsms; i++) {
        t.hits += g->sms[i].l1vs.hits;
        t.misses += g->sms[i].l1vs.misses;
        t.inserts += g->sms[i].l1vs.inserts;
    }
    fprintf(file, "l1d.victim %u lines: hits %" PRIu64 ", misses %" PRIu64 ", inserts %" PRIu64 "\n",
            ws_l1v_entries(g->sms[0].l1v), t.hits, t.misses, t.inserts);
}
