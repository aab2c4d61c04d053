/* ws_l1inval.c: when an SM's L1D drops its lines (l1d.invalidate).
 *
 * GPGPU-Sim 4.x (-gpgpu_flush_l1_cache 1) invalidates the L1D of every SM
 * that has no thread left, at the end of each cycle, after that cycle's CTAs
 * were issued.  Lines filled while the SM is idle (a late prefetch) are
 * therefore dropped too, and an SM whose last warp leaves in the cycle a new
 * CTA arrives keeps its lines.  The same effect without work per idle cycle:
 * the cycle the last warp leaves is remembered, and the lines are dropped
 * when the next CTA arrives in a later cycle, or when the launch ends (the
 * SMs are idle then).  With `launch`, every L1D is invalidated at the end of
 * each launch (GPGPU-Sim 3.x's flush at kernel end, without write-backs).
 * Lines with a fill pending stay (an idle SM has none but prefetches'). */
#include "arch/ws_gpu_int.h"
#include "arch/ws_sm.h"

typedef struct inval_ctx { ws_pfeng *e; uint64_t now; } inval_ctx;

/* a prefetched line leaving L1 is an eviction to the prefetch engine */
static void pf_left(void *ctx, const ws_cache_evict *ev)
{
    inval_ctx *x = ctx;
    ws_pfeng_evicted(x->e, ev, x->now);
}

static void invalidate(ws_sm *sm, uint64_t now)
{
    inval_ctx x = { sm->pfe, now };
    bool pf_in_l1 = sm->pfe && !sm->pfe->pfc;
    ws_cache_invalidate_all(sm->l1d, pf_in_l1 ? pf_left : NULL, &x);
    if (sm->l1v) ws_l1v_clear(sm->l1v);      /* (dropped with the L1D's lines) */
    sm->l1d_idle_at = WS_NEVER;
}

void ws_sm_l1d_idle(ws_sm *sm, uint64_t now)
{
    if (sm->l1d && sm->gpu->cfg.l1_inval == WS_L1INV_IDLE)
        sm->l1d_idle_at = now;
}

void ws_sm_l1d_busy(ws_sm *sm, uint64_t now)
{
    if (sm->l1d_idle_at != WS_NEVER && now > sm->l1d_idle_at)
        invalidate(sm, now);
    sm->l1d_idle_at = WS_NEVER;
}

void ws_sm_l1d_launch_end(ws_sm *sm, uint64_t now)
{
    if (!sm->l1d) return;
    uint32_t mode = sm->gpu->cfg.l1_inval;
    if (mode == WS_L1INV_LAUNCH || (mode == WS_L1INV_IDLE && sm->resident == 0))
        invalidate(sm, now);
}
