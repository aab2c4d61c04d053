/* ws_ptx_regs.c: registers per thread for occupancy (see
 * ws_ptx_func_regs_per_thread in ws_ptx.h).
 *
 * PTX registers are virtual: nvcc numbers every value, and ptxas's register
 * allocator maps them onto far fewer physical registers.  The estimate is
 * therefore the register pressure, not the declared count: the largest
 * number of 32-bit register slots whose values are live at the same point
 * (a 64-bit register counts 2, 8- and 16-bit ones 1, predicates 0), found by
 * a backward liveness analysis over the CFG.  At a call, the slots live
 * across the call are added to the callee's own need (recursion: the
 * callee's own pressure once).  Capped at 255, the architectural maximum.
 * A function too large to analyse (blocks x registers above 2^28) counts
 * every declared register instead. */
#include "ptx/ws_ptx.h"
#include "ptx/ws_ptx_cfg.h"
#include "ptx/ws_ptx_live.h"
#include "ptx/ws_ptx_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

#define REG_CAP 255u
/* Liveness sets larger than this (64-bit words per set) are not computed. */
#define LIVENESS_MAX_WORDS ((uint64_t)1 << 22)

static unsigned slots_of(const ws_ptx_reg_info *r)
{
    unsigned s = (ws_ptx_type_size((ws_ptx_type)r->type) + 3) / 4;
    return s ? s : 1;
}

/* Own pressure of f; across[i] gets, for each call instruction i, the slots live across it. */
static unsigned pressure(const ws_ptx_func *f, unsigned *across)
{
    if (f->nregs == 0 || f->ninsns == 0)
        return 0;
    ws_ptx_live lv;
    if (ws_ptx_live_build(f, LIVENESS_MAX_WORDS, &lv) < 0) {
        /* Too big to analyse cheaply: every declared register counts. */
        unsigned n = 0;
        for (uint32_t r = 0; r < f->nregs && n < REG_CAP; r++)
            n += slots_of(&f->regs[r]);
        return WS_MIN(n, REG_CAP);
    }
    const ws_ptx_cfg *c = lv.cfg;
    uint32_t nb = c->nblocks;
    size_t W = lv.W;
    unsigned *w = ws_xmalloc(f->nregs * sizeof *w);
    for (uint32_t r = 0; r < f->nregs; r++)
        w[r] = slots_of(&f->regs[r]);
    const uint64_t *out = lv.out;
    unsigned best = 0;
    uint64_t *cur = ws_xmalloc(W * 8);
    for (uint32_t b = 0; b < nb; b++) {
        memcpy(cur, out + b * W, W * 8);
        unsigned sum = 0;
        for (uint32_t r = 0; r < f->nregs; r++)
            if (ws_ptx_has_bit(cur, (int32_t)r))
                sum += w[r];
        for (uint32_t i = c->start[b + 1]; i-- > c->start[b];) {
            const ws_ptx_insn *ins = &f->insns[i];
            if (ins->op == WS_OP_CALL && across)
                across[i] = sum;
            unsigned extra = 0;   /* dead definitions still need a register */
            WS_PTX_FOR_REGS(ins, if (d_ && !ws_ptx_has_bit(cur, r_)) extra += w[r_];)
            best = WS_MAX(best, sum + extra);
            WS_PTX_FOR_REGS(ins, if (d_ && ins->guard < 0 && ws_ptx_has_bit(cur, r_)) { ws_ptx_clr_bit(cur, r_); sum -= w[r_]; })
            WS_PTX_FOR_REGS(ins, if (!d_ && !ws_ptx_has_bit(cur, r_)) { ws_ptx_set_bit(cur, r_); sum += w[r_]; })
            best = WS_MAX(best, sum);
        }
    }
    free(cur);
    free(w);
    ws_ptx_live_free(&lv);
    return best;
}

typedef struct regctx {
    const ws_ptx_module *m;
    unsigned *own, *need;
    unsigned **across;
    uint8_t *state;            /* 0 new, 1 in progress, 2 done */
} regctx;

static unsigned need_of(regctx *x, uint32_t fi, unsigned depth)
{
    if (x->state[fi] == 2)
        return x->need[fi];
    if (x->state[fi] == 1 || depth > 10000)
        return x->own[fi];   /* recursion */
    x->state[fi] = 1;
    const ws_ptx_func *f = &x->m->funcs[fi];
    unsigned n = x->own[fi];
    for (uint32_t i = 0; i < f->ninsns; i++)
        if (f->insns[i].op == WS_OP_CALL && f->insns[i].callee >= 0) {
            unsigned a = x->across[fi] ? x->across[fi][i] : 0;
            n = WS_MAX(n, a + need_of(x, (uint32_t)f->insns[i].callee, depth + 1));
        }
    x->need[fi] = WS_MIN(n, REG_CAP);
    x->state[fi] = 2;
    return x->need[fi];
}

void ws_ptx_count_regs(ws_ptx_module *m)
{
    regctx x = { .m = m };
    uint32_t nf = m->nfuncs;
    x.own = ws_xcalloc(nf + 1, sizeof *x.own);
    x.need = ws_xcalloc(nf + 1, sizeof *x.need);
    x.across = ws_xcalloc(nf + 1, sizeof *x.across);
    x.state = ws_xcalloc(nf + 1, 1);
    for (uint32_t fi = 0; fi < nf; fi++) {
        const ws_ptx_func *f = &m->funcs[fi];
        if (f->is_decl)
            continue;
        x.across[fi] = ws_xcalloc(f->ninsns + 1, sizeof **x.across);
        x.own[fi] = pressure(f, x.across[fi]);
    }
    for (uint32_t fi = 0; fi < nf; fi++)
        m->funcs[fi].regs_per_thread = need_of(&x, fi, 0);
    for (uint32_t fi = 0; fi < nf; fi++)
        free(x.across[fi]);
    free(x.across);
    free(x.own);
    free(x.need);
    free(x.state);
}

unsigned ws_ptx_func_regs_per_thread(const ws_ptx_module *m, const ws_ptx_func *f)
{
    (void)m;
    return f ? f->regs_per_thread : 0;
}

static unsigned declared_of(const ws_ptx_module *m, uint32_t fi, uint8_t *state, unsigned *memo, unsigned depth)
{
    if (state[fi] == 2)
        return memo[fi];
    const ws_ptx_func *f = &m->funcs[fi];
    unsigned own = 0;
    for (uint32_t r = 0; r < f->nregs && own < REG_CAP; r++)
        own += slots_of(&f->regs[r]);
    if (state[fi] == 1 || depth > 10000)
        return WS_MIN(own, REG_CAP);
    state[fi] = 1;
    unsigned callee = 0;
    for (uint32_t i = 0; i < f->ninsns; i++)
        if (f->insns[i].op == WS_OP_CALL && f->insns[i].callee >= 0)
            callee = WS_MAX(callee, declared_of(m, (uint32_t)f->insns[i].callee, state, memo, depth + 1));
    memo[fi] = WS_MIN(own + callee, REG_CAP);
    state[fi] = 2;
    return memo[fi];
}

unsigned ws_ptx_func_regs_declared(const ws_ptx_module *m, const ws_ptx_func *f)
{
    if (!m || !f || f < m->funcs || f >= m->funcs + m->nfuncs)
        return 0;
    uint8_t *state = ws_xcalloc(m->nfuncs + 1, 1);
    unsigned *memo = ws_xcalloc(m->nfuncs + 1, sizeof *memo);
    unsigned r = declared_of(m, (uint32_t)(f - m->funcs), state, memo, 0);
    free(state);
    free(memo);
    return r;
}
