/* ws_exec_sync.c: CTA barriers and warp-synchronous instructions.
 *
 * Barriers (bar.sync / barrier.sync / bar.arrive / bar.red): 16 per CTA.  A
 * warp arriving counts as all its non-exited threads (barriers are executed
 * per warp).  Without a thread count the barrier completes when the arrivals
 * reach the CTA's non-exited threads (exited threads no longer count, so a
 * barrier after an early return works); with a count b, when they reach b.
 * bar.red.popc/and/or reduce the predicate over the arriving threads and
 * give every waiting thread the result.
 *
 * Member masks (vote.sync, shfl.sync, match.sync): PTX leaves the result
 * undefined when the mask names lanes that are not executing the
 * instruction.  Here the operation ranges over the lanes that are both in
 * the executing lane's membermask and executing; named lanes that are not
 * executing are ignored.  shfl reads the source lane's register even when
 * that lane is inactive (its current value).  bar.warp.sync (__syncwarp) has
 * no effect: the lanes a warp runs together are already in lockstep. */
#include <stdio.h>

#include "core/ws_core_int.h"

#define SRC(i) ws_src(w, x, (i), exec)

static void barrier_release(ws_cta *c, uint32_t id)
{
    ws_barrier *b = &c->bar[id];
    for (uint32_t i = 0; i < c->nwarps; i++) {
        ws_warp *w = &c->warps[i];
        if (w->status != WS_WARP_BARRIER || w->bar_id != id)
            continue;
        w->status = WS_WARP_READY;
        uint32_t m = w->bar_mask;
        switch (w->bar_kind) {
        case WS_BAR_RED_POPC: {
            uint64_t *D = ws_reg_wr(w, w->bar_dst);
            WS_LANES(m, l) D[l] = b->popc;
            break;
        }
        case WS_BAR_RED_AND: case WS_BAR_RED_OR: {
            bool v = w->bar_kind == WS_BAR_RED_AND ? b->all : b->any;
            if (w->bar_dpred) {
                ws_setp(w, w->bar_dst, v ? ~0u : 0u, m);
            } else {
                uint64_t *D = ws_reg_wr(w, w->bar_dst);
                WS_LANES(m, l) D[l] = v;
            }
            break;
        }
        default:
            break;
        }
    }
    memset(b, 0, sizeof *b);
}

static bool barrier_complete(const ws_cta *c, const ws_barrier *b)
{
    if (b->arrived == 0)
        return false;
    uint32_t target = b->expected ? b->expected : c->live_threads;
    return b->arrived >= target;
}

void ws_cta_check_barriers(ws_cta *c)
{
    for (uint32_t id = 0; id < WS_NBARRIERS; id++)
        if (c->bar[id].arrived && barrier_complete(c, &c->bar[id]))
            barrier_release(c, id);
}

/* check.sync (compute-sanitizer's synccheck): a barrier is executed by
 * the whole warp (its live lanes) at once.  A barrier some lanes execute
 * without the others is recorded (w->sync_*); the report comes when the
 * other lanes execute a barrier (at a different id or elsewhere), or when
 * lanes that never executed it exit or reach a barrier with those that did.
 * Returns -1 with the fault filled in w. */
static const char *insn_file(const ws_warp *w) { return w->g->m->ptx->path; }
static uint32_t insn_line(const ws_xinsn *x) { return x && x->in ? x->in->line : 0; }

static int sync_fault(ws_warp *w, uint32_t lane)
{
    w->fk = WS_FAULT_SYNC;
    w->f_lane = lane;
    return -1;
}

static int sync_check(ws_warp *w, const ws_xinsn *x, uint32_t exec, uint32_t id)
{
    char a[128], b[128];
    if (!w->sync_mask) {
        if (exec != w->live) {
            w->sync_mask = exec;
            w->sync_id = id;
            w->sync_insn = x;
        }
        return 0;
    }
    ws_lanes_fmt(a, sizeof a, w->sync_mask);
    ws_lanes_fmt(b, sizeof b, exec & ~w->sync_mask);
    const char *file = insn_file(w);
    if ((exec & w->sync_mask) == 0) {
        if (id != w->sync_id)
            snprintf(w->f_msg, sizeof w->f_msg,
                     "lanes of one warp at different barriers (check.sync): warp %u's lanes %s executed barrier %u "
                     "(%s:%u), its lanes %s barrier %u (%s:%u)", w->index, a, w->sync_id, file,
                     insn_line(w->sync_insn), b, id, file, insn_line(x));
        else
            snprintf(w->f_msg, sizeof w->f_msg,
                     "divergent barrier (check.sync): warp %u's lanes %s executed barrier %u at %s:%u, its lanes %s "
                     "at %s:%u", w->index, a, id, file, insn_line(w->sync_insn), b, file, insn_line(x));
        return sync_fault(w, (uint32_t)__builtin_ctz(exec));
    }
    if ((exec & ~w->sync_mask) == 0 && exec != w->live) {
        /* the same lanes again, the others still elsewhere */
        w->sync_id = id;
        w->sync_insn = x;
        return 0;
    }
    snprintf(w->f_msg, sizeof w->f_msg,
             "barrier executed by only some lanes of a warp (check.sync): warp %u's lanes %s executed barrier %u "
             "(%s:%u) without its lanes %s, which reach this barrier with them", w->index, a, w->sync_id, file,
             insn_line(w->sync_insn), b);
    return sync_fault(w, (uint32_t)__builtin_ctz(exec & ~w->sync_mask));
}

int ws_sync_check_exit(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!w->sync_mask || !(exec & ~w->sync_mask))
        return 0;
    char a[128], b[128];
    ws_lanes_fmt(a, sizeof a, w->sync_mask);
    ws_lanes_fmt(b, sizeof b, exec & ~w->sync_mask);
    snprintf(w->f_msg, sizeof w->f_msg,
             "barrier executed by only some lanes of a warp (check.sync): warp %u's lanes %s executed barrier %u "
             "(%s:%u) without its lanes %s, which exit at %s:%u", w->index, a, w->sync_id, insn_file(w),
             insn_line(w->sync_insn), b, insn_file(w), insn_line(x));
    return sync_fault(w, (uint32_t)__builtin_ctz(exec & ~w->sync_mask));
}

static int x_bar(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    ws_cta *c = w->cta;
    const uint32_t l0 = (uint32_t)__builtin_ctz(exec);
    const int red = x->subop == WS_BAR_RED_POPC || x->subop == WS_BAR_RED_AND || x->subop == WS_BAR_RED_OR;
    /* operands: a{, b}{, c (reduction predicate)} */
    const int nab = red ? x->nsrc - 1 : x->nsrc;
    uint32_t id = nab >= 1 ? (uint32_t)SRC(0)[l0] : 0;
    uint32_t count = nab >= 2 ? (uint32_t)SRC(1)[l0] : 0;
    if (id >= WS_NBARRIERS) {
        w->fk = WS_FAULT_UNSUPPORTED;
        w->f_lane = l0;
        snprintf(w->f_msg, sizeof w->f_msg, "barrier id %u is out of range (0..15)", id);
        return WS_X_FAULT;
    }
    if (w->g->d->cfg.check_sync && sync_check(w, x, exec, id) < 0)
        return WS_X_FAULT;
    ws_barrier *b = &c->bar[id];
    if (b->arrived == 0) {
        b->expected = count;
        b->all = true;
        b->any = false;
        b->popc = 0;
    }
    b->arrived += ws_popc32(w->live);
    if (red) {
        uint32_t p = ws_srcp(w, x, x->nsrc - 1) & exec;
        b->popc += ws_popc32(p);
        b->all = b->all && p == exec;
        b->any = b->any || p != 0;
    }
    if (w->st)
        w->st->barrier = true;
    if (x->subop == WS_BAR_ARRIVE) {
        if (barrier_complete(c, b)) {
            barrier_release(c, id);
            if (w->st)
                w->st->barrier_released = true;
        }
        return WS_X_NEXT;
    }
    w->status = WS_WARP_BARRIER;
    w->bar_id = id;
    w->bar_pc = w->pc;
    w->bar_insn = x;
    w->bar_kind = x->subop;
    w->bar_mask = exec;
    w->bar_dst = red ? x->dst[0] : 0;
    w->bar_dpred = x->dpred;
    b->nwaiting++;
    if (barrier_complete(c, b)) {
        barrier_release(c, id);
        if (w->st)
            w->st->barrier_released = true;
        return WS_X_NEXT;
    }
    return WS_X_BARRIER;
}

static int x_nop(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    (void)w, (void)x, (void)exec;
    return WS_X_NEXT;
}

/* membermask of lane l (no operand: the whole warp) */
static inline uint32_t members(const uint64_t *Mk, uint32_t l) { return Mk ? (uint32_t)Mk[l] : ~0u; }

static int x_vote(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint32_t a = ws_srcp(w, x, 0);
    const uint64_t *Mk = x->nsrc > 1 ? SRC(1) : NULL;
    if (x->subop == WS_VOTE_BALLOT) {
        uint64_t *D = ws_dst(w, x, 0);
        WS_LANES(exec, l) D[l] = a & exec & members(Mk, l);
        return WS_X_NEXT;
    }
    uint32_t r = 0;
    WS_LANES(exec, l) {
        uint32_t part = exec & members(Mk, l), t = a & part;
        int v;
        switch (x->subop) {
        case WS_VOTE_ALL: v = t == part; break;
        case WS_VOTE_ANY: v = t != 0; break;
        default: v = t == part || t == 0; break;
        }
        r |= (uint32_t)v << l;
    }
    ws_setp(w, x->dst[0], r, exec);
    return WS_X_NEXT;
}

static int x_activemask(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint64_t *D = ws_dst(w, x, 0);
    WS_LANES(exec, l) D[l] = exec;
    return WS_X_NEXT;
}

/* shfl{.sync}.mode.b32 d{|p}, a, b, c{, membermask} */
static int x_shfl(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *B = SRC(1), *C = SRC(2);
    uint64_t src[WS_WARP_SIZE];
    memcpy(src, A, sizeof src);
    uint64_t *D = ws_dst(w, x, 0);
    uint32_t pv = 0;
    WS_LANES(exec, l) {
        uint32_t bval = (uint32_t)B[l] & 31, cval = (uint32_t)C[l] & 31, seg = ((uint32_t)C[l] >> 8) & 31;
        uint32_t maxl = (l & seg) | (cval & ~seg), minl = l & seg;
        int32_t j;
        int ok;
        switch (x->subop) {
        case WS_SHFL_UP: j = (int32_t)l - (int32_t)bval; ok = j >= (int32_t)maxl; break;
        case WS_SHFL_DOWN: j = (int32_t)(l + bval); ok = j <= (int32_t)maxl; break;
        case WS_SHFL_BFLY: j = (int32_t)(l ^ bval); ok = j <= (int32_t)maxl; break;
        default: j = (int32_t)(minl | (bval & ~seg)); ok = j <= (int32_t)maxl; break;
        }
        if (!ok)
            j = (int32_t)l;
        D[l] = src[j] & 0xffffffffu;
        pv |= (uint32_t)ok << l;
    }
    if (x->ndst > 1)
        ws_setp(w, x->dst[1], pv, exec);
    return WS_X_NEXT;
}

/* match.any.sync.type d, a, membermask; match.all.sync.type d{|p}, a, membermask */
static int x_match(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    const uint64_t *Mk = x->nsrc > 1 ? SRC(1) : NULL;
    const uint64_t m = x->tmask;
    uint64_t v[WS_WARP_SIZE];
    WS_LANES(exec, l) v[l] = A[l] & m;
    uint64_t *D = ws_dst(w, x, 0);
    uint32_t pv = 0;
    WS_LANES(exec, l) {
        uint32_t part = exec & members(Mk, l), same = 0;
        WS_LANES(part, k) {
            if (v[k] == v[l])
                same |= 1u << k;
        }
        if (x->subop == WS_MATCH_ALL) {
            int all = same == part;
            D[l] = all ? part : 0;
            pv |= (uint32_t)all << l;
        } else {
            D[l] = same;
        }
    }
    if (x->ndst > 1)
        ws_setp(w, x->dst[1], pv, exec);
    return WS_X_NEXT;
}

ws_xfn ws_exec_sync_pick(const ws_xinsn *x)
{
    switch (x->op) {
    case WS_OP_BAR:
        if (x->subop == WS_BAR_RED_POPC || x->subop == WS_BAR_RED_AND || x->subop == WS_BAR_RED_OR)
            return x->ndst == 1 && x->nsrc >= 2 ? x_bar : NULL;
        return x_bar;
    case WS_OP_BAR_WARP: case WS_OP_MEMBAR: case WS_OP_FENCE:
        return x_nop;
    case WS_OP_VOTE:
        if (x->subop == WS_VOTE_BALLOT)
            return x->ndst == 1 && !x->dpred ? x_vote : NULL;
        return x->dpred ? x_vote : NULL;
    case WS_OP_ACTIVEMASK:
        return x->ndst == 1 ? x_activemask : NULL;
    case WS_OP_SHFL:
        return x->nsrc >= 3 && x->ndst >= 1 && !x->dpred ? x_shfl : NULL;
    case WS_OP_MATCH:
        return x->nsrc >= 1 && x->ndst >= 1 && !x->dpred ? x_match : NULL;
    default:
        return NULL;
    }
}
