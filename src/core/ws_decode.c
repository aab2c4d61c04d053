/* ws_decode.c: pre-decoding PTX IR instructions into ws_xinsn.
 *
 * Operands become register offsets (reg * 32), 32-lane immediate vectors,
 * predicate indices and address descriptors; the opcode becomes a handler
 * chosen by the ws_exec_*_pick functions.  An instruction form no handler
 * takes is a load-time error naming file:line:col. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "util/ws_util.h"

/* What a function-scope or parameter variable is, for addressing. */
enum { VK_MODULE = 0, VK_KPARAM, VK_FRAME };

typedef struct dctx {
    ws_module *mod;
    const ws_ptx_module *m;
    uint8_t *vkind;          /* per variable */
    ws_error *err;
    const ws_xfunc *xf;      /* the function being decoded */
} dctx;

/* Offset of register r's storage (ws_regslots.c) in a frame's registers.
 * Every register an operand names has a slot; a register without one
 * (which the liveness pass would have had to miss) gets the sink's rather
 * than an offset outside the frame. */
static uint32_t reg_off(const ws_xfunc *xf, int32_t r)
{
    uint32_t s = xf->slot[r];
    return (s == UINT32_MAX ? xf->nregs - 1 : s) * WS_WARP_SIZE;
}

static const uint64_t *pool_imm(ws_module *mod, uint64_t v)
{
    for (size_t i = mod->npool; i-- > 0 && i + 64 >= mod->npool;)
        if (mod->pool[i][0] == v)
            return mod->pool[i];
    uint64_t *p = ws_xmalloc(WS_WARP_SIZE * sizeof *p);
    for (int l = 0; l < WS_WARP_SIZE; l++)
        p[l] = v;
    WS_GROW(mod->pool, mod->cap_pool, mod->npool + 1);
    mod->pool[mod->npool++] = p;
    return p;
}

static int fail(dctx *c, const ws_ptx_insn *in, const char *what)
{
    return ws_error_set(c->err, WS_E_UNSUPPORTED, "%s:%u:%u: %s", c->m->path, in->line, in->col, what);
}

static unsigned reg_bits(const ws_ptx_func *f, int32_t r)
{
    if (r < 0 || (uint32_t)r >= f->nregs)
        return 64;
    unsigned s = ws_ptx_type_size((ws_ptx_type)f->regs[r].type);
    return s ? s * 8 : 64;
}

static int decode_addr(dctx *c, const ws_ptx_func *f, const ws_ptx_insn *in, const ws_ptx_opnd *o,
                       ws_xinsn *x)
{
    ws_xaddr *a = &x->addr;
    bool generic = in->space == WS_SP_NONE &&
                   (in->op == WS_OP_LD || in->op == WS_OP_ST || in->op == WS_OP_ATOM || in->op == WS_OP_RED ||
                    in->op == WS_OP_PREFETCH || in->op == WS_OP_PREFETCHU || in->op == WS_OP_LDU);
    a->base = -1;
    a->kind = WS_XA_ABS;
    a->disp = (uint64_t)o->imm;
    if (o->kind == WS_O_ADDR && o->reg >= 0) {
        if ((uint32_t)o->reg >= f->nregs)
            return fail(c, in, "bad base register");
        a->base = (int32_t)reg_off(c->xf, o->reg);
        a->base32 = reg_bits(f, o->reg) <= 32;
    }
    if (o->sym < 0)
        return 0;
    if ((uint32_t)o->sym >= c->m->nsyms)
        return fail(c, in, "bad symbol");
    const ws_ptx_sym *sy = &c->m->syms[o->sym];
    if (sy->var < 0) {
        if (in->op == WS_OP_MOV) {   /* function address: opaque */
            a->disp += 0xF000000000000000ull | (uint64_t)(uint32_t)sy->func;
            return 0;
        }
        return fail(c, in, "a function name cannot be used as an address here");
    }
    const ws_ptx_var *v = &c->m->vars[sy->var];
    uint8_t vk = c->vkind[sy->var];
    uint8_t sp = v->space;
    switch (sp) {
    case WS_SP_GLOBAL:
        if (v->func >= 0)
            return fail(c, in, "function-scope .global variables are not supported");
        a->disp += c->mod->var_addr[sy->var];
        break;
    case WS_SP_CONST:
        a->disp += v->offset;
        a->window = WS_GEN_CONST_BASE;
        break;
    case WS_SP_SHARED:
        if (v->is_extern)
            a->kind = WS_XA_DYNSHARED;
        else
            a->disp += v->offset;
        a->window = WS_GEN_SHARED_BASE;
        break;
    case WS_SP_LOCAL:
        a->kind = WS_XA_FRAME;
        a->disp += v->offset;
        a->window = WS_GEN_LOCAL_BASE;
        break;
    case WS_SP_PARAM:
        a->disp += v->offset;
        if (vk == VK_KPARAM) {
            a->window = WS_GEN_PARAM_BASE;
        } else {
            a->kind = WS_XA_FRAME;
            a->window = WS_GEN_LOCAL_BASE;
            sp = WS_SP_LOCAL;
        }
        break;
    default:
        return fail(c, in, "variables of this state space cannot be addressed");
    }
    if (in->op == WS_OP_MOV || in->op == WS_OP_CVTA) {
        /* the value is the address in the variable's own space (the
         * engine's local space for .func parameters) */
        x->space = sp;
        a->window = 0;
        return 0;
    }
    if (generic) {
        x->generic = 1;    /* keep window: the symbol's generic address */
        if (sp == WS_SP_GLOBAL)
            a->window = 0;
    } else {
        a->window = 0;
        if (x->space == WS_SP_PARAM)
            x->space = sp;   /* .func parameters and call temporaries: local frame */
    }
    return 0;
}

static void set_src(dctx *c, ws_xinsn *x, int k, const ws_ptx_opnd *o)
{
    ws_xsrc *s = &x->src[k];
    switch (o->kind) {
    case WS_O_REG:
        s->kind = WS_XS_REG;
        s->off = reg_off(c->xf, o->reg);
        break;
    case WS_O_IMM:
        s->kind = WS_XS_IMM;
        s->imm = pool_imm(c->mod, (uint64_t)o->imm);
        break;
    case WS_O_SREG:
        s->kind = WS_XS_SREG;
        s->sreg = (uint8_t)o->sreg;
        s->comp = o->comp;
        break;
    case WS_O_PRED:
        s->kind = WS_XS_PRED;
        s->off = (uint32_t)o->reg;
        s->neg = o->neg;
        break;
    default:
        s->kind = WS_XS_NONE;
        break;
    }
}

static void set_dst(const ws_ptx_func *f, ws_xinsn *x, int k, int32_t reg, const ws_xfunc *xf)
{
    if (reg < 0) {   /* sink */
        x->dst[k] = (xf->nregs - 1) * WS_WARP_SIZE;
        x->dbits[k] = 64;
    } else {
        x->dst[k] = reg_off(xf, reg);
        x->dbits[k] = (uint8_t)reg_bits(f, reg);
    }
    x->dmask[k] = ws_bits_mask(x->dbits[k]);
}

static uint8_t klass_of(const ws_ptx_insn *in)
{
    bool f64 = in->type == WS_T_F64, fl = ws_ptx_type_is_float((ws_ptx_type)in->type);
    switch (in->op) {
    case WS_OP_LD: case WS_OP_LDU: case WS_OP_ST: case WS_OP_ATOM: case WS_OP_RED:
    case WS_OP_PREFETCH: case WS_OP_PREFETCHU: case WS_OP_LOAD_IRU:
    case WS_OP_PC_GATHER: case WS_OP_PC_SCATTER_SET:
        return WS_IC_MEM;
    case WS_OP_PC_WAIT:
        return WS_IC_BARRIER;
    case WS_OP_BRA: case WS_OP_CALL: case WS_OP_RET: case WS_OP_EXIT:
        return WS_IC_BRANCH;
    case WS_OP_BAR: case WS_OP_BAR_WARP: case WS_OP_MEMBAR: case WS_OP_FENCE:
        return WS_IC_BARRIER;
    case WS_OP_VOTE: case WS_OP_SHFL: case WS_OP_MATCH: case WS_OP_ACTIVEMASK:
        return WS_IC_WARP;
    case WS_OP_RCP: case WS_OP_SQRT: case WS_OP_RSQRT: case WS_OP_EX2: case WS_OP_LG2:
    case WS_OP_SIN: case WS_OP_COS: case WS_OP_TANH:
        return f64 ? WS_IC_FP64 : WS_IC_SFU;
    case WS_OP_NANOSLEEP: case WS_OP_TRAP: case WS_OP_BRKPT:
        return WS_IC_OTHER;
    case WS_OP_MUL: case WS_OP_MAD: case WS_OP_MADC: case WS_OP_MUL24: case WS_OP_MAD24:
    case WS_OP_DIV: case WS_OP_REM: case WS_OP_SAD: case WS_OP_DP4A: case WS_OP_DP2A:
        if (!fl)
            return WS_IC_IMUL;
        if (in->op == WS_OP_DIV && !f64 && (in->flags & WS_F_APPROX))
            return WS_IC_SFU;
        return f64 ? WS_IC_FP64 : WS_IC_FP32;
    case WS_OP_CVT:
        if (in->type == WS_T_F64 || in->type2 == WS_T_F64)
            return WS_IC_FP64;
        return WS_IC_ALU;
    default:
        if (fl && in->op != WS_OP_MOV && in->op != WS_OP_SELP && in->op != WS_OP_SETP &&
            in->op != WS_OP_SET && in->op != WS_OP_SLCT && in->op != WS_OP_LD)
            return f64 ? WS_IC_FP64 : WS_IC_FP32;
        if ((in->op == WS_OP_SETP || in->op == WS_OP_SET) && in->type == WS_T_F64)
            return WS_IC_FP64;
        return WS_IC_ALU;
    }
}

static int decode_call(dctx *c, const ws_ptx_func *f, const ws_ptx_insn *in, ws_xinsn *x)
{
    const ws_ptx_module *m = c->m;
    if (in->callee < 0 || (uint32_t)in->callee >= m->nfuncs)
        return fail(c, in, "indirect calls (through a register) are not supported");
    const ws_ptx_func *cf = &m->funcs[in->callee];
    if (cf->is_decl || cf->ninsns == 0) {
        x->builtin = (uint8_t)ws_builtin_lookup(cf->name);
        if (!x->builtin) {
            char msg[300];
            snprintf(msg, sizeof msg,
                     "call to '%s', which is declared but has no body in this module (warpscope provides vprintf "
                     "and __assertfail)",
                     cf->name);
            return fail(c, in, msg);
        }
    }
    /* the parser's layout: opnd[0] return values, opnd[1] the function,
     * opnd[2] the arguments */
    const ws_ptx_opnd *rets = in->nopnds > 0 && in->opnd[0].kind == WS_O_PARAMLIST ? &in->opnd[0] : NULL;
    const ws_ptx_opnd *args = in->nopnds > 2 && in->opnd[2].kind == WS_O_PARAMLIST ? &in->opnd[2] : NULL;
    uint32_t na = args ? args->nvec : 0, nr = rets ? rets->nvec : 0;
    if (na != cf->nparams || nr != cf->nrets) {
        char msg[300];
        snprintf(msg, sizeof msg, "call to '%s' passes %u argument(s) and %u return value(s); it takes %u and %u",
                 cf->name, na, nr, cf->nparams, cf->nrets);
        return fail(c, in, msg);
    }
    ws_xcall *call = ws_xcalloc(1, sizeof *call);
    x->call = call;
    call->nargs = na;
    call->nrets = nr;
    call->args = ws_xcalloc(na ? na : 1, sizeof *call->args);
    call->rets = ws_xcalloc(nr ? nr : 1, sizeof *call->rets);
    for (uint32_t k = 0; k < na + nr; k++) {
        bool is_ret = k >= na;
        uint32_t j = is_ret ? k - na : k;
        int32_t s = (is_ret ? rets : args)->vec[j];
        if (s < 0 || (uint32_t)s >= m->nsyms || m->syms[s].var < 0)
            return fail(c, in, "call arguments must be .param variables");
        const ws_ptx_var *cv = &m->vars[m->syms[s].var];
        const ws_ptx_var *pv = &m->vars[is_ret ? cf->rets[j] : cf->params[j]];
        if (cv->space != WS_SP_PARAM || c->vkind[m->syms[s].var] != VK_FRAME || cv->func < 0)
            return fail(c, in, "call arguments must be .param variables declared in the calling function");
        uint64_t size = cv->size < pv->size ? cv->size : pv->size;
        ws_xcopy *cp = is_ret ? &call->rets[j] : &call->args[j];
        cp->size = size;
        cp->from = is_ret ? pv->offset : cv->offset;
        cp->to = is_ret ? cv->offset : pv->offset;
    }
    (void)f;
    x->callee = in->callee;
    return 0;
}

static ws_xfn pick(const ws_xinsn *x)
{
    ws_xfn (*pickers[])(const ws_xinsn *) = {
        ws_exec_ctrl_pick, ws_exec_mem_pick, ws_exec_int_pick, ws_exec_bit_pick, ws_exec_float_pick,
        ws_exec_cvt_pick, ws_exec_mov_pick, ws_exec_cmp_pick, ws_exec_sync_pick,
    };
    for (size_t i = 0; i < WS_ARRAY_LEN(pickers); i++) {
        ws_xfn fn = pickers[i](x);
        if (fn)
            return fn;
    }
    return NULL;
}

static int decode_insn(dctx *c, const ws_ptx_func *f, const ws_xfunc *xf, const ws_ptx_insn *in, ws_xinsn *x)
{
    x->in = in;
    x->guard = in->guard;
    x->gxor = (in->flags & WS_F_NEG_PRED) ? ~0u : 0u;
    if (in->guard >= 0 && (uint32_t)in->guard >= f->npreds)
        return fail(c, in, "bad guard predicate");
    x->op = in->op;
    x->type = in->type;
    x->type2 = in->type2;
    x->subop = in->subop;
    x->cmp = in->cmp;
    x->boolop = in->boolop;
    x->rnd = in->rnd;
    x->space = in->space;
    x->vec = in->vec ? in->vec : 1;
    x->cacheop = in->cacheop;
    x->flags = in->flags;
    x->callee = -1;
    unsigned tsz = ws_ptx_type_size((ws_ptx_type)in->type);
    x->tbits = (uint8_t)(in->type == WS_T_PRED ? 1 : tsz * 8);
    x->tmask = ws_bits_mask(x->tbits ? x->tbits : 64);
    x->klass = klass_of(in);
    x->target = UINT32_MAX;
    x->reconv = in->reconv;
    int nd = 0, ns = 0;
    bool have_addr = false;
    int nop = in->op == WS_OP_CALL ? 0 : in->nopnds;   /* call operands: decode_call */
    for (int i = 0; i < nop && i < WS_PTX_MAX_OPNDS; i++) {
        const ws_ptx_opnd *o = &in->opnd[i];
        bool is_dst = i < in->ndst;
        switch (o->kind) {
        case WS_O_ADDR:
            if (decode_addr(c, f, in, o, x) < 0)
                return -1;
            have_addr = true;
            break;
        case WS_O_SYM:
            if (decode_addr(c, f, in, o, x) < 0)
                return -1;
            have_addr = true;
            if (!is_dst && ns < 5)
                x->src[ns++].kind = WS_XS_NONE;   /* placeholder: the symbol's address */
            break;
        case WS_O_LABEL:
            x->target = o->target;
            break;
        case WS_O_PARAMLIST:
            break;
        case WS_O_VEC:
            for (int e = 0; e < o->nvec; e++) {
                int32_t r = o->vec[e];
                if (is_dst) {
                    if (nd < 4)
                        set_dst(f, x, nd++, r < 0 ? -1 : r, xf);
                } else if (ns < 5) {
                    ws_ptx_opnd t = { 0 };
                    if (r >= 0) {
                        t.kind = WS_O_REG;
                        t.reg = r;
                    } else if (r == -2 && o->vec_imm) {
                        t.kind = WS_O_IMM;
                        t.imm = o->vec_imm[e];
                    } else {
                        t.kind = WS_O_IMM;   /* `_` as a source reads 0 */
                        t.imm = 0;
                    }
                    set_src(c, x, ns++, &t);
                }
            }
            break;
        case WS_O_SINK:
            if (is_dst && nd < 4) {
                set_dst(f, x, nd, -1, xf);
                if (nd == 0 && (in->op == WS_OP_SETP))
                    x->dpred = 1, x->dst[0] = xf->npreds - 1;
                else if (nd == 1 && (in->op == WS_OP_SETP || in->op == WS_OP_SHFL || in->op == WS_OP_MATCH ||
                                     in->op == WS_OP_VOTE))
                    x->dst[1] = xf->npreds - 1;
                nd++;
            }
            break;
        case WS_O_PRED:
            if (is_dst) {
                if ((uint32_t)o->reg >= f->npreds)
                    return fail(c, in, "bad predicate");
                if (nd == 0)
                    x->dpred = 1;
                if (nd < 4)
                    x->dst[nd++] = (uint32_t)o->reg;
            } else if (ns < 5) {
                if ((uint32_t)o->reg >= f->npreds)
                    return fail(c, in, "bad predicate");
                set_src(c, x, ns++, o);
            }
            break;
        case WS_O_REG:
            if ((uint32_t)o->reg >= f->nregs)
                return fail(c, in, "bad register");
            if (is_dst) {
                if (nd < 4)
                    set_dst(f, x, nd++, o->reg, xf);
            } else if (ns < 5)
                set_src(c, x, ns++, o);
            break;
        default:
            if (ns < 5)
                set_src(c, x, ns++, o);
            break;
        }
    }
    x->ndst = (uint8_t)nd;
    x->nsrc = (uint8_t)ns;
    if (!have_addr && (in->op == WS_OP_LD || in->op == WS_OP_ST || in->op == WS_OP_ATOM || in->op == WS_OP_RED ||
                       in->op == WS_OP_LDU || in->op == WS_OP_PREFETCH || in->op == WS_OP_PREFETCHU))
        return fail(c, in, "memory instruction without an address operand");
    if (in->op == WS_OP_CALL && decode_call(c, f, in, x) < 0)
        return -1;
    if (in->op == WS_OP_LD || in->op == WS_OP_LDU || in->op == WS_OP_ST || in->op == WS_OP_ATOM || in->op == WS_OP_RED)
        x->gc = ws_xcalloc(1, sizeof *x->gc);
    x->fn = pick(x);
    if (!x->fn) {
        char msg[200];
        snprintf(msg, sizeof msg, "the engine cannot execute '%s' with type .%s", ws_ptx_op_name((ws_ptx_op)in->op),
                 ws_ptx_type_name((ws_ptx_type)in->type));
        return fail(c, in, msg);
    }
    return 0;
}

int ws_decode_module(ws_module *mod, ws_error *err)
{
    const ws_ptx_module *m = mod->ptx;
    dctx c = { .mod = mod, .m = m, .err = err };
    c.vkind = ws_xcalloc(m->nvars ? m->nvars : 1, 1);
    for (uint32_t i = 0; i < m->nvars; i++)
        if (m->vars[i].func >= 0)
            c.vkind[i] = VK_FRAME;
    for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
        const ws_ptx_func *f = &m->funcs[fi];
        for (uint32_t p = 0; p < f->nparams; p++)
            c.vkind[f->params[p]] = f->is_entry ? VK_KPARAM : VK_FRAME;
        for (uint32_t p = 0; p < f->nrets; p++)
            c.vkind[f->rets[p]] = VK_FRAME;
    }
    mod->xf = ws_xcalloc(m->nfuncs ? m->nfuncs : 1, sizeof *mod->xf);
    int rc = 0;
    for (uint32_t fi = 0; fi < m->nfuncs && rc == 0; fi++) {
        const ws_ptx_func *f = &m->funcs[fi];
        ws_xfunc *xf = &mod->xf[fi];
        xf->f = f;
        xf->index = fi;
        xf->nregs = f->nregs + 1;
        xf->npreds = f->npreds + 1;
        xf->frame_bytes = (f->local_bytes + 15) & ~15ull;
        if (f->is_decl)
            continue;
        ws_regslots_assign(f, xf, !mod->d->cfg.keep_regs);
        xf->nregs = xf->nslots + 1;   /* and the sink */
        c.xf = xf;
        xf->n = f->ninsns;
        xf->code = ws_xcalloc((size_t)f->ninsns + 1, sizeof *xf->code);
        for (uint32_t i = 0; i < f->ninsns && rc == 0; i++)
            rc = decode_insn(&c, f, xf, &f->insns[i], &xf->code[i]);
        /* implicit return after the last instruction */
        ws_xinsn *end = &xf->code[f->ninsns];
        end->op = WS_OP_RET;
        end->guard = -1;
        end->klass = WS_IC_BRANCH;
        end->in = f->ninsns ? &f->insns[f->ninsns - 1] : NULL;
        end->fn = ws_exec_ctrl_pick(end);
    }
    free(c.vkind);
    return rc;
}

void ws_decode_free(ws_module *mod)
{
    if (mod->xf) {
        for (uint32_t fi = 0; fi < mod->ptx->nfuncs; fi++) {
            ws_xfunc *xf = &mod->xf[fi];
            if (!xf->code)
                continue;
            for (uint32_t i = 0; i < xf->n; i++) {
                if (xf->code[i].call) {
                    free(xf->code[i].call->args);
                    free(xf->code[i].call->rets);
                    free(xf->code[i].call);
                }
                free(xf->code[i].gc);
            }
            free(xf->code);
            ws_regslots_free(xf);
        }
        free(mod->xf);
        mod->xf = NULL;
    }
    for (size_t i = 0; i < mod->npool; i++)
        free(mod->pool[i]);
    free(mod->pool);
    mod->pool = NULL;
    mod->npool = 0;
}
