/* ws_ptx_cfg.h: control-flow graph of a PTX function and its immediate
 * post-dominators.
 *
 * Blocks are maximal straight-line runs of instructions: a block starts at
 * instruction 0, at every branch target and after every bra/ret/exit/trap
 * (guarded or not).  Edges: a `bra` goes to its target, and also falls
 * through when guarded; ret/exit/trap go to the virtual exit (guarded ones
 * also fall through); anything else falls through (a `call` returns).
 *
 * Post-dominators are computed on the reverse graph rooted at a virtual
 * exit node (index nblocks) with the iterative algorithm of Cooper, Harvey
 * and Kennedy ("A Simple, Fast Dominance Algorithm", 2001).  Blocks that
 * cannot reach the exit (infinite loops) get an extra edge to the exit from
 * the last block, in program order, of each region that cannot reach it, so
 * every block has an immediate post-dominator and branches inside such a
 * loop still reconverge inside it.  Unreachable blocks are handled like any
 * other. */
#ifndef WS_PTX_CFG_H
#define WS_PTX_CFG_H

#include <stdint.h>

#include "ptx/ws_ptx_ir.h"

typedef struct ws_ptx_cfg {
    uint32_t nblocks;
    uint32_t *start;      /* first instruction of block b; start[nblocks] = ninsns */
    uint32_t *block_of;   /* block of instruction i */
    uint32_t *succ_off;   /* successors of b: succ[succ_off[b] .. succ_off[b+1]) */
    uint32_t *succ;       /* block indices; nblocks = virtual exit */
    uint32_t *ipdom;      /* immediate post-dominator of b (nblocks = exit) */
    uint32_t nfake;       /* edges added to the exit for infinite loops */
} ws_ptx_cfg;

/* Build the CFG of a function with a body (NULL for a declaration). */
ws_ptx_cfg *ws_ptx_cfg_build(const ws_ptx_func *f);
void ws_ptx_cfg_free(ws_ptx_cfg *c);

/* Immediate post-dominators of a graph given by successor lists, n nodes
 * plus the exit node n (which has no successors).  Nodes that cannot reach
 * the exit get edges to it as described above; the count of edges added is
 * returned.  ipdom[n] = n. */
uint32_t ws_ptx_ipdom(uint32_t n, const uint32_t *succ_off, const uint32_t *succ, uint32_t *ipdom);

#endif
