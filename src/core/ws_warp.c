/* ws_warp.c: warp state, the execute-one-instruction function shared by
 * the functional run and the stepwise interface, special registers, and
 * warp inspection. */
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "ptx/ws_ptx_live.h"
#include "util/ws_util.h"

int ws_warp_local_reserve(ws_warp *w, uint64_t bytes)
{
    if (bytes <= w->local_stride)
        return 0;
    uint64_t limit = w->g->d->cfg.local_bytes_per_thread;
    if (bytes > limit)
        return -1;
    uint64_t stride = w->local_stride ? w->local_stride * 2 : 64;
    while (stride < bytes)
        stride *= 2;
    if (stride > limit)
        stride = (limit + 15) & ~15ull;
    uint8_t *nl = ws_xcalloc(WS_WARP_SIZE, (size_t)stride);
    if (w->local)
        for (uint32_t l = 0; l < WS_WARP_SIZE; l++)
            memcpy(nl + (uint64_t)l * stride, w->local + (uint64_t)l * w->local_stride, (size_t)w->local_stride);
    free(w->local);
    w->local = nl;
    w->local_stride = stride;
    return 0;
}

const uint64_t ws_zero_lanes[WS_WARP_SIZE];

void ws_warp_wmap_reserve(ws_warp *w, size_t n)
{
    bool inl = w->wmap == w->wm0;
    if (inl && n <= sizeof w->wm0)
        return;
    WS_GROW(w->wheap, w->cap_wheap, n);             /* (keeps the frames' bytes) */
    if (inl)                                        /* (n > sizeof wm0: room for them) */
        memcpy(w->wheap, w->wm0, sizeof w->wm0);
    w->wmap = w->wheap;
}

int ws_warp_init(ws_warp *w, ws_cta *c, uint32_t index, ws_error *err)
{
    ws_grid *g = c->g;
    const ws_xfunc *xf = g->k->xf;
    w->cta = c;
    w->g = g;
    w->index = index;
    uint32_t n = c->nthreads - index * WS_WARP_SIZE;
    w->nthreads = n > WS_WARP_SIZE ? WS_WARP_SIZE : n;
    w->live = w->nthreads == WS_WARP_SIZE ? ~0u : (1u << w->nthreads) - 1;
    size_t nr = (size_t)xf->nregs * WS_WARP_SIZE;
    if (nr > w->cap_regs)
        WS_GROW(w->regs, w->cap_regs, nr);
    if (xf->npreds > w->cap_preds)
        WS_GROW(w->preds, w->cap_preds, xf->npreds);
    w->wmap = w->wm0;                     /* (a fresh warp: no frame to keep) */
    ws_warp_wmap_reserve(w, xf->nregs);
    memset(w->wmap, 0, xf->nregs);         /* (the registers: zeroed at their first write) */
    memset(w->preds, 0, xf->npreds * sizeof *w->preds);
    if (w->cap_frames == 0) {
        size_t cap = 0;
        WS_GROW(w->frames, cap, 4);
        w->cap_frames = (uint32_t)cap;
    }
    w->nframes = 1;
    w->frames[0] = (ws_frame){ .xf = xf, .call_mask = w->live };
    if (ws_warp_local_reserve(w, xf->frame_bytes) < 0)
        return ws_error_set(err, WS_E_RANGE,
                            "kernel '%s' needs %llu bytes of local memory per thread; the limit is %llu (local_bytes_per_thread)",
                            xf->f->name, (unsigned long long)xf->frame_bytes,
                            (unsigned long long)g->d->cfg.local_bytes_per_thread);
    if (w->local)
        memset(w->local, 0, (size_t)(WS_WARP_SIZE * w->local_stride));
    w->r = w->regs;
    w->wm = w->wmap;
    w->p = w->preds;
    w->code = xf->code;
    w->func = xf->f;
    w->pc = 0;
    w->active = w->live;
    w->rpc = WS_NO_RPC;
    w->sp = 0;
    w->carry = 0;
    w->status = WS_WARP_READY;
    w->ninsn = 0;
    w->st = NULL;
    w->fk = WS_FAULT_NONE;
    w->mff_gathers = 0;
    w->bar_insn = NULL;
    w->bar_pc = 0;
    w->sync_mask = 0;
    w->sync_insn = NULL;
    return 0;
}

void ws_warp_release(ws_warp *w)
{
    free(w->stack);
    free(w->frames);
    free(w->regs);
    free(w->wheap);
    free(w->preds);
    free(w->local);
    memset(w, 0, sizeof *w);
}

void ws_sreg_read(ws_warp *w, uint32_t sreg, uint32_t comp, uint32_t exec, uint64_t *out)
{
    const ws_grid *g = w->g;
    const ws_cta *c = w->cta;
    uint64_t v = 0, clk = g->ext_clock ? g->clock : w->ninsn;
    (void)exec;
    if (comp > 2)
        comp = 0;
    switch (sreg) {
    case WS_SR_TID: {
        uint32_t bx = g->block[0], by = g->block[1];
        for (uint32_t l = 0; l < WS_WARP_SIZE; l++) {
            uint32_t t = w->index * WS_WARP_SIZE + l;
            out[l] = comp == 0 ? t % bx : comp == 1 ? (t / bx) % by : t / (bx * by);
        }
        return;
    }
    case WS_SR_LANEID:
        for (uint32_t l = 0; l < WS_WARP_SIZE; l++)
            out[l] = l;
        return;
    case WS_SR_LANEMASK_EQ: case WS_SR_LANEMASK_LE: case WS_SR_LANEMASK_LT:
    case WS_SR_LANEMASK_GE: case WS_SR_LANEMASK_GT:
        for (uint32_t l = 0; l < WS_WARP_SIZE; l++) {
            uint64_t bit = 1ull << l, m;
            switch (sreg) {
            case WS_SR_LANEMASK_EQ: m = bit; break;
            case WS_SR_LANEMASK_LE: m = (bit << 1) - 1; break;
            case WS_SR_LANEMASK_LT: m = bit - 1; break;
            case WS_SR_LANEMASK_GE: m = ~(bit - 1); break;
            default: m = ~((bit << 1) - 1); break;
            }
            out[l] = m & 0xffffffffu;
        }
        return;
    case WS_SR_NTID: v = g->block[comp]; break;
    case WS_SR_CTAID: v = c->idx[comp]; break;
    case WS_SR_NCTAID: v = g->grid[comp]; break;
    case WS_SR_WARPID: v = w->index; break;
    case WS_SR_NWARPID: v = g->d->cfg.max_warps_per_sm; break;
    case WS_SR_SMID: v = c->sm; break;
    case WS_SR_NSMID: v = g->d->cfg.num_sms; break;
    case WS_SR_GRIDID: v = g->gridid; break;
    case WS_SR_CLOCK: v = clk & 0xffffffffu; break;
    case WS_SR_CLOCK_HI: v = clk >> 32; break;
    case WS_SR_CLOCK64: case WS_SR_GLOBALTIMER: v = clk; break;
    case WS_SR_GLOBALTIMER_LO: v = clk & 0xffffffffu; break;
    case WS_SR_GLOBALTIMER_HI: v = clk >> 32; break;
    case WS_SR_DYNAMIC_SMEM_SIZE: v = g->dyn_shared; break;
    case WS_SR_TOTAL_SMEM_SIZE: v = g->shared_per_cta; break;
    default: v = 0; break;
    }
    for (uint32_t l = 0; l < WS_WARP_SIZE; l++)
        out[l] = v;
}

/* Execute the instruction at w->pc.  The one execute path of the engine. */
static inline int exec_one(ws_warp *w)
{
    const ws_xinsn *x = &w->code[w->pc];
    uint32_t exec = w->active;
    if (x->guard >= 0)
        exec &= w->p[x->guard] ^ x->gxor;
    ws_grid *g = w->g;
    w->ninsn++;
    g->stats.warp_insns++;
    g->stats.thread_insns += ws_popc32(w->active);
    g->stats.thread_insns_pred += ws_popc32(exec);
    int rc = x->fn(w, x, exec);
    if (rc == WS_X_NEXT || rc == WS_X_BARRIER) {
        if (++w->pc == w->rpc)
            ws_simt_pop(w);
    }
    return rc;
}

int ws_warp_exec(ws_warp *w) { return exec_one(w); }

/* Run up to n instructions while the warp is ready: 0, or -1 on a fault
 * (reported into the grid and err). */
int ws_warp_run(ws_warp *w, uint64_t n, ws_error *err)
{
    while (n-- > 0 && w->status == WS_WARP_READY) {
        if (exec_one(w) == WS_X_FAULT) {
            ws_fault_fill(w, &w->code[w->pc], err);
            w->status = WS_WARP_FAULTED;
            return -1;
        }
    }
    return 0;
}

int ws_warp_step(ws_warp *w, ws_step *st, ws_error *err)
{
    ws_grid *g = w->g;
    if (w->status != WS_WARP_READY)
        return ws_error_set(err, WS_E_STATE, "warp %u of CTA (%u,%u,%u) cannot step: it is %s", w->index,
                            w->cta->idx[0], w->cta->idx[1], w->cta->idx[2],
                            w->status == WS_WARP_BARRIER ? "waiting at a barrier"
                            : w->status == WS_WARP_EXITED ? "exited" : "stopped by a fault");
    if (g->faulted)
        return ws_error_set(err, WS_E_STATE, "the grid has faulted: %s", g->fault.msg);
    if (g->budget && g->stats.warp_insns >= g->budget) {
        ws_fault_simple(g, w, WS_FAULT_BUDGET, NULL, NULL, err);
        w->status = WS_WARP_FAULTED;
        return -1;
    }
    const ws_xinsn *x = &w->code[w->pc];
    if (st) {
        memset(st, 0, offsetof(ws_step, addr));
        st->pc = w->pc;
        st->func = w->func;
        st->insn = x->in;
        st->op = (ws_ptx_op)x->op;
        st->klass = (ws_insn_class)x->klass;
        st->active = w->active;
        st->exec = x->guard >= 0 ? w->active & (w->p[x->guard] ^ x->gxor) : w->active;
        st->cacheop = x->cacheop;
    }
    w->st = st;
    int rc = exec_one(w);
    w->st = NULL;
    if (rc == WS_X_FAULT) {
        ws_fault_fill(w, &w->code[w->pc], err);
        w->status = WS_WARP_FAULTED;
        return -1;
    }
    if (st) {
        st->next_pc = w->pc;
        st->exited = w->status == WS_WARP_EXITED;
    }
    return 0;
}

/* ------------------------------------------------------------ inspection */
ws_warp_status ws_warp_status_get(const ws_warp *w) { return w->status; }
uint32_t ws_warp_index(const ws_warp *w) { return w->index; }
ws_cta *ws_warp_cta(ws_warp *w) { return w->cta; }
const ws_ptx_func *ws_warp_func(const ws_warp *w) { return w->func; }
uint32_t ws_warp_pc(const ws_warp *w) { return w->pc; }
uint32_t ws_warp_active(const ws_warp *w) { return w->status == WS_WARP_EXITED ? 0 : w->active; }
uint32_t ws_warp_live(const ws_warp *w) { return w->live; }
uint64_t ws_warp_insns(const ws_warp *w) { return w->ninsn; }
bool ws_warp_barrier(const ws_warp *w, uint32_t *id)
{
    if (w->status != WS_WARP_BARRIER)
        return false;
    *id = w->bar_id;
    return true;
}

bool ws_warp_barrier_where(const ws_warp *w, uint32_t *pc, uint32_t *line)
{
    if (!w->bar_insn || w->status == WS_WARP_EXITED)
        return false;
    *pc = w->bar_pc;
    *line = w->bar_insn->in ? w->bar_insn->in->line : 0;
    return true;
}

/* FNV-1a over n bytes, continuing from h. */
static uint64_t hash_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

uint64_t ws_warp_state_hash(const ws_warp *w)
{
    uint64_t h = 0xcbf29ce484222325ull;
    uint32_t head[8] = { w->pc, w->active, w->rpc, w->carry, w->live, (uint32_t)w->status, w->sp, w->nframes };
    h = hash_bytes(h, head, sizeof head);
    if (w->status == WS_WARP_EXITED || w->nframes == 0)
        return h;
    if (w->sp)
        h = hash_bytes(h, w->stack, w->sp * sizeof *w->stack);
    for (uint32_t i = 0; i < w->nframes; i++) {
        const ws_frame *fr = &w->frames[i];
        uint64_t fh[3] = { fr->regbase, fr->simt_base, fr->call_mask };
        h = hash_bytes(h, fh, sizeof fh);
    }
    /* every frame's registers, predicates and written bytes: the running
     * frame is the last, so its end is the end of what is in use */
    const ws_frame *top = &w->frames[w->nframes - 1];
    size_t nregs = top->regbase / WS_WARP_SIZE + top->xf->nregs;
    h = hash_bytes(h, w->regs, nregs * WS_WARP_SIZE * sizeof *w->regs);
    h = hash_bytes(h, w->wmap, nregs);
    h = hash_bytes(h, w->preds, (top->predbase + top->xf->npreds) * sizeof *w->preds);
    return h;
}
uint32_t ws_warp_call_depth(const ws_warp *w) { return w->nframes - 1; }

uint32_t ws_warp_line(const ws_warp *w)
{
    if (w->status == WS_WARP_EXITED)
        return 0;
    const ws_xinsn *x = &w->code[w->pc];
    return x->in ? x->in->line : 0;
}

const ws_ptx_insn *ws_warp_next_insn(const ws_warp *w)
{
    if (w->status == WS_WARP_EXITED)
        return NULL;
    return w->pc < w->func->ninsns ? &w->func->insns[w->pc] : NULL;     /* (xf->n is f->ninsns) */
}

int ws_warp_frame_info(const ws_warp *w, uint32_t i, const ws_ptx_func **func, uint32_t *pc)
{
    if (i >= w->nframes)
        return -1;
    if (func)
        *func = w->frames[i].xf->f;
    if (pc) {
        if (i + 1 == w->nframes)
            *pc = w->pc;
        else {
            /* the entry pushed at the call holds the return address */
            uint32_t base = w->frames[i + 1].simt_base;
            *pc = base > 0 ? w->stack[base - 1].pc - 1 : 0;
        }
    }
    return 0;
}

uint32_t ws_warp_stack_depth(const ws_warp *w) { return w->status == WS_WARP_EXITED ? 0 : w->sp + 1; }

ws_simt_entry ws_warp_stack_entry(const ws_warp *w, uint32_t i)
{
    if (i < w->sp)
        return w->stack[i];
    return (ws_simt_entry){ w->pc, w->active, w->rpc, w->nframes - 1 };
}

/* The slot of register reg of the running frame (UINT32_MAX: no such
 * register or lane, or it has no storage). */
static uint32_t reg_slot(const ws_xfunc *xf, uint32_t reg, uint32_t lane)
{
    if (!xf->slot || reg >= xf->f->nregs || lane >= WS_WARP_SIZE)
        return UINT32_MAX;
    return xf->slot[reg];
}

uint64_t ws_warp_reg(const ws_warp *w, uint32_t reg, uint32_t lane)
{
    uint32_t s = reg_slot(ws_warp_frame(w)->xf, reg, lane);
    return s != UINT32_MAX && w->wm[s] ? w->r[(size_t)s * WS_WARP_SIZE + lane] : 0;
}

bool ws_warp_reg_live(const ws_warp *w, uint32_t reg, uint32_t lane)
{
    const ws_frame *fr = ws_warp_frame(w);
    const ws_xfunc *xf = fr->xf;
    if (reg_slot(xf, reg, lane) == UINT32_MAX)
        return false;
    if (!xf->livein)
        return true;   /* one slot per register: every value stays */
    /* the lane's next instruction: the topmost entry of the running frame
     * that holds the lane */
    uint32_t bit = 1u << lane, pc = UINT32_MAX;
    if (w->active & bit)
        pc = w->pc;
    for (uint32_t i = w->sp; pc == UINT32_MAX && i-- > fr->simt_base;)
        if (w->stack[i].mask & bit)
            pc = w->stack[i].pc;
    if (pc == UINT32_MAX || pc > xf->n || !(w->live & bit))
        return false;
    return ws_ptx_has_bit(xf->livein + (size_t)pc * xf->lw, (int32_t)reg);
}

uint32_t ws_warp_pred(const ws_warp *w, uint32_t p)
{
    const ws_frame *fr = ws_warp_frame(w);
    return p < fr->xf->npreds ? w->p[p] : 0;
}
