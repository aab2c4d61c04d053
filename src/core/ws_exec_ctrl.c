/* ws_exec_ctrl.c: control flow: bra, call, ret, exit, trap, brkpt, nanosleep.
 *
 * bra.uni is executed like bra: if the lanes disagree anyway, the branch
 * diverges normally.  `ret` in a kernel ends its lanes like `exit`; in a
 * .func the returning lanes wait until every lane of the call has returned
 * (or exited), then the frame's return values are copied back. */
#include <stdio.h>

#include "core/ws_core_int.h"

static int x_bra(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint32_t taken = exec, nt = w->active & ~exec;
    if (w->st) {
        w->st->branch = true;
        w->st->taken = taken;
        w->st->diverged = taken && nt;
    }
    if (!nt) {
        w->pc = x->target;
        if (w->pc == w->rpc)
            ws_simt_pop(w);
        return WS_X_JUMP;
    }
    if (!taken)
        return WS_X_NEXT;
    ws_simt_branch(w, x->target, w->pc + 1, taken, nt, x->reconv);
    return WS_X_JUMP;
}

static int after_removal(ws_warp *w)
{
    if (w->active == 0) {
        ws_simt_pop(w);
        return WS_X_JUMP;
    }
    return WS_X_NEXT;
}

static int x_exit(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    if (w->sync_mask && ws_sync_check_exit(w, x, exec) < 0)
        return WS_X_FAULT;
    ws_warp_lanes_exit(w, exec);
    return after_removal(w);
}

static int x_ret(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (w->nframes == 1)
        return x_exit(w, x, exec);
    if (!exec)
        return WS_X_NEXT;
    ws_simt_remove(w, exec, w->nframes - 1);
    return after_removal(w);
}

static int x_call(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    const ws_xfunc *xf = &w->g->m->xf[x->callee];
    return ws_simt_call(w, x, xf, exec, w->pc + 1);
}

static int x_trap(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    w->fk = WS_FAULT_TRAP;
    w->f_lane = (uint32_t)__builtin_ctz(exec);
    snprintf(w->f_msg, sizeof w->f_msg, "%s executed", x->op == WS_OP_BRKPT ? "brkpt" : "trap");
    return WS_X_FAULT;
}

static int x_nop(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    (void)w, (void)x, (void)exec;
    return WS_X_NEXT;
}

ws_xfn ws_exec_ctrl_pick(const ws_xinsn *x)
{
    switch (x->op) {
    case WS_OP_BRA:
        return x->target != UINT32_MAX ? x_bra : NULL;
    case WS_OP_CALL:
        if (x->call && x->builtin)
            return ws_exec_builtin_fn();
        return x->call ? x_call : NULL;
    case WS_OP_RET: return x_ret;
    case WS_OP_EXIT: return x_exit;
    case WS_OP_TRAP: case WS_OP_BRKPT: return x_trap;
    case WS_OP_NANOSLEEP: return x_nop;
    default: return NULL;
    }
}
