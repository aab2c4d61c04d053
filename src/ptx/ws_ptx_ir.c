/* ws_ptx_ir.c: IR tables (names, sizes), module lifetime, scoped name table. */
#include "ptx/ws_ptx_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

/* ------------------------------------------------------------------ types */
static const struct { const char *name; uint8_t size; } type_tab[WS_T_COUNT] = {
    [WS_T_NONE] = { "", 0 },
    [WS_T_B8] = { "b8", 1 }, [WS_T_B16] = { "b16", 2 }, [WS_T_B32] = { "b32", 4 },
    [WS_T_B64] = { "b64", 8 }, [WS_T_B128] = { "b128", 16 },
    [WS_T_U8] = { "u8", 1 }, [WS_T_U16] = { "u16", 2 }, [WS_T_U32] = { "u32", 4 }, [WS_T_U64] = { "u64", 8 },
    [WS_T_S8] = { "s8", 1 }, [WS_T_S16] = { "s16", 2 }, [WS_T_S32] = { "s32", 4 }, [WS_T_S64] = { "s64", 8 },
    [WS_T_F16] = { "f16", 2 }, [WS_T_F16X2] = { "f16x2", 4 }, [WS_T_BF16] = { "bf16", 2 },
    [WS_T_BF16X2] = { "bf16x2", 4 }, [WS_T_F32] = { "f32", 4 }, [WS_T_F64] = { "f64", 8 },
    [WS_T_PRED] = { "pred", 0 },
};

unsigned ws_ptx_type_size(ws_ptx_type t) { return (unsigned)t < WS_T_COUNT ? type_tab[t].size : 0; }

bool ws_ptx_type_is_signed(ws_ptx_type t)
{
    return t == WS_T_S8 || t == WS_T_S16 || t == WS_T_S32 || t == WS_T_S64;
}

bool ws_ptx_type_is_float(ws_ptx_type t)
{
    return t == WS_T_F16 || t == WS_T_F16X2 || t == WS_T_BF16 || t == WS_T_BF16X2 ||
           t == WS_T_F32 || t == WS_T_F64;
}

const char *ws_ptx_type_name(ws_ptx_type t) { return (unsigned)t < WS_T_COUNT ? type_tab[t].name : "?"; }

ws_ptx_type ws_ptx_type_from(const char *s, size_t len)
{
    for (int t = 1; t < WS_T_COUNT; t++)
        if (strlen(type_tab[t].name) == len && memcmp(type_tab[t].name, s, len) == 0)
            return (ws_ptx_type)t;
    return WS_T_NONE;
}

/* ------------------------------------------------------------------ spaces */
static const char *const space_tab[WS_SP_COUNT] = {
    [WS_SP_NONE] = "", [WS_SP_GLOBAL] = "global", [WS_SP_SHARED] = "shared",
    [WS_SP_LOCAL] = "local", [WS_SP_CONST] = "const", [WS_SP_PARAM] = "param",
    [WS_SP_REG] = "reg", [WS_SP_TEX] = "tex",
};

const char *ws_ptx_space_name(ws_ptx_space s) { return (unsigned)s < WS_SP_COUNT ? space_tab[s] : "?"; }

ws_ptx_space ws_ptx_space_from(const char *s, size_t len)
{
    static const struct { const char *n; ws_ptx_space sp; } alias[] = {
        { "shared::cta", WS_SP_SHARED }, { "param::entry", WS_SP_PARAM }, { "param::func", WS_SP_PARAM },
    };
    for (int i = 1; i < WS_SP_COUNT; i++)
        if (strlen(space_tab[i]) == len && memcmp(space_tab[i], s, len) == 0)
            return (ws_ptx_space)i;
    for (size_t i = 0; i < WS_ARRAY_LEN(alias); i++)
        if (strlen(alias[i].n) == len && memcmp(alias[i].n, s, len) == 0)
            return alias[i].sp;
    return WS_SP_NONE;
}

/* ------------------------------------------------------------------ opcodes */
static const char *const op_tab[WS_OP_COUNT] = {
    [WS_OP_INVALID] = "?",
    [WS_OP_ADD] = "add", [WS_OP_SUB] = "sub", [WS_OP_ADDC] = "addc", [WS_OP_SUBC] = "subc",
    [WS_OP_MUL] = "mul", [WS_OP_MAD] = "mad", [WS_OP_MADC] = "madc", [WS_OP_MUL24] = "mul24",
    [WS_OP_MAD24] = "mad24", [WS_OP_DIV] = "div", [WS_OP_REM] = "rem", [WS_OP_ABS] = "abs",
    [WS_OP_NEG] = "neg", [WS_OP_MIN] = "min", [WS_OP_MAX] = "max", [WS_OP_SAD] = "sad",
    [WS_OP_DP4A] = "dp4a", [WS_OP_DP2A] = "dp2a",
    [WS_OP_AND] = "and", [WS_OP_OR] = "or", [WS_OP_XOR] = "xor", [WS_OP_NOT] = "not",
    [WS_OP_CNOT] = "cnot", [WS_OP_SHL] = "shl", [WS_OP_SHR] = "shr", [WS_OP_SHF] = "shf",
    [WS_OP_LOP3] = "lop3", [WS_OP_BFE] = "bfe", [WS_OP_BFI] = "bfi", [WS_OP_BFIND] = "bfind",
    [WS_OP_BREV] = "brev", [WS_OP_CLZ] = "clz", [WS_OP_POPC] = "popc", [WS_OP_PRMT] = "prmt",
    [WS_OP_FNS] = "fns",
    [WS_OP_FMA] = "fma", [WS_OP_RCP] = "rcp", [WS_OP_SQRT] = "sqrt", [WS_OP_RSQRT] = "rsqrt",
    [WS_OP_EX2] = "ex2", [WS_OP_LG2] = "lg2", [WS_OP_SIN] = "sin", [WS_OP_COS] = "cos",
    [WS_OP_TANH] = "tanh", [WS_OP_COPYSIGN] = "copysign", [WS_OP_TESTP] = "testp",
    [WS_OP_MOV] = "mov", [WS_OP_CVT] = "cvt", [WS_OP_CVTA] = "cvta", [WS_OP_ISSPACEP] = "isspacep",
    [WS_OP_SETP] = "setp", [WS_OP_SET] = "set", [WS_OP_SELP] = "selp", [WS_OP_SLCT] = "slct",
    [WS_OP_LD] = "ld", [WS_OP_LDU] = "ldu", [WS_OP_ST] = "st", [WS_OP_PREFETCH] = "prefetch",
    [WS_OP_PREFETCHU] = "prefetchu", [WS_OP_ATOM] = "atom", [WS_OP_RED] = "red",
    [WS_OP_VOTE] = "vote", [WS_OP_SHFL] = "shfl", [WS_OP_ACTIVEMASK] = "activemask",
    [WS_OP_MATCH] = "match", [WS_OP_BAR] = "bar", [WS_OP_BAR_WARP] = "bar.warp",
    [WS_OP_MEMBAR] = "membar", [WS_OP_FENCE] = "fence",
    [WS_OP_BRA] = "bra", [WS_OP_CALL] = "call", [WS_OP_RET] = "ret", [WS_OP_EXIT] = "exit",
    [WS_OP_TRAP] = "trap", [WS_OP_BRKPT] = "brkpt", [WS_OP_NANOSLEEP] = "nanosleep",
    [WS_OP_LOAD_IRU] = "load_iru",
    [WS_OP_PC_GATHER] = "pc_gather", [WS_OP_PC_WAIT] = "pc_wait", [WS_OP_PC_SCATTER_SET] = "pc_scatter_set",
};

const char *ws_ptx_op_name(ws_ptx_op op)
{
    return (unsigned)op < WS_OP_COUNT && op_tab[op] ? op_tab[op] : "?";
}

/* ------------------------------------------------------------------ special registers */
static const char *const sreg_tab[WS_SR_COUNT] = {
    [WS_SR_TID] = "%tid", [WS_SR_NTID] = "%ntid", [WS_SR_CTAID] = "%ctaid", [WS_SR_NCTAID] = "%nctaid",
    [WS_SR_LANEID] = "%laneid", [WS_SR_WARPID] = "%warpid", [WS_SR_NWARPID] = "%nwarpid",
    [WS_SR_SMID] = "%smid", [WS_SR_NSMID] = "%nsmid", [WS_SR_GRIDID] = "%gridid",
    [WS_SR_CLOCK] = "%clock", [WS_SR_CLOCK_HI] = "%clock_hi", [WS_SR_CLOCK64] = "%clock64",
    [WS_SR_GLOBALTIMER] = "%globaltimer", [WS_SR_GLOBALTIMER_LO] = "%globaltimer_lo",
    [WS_SR_GLOBALTIMER_HI] = "%globaltimer_hi",
    [WS_SR_LANEMASK_EQ] = "%lanemask_eq", [WS_SR_LANEMASK_LE] = "%lanemask_le",
    [WS_SR_LANEMASK_LT] = "%lanemask_lt", [WS_SR_LANEMASK_GE] = "%lanemask_ge",
    [WS_SR_LANEMASK_GT] = "%lanemask_gt", [WS_SR_DYNAMIC_SMEM_SIZE] = "%dynamic_smem_size",
    [WS_SR_TOTAL_SMEM_SIZE] = "%total_smem_size", [WS_SR_ENVREG] = "%envreg",
};

const char *ws_ptx_sreg_name(int sreg)
{
    return sreg > 0 && sreg < WS_SR_COUNT ? sreg_tab[sreg] : "%?";
}

int ws_ptx_sreg_from(const char *s, size_t len, int *envreg)
{
    *envreg = -1;
    for (int i = 1; i < WS_SR_COUNT; i++)
        if (i != WS_SR_ENVREG && strlen(sreg_tab[i]) == len && memcmp(sreg_tab[i], s, len) == 0)
            return i;
    if (len > 7 && len <= 9 && memcmp(s, "%envreg", 7) == 0) {
        int v = 0;
        for (size_t i = 7; i < len; i++) {
            if (s[i] < '0' || s[i] > '9')
                return 0;
            v = v * 10 + (s[i] - '0');
        }
        if (v > 31 || (len == 9 && s[7] == '0'))
            return 0;
        *envreg = v;
        return WS_SR_ENVREG;
    }
    return 0;
}

/* ------------------------------------------------------------------ module */
ws_ptx_func *ws_ptx_module_find_func(const ws_ptx_module *m, const char *name)
{
    if (!m || !name)
        return NULL;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (strcmp(m->funcs[i].name, name) == 0)
            return &m->funcs[i];
    return NULL;
}

static void free_func(ws_ptx_func *f)
{
    free(f->name);
    free(f->params);
    free(f->rets);
    for (uint32_t i = 0; i < f->ninsns; i++)
        for (unsigned k = 0; k < WS_PTX_MAX_OPNDS; k++) {
            free(f->insns[i].opnd[k].vec);
            free(f->insns[i].opnd[k].vec_imm);
        }
    free(f->insns);
    for (uint32_t i = 0; i < f->nregs; i++)
        free(f->regs[i].name);
    free(f->regs);
    for (uint32_t i = 0; i < f->npreds; i++)
        free(f->preds[i].name);
    free(f->preds);
    for (uint32_t i = 0; i < f->nlabels; i++)
        free(f->labels[i].name);
    free(f->labels);
}

void ws_ptx_module_free(ws_ptx_module *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        free_func(&m->funcs[i]);
    free(m->funcs);
    for (uint32_t i = 0; i < m->nvars; i++) {
        free(m->vars[i].name);
        free(m->vars[i].init);
        free(m->vars[i].relocs);
    }
    free(m->vars);
    for (uint32_t i = 0; i < m->nsyms; i++)
        free(m->syms[i].name);
    free(m->syms);
    for (uint32_t i = 0; i < m->nfiles; i++)
        free(m->files[i]);
    free(m->files);
    free(m->path);
    free(m->target);
    free(m->res_path);
    free(m->res_tool);
    free(m->res_arch);
    free(m);
}

const char *ws_ptx_insn_cu(const ws_ptx_module *m, const ws_ptx_insn *in, uint32_t *line)
{
    *line = 0;
    if (!m || !in || in->src_line == 0 || in->src_file >= m->nfiles || !m->files[in->src_file])
        return NULL;
    const char *f = m->files[in->src_file];
    const char *b = strrchr(f, '/');
    *line = in->src_line;
    return b ? b + 1 : f;
}

/* ------------------------------------------------------------------ scoped names */
static uint32_t hash_name(const char *s, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}

static uint32_t find_slot(const ws_ptx_names *t, const char *name, size_t len)
{
    uint32_t mask = t->cap - 1, i = hash_name(name, len) & mask;
    while (t->slots[i].name &&
           !(t->slots[i].len == len && memcmp(t->slots[i].name, name, len) == 0))
        i = (i + 1) & mask;
    return i;
}

static void grow_slots(ws_ptx_names *t)
{
    ws_ptx_names old = *t;
    t->cap = old.cap ? old.cap * 2 : 64;
    t->slots = ws_xcalloc(t->cap, sizeof *t->slots);
    for (uint32_t i = 0; i < old.cap; i++)
        if (old.slots[i].name) {
            uint32_t j = find_slot(t, old.slots[i].name, old.slots[i].len);
            t->slots[j] = old.slots[i];
        }
    for (size_t b = 0; b < t->nb; b++)
        t->b[b].slot = find_slot(t, t->b[b].name, t->b[b].len);
    free(old.slots);
}

int32_t ws_ptx_names_find(const ws_ptx_names *t, const char *name, size_t len)
{
    if (!t->cap)
        return -1;
    uint32_t i = find_slot(t, name, len);
    return t->slots[i].name ? t->slots[i].head : -1;
}

int32_t ws_ptx_names_bind(ws_ptx_names *t, const char *name, size_t len, int kind, int32_t idx,
                          int32_t depth, uint32_t line, uint32_t col)
{
    if ((t->used + 1) * 2 > t->cap)
        grow_slots(t);
    uint32_t i = find_slot(t, name, len);
    if (!t->slots[i].name) {
        t->slots[i].name = name;
        t->slots[i].len = (uint32_t)len;
        t->slots[i].head = -1;
        t->used++;
    }
    WS_GROW(t->b, t->capb, t->nb + 1);
    int32_t bi = (int32_t)t->nb++;
    t->b[bi] = (ws_ptx_bind){ .name = name, .len = (uint32_t)len, .kind = (uint8_t)kind, .idx = idx,
                              .prev = t->slots[i].head, .depth = depth, .slot = i,
                              .line = line, .col = col };
    t->slots[i].head = bi;
    return bi;
}

void ws_ptx_names_pop(ws_ptx_names *t, size_t mark)
{
    while (t->nb > mark) {
        ws_ptx_bind *b = &t->b[--t->nb];
        ws_ptx_slot *s = &t->slots[b->slot];
        s->head = b->prev;
        /* The slot keeps pointing at a name that stays alive (module-owned). */
    }
}

void ws_ptx_names_free(ws_ptx_names *t)
{
    free(t->slots);
    free(t->b);
    memset(t, 0, sizeof *t);
}
