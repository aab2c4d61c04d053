/* ws_ptx_live.h: liveness of a function's (non-predicate) registers.
 *
 * A register is live before an instruction when some path from there reads
 * it before an unguarded write.  A guarded write does not end a value (the
 * lanes whose guard is false keep it), so only unguarded definitions kill.
 * The analysis is the usual backward fixpoint over the CFG's blocks; it
 * gives each block's live-out set, and ws_ptx_live_step walks a block
 * backwards one instruction at a time from there.
 *
 * Used for the occupancy estimate (ws_ptx_regs.c) and by the engine's
 * register storage (core/ws_regslots.c). */
#ifndef WS_PTX_LIVE_H
#define WS_PTX_LIVE_H

#include <stdbool.h>
#include <stdint.h>

#include "ptx/ws_ptx_cfg.h"
#include "ptx/ws_ptx_ir.h"

/* Run BODY for every register operand of instruction `in`, with r_ the
 * register and d_ true when the operand is written (address registers and
 * vector elements included). */
#define WS_PTX_FOR_REGS(in, BODY)                                                       \
    for (unsigned k_ = 0; k_ < (in)->nopnds; k_++) {                                    \
        const ws_ptx_opnd *o_ = &(in)->opnd[k_];                                        \
        bool def_ = k_ < (in)->ndst && o_->kind != WS_O_ADDR;                           \
        if (o_->kind == WS_O_REG || (o_->kind == WS_O_ADDR && o_->reg >= 0)) {          \
            int32_t r_ = o_->reg;                                                       \
            bool d_ = o_->kind == WS_O_REG && def_;                                     \
            BODY                                                                        \
        } else if (o_->kind == WS_O_VEC) {                                              \
            for (unsigned e_ = 0; e_ < o_->nvec; e_++) {                                \
                int32_t r_ = o_->vec[e_];                                               \
                bool d_ = def_;                                                         \
                if (r_ >= 0) { BODY }                                                   \
            }                                                                           \
        }                                                                               \
    }

typedef struct ws_ptx_live {
    ws_ptx_cfg *cfg;
    size_t W;              /* 64-bit words per register set */
    uint64_t *out;         /* live-out set of block b: out + b * W */
} ws_ptx_live;

/* Analyse f (which has a body).  Returns -1, leaving *lv empty, when the
 * sets would take more than max_words words (blocks x W); 0 otherwise. */
int ws_ptx_live_build(const ws_ptx_func *f, uint64_t max_words, ws_ptx_live *lv);
void ws_ptx_live_free(ws_ptx_live *lv);

/* From the set live after `in` to the set live before it. */
void ws_ptx_live_step(const ws_ptx_insn *in, uint64_t *set);

static inline void ws_ptx_set_bit(uint64_t *s, int32_t r) { s[r >> 6] |= (uint64_t)1 << (r & 63); }
static inline void ws_ptx_clr_bit(uint64_t *s, int32_t r) { s[r >> 6] &= ~((uint64_t)1 << (r & 63)); }
static inline bool ws_ptx_has_bit(const uint64_t *s, int32_t r) { return (s[r >> 6] >> (r & 63)) & 1; }

#endif
