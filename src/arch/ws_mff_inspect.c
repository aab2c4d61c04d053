/* ws_mff_inspect.c: the MFF unit's read-only views (the TUI and Lua read
 * them through ws_gpu_mff.h; the breakpoints read the events), its
 * counters and its SRAM sizes (for the energy model). */
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

const ws_mff_regs *ws_mff_regs_get(const ws_mff *u) { return &u->regs; }

const char *ws_mff_line_kind_name(ws_mff_line_kind k)
{
    static const char *const s[WS_MFF_LINE_KINDS] = { "C", "V", "BV" };
    return (unsigned)k < WS_MFF_LINE_KINDS ? s[k] : "?";
}

const char *ws_mff_kind_name(ws_mff_kind k)
{
    return k == WS_MFF_GATHER ? "gather" : k == WS_MFF_SCATTER_SET ? "scatter_set" : "?";
}

uint32_t ws_mff_jobs_get(const ws_mff *u, ws_mff_job_info *out, uint32_t max)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < u->njobs; i++) {
        const ws_mff_job *j = &u->jobs[i];
        if (!j->used)
            continue;
        if (n < max) {
            ws_mff_job_info *o = &out[n];
            memset(o, 0, sizeof *o);
            o->engine = i / u->cfg.jobs;
            o->entry = i % u->cfg.jobs;
            o->warp = j->warp;
            o->kind = j->kind;
            for (uint32_t t = 0; t < WS_MFF_WARP; t++) {
                if (!(j->mask >> t & 1) || !j->size[t])
                    continue;
                o->threads++;
                o->threads_left += t >= j->next_thread;
                o->words += j->size[t];
            }
            o->remaining = j->remaining;
            o->t_cmd = j->t_cmd;
            o->tag = j->tag;
        }
        n++;
    }
    return n;
}

uint32_t ws_mff_tags_get(const ws_mff *u, ws_mff_tag_info *out, uint32_t max)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < u->cfg.tags; i++) {
        const ws_mff_tag *t = &u->tag[i];
        if (!t->used)
            continue;
        if (n < max) {
            ws_mff_tag_info *o = &out[n];
            memset(o, 0, sizeof *o);
            o->entry = i;
            o->addr = t->addr;
            o->kind = t->kind;
            o->present = t->ld != WS_MFF_NIL;
            o->waiters = t->nwait;
            for (uint32_t r = t->head; r != WS_MFF_NIL && o->shown < WS_MFF_WAITERS_SHOWN; r = u->reg[r].next) {
                const ws_mff_reg *g = &u->reg[r];
                o->w[o->shown++] = (ws_mff_waiter){ .warp = u->jobs[g->job].warp, .thread = g->thread, .k = g->k };
            }
        }
        n++;
    }
    return n;
}

uint32_t ws_mff_lds_get(const ws_mff *u, ws_mff_ld_info *out, uint32_t max)
{
    for (uint32_t i = 0; i < u->ldq_n && i < max; i++) {
        uint32_t li = u->ldq[(u->ldq_head + i) % u->cfg.line_data];
        const ws_mff_ld *d = &u->ld[li];
        const ws_mff_tag *t = &u->tag[d->tag];
        out[i] = (ws_mff_ld_info){ .entry = li, .addr = t->addr, .kind = t->kind, .waiters = t->nwait,
                                   .bitsets = d->bits, .dirty = d->dirty };
    }
    return u->ldq_n;
}

void ws_mff_reg_use_get(const ws_mff *u, ws_mff_reg_use *r)
{
    memset(r, 0, sizeof *r);
    for (uint32_t i = 0; i < u->cfg.work_regs; i++)
        switch (u->reg[i].state) {
        case WS_MFF_R_FREE: r->free++; break;
        case WS_MFF_R_C: r->c++; break;
        case WS_MFF_R_V: r->v++; break;
        case WS_MFF_R_BV: r->bv++; break;
        }
}

uint64_t ws_mff_events(const ws_mff *u) { return u->nev; }

bool ws_mff_event_get(const ws_mff *u, uint64_t i, ws_mff_event *out)
{
    if (i >= u->nev || u->nev - i > WS_MFF_EVLOG)
        return false;
    *out = u->ev[i % WS_MFF_EVLOG];
    return true;
}
