/* ws_sm.c: one SM's pipeline: warp slots, instruction buffers, scoreboard,
 * warp schedulers (GTO, LRR, two-level), execution units, barriers, CTA
 * retirement, and per-warp stall accounting.
 *
 * Work is proportional to activity: a warp slot records the earliest cycle
 * it is worth examining (`elig`), an SM records the earliest cycle any of
 * its parts has work (`wake`), and cycles in between are not simulated for
 * it.  Stall reasons are accounted lazily: a slot holds its reason and the
 * cycle it entered it, and the interval is added when the reason changes.
 * A reason with a known end (`until`: a fixed-latency result, a busy unit,
 * an instruction being fetched) turns into not_selected after that cycle,
 * until the scheduler next looks at the warp. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu_dbg_int.h"
#include "arch/ws_cache_int.h"
#include "arch/ws_gpu_int.h"
#include "arch/ws_sm.h"
#include "util/ws_util.h"

#define WS_SHORT (1ull << 62)        /* reg_ready flag: short_scoreboard wait */

/* Set bits (without a libgcc call when the target lacks popcnt). */
static inline uint32_t popc32(uint32_t x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

static inline void account(ws_sm_counters *c, const ws_slot *s, uint8_t reason, uint64_t len)
{
    c->stall[reason] += len;
    if (reason == WS_STALL_LONG_SCOREBOARD)
        c->lsb[s->sub < WS_LSB_COUNT ? s->sub : 0] += len;
    else if (reason == WS_STALL_LG_THROTTLE && s->sub < WS_LG_COUNT)
        c->lg[s->sub] += len;
    else if (reason == WS_STALL_NO_INSTRUCTION && s->ifetch)
        c->ni_icache += len;
}

/* Add the slot's cycles since..now (since < now) to c. */
static inline void account_span(const ws_slot *s, ws_sm_counters *c, uint64_t now)
{
    if (s->until && s->until < now) {
        if (s->until > s->since)
            account(c, s, s->reason, s->until - s->since);
        c->stall[WS_STALL_NOT_SELECTED] += now - (s->until > s->since ? s->until : s->since);
    } else {
        account(c, s, s->reason, now - s->since);
    }
}

static void flush(ws_slot *s, ws_sm_counters *c, uint64_t now)
{
    if (now <= s->since)
        return;
    if (s->tf && s->tf->stalls && s->w) {      /* recording: cycles waited at this pc */
        uint32_t pc = ws_warp_pc(s->w);
        if (pc <= s->tf->f->ninsns) s->tf->stalls[pc] += now - s->since;
    }
    account_span(s, c, now);
    s->since = now;
}

void ws_slot_state(ws_slot *s, ws_sm_counters *c, uint8_t reason, uint64_t now, uint64_t until)
{
    flush(s, c, now);
    s->reason = reason;
    s->until = until;
    if (s->since < now)
        s->since = now;
}

/* Make the slot examinable from `now` (an event released it). */
static void sched_note(ws_sm *sm, const ws_slot *s);
static inline void sent_sync(ws_sm *sm, const ws_slot *s);

void ws_slot_wake(ws_sm *sm, ws_slot *s, uint64_t now)
{
    if (s->w && !s->exited && !s->ok) {
        /* its examination follows soon: the scoreboard entries it reads
         * (none when its instruction has passed them) */
        const ws_tinsn *ti = s->nti;
        const uint32_t *r = &s->tf->regs[ti->regoff];
        for (uint32_t i = 0, n = ti->ndst + ti->nsrc; i < n; i++) __builtin_prefetch(&s->ready[r[i]]);
    }
    /* not_selected from now: as an end of the reason (counted when the slot
     * is next flushed, like any other until) when it has none yet, which
     * spares a flush to every warp a freed LD/ST unit wakes */
    if (!s->until && s->reason != WS_STALL_NOT_SELECTED)
        s->until = now > s->since ? now : s->since;
    else
        ws_slot_state(s, &sm->c, WS_STALL_NOT_SELECTED, now, 0);
    s->elig = now;
    sent_sync(sm, s);
    sched_note(sm, s);
    if (*sm->wake > now)
        *sm->wake = now;
}

void ws_slot_elig(ws_sm *sm, ws_slot *s, uint64_t t)
{
    s->elig = t;
    sent_sync(sm, s);
    sched_note(sm, s);
    if (*sm->wake > t)
        *sm->wake = t;
}

static void skip_into(const ws_sm *sm, ws_sm_counters *c, uint64_t cycles);

void ws_sm_view(ws_sm *sm, uint64_t now)
{
    ws_sm_counters *v = &sm->cv;
    *v = sm->c;
    if (sm->acct < now)
        skip_into(sm, v, now - sm->acct);
    for (uint32_t i = 0; i < sm->nslots; i++) {
        /* flush into v, the slot untouched (its first cache line only;
         * the recording is not a counter: left out) */
        const ws_slot *s = &sm->slots[i];
        if (now > s->since) account_span(s, v, now);
    }
    if (sm->resident && sm->resident_since < now)
        v->active_cycles += now - sm->resident_since;
}

void ws_sm_flush_all(ws_sm *sm, uint64_t now)
{
    for (uint32_t i = 0; i < sm->nslots; i++) {
        ws_slot *s = &sm->slots[i];
        flush(s, &sm->c, now);
        if (s->until && s->until <= now) {
            s->reason = WS_STALL_NOT_SELECTED;
            s->until = 0;
        }
        sent_sync(sm, s);
    }
}

/* ------------------------------------------------------------ schedulers */

/* What a scheduler's scan reads of a slot, mirrored in one small array per
 * SM (indexed by slot) so that a scan over many waiting warps touches a few
 * cache lines instead of every slot: when the warp is worth examining, and
 * the class a warp that is not examined gives its scheduler's cycle.
 *
 * The classes follow GPGPU-Sim's scheduler_unit::cycle: a cycle without an
 * issue is "stall" when some warp looked at had passed the scoreboard but
 * its unit was busy (SC_PIPE: math pipe, LD/ST unit), else "scoreboard"
 * when some warp's instruction waits for a register (SC_SB: wait, short or
 * long scoreboard), else "idle" (no instruction: fetching, at a barrier or
 * memory barrier, exited). */
enum { SC_SB = 1, SC_PIPE = 2 };

/* A warp whose next instruction passed the scoreboard and membar checks
 * keeps passing them until it issues (only its own issue adds pending or
 * later-ready registers and stores), so a warp examined again while it
 * waits for a unit or for its turn skips them: the slot's ok (its nti
 * passed) and ok_mio, cleared at issue and when the slot gets a warp or
 * loses it. */

struct ws_sched {
    uint16_t *list;         /* slots in age order (oldest first) */
    uint32_t n;
    uint32_t rr;            /* LRR / two-level position */
    uint32_t greedy;        /* GTO: current warp's slot, UINT32_MAX none */
    uint8_t cls;            /* last cycle's GPGPU-Sim class: 0 idle 1 scoreboard 2 stall 3 issue */
    uint64_t min_elig;      /* no warp of this scheduler is worth examining before */
    /* per slot of the SM (shared by its schedulers): */
    uint64_t *eelig;        /* the slot's elig; WS_NEVER for an empty slot */
    uint8_t *ecls;          /* the class of the slot's wait: SC_SB, SC_PIPE or 0 */
    uint8_t *lpos;          /* its position in its scheduler's list, or LPOS_NONE */
    /* this scheduler's list in the terms of the GTO scan (gto_scan): the
     * positions whose warp has a known elig (not WS_NEVER), and how many
     * of the others are of each class */
    uint64_t timed[2];
    uint32_t nnever[3];
};
typedef struct ws_sched ws_sched;

#define LPOS_NONE 0xffu     /* (a list holds at most 128 slots: sm.threads <= 4096) */

/* Set slot x's scan entry (x in scheduler `sched`), keeping that
 * scheduler's timed and nnever in step when x is in its list. */
static inline void scan_put(ws_sm *sm, size_t x, uint8_t sched, uint64_t e, uint8_t c)
{
    ws_sched *s0 = sm->scheds;
    uint64_t oe = s0->eelig[x];
    uint8_t oc = s0->ecls[x];
    s0->eelig[x] = e;
    s0->ecls[x] = c;
    uint32_t p = s0->lpos[x];
    if (p == LPOS_NONE) return;
    ws_sched *sc = &s0[sched];
    if (oe == WS_NEVER) sc->nnever[oc]--;
    if (e == WS_NEVER) sc->nnever[c]++;
    if ((oe == WS_NEVER) != (e == WS_NEVER)) sc->timed[p >> 6] ^= 1ull << (p & 63);
}

/* Slot x is at position i of scheduler sc's list: record it and count its
 * scan entry in sc's timed or nnever. */
static inline void sched_place(ws_sm *sm, ws_sched *sc, uint32_t x, uint32_t i)
{
    const ws_sched *s0 = sm->scheds;
    s0->lpos[x] = (uint8_t)i;
    if (s0->eelig[x] != WS_NEVER) sc->timed[i >> 6] |= 1ull << (i & 63);
    else sc->nnever[s0->ecls[x]]++;
}

/* Recompute a scheduler's positions, timed and nnever from its list. */
static void sched_rebuild(ws_sm *sm, ws_sched *sc)
{
    sc->timed[0] = sc->timed[1] = 0;
    sc->nnever[0] = sc->nnever[1] = sc->nnever[2] = 0;
    for (uint32_t i = 0; i < sc->n; i++) sched_place(sm, sc, sc->list[i], i);
}

/* The warps from position `from` of sc's list on moved (nnever counts the
 * same warps): their positions and timed bits again. */
static void sched_renumber(ws_sm *sm, ws_sched *sc, uint32_t from)
{
    const ws_sched *s0 = sm->scheds;
    for (uint32_t k = from >> 6; k < 2; k++)
        sc->timed[k] &= k == from >> 6 && (from & 63) ? ~0ull >> (64 - (from & 63)) : 0;
    for (uint32_t j = from; j < sc->n; j++) {
        uint32_t x = sc->list[j];
        s0->lpos[x] = (uint8_t)j;
        if (s0->eelig[x] != WS_NEVER) sc->timed[j >> 6] |= 1ull << (j & 63);
    }
}

/* Mirror slot s into the scan arrays.  Every change of a slot's elig,
 * reason or warp is followed by this, except ws_gpu.c emptying the slots of
 * an unclean launch, after which ws_sm_add_cta resyncs the whole SM (and
 * sched_purge rebuilds the schedulers' positions). */
static inline void sent_sync(ws_sm *sm, const ws_slot *s)
{
    static const uint8_t cls_of[WS_STALL_COUNT] = {
        [WS_STALL_WAIT] = SC_SB, [WS_STALL_SHORT_SCOREBOARD] = SC_SB, [WS_STALL_LONG_SCOREBOARD] = SC_SB,
        [WS_STALL_MATH_PIPE_THROTTLE] = SC_PIPE, [WS_STALL_LG_THROTTLE] = SC_PIPE,
        [WS_STALL_MIO_THROTTLE] = SC_PIPE,
    };
    size_t x = (size_t)(s - sm->slots);
    if (!s->w)
        scan_put(sm, x, s->sched, WS_NEVER, 0);
    else
        scan_put(sm, x, s->sched, s->elig, s->reason < WS_STALL_COUNT ? cls_of[s->reason] : 0);
}


/* A slot's elig went down: its scheduler must look again by then. */
static void sched_note(ws_sm *sm, const ws_slot *s)
{
    ws_sched *sc = &sm->scheds[s->sched];
    if (s->elig < sc->min_elig) sc->min_elig = s->elig;
}

/* Each waiter passed the scoreboard (ok) and waits with lg_throttle or
 * mio_throttle without an end (until 0, elig WS_NEVER): for such a slot,
 * ws_slot_wake comes down to ending its reason now and making it
 * examinable, its scan class staying SC_PIPE.  A unit that frees wakes
 * every warp waiting for it (see the header comment), so this is done in
 * place, a few stores a warp; any other slot takes ws_slot_wake. */
void ws_sm_wake_ldst_waiters(ws_sm *sm, uint64_t now)
{
    bool any = false;
    for (uint32_t k = 0; k < 2; k++) {
        uint64_t m = sm->ldst_waiters[k];
        sm->ldst_waiters[k] = 0;
        for (; m; m &= m - 1) {
            uint32_t i = (uint32_t)__builtin_ctzll(m) + 64u * k;
            if (i >= sm->nslots) break;
            ws_slot *s = &sm->slots[i];
            if (!s->w || s->elig != WS_NEVER ||
                (s->reason != WS_STALL_LG_THROTTLE && s->reason != WS_STALL_MIO_THROTTLE))
                continue;
            if (s->until || !s->ok || s->exited) {
                ws_slot_wake(sm, s, now);
                continue;
            }
            s->until = now > s->since ? now : s->since;
            s->elig = now;
            scan_put(sm, i, s->sched, now, SC_PIPE);
            sched_note(sm, s);
            any = true;
        }
    }
    if (any && *sm->wake > now)
        *sm->wake = now;
}

static void sched_add(ws_sm *sm, uint32_t slot)
{
    ws_sched *sc = &sm->scheds[sm->slots[slot].sched];
    uint32_t i = sc->n++;
    sc->list[i] = (uint16_t)slot;
    sched_place(sm, sc, slot, i);
}

/* The slot leaves its scheduler's list: the warps after it move up one,
 * and its scan entry no longer counts there. */
static void sched_remove(ws_sm *sm, uint32_t slot)
{
    ws_sched *s0 = sm->scheds, *sc = &s0[sm->slots[slot].sched];
    uint32_t i = s0->lpos[slot];
    if (i != LPOS_NONE && i < sc->n && sc->list[i] == slot) {
        if (s0->eelig[slot] == WS_NEVER) sc->nnever[s0->ecls[slot]]--;
        memmove(&sc->list[i], &sc->list[i + 1], (sc->n - i - 1) * sizeof *sc->list);
        sc->n--;
        if (sc->rr > i && sc->rr > 0) sc->rr--;
        s0->lpos[slot] = LPOS_NONE;
        sched_renumber(sm, sc, i);
    }
    if (sc->greedy == slot) sc->greedy = UINT32_MAX;
}

/* Two-level: the warp at position i of sc's list goes to its back; the
 * warps after it move up one. */
static void sched_demote_at(ws_sm *sm, ws_sched *sc, uint32_t i)
{
    uint32_t last = sc->n - 1;
    if (i >= last) return;
    uint16_t slot = sc->list[i];
    memmove(&sc->list[i], &sc->list[i + 1], (last - i) * sizeof *sc->list);
    sc->list[last] = slot;
    sched_renumber(sm, sc, i);
}

/* Two-level: a warp that starts a long wait goes to the back of the list. */
static void sched_demote(ws_sm *sm, uint32_t slot)
{
    ws_sched *sc = &sm->scheds[sm->slots[slot].sched];
    uint32_t i = sm->scheds->lpos[slot];
    if (i != LPOS_NONE && i < sc->n && sc->list[i] == slot) sched_demote_at(sm, sc, i);
}

/* A launch that ends in a fault or a deadlock empties its slots without
 * slot_done (ws_gpu.c), so they stay in the schedulers' lists.  Once the SM
 * is empty they are dropped; else a later CTA would add its slot a second
 * time, and the lists (nslots entries) would overflow after a few such
 * launches. */
static void sched_purge(ws_sm *sm)
{
    for (uint32_t k = 0; k < sm->gpu->cfg.scheds; k++) {
        ws_sched *sc = &sm->scheds[k];
        for (uint32_t i = sc->n; i-- > 0;)
            if (i < sc->n && !sm->slots[sc->list[i]].w) sched_remove(sm, sc->list[i]);
    }
    for (uint32_t i = 0; i < sm->nslots; i++) {
        sent_sync(sm, &sm->slots[i]);
        sm->slots[i].ok = 0;
    }
    for (uint32_t k = 0; k < sm->gpu->cfg.scheds; k++) sched_rebuild(sm, &sm->scheds[k]);
}

int ws_sm_init(ws_gpu *g, ws_sm *sm, uint32_t id, ws_error *err)
{
    memset(sm, 0, sizeof *sm);
    sm->gpu = g;
    sm->wake = &g->sm_wake[id];
    sm->id = id;
    sm->nslots = g->cfg.slots;
    /* a slot's first 64 bytes are what a scan reads: one cache line */
    size_t sbytes = (sm->nslots ? sm->nslots : 1) * sizeof *sm->slots;
    sm->slots = aligned_alloc(_Alignof(ws_slot), sbytes);
    if (!sm->slots)
        return ws_error_set(err, WS_E_NOMEM, "SM %u: out of memory for %u warp slots", id, sm->nslots);
    memset(sm->slots, 0, sbytes);
    for (uint32_t i = 0; i < sm->nslots; i++) {
        sm->slots[i].reason = WS_STALL_IDLE;
        sm->slots[i].sched = (uint8_t)(i % g->cfg.scheds);   /* (at most 16) */
    }
    sm->nctas = g->cfg.ctas_per_sm;
    sm->ctas = ws_xmalloc(sm->nctas * sizeof *sm->ctas);
    memset(sm->ctas, 0, sm->nctas * sizeof *sm->ctas);
    ws_sched *sc = ws_xmalloc(g->cfg.scheds * sizeof *sc);
    uint64_t *eelig = ws_xmalloc(sm->nslots * sizeof *eelig);
    uint8_t *ecls = ws_xmalloc(sm->nslots * sizeof *ecls);
    uint8_t *lpos = ws_xmalloc(sm->nslots * sizeof *lpos);
    for (uint32_t i = 0; i < sm->nslots; i++) {
        eelig[i] = WS_NEVER;
        ecls[i] = 0;
        lpos[i] = LPOS_NONE;
        sm->slots[i].ok = 0;
        sm->slots[i].ok_mio = -1;
    }
    for (uint32_t i = 0; i < g->cfg.scheds; i++) {
        sc[i].eelig = eelig;
        sc[i].ecls = ecls;
        sc[i].lpos = lpos;
        sc[i].timed[0] = sc[i].timed[1] = 0;
        sc[i].nnever[0] = sc[i].nnever[1] = sc[i].nnever[2] = 0;
        sc[i].list = ws_xmalloc(sm->nslots * sizeof *sc[i].list);
        sc[i].n = 0;
        sc[i].rr = 0;
        sc[i].greedy = UINT32_MAX;
        sc[i].cls = 0;
        sc[i].min_elig = WS_NEVER;
    }
    sm->scheds = sc;
    for (int u = 0; u < WS_U_COUNT; u++)
        sm->nunits[u] = g->cfg.units[u] > 8 ? 8 : g->cfg.units[u];
    *sm->wake = WS_NEVER;
    sm->lg_fail = -1;
    sm->bypass.cap = 0;
    sm->l1d_idle_at = WS_NEVER;
    return 0;
}

void ws_sm_fini(ws_sm *sm)
{
    if (!sm->slots) return;
    ws_sched *sc = sm->scheds;
    for (uint32_t i = 0; i < sm->gpu->cfg.scheds; i++) free(sc[i].list);
    free(sc->eelig);
    free(sc->ecls);
    free(sc->lpos);
    free(sc);
    for (uint32_t i = 0; i < sm->nslots; i++) free(sm->slots[i].ready);
    free(sm->slots);
    free(sm->ctas);
    free(sm->pl);
    free(sm->hev);
    free(sm->mrq);
    free(sm->iru_last);
    for (uint32_t i = 0; i < (sm->nmff_rec + 255) / 256; i++) free(sm->mff_chunk[i]);
    free(sm->mff_chunk);
    free(sm->mff_free);
    ws_tcoal_free(sm->tcoal);
    sm->tcoal = NULL;
    sm->slots = NULL;
}

/* ------------------------------------------------------------ CTAs */
static void ensure_ready(ws_slot *s, uint32_t n)
{
    /* A kernel without registers has nothing to mark, and s->ready may
     * still be NULL: memset(NULL, 0, 0) is undefined all the same. */
    if (n == 0) return;
    if (s->ready_cap < n) {
        s->ready = ws_xrealloc(s->ready, n * sizeof *s->ready);
        s->ready_cap = n;
    }
    memset(s->ready, 0, n * sizeof *s->ready);
}

int ws_sm_add_cta(ws_sm *sm, ws_cta *cta, uint64_t now, ws_error *err)
{
    ws_gpu *g = sm->gpu;
    uint32_t rec = UINT32_MAX;
    for (uint32_t i = 0; i < sm->nctas; i++)
        if (!sm->ctas[i].used) { rec = i; break; }
    uint32_t nw = ws_cta_nwarps(cta);
    if (rec == UINT32_MAX || nw > 64)
        return ws_error_set(err, WS_E_STATE, "SM %u has no free CTA record", sm->id);
    if (sm->resident == 0) {
        sched_purge(sm);
        ws_sm_l1d_busy(sm, now);
    }
    ws_ctarec *cr = &sm->ctas[rec];
    memset(cr, 0, sizeof *cr);
    cr->used = true;
    cr->cta = cta;
    cr->nwarps = nw;
    cr->live = nw;
    uint32_t k = 0;
    for (uint32_t i = 0; i < sm->nslots && k < nw; i++) {
        ws_slot *s = &sm->slots[i];
        if (s->w) continue;
        flush(s, &sm->c, now);
        ws_warp *w = ws_cta_warp(cta, k);
        s->w = w;
        s->cta = cta;
        s->ctarec = rec;
        s->tf = ws_tfunc_get(g, ws_warp_func(w));
        ensure_ready(s, s->tf->nslots);
        uint32_t pc0 = ws_warp_pc(w);
        s->nti = &s->tf->ins[pc0 <= s->tf->f->ninsns ? pc0 : s->tf->f->ninsns];
        s->chkbar = 1;
        s->age = g->age++;
        s->ibuf = 0;
        s->stores = s->outstanding = 0;
        s->exited = s->at_barrier = s->in_membar = s->in_mffwait = 0;
        s->mff_gathers = s->mff_cmds = 0;
        s->wait_load = UINT32_MAX;
        s->ifetch = 0;
        /* the first instructions are fetched now */
        uint64_t t = now > sm->fetch_free ? now : sm->fetch_free;
        sm->fetch_free = t + 1;
        s->ibuf = g->cfg.ibuffer;
        s->reason = WS_STALL_NO_INSTRUCTION;
        s->since = now;
        cr->slots[k++] = (uint16_t)i;
        sm->slots[i].ok = 0;
        if (!sm->l1i || ws_ifetch_lookup(sm, i, now, t)) {
            s->elig = t + g->cfg.decode;
            s->until = s->elig;
        }
        sent_sync(sm, s);
        sched_add(sm, i);
        sched_note(sm, s);
        if (*sm->wake > s->elig) *sm->wake = s->elig;
    }
    if (k < nw)
        return ws_error_set(err, WS_E_STATE, "SM %u has only %u free warp slots for a CTA of %u warps",
                            sm->id, k, nw);
    if (sm->resident == 0) sm->resident_since = now;
    sm->resident += nw;
    return 0;
}

/* A warp has exited and drained: free its slot; retire its CTA when it was
 * the last one. */
static int slot_done(ws_sm *sm, uint32_t slotno, uint64_t now, ws_error *err)
{
    ws_slot *s = &sm->slots[slotno];
    ws_ctarec *cr = &sm->ctas[s->ctarec];
    ws_slot_state(s, &sm->c, WS_STALL_IDLE, now, 0);
    sched_remove(sm, slotno);
    s->w = NULL;
    s->elig = WS_NEVER;
    sm->slots[slotno].ok = 0;
    sent_sync(sm, s);
    sm->resident--;
    if (sm->resident == 0) {
        sm->c.active_cycles += now - sm->resident_since;
        ws_sm_l1d_idle(sm, now);
    }
    if (--cr->live == 0) {
        if (ws_cta_retire(cr->cta, err) < 0)
            return -1;
        cr->used = false;
        sm->c.ctas_done++;
    }
    return 0;
}

/* Called when a slot's stores drain (or after exit). */
static int maybe_done(ws_sm *sm, uint32_t slotno, uint64_t now, ws_error *err)
{
    ws_slot *s = &sm->slots[slotno];
    if (s->w && s->exited && s->stores == 0 && s->outstanding == 0)
        return slot_done(sm, slotno, now, err);
    return 0;
}

/* ------------------------------------------------------------ issue */

/* Lanes that exit lower the CTA's count of live threads, which can complete
 * a barrier the other warps wait at (ws_cta_check_barriers): wake the warps
 * the functional engine has released. */
__attribute__((noinline, cold))
static void wake_exit_released(ws_sm *sm, uint32_t ctarec, uint64_t now)
{
    ws_ctarec *cr = &sm->ctas[ctarec];
    for (uint32_t i = 0; i < cr->nwarps; i++) {
        ws_slot *o = &sm->slots[cr->slots[i]];
        if (o->w && o->at_barrier && ws_warp_status_get(o->w) != WS_WARP_BARRIER) {
            o->at_barrier = 0;
            ws_slot_wake(sm, o, now);
        }
    }
}

enum { EV_ISSUE = 0, EV_BLOCK_SB, EV_BLOCK_PIPE, EV_NONE };

/* Examine slot s at `now`; issue when possible (issue_ok).  Returns EV_*. */
static inline __attribute__((always_inline)) int examine(ws_sm *sm, uint32_t slotno, uint64_t now, bool issue_ok,
                                                       ws_error *err, int *fault)
{
    ws_gpu *g = sm->gpu;
    ws_slot *s = &sm->slots[slotno];
    ws_warp *w = s->w;
    if (s->exited || s->at_barrier)
        return EV_NONE;
    const ws_tinsn *ti = s->nti;
    if (s->ok)
        goto unit;
    /* its own bar.sync makes a warp wait at a barrier (at_barrier, set at
     * its issue); one woken by a barrier's release may wait at another */
    if (s->chkbar) {
        s->chkbar = 0;
        if (ws_warp_status_get(w) == WS_WARP_BARRIER) {
            s->at_barrier = 1;
            ws_slot_state(s, &sm->c, WS_STALL_BARRIER, now, 0);
            s->elig = WS_NEVER;
            if (g->cfg.sched == WS_SCHED_TWO_LEVEL) sched_demote(sm, slotno);
            return EV_NONE;
        }
    }
    /* scoreboard */
    uint64_t need = 0;
    bool shortw = false, pend = false;
    uint32_t pload = 0;
    const uint32_t *r = &s->tf->regs[ti->regoff];
    for (uint32_t i = 0, n = ti->ndst + ti->nsrc; i < n; i++) {
        uint64_t v = s->ready[r[i]];
        if (v >= WS_PEND) { pend = true; pload = (uint32_t)(v & 0xffffffffu); break; }
        uint64_t t = v & ~WS_SHORT;
        if (t > need) { need = t; shortw = (v & WS_SHORT) != 0; }
    }
    /* calls and returns switch register sets: wait for every load first */
    /* (an MFF command writes shared memory, no register: not waited for) */
    if (!pend && ti->control && s->outstanding > s->stores + s->mff_cmds) {
        const ws_ptx_insn *in = ws_warp_next_insn(w);
        if (in && (in->op == WS_OP_CALL || in->op == WS_OP_RET)) { pend = true; pload = UINT32_MAX; }
    }
    if (pend) {
        if (s->reason != WS_STALL_LONG_SCOREBOARD || s->until) {
            ws_slot_state(s, &sm->c, WS_STALL_LONG_SCOREBOARD, now, 0);
            s->sub = WS_LSB_L1;
            if (g->cfg.sched == WS_SCHED_TWO_LEVEL) sched_demote(sm, slotno);
        }
        s->wait_load = pload;
        s->elig = WS_NEVER;
        return EV_BLOCK_SB;
    }
    if (need > now) {
        ws_slot_state(s, &sm->c, shortw ? WS_STALL_SHORT_SCOREBOARD : WS_STALL_WAIT, now, need);
        s->elig = need;
        return EV_BLOCK_SB;
    }
    if (ti->membar && s->stores > 0) {
        /* (waiting, as at a barrier: no instruction to issue, GPGPU-Sim's idle) */
        s->in_membar = 1;
        ws_slot_state(s, &sm->c, WS_STALL_MEMBAR, now, 0);
        s->elig = WS_NEVER;
        if (g->cfg.sched == WS_SCHED_TWO_LEVEL) sched_demote(sm, slotno);
        return EV_NONE;
    }
    if (ti->mff_wait && s->mff_gathers > 0) {
        /* pc_wait: until the MFF's completions of the warp's gathers */
        s->in_mffwait = 1;
        ws_slot_state(s, &sm->c, WS_STALL_MFF_WAIT, now, 0);
        s->elig = WS_NEVER;
        if (g->cfg.sched == WS_SCHED_TWO_LEVEL) sched_demote(sm, slotno);
        return EV_NONE;
    }
    s->ok = 1;
    s->ok_mio = -1;
unit:
    /* execution unit */
    ;
    int inst = -1;
    if (ti->unit == WS_U_LDST) {
        if (ws_ldst_busy(sm, now)) {
            if (s->ok_mio < 0) {
                const ws_ptx_insn *in = ws_warp_next_insn(w);
                s->ok_mio = in && (in->space == WS_SP_SHARED || in->space == WS_SP_CONST ||
                                 in->space == WS_SP_PARAM);
            }
            uint8_t why = s->ok_mio ? WS_STALL_MIO_THROTTLE : WS_STALL_LG_THROTTLE;
            uint8_t cause = sm->lg_fail >= 0 ? (uint8_t)sm->lg_fail : WS_LG_ICNT_FULL;
            if (sm->nlreq == sm->ilreq && sm->ldst_free > now) {
                ws_slot_state(s, &sm->c, why, now, sm->ldst_free);
                s->sub = cause;
                s->elig = sm->ldst_free;
            } else {
                /* (a wait that had an end, the pipe's, ends now: the
                 * unit is busy with requests for as long as they take) */
                if (s->reason != why || s->until) {
                    ws_slot_state(s, &sm->c, why, now, 0);
                    s->sub = cause;
                }
                s->elig = WS_NEVER;
                sm->ldst_waiters[slotno >> 6] |= 1ull << (slotno & 63);
            }
            return EV_BLOCK_PIPE;
        }
    } else if (ti->unit != WS_U_CTRL) {
        uint64_t best = WS_NEVER;
        for (uint32_t u = 0; u < sm->nunits[ti->unit]; u++) {
            if (sm->unit_free[ti->unit][u] <= now) { inst = (int)u; break; }
            if (sm->unit_free[ti->unit][u] < best) best = sm->unit_free[ti->unit][u];
        }
        if (inst < 0) {
            if (best == WS_NEVER) best = now + 1;   /* no unit of that kind: SP does it */
            ws_slot_state(s, &sm->c, WS_STALL_MATH_PIPE_THROTTLE, now, best);
            s->elig = best;
            return EV_BLOCK_PIPE;
        }
    }
    if (!issue_ok) {
        if (s->reason != WS_STALL_NOT_SELECTED || s->until)
            ws_slot_state(s, &sm->c, WS_STALL_NOT_SELECTED, now, 0);
        s->elig = now + 1;
        return EV_ISSUE;
    }
    /* ---- issue */
    s->ok = 0;
    ws_step st;
    flush(s, &sm->c, now);
    const ws_ptx_func *dfn = NULL;
    uint32_t dpc = 0;
    uint64_t dwid = 0;
    if (g->dbg_on) {                /* who and where, before an exit can empty the slot */
        dfn = ws_warp_func(w);
        dpc = ws_warp_pc(w);
        dwid = ws_gpu_dbg_warp_id(g, s);
    }
    if (ws_warp_step(w, &st, err) < 0) {
        *fault = 1;
        return EV_ISSUE;
    }
    sm->c.stall[WS_STALL_SELECTED]++;
    s->reason = WS_STALL_NOT_SELECTED;
    s->until = 0;
    s->since = now + 1;
    sm->c.issued++;
    uint32_t nact = popc32(st.active);
    sm->c.thread_insns += nact;
    sm->c.insn_cls[ti->ecls]++;
    sm->c.lanes_cls[ti->ecls] += nact;
    sm->c.rf_reads += ti->rf_rd;
    sm->c.rf_writes += ti->rf_wr;
    g->warp_insns++;
    g->thread_insns += nact;
    g->last_progress = now;
    if (g->dbg_on) ws_gpu_dbg_issue(g, sm, slotno, dwid, dfn, dpc, st.active, now);
    if (inst >= 0)
        sm->unit_free[ti->unit][inst] = now + ti->ii;
    if (ti->unit == WS_U_LDST && st.mem_kind != WS_ACC_NONE) {
        if (ws_ldst_issue(sm, slotno, &st, ti, now, err) < 0) {
            *fault = 1;
            return EV_ISSUE;
        }
    } else if (ti->ndst) {
        uint64_t v = (now + ti->lat) | (ti->short_sb ? WS_SHORT : 0);
        const uint32_t *d = &s->tf->regs[ti->regoff];
        for (uint32_t i = 0; i < ti->ndst; i++)
            s->ready[d[i]] = v;
    }
    /* next instruction */
    s->elig = now + 1;
    if (st.call || st.ret) {
        s->tf = ws_tfunc_get(g, ws_warp_func(w));
        ensure_ready(s, s->tf->nslots);
    }
    if (!st.exited) {
        /* the next instruction's scoreboard entries: their lines are
         * fetched now, not when its examination needs them */
        const ws_tinsn *nt = &s->tf->ins[st.next_pc <= s->tf->f->ninsns ? st.next_pc : s->tf->f->ninsns];
        s->nti = nt;
        const uint32_t *nr = &s->tf->regs[nt->regoff];
        for (uint32_t i = 0, n = nt->ndst + nt->nsrc; i < n; i++) __builtin_prefetch(&s->ready[nr[i]]);
    }
    if (ti->control && (st.op == WS_OP_EXIT || st.op == WS_OP_RET))
        wake_exit_released(sm, s->ctarec, now + 1);
    if (st.exited) {
        s->exited = 1;
        s->elig = WS_NEVER;
        if (s->stores || s->outstanding) {
            ws_slot_state(s, &sm->c, WS_STALL_DRAIN, now + 1, 0);
            if (g->cfg.sched == WS_SCHED_TWO_LEVEL) sched_demote(sm, slotno);
        } else if (slot_done(sm, slotno, now + 1, err) < 0) {
            *fault = 1;
        }
        return EV_ISSUE;
    }
    if (st.barrier_released) {
        ws_ctarec *cr = &sm->ctas[s->ctarec];
        for (uint32_t i = 0; i < cr->nwarps; i++) {
            ws_slot *o = &sm->slots[cr->slots[i]];
            if (o->w && o->at_barrier) {
                o->at_barrier = 0;
                o->chkbar = 1;
                ws_slot_wake(sm, o, now + 1);
            }
        }
    } else if (st.barrier) {
        s->at_barrier = 1;
        ws_slot_state(s, &sm->c, WS_STALL_BARRIER, now + 1, 0);
        s->elig = WS_NEVER;
        if (g->cfg.sched == WS_SCHED_TWO_LEVEL) sched_demote(sm, slotno);
    }
    if (!s->at_barrier && (ti->control || --s->ibuf == 0)) {
        uint64_t t = now + 1;
        if (ti->control && st.op == WS_OP_BRA) t = now + g->cfg.branch_lat;
        if (t < sm->fetch_free) t = sm->fetch_free;
        sm->fetch_free = t + 1;
        s->ibuf = g->cfg.ibuffer;
        if (!sm->l1i || ws_ifetch_lookup(sm, slotno, now + 1, t)) {
            uint64_t ready = t + g->cfg.decode;
            ws_slot_state(s, &sm->c, st.op == WS_OP_BRA ? WS_STALL_BRANCH_RESOLVING : WS_STALL_NO_INSTRUCTION,
                          now + 1, ready);
            s->elig = ready;
        }
    }
    return EV_ISSUE;
}

/* Two-level, each cycle its scheduler looks (GPGPU-Sim's
 * two_level_active_scheduler::order_warps): the warps of the active set
 * that wait (at a barrier, on a membar, draining their stores, or on a
 * long-scoreboard register) go to the back of the list, the pending set,
 * and the front of the pending set moves up into the active set, whether it
 * waits or not (it leaves again the next time).  A demotion when a wait
 * starts is not enough: a warp moved back moves forward again as warps in
 * front of it are demoted, and can reach the active set still waiting.
 * Warps at a barrier could then fill the active set while the warp they
 * wait for is outside it, and nothing would ever examine that warp. */
static void sched_refresh_active(ws_sm *sm, ws_sched *sc)
{
    /* Each warp of the active set is looked at once, in list order (a
     * demoted one goes behind every warp not looked at), so demoting them
     * one by one comes down to a stable partition: the waiting ones of the
     * active set move to the back, in their order. */
    uint32_t n = sc->n, act = n < sm->gpu->cfg.sched_active ? n : sm->gpu->cfg.sched_active;
    uint16_t moved[128];
    uint32_t nm = 0, keep = 0, first = act;
    for (uint32_t i = 0; i < act; i++) {
        uint16_t x = sc->list[i];
        const ws_slot *s = &sm->slots[x];
        if (s->at_barrier || s->in_membar || s->in_mffwait || s->exited ||
            (s->reason == WS_STALL_LONG_SCOREBOARD && s->elig == WS_NEVER)) {
            if (!nm) first = i;
            moved[nm++] = x;
        } else {
            sc->list[keep++] = x;
        }
    }
    if (!nm) return;
    memmove(&sc->list[keep], &sc->list[act], (n - act) * sizeof *sc->list);
    memcpy(&sc->list[n - nm], moved, nm * sizeof *sc->list);
    sched_renumber(sm, sc, first);
}

/* The order an LRR or two-level scheduler examines its warps in this cycle
 * (GTO: gto_scan, on the list itself). */
static uint32_t sched_order(ws_sm *sm, ws_sched *sc, uint16_t *out)
{
    ws_gpu *g = sm->gpu;
    uint32_t n = 0;
    switch (g->cfg.sched) {
    case WS_SCHED_LRR:
        for (uint32_t i = 0; i < sc->n; i++) out[n++] = sc->list[(sc->rr + i) % sc->n];
        break;
    default: {                      /* two-level: round robin in the active set */
        uint32_t act = sc->n < g->cfg.sched_active ? sc->n : g->cfg.sched_active;
        for (uint32_t i = 0; i < act; i++) out[n++] = sc->list[(sc->rr + i) % act];
        break;
    }
    }
    return n;
}

/* The first position from i on whose warp is worth examining at `now`, or
 * n; the warps passed over add their elig to *mine and their class to *cls.
 * Kept out of line: the scan's hot loop gets registers of its own. */
static inline uint32_t scan_ready(const uint64_t *eelig, const uint8_t *ecls, const uint16_t *ord, uint32_t i,
                           uint32_t n, uint64_t now, uint64_t *mine, uint8_t *cls)
{
    uint64_t m = *mine;
    uint8_t c = *cls;
    for (; i < n; i++) {
        uint32_t x = ord[i];
        uint64_t e = eelig[x];
        if (e <= now)
            break;
        m = e < m ? e : m;
        c |= ecls[x];
    }
    *mine = m;
    *cls = c;
    return i;
}

/* The outcome of a scheduler's cycle: its class and when to look again. */
static inline void sched_close(ws_sm *sm, ws_sched *sc, uint64_t now, bool issued, uint8_t cls, uint64_t mine)
{
    if (sc->min_elig >= mine || sc->min_elig <= now) sc->min_elig = mine;
    if (sc->n == 0) sc->min_elig = WS_NEVER;
    if (issued) sm->c.sched_issue++;
    else if (cls & SC_PIPE) sm->c.sched_stall++;
    else if (cls & SC_SB) sm->c.sched_scoreboard++;
    else sm->c.sched_idle++;
    sc->cls = issued ? 3 : (cls & SC_PIPE) ? 2 : (cls & SC_SB) ? 1 : 0;
}

/* One GTO scheduler's scan: the greedy warp, then the list (age order)
 * without it, each warp worth examining (elig <= now) examined until one
 * issues.  Only warps with a known elig can be worth it, so the scan
 * visits the positions in `timed`.  When nothing issued, *mine and *cls
 * get the earliest elig and the classes of every warp in the list: the
 * visited and the passed over ones as the scan arrays hold them after the
 * scan (an examination leaves its outcome there, through sent_sync, and
 * only an issue changes another warp), the ones without a known elig
 * through nnever.  Returns 1 when a warp issued, -1 on a fault. */
static int gto_scan(ws_sm *sm, ws_sched *sc, uint64_t now, ws_error *err, uint64_t *mine, uint8_t *cls)
{
    const uint64_t *eelig = sm->scheds->eelig;
    const uint8_t *ecls = sm->scheds->ecls;
    const uint8_t *lpos = sm->scheds->lpos;
    uint64_t tw[2] = { sc->timed[0], sc->timed[1] };
    uint32_t x = sc->greedy;
    int fault = 0;
    if (x != UINT32_MAX) {
        uint32_t p = lpos[x];
        if (p != LPOS_NONE) tw[p >> 6] &= ~(1ull << (p & 63));     /* (the list part passes over it) */
        if (eelig[x] > now) x = UINT32_MAX;
    }
    for (uint32_t k = 0;;) {
        if (x == UINT32_MAX) {
            while (k < 2 && !tw[k]) k++;
            if (k == 2) break;
            uint32_t p = (uint32_t)__builtin_ctzll(tw[k]) + 64u * k;
            tw[k] &= tw[k] - 1;
            x = sc->list[p];
            if (eelig[x] > now) { x = UINT32_MAX; continue; }
        }
        ws_slot *s = &sm->slots[x];
        int ev = examine(sm, x, now, true, err, &fault);
        sent_sync(sm, s);
        if (fault) return -1;
        if (ev == EV_ISSUE) {
            sc->greedy = s->w ? x : UINT32_MAX;
            *mine = now + 1;
            return 1;
        }
        x = UINT32_MAX;
    }
    uint64_t m = WS_NEVER;
    uint8_t c = (sc->nnever[SC_SB] ? SC_SB : 0) | (sc->nnever[SC_PIPE] ? SC_PIPE : 0);
    for (uint32_t k = 0; k < 2; k++)
        for (uint64_t b = sc->timed[k]; b; b &= b - 1) {
            uint32_t y = sc->list[(uint32_t)__builtin_ctzll(b) + 64u * k];
            uint64_t e = eelig[y];
            m = e < m ? e : m;
            c |= ecls[y];
        }
    *mine = m;
    *cls = c;
    return 0;
}

#ifdef WS_CHECK_SCHED
/* (sanitizer builds: configure --enable-sanitizers) Every scheduler's
 * positions, timed and nnever agree with its list and the scan arrays,
 * and the scan arrays with the slots; else report and abort. */
static void check_sched(const ws_sm *sm, uint64_t now)
{
    const ws_sched *s0 = sm->scheds;
    const char *bad = NULL;
    for (uint32_t k = 0; k < sm->gpu->cfg.scheds && !bad; k++) {
        const ws_sched *sc = &s0[k];
        uint64_t t[2] = { 0, 0 };
        uint32_t nn[3] = { 0, 0, 0 };
        for (uint32_t i = 0; i < sc->n; i++) {
            uint32_t x = sc->list[i];
            if (s0->lpos[x] != i) bad = "a list position";
            if (s0->eelig[x] != WS_NEVER) t[i >> 6] |= 1ull << (i & 63);
            else nn[s0->ecls[x]]++;
        }
        if (t[0] != sc->timed[0] || t[1] != sc->timed[1]) bad = "timed";
        if (nn[0] != sc->nnever[0] || nn[1] != sc->nnever[1] || nn[2] != sc->nnever[2]) bad = "nnever";
    }
    for (uint32_t i = 0; i < sm->nslots && !bad; i++) {
        const ws_slot *s = &sm->slots[i];
        if (s0->lpos[i] != LPOS_NONE && s0[s->sched].list[s0->lpos[i]] != i) bad = "a slot's list position";
        if (s->w && s0->eelig[i] != s->elig) bad = "a slot's scan entry";
    }
    if (bad) {
        fprintf(stderr, "warpscope: internal error: SM %u at cycle %llu: %s is out of step\n", sm->id,
                (unsigned long long)now, bad);
        abort();
    }
}
#endif

int ws_sm_cycle(ws_sm *sm, uint64_t now, ws_error *err)
{
    ws_gpu *g = sm->gpu;
    ws_sched *scs = sm->scheds;
    const uint64_t *eelig = scs->eelig;
    const uint8_t *ecls = scs->ecls;
    uint16_t order[256];
    int fault = 0;

#ifdef WS_CHECK_SCHED
    check_sched(sm, now);
#endif
    ws_ldst_cycle(sm, now);
    for (uint32_t k = 0; k < g->cfg.scheds; k++) {
        ws_sched *sc = &scs[k];
        if (sc->min_elig > now) {
            /* nothing to look at: the same class as last cycle */
            switch (sc->cls) {
            case 1: sm->c.sched_scoreboard++; break;
            case 2: sm->c.sched_stall++; break;
            default: sc->cls = 0; sm->c.sched_idle++; break;
            }
            continue;
        }
        bool issued = false;
        uint8_t cls = 0;
        uint64_t mine = WS_NEVER;
        if (g->cfg.sched == WS_SCHED_GTO) {
            int rc = gto_scan(sm, sc, now, err, &mine, &cls);
            if (rc < 0) return -1;
            sched_close(sm, sc, now, rc > 0, cls, mine);
            continue;
        }
        /* LRR and two-level: their order (a copy), each warp worth
         * examining examined until one issues; a warp not worth examining
         * gives its wait's class and its elig */
        if (g->cfg.sched == WS_SCHED_TWO_LEVEL) sched_refresh_active(sm, sc);
        const uint32_t n = sched_order(sm, sc, order);
        const uint16_t *ord = order;
        for (uint32_t i = 0;;) {
            i = scan_ready(eelig, ecls, ord, i, n, now, &mine, &cls);
            if (i >= n) break;
            uint32_t x = ord[i++];
            ws_slot *s = &sm->slots[x];
            int ev = examine(sm, x, now, !issued, err, &fault);
            sent_sync(sm, s);
            if (fault) return -1;
            if (s->w && s->elig < mine) mine = s->elig;
            if (ev == EV_ISSUE) {
                issued = true;
                if (sc->n)
                    sc->rr = (sc->rr + 1) % (g->cfg.sched == WS_SCHED_LRR ? sc->n
                             : (sc->n < g->cfg.sched_active ? sc->n : g->cfg.sched_active));
                /* stop looking once a warp issued (the rest keep their
                 * reasons; see the header comment) */
                mine = now + 1;
                break;
            }
            if (ev == EV_BLOCK_SB) cls |= SC_SB;
            else if (ev == EV_BLOCK_PIPE) cls |= SC_PIPE;
        }
        if (g->cfg.sched == WS_SCHED_TWO_LEVEL && !issued) {
            /* warps outside the active set were not looked at, and a
             * demotion in this scan may have moved one into it: their
             * waits count too, or the scheduler could sleep past them */
            for (uint32_t j = 0; j < sc->n; j++) {
                uint64_t e = eelig[sc->list[j]];
                if (e < mine) mine = e > now ? e : now + 1;
            }
        }
        sched_close(sm, sc, now, issued, cls, mine);
    }
    /* instruction misses go out after the fetches of this cycle, as
     * GPGPU-Sim's fetch stage ends with its L1I's cycle */
    if (sm->l1i && ws_cache_missq_n(sm->l1i))
        ws_ifetch_push(sm, now);
    return 0;
}

/* Earliest cycle this SM has anything to do (called after a cycle). */
uint64_t ws_sm_next(ws_sm *sm, uint64_t now)
{
    uint64_t t = WS_NEVER;
    if (sm->bypass.n || (sm->l1d && ws_cache_missq_n(sm->l1d)) || (sm->pfe && ws_pfeng_busy(sm->pfe)) ||
        (sm->l1i && ws_cache_missq_n(sm->l1i)))
        return now + 1;
    uint64_t out = WS_NEVER;          /* an L1 miss waiting out the L1 latency */
    if (sm->l1out.n) {
        out = ws_l1out_ready(sm->l1out.head, sm->gpu->cfg.l1_delay);
        if (out <= now + 1) return now + 1;
    }
    if (sm->ilreq < sm->nlreq) {
        if (!sm->l1f_valid || !ws_ldst_refailing(sm))     /* (it needs a remembered failure) */
            return now + 1;
        /* the head request would fail again each cycle until a reply
         * changes L1: sleep, and count those failures when waking */
        if (!sm->l1f_asleep) sm->gpu->nasleep++;
        sm->l1f_asleep = true;
        sm->l1f_from = now + 1;
    }
    if (sm->pfe) t = ws_pfeng_next(sm->pfe);
    if (sm->nhev && sm->hev[0].t < t) t = sm->hev[0].t;
    ws_sched *scs = sm->scheds;
    for (uint32_t k = 0; k < sm->gpu->cfg.scheds; k++)
        if (scs[k].min_elig < t) t = scs[k].min_elig;
    if (out < t) t = out;
    if (t <= now) t = now + 1;
    return t;
}

/* Account the scheduler classes of skipped cycles (the SM did not run). */
static void skip_into(const ws_sm *sm, ws_sm_counters *c, uint64_t cycles)
{
    const ws_sched *scs = sm->scheds;
    for (uint32_t k = 0; k < sm->gpu->cfg.scheds; k++) {
        switch (scs[k].cls) {
        case 1: c->sched_scoreboard += cycles; break;
        case 2: c->sched_stall += cycles; break;
        default: c->sched_idle += cycles; break;
        }
    }
}

void ws_sm_skip(ws_sm *sm, uint64_t cycles)
{
    skip_into(sm, &sm->c, cycles);
}

/* A store / reduction acknowledgement or a load completion arrived. */
int ws_sm_store_acked(ws_sm *sm, uint32_t slotno, uint64_t now, ws_error *err)
{
    ws_slot *s = &sm->slots[slotno];
    if (!s->w) return 0;
    if (s->stores) s->stores--;
    if (s->outstanding) s->outstanding--;
    if (s->in_membar && s->stores == 0) {
        s->in_membar = 0;
        ws_slot_wake(sm, s, now);
    }
    return maybe_done(sm, slotno, now, err);
}

/* An MFF command of the warp completed (its completion packet and every
 * word it announced arrived). */
int ws_sm_mff_done(ws_sm *sm, uint32_t slotno, bool gather, uint64_t now, ws_error *err)
{
    ws_slot *s = &sm->slots[slotno];
    if (!s->w) return 0;
    if (s->outstanding) s->outstanding--;
    if (s->mff_cmds) s->mff_cmds--;
    if (gather && s->mff_gathers) s->mff_gathers--;
    if (s->in_mffwait && s->mff_gathers == 0) {
        s->in_mffwait = 0;
        ws_slot_wake(sm, s, now);
    }
    return maybe_done(sm, slotno, now, err);
}

int ws_sm_slot_check_done(ws_sm *sm, uint32_t slotno, uint64_t now, ws_error *err)
{
    return maybe_done(sm, slotno, now, err);
}
