/* ws_ptx_disasm.c: print an instruction back as PTX text.
 *
 * The text is canonical PTX that the parser reads back into the same IR:
 * modifiers in the ISA's order, immediates of float operands as 0f/0d bit
 * patterns, integers in decimal, `[%rd1+-4]` for negative offsets. */
#include "ptx/ws_ptx.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ptx/ws_ptx_int.h"
#include "util/ws_util.h"

typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *fmt, ...) WS_PRINTF(2, 3);
static void put(out *o, const char *fmt, ...)
{
    if (o->size == 0 || o->len >= o->size - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(o->buf + o->len, o->size - o->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len = WS_MIN(o->len + (size_t)n, o->size - 1);
}

static void mod(out *o, const char *s)
{
    if (s && *s)
        put(o, ".%s", s);
}

static const char *cmp_name(int c)
{
    static const char *const t[] = { "", "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs",
                                     "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan" };
    return c >= 0 && c < (int)WS_ARRAY_LEN(t) ? t[c] : "?";
}

static const char *rnd_name(int r)
{
    static const char *const t[] = { "", "rn", "rz", "rm", "rp", "rni", "rzi", "rmi", "rpi", "rna" };
    return r >= 0 && r < (int)WS_ARRAY_LEN(t) ? t[r] : "?";
}

static const char *scope_name(int s)
{
    static const char *const t[] = { "", "cta", "cluster", "gpu", "sys" };
    return s >= 0 && s < (int)WS_ARRAY_LEN(t) ? t[s] : "?";
}

static const char *cache_name(int c)
{
    static const char *const t[] = { "", "ca", "cg", "cs", "lu", "cv", "wb", "wt" };
    return c >= 0 && c < (int)WS_ARRAY_LEN(t) ? t[c] : "?";
}

static const char *tn(int t) { return ws_ptx_type_name((ws_ptx_type)t); }

static void flag(out *o, const ws_ptx_insn *in, uint32_t f, const char *s)
{
    if (in->flags & f)
        mod(o, s);
}

static void sem(out *o, const ws_ptx_insn *in)
{
    uint32_t s = in->flags & (WS_F_ACQUIRE | WS_F_RELEASE);
    if (s == (WS_F_ACQUIRE | WS_F_RELEASE))
        mod(o, "acq_rel");
    else if (s == WS_F_ACQUIRE)
        mod(o, "acquire");
    else if (s == WS_F_RELEASE)
        mod(o, "release");
    flag(o, in, WS_F_RELAXED, "relaxed");
}

static void opcode(out *o, const ws_ptx_insn *in)
{
    static const char *const part[] = { "", "lo", "hi", "wide" };
    static const char *const atom[] = { "", "add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas" };
    static const char *const vote[] = { "", "all", "any", "uni", "ballot" };
    static const char *const shfl[] = { "", "up", "down", "bfly", "idx" };
    static const char *const prmt[] = { "", "f4e", "b4e", "rc8", "ecl", "ecr", "rc16" };
    static const char *const testp[] = { "", "finite", "infinite", "number", "notanumber", "normal", "subnormal" };
    static const char *const shf[] = { "", "l.clamp", "l.wrap", "r.clamp", "r.wrap" };
    static const char *const pf[] = { "", "L1", "L2", "L2::evict_last", "L2::evict_normal" };
    static const char *const bred[] = { "", "", "", "popc", "and", "or" };
#define SUB(tab) ((unsigned)in->subop < WS_ARRAY_LEN(tab) ? (tab)[in->subop] : "?")
    int op = in->op;
    bool fl = ws_ptx_type_is_float((ws_ptx_type)in->type);
    const char *sp = in->space ? ws_ptx_space_name((ws_ptx_space)in->space) : "";
    switch (op) {
    case WS_OP_ADD: case WS_OP_SUB: case WS_OP_ADDC: case WS_OP_SUBC:
        put(o, "%s", ws_ptx_op_name(op));
        mod(o, rnd_name(in->rnd));
        flag(o, in, WS_F_FTZ, "ftz");
        flag(o, in, WS_F_SAT, "sat");
        flag(o, in, WS_F_CC, "cc");
        break;
    case WS_OP_MUL: case WS_OP_MAD: case WS_OP_MADC: case WS_OP_MUL24: case WS_OP_MAD24:
        put(o, "%s", ws_ptx_op_name(op));
        if (!fl)
            mod(o, SUB(part));
        mod(o, rnd_name(in->rnd));
        flag(o, in, WS_F_FTZ, "ftz");
        flag(o, in, WS_F_SAT, "sat");
        flag(o, in, WS_F_CC, "cc");
        break;
    case WS_OP_DP2A:
        put(o, "dp2a.%s", in->subop == WS_DP2A_HI ? "hi" : "lo");
        break;
    case WS_OP_DIV: case WS_OP_RCP: case WS_OP_SQRT: case WS_OP_RSQRT: case WS_OP_EX2: case WS_OP_LG2:
    case WS_OP_SIN: case WS_OP_COS: case WS_OP_TANH: case WS_OP_FMA:
        put(o, "%s", ws_ptx_op_name(op));
        flag(o, in, WS_F_APPROX, "approx");
        flag(o, in, WS_F_FULL, "full");
        mod(o, rnd_name(in->rnd));
        flag(o, in, WS_F_FTZ, "ftz");
        flag(o, in, WS_F_SAT, "sat");
        break;
    case WS_OP_ABS: case WS_OP_NEG: case WS_OP_MIN: case WS_OP_MAX:
        put(o, "%s", ws_ptx_op_name(op));
        flag(o, in, WS_F_FTZ, "ftz");
        flag(o, in, WS_F_NAN, "NaN");
        break;
    case WS_OP_BFIND:
        put(o, "bfind");
        flag(o, in, WS_F_SHIFTAMT, "shiftamt");
        break;
    case WS_OP_SHF:
        put(o, "shf.%s", SUB(shf));
        break;
    case WS_OP_PRMT:
        put(o, "prmt.b32");
        mod(o, SUB(prmt));
        return;
    case WS_OP_TESTP:
        put(o, "testp.%s", SUB(testp));
        break;
    case WS_OP_CVT:
        put(o, "cvt");
        mod(o, rnd_name(in->rnd));
        flag(o, in, WS_F_FTZ, "ftz");
        flag(o, in, WS_F_SAT, "sat");
        break;
    case WS_OP_CVTA:
        put(o, "cvta");
        flag(o, in, WS_F_TO, "to");
        mod(o, sp);
        break;
    case WS_OP_ISSPACEP:
        put(o, "isspacep.%s", sp);
        return;
    case WS_OP_SETP: case WS_OP_SET:
        put(o, "%s.%s", ws_ptx_op_name(op), cmp_name(in->cmp));
        mod(o, in->boolop == WS_BOOL_AND ? "and" : in->boolop == WS_BOOL_OR ? "or" : in->boolop == WS_BOOL_XOR ? "xor" : "");
        flag(o, in, WS_F_FTZ, "ftz");
        if (op == WS_OP_SETP) {
            mod(o, tn(in->type));
            return;
        }
        break;
    case WS_OP_SLCT:
        put(o, "slct");
        flag(o, in, WS_F_FTZ, "ftz");
        break;
    case WS_OP_LD: case WS_OP_LDU: case WS_OP_ST:
        put(o, "%s", ws_ptx_op_name(op));
        flag(o, in, WS_F_WEAK, "weak");
        flag(o, in, WS_F_VOLATILE, "volatile");
        sem(o, in);
        mod(o, scope_name(in->scope));
        mod(o, sp);
        mod(o, cache_name(in->cacheop));
        flag(o, in, WS_F_NC, "nc");
        if (in->vec > 1)
            put(o, ".v%u", in->vec);
        break;
    case WS_OP_PREFETCH: case WS_OP_PREFETCHU:
        put(o, "%s", ws_ptx_op_name(op));
        mod(o, sp);
        mod(o, SUB(pf));
        return;
    case WS_OP_ATOM: case WS_OP_RED:
        put(o, "%s", ws_ptx_op_name(op));
        sem(o, in);
        mod(o, scope_name(in->scope));
        mod(o, sp);
        mod(o, SUB(atom));
        break;
    case WS_OP_VOTE: case WS_OP_SHFL:
        put(o, "%s", ws_ptx_op_name(op));
        flag(o, in, WS_F_SYNC, "sync");
        mod(o, op == WS_OP_VOTE ? SUB(vote) : SUB(shfl));
        break;
    case WS_OP_MATCH:
        put(o, "match.%s.sync", in->subop == WS_MATCH_ALL ? "all" : "any");
        break;
    case WS_OP_BAR:
        put(o, "%s", (in->flags & WS_F_ALIGNED) ? "bar" : "barrier");
        mod(o, scope_name(in->scope));
        if (in->subop == WS_BAR_SYNC)
            mod(o, "sync");
        else if (in->subop == WS_BAR_ARRIVE)
            mod(o, "arrive");
        else
            put(o, ".red.%s", SUB(bred));
        break;
    case WS_OP_BAR_WARP:
        put(o, "bar.warp.sync");
        return;
    case WS_OP_MEMBAR:
        put(o, "membar.%s", in->scope == WS_SCOPE_GPU ? "gl" : scope_name(in->scope));
        return;
    case WS_OP_FENCE:
        put(o, "fence.%s.%s", (in->flags & WS_F_SC) ? "sc" : "acq_rel", scope_name(in->scope));
        return;
    case WS_OP_BRA: case WS_OP_CALL: case WS_OP_RET:
        put(o, "%s", ws_ptx_op_name(op));
        flag(o, in, WS_F_UNI, "uni");
        return;
    default:
        put(o, "%s", ws_ptx_op_name(op));
        break;
    }
    mod(o, tn(in->type));
    mod(o, tn(in->type2));
#undef SUB
}

/* Type of operand k, for printing its immediate. */
static ws_ptx_type opnd_type(const ws_ptx_insn *in, unsigned k)
{
    if (k >= in->ndst && (in->op == WS_OP_CVT || in->op == WS_OP_SET))
        return (ws_ptx_type)in->type2;
    if (in->op == WS_OP_SLCT && k == 3)
        return (ws_ptx_type)in->type2;
    return (ws_ptx_type)in->type;
}

static void imm(out *o, int64_t v, ws_ptx_type t)
{
    if (t == WS_T_F32)
        put(o, "0f%08" PRIX32, (uint32_t)v);
    else if (t == WS_T_F64)
        put(o, "0d%016" PRIX64, (uint64_t)v);
    else
        put(o, "%" PRId64, v);
}

static const char *reg_name(const ws_ptx_func *f, int32_t r)
{
    return f && r >= 0 && (uint32_t)r < f->nregs ? f->regs[r].name : "%?";
}

static const char *pred_name(const ws_ptx_func *f, int32_t r)
{
    return f && r >= 0 && (uint32_t)r < f->npreds ? f->preds[r].name : "%?";
}

static const char *sym_name(const ws_ptx_module *m, int32_t s)
{
    return m && s >= 0 && (uint32_t)s < m->nsyms ? m->syms[s].name : "?";
}

static void operand(out *o, const ws_ptx_module *m, const ws_ptx_func *f, const ws_ptx_insn *in, unsigned k)
{
    const ws_ptx_opnd *op = &in->opnd[k];
    switch (op->kind) {
    case WS_O_REG:
        put(o, "%s", reg_name(f, op->reg));
        break;
    case WS_O_PRED:
        put(o, "%s%s", op->neg ? "!" : "", pred_name(f, op->reg));
        break;
    case WS_O_IMM:
        imm(o, op->imm, opnd_type(in, k));
        break;
    case WS_O_SREG:
        if (op->sreg == WS_SR_ENVREG)
            put(o, "%%envreg%d", (int)op->imm);
        else
            put(o, "%s", ws_ptx_sreg_name(op->sreg));
        if (op->sreg == WS_SR_TID || op->sreg == WS_SR_NTID || op->sreg == WS_SR_CTAID || op->sreg == WS_SR_NCTAID)
            put(o, ".%c", "xyz"[op->comp % 3]);
        break;
    case WS_O_ADDR:
        put(o, "[");
        if (op->reg >= 0)
            put(o, "%s", reg_name(f, op->reg));
        else if (op->sym >= 0)
            put(o, "%s", sym_name(m, op->sym));
        if (op->reg < 0 && op->sym < 0)
            put(o, "%" PRId64, op->imm);
        else if (op->imm)
            put(o, "+%" PRId64, op->imm);
        put(o, "]");
        break;
    case WS_O_SYM:
        put(o, "%s", sym_name(m, op->sym));
        break;
    case WS_O_LABEL:
        if (f && op->sym >= 0 && (uint32_t)op->sym < f->nlabels)
            put(o, "%s", f->labels[op->sym].name);
        else
            put(o, "$L?%" PRIu32, op->target);
        break;
    case WS_O_VEC: {
        unsigned n = in->op == WS_OP_MOV ? op->nvec : 1;
        ws_ptx_type et = opnd_type(in, k);
        if (n > 1) {   /* packing: element type is a fraction of the type */
            unsigned sz = ws_ptx_type_size(et) / n;
            et = sz == 8 ? WS_T_B64 : sz == 4 ? WS_T_B32 : WS_T_B16;
        }
        put(o, "{");
        for (unsigned i = 0; i < op->nvec; i++) {
            if (i)
                put(o, ", ");
            if (op->vec[i] == -1)
                put(o, "_");
            else if (op->vec[i] == -2)
                imm(o, op->vec_imm ? op->vec_imm[i] : 0, et);
            else
                put(o, "%s", reg_name(f, op->vec[i]));
        }
        put(o, "}");
        break;
    }
    case WS_O_SINK:
        put(o, "_");
        break;
    case WS_O_PARAMLIST:
        put(o, "(");
        for (unsigned i = 0; i < op->nvec; i++)
            put(o, "%s%s", i ? ", " : "", sym_name(m, op->vec[i]));
        put(o, ")");
        break;
    default:
        put(o, "?");
        break;
    }
}

size_t ws_ptx_disasm(const ws_ptx_module *m, const ws_ptx_func *f, const ws_ptx_insn *in, char *buf, size_t size)
{
    out o = { buf, size, 0 };
    if (size)
        buf[0] = '\0';
    if (!in)
        return 0;
    if (in->guard >= 0)
        put(&o, "@%s%s ", (in->flags & WS_F_NEG_PRED) ? "!" : "", pred_name(f, in->guard));
    opcode(&o, in);
    if (in->op == WS_OP_CALL) {
        put(&o, " ");
        if (in->opnd[0].nvec) {
            operand(&o, m, f, in, 0);
            put(&o, ", ");
        }
        put(&o, "%s", sym_name(m, in->opnd[1].sym));
        if (in->opnd[2].nvec) {
            put(&o, ", ");
            operand(&o, m, f, in, 2);
        }
        put(&o, ";");
        return o.len;
    }
    bool pair = in->ndst == 2 && in->nopnds >= 2 && in->opnd[1].kind == WS_O_PRED &&
                (in->op == WS_OP_SETP || in->op == WS_OP_SHFL || in->op == WS_OP_MATCH);
    for (unsigned k = 0; k < in->nopnds; k++) {
        put(&o, k == 0 ? " " : (pair && k == 1) ? "|" : ", ");
        operand(&o, m, f, in, k);
    }
    put(&o, ";");
    return o.len;
}
