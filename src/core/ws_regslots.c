/* ws_regslots.c: where a function's registers are stored in a warp.
 *
 * nvcc gives every value its own virtual register, so a kernel declares far
 * more registers than it ever holds at once (bfs_topo_expand declares 53
 * and never has more than 13 live).  Each register costs a warp 256 bytes
 * (32 lanes x 64 bits), and with hundreds of resident warps a register file
 * per declared register no longer fits the host's caches.  So registers
 * whose values are never needed at the same time share a storage slot, as
 * a register allocator would do it:
 *
 * - Two registers interfere when one is written while the other is live
 *   (ptx/ws_ptx_live.h: live = may be read later before an unguarded
 *   write).  A write also interferes with every register the same
 *   instruction reads or writes, so no handler ever sees a destination
 *   alias a source (shfl, vector moves and wide multiplies read other
 *   lanes or words after writing some).
 * - Registers are coloured greedily in declaration order with the lowest
 *   slot no interfering register has.
 *
 * Each lane runs a path of the CFG and writes only its own lane of a slot,
 * so the usual per-thread argument holds under divergence: a lane's slot
 * holds the register's value wherever the register is live for that lane.
 * A register read before any write (never written, or guarded writes only)
 * is live from the function's entry, interferes with everything written
 * meanwhile and so still reads zeros.  Results and timing are unchanged
 * (the timing model's scoreboard keeps PTX register numbers); only the
 * value of a register that is no longer live is gone, and ws_warp_reg_live
 * says which ones those are, using the live-in set kept per instruction.
 *
 * Functions too large for the sets (see the limits below), and every
 * function of a device made with keep_regs (option thread.keep_regs), keep
 * one slot per register and keep every value. */
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "ptx/ws_ptx_live.h"
#include "util/ws_util.h"

/* Largest live-out, live-in and interference sets computed (64-bit words). */
#define SLOTS_MAX_WORDS ((uint64_t)1 << 22)

/* The members o (ascending) of a set of W 64-bit words. */
#define FOR_BITS(set, W, o)                                                              \
    for (size_t k_ = 0; k_ < (W); k_++)                                                  \
        for (uint64_t m_ = (set)[k_], o = 0; m_ && ((o = k_ * 64 + (uint64_t)__builtin_ctzll(m_)), 1); \
             m_ &= m_ - 1)

static void identity(const ws_ptx_func *f, ws_xfunc *xf)
{
    for (uint32_t r = 0; r < f->nregs; r++)
        xf->slot[r] = r;
    xf->nslots = f->nregs;
}

void ws_regslots_assign(const ws_ptx_func *f, ws_xfunc *xf, bool share)
{
    uint32_t n = f->nregs;
    xf->slot = ws_xmalloc((n ? n : 1) * sizeof *xf->slot);
    xf->livein = NULL;
    xf->lw = 0;
    if (!share || n == 0 || f->ninsns == 0) {
        identity(f, xf);
        return;
    }
    size_t W = (n + 63) / 64;
    ws_ptx_live lv;
    if ((uint64_t)n * W > SLOTS_MAX_WORDS || ((uint64_t)f->ninsns + 1) * W > SLOTS_MAX_WORDS ||
        ws_ptx_live_build(f, SLOTS_MAX_WORDS, &lv) < 0) {
        identity(f, xf);
        return;
    }
    const ws_ptx_cfg *c = lv.cfg;
    uint64_t *adj = ws_xcalloc((size_t)n * W, 8);
    uint64_t *livein = ws_xcalloc(((size_t)f->ninsns + 1) * W, 8);
    uint64_t *cur = ws_xmalloc(W * 8), *touch = ws_xmalloc(W * 8), *seen = ws_xcalloc(W, 8);
    for (uint32_t b = 0; b < c->nblocks; b++) {
        memcpy(cur, lv.out + (size_t)b * W, W * 8);
        for (uint32_t i = c->start[b + 1]; i-- > c->start[b];) {
            const ws_ptx_insn *in = &f->insns[i];
            memcpy(touch, cur, W * 8);
            WS_PTX_FOR_REGS(in, (void)d_; ws_ptx_set_bit(touch, r_); ws_ptx_set_bit(seen, r_);)
            WS_PTX_FOR_REGS(in, if (d_) {
                uint64_t *row = adj + (size_t)r_ * W;
                for (size_t k = 0; k < W; k++)
                    row[k] |= touch[k];
            })
            ws_ptx_live_step(in, cur);
            memcpy(livein + (size_t)i * W, cur, W * 8);
        }
    }
    /* make the relation symmetric (rows were filled for writers only) */
    for (uint32_t r = 0; r < n; r++)
        FOR_BITS(adj + (size_t)r * W, W, o)
            if (o != r)
                ws_ptx_set_bit(adj + (size_t)o * W, (int32_t)r);
    /* greedy colouring; taken[s] == r + 1: a coloured neighbour of r has slot s */
    uint32_t nslots = 0;
    uint32_t *taken = ws_xcalloc(n + 1, sizeof *taken);
    for (uint32_t r = 0; r < n; r++) {
        if (!ws_ptx_has_bit(seen, (int32_t)r)) {
            xf->slot[r] = UINT32_MAX;   /* never referenced: no storage */
            continue;
        }
        FOR_BITS(adj + (size_t)r * W, W, o)
            if (o < r && xf->slot[o] != UINT32_MAX)
                taken[xf->slot[o]] = r + 1;
        uint32_t s = 0;
        while (taken[s] == r + 1)
            s++;
        xf->slot[r] = s;
        if (s + 1 > nslots)
            nslots = s + 1;
    }
    free(taken);
    free(adj);
    free(cur);
    free(touch);
    free(seen);
    ws_ptx_live_free(&lv);
    xf->nslots = nslots;
    xf->livein = livein;
    xf->lw = W;
}

void ws_regslots_free(ws_xfunc *xf)
{
    free(xf->slot);
    free(xf->livein);
    xf->slot = NULL;
    xf->livein = NULL;
}
