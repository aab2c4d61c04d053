/* ws_tinsn.c: the timing facts of each instruction of a function (unit,
 * latency, initiation interval, registers read and written), built once per
 * function the first time a warp runs it. */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_sm.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_int.h"
#include "util/ws_util.h"

static bool is_float(uint8_t t) { return ws_ptx_type_is_float((ws_ptx_type)t); }
static bool is_f64(uint8_t t) { return t == WS_T_F64; }

/* Latency class of an arithmetic instruction. */
static int latclass(const ws_ptx_insn *in)
{
    bool f = is_float(in->type), d = is_f64(in->type) || (in->op == WS_OP_CVT && is_f64(in->type2));
    switch (in->op) {
    case WS_OP_RCP: case WS_OP_SQRT: case WS_OP_RSQRT:
        return d ? WS_LC_DP_DIV : WS_LC_SFU;
    case WS_OP_EX2: case WS_OP_LG2: case WS_OP_SIN: case WS_OP_COS: case WS_OP_TANH:
        return WS_LC_SFU;
    case WS_OP_DIV: case WS_OP_REM:
        return d ? WS_LC_DP_DIV : f ? WS_LC_FP_DIV : WS_LC_INT_DIV;
    case WS_OP_MUL: case WS_OP_MUL24:
        return d ? WS_LC_DP_MUL : f ? WS_LC_FP_MUL : WS_LC_INT_MUL;
    case WS_OP_MAD: case WS_OP_MADC: case WS_OP_MAD24: case WS_OP_FMA: case WS_OP_SAD:
    case WS_OP_DP4A: case WS_OP_DP2A:
        return d ? WS_LC_DP_MAD : f ? WS_LC_FP_MAD : WS_LC_INT_MAD;
    case WS_OP_MIN: case WS_OP_MAX:
        return d ? WS_LC_DP_MAX : f ? WS_LC_FP_MAX : WS_LC_INT_MAX;
    case WS_OP_SHFL:
        return WS_LC_INT_SHFL;
    default:
        return d ? WS_LC_DP_ADD : f ? WS_LC_FP_ADD : WS_LC_INT_ADD;
    }
}

static bool is_dp_class(int lc) { return lc >= WS_LC_DP_ADD && lc <= WS_LC_DP_DIV; }

/* Append r to the instruction's list (from `start`) unless already there. */
static void add_reg(uint32_t **regs, uint32_t start, uint32_t *n, size_t *cap, uint32_t r)
{
    for (uint32_t i = start; i < *n; i++)
        if ((*regs)[i] == r)
            return;
    WS_GROW(*regs, *cap, *n + 1);
    (*regs)[(*n)++] = r;
}

static void opnd_regs(const ws_ptx_func *f, const ws_ptx_opnd *o, uint32_t **regs, uint32_t start,
                      uint32_t *n, size_t *cap)
{
    switch (o->kind) {
    case WS_O_REG:
        if (o->reg >= 0) add_reg(regs, start, n, cap, (uint32_t)o->reg);
        break;
    case WS_O_PRED:
        if (o->reg >= 0) add_reg(regs, start, n, cap, f->nregs + (uint32_t)o->reg);
        break;
    case WS_O_ADDR:
        if (o->reg >= 0) add_reg(regs, start, n, cap, (uint32_t)o->reg);
        break;
    case WS_O_VEC:
        for (uint32_t i = 0; i < o->nvec; i++)
            if (o->vec && o->vec[i] >= 0) add_reg(regs, start, n, cap, (uint32_t)o->vec[i]);
        break;
    default:
        break;
    }
}

/* Energy class (WS_EC_*) of an instruction, for the insn.* and lanes.*
 * counters.  It follows the unit the timing model issues the instruction
 * to and the latency class it charges (latclass), so that what an energy
 * model prices matches what the timing model runs:
 *   ldst    ld, ldu, st, atom, red, prefetch, prefetchu (every state space:
 *           global, local, shared, const, param)
 *   branch  bra, call, ret, exit, bar (all forms), bar.warp.sync, membar,
 *           fence, trap, brkpt, nanosleep (the control unit), and vote and
 *           activemask (warp-wide predicate / mask operations, which the
 *           branch unit's active-mask logic serves; the timing model gives
 *           them an integer ALU's latency)
 *   sfu     latency class SFU: rcp, sqrt, rsqrt of f32/f16 (f64 ones are
 *           fp64), ex2, lg2, sin, cos, tanh
 *   fp64    latency classes DP_*: any arithmetic, comparison (setp/set),
 *           move or conversion whose type, or a cvt whose source type, is
 *           f64
 *   fp32    latency classes FP_*: the same with a type f32, f16, f16x2, bf16
 *           or bf16x2 (half precision is counted with fp32: there is no
 *           separate class), including mov, selp and setp of those types
 *   int     everything else: integer add/sub/mul/mad/div/rem/min/max, logic,
 *           shifts, bit operations, setp/set/selp/mov of integer or bit
 *           types, cvta, isspacep, shfl, match
 * cvt between an integer and a float type is priced as the float type's
 * class (fp32, or fp64 when either side is f64), whichever direction: the
 * conversion (normalising, rounding) is floating-point work whichever side
 * the float is on, and a rule that depended on the direction would price
 * cvt.f32.s32 and cvt.s32.f32 differently.  (The timing model's latency
 * class of cvt.s32.f32 is the integer one, its type being the destination's;
 * only the energy class looks at both sides.) */
static uint8_t energy_class(const ws_ptx_insn *in, int lc)
{
    switch (in->op) {
    case WS_OP_VOTE: case WS_OP_ACTIVEMASK:
        return WS_EC_BRANCH;
    case WS_OP_CVT:
        if (is_f64(in->type) || is_f64(in->type2)) return WS_EC_FP64;
        if (is_float(in->type) || is_float(in->type2)) return WS_EC_FP32;
        return WS_EC_INT;
    default:
        break;
    }
    if (lc == WS_LC_SFU) return WS_EC_SFU;
    if (lc >= WS_LC_DP_ADD && lc <= WS_LC_DP_DIV) return WS_EC_FP64;
    if (lc >= WS_LC_FP_ADD && lc <= WS_LC_FP_DIV) return WS_EC_FP32;
    return WS_EC_INT;
}

/* General-purpose register operands of o (rf.reads / rf.writes): one per
 * register, one per element of a vector, the base register of an address;
 * predicates, special registers, immediates and symbols none. */
static uint32_t opnd_gprs(const ws_ptx_opnd *o)
{
    uint32_t n = 0;
    switch (o->kind) {
    case WS_O_REG: case WS_O_ADDR:
        return o->reg >= 0;
    case WS_O_VEC:
        for (uint32_t i = 0; i < o->nvec; i++)
            if (o->vec && o->vec[i] >= 0) n++;
        return n;
    default:
        return 0;
    }
}

static uint8_t clamp8(uint32_t v) { return v > 255 ? 255 : (uint8_t)v; }

static ws_tfunc *build(ws_gpu *g, const ws_ptx_func *f)
{
    ws_tfunc *tf = ws_xmalloc(sizeof *tf);
    memset(tf, 0, sizeof *tf);
    tf->f = f;
    if (g->inext < WS_INST_BASE) g->inext = WS_INST_BASE;
    tf->ibase = g->inext;
    g->inext += ((uint64_t)f->ninsns + 1) * WS_INST_BYTES;
    tf->nslots = f->nregs + f->npreds;
    tf->ins = ws_xmalloc((f->ninsns + 1) * sizeof *tf->ins);
    if (ws_gpu_dbg_recording(g)) {
        tf->stalls = ws_xcalloc(f->ninsns + 1, sizeof *tf->stalls);
        tf->execs = ws_xcalloc(f->ninsns + 1, sizeof *tf->execs);
    }
    memset(tf->ins, 0, (f->ninsns + 1) * sizeof *tf->ins);
    uint32_t n = 0;
    size_t cap = 0;
    for (uint32_t i = 0; i < f->ninsns; i++) {
        const ws_ptx_insn *in = &f->insns[i];
        ws_tinsn *t = &tf->ins[i];
        t->regoff = n;
        uint32_t before = n;
        for (uint32_t k = 0; k < in->ndst && k < in->nopnds; k++)
            opnd_regs(f, &in->opnd[k], &tf->regs, before, &n, &cap);
        t->ndst = (uint16_t)(n - before);
        /* sources: store operands are all sources; the guard reads a predicate */
        uint32_t dstart = n;
        /* (a source that is also a destination is listed once, among the
         * destinations: readiness is checked over both lists anyway) */
        for (uint32_t k = in->ndst; k < in->nopnds; k++)
            opnd_regs(f, &in->opnd[k], &tf->regs, before, &n, &cap);
        if (in->guard >= 0) {
            WS_GROW(tf->regs, cap, n + 1);
            tf->regs[n++] = f->nregs + (uint32_t)in->guard;
        }
        t->nsrc = (uint16_t)(n - dstart);
        uint32_t gw = 0, gr = 0;
        for (uint32_t k = 0; k < in->nopnds; k++) {
            if (k < in->ndst) gw += opnd_gprs(&in->opnd[k]);
            else gr += opnd_gprs(&in->opnd[k]);
        }
        t->rf_wr = clamp8(gw);
        t->rf_rd = clamp8(gr);
        switch (in->op) {
        case WS_OP_LD: case WS_OP_LDU: case WS_OP_ST: case WS_OP_ATOM: case WS_OP_RED:
        case WS_OP_PREFETCH: case WS_OP_PREFETCHU: case WS_OP_LOAD_IRU:
        case WS_OP_PC_GATHER: case WS_OP_PC_SCATTER_SET:
            t->unit = WS_U_LDST; t->ecls = WS_EC_LDST;
            t->lat = 1; t->ii = 1;
            break;
        case WS_OP_BRA: case WS_OP_CALL: case WS_OP_RET: case WS_OP_EXIT:
            t->unit = WS_U_CTRL; t->control = 1; t->ecls = WS_EC_BRANCH;
            t->lat = 1; t->ii = 1;
            break;
        case WS_OP_BAR: case WS_OP_BAR_WARP: case WS_OP_TRAP: case WS_OP_BRKPT: case WS_OP_NANOSLEEP:
            t->unit = WS_U_CTRL; t->ecls = WS_EC_BRANCH; t->lat = 1; t->ii = 1;
            break;
        case WS_OP_MEMBAR: case WS_OP_FENCE:
            t->unit = WS_U_CTRL; t->ecls = WS_EC_BRANCH; t->membar = 1; t->lat = 1; t->ii = 1;
            break;
        case WS_OP_PC_WAIT:
            t->unit = WS_U_CTRL; t->ecls = WS_EC_BRANCH; t->mff_wait = 1; t->lat = 1; t->ii = 1;
            break;
        default: {
            int lc = latclass(in);
            t->unit = lc == WS_LC_SFU ? WS_U_SFU : (is_dp_class(lc) && g->cfg.dp_units) ? WS_U_DP : WS_U_SP;
            t->short_sb = lc == WS_LC_SFU;
            t->ecls = energy_class(in, lc);
            t->lat = g->lat.lat[lc];
            t->ii = (uint16_t)(g->lat.ii[lc] * g->cfg.simd_mult);
            if (t->ii == 0) t->ii = 1;
            break;
        }
        }
    }
    /* the slot past the end (a warp running off the end exits) */
    tf->ins[f->ninsns].unit = WS_U_CTRL;
    tf->ins[f->ninsns].control = 1;
    tf->ins[f->ninsns].ecls = WS_EC_BRANCH;    /* (an implicit exit) */
    tf->ins[f->ninsns].lat = tf->ins[f->ninsns].ii = 1;
    tf->ins[f->ninsns].regoff = n;
    if (!tf->regs) tf->regs = ws_xmalloc(sizeof *tf->regs);
    return tf;
}

const ws_tfunc *ws_tfunc_get(ws_gpu *g, const ws_ptx_func *f)
{
    for (uint32_t i = 0; i < g->ntf; i++)
        if (g->tf[i]->f == f)
            return g->tf[i];
    WS_GROW(g->tf, g->captf, g->ntf + 1);
    g->tf[g->ntf] = build(g, f);
    return g->tf[g->ntf++];
}

void ws_tfunc_free_all(ws_gpu *g)
{
    for (uint32_t i = 0; i < g->ntf; i++) {
        free(g->tf[i]->ins);
        free(g->tf[i]->regs);
        free(g->tf[i]->stalls);
        free(g->tf[i]->execs);
        free(g->tf[i]);
    }
    free(g->tf);
    g->tf = NULL;
    g->ntf = g->captf = 0;
}
