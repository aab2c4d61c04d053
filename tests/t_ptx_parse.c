/* t_ptx_parse.c: the PTX parser on real nvcc output and on hand-written
 * files: module structure, declarations, layout and exact IR fields of
 * representative instructions. */
#include "t_ptx_util.h"

#include <math.h>

/* ------------------------------------------------------------------ helpers */
static char *src_text;

static int32_t reg_index(const ws_ptx_func *f, const char *name)
{
    for (uint32_t i = 0; i < f->nregs; i++)
        if (strcmp(f->regs[i].name, name) == 0)
            return (int32_t)i;
    return -100;
}

static int32_t pred_index(const ws_ptx_func *f, const char *name)
{
    for (uint32_t i = 0; i < f->npreds; i++)
        if (strcmp(f->preds[i].name, name) == 0)
            return (int32_t)i;
    return -100;
}

static const ws_ptx_var *var_named(const ws_ptx_module *m, const char *name)
{
    for (uint32_t i = 0; i < m->nvars; i++)
        if (strcmp(m->vars[i].name, name) == 0)
            return &m->vars[i];
    return NULL;
}

static int32_t sym_of(const ws_ptx_module *m, const char *name)
{
    const ws_ptx_var *v = var_named(m, name);
    if (v)
        return v->sym;
    const ws_ptx_func *f = ws_ptx_module_find_func(m, name);
    return f ? f->sym : -100;
}

/* The instruction written on the first source line containing text. */
static const ws_ptx_insn *by_text(const ws_ptx_func *f, const char *text)
{
    const char *hit = strstr(src_text, text);
    if (!hit)
        return NULL;
    uint32_t line = 1;
    for (const char *s = src_text; s < hit; s++)
        line += *s == '\n';
    for (uint32_t i = 0; i < f->ninsns; i++)
        if (f->insns[i].line == line)
            return &f->insns[i];
    return NULL;
}

static char kind_char(int k)
{
    static const char t[] = "-RPISAYLV_T";
    return k >= 0 && k < (int)sizeof t - 1 ? t[k] : '?';
}

static void kinds_of(const ws_ptx_insn *in, char *buf)
{
    unsigned k;
    for (k = 0; k < in->nopnds; k++)
        buf[k] = kind_char(in->opnd[k].kind);
    buf[k] = '\0';
}

/* ------------------------------------------------------------------ syntax.ptx */
static void test_syntax(void)
{
    ws_error err;
    char *path = tp_path("tests/ptx/syntax.ptx");
    size_t len;
    src_text = ws_read_file(path, &len);
    ws_ptx_module *m = ws_ptx_load_file(path, &err);
    ok(m != NULL, "syntax.ptx loads");
    if (!m) {
        diag("%s", err.msg);
        free(path);
        free(src_text);
        return;
    }
    ok(tp_validate(m) == NULL, "syntax.ptx: IR invariants hold");
    is_int(m->version_major, 8, ".version major");
    is_int(m->version_minor, 5, ".version minor");
    is_str(m->target, "sm_80", ".target");
    ok(m->target_debug, ".target ..., debug");
    is_int(m->address_size, 64, ".address_size");
    is_int(m->nfiles, 3, ".file indices");
    ok(m->files[0] == NULL, ".file 0 absent");
    is_str(m->files[1], "/src/syntax.cu", ".file 1");
    is_str(m->files[2], "/src/helper.h", ".file 2 with timestamp and size");

    /* initializers */
    const ws_ptx_var *v = var_named(m, "ints");
    int32_t iv[4];
    memcpy(iv, v->init, sizeof iv);
    ok(iv[0] == 1 && iv[1] == -2 && iv[2] == 16 && iv[3] == 15, "int initializers (decimal, negative, hex, octal)");
    v = var_named(m, "bytes");
    ok(v->size == 3 && v->init[0] == 5 && v->init[1] == 255 && v->init[2] == 255, "u8 initializers (binary, U suffix)");
    v = var_named(m, "floats");
    float fv[3];
    memcpy(fv, v->init, sizeof fv);
    ok(fv[0] == 1.0f && fv[1] == 1.5f && fv[2] == -2.0f, "f32 initializers (0f, decimal, integer)");
    v = var_named(m, "dbl");
    double d;
    memcpy(&d, v->init, sizeof d);
    is_double(d, 2.0, 0, "f64 initializer 0d...");
    v = var_named(m, "grid");
    ok(v->nelems == 6 && v->size == 24 && v->init[5 * 4] == 6 && v->init[3 * 4] == 4, "2-D array with nested braces");
    v = var_named(m, "unsized");
    ok(v->nelems == 3 && v->size == 12 && v->init[8] == 9, "unsized array takes its size from the initializer");
    v = var_named(m, "ptrs");
    ok(v->nrelocs == 3, "three symbol-address initializers");
    if (v->nrelocs == 3) {
        ok(v->relocs[0].offset == 0 && v->relocs[0].sym == sym_of(m, "gcount") && v->relocs[0].size == 8 &&
               !v->relocs[0].generic && v->relocs[0].addend == 0, "reloc {gcount}");
        ok(v->relocs[1].offset == 8 && v->relocs[1].generic, "reloc generic(gcount)");
        ok(v->relocs[2].offset == 16 && v->relocs[2].sym == sym_of(m, "ints") && v->relocs[2].addend == 8,
           "reloc ints+8");
    }
    v = var_named(m, "vec4");
    ok(v->type == WS_T_F32 && v->nelems == 4 && v->size == 16 && v->align == 16, ".v4 .f32 variable");
    v = var_named(m, "table");
    ok(v->space == WS_SP_CONST && v->size == 16 && v->init[3] == 3 && v->init[4] == 0, ".const array, rest zero");
    v = var_named(m, "dynsmem");
    ok(v->is_extern && v->space == WS_SP_SHARED && v->size == 0, "extern .shared dynamic array");

    /* layout */
    is_u64(var_named(m, "gcount")->offset, 0, "gcount at 0");
    is_u64(var_named(m, "ints")->offset, 4, "ints at 4");
    is_u64(var_named(m, "bytes")->offset, 20, "bytes at 20");
    is_u64(var_named(m, "floats")->offset, 24, "floats aligned to 8");
    is_u64(var_named(m, "dbl")->offset, 40, "dbl at 40");
    is_u64(var_named(m, "grid")->offset, 48, "grid at 48");
    is_u64(var_named(m, "unsized")->offset, 72, "unsized at 72");
    is_u64(var_named(m, "ptrs")->offset, 88, "ptrs aligned to 8");
    is_u64(var_named(m, "vec4")->offset, 112, "vec4 aligned to 16");
    is_u64(m->global_bytes, 128, "module .global bytes");
    is_u64(m->const_bytes, 16, "module .const bytes");
    is_u64(var_named(m, "modshared")->offset, 0, "module-scope shared first");

    const ws_ptx_func *k = ws_ptx_module_find_func(m, "kern");
    const ws_ptx_func *add3 = ws_ptx_module_find_func(m, "add3");
    const ws_ptx_func *vp = ws_ptx_module_find_func(m, "vprintf");
    const ws_ptx_func *noop = ws_ptx_module_find_func(m, "noop");
    ok(k && add3 && vp && noop, "functions found");
    if (!k || !add3 || !vp || !noop)
        goto out;
    ok(k->is_entry && k->is_visible && !k->is_decl, "kern: visible entry with a body");
    ok(!add3->is_entry && !add3->is_decl && add3->nparams == 3 && add3->nrets == 1, "add3: declared then defined");
    is_str(m->vars[add3->params[0]].name, "p", "definition's parameter names win");
    ok(vp->is_decl && vp->is_extern && vp->nparams == 2, "vprintf: extern declaration");
    ok(noop->is_weak && !noop->is_decl, "noop: weak, defined after a declaration");
    ok(k->maxntid[0] == 256 && k->maxntid[1] == 1 && k->maxntid[2] == 1, ".maxntid");
    is_int(k->minnctapersm, 2, ".minnctapersm");
    is_u64(var_named(m, "kshared")->offset, 24, "kernel's shared after the module's it uses");
    is_u64(k->shared_bytes, 88, "kern shared bytes");
    is_u64(k->dyn_shared_offset, 96, "dynamic shared starts 16-aligned after static");
    is_u64(k->local_bytes, 48, "kern frame: 16 bytes locals + 8 call temporaries of 4");
    is_u64(k->param_bytes, 32, "kernel parameter buffer");
    is_u64(m->vars[k->params[2]].offset, 16, "byte-array parameter aligned to 8");
    is_u64(add3->local_bytes, 16, "add3 frame holds its parameters and return value");
    is_u64(m->vars[add3->rets[0]].offset, 12, "return value after the parameters");
    ok(m->vars[k->params[0]].is_ptr_param, ".ptr parameter attribute");

    /* registers */
    is_int(reg_index(k, "%SP"), 0, "%%SP is register 0");
    is_int(reg_index(k, "%rs0"), 2, "%%rs<3> starts at %%rs0");
    is_int(reg_index(k, "%r19"), 24, "%%r<20> ends at %%r19");
    is_int(reg_index(k, "single"), 41, "single named register");
    is_int(pred_index(k, "%p3"), 3, "predicates have their own index space");
    is_int(k->nregs, 45, "two scoped temp_param_reg registers get their own slots");
    is_str(k->regs[43].name, "temp_param_reg", "scoped register name");

    /* instructions */
    const ws_ptx_insn *in;
    char kinds[8];
    in = by_text(k, "mov.u64 \t%SPL, __local_depot0");
    ok(in && in->op == WS_OP_MOV && in->type == WS_T_U64 && in->ndst == 1 && in->opnd[1].kind == WS_O_SYM &&
           in->opnd[1].sym == sym_of(m, "__local_depot0"), "mov of a variable's address");
    ok(in && in->src_line == 20 && in->src_file == 1, ".loc with inlined_at sets the source line");
    in = by_text(k, "%tid.x");
    ok(in && in->opnd[1].kind == WS_O_SREG && in->opnd[1].sreg == WS_SR_TID && in->opnd[1].comp == 0, "%%tid.x");
    in = by_text(k, "%ntid.y");
    ok(in && in->opnd[1].sreg == WS_SR_NTID && in->opnd[1].comp == 1, "%%ntid.y");
    in = by_text(k, "%ctaid.z");
    ok(in && in->opnd[1].sreg == WS_SR_CTAID && in->opnd[1].comp == 2, "%%ctaid.z");
    in = by_text(k, "%envreg3");
    ok(in && in->opnd[1].sreg == WS_SR_ENVREG && in->opnd[1].imm == 3, "%%envreg3");
    in = by_text(k, "%clock64");
    ok(in && in->opnd[1].sreg == WS_SR_CLOCK64, "%%clock64");
    in = by_text(k, "0x7FFFFFFF");
    ok(in && in->opnd[1].kind == WS_O_IMM && in->opnd[1].imm == 0x7FFFFFFF, "hex immediate");
    in = by_text(k, "0b1010");
    ok(in && in->opnd[1].imm == 10, "binary immediate");
    in = by_text(k, "%r11, 017");
    ok(in && in->opnd[1].imm == 15, "octal immediate");
    in = by_text(k, "%r12, -5");
    ok(in && in->opnd[1].imm == -5, "negative immediate");
    in = by_text(k, "42U");
    ok(in && in->opnd[1].imm == 42, "U suffix");
    in = by_text(k, "0fBF800000");
    ok(in && (uint64_t)in->opnd[1].imm == 0xBF800000u, "0f immediate bits");
    in = by_text(k, "%f2, 1.5");
    ok(in && (uint64_t)in->opnd[1].imm == 0x3FC00000u, "decimal float immediate rounded to f32");
    in = by_text(k, "[%rd2+-4]");
    ok(in && in->opnd[1].kind == WS_O_ADDR && in->opnd[1].reg == reg_index(k, "%rd2") && in->opnd[1].imm == -4 &&
           in->opnd[1].sym == -1, "[reg+-imm]");
    in = by_text(k, "[%rd2+4]");
    ok(in && in->opnd[1].imm == 4, "[reg+imm]");
    in = by_text(k, "[gcount]");
    ok(in && in->opnd[1].sym == sym_of(m, "gcount") && in->opnd[1].reg == -1 && in->opnd[1].imm == 0, "[var]");
    in = by_text(k, "[ints+8]");
    ok(in && in->opnd[1].sym == sym_of(m, "ints") && in->opnd[1].imm == 8, "[var+imm]");
    in = by_text(k, "[0x100]");
    ok(in && in->opnd[1].reg == -1 && in->opnd[1].sym == -1 && in->opnd[1].imm == 256 && in->space == WS_SP_NONE,
       "[absolute], generic space");
    in = by_text(k, "[kshared+12]");
    ok(in && in->op == WS_OP_ST && in->ndst == 0 && in->opnd[0].kind == WS_O_ADDR && in->opnd[1].kind == WS_O_REG,
       "st: address first, no destination");
    in = by_text(k, "{%f1, _, %f3, %f4}");
    ok(in && in->vec == 4 && in->opnd[0].kind == WS_O_VEC && in->opnd[0].nvec == 4 &&
           in->opnd[0].vec[0] == reg_index(k, "%f1") && in->opnd[0].vec[1] == -1 && in->opnd[0].vec[3] == reg_index(k, "%f4"),
       "ld.v4 with a sink");
    in = by_text(k, "{%r1, 7}");
    ok(in && in->opnd[1].vec[1] == -2 && in->opnd[1].vec_imm && in->opnd[1].vec_imm[1] == 7, "st.v2 with an immediate element");
    in = by_text(k, "mov.b64 \t%rd5, {%r1, %r2}");
    ok(in && in->opnd[1].kind == WS_O_VEC && in->opnd[1].nvec == 2 && in->ndst == 1, "mov packing");
    in = by_text(k, "mov.b64 \t{%r3, %r4}, %rd5");
    ok(in && in->opnd[0].kind == WS_O_VEC && in->ndst == 1 && in->opnd[1].kind == WS_O_REG, "mov unpacking");
    in = by_text(k, "%p1|%p2");
    kinds_of(in, kinds);
    ok(in && in->ndst == 2 && strcmp(kinds, "PPRR") == 0 && in->opnd[1].reg == pred_index(k, "%p2"), "setp p|q");
    in = by_text(k, "%r16|%p3");
    kinds_of(in, kinds);
    ok(in && in->ndst == 2 && strcmp(kinds, "RPRIII") == 0 && in->opnd[5].imm == -1, "shfl d|p");
    in = by_text(k, "@%p1 bra");
    ok(in && in->guard == pred_index(k, "%p1") && !(in->flags & WS_F_NEG_PRED) && in->opnd[0].kind == WS_O_LABEL &&
           in->opnd[0].target == 56 && strcmp(k->labels[in->opnd[0].sym].name, "$L__BB0_2") == 0,
       "guarded branch to a later label");
    in = by_text(k, "@!%p2 add");
    ok(in && in->guard == pred_index(k, "%p2") && (in->flags & WS_F_NEG_PRED), "@!p guard");
    in = by_text(k, "call.uni (retval0)");
    ok(in && in->op == WS_OP_CALL && in->callee == (int32_t)(add3 - m->funcs) && (in->flags & WS_F_UNI) &&
           in->nopnds == 3 && in->opnd[0].nvec == 1 && in->opnd[2].nvec == 3 && in->opnd[1].sym == add3->sym,
       "call with return value and arguments");
    if (in && in->opnd[2].nvec == 3) {
        const ws_ptx_var *a0 = &m->vars[m->syms[in->opnd[2].vec[0]].var];
        ok(strcmp(a0->name, "param0") == 0 && a0->func == (int32_t)(k - m->funcs) && a0->space == WS_SP_PARAM &&
               a0->offset == 16, "call argument is the scoped .param temporary");
    }
    in = by_text(k, "aliased, (param0");
    ok(in && in->callee == (int32_t)(add3 - m->funcs), ".alias: the call goes to the target");
    in = by_text(k, "call.uni noop;");
    ok(in && in->opnd[0].nvec == 0 && in->opnd[2].nvec == 0 && in->callee == (int32_t)(noop - m->funcs),
       "call without arguments");
    is_int(k->ninsns, 59, "kern: 58 instructions and an appended ret");
    ok(k->insns[58].op == WS_OP_RET && k->insns[58].guard == -1, "a label at the end gets a ret to stand on");
    is_int(k->nlabels, 2, "two labels");
    const ws_ptx_func *e = ws_ptx_module_find_func(m, "empty");
    ok(e && e->ninsns == 1 && e->insns[0].op == WS_OP_RET, "an empty body holds one ret");
out:
    ws_ptx_module_free(m);
    free(path);
    free(src_text);
}

/* ------------------------------------------------------------------ insns.ptx */
typedef struct exp_insn {
    const char *text;
    int op, type, type2;
    uint32_t flags;
    int subop, cmp, boolop, rnd, space, cacheop, scope, vec;
    const char *kinds;
    int ndst;
} exp_insn;

#define T(x) WS_T_##x
#define F(x) WS_F_##x
#define OP(x) WS_OP_##x
static const exp_insn expect[] = {
    { "add.s32 \t%r1", OP(ADD), T(S32), 0, 0, .kinds = "RRR", .ndst = 1 },
    { "add.sat.s32", OP(ADD), T(S32), 0, F(SAT), .kinds = "RRI", .ndst = 1 },
    { "add.cc.u32", OP(ADD), T(U32), 0, F(CC), .kinds = "RRR", .ndst = 1 },
    { "addc.cc.u32", OP(ADDC), T(U32), 0, F(CC), .kinds = "RRR", .ndst = 1 },
    { "subc.u64", OP(SUBC), T(U64), 0, 0, .kinds = "RRR", .ndst = 1 },
    { "add.u16", OP(ADD), T(U16), 0, 0, .kinds = "RRR", .ndst = 1 },
    { "mul.lo.s32", OP(MUL), T(S32), 0, 0, WS_PART_LO, .kinds = "RRR", .ndst = 1 },
    { "mul.hi.u32", OP(MUL), T(U32), 0, 0, WS_PART_HI, .kinds = "RRR", .ndst = 1 },
    { "mul.wide.s32", OP(MUL), T(S32), 0, 0, WS_PART_WIDE, .kinds = "RRI", .ndst = 1 },
    { "mul.wide.u16", OP(MUL), T(U16), 0, 0, WS_PART_WIDE, .kinds = "RRR", .ndst = 1 },
    { "mad.hi.sat.s32", OP(MAD), T(S32), 0, F(SAT), WS_PART_HI, .kinds = "RRRR", .ndst = 1 },
    { "mad.wide.u32", OP(MAD), T(U32), 0, 0, WS_PART_WIDE, .kinds = "RRRR", .ndst = 1 },
    { "madc.hi.cc.u32", OP(MADC), T(U32), 0, F(CC), WS_PART_HI, .kinds = "RRRR", .ndst = 1 },
    { "mad.lo.cc.u32", OP(MAD), T(U32), 0, F(CC), WS_PART_LO, .kinds = "RRRR", .ndst = 1 },
    { "mul24.hi.u32", OP(MUL24), T(U32), 0, 0, WS_PART_HI, .kinds = "RRR", .ndst = 1 },
    { "mad24.lo.u32", OP(MAD24), T(U32), 0, 0, WS_PART_LO, .kinds = "RRRR", .ndst = 1 },
    { "rem.u32", OP(REM), T(U32), 0, 0, .kinds = "RRI", .ndst = 1 },
    { "max.s64", OP(MAX), T(S64), 0, 0, .kinds = "RRI", .ndst = 1 },
    { "sad.u32", OP(SAD), T(U32), 0, 0, .kinds = "RRRR", .ndst = 1 },
    { "dp4a.s32.u32", OP(DP4A), T(S32), T(U32), 0, .kinds = "RRRR", .ndst = 1 },
    { "dp2a.hi.u32.s32", OP(DP2A), T(U32), T(S32), 0, WS_DP2A_HI, .kinds = "RRRR", .ndst = 1 },
    { "xor.pred", OP(XOR), T(PRED), 0, 0, .kinds = "PPP", .ndst = 1 },
    { "not.pred", OP(NOT), T(PRED), 0, 0, .kinds = "PP", .ndst = 1 },
    { "cnot.b16", OP(CNOT), T(B16), 0, 0, .kinds = "RR", .ndst = 1 },
    { "shl.b64", OP(SHL), T(B64), 0, 0, .kinds = "RRI", .ndst = 1 },
    { "shf.l.wrap.b32", OP(SHF), T(B32), 0, 0, WS_SHF_L_WRAP, .kinds = "RRRR", .ndst = 1 },
    { "shf.r.clamp.b32", OP(SHF), T(B32), 0, F(CLAMP), WS_SHF_R_CLAMP, .kinds = "RRRI", .ndst = 1 },
    { "lop3.b32", OP(LOP3), T(B32), 0, 0, .kinds = "RRRRI", .ndst = 1 },
    { "bfe.u32", OP(BFE), T(U32), 0, 0, .kinds = "RRII", .ndst = 1 },
    { "bfi.b32", OP(BFI), T(B32), 0, 0, .kinds = "RRRII", .ndst = 1 },
    { "bfind.shiftamt.s64", OP(BFIND), T(S64), 0, F(SHIFTAMT), .kinds = "RR", .ndst = 1 },
    { "clz.b64", OP(CLZ), T(B64), 0, 0, .kinds = "RR", .ndst = 1 },
    { "prmt.b32.ecl", OP(PRMT), T(B32), 0, 0, WS_PRMT_ECL, .kinds = "RRRR", .ndst = 1 },
    { "fns.b32", OP(FNS), T(B32), 0, 0, .kinds = "RRRI", .ndst = 1 },
    { "add.rz.ftz.sat.f32", OP(ADD), T(F32), 0, F(FTZ) | F(SAT), .rnd = WS_RND_RZ, .kinds = "RRI", .ndst = 1 },
    { "sub.rm.f64", OP(SUB), T(F64), 0, 0, .rnd = WS_RND_RM, .kinds = "RRR", .ndst = 1 },
    { "mul.rp.f64", OP(MUL), T(F64), 0, 0, .rnd = WS_RND_RP, .kinds = "RRI", .ndst = 1 },
    { "mad.rn.f32", OP(MAD), T(F32), 0, 0, .rnd = WS_RND_RN, .kinds = "RRRR", .ndst = 1 },
    { "fma.rn.ftz.sat.f32", OP(FMA), T(F32), 0, F(FTZ) | F(SAT), .rnd = WS_RND_RN, .kinds = "RRRR", .ndst = 1 },
    { "div.approx.f32", OP(DIV), T(F32), 0, F(APPROX), .kinds = "RRR", .ndst = 1 },
    { "div.full.ftz.f32", OP(DIV), T(F32), 0, F(FULL) | F(FTZ), .kinds = "RRR", .ndst = 1 },
    { "div.rm.f64", OP(DIV), T(F64), 0, 0, .rnd = WS_RND_RM, .kinds = "RRR", .ndst = 1 },
    { "div.s32", OP(DIV), T(S32), 0, 0, .kinds = "RRR", .ndst = 1 },
    { "rcp.approx.ftz.f64", OP(RCP), T(F64), 0, F(APPROX) | F(FTZ), .kinds = "RR", .ndst = 1 },
    { "sqrt.rz.f64", OP(SQRT), T(F64), 0, 0, .rnd = WS_RND_RZ, .kinds = "RR", .ndst = 1 },
    { "rsqrt.approx.f64", OP(RSQRT), T(F64), 0, F(APPROX), .kinds = "RR", .ndst = 1 },
    { "ex2.approx.ftz.f32", OP(EX2), T(F32), 0, F(APPROX) | F(FTZ), .kinds = "RR", .ndst = 1 },
    { "tanh.approx.f32", OP(TANH), T(F32), 0, F(APPROX), .kinds = "RR", .ndst = 1 },
    { "min.NaN.f32", OP(MIN), T(F32), 0, F(NAN), .kinds = "RRR", .ndst = 1 },
    { "copysign.f32", OP(COPYSIGN), T(F32), 0, 0, .kinds = "RRR", .ndst = 1 },
    { "testp.notanumber.f32", OP(TESTP), T(F32), 0, 0, WS_TESTP_NOTANUMBER, .kinds = "PR", .ndst = 1 },
    { "cvt.rn.f32.s32", OP(CVT), T(F32), T(S32), 0, .rnd = WS_RND_RN, .kinds = "RR", .ndst = 1 },
    { "cvt.rzi.s32.f32", OP(CVT), T(S32), T(F32), 0, .rnd = WS_RND_RZI, .kinds = "RR", .ndst = 1 },
    { "cvt.rni.sat.u32.f64", OP(CVT), T(U32), T(F64), F(SAT), .rnd = WS_RND_RNI, .kinds = "RR", .ndst = 1 },
    { "cvt.f64.f32", OP(CVT), T(F64), T(F32), 0, .kinds = "RR", .ndst = 1 },
    { "cvt.ftz.sat.f32.f32", OP(CVT), T(F32), T(F32), F(FTZ) | F(SAT), .kinds = "RR", .ndst = 1 },
    { "cvt.rmi.f32.f32", OP(CVT), T(F32), T(F32), 0, .rnd = WS_RND_RMI, .kinds = "RR", .ndst = 1 },
    { "cvt.sat.s8.s32", OP(CVT), T(S8), T(S32), F(SAT), .kinds = "RR", .ndst = 1 },
    { "cvt.rn.f16.f32", OP(CVT), T(F16), T(F32), 0, .rnd = WS_RND_RN, .kinds = "RR", .ndst = 1 },
    { "cvt.u32.u32", OP(CVT), T(U32), T(U32), 0, .kinds = "RS", .ndst = 1 },
    { "cvta.global.u64", OP(CVTA), T(U64), 0, 0, WS_CVTA_TO_GENERIC, .space = WS_SP_GLOBAL, .kinds = "RR", .ndst = 1 },
    { "cvta.to.shared.u64", OP(CVTA), T(U64), 0, F(TO), WS_CVTA_FROM_GENERIC, .space = WS_SP_SHARED, .kinds = "RR", .ndst = 1 },
    { "cvta.const.u64", OP(CVTA), T(U64), 0, 0, .space = WS_SP_CONST, .kinds = "RY", .ndst = 1 },
    { "isspacep.global", OP(ISSPACEP), 0, 0, 0, .space = WS_SP_GLOBAL, .kinds = "PR", .ndst = 1 },
    { "mov.u64 \t%rd2, insns", OP(MOV), T(U64), 0, 0, .kinds = "RY", .ndst = 1 },
    { "mov.pred \t%p1, 1", OP(MOV), T(PRED), 0, 0, .kinds = "PI", .ndst = 1 },
    { "mov.b64 \t%rd2, %fd1", OP(MOV), T(B64), 0, 0, .kinds = "RR", .ndst = 1 },
    { "setp.lo.u32", OP(SETP), T(U32), T(U32), 0, .cmp = WS_CMP_LO, .kinds = "PRI", .ndst = 1 },
    { "setp.gtu.ftz.f32", OP(SETP), T(F32), T(F32), F(FTZ), .cmp = WS_CMP_GTU, .kinds = "PRR", .ndst = 1 },
    { "setp.nan.f64", OP(SETP), T(F64), T(F64), 0, .cmp = WS_CMP_NAN, .kinds = "PRR", .ndst = 1 },
    { "setp.ne.and.b32", OP(SETP), T(B32), T(B32), 0, .cmp = WS_CMP_NE, .boolop = WS_BOOL_AND, .kinds = "PRRP", .ndst = 1 },
    { "setp.ge.or.s64", OP(SETP), T(S64), T(S64), 0, .cmp = WS_CMP_GE, .boolop = WS_BOOL_OR, .kinds = "PPRRP", .ndst = 2 },
    { "setp.le.xor.f32", OP(SETP), T(F32), T(F32), 0, .cmp = WS_CMP_LE, .boolop = WS_BOOL_XOR, .kinds = "PRRP", .ndst = 1 },
    { "set.lt.u32.s32", OP(SET), T(U32), T(S32), 0, .cmp = WS_CMP_LT, .kinds = "RRR", .ndst = 1 },
    { "set.eq.and.f32.f32", OP(SET), T(F32), T(F32), 0, .cmp = WS_CMP_EQ, .boolop = WS_BOOL_AND, .kinds = "RRRP", .ndst = 1 },
    { "selp.b32", OP(SELP), T(B32), 0, 0, .kinds = "RRIP", .ndst = 1 },
    { "selp.f64", OP(SELP), T(F64), 0, 0, .kinds = "RRIP", .ndst = 1 },
    { "slct.u32.s32", OP(SLCT), T(U32), T(S32), 0, .kinds = "RRRR", .ndst = 1 },
    { "slct.ftz.f32.f32", OP(SLCT), T(F32), T(F32), F(FTZ), .kinds = "RRRR", .ndst = 1 },
    { "ld.global.nc.v2.f32", OP(LD), T(F32), 0, F(NC), .space = WS_SP_GLOBAL, .vec = 2, .kinds = "VA", .ndst = 1 },
    { "ld.global.cg.u8", OP(LD), T(U8), 0, 0, .space = WS_SP_GLOBAL, .cacheop = WS_CACHE_CG, .kinds = "RA", .ndst = 1 },
    { "ld.global.lu.u64", OP(LD), T(U64), 0, 0, .space = WS_SP_GLOBAL, .cacheop = WS_CACHE_LU, .kinds = "RA", .ndst = 1 },
    { "ld.global.cv.f64", OP(LD), T(F64), 0, 0, .space = WS_SP_GLOBAL, .cacheop = WS_CACHE_CV, .kinds = "RA", .ndst = 1 },
    { "ld.global.ca.nc.b32", OP(LD), T(B32), 0, F(NC), .space = WS_SP_GLOBAL, .cacheop = WS_CACHE_CA, .kinds = "RA", .ndst = 1 },
    { "ld.global.L1::evict_last.u32", OP(LD), T(U32), 0, 0, .space = WS_SP_GLOBAL, .kinds = "RA", .ndst = 1 },
    { "ld.volatile.shared.u32", OP(LD), T(U32), 0, F(VOLATILE), .space = WS_SP_SHARED, .kinds = "RA", .ndst = 1 },
    { "ld.relaxed.gpu.global.u32", OP(LD), T(U32), 0, F(RELAXED), .space = WS_SP_GLOBAL, .scope = WS_SCOPE_GPU, .kinds = "RA", .ndst = 1 },
    { "ld.acquire.sys.u64", OP(LD), T(U64), 0, F(ACQUIRE), .scope = WS_SCOPE_SYS, .kinds = "RA", .ndst = 1 },
    { "ld.weak.local.u32", OP(LD), T(U32), 0, F(WEAK), .space = WS_SP_LOCAL, .kinds = "RA", .ndst = 1 },
    { "ld.shared::cta.b64", OP(LD), T(B64), 0, 0, .space = WS_SP_SHARED, .kinds = "RA", .ndst = 1 },
    { "ld.v4.u32", OP(LD), T(U32), 0, 0, .vec = 4, .kinds = "VA", .ndst = 1 },
    { "ldu.global.v2.f32", OP(LDU), T(F32), 0, 0, .space = WS_SP_GLOBAL, .vec = 2, .kinds = "VA", .ndst = 1 },
    { "st.global.wb.u32", OP(ST), T(U32), 0, 0, .space = WS_SP_GLOBAL, .cacheop = WS_CACHE_WB, .kinds = "AR", .ndst = 0 },
    { "st.global.cs.v4.f32", OP(ST), T(F32), 0, 0, .space = WS_SP_GLOBAL, .cacheop = WS_CACHE_CS, .vec = 4, .kinds = "AV", .ndst = 0 },
    { "st.volatile.global.u32", OP(ST), T(U32), 0, F(VOLATILE), .space = WS_SP_GLOBAL, .kinds = "AR", .ndst = 0 },
    { "st.release.cta.global.u32", OP(ST), T(U32), 0, F(RELEASE), .space = WS_SP_GLOBAL, .scope = WS_SCOPE_CTA, .kinds = "AR", .ndst = 0 },
    { "st.relaxed.sys.u64", OP(ST), T(U64), 0, F(RELAXED), .scope = WS_SCOPE_SYS, .kinds = "AR", .ndst = 0 },
    { "st.local.wt.u32", OP(ST), T(U32), 0, 0, .space = WS_SP_LOCAL, .cacheop = WS_CACHE_WT, .kinds = "AI", .ndst = 0 },
    { "prefetch.global.L2", OP(PREFETCH), 0, 0, 0, WS_PREFETCH_L2, .space = WS_SP_GLOBAL, .kinds = "A", .ndst = 0 },
    { "prefetch.local.L1", OP(PREFETCH), 0, 0, 0, WS_PREFETCH_L1, .space = WS_SP_LOCAL, .kinds = "A", .ndst = 0 },
    { "prefetch.L2::evict_last", OP(PREFETCH), 0, 0, 0, WS_PREFETCH_L2_EVICT_LAST, .kinds = "A", .ndst = 0 },
    { "prefetchu.L1", OP(PREFETCHU), 0, 0, 0, WS_PREFETCH_L1, .kinds = "A", .ndst = 0 },
    { "atom.global.add.u32", OP(ATOM), T(U32), 0, 0, WS_ATOM_ADD, .space = WS_SP_GLOBAL, .kinds = "RAI", .ndst = 1 },
    { "atom.global.add.f64", OP(ATOM), T(F64), 0, 0, WS_ATOM_ADD, .space = WS_SP_GLOBAL, .kinds = "RAR", .ndst = 1 },
    { "atom.shared.min.s32", OP(ATOM), T(S32), 0, 0, WS_ATOM_MIN, .space = WS_SP_SHARED, .kinds = "RAR", .ndst = 1 },
    { "atom.max.u64", OP(ATOM), T(U64), 0, 0, WS_ATOM_MAX, .kinds = "RAR", .ndst = 1 },
    { "atom.global.inc.u32", OP(ATOM), T(U32), 0, 0, WS_ATOM_INC, .space = WS_SP_GLOBAL, .kinds = "RAI", .ndst = 1 },
    { "atom.global.dec.u32", OP(ATOM), T(U32), 0, 0, WS_ATOM_DEC, .space = WS_SP_GLOBAL, .kinds = "RAR", .ndst = 1 },
    { "atom.global.xor.b32", OP(ATOM), T(B32), 0, 0, WS_ATOM_XOR, .space = WS_SP_GLOBAL, .kinds = "RAI", .ndst = 1 },
    { "atom.global.exch.b64", OP(ATOM), T(B64), 0, 0, WS_ATOM_EXCH, .space = WS_SP_GLOBAL, .kinds = "RAR", .ndst = 1 },
    { "atom.global.cas.b32", OP(ATOM), T(B32), 0, 0, WS_ATOM_CAS, .space = WS_SP_GLOBAL, .kinds = "RARR", .ndst = 1 },
    { "atom.acq_rel.gpu.global.cas.b64", OP(ATOM), T(B64), 0, F(ACQUIRE) | F(RELEASE), WS_ATOM_CAS, .space = WS_SP_GLOBAL,
      .scope = WS_SCOPE_GPU, .kinds = "RARR", .ndst = 1 },
    { "atom.relaxed.sys.shared.add.u32", OP(ATOM), T(U32), 0, F(RELAXED), WS_ATOM_ADD, .space = WS_SP_SHARED,
      .scope = WS_SCOPE_SYS, .kinds = "RAR", .ndst = 1 },
    { "red.global.add.u32", OP(RED), T(U32), 0, 0, WS_ATOM_ADD, .space = WS_SP_GLOBAL, .kinds = "AR", .ndst = 0 },
    { "red.shared.max.s32", OP(RED), T(S32), 0, 0, WS_ATOM_MAX, .space = WS_SP_SHARED, .kinds = "AI", .ndst = 0 },
    { "red.release.gpu.global.add.f32", OP(RED), T(F32), 0, F(RELEASE), WS_ATOM_ADD, .space = WS_SP_GLOBAL,
      .scope = WS_SCOPE_GPU, .kinds = "AR", .ndst = 0 },
    { "vote.sync.all.pred", OP(VOTE), T(PRED), 0, F(SYNC), WS_VOTE_ALL, .kinds = "PPI", .ndst = 1 },
    { "vote.sync.any.pred", OP(VOTE), T(PRED), 0, F(SYNC), WS_VOTE_ANY, .kinds = "PPR", .ndst = 1 },
    { "vote.sync.uni.pred", OP(VOTE), T(PRED), 0, F(SYNC), WS_VOTE_UNI, .kinds = "PPI", .ndst = 1 },
    { "vote.sync.ballot.b32", OP(VOTE), T(B32), 0, F(SYNC), WS_VOTE_BALLOT, .kinds = "RPI", .ndst = 1 },
    { "vote.ballot.b32", OP(VOTE), T(B32), 0, 0, WS_VOTE_BALLOT, .kinds = "RP", .ndst = 1 },
    { "shfl.sync.up.b32", OP(SHFL), T(B32), 0, F(SYNC), WS_SHFL_UP, .kinds = "RPRIII", .ndst = 2 },
    { "shfl.sync.down.b32", OP(SHFL), T(B32), 0, F(SYNC), WS_SHFL_DOWN, .kinds = "RRRIR", .ndst = 1 },
    { "shfl.sync.bfly.b32", OP(SHFL), T(B32), 0, F(SYNC), WS_SHFL_BFLY, .kinds = "RPRIII", .ndst = 2 },
    { "shfl.idx.b32", OP(SHFL), T(B32), 0, 0, WS_SHFL_IDX, .kinds = "RRII", .ndst = 1 },
    { "activemask.b32", OP(ACTIVEMASK), T(B32), 0, 0, .kinds = "R", .ndst = 1 },
    { "match.any.sync.b32", OP(MATCH), T(B32), 0, F(SYNC), WS_MATCH_ANY, .kinds = "RRI", .ndst = 1 },
    { "match.all.sync.b64", OP(MATCH), T(B64), 0, F(SYNC), WS_MATCH_ALL, .kinds = "RPRR", .ndst = 2 },
    { "bar.sync \t0", OP(BAR), 0, 0, F(ALIGNED) | F(SYNC), WS_BAR_SYNC, .kinds = "I", .ndst = 0 },
    { "bar.sync \t1, 64", OP(BAR), 0, 0, F(ALIGNED) | F(SYNC), WS_BAR_SYNC, .kinds = "II", .ndst = 0 },
    { "barrier.sync \t%r1", OP(BAR), 0, 0, F(SYNC), WS_BAR_SYNC, .kinds = "R", .ndst = 0 },
    { "barrier.sync.aligned", OP(BAR), 0, 0, F(ALIGNED) | F(SYNC), WS_BAR_SYNC, .kinds = "I", .ndst = 0 },
    { "bar.arrive", OP(BAR), 0, 0, F(ALIGNED), WS_BAR_ARRIVE, .kinds = "II", .ndst = 0 },
    { "bar.red.popc.u32", OP(BAR), T(U32), 0, F(ALIGNED), WS_BAR_RED_POPC, .kinds = "RIP", .ndst = 1 },
    { "bar.red.and.pred", OP(BAR), T(PRED), 0, F(ALIGNED), WS_BAR_RED_AND, .kinds = "PIIP", .ndst = 1 },
    { "bar.red.or.pred", OP(BAR), T(PRED), 0, F(ALIGNED), WS_BAR_RED_OR, .kinds = "PIP", .ndst = 1 },
    { "bar.cta.sync", OP(BAR), 0, 0, F(ALIGNED) | F(SYNC), WS_BAR_SYNC, .scope = WS_SCOPE_CTA, .kinds = "I", .ndst = 0 },
    { "bar.warp.sync", OP(BAR_WARP), 0, 0, F(SYNC), .kinds = "I", .ndst = 0 },
    { "membar.cta", OP(MEMBAR), 0, 0, 0, .scope = WS_SCOPE_CTA, .kinds = "", .ndst = 0 },
    { "membar.gl", OP(MEMBAR), 0, 0, 0, .scope = WS_SCOPE_GPU, .kinds = "", .ndst = 0 },
    { "membar.sys", OP(MEMBAR), 0, 0, 0, .scope = WS_SCOPE_SYS, .kinds = "", .ndst = 0 },
    { "fence.sc.gpu", OP(FENCE), 0, 0, F(SC), .scope = WS_SCOPE_GPU, .kinds = "", .ndst = 0 },
    { "fence.acq_rel.cta", OP(FENCE), 0, 0, F(ACQUIRE) | F(RELEASE), .scope = WS_SCOPE_CTA, .kinds = "", .ndst = 0 },
    { "nanosleep.u32 \t100", OP(NANOSLEEP), T(U32), 0, 0, .kinds = "I", .ndst = 0 },
    { "@%p1 trap", OP(TRAP), 0, 0, 0, .kinds = "", .ndst = 0 },
    { "brkpt", OP(BRKPT), 0, 0, 0, .kinds = "", .ndst = 0 },
    { "@!%p1 bra.uni", OP(BRA), 0, 0, F(UNI) | F(NEG_PRED), .kinds = "L", .ndst = 0 },
    { "@%p1 exit", OP(EXIT), 0, 0, 0, .kinds = "", .ndst = 0 },
};

static void test_insns(void)
{
    ws_error err;
    char *path = tp_path("tests/ptx/insns.ptx");
    size_t len;
    src_text = ws_read_file(path, &len);
    ws_ptx_module *m = ws_ptx_load_file(path, &err);
    ok(m != NULL, "insns.ptx loads");
    if (!m) {
        diag("%s", err.msg);
        free(path);
        free(src_text);
        return;
    }
    ok(tp_validate(m) == NULL, "insns.ptx: IR invariants hold");
    const ws_ptx_func *f = ws_ptx_module_find_func(m, "insns");
    for (size_t i = 0; i < WS_ARRAY_LEN(expect); i++) {
        const exp_insn *e = &expect[i];
        const ws_ptx_insn *in = by_text(f, e->text);
        if (!in) {
            ok(0, "instruction '%s' found", e->text);
            continue;
        }
        char kinds[8];
        kinds_of(in, kinds);
        bool good = in->op == e->op && in->type == e->type && in->type2 == e->type2 && in->flags == e->flags &&
                    in->subop == e->subop && in->cmp == e->cmp && in->boolop == e->boolop && in->rnd == e->rnd &&
                    in->space == e->space && in->cacheop == e->cacheop && in->scope == e->scope &&
                    in->vec == (e->vec ? e->vec : 1) && strcmp(kinds, e->kinds) == 0 && in->ndst == e->ndst;
        ok(good, "IR of '%s'", e->text);
        if (!good)
            diag("got op %d type %d/%d flags %#x subop %d cmp %d bool %d rnd %d space %d cache %d scope %d vec %d "
                 "kinds %s ndst %d", in->op, in->type, in->type2, in->flags, in->subop, in->cmp, in->boolop, in->rnd,
                 in->space, in->cacheop, in->scope, in->vec, kinds, in->ndst);
    }
    /* operand values */
    const ws_ptx_insn *in = by_text(f, "add.rz.ftz.sat.f32");
    ok(in && (uint64_t)in->opnd[2].imm == 0x3F800000u, "f32 immediate bits");
    in = by_text(f, "mul.rp.f64");
    ok(in && (uint64_t)in->opnd[2].imm == 0x4000000000000000u, "f64 immediate bits");
    in = by_text(f, "lop3.b32");
    ok(in && in->opnd[4].imm == 0x96, "lop3 lookup table");
    in = by_text(f, "setp.ge.or.s64");
    ok(in && in->opnd[4].neg && !in->opnd[1].neg, "negated boolean source");
    in = by_text(f, "vote.sync.any.pred");
    ok(in && in->opnd[1].neg, "vote with !p");
    in = by_text(f, "bar.red.and.pred");
    ok(in && in->opnd[3].neg && in->opnd[2].imm == 256, "bar.red with thread count and !p");
    in = by_text(f, "st.global.cs.v4.f32");
    ok(in && in->opnd[1].vec[3] == -2 && in->opnd[1].vec_imm[3] == 0, "vector with an immediate 0f00000000");
    in = by_text(f, "red.shared.max.s32");
    ok(in && in->opnd[0].imm == 4 && in->opnd[1].imm == -3, "red with [var+4] and a negative immediate");
    in = by_text(f, "cvt.u32.u32");
    ok(in && in->opnd[1].sreg == WS_SR_TID && in->opnd[1].comp == 1, "cvt reads a special register");
    in = by_text(f, "\tst.u64");
    ok(in && in->opnd[0].imm == -16, "[reg+-16]");
    in = by_text(f, "@!%p1 bra.uni");
    ok(in && f->insns[in->opnd[0].target].op == WS_OP_RET && in->reconv == f->ninsns,
       "branch target; a guarded exit on one path: reconverge only at exit");
    ws_ptx_module_free(m);
    free(path);
    free(src_text);
}

/* ------------------------------------------------------------------ every file */
static void test_all_files(const char *dir, bool must_exist)
{
    size_t n;
    char **files = tp_list(dir, ".ptx", &n);
    if (n == 0 && !must_exist)
        diag("no .ptx files in %s yet", dir);
    for (size_t i = 0; i < n; i++) {
        ws_error err;
        ws_ptx_module *m = ws_ptx_load_file(files[i], &err);
        ok(m != NULL, "%s/%s parses", dir, tp_base(files[i]));
        if (!m) {
            diag("%s", err.msg);
            continue;
        }
        const char *why = tp_validate(m);
        ok(why == NULL, "%s: IR invariants hold%s%s", tp_base(files[i]), why ? ": " : "", why ? why : "");
        bool kernel = false;
        for (uint32_t k = 0; k < m->nfuncs; k++)
            kernel |= m->funcs[k].is_entry && !m->funcs[k].is_decl;
        ok(kernel, "%s has a kernel", tp_base(files[i]));
        ws_ptx_module_free(m);
    }
    tp_free_list(files);
}

/* ------------------------------------------------------------------ small modules */
static ws_ptx_module *parse(const char *text)
{
    ws_error err;
    ws_ptx_module *m = ws_ptx_parse(text, strlen(text), "t.ptx", &err);
    if (!m)
        diag("%s", err.msg);
    return m;
}

static void test_layout_and_regs(void)
{
    /* Shared memory: a .func with its own shared array and a module-scope
     * one used only by k2. */
    ws_ptx_module *m = parse(
        ".version 9.0\n.target sm_75\n.address_size 64\n"
        ".shared .align 4 .b8 ms[100];\n"
        ".extern .shared .align 32 .b8 dyn[];\n"
        ".func f()\n{\n.shared .align 8 .b8 fs[16];\n.reg .b32 %r<2>;\nst.shared.u32 [fs], %r1;\nret;\n}\n"
        ".entry k1()\n{\n.shared .align 4 .b8 own[8];\ncall f;\nret;\n}\n"
        ".entry k2()\n{\n.reg .b32 %r<2>;\nld.shared.u32 %r1, [ms];\nret;\n}\n"
        ".entry k3()\n{\n.shared .b8 tiny[3];\nret;\n}\n");
    ok(m != NULL, "layout module parses");
    if (m) {
        const ws_ptx_func *f = ws_ptx_module_find_func(m, "f"), *k1 = ws_ptx_module_find_func(m, "k1"),
                          *k2 = ws_ptx_module_find_func(m, "k2"), *k3 = ws_ptx_module_find_func(m, "k3");
        is_u64(var_named(m, "ms")->offset, 0, "module shared at 0");
        is_u64(var_named(m, "fs")->offset, 104, ".func shared after module shared");
        is_u64(f->shared_bytes, 120, ".func shared bytes");
        is_u64(var_named(m, "own")->offset, 120, "kernel's own shared after its callee's");
        is_u64(k1->shared_bytes, 128, "k1 shared bytes");
        is_u64(k1->dyn_shared_offset, 128, "dynamic shared aligned to 32");
        is_u64(k2->shared_bytes, 100, "k2 uses only the module array");
        is_u64(k2->dyn_shared_offset, 128, "k2 dynamic shared aligned to 32");
        is_u64(k3->shared_bytes, 3, "k3 uses nothing else");
        is_u64(var_named(m, "tiny")->offset, 0, "k3's own array at 0");
        is_u64(k3->dyn_shared_offset, 32, "k3 dynamic shared at 32");
        ws_ptx_module_free(m);
    }
    /* Register pressure: four values live together, one 64-bit. */
    m = parse(".version 9.0\n.target sm_75\n.address_size 64\n"
              ".entry k(.param .u64 p)\n{\n.reg .b32 %r<10>;\n.reg .b64 %rd<4>;\n"
              "ld.param.u64 %rd1, [p];\n"        /* live: rd1 (2) */
              "ld.global.u32 %r1, [%rd1];\n"     /* rd1, r1 (3) */
              "ld.global.u32 %r2, [%rd1+4];\n"   /* rd1, r1, r2 (4) */
              "ld.global.u32 %r3, [%rd1+8];\n"   /* rd1, r1, r2, r3 (5) */
              "add.s32 %r4, %r1, %r2;\n"         /* rd1, r3, r4 (4) */
              "add.s32 %r5, %r4, %r3;\n"         /* rd1, r5 (3) */
              "st.global.u32 [%rd1], %r5;\n"
              "mov.u32 %r9, 1;\n"                /* dead definition: counts 1 */
              "ret;\n}\n");
    ok(m != NULL, "register module parses");
    if (m) {
        const ws_ptx_func *k = ws_ptx_module_find_func(m, "k");
        is_int(ws_ptx_func_regs_per_thread(m, k), 5, "register pressure: 5 slots");
        is_int(ws_ptx_func_regs_declared(m, k), 18, "declared: 10 + 4x2 slots");
        ws_ptx_module_free(m);
    }
    /* A loop keeps its values live around the back edge; a call adds the
     * callee's need to what is live across it. */
    m = parse(".version 9.0\n.target sm_75\n.address_size 64\n"
              ".func (.param .b32 r) g(.param .b32 a)\n{\n.reg .b32 %r<4>;\n"
              "ld.param.u32 %r1, [a];\nadd.s32 %r2, %r1, 1;\nadd.s32 %r3, %r2, %r1;\n"
              "st.param.b32 [r], %r3;\nret;\n}\n"
              ".entry k()\n{\n.reg .pred %p<2>;\n.reg .b32 %r<6>;\n"
              "mov.u32 %r1, 0;\nmov.u32 %r2, 10;\nmov.u32 %r3, 7;\n"
              "L:\nadd.s32 %r1, %r1, 1;\nsetp.lt.s32 %p1, %r1, %r2;\n@%p1 bra L;\n"
              "{\n.param .b32 x;\n.param .b32 y;\nst.param.b32 [x], %r1;\ncall (y), g, (x);\n"
              "ld.param.b32 %r4, [y];\n}\n"
              "add.s32 %r5, %r4, %r3;\nret;\n}\n");
    ok(m != NULL, "call module parses");
    if (m) {
        const ws_ptx_func *g = ws_ptx_module_find_func(m, "g"), *k = ws_ptx_module_find_func(m, "k");
        is_int(ws_ptx_func_regs_per_thread(m, g), 2, "callee pressure 2");
        is_int(ws_ptx_func_regs_per_thread(m, k), 3, "caller: r1, r2, r3 live in the loop; r3 across the call + 2");
        ws_ptx_module_free(m);
    }
}

static void test_misc(void)
{
    /* Without .address_size, addresses are 32-bit; a .func may be called
     * before its body appears if it was declared. */
    ws_ptx_module *m = parse(".version 6.4\n.target sm_60\n"
                             ".func f();\n.entry k()\n{\ncall.uni f;\nret;\n}\n.func f()\n{\nret;\n}\n");
    ok(m && m->address_size == 32 && m->version_major == 6 && m->version_minor == 4, "PTX 6.4, 32-bit default");
    if (m) {
        const ws_ptx_func *k = ws_ptx_module_find_func(m, "k"), *f = ws_ptx_module_find_func(m, "f");
        ok(k->insns[0].callee == (int32_t)(f - m->funcs) && !f->is_decl, "call to a function defined later");
        ws_ptx_module_free(m);
    }
    /* calling an undefined extern function is accepted (the engine decides) */
    m = parse(".version 9.0\n.target sm_75\n.address_size 64\n"
              ".extern .func (.param .b32 r) vprintf(.param .b64 a, .param .b64 b);\n"
              ".entry k()\n{\n.reg .b32 %r<2>;\n{\n.param .b64 a;\n.param .b64 b;\n.param .b32 r;\n"
              "call.uni (r), vprintf, (a, b);\nld.param.b32 %r1, [r];\n}\nret;\n}\n");
    ok(m != NULL, "call to an extern declaration parses");
    if (m) {
        const ws_ptx_func *k = ws_ptx_module_find_func(m, "k");
        ok(m->funcs[k->insns[0].callee].is_decl, "its callee is a declaration");
        ws_ptx_module_free(m);
    }
    /* decimal float to f64 and f16 conversion of literals */
    m = parse(".version 9.0\n.target sm_75\n.address_size 64\n"
              ".global .f64 d = 0.1;\n.global .f16 h[3] = {1.0, 0f3F800000, 65520.0};\n.global .b16 hb = 0x3C00;\n"
              ".entry k()\n{\nret;\n}\n");
    ok(m != NULL, "float initializers parse");
    if (m) {
        double d;
        memcpy(&d, var_named(m, "d")->init, sizeof d);
        ok(d == 0.1, "decimal literal to f64");
        const uint8_t *h = var_named(m, "h")->init;
        ok(h[0] == 0x00 && h[1] == 0x3C && h[2] == 0x00 && h[3] == 0x3C && h[4] == 0x00 && h[5] == 0x7C,
           "f16 initializers: 1.0, 0f3F800000, overflow to infinity");
        ws_ptx_module_free(m);
    }
    ws_error err;
    ws_ptx_module *none = ws_ptx_load_file("/nonexistent/x.ptx", &err);
    ok(none == NULL && err.code == WS_E_IO && strstr(err.msg, "cannot read PTX file '/nonexistent/x.ptx'"),
       "missing file: I/O error naming it");
}

int main(void)
{
    test_syntax();
    test_insns();
    test_all_files("tests/ptx", true);
    test_all_files("scenarios/kernels", false);
    test_layout_and_regs();
    test_misc();
    return tap_done();
}
