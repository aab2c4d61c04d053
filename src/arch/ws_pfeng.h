/* ws_pfeng.h: the prefetch engine of one SM: the policy and throttle
 * instances (src/pf/), the prefetch request queue with its duplicate
 * filters, the destination (L1 or a dedicated prefetch cache), the period
 * ticks, and every prefetch outcome counter (also per allocation and per
 * triggering PTX line).  The LD/ST unit (ws_ldst.c) calls it; policies see
 * it only through ws_pf_ctx.
 *
 * Outcomes, exactly:
 * - generated: every ws_pf_issue call (hardware policy or PTX prefetch);
 *   dropped[status]: the ones that did not enter the queue, by reason;
 *   queued = generated - dropped.
 * - issued: queued prefetches looked up in the destination cache (one per
 *   cycle when no demand request uses the port); a lookup that fails for lack
 *   of resources is retried (resfail) and counted once when it succeeds.
 * - useless: issued prefetches whose line was present or already being
 *   fetched (they bring nothing).  The others are misses that fill a line:
 *   fills counts them when the data arrives.
 * - useful: a demand hit on a prefetched line not used before; late: the
 *   first demand joining the MSHR entry of a prefetch still in flight;
 *   early: a prefetched line evicted (or invalidated) before any demand use.
 *   So useful + late + early + useless <= issued, the rest being lines still
 *   resident unused or in flight.
 * - flushed: queued prefetches discarded when a launch ends.
 * Accuracy = (useful + late) / issued, coverage = (useful + late) /
 * (useful + late + demand misses), lateness = late / (useful + late). */
#ifndef WS_PFENG_H
#define WS_PFENG_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_cache.h"
#include "arch/ws_mreq.h"
#include "pf/ws_pf.h"
#include "util/ws_error.h"

struct ws_sm;
struct ws_gpu;

typedef struct ws_pf_counters {
    uint64_t generated, queued, issued, sw, sw_l2;
    uint64_t dropped[WS_PF_STATUS_COUNT];
    uint64_t fills, useful, late, early, useless;
    uint64_t resfail, flushed;
    uint64_t pfc_hits;          /* demand hits in the prefetch cache */
    uint64_t merges, requests, demand_misses;  /* for the throttles' metrics */
    uint64_t transitions;
} ws_pf_counters;

typedef struct ws_pfq_ent {
    uint64_t line;
    uint32_t wid, tag, flags, key, owner;
} ws_pfq_ent;

typedef struct ws_pfeng {
    /* first: what the SM's cycle asks of the engine (one cache line) */
    ws_pf *pf;                  /* NULL: no hardware policy (PTX prefetches only) */
    ws_pt *pt;                  /* NULL: no throttle */
    ws_cache *pfc;              /* destination prefetch cache, NULL: L1 */
    uint32_t qcap, qhead, qn;
    uint32_t pfc_latency;
    bool filter, sw;
    ws_pf_counters *c;          /* the SM's (sm->pf, registered as pf.*): counted at every L1 lookup */
    struct ws_sm *sm;
    struct ws_gpu *g;
    ws_pfq_ent *q;
    ws_pf_ctx x;
    uint64_t pf_tick, pt_tick;  /* next period ends */
    ws_pf_period pf_base, pt_base;  /* cumulative counts at the last tick */
    uint32_t cur_key;           /* trigger of the prefetches being generated */
    uint8_t in_throttle;        /* transitions now come from the throttle */
    uint8_t *buf;               /* one line of data for fills */
    uint32_t gx, gy, wpc;       /* launch: grid x/y, warps per CTA (grid warp numbers) */
} ws_pfeng;

/* Creates sm->pfe (left NULL when pf.policy is none and pf.sw is off). */
int ws_pfeng_create(struct ws_sm *sm, ws_error *err);
void ws_pfeng_free(ws_pfeng *e);
/* The storage of the SM's prefetcher tables and the width of an entry (0, 0
 * without a hardware policy), for the energy model. */
void ws_pfeng_table_geometry(const ws_pfeng *e, uint64_t *bytes, uint32_t *entry_bits);
/* A launch begins: ranges from the GPU's marks, grid shape, policy hook. */
void ws_pfeng_launch(ws_pfeng *e, const uint32_t grid[3], const uint32_t block[3]);
/* A launch ended: queued prefetches are discarded (flushed). */
void ws_pfeng_end(ws_pfeng *e);
/* Queue not empty, or the prefetch cache has work. */
static inline bool ws_pfeng_busy(const ws_pfeng *e)
{
    return e->qn > 0 || (e->pfc && ws_cache_missq_len(e->pfc) > 0);
}
/* The prefetch cache has nothing outstanding. */
bool ws_pfeng_idle(const ws_pfeng *e);
/* Earliest period end (a tick) after now. */
static inline uint64_t ws_pfeng_next(const ws_pfeng *e)
{
    uint64_t t = UINT64_MAX;
    if (e->pf && e->pf->period && e->pf_tick < t) t = e->pf_tick;
    if (e->pt && e->pt->period && e->pt_tick < t) t = e->pt_tick;
    return t;
}
/* Period ticks due at `now`, then one prefetch into the destination cache
 * when `port_free` (the work itself out of line: most cycles of an engine
 * without a policy, a throttle or queued prefetches have none). */
void ws_pfeng_cycle_work(ws_pfeng *e, uint64_t now, bool port_free);
static inline void ws_pfeng_cycle(ws_pfeng *e, uint64_t now, bool port_free)
{
    /* (every entry point that lets a policy, a throttle or the queue read
     * the engine's time sets it first) */
    if (e->pf || e->pt || (port_free && e->qn)) ws_pfeng_cycle_work(e, now, port_free);
}
/* The LD/ST unit looked demand request r up (outcome WS_PF_*): for the
 * policy (none: nothing to do). */
void ws_pfeng_observe_work(ws_pfeng *e, const ws_mreq *r, int outcome, bool hit_pf, uint64_t now);
static inline void ws_pfeng_observe(ws_pfeng *e, const ws_mreq *r, int outcome, bool hit_pf, uint64_t now)
{
    if (e->pf) ws_pfeng_observe_work(e, r, outcome, hit_pf, now);
}
/* PTX prefetch of the line holding addr by the instruction (f, pc) of warp slot wid. */
void ws_pfeng_sw(ws_pfeng *e, uint64_t addr, uint32_t wid, const void *f, uint32_t pc, uint64_t now);
/* A prefetch request came back: its data arrived (went_down), or it had
 * merged into another request's MSHR entry and is released; frees r. */
void ws_pfeng_fill(ws_pfeng *e, ws_mreq *r, bool went_down, uint64_t now);
/* A line left the destination cache. */
void ws_pfeng_evicted(ws_pfeng *e, const ws_cache_evict *ev, uint64_t now);
/* A demand used a prefetched line (late: it joined the prefetch in flight). */
void ws_pfeng_used(ws_pfeng *e, uint32_t key, uint32_t owner, bool late);
/* Count a lookup for the throttle metrics. */
static inline void ws_pfeng_lookup(ws_pfeng *e, bool demand_miss, bool merged)
{
    e->c->requests++;
    if (demand_miss) e->c->demand_misses++;
    if (merged) e->c->merges++;
}
/* The policy's / throttle's state and the queue, for Lua and the TUI. */
void ws_pfeng_inspect(const ws_pfeng *e, ws_pf_insp *policy, ws_pf_insp *throttle);

#endif
