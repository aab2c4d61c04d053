/* ws_simt.c: the SIMT reconvergence stack, calls and returns, lane exit.
 * (The scheme is described in ws_core_int.h.) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "util/ws_util.h"

void ws_simt_push(ws_warp *w, uint32_t pc, uint32_t mask, uint32_t rpc)
{
    if (w->sp == w->cap_stack) {
        size_t cap = w->cap_stack;
        WS_GROW(w->stack, cap, (size_t)w->sp + 1);
        w->cap_stack = (uint32_t)cap;
    }
    w->stack[w->sp++] = (ws_simt_entry){ pc, mask, rpc, w->nframes - 1 };
}

void ws_simt_branch(ws_warp *w, uint32_t target, uint32_t fall, uint32_t taken, uint32_t ntaken,
                    uint32_t reconv)
{
    /* The running entry waits at the reconvergence point, unless it was
     * itself created to reach that point (then the entry it came from
     * already waits there with a superset of its lanes). */
    if (w->rpc != reconv)
        ws_simt_push(w, reconv, w->active, w->rpc);
    if (fall != reconv)
        ws_simt_push(w, fall, ntaken, reconv);
    if (target != reconv) {
        w->pc = target;
        w->active = taken;
        w->rpc = reconv;
    } else {
        ws_simt_pop(w);
    }
}

static void frame_return(ws_warp *w)
{
    ws_frame *fr = &w->frames[w->nframes - 1];
    ws_frame *caller = &w->frames[w->nframes - 2];
    uint32_t mask = fr->call_mask & w->live;
    const ws_xcall *call = fr->call ? fr->call->call : NULL;
    if (call)
        for (uint32_t i = 0; i < call->nrets; i++) {
            const ws_xcopy *cp = &call->rets[i];
            WS_LANES(mask, l)
                memmove(ws_local_ptr(w, l, caller->localbase + cp->to), ws_local_ptr(w, l, fr->localbase + cp->from),
                        (size_t)cp->size);
        }
    w->nframes--;
    w->r = w->regs + caller->regbase;
    w->wm = w->wmap + caller->regbase / WS_WARP_SIZE;
    w->p = w->preds + caller->predbase;
    w->code = caller->xf->code;
    w->func = caller->xf->f;
}

void ws_simt_pop(ws_warp *w)
{
    for (;;) {
        const ws_frame *fr = &w->frames[w->nframes - 1];
        if (w->sp > fr->simt_base) {
            ws_simt_entry e = w->stack[--w->sp];
            w->pc = e.pc;
            w->active = e.mask & w->live;
            w->rpc = e.rpc;
            if (w->active == 0 || w->pc == w->rpc)
                continue;
            return;
        }
        if (w->nframes == 1) {
            /* nothing left to run in the kernel: every lane is done */
            w->active = 0;
            if (w->live)
                ws_warp_lanes_exit(w, w->live);
            return;
        }
        /* the callee is finished: back to the caller (its entry, pushed at
         * the call with pc = return address, is popped next) */
        frame_return(w);
        if (w->st)
            w->st->ret = true;
    }
}

void ws_simt_remove(ws_warp *w, uint32_t lanes, uint32_t from_frame)
{
    uint32_t base = w->frames[from_frame].simt_base;
    for (uint32_t i = base; i < w->sp; i++)
        w->stack[i].mask &= ~lanes;
    w->active &= ~lanes;
}

void ws_warp_lanes_exit(ws_warp *w, uint32_t lanes)
{
    lanes &= w->live;
    if (!lanes)
        return;
    ws_cta *c = w->cta;
    w->live &= ~lanes;
    w->active &= ~lanes;
    c->live_threads -= ws_popc32(lanes);
    if (w->live == 0) {
        w->status = WS_WARP_EXITED;
        w->active = 0;
        c->live_warps--;
        if (w->st)
            w->st->exited = true;
    }
    ws_cta_check_barriers(c);
}

int ws_simt_call(ws_warp *w, const ws_xinsn *x, const ws_xfunc *xf, uint32_t mask, uint32_t ret_pc)
{
    const ws_device_config *cfg = &w->g->d->cfg;
    if (w->nframes > cfg->max_call_depth) {
        w->fk = WS_FAULT_STACK;
        snprintf(w->f_msg, sizeof w->f_msg, "call depth exceeds %u (thread.call_depth): endless recursion?", cfg->max_call_depth);
        return WS_X_FAULT;
    }
    const ws_frame *caller = &w->frames[w->nframes - 1];
    uint64_t base = caller->localbase + caller->xf->frame_bytes;
    if (ws_warp_local_reserve(w, base + xf->frame_bytes) < 0) {
        w->fk = WS_FAULT_STACK;
        snprintf(w->f_msg, sizeof w->f_msg,
                 "per-thread local stack overflow: the call needs %llu bytes, the limit is %llu (local_bytes_per_thread)",
                 (unsigned long long)(base + xf->frame_bytes), (unsigned long long)cfg->local_bytes_per_thread);
        return WS_X_FAULT;
    }
    size_t regbase = caller->regbase + (size_t)caller->xf->nregs * WS_WARP_SIZE;
    size_t predbase = caller->predbase + caller->xf->npreds;
    size_t rneed = regbase + (size_t)xf->nregs * WS_WARP_SIZE, pneed = predbase + xf->npreds;
    if (rneed > w->cap_regs)
        WS_GROW(w->regs, w->cap_regs, rneed);
    if (pneed > w->cap_preds)
        WS_GROW(w->preds, w->cap_preds, pneed);
    ws_warp_wmap_reserve(w, rneed / WS_WARP_SIZE);
    /* (the caller's frame pointers move with the arrays) */
    w->r = w->regs + caller->regbase;
    w->wm = w->wmap + caller->regbase / WS_WARP_SIZE;
    memset(w->wmap + regbase / WS_WARP_SIZE, 0, xf->nregs);   /* callee registers: zero when first written */
    memset(w->preds + predbase, 0, xf->npreds * sizeof *w->preds);
    if (w->nframes == w->cap_frames) {
        size_t cap = w->cap_frames;
        WS_GROW(w->frames, cap, (size_t)w->nframes + 1);
        w->cap_frames = (uint32_t)cap;
    }
    caller = &w->frames[w->nframes - 1];   /* frames may have moved */
    const ws_xcall *call = x->call;
    for (uint32_t i = 0; i < call->nargs; i++) {
        const ws_xcopy *cp = &call->args[i];
        WS_LANES(mask, l)
            memmove(ws_local_ptr(w, l, base + cp->to), ws_local_ptr(w, l, caller->localbase + cp->from),
                    (size_t)cp->size);
    }
    /* the caller continues at ret_pc with all its lanes once the callee is done */
    ws_simt_push(w, ret_pc, w->active, w->rpc);
    ws_frame *fr = &w->frames[w->nframes++];
    fr->xf = xf;
    fr->regbase = regbase;
    fr->predbase = predbase;
    fr->localbase = base;
    fr->simt_base = w->sp;
    fr->call_mask = mask;
    fr->call = x;
    w->r = w->regs + regbase;
    w->wm = w->wmap + regbase / WS_WARP_SIZE;
    w->p = w->preds + predbase;
    w->code = xf->code;
    w->func = xf->f;
    w->pc = 0;
    w->active = mask;
    w->rpc = WS_NO_RPC;
    if (w->st)
        w->st->call = true;
    return WS_X_JUMP;
}
