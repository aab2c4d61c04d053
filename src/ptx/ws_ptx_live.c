/* ws_ptx_live.c: register liveness over a function's CFG (see ws_ptx_live.h). */
#include "ptx/ws_ptx_live.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

void ws_ptx_live_step(const ws_ptx_insn *in, uint64_t *set)
{
    WS_PTX_FOR_REGS(in, if (d_ && in->guard < 0) ws_ptx_clr_bit(set, r_);)
    WS_PTX_FOR_REGS(in, if (!d_) ws_ptx_set_bit(set, r_);)
}

int ws_ptx_live_build(const ws_ptx_func *f, uint64_t max_words, ws_ptx_live *lv)
{
    memset(lv, 0, sizeof *lv);
    ws_ptx_cfg *c = ws_ptx_cfg_build(f);
    uint32_t nb = c->nblocks;
    size_t W = (f->nregs + 63) / 64;
    if (W == 0)
        W = 1;
    if ((uint64_t)nb * W > max_words) {
        ws_ptx_cfg_free(c);
        return -1;
    }
    /* per block: registers read before any unguarded write (use) and
     * registers written unguarded (def) */
    uint64_t *use = ws_xcalloc((size_t)nb * W, 8), *def = ws_xcalloc((size_t)nb * W, 8);
    uint64_t *in = ws_xcalloc((size_t)(nb + 1) * W, 8), *out = ws_xcalloc((size_t)nb * W + 1, 8);
    for (uint32_t b = 0; b < nb; b++) {
        uint64_t *u = use + b * W, *d = def + b * W;
        for (uint32_t i = c->start[b + 1]; i-- > c->start[b];) {
            const ws_ptx_insn *ins = &f->insns[i];
            WS_PTX_FOR_REGS(ins, if (d_ && ins->guard < 0) { ws_ptx_set_bit(d, r_); ws_ptx_clr_bit(u, r_); })
            WS_PTX_FOR_REGS(ins, if (!d_) ws_ptx_set_bit(u, r_);)
        }
    }
    bool changed = true;
    while (changed) {
        changed = false;
        for (uint32_t b = nb; b-- > 0;) {
            uint64_t *o = out + b * W;
            for (uint32_t e = c->succ_off[b]; e < c->succ_off[b + 1]; e++) {
                const uint64_t *si = in + (size_t)c->succ[e] * W;   /* the exit's set stays empty */
                for (size_t k = 0; k < W; k++)
                    o[k] |= si[k];
            }
            uint64_t *bi = in + b * W;
            const uint64_t *u = use + b * W, *d = def + b * W;
            for (size_t k = 0; k < W; k++) {
                uint64_t v = u[k] | (o[k] & ~d[k]);
                if (v != bi[k]) {
                    bi[k] = v;
                    changed = true;
                }
            }
        }
    }
    free(use);
    free(def);
    free(in);
    lv->cfg = c;
    lv->W = W;
    lv->out = out;
    return 0;
}

void ws_ptx_live_free(ws_ptx_live *lv)
{
    if (lv->cfg)
        ws_ptx_cfg_free(lv->cfg);
    free(lv->out);
    memset(lv, 0, sizeof *lv);
}
