/* ws_ptx_layout.c: offsets of variables in their state spaces and the
 * per-function sizes (see the comment above ws_ptx_var in ws_ptx_ir.h). */
#include "ptx/ws_ptx_int.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

static uint64_t align_up(uint64_t x, uint32_t a)
{
    return a > 1 ? (x + a - 1) / a * a : x;
}

static uint64_t place(ws_ptx_var *v, uint64_t cur)
{
    v->offset = align_up(cur, v->align);
    return v->offset + v->size;
}

/* Functions reachable from f through calls (f included), as a mark array. */
static void reach(const ws_ptx_module *m, uint32_t f, uint8_t *mark, uint32_t *stack)
{
    uint32_t sp = 0;
    mark[f] = 1;
    stack[sp++] = f;
    while (sp) {
        const ws_ptx_func *g = &m->funcs[stack[--sp]];
        for (uint32_t i = 0; i < g->ninsns; i++) {
            int32_t c = g->insns[i].callee;
            if (g->insns[i].op == WS_OP_CALL && c >= 0 && !mark[c]) {
                mark[c] = 1;
                stack[sp++] = (uint32_t)c;
            }
        }
    }
}

/* Largest end offset of the module-scope static shared variables that the
 * instructions of f name. */
static uint64_t shared_end_used(const ws_ptx_module *m, const ws_ptx_func *f)
{
    uint64_t end = 0;
    for (uint32_t i = 0; i < f->ninsns; i++)
        for (unsigned k = 0; k < f->insns[i].nopnds; k++) {
            const ws_ptx_opnd *o = &f->insns[i].opnd[k];
            if ((o->kind != WS_O_SYM && o->kind != WS_O_ADDR) || o->sym < 0)
                continue;
            int32_t vi = m->syms[o->sym].var;
            if (vi < 0)
                continue;
            const ws_ptx_var *v = &m->vars[vi];
            if (v->space == WS_SP_SHARED && !v->is_extern && v->func < 0)
                end = WS_MAX(end, v->offset + v->size);
        }
    return end;
}

int ws_ptx_layout(ws_ptx_module *m, ws_error *err)
{
    (void)err;
    uint32_t nf = m->nfuncs;
    uint64_t gcur = 0, ccur = 0, scur = 0;
    uint32_t ext_align = 16;
    /* Module-scope .global, .const, static .shared. */
    for (uint32_t i = 0; i < m->nvars; i++) {
        ws_ptx_var *v = &m->vars[i];
        if (v->func >= 0)
            continue;
        if (v->space == WS_SP_GLOBAL)
            gcur = place(v, gcur);
        else if (v->space == WS_SP_CONST)
            ccur = place(v, ccur);
        else if (v->space == WS_SP_SHARED && !v->is_extern)
            scur = place(v, scur);
        else if (v->space == WS_SP_SHARED)
            ext_align = WS_MAX(ext_align, v->align);
    }
    m->global_bytes = gcur;
    m->const_bytes = ccur;

    /* Static .shared of .func bodies go after the module-scope ones;
     * need[f]: how far the static shared memory f itself uses reaches. */
    uint64_t *need = ws_xcalloc(nf + 1, sizeof *need);
    for (uint32_t i = 0; i < m->nvars; i++) {
        ws_ptx_var *v = &m->vars[i];
        if (v->func >= 0 && v->space == WS_SP_SHARED && !m->funcs[v->func].is_entry) {
            scur = place(v, scur);
            need[v->func] = WS_MAX(need[v->func], scur);
        }
    }
    for (uint32_t fi = 0; fi < nf; fi++)
        need[fi] = WS_MAX(need[fi], shared_end_used(m, &m->funcs[fi]));

    /* Frames: .local variables, call-sequence temporaries, then the
     * parameters and return values of a .func.  Kernel parameters go to the
     * parameter buffer. */
    uint8_t *is_param = ws_xcalloc(m->nvars + 1, 1);
    uint64_t *frame = ws_xcalloc(nf + 1, sizeof *frame);
    for (uint32_t fi = 0; fi < nf; fi++) {
        const ws_ptx_func *f = &m->funcs[fi];
        for (uint32_t k = 0; k < f->nparams; k++)
            is_param[f->params[k]] = 1;
        for (uint32_t k = 0; k < f->nrets; k++)
            is_param[f->rets[k]] = 1;
    }
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0; i < m->nvars; i++) {
            ws_ptx_var *v = &m->vars[i];
            if (v->func < 0 || is_param[i])
                continue;
            if ((pass == 0 && v->space == WS_SP_LOCAL) || (pass == 1 && v->space == WS_SP_PARAM))
                frame[v->func] = place(v, frame[v->func]);
        }
    for (uint32_t fi = 0; fi < nf; fi++) {
        ws_ptx_func *f = &m->funcs[fi];
        uint64_t pcur = 0;
        for (uint32_t k = 0; k < f->nparams + f->nrets; k++) {
            ws_ptx_var *v = &m->vars[k < f->nparams ? f->params[k] : f->rets[k - f->nparams]];
            if (f->is_entry)
                pcur = place(v, pcur);
            else
                frame[fi] = place(v, frame[fi]);
        }
        f->local_bytes = frame[fi];
        f->param_bytes = pcur;
    }

    /* Shared bytes: everything reachable through calls; a kernel's own
     * variables go after that. */
    uint8_t *mark = ws_xcalloc(nf + 1, 1);
    uint32_t *stack = ws_xmalloc((nf + 1) * sizeof *stack);
    for (uint32_t fi = 0; fi < nf; fi++) {
        ws_ptx_func *f = &m->funcs[fi];
        memset(mark, 0, nf);
        reach(m, fi, mark, stack);
        uint64_t base = 0;
        for (uint32_t g = 0; g < nf; g++)
            if (mark[g])
                base = WS_MAX(base, need[g]);
        if (f->is_entry) {
            for (uint32_t i = 0; i < m->nvars; i++) {
                ws_ptx_var *v = &m->vars[i];
                if (v->func == (int32_t)fi && v->space == WS_SP_SHARED)
                    base = place(v, base);
            }
            f->dyn_shared_offset = align_up(base, ext_align);
        }
        f->shared_bytes = base;
    }
    free(mark);
    free(stack);
    free(need);
    free(frame);
    free(is_param);
    return 0;
}
