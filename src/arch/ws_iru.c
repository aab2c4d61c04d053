/* ws_iru.c: one IRU partition: configuration, the index prefetcher, the
 * classifier, data processing and the ring, the per-cycle step.  The hash
 * and the replier are in ws_iru_hash.c, the inspector in ws_iru_inspect.c.
 * What is modelled, with which numbers, is in ws_iru.h and the iru.*
 * options. */
#include "arch/ws_iru_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_opts.h"
#include "util/ws_util.h"

int ws_iru_config_from_opts(ws_iru_config *c, const ws_opts *o, ws_error *err)
{
    memset(c, 0, sizeof *c);
    c->parts = (uint32_t)ws_opts_uint(o, "mem.channels");
    c->sets = (uint32_t)ws_opts_uint(o, "iru.sets");
    c->banks = (uint32_t)ws_opts_uint(o, "iru.banks");
    c->entry = (uint32_t)ws_opts_uint(o, "iru.entry");
    c->block = (uint32_t)ws_opts_uint(o, "iru.block");
    c->line = (uint32_t)ws_opts_uint(o, "l2.line");
    c->pf_inflight = (uint32_t)ws_opts_uint(o, "iru.pf_inflight");
    c->class_depth = (uint32_t)ws_opts_uint(o, "iru.class_depth");
    c->ring_depth = (uint32_t)ws_opts_uint(o, "iru.ring_depth");
    c->ring_latency = (uint32_t)ws_opts_uint(o, "iru.ring_latency");
    c->hash_latency = (uint32_t)ws_opts_uint(o, "iru.hash_latency");
    c->req_fifo = (uint32_t)ws_opts_uint(o, "iru.req_fifo");
    c->reply_queue = (uint32_t)ws_opts_uint(o, "iru.reply_queue");
    c->timeout = ws_opts_uint(o, "iru.timeout");
    c->hash = (ws_iru_hash)ws_opts_enum(o, "iru.hash");
    c->shared = ws_opts_bool(o, "iru.shared");
    c->bidir = ws_opts_enum(o, "iru.ring") == 1;
    c->bypass_l2 = ws_opts_bool(o, "iru.bypass_l2");
    return ws_iru_config_check(c, err);
}

int ws_iru_config_check(const ws_iru_config *c, ws_error *err)
{
    if (c->parts < 1 || c->parts > 1024)
        return ws_error_set(err, WS_E_RANGE, "the IRU needs 1 to 1024 partitions (mem.channels is %u)", c->parts);
    if (c->sets < c->parts || c->sets % c->parts != 0)
        return ws_error_set(err, WS_E_RANGE, "iru.sets (%u) must be a multiple of the partitions "
                            "(mem.channels = %u)", c->sets, c->parts);
    uint32_t lsets = c->sets / c->parts;
    if (c->banks < 1 || c->banks > 63 || lsets % c->banks != 0)
        return ws_error_set(err, WS_E_RANGE, "iru.banks (%u) must be 1 to 63 and divide the sets of a "
                            "partition (iru.sets / mem.channels = %u)", c->banks, lsets);
    if (c->entry < 1 || c->entry > WS_IRU_WARP)
        return ws_error_set(err, WS_E_RANGE, "iru.entry is %u: it must be 1 to 32", c->entry);
    if (c->block < 1)
        return ws_error_set(err, WS_E_RANGE, "iru.block must be at least 1 byte");
    if (c->line < 4 || c->line % 4 != 0 || c->line > 65536)
        return ws_error_set(err, WS_E_RANGE, "the IRU reads lines of whole 32-bit words "
                            "(l2.line is %u)", c->line);
    if (c->pf_inflight < 1 || c->class_depth < 1 || c->req_fifo < 1 || c->reply_queue < 1)
        return ws_error_set(err, WS_E_RANGE, "iru.pf_inflight, iru.class_depth, iru.req_fifo and "
                            "iru.reply_queue must be at least 1");
    if (c->ring_depth < 2)
        return ws_error_set(err, WS_E_RANGE, "iru.ring_depth is %u: the ring needs at least 2 "
                            "(one slot stays free for the elements passing through)", c->ring_depth);
    return 0;
}

static void q_init(ws_iru_q *q, uint32_t cap)
{
    q->v = ws_xcalloc(cap, sizeof *q->v);
    q->cap = cap;
    q->head = q->n = 0;
}

ws_iru *ws_iru_create(const ws_iru_config *c, uint32_t id, ws_iru_owner_fn owner, void *owner_ctx,
                      ws_error *err)
{
    if (ws_iru_config_check(c, err) != 0)
        return NULL;
    if (id >= c->parts || !owner) {
        ws_error_set(err, WS_E_RANGE, "IRU partition %u of %u (and an owner function) asked for", id, c->parts);
        return NULL;
    }
    ws_iru *u = ws_xcalloc(1, sizeof *u);
    u->cfg = *c;
    u->id = id;
    u->lsets = c->sets / c->parts;
    u->owner = owner;
    u->owner_ctx = owner_ctx;
    u->nslots = c->pf_inflight;
    u->slots = ws_xcalloc(u->nslots, sizeof *u->slots);
    for (uint32_t i = 0; i < u->nslots; i++) {
        u->slots[i].idx = ws_xcalloc(c->line / 4, sizeof(uint32_t));
        u->slots[i].sec = ws_xcalloc(c->line / 4, sizeof(uint32_t));
    }
    u->done = ws_xcalloc(u->nslots, sizeof *u->done);
    u->pfq = ws_xcalloc(c->pf_inflight, sizeof *u->pfq);
    u->cq = ws_xcalloc(c->banks + 1, sizeof *u->cq);
    for (uint32_t i = 0; i <= c->banks; i++)
        q_init(&u->cq[i], c->class_depth);
    for (uint32_t d = 0; d < 2; d++) {
        q_init(&u->ring_in[d], c->ring_depth);
        q_init(&u->ring_out[d], c->ring_depth);
    }
    u->pipe = ws_xcalloc(c->banks, sizeof *u->pipe);
    for (uint32_t i = 0; i < c->banks; i++)
        q_init(&u->pipe[i], c->hash_latency > 1 ? c->hash_latency : 1);
    u->ent = ws_xcalloc(u->lsets, sizeof *u->ent);
    u->el_store = ws_xcalloc((size_t)u->lsets * c->entry, sizeof *u->el_store);
    for (uint32_t s = 0; s < u->lsets; s++)
        u->ent[s].el = u->el_store + (size_t)s * c->entry;
    u->req = ws_xcalloc(c->req_fifo, sizeof *u->req);
    u->rep = ws_xcalloc(c->reply_queue, sizeof *u->rep);
    return u;
}

void ws_iru_free(ws_iru *u)
{
    if (!u)
        return;
    for (uint32_t i = 0; i < u->nslots; i++) {
        free(u->slots[i].idx);
        free(u->slots[i].sec);
    }
    free(u->slots);
    free(u->done);
    free(u->pfq);
    for (uint32_t i = 0; i <= u->cfg.banks; i++)
        free(u->cq[i].v);
    free(u->cq);
    for (uint32_t d = 0; d < 2; d++) {
        free(u->ring_in[d].v);
        free(u->ring_out[d].v);
    }
    for (uint32_t i = 0; i < u->cfg.banks; i++)
        free(u->pipe[i].v);
    free(u->pipe);
    free(u->el_store);
    free(u->ent);
    free(u->req);
    free(u->rep);
    free(u);
}

const ws_iru_config *ws_iru_config_get(const ws_iru *u) { return &u->cfg; }

int ws_iru_launch(ws_iru *u, const ws_iru_regs *r, ws_error *err)
{
    if (r->elem_size < 1)
        return ws_error_set(err, WS_E_RANGE, "configure_iru: the target's element size is 0");
    if (r->indices % 4 || r->secondary % 4)
        return ws_error_set(err, WS_E_RANGE, "configure_iru: the indices and secondary arrays must be "
                            "aligned to 4 bytes");
    if (r->n > (UINT64_MAX - r->indices) / 4 || (r->secondary && r->n > (UINT64_MAX - r->secondary) / 4))
        return ws_error_set(err, WS_E_RANGE, "configure_iru: %" PRIu64 " elements overflow the address space", r->n);
    u->regs = *r;
    u->configured = true;
    u->flushing = false;
    uint64_t L = u->cfg.line;
    u->cursor = r->indices / L * L;
    u->end = r->n ? (r->indices + 4 * r->n - 1) / L * L + L : u->cursor;
    for (uint32_t i = 0; i < u->nslots; i++)
        u->slots[i].state = WS_IRU_SLOT_FREE;
    u->slots_used = 0;
    u->done_head = u->done_n = 0;
    u->pfq_head = u->pfq_n = 0;
    u->inflight = 0;
    for (uint32_t i = 0; i <= u->cfg.banks; i++)
        u->cq[i].n = u->cq[i].head = 0;
    for (uint32_t i = 0; i < u->cfg.banks; i++)
        u->pipe[i].n = u->pipe[i].head = 0;
    for (uint32_t d = 0; d < 2; d++) {
        u->ring_in[d].n = u->ring_in[d].head = 0;
        u->ring_out[d].n = u->ring_out[d].head = 0;
    }
    ws_iru_hash_reset(u);
    u->req_head = u->req_n = 0;
    u->head_since = 0;
    u->rep_head = u->rep_n = 0;
    u->stepped = false;
    u->stalled = 0;
    return 0;
}

/* ---- prefetcher ---- */

static void slot_alloc(ws_iru *u)
{
    if (u->slots_used == u->nslots)
        return;
    uint64_t L = u->cfg.line;
    while (u->cursor < u->end && u->owner(u->owner_ctx, u->cursor) != u->id)
        u->cursor += L;
    if (u->cursor >= u->end)
        return;
    ws_iru_slot *s = NULL;
    for (uint32_t i = 0; i < u->nslots; i++)
        if (u->slots[i].state == WS_IRU_SLOT_FREE) {
            s = &u->slots[i];
            break;
        }
    const ws_iru_regs *r = &u->regs;
    uint64_t line = u->cursor;
    u->cursor += L;
    s->state = WS_IRU_SLOT_WAIT;
    s->seq = u->slot_seq++;
    s->e0 = line > r->indices ? (line - r->indices) / 4 : 0;
    s->e1 = (line + L - r->indices) / 4;
    if (s->e1 > r->n)
        s->e1 = r->n;
    s->nl = 1;
    s->laddr[0] = line;
    if (r->secondary) {
        uint64_t a = (r->secondary + 4 * s->e0) / L * L;
        uint64_t b = (r->secondary + 4 * s->e1 - 1) / L * L;
        s->laddr[s->nl++] = a;
        if (b != a)
            s->laddr[s->nl++] = b;
    }
    s->issued = 0;
    s->arrived = 0;
    s->next = 0;
    u->slots_used++;
}

static void pf_issue(ws_iru *u)
{
    slot_alloc(u);
    if (u->inflight >= u->cfg.pf_inflight)
        return;
    ws_iru_slot *s = NULL;
    for (uint32_t i = 0; i < u->nslots; i++) {
        ws_iru_slot *x = &u->slots[i];
        if (x->state == WS_IRU_SLOT_WAIT && x->issued < x->nl && (!s || x->seq < s->seq))
            s = x;
    }
    if (!s)
        return;
    uint32_t li = s->issued++;
    uint32_t qi = u->pfq_head + u->pfq_n;
    if (qi >= u->cfg.pf_inflight)
        qi -= u->cfg.pf_inflight;
    ws_iru_pfreq *q = &u->pfq[qi];
    q->addr = s->laddr[li];
    q->size = u->cfg.line;
    q->secondary = li > 0;
    q->bypass_l2 = u->cfg.bypass_l2;
    q->remote = u->owner(u->owner_ctx, q->addr) != u->id;
    u->pfq_n++;
    u->inflight++;
    u->st.pf_lines++;
    u->st.pf_bytes += u->cfg.line;
    if (q->remote)
        u->st.pf_remote++;
}

bool ws_iru_pf_pop(ws_iru *u, ws_iru_pfreq *out)
{
    if (!u->pfq_n)
        return false;
    *out = u->pfq[u->pfq_head];
    if (++u->pfq_head == u->cfg.pf_inflight)
        u->pfq_head = 0;
    u->pfq_n--;
    return true;
}

static uint32_t rd32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

int ws_iru_fill(ws_iru *u, uint64_t addr, const void *bytes, uint64_t cycle)
{
    /* the oldest chunk that asked for this line and has not had it */
    ws_iru_slot *s = NULL;
    uint32_t li = 0;
    for (uint32_t i = 0; i < u->nslots; i++) {
        ws_iru_slot *x = &u->slots[i];
        if (x->state != WS_IRU_SLOT_WAIT || (s && x->seq > s->seq))
            continue;
        for (uint32_t l = 0; l < x->issued; l++)
            if (x->laddr[l] == addr && !(x->arrived >> l & 1u)) {
                s = x;
                li = l;
                break;
            }
    }
    if (!s)
        return -1;
    /* a line is in flight from its issue (into the out-queue) to its fill */
    s->arrived |= (uint8_t)(1u << li);
    u->inflight--;
    const uint8_t *b = bytes;
    uint64_t L = u->cfg.line;
    uint64_t base = li == 0 ? u->regs.indices : u->regs.secondary;
    uint32_t *dst = li == 0 ? s->idx : s->sec;
    for (uint64_t e = s->e0; e < s->e1; e++) {
        uint64_t a = base + 4 * e;
        if (a >= addr && a < addr + L)
            dst[e - s->e0] = rd32(b + (a - addr));
    }
    if (s->arrived == (1u << s->nl) - 1) {
        s->state = WS_IRU_SLOT_DONE;
        s->t_done = cycle + 1;
        uint32_t di = u->done_head + u->done_n;
        if (di >= u->nslots)
            di -= u->nslots;
        u->done[di] = (uint32_t)(s - u->slots);
        u->done_n++;
        u->st.elems_in += s->e1 - s->e0;
    }
    return 0;
}

/* ---- classifier ---- */

static void classify(ws_iru *u, uint64_t cycle)
{
    uint32_t nq = u->cfg.banks + 1;
    uint64_t used = 0;          /* queues that took an element this cycle (iru.banks < 64) */
    uint32_t moved = 0;
    while (u->done_n && moved < nq) {
        ws_iru_slot *s = &u->slots[u->done[u->done_head]];
        if (s->t_done > cycle)
            return;
        uint64_t e = s->e0 + s->next;
        ws_iru_el el;
        el.idx = s->idx[s->next];
        el.sec = u->regs.secondary ? s->sec[s->next] : 0;
        el.pos = (uint32_t)e;
        uint32_t set = ws_iru_set_of(u, el.idx);
        el.owner = set % u->cfg.parts;
        el.lset = set / u->cfg.parts;
        uint32_t qi = el.owner == u->id ? el.lset % u->cfg.banks : u->cfg.banks;
        if ((used >> qi & 1u) || ws_iru_q_full(&u->cq[qi]))
            return;
        used |= 1ull << qi;
        ws_iru_q_push(&u->cq[qi], &el, cycle + 1);
        moved++;
        if (++s->next == s->e1 - s->e0) {
            s->state = WS_IRU_SLOT_FREE;
            u->slots_used--;
            if (++u->done_head == u->nslots)
                u->done_head = 0;
            u->done_n--;
        }
    }
}

/* ---- data processing and the ring ---- */

uint32_t ws_iru_ring_dir(const ws_iru_config *c, uint32_t from, uint32_t to)
{
    if (!c->bidir || from == to)
        return 0;
    uint32_t fwd = to >= from ? to - from : to + c->parts - from;
    return c->parts - fwd < fwd ? 1 : 0;
}

uint32_t ws_iru_ring_hops(const ws_iru_config *c, uint32_t from, uint32_t to)
{
    uint32_t fwd = to >= from ? to - from : to + c->parts - from;
    return ws_iru_ring_dir(c, from, to) ? c->parts - fwd : fwd;
}

static void data_processing(ws_iru *u, uint64_t cycle)
{
    uint32_t nb = u->cfg.banks, ndir = u->cfg.bidir ? 2 : 1;
    bool ring_used[2] = { false, false };  /* the ring's own element took that direction's output */
    uint64_t bank_used = 0;             /* banks a ring element took (iru.banks < 64) */
    /* the ring's elements first (direction 0, then 1) */
    for (uint32_t d = 0; d < ndir; d++) {
        const ws_iru_qe *h = ws_iru_q_head(&u->ring_in[d]);
        if (!h || h->t > cycle)
            continue;
        if (h->e.owner == u->id) {
            uint32_t b = h->e.lset % nb;
            if (bank_used >> b & 1u)
                continue;               /* the other direction's element has the bank */
            bank_used |= 1ull << b;
            if (!ws_iru_q_full(&u->pipe[b])) {
                ws_iru_el e = ws_iru_q_pop(&u->ring_in[d]);
                ws_iru_q_push(&u->pipe[b], &e, cycle + u->cfg.hash_latency);
            }
        } else {
            ring_used[d] = true;
            if (!ws_iru_q_full(&u->ring_out[d])) {
                ws_iru_el e = ws_iru_q_pop(&u->ring_in[d]);
                ws_iru_q_push(&u->ring_out[d], &e, cycle);
            }
        }
    }
    for (uint32_t b = 0; b < nb; b++) {
        if ((bank_used >> b & 1u) || ws_iru_q_full(&u->pipe[b]))
            continue;
        const ws_iru_qe *x = ws_iru_q_head(&u->cq[b]);
        if (x && x->t <= cycle) {
            ws_iru_el e = ws_iru_q_pop(&u->cq[b]);
            ws_iru_q_push(&u->pipe[b], &e, cycle + u->cfg.hash_latency);
        }
    }
    /* local elements enter the ring only leaving one slot free for the
     * elements passing through (so the ring cannot fill with them and wedge);
     * in order, one a direction a cycle (two with a bidirectional ring when
     * the first two go opposite ways) */
    for (uint32_t k = 0; k < ndir; k++) {
        const ws_iru_qe *x = ws_iru_q_head(&u->cq[nb]);
        if (!x || x->t > cycle)
            return;
        uint32_t d = ws_iru_ring_dir(&u->cfg, u->id, x->e.owner);
        ws_iru_q *o = &u->ring_out[d];
        if (ring_used[d] || o->n + 1 >= o->cap)
            return;
        ws_iru_el e = ws_iru_q_pop(&u->cq[nb]);
        ws_iru_q_push(o, &e, cycle);
        ring_used[d] = true;
    }
}

bool ws_iru_ring_move_dir(ws_iru *from, ws_iru *to, uint32_t dir, uint64_t cycle)
{
    const ws_iru_qe *h = ws_iru_q_head(&from->ring_out[dir]);
    if (!h || h->t > cycle || ws_iru_q_full(&to->ring_in[dir]))
        return false;
    ws_iru_el e = ws_iru_q_pop(&from->ring_out[dir]);
    ws_iru_q_push(&to->ring_in[dir], &e, cycle + to->cfg.ring_latency);
    from->st.ring_flits++;
    if (dir)
        from->st.ring_flits_back++;
    to->st.ring_in++;
    return true;
}

bool ws_iru_ring_move(ws_iru *from, ws_iru *to, uint64_t cycle)
{
    return ws_iru_ring_move_dir(from, to, 0, cycle);
}

void ws_iru_ring_step(ws_iru *const *units, uint32_t n, uint64_t cycle)
{
    for (uint32_t p = 0; p < n; p++)
        ws_iru_ring_move_dir(units[p], units[(p + 1) % n], 0, cycle);
    if (n && units[0]->cfg.bidir)
        for (uint32_t p = 0; p < n; p++)
            ws_iru_ring_move_dir(units[p], units[(p + n - 1) % n], 1, cycle);
}

/* ---- the cycle ---- */

void ws_iru_step(ws_iru *u, uint64_t cycle)
{
    if (!u->configured)
        return;
    /* the cycles skipped since the last step kept its end state */
    if (u->stepped && cycle > u->last_step + 1) {
        uint64_t gap = cycle - u->last_step - 1;
        u->st.hash_occ_sum += u->hash_elems * gap;
        u->st.hash_stalls += u->stalled * gap;
    }
    u->stepped = true;
    u->last_step = cycle;
    ws_iru_replier_step(u, cycle);
    u->stalled = 0;
    for (uint32_t b = 0; b < u->cfg.banks; b++)
        u->stalled += ws_iru_hash_insert_step(u, b, cycle);
    data_processing(u, cycle);
    classify(u, cycle);
    pf_issue(u);
    u->st.hash_occ_sum += u->hash_elems;
}

static uint64_t at(uint64_t t, uint64_t cycle) { return t > cycle ? t : cycle; }

uint64_t ws_iru_next_event(const ws_iru *u, uint64_t cycle)
{
    if (!u->configured)
        return UINT64_MAX;
    /* what the caller takes */
    if (u->rep_n || u->pfq_n || u->ring_out[0].n || u->ring_out[1].n)
        return cycle;
    uint64_t t = UINT64_MAX, later;
    if (ws_iru_replier_ready(u, cycle, &later))
        return cycle;
    if (later < t)
        t = later;
    for (uint32_t b = 0; b < u->cfg.banks; b++) {
        const ws_iru_qe *h = ws_iru_q_head(&u->pipe[b]);
        if (h && (h->t > cycle || !ws_iru_hash_blocked(u, b)) && at(h->t, cycle) < t)
            t = at(h->t, cycle);
        h = ws_iru_q_head(&u->cq[b]);
        if (h && !ws_iru_q_full(&u->pipe[b]) && at(h->t, cycle) < t)
            t = at(h->t, cycle);
    }
    const ws_iru_qe *h;
    for (uint32_t d = 0; d < 2; d++) {
        h = ws_iru_q_head(&u->ring_in[d]);
        if (h && at(h->t, cycle) < t)
            t = at(h->t, cycle);
    }
    h = ws_iru_q_head(&u->cq[u->cfg.banks]);
    if (h && at(h->t, cycle) < t)
        t = at(h->t, cycle);
    if (u->done_n) {
        const ws_iru_slot *s = &u->slots[u->done[u->done_head]];
        if (at(s->t_done, cycle) < t)
            t = at(s->t_done, cycle);
    }
    /* the prefetcher: a chunk to start or a line to ask for */
    if (u->cursor < u->end && u->slots_used < u->nslots)
        return cycle;
    if (u->inflight < u->cfg.pf_inflight)
        for (uint32_t i = 0; i < u->nslots; i++)
            if (u->slots[i].state == WS_IRU_SLOT_WAIT && u->slots[i].issued < u->slots[i].nl)
                return cycle;
    return t;
}

bool ws_iru_request(ws_iru *u, uint64_t tag, uint32_t mask, uint64_t cycle)
{
    if (u->req_n >= u->cfg.req_fifo)
        return false;
    uint32_t i = u->req_head + u->req_n;
    if (i >= u->cfg.req_fifo)
        i -= u->cfg.req_fifo;
    u->req[i].tag = tag;
    u->req[i].mask = mask;
    u->req[i].t = cycle;
    u->req_n++;
    u->st.requests++;
    return true;
}

bool ws_iru_request_steal(ws_iru *u, uint64_t *tag, uint32_t *mask, uint64_t *t_request)
{
    if (!u->req_n)
        return false;
    uint32_t i = u->req_head + u->req_n - 1;
    if (i >= u->cfg.req_fifo)
        i -= u->cfg.req_fifo;
    *tag = u->req[i].tag;
    *mask = u->req[i].mask;
    *t_request = u->req[i].t;
    u->req_n--;
    u->st.requests--;
    return true;
}

bool ws_iru_reply_pop(ws_iru *u, ws_iru_reply *out)
{
    if (!u->rep_n)
        return false;
    *out = u->rep[u->rep_head];
    if (++u->rep_head == u->cfg.reply_queue)
        u->rep_head = 0;
    u->rep_n--;
    return true;
}

uint32_t ws_iru_pipe_n(const ws_iru *u)
{
    uint32_t n = 0;
    for (uint32_t b = 0; b < u->cfg.banks; b++)
        n += u->pipe[b].n;
    return n;
}

uint32_t ws_iru_class_n(const ws_iru *u)
{
    uint32_t n = 0;
    for (uint32_t b = 0; b <= u->cfg.banks; b++)
        n += u->cq[b].n;
    return n;
}

bool ws_iru_stream_done(const ws_iru *u)
{
    return u->configured && u->cursor >= u->end && u->slots_used == 0 && ws_iru_class_n(u) == 0 &&
           ws_iru_pipe_n(u) == 0 && u->ring_in[0].n == 0 && u->ring_out[0].n == 0 &&
           u->ring_in[1].n == 0 && u->ring_out[1].n == 0;
}

bool ws_iru_all_done(ws_iru *const *units, uint32_t n)
{
    for (uint32_t p = 0; p < n; p++)
        if (!ws_iru_stream_done(units[p]))
            return false;
    return true;
}

void ws_iru_flush(ws_iru *u) { u->flushing = true; }

bool ws_iru_idle(const ws_iru *u)
{
    return !u->configured ||
           (ws_iru_stream_done(u) && u->hash_elems == 0 && u->req_n == 0 && u->rep_n == 0);
}
