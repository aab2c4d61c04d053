/* ws_fault.c: fault records and their messages, in the manner of a memory
 * checker:
 *
 *   bfs.ptx:57: out-of-bounds global load of 4 bytes at 0x700001010 in kernel
 *   'bfs_topo_expand', CTA (3,0,0), thread (17,0,0): the address is 12 bytes
 *   past the end of 'visited' (4096 bytes at 0x700001000); instruction
 *   `ld.global.u8 %rs3, [%rd24];` (pc 31, bfs_topo.cu:48)
 *
 * FILE:LINE: WHAT in kernel K, CTA (x,y,z), thread (x,y,z)[: DETAIL];
 * instruction `DISASSEMBLY` (pc N[, CUDA-FILE:LINE][, in .func F])
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/ws_core_int.h"

const char *ws_space_word(int space)
{
    switch (space) {
    case WS_SP_GLOBAL: return "global";
    case WS_SP_SHARED: return "shared";
    case WS_SP_LOCAL: return "local";
    case WS_SP_CONST: return "const";
    case WS_SP_PARAM: return "param";
    default: return "generic";
    }
}

static const char *access_word(int a)
{
    switch (a) {
    case WS_ACC_LOAD: return "load";
    case WS_ACC_STORE: return "store";
    case WS_ACC_ATOMIC: return "atomic";
    case WS_ACC_MFF: return "pc_gather target";
    default: return "access";
    }
}

void ws_lanes_fmt(char *buf, size_t n, uint64_t m)
{
    size_t len = 0;
    buf[0] = '\0';
    for (uint32_t i = 0; i < 64;) {
        if (!(m >> i & 1)) {
            i++;
            continue;
        }
        uint32_t j = i;
        while (j + 1 < 64 && (m >> (j + 1) & 1)) j++;
        int k = j > i ? snprintf(buf + len, n - len, "%s%u-%u", len ? ", " : "", i, j)
                      : snprintf(buf + len, n - len, "%s%u", len ? ", " : "", i);
        if (k < 0 || (size_t)k >= n - len) return;
        len += (size_t)k;
        i = j + 1;
    }
}

static void copy(char *dst, size_t n, const char *src)
{
    snprintf(dst, n, "%s", src ? src : "");
}

/* Common fields: who and where. */
static void fill_where(ws_fault *f, ws_warp *w, uint32_t lane, uint32_t pc, const ws_xinsn *x)
{
    ws_grid *g = w->g;
    const ws_ptx_module *m = g->m->ptx;
    const ws_frame *fr = ws_warp_frame(w);
    copy(f->kernel, sizeof f->kernel, g->k->f->name);
    copy(f->func, sizeof f->func, fr->xf->f->name);
    memcpy(f->cta, w->cta->idx, sizeof f->cta);
    uint32_t t = w->index * WS_WARP_SIZE + lane;
    f->tid[0] = t % g->block[0];
    f->tid[1] = (t / g->block[0]) % g->block[1];
    f->tid[2] = t / (g->block[0] * g->block[1]);
    f->lane = lane;
    f->warp = w->index;
    f->sm = w->cta->sm;
    f->pc = pc;
    copy(f->file, sizeof f->file, m->path);
    if (x && x->in) {
        f->line = x->in->line;
        f->src_line = x->in->src_line;
        if (x->in->src_line && x->in->src_file < m->nfiles && m->files[x->in->src_file])
            copy(f->src_file, sizeof f->src_file, m->files[x->in->src_file]);
        ws_ptx_disasm(m, fr->xf->f, x->in, f->insn, sizeof f->insn);
    }
}

void ws_fmt_app(char *buf, size_t size, size_t *len, const char *fmt, ...)
{
    if (*len >= size - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, size - *len, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len = *len + (size_t)n < size - 1 ? *len + (size_t)n : size - 1;
}

static void finish(ws_grid *g, ws_fault *f, const char *what, const char *detail, int code, ws_error *err)
{
    size_t n = 0;
    ws_fmt_app(f->msg, sizeof f->msg, &n, "%s:%u: %s in kernel '%s', CTA (%u,%u,%u), thread (%u,%u,%u)", f->file, f->line,
        what, f->kernel, f->cta[0], f->cta[1], f->cta[2], f->tid[0], f->tid[1], f->tid[2]);
    if (detail && detail[0])
        ws_fmt_app(f->msg, sizeof f->msg, &n, ": %s", detail);
    ws_fmt_app(f->msg, sizeof f->msg, &n, "; instruction `%s` (pc %u", f->insn, f->pc);
    if (f->src_line)
        ws_fmt_app(f->msg, sizeof f->msg, &n, ", %s:%u", f->src_file[0] ? f->src_file : "source", f->src_line);
    if (strcmp(f->func, f->kernel) != 0)
        ws_fmt_app(f->msg, sizeof f->msg, &n, ", in .func '%s'", f->func);
    ws_fmt_app(f->msg, sizeof f->msg, &n, ")");
    g->faulted = true;
    g->d->fault = *f;
    g->d->has_fault = true;
    ws_error_set(err, code, "%s", f->msg);
}

void ws_fault_fill(ws_warp *w, const ws_xinsn *x, ws_error *err)
{
    ws_grid *g = w->g;
    ws_fault *f = &g->fault;
    memset(f, 0, sizeof *f);
    f->kind = w->fk;
    fill_where(f, w, w->f_lane, w->pc, x);
    char what[700];
    int code = WS_E_STATE;
    if (w->fk == WS_FAULT_OOB || w->fk == WS_FAULT_MISALIGNED) {
        code = WS_E_MEMORY;
        f->addr = w->f_addr;
        f->size = w->f_size;
        f->space = (ws_ptx_space)w->f_space;
        f->generic = w->f_generic;
        f->access = (ws_access_kind)w->f_access;
        switch (f->space) {
        case WS_SP_GLOBAL: {
            const ws_alloc *a = ws_devmem_nearest(g->d, f->addr);
            ws_devmem_describe(g->d, f->addr, f->where, sizeof f->where);
            if (a) {
                f->has_alloc = true;
                copy(f->alloc_name, sizeof f->alloc_name, a->name);
                f->alloc_addr = a->addr;
                f->alloc_size = a->size;
                f->alloc_offset = (int64_t)(f->addr - a->addr);
            }
            break;
        }
        case WS_SP_SHARED:
            snprintf(f->where, sizeof f->where, "the CTA has %" PRIu64 " bytes of shared memory", w->cta->shared_size);
            break;
        case WS_SP_LOCAL: {
            const ws_frame *fr = ws_warp_frame(w);
            snprintf(f->where, sizeof f->where, "the thread's local frames end at offset %" PRIu64,
                     fr->localbase + fr->xf->frame_bytes);
            break;
        }
        case WS_SP_CONST:
            snprintf(f->where, sizeof f->where, "the module's constant bank has %" PRIu64 " bytes", g->m->cbank_size);
            break;
        default:
            snprintf(f->where, sizeof f->where, "the kernel's parameter buffer has %" PRIu64 " bytes", g->param_bytes);
            break;
        }
        char at[96];
        if (f->space == WS_SP_GLOBAL)
            snprintf(at, sizeof at, "0x%" PRIx64, f->addr);
        else
            snprintf(at, sizeof at, "%s offset 0x%" PRIx64, ws_space_word(f->space), f->addr);
        if (f->generic && f->space != WS_SP_GLOBAL) {
            size_t n = strlen(at);
            snprintf(at + n, sizeof at - n, " (generic 0x%" PRIx64 ")", w->f_gaddr);
        }
        char detail[400];
        if (w->fk == WS_FAULT_MISALIGNED) {
            snprintf(what, sizeof what, "misaligned %s %s of %u byte%s at %s", ws_space_word(f->space),
                     access_word(f->access), f->size, f->size == 1 ? "" : "s", at);
            snprintf(detail, sizeof detail, "the address is not a multiple of %u (%s)", f->size, f->where);
        } else {
            snprintf(what, sizeof what, "out-of-bounds %s %s of %u byte%s at %s", ws_space_word(f->space),
                     access_word(f->access), f->size, f->size == 1 ? "" : "s", at);
            if (f->space == WS_SP_GLOBAL)
                snprintf(detail, sizeof detail, "the address is %s", f->where);
            else
                snprintf(detail, sizeof detail, "%s", f->where);
        }
        finish(g, f, what, detail, code, err);
        return;
    }
    snprintf(what, sizeof what, "%s", w->f_msg[0] ? w->f_msg : "fault");
    finish(g, f, what, NULL, code, err);
}

void ws_fault_simple(ws_grid *g, ws_warp *w, ws_fault_kind kind, const char *what, const char *detail,
                     ws_error *err)
{
    ws_fault *f = &g->fault;
    memset(f, 0, sizeof *f);
    f->kind = kind;
    uint32_t lane = w->live ? (uint32_t)__builtin_ctz(w->live) : 0;
    /* a warp waiting at a barrier is reported at the barrier instruction */
    uint32_t pc = w->status == WS_WARP_BARRIER ? w->bar_pc : w->pc;
    const ws_xinsn *x = w->status == WS_WARP_EXITED ? NULL
                        : w->status == WS_WARP_BARRIER ? w->bar_insn : &w->code[w->pc];
    fill_where(f, w, lane, pc, x);
    char buf[300];
    if (!what) {
        if (kind == WS_FAULT_BUDGET) {
            snprintf(buf, sizeof buf, "instruction budget of %" PRIu64 " warp-instructions exhausted", g->budget);
            detail = "an endless loop? (the budget is the device's insn_budget)";
        } else {
            snprintf(buf, sizeof buf, "fault");
        }
        what = buf;
    }
    finish(g, f, what, detail, WS_E_STATE, err);
}
