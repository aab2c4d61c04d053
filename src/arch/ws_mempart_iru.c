/* ws_mempart_iru.c: the IRU of every memory partition (iru.enable = true),
 * driven by the memory system (issue 33, part 2; the unit is ws_iru.h).
 *
 * One ws_iru per channel (the paper's memory partition, A2.1).  In core
 * cycle c, after the interconnect, L2 and DRAM ticks (ws_memsys_tick):
 *
 *   1. requests that arrived (ws_memsys_iru_arrive, from the request
 *      network at the L2 tick that pops them) enter their unit's request
 *      FIFO, oldest first, while it has room;
 *   2. balancing (the paper's "simple control logic", A2.1: a request may
 *      be answered by another partition than the one it was sent to): a
 *      partition whose hash holds fewer elements and owed disabled lanes
 *      than its oldest request has lanes gives its youngest waiting
 *      request to the first partition after it on the ring whose hash
 *      holds more elements and owed lanes than its waiting requests have
 *      lanes; one request per partition and cycle, partitions in order.
 *      So requests go where elements are: a partition whose entries are
 *      full (its banks wait, the ring behind them fills) is never left
 *      without requests while another holds them, and at the end of the
 *      stream every request is where elements are or is answered with
 *      disabled lanes.
 *   2b. after the end of the stream, the merge across partitions (gather
 *      below): the elements taken from another partition travel the ring
 *      to the one replying (empty then: the stream is over), one element
 *      a cycle a hop, so the reply leaves (far hops x iru.ring_latency +
 *      elements carried - 1) cycles later (with iru.ring bi each element
 *      comes the shorter way and the two directions count apart, the
 *      later one deciding); they count in ring_flits of every link passed
 *      and in merge_hops;
 *   3. every unit with work this cycle steps (ws_iru_step), then the ring
 *      moves one element a hop (ws_iru_ring_step);
 *   4. when every partition's stream is done and the ring is empty, every
 *      unit is flushed (once per launch);
 *   5. replies leave their unit into the reply queue of the slice the
 *      request arrived at (while it has room for all their packets) and
 *      travel to the SM over the reply network: an index packet of 192
 *      bytes (24-bit index and 24-bit position per lane, A2.5) in the
 *      request's own message, and, when a secondary array is configured,
 *      a second message of 128 bytes of secondaries (A2.2: at most two
 *      replies per request); a warp of disabled lanes is the header alone.
 *      The SM writes the registers when the last packet arrives.  The
 *      time from the request's arrival at the partition to here is the
 *      reply latency (iru.leave_*, iru.reply_latency);
 *   6. each unit's oldest prefetch goes, as a line read, into the ROP
 *      queue of the slice holding the line (its own, or another's for a
 *      remote secondary line), or past the L2 into the slice's queue to
 *      DRAM with iru.bypass_l2; it waits in the unit's hold while that is
 *      full.  Its data comes back where a reply would enter the reply
 *      queue (ws_memsys_iru_filled): the line's bytes are read from
 *      device memory (the reader the GPU set) and given to ws_iru_fill.
 *      A remote line's words first travel the ring from the slice that
 *      read it to the unit (hops x iru.ring_latency + words - 1 cycles,
 *      one 32-bit word a cycle a hop, the ring's other traffic not
 *      modelled on that path; iru.remote_hops counts words x hops); they
 *      reach the unit at the start of the cycle they arrive.
 *
 * Each unit's state is its own; they exchange elements only through the
 * ring (ws_iru_ring_step) and requests only through the balancing step.
 * Everything runs in partition order: the statistics are deterministic. */
#include "arch/ws_iru_int.h"
#include "arch/ws_mempart_int.h"
#include "ptx/ws_ptx_ir.h"
#include "util/ws_util.h"

#include <stdlib.h>
#include <string.h>

#define PKT_IDX 192u    /* 32 lanes x (24-bit index + 24-bit position) */
#define PKT_SEC 128u    /* 32 lanes x 32-bit secondary */

static uint32_t owner_of(void *ctx, uint64_t addr)
{
    ws_memsys *m = ctx;
    ws_dram_loc loc;
    ws_addrmap_decode(m->map, addr, &loc);
    return loc.chan;
}

int ws_memsys_iru_create(ws_memsys *m, const ws_opts *o, ws_error *err)
{
    if (!ws_opts_bool(o, "iru.enable")) return 0;
    ws_iru_config c;
    if (ws_iru_config_from_opts(&c, o, err) < 0) return -1;
    ws_memsys_iru *I = &m->iru;
    I->n = m->nchans;
    I->u = ws_xcalloc(I->n, sizeof *I->u);
    I->hold = ws_xcalloc(I->n, sizeof *I->hold);
    I->held = ws_xcalloc(I->n, sizeof *I->held);
    I->in = ws_xcalloc(I->n, sizeof *I->in);
    I->buf = ws_xcalloc(c.line, 1);
    for (uint32_t p = 0; p < I->n; p++)
        if (!(I->u[p] = ws_iru_create(&c, p, owner_of, m, err))) return -1;
    return 0;
}

void ws_memsys_iru_free(ws_memsys *m)
{
    ws_memsys_iru *I = &m->iru;
    for (uint32_t p = 0; I->u && p < I->n; p++) {
        ws_iru_free(I->u[p]);
        ws_mreq *r;
        while ((r = ws_mreq_fifo_pop(&I->in[p]))) ws_mreq_free(m->pool, r);
    }
    free(I->u);
    free(I->hold);
    free(I->held);
    free(I->in);
    for (uint32_t i = 0; i < I->nrl; i++) ws_mreq_free(m->pool, I->rl[i]);
    free(I->rl);
    free(I->rlt);
    free(I->rep);
    free(I->repfree);
    free(I->got);
    free(I->buf);
    memset(I, 0, sizeof *I);
}

bool ws_memsys_has_iru(const ws_memsys *m) { return m->iru.u != NULL; }
uint32_t ws_memsys_iru_units(const ws_memsys *m) { return m->iru.u ? m->iru.n : 0; }
ws_iru *ws_memsys_iru_unit(ws_memsys *m, uint32_t ch) { return m->iru.u && ch < m->iru.n ? m->iru.u[ch] : NULL; }
uint64_t ws_memsys_iru_moved(const ws_memsys *m) { return m->iru.moved; }

void ws_memsys_iru_set_reader(ws_memsys *m, ws_memsys_read_fn fn, void *ctx)
{
    m->iru.read = fn;
    m->iru.read_ctx = ctx;
}

int ws_memsys_iru_launch(ws_memsys *m, const ws_iru_regs *r, ws_error *err)
{
    ws_memsys_iru *I = &m->iru;
    if (!I->u) return ws_error_set(err, WS_E_STATE, "the machine has no IRU (iru.enable = false)");
    for (uint32_t p = 0; p < I->n; p++)
        if (ws_iru_launch(I->u[p], r, err) < 0) return -1;
    I->launched = true;
    I->flushed = false;
    return 0;
}

void ws_memsys_iru_end(ws_memsys *m)
{
    ws_memsys_iru *I = &m->iru;
    if (!I->launched) return;
    /* a launch cut short: every waiting request is answered now (the
     * drain pops the replies); elements nobody asked for stay behind
     * until the next launch empties the units */
    for (uint32_t p = 0; p < I->n; p++) ws_iru_flush(I->u[p]);
    I->flushed = true;
}

void ws_memsys_iru_arrive(ws_memsys *m, ws_mreq *r, uint64_t c)
{
    (void)c;
    uint32_t ch = r->chan < m->iru.n ? r->chan : 0;
    r->level = WS_LVL_L2;
    ws_mreq_fifo_push(&m->iru.in[ch], r);
}

/* Ring hops from partition a to partition b (the ring runs p -> p + 1;
 * with iru.ring bi the shorter way, ws_iru_ring_dir). */
static uint32_t hops(const ws_memsys_iru *I, uint32_t a, uint32_t b)
{
    return ws_iru_ring_hops(ws_iru_config_get(I->u[0]), a, b);
}

/* The line's bytes reach the unit that asked for it. */
static void deliver(ws_memsys *m, ws_mreq *r, uint64_t c)
{
    ws_memsys_iru *I = &m->iru;
    uint32_t line = r->size;
    memset(I->buf, 0, line);
    if (I->read) I->read(I->read_ctx, r->addr, I->buf, line);
    uint32_t p = r->pf_wid < I->n ? r->pf_wid : 0;
    ws_iru_fill(I->u[p], r->addr, I->buf, c);
    I->pf_inflight--;
    ws_mreq_free(m->pool, r);
}

void ws_memsys_iru_filled(ws_memsys *m, ws_mreq *r, uint64_t c)
{
    ws_memsys_iru *I = &m->iru;
    uint32_t p = r->pf_wid < I->n ? r->pf_wid : 0;
    uint32_t from = r->chan < I->n ? r->chan : p;
    if (from == p) {
        deliver(m, r, c);
        return;
    }
    /* a remote secondary line: its words travel the ring from the slice
     * that read it to the unit that asked, one 32-bit word a cycle a hop
     * (pipelined), iru.ring_latency cycles a hop */
    ws_iru *u = I->u[p];
    uint32_t d = hops(I, from, p), words = r->size / 4;
    if (I->nrl == I->caprl) {
        I->caprl = I->caprl ? 2 * I->caprl : 16;
        I->rl = ws_xrealloc(I->rl, I->caprl * sizeof *I->rl);
        I->rlt = ws_xrealloc(I->rlt, I->caprl * sizeof *I->rlt);
    }
    I->rl[I->nrl] = r;
    I->rlt[I->nrl++] = c + (uint64_t)d * u->cfg.ring_latency + (words ? words - 1 : 0);
    u->st.remote_hops += (uint64_t)words * d;
}

/* The remote lines whose data arrived by cycle c, in arrival order. */
static void deliver_remote(ws_memsys *m, uint64_t c)
{
    ws_memsys_iru *I = &m->iru;
    uint32_t k = 0;
    for (uint32_t i = 0; i < I->nrl; i++) {
        if (I->rlt[i] <= c) {
            deliver(m, I->rl[i], c);
            continue;
        }
        I->rl[k] = I->rl[i];
        I->rlt[k++] = I->rlt[i];
    }
    I->nrl = k;
}

/* Lanes of the requests waiting in unit u. */
static uint64_t demand(const ws_iru *u)
{
    uint64_t d = 0;
    for (uint32_t k = 0, i = u->req_head; k < u->req_n; k++) {
        d += (uint32_t)__builtin_popcount(u->req[i].mask);
        if (++i == u->cfg.req_fifo) i = 0;
    }
    return d;
}

/* Unit u cannot answer its oldest request now: its hash holds fewer
 * elements and owed lanes than the request has lanes. */
static bool dry(const ws_iru *u)
{
    return u->req_n && u->hash_elems + u->owed < (uint32_t)__builtin_popcount(u->req[u->req_head].mask);
}

/* The partition p's youngest request should move to: UINT32_MAX none. */
static uint32_t rich_after(const ws_memsys_iru *I, uint32_t p)
{
    for (uint32_t j = 1; j < I->n; j++) {
        uint32_t q = p + j < I->n ? p + j : p + j - I->n;
        const ws_iru *u = I->u[q];
        if (u->req_n < u->cfg.req_fifo && u->hash_elems + u->owed > demand(u)) return q;
    }
    return UINT32_MAX;
}

static void balance(ws_memsys *m, uint64_t c)
{
    ws_memsys_iru *I = &m->iru;
    for (uint32_t p = 0; p < I->n; p++) {
        if (!dry(I->u[p])) continue;
        uint32_t q = rich_after(I, p);
        if (q == UINT32_MAX) continue;
        uint64_t tag, t;
        uint32_t mask;
        if (!ws_iru_request_steal(I->u[p], &tag, &mask, &t)) continue;
        ws_iru_request(I->u[q], tag, mask, c);
        I->moved++;
    }
}

/* After the end of the stream (every unit flushing): a partition that
 * cannot fill its oldest request alone, while others still hold elements
 * or owed lanes, answers it with its own entries and then theirs (ring
 * order, best-coalesced entries first): the merge of the remaining
 * partial entries (A2.2) across the logical hash.  The unit's own flush
 * would disable the missing lanes and leave the others' elements with no
 * request to go to.  One such reply per partition and cycle, before the
 * units step. */
static uint64_t supply_all(const ws_memsys_iru *I)
{
    uint64_t total = 0;
    for (uint32_t p = 0; p < I->n; p++) total += I->u[p]->hash_elems + I->u[p]->owed;
    return total;
}

/* Unit u's oldest request needs the others' elements (total: what every
 * unit holds). */
static bool needs_others(const ws_iru *u, uint64_t total)
{
    if (!u->req_n) return false;
    uint64_t sup = u->hash_elems + u->owed;
    return sup < (uint32_t)__builtin_popcount(u->req[u->req_head].mask) && total > sup;
}

static void gather(ws_memsys *m, uint64_t c)
{
    ws_memsys_iru *I = &m->iru;
    uint64_t total = supply_all(I);
    for (uint32_t p = 0; p < I->n; p++) {
        ws_iru *u = I->u[p];
        if (u->rep_n >= u->cfg.reply_queue || !needs_others(u, total)) continue;
        const ws_iru_req *q = &u->req[u->req_head];
        uint32_t k = (uint32_t)__builtin_popcount(q->mask);
        uint32_t ri = u->rep_head + u->rep_n;
        if (ri >= u->cfg.reply_queue) ri -= u->cfg.reply_queue;
        ws_iru_reply *r = &u->rep[ri];
        memset(r, 0, sizeof *r);
        r->tag = q->tag;
        r->mask = q->mask;
        r->t_request = q->t;
        r->t_reply = c;
        r->flush = true;
        uint32_t li = 0, got = 0, far[2] = { 0, 0 }, carried[2] = { 0, 0 };
        uint64_t used = 0;
        for (uint32_t j = 0; j < I->n && got < k; j++) {
            uint32_t vi = p + j < I->n ? p + j : p + j - I->n;
            ws_iru *v = I->u[vi];
            uint32_t g = ws_iru_take_best(v, k - got, r, &li);
            got += g;
            used += g;
            if (!g || vi == p) continue;
            /* the elements of another partition travel the ring to p
             * (it is empty: the stream has ended), one a cycle a hop */
            uint32_t d = hops(I, vi, p), dir = ws_iru_ring_dir(&u->cfg, vi, p);
            for (uint32_t h = 0, a = vi; h < d; h++) {
                uint32_t b = dir ? (a ? a - 1 : I->n - 1) : (a + 1 < I->n ? a + 1 : 0);
                I->u[a]->st.ring_flits += g;
                if (dir) I->u[a]->st.ring_flits_back += g;
                I->u[b]->st.ring_in += g;
                a = b;
            }
            u->st.merge_hops += (uint64_t)g * d;
            if (d > far[dir]) far[dir] = d;
            carried[dir] += g;
        }
        /* each direction's elements share its last link, one a cycle */
        r->t_ready = c;
        for (uint32_t dir = 0; dir < 2; dir++) {
            uint64_t t = carried[dir] ? c + (uint64_t)far[dir] * u->cfg.ring_latency + carried[dir] - 1 : c;
            if (t > r->t_ready) r->t_ready = t;
        }
        for (uint32_t j = 0; j < I->n && got < k; j++) {   /* disabled lanes owed */
            ws_iru *v = I->u[p + j < I->n ? p + j : p + j - I->n];
            uint64_t d = k - got < v->owed ? k - got : v->owed;
            v->owed -= d;
            got += (uint32_t)d;
            used += d;
        }
        total -= used;
        r->packets = r->valid && u->regs.secondary ? 2 : 1;
        r->lines = ws_iru_reply_lines(u, r);
        u->st.coal_hist[r->lines]++;
        u->st.elems_out += (uint32_t)__builtin_popcount(r->valid);
        u->st.replies++;
        u->st.flush_replies++;
        u->st.reply_packets += r->packets;
        u->st.lat_sum += c - q->t;
        u->rep_n++;
        ws_iru_req_done(u, c);
    }
    /* a unit flushes on its own (partial entries merged, missing lanes
     * disabled) only when its oldest request needs nobody else */
    total = supply_all(I);
    for (uint32_t p = 0; p < I->n; p++) I->u[p]->flushing = !needs_others(I->u[p], total);
}

static uint32_t rep_slot(ws_memsys_iru *I)
{
    if (I->nfree) return I->repfree[--I->nfree];
    if (I->nrep == I->caprep) {
        I->caprep = I->caprep ? 2 * I->caprep : 64;
        I->rep = ws_xrealloc(I->rep, I->caprep * sizeof *I->rep);
        I->repfree = ws_xrealloc(I->repfree, I->caprep * sizeof *I->repfree);
        I->got = ws_xrealloc(I->got, I->caprep * sizeof *I->got);
    }
    return I->nrep++;
}

const ws_iru_reply *ws_memsys_iru_reply(const ws_memsys *m, const ws_mreq *r)
{
    return r->pf_tag < m->iru.nrep ? &m->iru.rep[r->pf_tag] : NULL;
}

bool ws_memsys_iru_last_packet(ws_memsys *m, const ws_mreq *r)
{
    ws_memsys_iru *I = &m->iru;
    if (r->pf_tag >= I->nrep) return true;
    return ++I->got[r->pf_tag] >= I->rep[r->pf_tag].packets;
}

void ws_memsys_iru_release(ws_memsys *m, ws_mreq *r)
{
    ws_memsys_iru *I = &m->iru;
    if (r->pf_tag < I->nrep) I->repfree[I->nfree++] = r->pf_tag;
    r->pf_tag = UINT32_MAX;
}

/* Step 6: unit p's oldest prefetch into the memory system. */
static void send_prefetch(ws_memsys *m, uint32_t p, uint64_t c)
{
    ws_memsys_iru *I = &m->iru;
    if (!I->held[p]) I->held[p] = ws_iru_pf_pop(I->u[p], &I->hold[p]);
    if (!I->held[p]) return;
    const ws_iru_pfreq *q = &I->hold[p];
    ws_dram_loc loc;
    ws_addrmap_decode(m->map, q->addr, &loc);
    uint32_t si = loc.chan * m->cfg.subparts + loc.sub;
    ws_memsys_sub *s = &m->sub[si];
    bool down = q->bypass_l2 || !s->l2;
    if (down ? s->down.n >= m->cfg.queue : s->rop.n >= s->rop.cap) return;
    ws_mreq *r = ws_mreq_alloc(m->pool);
    r->kind = WS_MREQ_READ;
    r->addr = q->addr;
    r->size = q->size;
    r->sector_mask = ws_mreq_line_sectors(q->size);
    r->space = WS_SP_GLOBAL;
    r->flags = WS_MREQ_F_MS_SM | WS_MREQ_F_MS_IRUPF | WS_MREQ_F_BYPASS_L1;
    r->slot = 0xffff;
    r->pf_wid = (uint16_t)p;
    r->chan = (uint16_t)loc.chan;
    r->sub = (uint16_t)loc.sub;
    r->bank = (uint16_t)loc.bank;
    r->bank_group = (uint16_t)loc.bank_group;
    r->row = loc.row;
    r->col = loc.col;
    r->t_issue = r->t_icnt = c;
    if (down) ws_memsys_down_inject(m, si, r);
    else ws_memsys_rop_inject(m, si, r, c);
    I->held[p] = false;
    I->pf_inflight++;
}

/* Step 5: unit p's replies into their slices' reply queues: the index
 * packet in the request's own ws_mreq, the secondary packet (a reply with
 * a secondary array and an element) in a second one right behind it. */
static void send_replies(ws_memsys *m, uint32_t p, uint64_t c)
{
    ws_memsys_iru *I = &m->iru;
    ws_iru *u = I->u[p];
    while (u->rep_n) {
        const ws_iru_reply *h = &u->rep[u->rep_head];
        if (h->t_ready > c) return;
        ws_mreq *r = (ws_mreq *)(uintptr_t)h->tag;
        ws_memsys_sub *s = &m->sub[r->chan * m->cfg.subparts + r->sub];
        if (s->reply.n + h->packets > m->cfg.queue) return;
        uint32_t k = rep_slot(I);
        ws_iru_reply_pop(u, &I->rep[k]);
        I->got[k] = 0;
        const ws_iru_reply *x = &I->rep[k];
        r->pf_tag = k;
        r->size = x->valid ? PKT_IDX : 0;
        r->level = WS_LVL_L2;
        ws_mreq_fifo_push(&s->reply, r);
        m->nreply++;
        if (x->packets > 1) {
            ws_mreq *q = ws_mreq_alloc(m->pool);
            uint64_t id = q->id;
            *q = *r;
            q->id = id;
            q->next = NULL;
            q->size = PKT_SEC;
            ws_mreq_fifo_push(&s->reply, q);
            m->nreply++;
            m->inflight++;      /* the reply network's pop counts it out */
        }
        uint64_t lat = c - r->t_part;
        u->st.leave_n++;
        u->st.leave_sum += lat;
        u->st.leave_hist[ws_iru_lat_bucket(lat)]++;
    }
}

void ws_memsys_iru_cycle(ws_memsys *m, uint64_t c)
{
    ws_memsys_iru *I = &m->iru;
    if (I->nrl) deliver_remote(m, c);
    for (uint32_t p = 0; p < I->n; p++) {
        ws_mreq *r;
        while ((r = I->in[p].head) && ws_iru_request(I->u[p], (uint64_t)(uintptr_t)r, r->sector_mask, c))
            ws_mreq_fifo_pop(&I->in[p]);
    }
    balance(m, c);
    if (I->flushed) gather(m, c);
    for (uint32_t p = 0; p < I->n; p++)
        if (ws_iru_next_event(I->u[p], c) <= c) ws_iru_step(I->u[p], c);
    ws_iru_ring_step(I->u, I->n, c);
    if (!I->flushed && ws_iru_all_done(I->u, I->n)) {
        for (uint32_t p = 0; p < I->n; p++) ws_iru_flush(I->u[p]);
        I->flushed = true;
        uint64_t total = supply_all(I);
        for (uint32_t p = 0; p < I->n; p++) I->u[p]->flushing = !needs_others(I->u[p], total);
    }
    for (uint32_t p = 0; p < I->n; p++) {
        send_replies(m, p, c);
        send_prefetch(m, p, c);
    }
}

uint64_t ws_memsys_iru_next_event(const ws_memsys *m, uint64_t c)
{
    const ws_memsys_iru *I = &m->iru;
    uint64_t best = UINT64_MAX;
    for (uint32_t i = 0; i < I->nrl; i++)
        if (I->rlt[i] < best) best = I->rlt[i] > c ? I->rlt[i] : c;
    for (uint32_t p = 0; p < I->n; p++) {
        const ws_iru *u = I->u[p];
        if (I->in[p].n && u->req_n < u->cfg.req_fifo) return c;
        if (I->held[p]) return c;       /* (room comes from the L2 or DRAM side: cheap to retry) */
        if (dry(u) && rich_after(I, p) != UINT32_MAX) return c;
        uint64_t t = ws_iru_next_event(u, c);
        if (t < best) best = t;
    }
    if (!I->flushed && ws_iru_all_done(I->u, I->n)) return c;
    if (I->flushed) {
        uint64_t total = supply_all(I);
        for (uint32_t p = 0; p < I->n; p++)
            if (needs_others(I->u[p], total) && I->u[p]->rep_n < I->u[p]->cfg.reply_queue) return c;
    }
    return best;
}
