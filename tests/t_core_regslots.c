/* Register storage slots (src/core/ws_regslots.c).
 *
 * 1. Every shipped kernel: the live-in sets kept per instruction equal a
 *    liveness computed here independently (per instruction, from each
 *    instruction's successors), and no instruction writes a slot that holds
 *    another register live after it or one of its own operands.
 * 2. Hand-built cases: slot counts, and exact results where sharing could
 *    go wrong (divergent paths with their own temporaries, guarded writes,
 *    a register read before any write, a vector unpack of a dying register,
 *    a shuffle of a dying register into the same instruction's result).
 * 3. ws_warp_reg_live step by step. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tcore.h"
#include "core/ws_core_int.h"
#include "t_ptx_util.h"

/* ---------------------------------------------------------------- reference liveness */
#define MAX_REGS 4096   /* per function, for the checks (no shipped kernel has that many) */

typedef struct regs_of {
    int32_t r[64];
    bool def[64];
    unsigned n;
} regs_of;

static void operands(const ws_ptx_insn *in, regs_of *o)
{
    o->n = 0;
    for (unsigned k = 0; k < in->nopnds; k++) {
        const ws_ptx_opnd *p = &in->opnd[k];
        bool dst = k < in->ndst;
        if (p->kind == WS_O_REG && o->n < 64) {
            o->r[o->n] = p->reg;
            o->def[o->n++] = dst;
        } else if (p->kind == WS_O_ADDR && p->reg >= 0 && o->n < 64) {
            o->r[o->n] = p->reg;
            o->def[o->n++] = false;   /* an address register is read */
        } else if (p->kind == WS_O_VEC) {
            for (unsigned e = 0; e < p->nvec && o->n < 64; e++)
                if (p->vec[e] >= 0) {
                    o->r[o->n] = p->vec[e];
                    o->def[o->n++] = dst;
                }
        }
    }
}

/* Instruction i's successors (ninsns: the end). */
static uint32_t successors(const ws_ptx_func *f, uint32_t i, uint32_t succ[2])
{
    const ws_ptx_insn *in = &f->insns[i];
    uint32_t ns = 0, n = f->ninsns;
    bool term = in->op == WS_OP_BRA || in->op == WS_OP_RET || in->op == WS_OP_EXIT || in->op == WS_OP_TRAP;
    if (in->op == WS_OP_BRA)
        succ[ns++] = in->opnd[0].target < n ? in->opnd[0].target : n;
    if (!term || in->guard >= 0)
        succ[ns++] = i + 1;
    return ns;
}

/* out = registers live after instruction i: the union of its successors' live-in */
static void live_after(const ws_ptx_func *f, const uint8_t *live, uint32_t i, uint8_t *out)
{
    uint32_t succ[2], ns = successors(f, i, succ), R = f->nregs;
    memset(out, 0, R);
    for (uint32_t s = 0; s < ns; s++)
        for (uint32_t r = 0; r < R; r++)
            out[r] |= live[(size_t)succ[s] * R + r];
}

/* live[i * nregs + r]: r live before instruction i (i = ninsns: the end) */
static uint8_t *ref_liveness(const ws_ptx_func *f)
{
    uint32_t n = f->ninsns, R = f->nregs;
    uint8_t *live = calloc((size_t)(n + 1) * R + 1, 1);
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t i = n; i-- > 0;) {
            const ws_ptx_insn *in = &f->insns[i];
            uint8_t out[MAX_REGS];
            live_after(f, live, i, out);
            regs_of o;
            operands(in, &o);
            for (unsigned k = 0; k < o.n; k++)
                if (o.def[k] && in->guard < 0)
                    out[o.r[k]] = 0;
            for (unsigned k = 0; k < o.n; k++)
                if (!o.def[k])
                    out[o.r[k]] = 1;
            if (memcmp(out, live + (size_t)i * R, R)) {
                memcpy(live + (size_t)i * R, out, R);
                changed = true;
            }
        }
    }
    return live;
}

/* Checks one function; returns the number of problems (diag'd). */
static int check_func(const char *file, const ws_ptx_func *f, const ws_xfunc *xf)
{
    int bad = 0;
    uint32_t R = f->nregs, n = f->ninsns;
    if (R == 0 || n == 0 || !xf->livein)
        return 0;
    if (R > MAX_REGS) {
        diag("%s %s: %u registers, more than the check handles", file, f->name, R);
        return 1;
    }
    uint8_t *live = ref_liveness(f);
    for (uint32_t i = 0; i <= n; i++)
        for (uint32_t r = 0; r < R; r++) {
            bool mine = (xf->livein[(size_t)i * xf->lw + (r >> 6)] >> (r & 63)) & 1;
            if (mine != (bool)live[(size_t)i * R + r] && bad++ < 5)
                diag("%s %s: insn %u reg %s: live-in %d, reference %d", file, f->name, i, f->regs[r].name, mine,
                     live[(size_t)i * R + r]);
        }
    for (uint32_t i = 0; i < n; i++) {
        const ws_ptx_insn *in = &f->insns[i];
        regs_of o;
        operands(in, &o);
        /* what the instruction may not clobber: registers live after it
         * and its own operands */
        uint8_t after[MAX_REGS];
        live_after(f, live, i, after);
        for (unsigned k = 0; k < o.n; k++)
            after[o.r[k]] = 1;
        for (unsigned k = 0; k < o.n; k++) {
            if (!o.def[k])
                continue;
            uint32_t d = (uint32_t)o.r[k];
            for (uint32_t r = 0; r < R; r++)
                if (r != d && after[r] && xf->slot[r] == xf->slot[d] && bad++ < 5)
                    diag("%s %s: insn %u (line %u) writes %s into the slot of %s", file, f->name, i, in->line,
                         f->regs[d].name, f->regs[r].name);
        }
    }
    for (uint32_t r = 0; r < R; r++)
        if (xf->slot[r] != UINT32_MAX && xf->slot[r] >= xf->nslots && bad++ < 5)
            diag("%s %s: %s has slot %u of %u", file, f->name, f->regs[r].name, xf->slot[r], xf->nslots);
    free(live);
    return bad;
}

static int check_file(const char *path, const char *name)
{
    ws_module *m = ws_module_load_file(tc_dev, path, &tc_err);
    if (!m) {
        diag("%s: %s", path, tc_err.msg);
        return 1;
    }
    int bad = 0;
    for (uint32_t fi = 0; fi < m->ptx->nfuncs; fi++)
        if (!m->ptx->funcs[fi].is_decl)
            bad += check_func(name, &m->ptx->funcs[fi], &m->xf[fi]);
    return bad;
}

static void shipped(const char *dir)
{
    char path[4096];
    DIR *d = opendir(dir);
    if (!d) {
        ok(1, "# SKIP no directory %s", dir);
        return;
    }
    int nfiles = 0, bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 4, ".ptx"))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        bad += check_file(path, e->d_name);
        nfiles++;
    }
    closedir(d);
    ok(nfiles > 0 && bad == 0, "%s: %d PTX files, live-in sets match the reference and no write clobbers a live register",
       dir, nfiles);
}

/* ---------------------------------------------------------------- hand-built cases */
static uint32_t reg_index(const ws_xfunc *xf, const char *name)
{
    for (uint32_t r = 0; r < xf->f->nregs; r++)
        if (strcmp(xf->f->regs[r].name, name) == 0)
            return r;
    return 0;
}
#define SLOT(xf, name) ((xf)->slot[reg_index((xf), (name))])

static const ws_xfunc *xfunc_of(ws_module *m, const char *name)
{
    for (uint32_t fi = 0; fi < m->ptx->nfuncs; fi++)
        if (strcmp(m->ptx->funcs[fi].name, name) == 0)
            return &m->xf[fi];
    return NULL;
}

/* Each lane writes out[tid] (u32). */
static const char *CASES =
    ".version 7.0\n.target sm_70\n.address_size 64\n"
    /* divergent paths, each with its own temporaries */
    ".visible .entry paths(.param .u64 out)\n{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<12>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  and.b32 %r2, %r1, 1;\n"
    "  setp.eq.u32 %p1, %r2, 0;\n"
    "  @%p1 bra EVEN;\n"
    "  mul.lo.u32 %r3, %r1, 3;\n"
    "  add.u32 %r4, %r3, 7;\n"
    "  mov.u32 %r10, %r4;\n"
    "  bra JOIN;\n"
    "EVEN:\n"
    "  shl.b32 %r5, %r1, 4;\n"
    "  or.b32 %r6, %r5, 1;\n"
    "  mov.u32 %r10, %r6;\n"
    "JOIN:\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r10;\n"
    "  ret;\n}\n"
    /* a guarded write: lanes whose guard is false keep the old value; %r9 is
     * read before any write (zeros) while other registers come and go */
    ".visible .entry guarded(.param .u64 out)\n{\n"
    "  .reg .pred %p<2>; .reg .b32 %r<12>; .reg .b64 %rd<4>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  add.u32 %r2, %r1, 1000;\n"
    "  mul.lo.u32 %r3, %r1, %r1;\n"
    "  add.u32 %r4, %r3, 5;\n"
    "  setp.lt.u32 %p1, %r1, 16;\n"
    "  @%p1 mov.u32 %r2, %r4;\n"
    "  add.u32 %r5, %r2, %r9;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r5;\n"
    "  ret;\n}\n"
    /* a 64-bit register unpacked into two 32-bit ones as it dies, and a
     * shuffle of a register that dies into its own result */
    ".visible .entry unpack(.param .u64 out)\n{\n"
    "  .reg .b32 %r<12>; .reg .b64 %rd<6>;\n"
    "  ld.param.u64 %rd1, [out];\n"
    "  mov.u32 %r1, %tid.x;\n"
    "  cvt.u64.u32 %rd4, %r1;\n"
    "  shl.b64 %rd5, %rd4, 32;\n"
    "  or.b64 %rd5, %rd5, 77;\n"
    "  mov.b64 {%r2, %r3}, %rd5;\n"
    "  shfl.sync.idx.b32 %r4, %r3, 5, 31, -1;\n"
    "  mad.lo.u32 %r5, %r3, 1000, %r2;\n"
    "  add.u32 %r6, %r5, %r4;\n"
    "  mul.wide.u32 %rd2, %r1, 4;\n"
    "  add.u64 %rd3, %rd1, %rd2;\n"
    "  st.global.u32 [%rd3], %r6;\n"
    "  ret;\n}\n";

static void run(ws_module *m, const char *k, uint32_t *got)
{
    memset(got, 0xee, 32 * 4);
    uint64_t out = ws_devmem_alloc(tc_dev, 32 * 4, "out", &tc_err);
    ws_arg arg = WS_ARG_PTR(out);
    ws_launch_config lc = { .grid = { 1, 1, 1 }, .block = { 32, 1, 1 } };
    if (ws_launch(tc_dev, ws_module_kernel(m, k, &tc_err), &lc, &arg, 1, &tc_err) < 0)
        diag("%s: %s", k, tc_err.msg);
    ws_devmem_read(tc_dev, out, got, 32 * 4, &tc_err);
    ws_devmem_free(tc_dev, out, NULL);
}

static void cases(void)
{
    ws_module *m = tc_load(CASES);
    if (!m) {
        ok(0, "cases did not load");
        return;
    }
    const ws_xfunc *p = xfunc_of(m, "paths");
    /* the branches' temporaries (%r3 %r4 against %r5 %r6) never live at
     * the same time; greedy colouring in declaration order gives %r1 0,
     * %r2 %r3 %r5 %r10 1, %r4 %r6 2, the %rd registers 3 (and 0-2 when
     * free): 4 slots for the 16 registers */
    ok(p && p->nslots == 4 && SLOT(p, "%r3") == SLOT(p, "%r5") && SLOT(p, "%r4") == SLOT(p, "%r6"),
       "paths: the two branches' temporaries share slots (%u slots for %u registers)", p ? p->nslots : 0,
       p ? p->f->nregs : 0);
    uint32_t got[32];
    run(m, "paths", got);
    int wrong = 0;
    for (uint32_t t = 0; t < 32; t++)
        wrong += got[t] != ((t & 1) ? t * 3 + 7 : (t << 4) | 1);
    ok(wrong == 0, "paths: every lane's result is exact (%d wrong)", wrong);
    const ws_xfunc *g = xfunc_of(m, "guarded");
    ok(g && SLOT(g, "%r9") != SLOT(g, "%r3") && SLOT(g, "%r9") != SLOT(g, "%r4") && SLOT(g, "%r2") != SLOT(g, "%r3") &&
           SLOT(g, "%r2") != SLOT(g, "%r4"),
       "guarded: %%r9 (read before any write) and %%r2 (kept by the lanes whose guard is false) keep their slots");
    run(m, "guarded", got);
    wrong = 0;
    for (uint32_t t = 0; t < 32; t++)
        wrong += got[t] != (t < 16 ? t * t + 5 : t + 1000);
    ok(wrong == 0, "guarded: exact, a never-written register reads zero (%d wrong)", wrong);
    const ws_xfunc *u = xfunc_of(m, "unpack");
    ok(u && SLOT(u, "%r2") != SLOT(u, "%rd5") && SLOT(u, "%r3") != SLOT(u, "%rd5") && SLOT(u, "%r4") != SLOT(u, "%r3"),
       "unpack: no destination shares a slot with a source of the same instruction");
    run(m, "unpack", got);
    wrong = 0;
    for (uint32_t t = 0; t < 32; t++)
        wrong += got[t] != t * 1000 + 77 + 5;
    ok(wrong == 0, "unpack: exact (%d wrong)", wrong);
}

/* ---------------------------------------------------------------- ws_warp_reg_live */
static void live_steps(void)
{
    ws_module *m = tc_load(CASES);
    if (!m) {
        ok(0, "cases did not load");
        return;
    }
    /* guarded, one warp stepped one instruction at a time */
    uint64_t out = ws_devmem_alloc(tc_dev, 32 * 4, "out", &tc_err);
    ws_arg arg = WS_ARG_PTR(out);
    ws_launch_config lc = { .grid = { 1, 1, 1 }, .block = { 32, 1, 1 } };
    ws_grid *gr = ws_grid_create(tc_dev, ws_module_kernel(m, "guarded", &tc_err), &lc, &arg, 1, &tc_err);
    ws_cta *cta = gr ? ws_grid_dispatch(gr, 0, &tc_err) : NULL;
    if (!cta) {
        diag("%s", tc_err.msg);
        ok(0, "no grid");
        return;
    }
    /* live before pc 0..11 (lane 0) of %r2 %r3 %r4 %r9 %rd1: %r9 is read
     * before any write, so it is live from the entry to its read */
    static const char *want[] = {
        "00010", "00011", "00011", "10011", "11011", "10111", "10111", "10011",
        "00001", "00001", "00000", "00000",
    };
    static const char *names[5] = { "%r2", "%r3", "%r4", "%r9", "%rd1" };
    uint32_t regs[5];
    const ws_ptx_func *f = ws_kernel_func(ws_module_kernel(m, "guarded", &tc_err));
    for (int k = 0; k < 5; k++)
        for (uint32_t r = 0; r < f->nregs; r++)
            if (strcmp(f->regs[r].name, names[k]) == 0)
                regs[k] = r;
    int bad = 0;
    ws_warp *w = ws_cta_warp(cta, 0);
    for (uint32_t pc = 0; pc <= 11; pc++) {
        char got[6] = { 0 };
        for (int k = 0; k < 5; k++)
            got[k] = ws_warp_reg_live(w, regs[k], 0) ? '1' : '0';
        if ((ws_warp_pc(w) != pc || strcmp(got, want[pc])) && bad++ < 3)
            diag("before pc %u (warp at %u): live %s, expected %s", pc, ws_warp_pc(w), got, want[pc]);
        if (pc < 11 && ws_warp_step(w, NULL, &tc_err) < 0)
            break;
    }
    ok(bad == 0, "ws_warp_reg_live follows each register from its write to its last read, step by step");
    ws_grid_free(gr);
    ws_devmem_free(tc_dev, out, NULL);
}

int main(void)
{
    const char *src = getenv("srcdir");
    char dir[4096];
    tc_init();
    /* every shipped PTX, the IRU kernels (load_iru) and the MFF's (pc_*) included */
    tc_dev->cfg.iru = true;
    tc_dev->cfg.mff = true;
    snprintf(dir, sizeof dir, "%s/scenarios/kernels", src ? src : ".");
    shipped(dir);
    snprintf(dir, sizeof dir, "%s/tests/core", src ? src : ".");
    shipped(dir);
    cases();
    live_steps();
    ws_device_free(tc_dev);
    return tap_done();
}
