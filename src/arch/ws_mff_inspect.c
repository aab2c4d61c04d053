/* ws_mff_inspect.c: the MFF unit's read-only views (for the TUI and Lua
 * later), its counters and its SRAM sizes (for the energy model). */
#include "arch/ws_mff_int.h"

#include <string.h>

/* Bits of an entry [choice: the paper gives the fields (B2.2), not their
 * widths].  Job: 32 x (32-bit c_index + 6-bit size) + 11-bit remaining
 * (up to 1,024) + 16-bit warp id.  Work Register: 2-bit state, 5-bit
 * A_offset, 5-bit C_offset (word in a 128 B line), 13-bit Ptr (8,192),
 * 16-bit warp + 5-bit thread.  Tag: 57-bit block address + 13-bit waiter
 * pointer + 5-bit Line Data pointer + valid. */
#define JOB_BITS (32u * 38u + 11u + 16u)
#define REG_BITS (2u + 5u + 5u + 13u + 21u)
#define TAG_BITS (57u + 13u + 5u + 1u)

void ws_mff_view_get(const ws_mff *u, ws_mff_view *v)
{
    memset(v, 0, sizeof *v);
    for (uint32_t i = 0; i < u->njobs; i++)
        v->jobs += u->jobs[i].used;
    v->regs_used = u->regs_used;
    v->tags_used = u->tags_used;
    v->line_data_used = u->ldq_n;
    v->lookup_q = u->lq_n;
    v->line_q = (uint32_t)u->lineq.n;
    v->replies = (uint32_t)u->repq.n;
    v->dones = (uint32_t)u->doneq.n;
    v->configured = u->configured;
}

const ws_mff_stats *ws_mff_stats_get(const ws_mff *u) { return &u->st; }

const ws_mff_config *ws_mff_config_get(const ws_mff *u) { return &u->cfg; }

void ws_mff_sizes_get(const ws_mff *u, ws_mff_sizes *s)
{
    s->job_bits = JOB_BITS;
    s->reg_bits = REG_BITS;
    s->tag_bits = TAG_BITS;
    s->engine_bytes = (uint64_t)u->njobs * JOB_BITS / 8;
    s->reg_bytes = (uint64_t)u->cfg.work_regs * REG_BITS / 8;
    s->tag_bytes = (uint64_t)u->cfg.tags * TAG_BITS / 8;
    s->line_data_bytes = (uint64_t)u->cfg.line_data * u->cfg.line;
}
