/* ws_iru_inspect.c: the IRU partition's read-only views (for the TUI and
 * Lua), its counters and its sizes (for the energy model, A2.4). */
#include "arch/ws_iru_int.h"

#include <string.h>

/* Bits of one element in the hash (A2.3/A2.5: 24-bit index, 32-bit
 * secondary, 24-bit position; 256 sets x 32 x 80 bits = 80 KB, Table 1). */
#define SLOT_BITS 80u
/* Bytes of a request FIFO entry: 64 x 32 B = Table 1's 2 KB. */
#define REQ_BYTES 32u

void ws_iru_view_get(const ws_iru *u, ws_iru_view *v)
{
    memset(v, 0, sizeof *v);
    v->id = u->id;
    v->sets = u->lsets;
    v->req_fifo = u->req_n;
    v->replies = u->rep_n;
    v->pf_inflight = u->inflight;
    for (uint32_t i = 0; i < u->done_n; i++) {
        const ws_iru_slot *s = &u->slots[u->done[(u->done_head + i) % u->nslots]];
        v->pf_buffer += (uint32_t)(s->e1 - s->e0) - s->next;
    }
    v->class_q = ws_iru_class_n(u);
    v->ring_in = u->ring_in[0].n + u->ring_in[1].n;
    v->ring_out = u->ring_out[0].n + u->ring_out[1].n;
    v->pipe = ws_iru_pipe_n(u);
    v->hash_elems = u->hash_elems;
    v->owed = u->owed;
    v->configured = u->configured;
    v->stream_done = ws_iru_stream_done(u);
    v->flushing = u->flushing;
}

void ws_iru_set_info(const ws_iru *u, uint32_t s, uint32_t *fill, uint32_t *blocks)
{
    *fill = *blocks = 0;
    if (s >= u->lsets)
        return;
    const ws_iru_entry *en = &u->ent[s];
    *fill = en->n;
    for (uint32_t i = 0; i < en->n; i++) {
        uint64_t b = ws_iru_block(u, en->el[i].idx);
        uint32_t j = 0;
        while (j < i && ws_iru_block(u, en->el[j].idx) != b)
            j++;
        if (j == i)
            (*blocks)++;
    }
}

const ws_iru_stats *ws_iru_stats_get(const ws_iru *u) { return &u->st; }

const ws_iru_regs *ws_iru_regs_get(const ws_iru *u) { return &u->regs; }

const char *ws_iru_filter_name(ws_iru_filter f)
{
    switch (f) {
    case WS_IRU_FILTER_DROP: return "drop";
    case WS_IRU_FILTER_MIN: return "min";
    case WS_IRU_FILTER_ADD: return "add";
    default: return "none";
    }
}

bool ws_iru_req_get(const ws_iru *u, uint32_t i, uint64_t *tag, uint32_t *mask, uint64_t *t_request)
{
    if (i >= u->req_n)
        return false;
    const ws_iru_req *q = &u->req[(u->req_head + i) % u->cfg.req_fifo];
    *tag = q->tag;
    *mask = q->mask;
    *t_request = q->t;
    return true;
}

void ws_iru_sizes_get(const ws_iru *u, ws_iru_sizes *s)
{
    const ws_iru_config *c = &u->cfg;
    s->slot_bits = SLOT_BITS;
    s->entry_bits = c->entry * SLOT_BITS;
    s->hash_bytes = (uint64_t)u->lsets * c->entry * SLOT_BITS / 8;
    s->req_fifo_bytes = (uint64_t)c->req_fifo * REQ_BYTES;
    s->pf_buffer_bytes = (uint64_t)u->nslots * (c->line / 4) * SLOT_BITS / 8;
    s->class_bytes = (uint64_t)(c->banks + 1) * c->class_depth * SLOT_BITS / 8;
    s->ring_bytes = (c->bidir ? 4ull : 2ull) * c->ring_depth * SLOT_BITS / 8;
}
