/* ws_ifetch.c: instruction fetch through the SM's L1 instruction cache.
 *
 * GPGPU-Sim's fetch stage (shader_core_ctx::fetch) looks every fetch up in a
 * small read-only L1I (GTX480: 4 sets x 4 ways x 128 B, allocate on fill,
 * 2 MSHR entries merging up to 32 fetches, a 4-entry miss queue); a miss
 * goes through the interconnect to the L2 like a data read and the warp
 * fetches nothing until the line is back.  The contents stay across
 * launches (nothing invalidates an L1I), so a kernel pays its misses on each
 * SM once, and again only after its lines were evicted.
 *
 * Here the SM's fetch port and decode timing stay as in ws_sm.c; this file
 * adds the lookup at the cycle the fetch port serves the warp:
 *   - hit: the caller goes on as with ideal fetch (l1i.enable=false);
 *   - miss, or a hit on a line being filled: the fetch waits in the L1I's
 *     MSHR entry, the warp in no_instruction (counted apart as
 *     stall.no_instruction.icache) until the fill releases it; then it
 *     takes the fetch port and decodes as after a hit;
 *   - refused (no MSHR entry, the entry's merge limit, the miss queue
 *     full): the warp waits for the next fill of this L1I and fetches
 *     again then (GPGPU-Sim retries each cycle; only a fill can change the
 *     answer, and the refusals of the cycles in between are not counted).
 * A miss is one request for the whole line (an unsectored cache fetches
 * whole lines); it enters the request network after the cycle's fetches
 * (ws_sm_cycle), the L1D's request of the same cycle first. */
#include "arch/ws_cache_int.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_sm.h"

/* A fetch of slot s at cycle t: hit, or wait (s->ifetch set). */
static bool lookup(ws_sm *sm, ws_slot *s, uint32_t slotno, uint64_t t)
{
    ws_gpu *g = sm->gpu;
    uint32_t line = ws_cache_config_get(sm->l1i)->line;
    uint32_t pc = ws_warp_pc(s->w);
    uint64_t a = s->tf->ibase + (uint64_t)pc * WS_INST_BYTES;
    ws_mreq *r = ws_mreq_alloc(&g->pool);
    r->addr = a & ~(uint64_t)(line - 1);
    r->size = line;
    r->sector_mask = ws_mreq_line_sectors(line);
    r->kind = WS_MREQ_READ;
    r->flags = WS_MREQ_F_INST | WS_MREQ_F_BYPASS_L1;
    r->sm = (uint16_t)sm->id;
    r->slot = (uint16_t)slotno;
    r->load = UINT32_MAX;
    r->pc = pc;
    r->t_issue = r->t_l1 = t;
    ws_cache_result res = ws_cache_access(sm->l1i, r, t, &g->pool);
    if (res.status == WS_CACHE_HIT) {
        ws_mreq_free(&g->pool, r);
        return true;
    }
    if (res.status == WS_CACHE_RESFAIL) {
        ws_mreq_free(&g->pool, r);
        s->ifetch = 2;
        sm->ifetch_retry[slotno >> 6] |= 1ull << (slotno & 63);
    } else {
        s->ifetch = 1;
        /* the miss goes out from cycle t on (ws_sm_cycle pushes it) */
        if (res.forwarded && *sm->wake > t) *sm->wake = t;
    }
    return false;
}

bool ws_ifetch_lookup(ws_sm *sm, uint32_t slotno, uint64_t now, uint64_t t)
{
    ws_slot *s = &sm->slots[slotno];
    /* (the reason is set first: the cycles before `now` are not the L1I's) */
    ws_slot_state(s, &sm->c, WS_STALL_NO_INSTRUCTION, now, 0);
    if (lookup(sm, s, slotno, t)) {
        s->ifetch = 0;
        return true;
    }
    s->elig = WS_NEVER;
    return false;
}

/* The instructions of slot `slotno` are in the L1I at `now`: it takes the
 * fetch port and decodes, as after a hit. */
static void fetched(ws_sm *sm, uint32_t slotno, uint64_t now)
{
    ws_slot *s = &sm->slots[slotno];
    uint64_t t = now > sm->fetch_free ? now : sm->fetch_free;
    sm->fetch_free = t + 1;
    uint64_t ready = t + sm->gpu->cfg.decode;
    ws_slot_state(s, &sm->c, WS_STALL_NO_INSTRUCTION, now, ready);   /* (counts the wait as the L1I's) */
    s->ifetch = 0;
    ws_slot_elig(sm, s, ready);
}

void ws_ifetch_reply(ws_sm *sm, ws_mreq *r, uint64_t now)
{
    ws_gpu *g = sm->gpu;
    ws_mreq *q = ws_cache_fill(sm->l1i, r, now, NULL);
    while (q) {
        ws_mreq *nx = q->next;
        uint32_t slotno = q->slot;
        ws_mreq_free(&g->pool, q);
        /* (a slot emptied by an unclean launch end has no warp) */
        if (slotno < sm->nslots && sm->slots[slotno].w && sm->slots[slotno].ifetch == 1)
            fetched(sm, slotno, now);
        q = nx;
    }
    /* the fetches refused earlier try again, in slot order */
    for (uint32_t k = 0; k < 2; k++) {
        uint64_t m = sm->ifetch_retry[k];
        sm->ifetch_retry[k] = 0;
        for (; m; m &= m - 1) {
            uint32_t slotno = (uint32_t)__builtin_ctzll(m) + 64u * k;
            ws_slot *s = &sm->slots[slotno];
            if (slotno >= sm->nslots || !s->w || s->ifetch != 2) continue;
            if (lookup(sm, s, slotno, now))   /* (a hit leaves ifetch 2: the wait was the L1I's) */
                fetched(sm, slotno, now);
        }
    }
    if (ws_cache_missq_n(sm->l1i) && *sm->wake > now)
        *sm->wake = now;
}

void ws_ifetch_push(ws_sm *sm, uint64_t now)
{
    ws_gpu *g = sm->gpu;
    ws_mreq *r = ws_cache_missq_first(sm->l1i);
    if (!r || r->t_issue > now) return;
    if (ws_memsys_push(g->mem, sm->id, r, now)) {
        ws_cache_missq_pop(sm->l1i);
        g->last_progress = now;
    }
}

void ws_ifetch_reset(ws_sm *sm)
{
    sm->ifetch_retry[0] = sm->ifetch_retry[1] = 0;
}
