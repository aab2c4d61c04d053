/* ws_mempart.c: the memory system: request network -> ROP queue -> L2 slice
 * -> DRAM delay line -> DRAM channel -> L2 fill -> reply network.  The order
 * of work inside a core cycle and the exact timing are described in
 * ws_mempart.h; creation and the option mapping are in ws_memsys_cfg.c. */
#include "arch/ws_mempart_int.h"
#include "arch/ws_cache_int.h"
#include "arch/ws_cpol_glue.h"
#include "arch/ws_rtrace.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ helpers */

static inline bool wants_reply(const ws_mreq *r)
{
    return (r->flags & WS_MREQ_F_MS_SM) && !(r->flags & WS_MREQ_F_NO_REPLY);
}

static inline bool has_data(const ws_mreq *r)
{
    return r->kind == WS_MREQ_READ || r->kind == WS_MREQ_PREFETCH || r->kind == WS_MREQ_ATOMIC;
}

uint32_t ws_memsys_req_bytes(const ws_mreq *r)
{
    if (r->flags & WS_MREQ_F_MFF) return WS_MEMSYS_HEADER + r->size;     /* an MFF command */
    return r->kind == WS_MREQ_READ || r->kind == WS_MREQ_PREFETCH ? WS_MEMSYS_HEADER
                                                                   : WS_MEMSYS_HEADER + r->size;
}

/* (a write-through write fetching its L1 line brings the line back) */
uint32_t ws_memsys_reply_bytes(const ws_mreq *r)
{
    return has_data(r) || (r->flags & WS_MREQ_F_L1_MISS) ? WS_MEMSYS_HEADER + r->size : WS_MEMSYS_HEADER;
}

/* Domain ticks done by the start of core cycle c: floor(c * num / den). */
uint64_t ws_memsys_dom_ticks(const ws_memsys_clock *k, uint64_t c)
{
    if (k->den == 1) return c * k->num;     /* the same clock (or a multiple): no division */
    return (c / k->den) * k->num + (c % k->den) * k->num / k->den;
}

/* ws_memsys_dom_ticks for the tick's own use: the cycle after the last one
 * asked for is one step on (the remainder grows by num, each den is a tick),
 * any other is computed and remembered. */
static inline uint64_t dom_ticks_memo(ws_memsys_clock *k, uint64_t c)
{
    if (k->den == 1) return c * k->num;
    if (c == k->mc) return k->mt;
    if (c == k->mc + 1 && k->num <= 4 * k->den) {
        uint64_t r = k->mr + k->num, t = k->mt;
        while (r >= k->den) {
            r -= k->den;
            t++;
        }
        k->mc = c;
        k->mt = t;
        k->mr = r;
        return t;
    }
    uint64_t q = c / k->den, rem = c % k->den;
    k->mc = c;
    k->mt = q * k->num + rem * k->num / k->den;
    k->mr = rem * k->num % k->den;
    return k->mt;
}

/* The core cycle during which domain tick t happens: the c with
 * T(c) <= t < T(c+1), i.e. ceil((t + 1) * den / num) - 1. */
uint64_t ws_memsys_dom_core(const ws_memsys_clock *k, uint64_t t)
{
    if (t == UINT64_MAX) return UINT64_MAX;
    if (k->num == 1) return (t + 1) * k->den - 1;
    uint64_t a = t + 1;
    return (a / k->num) * k->den + ((a % k->num) * k->den + k->num - 1) / k->num - 1;
}

/* First core cycle >= c with a tick of the domain at or after tick t. */
static inline uint64_t at_tick(const ws_memsys_clock *k, uint64_t c, uint64_t t)
{
    uint64_t t0 = ws_memsys_dom_ticks(k, c);
    return ws_memsys_dom_core(k, t > t0 ? t : t0);
}

/* First core cycle >= max(c, r) with a tick of the domain. */
static inline uint64_t at_core(const ws_memsys_clock *k, uint64_t c, uint64_t r)
{
    return at_tick(k, r > c ? r : c, 0);
}

static inline void ring_push(ws_memsys_ring *q, ws_mreq *r, uint64_t t)
{
    uint32_t i = q->head + q->n;
    if (i >= q->cap) i -= q->cap;
    q->e[i].r = r;
    q->e[i].t = t;
    if (q->n++ == 0) q->t0 = t;
}

static inline ws_memsys_ent *ring_head(const ws_memsys_ring *q) { return &q->e[q->head]; }

static inline void ring_pop(ws_memsys_ring *q)
{
    q->head = q->head + 1 == q->cap ? 0 : q->head + 1;
    q->n--;
    q->t0 = q->n ? q->e[q->head].t : UINT64_MAX;
}

/* A request the memory system is done with and nobody waits for. */
static void retire_silent(ws_memsys *m, ws_mreq *r)
{
    if (r->flags & WS_MREQ_F_MS_SM) {
        m->st.silent++;
        m->inflight--;
    }
    ws_mreq_free(m->pool, r);
}

/* Into the slice's reply queue; an IRU prefetch read goes to its unit. */
static inline void reply_in(ws_memsys *m, ws_memsys_sub *s, ws_mreq *r, uint64_t c)
{
    if (r->flags & WS_MREQ_F_MS_IRUPF) {
        ws_memsys_iru_filled(m, r, c);
        return;
    }
    if (r->flags & WS_MREQ_F_MS_MFF) {
        ws_memsys_mff_filled(m, r, c);
        return;
    }
    ws_mreq_fifo_push(&s->reply, r);
    m->nreply++;
}

static void to_reply(ws_memsys *m, ws_memsys_sub *s, ws_mreq *r, uint64_t c)
{
    if (!wants_reply(r)) {
        retire_silent(m, r);
        return;
    }
    ws_mreq_at(r, WS_MST_ICNT_REPLY, c);
    reply_in(m, s, r, c);
}

/* Requests a slice has for DRAM (its down queue and the L2 miss queue) are
 * also counted per channel and in total, so that idle channels cost nothing. */
static inline void set_missq(ws_memsys *m, ws_memsys_sub *s, uint32_t n)
{
    m->chan[s->ch].ndown += n;
    m->chan[s->ch].ndown -= s->missq_n;
    m->ndown += n;
    m->ndown -= s->missq_n;
    s->missq_n = n;
}

static inline void down_push(ws_memsys *m, ws_memsys_sub *s, ws_mreq *r)
{
    ws_mreq_fifo_push(&s->down, r);
    m->chan[s->ch].ndown++;
    m->ndown++;
}

/* ----------------------------------------------------------- push and pop */

bool ws_memsys_can_push(const ws_memsys *m, uint32_t sm, const ws_mreq *r, uint64_t cycle)
{
    return ws_icnt_can_push_at(m->req, sm, ws_memsys_req_bytes(r),
                               ws_memsys_dom_ticks(&m->ci, cycle + 1));
}

uint64_t ws_memsys_push_ready(const ws_memsys *m, uint32_t sm, const ws_mreq *r, uint64_t cycle)
{
    uint64_t t = ws_icnt_push_ready(m->req, sm, ws_memsys_req_bytes(r),
                                    ws_memsys_dom_ticks(&m->ci, cycle + 1));
    if (t == UINT64_MAX) return UINT64_MAX;
    /* a push at core cycle c uses icnt cycle T(c+1): the first c with T(c+1) >= t */
    uint64_t c = t ? ws_memsys_dom_core(&m->ci, t - 1) : 0;
    return c > cycle ? c : cycle;
}

bool ws_memsys_push(ws_memsys *m, uint32_t sm, ws_mreq *r, uint64_t cycle)
{
    ws_dram_loc loc;
    if (r->flags & (WS_MREQ_F_IRU | WS_MREQ_F_MFF)) {     /* to the IRU / MFF of the channel the SM chose */
        memset(&loc, 0, sizeof loc);
        loc.chan = r->chan < m->nchans ? r->chan : 0;
    } else {
        ws_addrmap_decode(m->map, r->addr, &loc);
    }
    uint32_t s = loc.chan * m->cfg.subparts + loc.sub;
    uint64_t t = ws_memsys_dom_ticks(&m->ci, cycle + 1);
    if (!ws_icnt_push(m->req, sm, s, r, ws_memsys_req_bytes(r), t)) return false;
    r->chan = (uint16_t)loc.chan;
    r->sub = (uint16_t)loc.sub;
    r->bank = (uint16_t)loc.bank;
    r->bank_group = (uint16_t)loc.bank_group;
    r->row = loc.row;
    r->col = loc.col;
    r->sm = (uint16_t)sm;
    r->flags = (r->flags & ~(uint32_t)WS_MREQ_F_MS_FILL) | WS_MREQ_F_MS_SM;
    r->t_icnt = cycle;
    ws_mreq_at(r, WS_MST_ICNT_REQ, cycle);
    m->inflight++;
    m->sub[s].req_pending++;
    return true;
}

void ws_memsys_promote(ws_memsys *m, ws_mreq *r)
{
    if (r->kind != WS_MREQ_PREFETCH || (r->flags & WS_MREQ_F_PROMOTED)) return;
    r->flags |= WS_MREQ_F_PROMOTED;
    if (!(r->flags & WS_MREQ_F_MS_SM)) return;     /* not in the memory system yet */
    if (r->level == WS_LVL_L2_PENDING) {
        /* waiting in an L2 MSHR entry: the request that fetches the line */
        ws_cache *l2 = m->sub[r->chan * m->cfg.subparts + r->sub].l2;
        ws_mreq *lead = l2 ? ws_cache_mshr_lead(l2, r->addr) : NULL;
        if (lead && lead != r) ws_memsys_promote(m, lead);
    } else if (r->level == WS_LVL_DRAM && r->t_dram && !r->t_dram_done) {
        ws_memsys_chan *h = &m->chan[r->chan];
        if (ws_dram_promote(h->dram, r)) h->next_ev = 0;
    }
}

/* The first core cycle SM sm's reply head can be popped: a granted head
 * from the core cycle after the one its delivery tick falls in; a reply
 * not granted yet is granted at the next tick at the earliest and
 * delivered icnt.latency ticks after its grant at the earliest. */
static uint64_t pop_from(const ws_memsys *m, uint32_t sm)
{
    uint64_t h = ws_icnt_head_ready(m->rep, sm);
    if (h == UINT64_MAX) h = m->icnt_next + m->cfg.icnt_latency;
    return ws_memsys_dom_core(&m->ci, h) + 1;
}

ws_mreq *ws_memsys_pop(ws_memsys *m, uint32_t sm, uint64_t cycle)
{
    if (!m->rep_pending[sm] || cycle < m->pop_at[sm]) return NULL;
    uint64_t t = ws_memsys_dom_ticks(&m->ci, cycle);
    ws_mreq *r = t ? ws_icnt_pop(m->rep, sm, t - 1) : NULL;
    if (!r) {
        m->pop_at[sm] = pop_from(m, sm);
        return NULL;
    }
    /* the next pop: when the new head can be; one reply per SM and cycle */
    if (--m->rep_pending[sm]) {
        uint64_t at = pop_from(m, sm);
        m->pop_at[sm] = at > cycle + 1 ? at : cycle + 1;
    }
    r->flags &= ~(uint32_t)(WS_MREQ_F_MS_SM | WS_MREQ_F_MS_FILL);
    r->t_reply = cycle;
    m->inflight--;
    uint64_t lat = cycle - r->t_icnt;
    if (has_data(r)) {
        uint32_t lv = r->level < WS_LVL_COUNT ? r->level : WS_LVL_NONE;
        m->st.lat_sum[lv] += lat;
        m->st.lat_n[lv]++;
    } else {
        m->st.ack_lat_sum += lat;
        m->st.ack_n++;
    }
    return r;
}

/* ---------------------------------------------------------------- the L2 side */

/* DRAM data for r arrived at its sub-partition (L2 tick k2).  A fill makes
 * the line valid; r and the requests merged with it get their replies after
 * the L2 latency, like hits.  Other completions (writes acknowledged by
 * DRAM, everything when the L2 is disabled) reply at once. */
static void complete(ws_memsys *m, ws_memsys_sub *s, ws_mreq *r, uint64_t c, uint64_t k2)
{
    if (!(r->flags & WS_MREQ_F_MS_FILL)) {
        to_reply(m, s, r, c);
        return;
    }
    r->flags &= ~(uint32_t)WS_MREQ_F_MS_FILL;
    if (r->flags & WS_MREQ_F_MS_WFETCH) {       /* the write the fetch was for */
        r->kind = WS_MREQ_WRITE;
        r->flags &= ~(uint32_t)WS_MREQ_F_MS_WFETCH;
    }
    ws_cache_evict ev;
    memset(&ev, 0, sizeof ev);
    ws_mreq *q = ws_cache_fill(s->l2, r, c, &ev);
    if (m->cpol) ws_cpolg_l2_filled(m, s, r, q, c);     /* cache policy: keep the line? */
    set_missq(m, s, ws_cache_missq_len(s->l2));
    ws_mreq *head = NULL, **tail = &head;
    while (q) {
        ws_mreq *nx = q->next;
        q->next = NULL;
        if (wants_reply(q)) {
            ws_mreq_at(q, WS_MST_ICNT_REPLY, c);
            *tail = q;
            tail = &q->next;
        } else {
            retire_silent(m, q);
        }
        q = nx;
    }
    if (head) ring_push(&s->hit, head, k2 + m->cfg.l2_latency);
    if (ev.valid && ev.dirty) {
        /* allocate-on-fill victim (not with the cache's allowed policies
         * today): the owner writes it back */
        ws_mreq *w = ws_mreq_alloc(m->pool);
        w->kind = WS_MREQ_WRITEBACK;
        w->addr = ev.addr;
        w->size = m->cfg.l2.line;
        w->sector_mask = ev.dirty_mask;
        w->owner = ev.owner;
        down_push(m, s, w);
    }
}

/* Slice s's lookup of r answered res: count it per 32-byte sector (a write
 * miss that fetches nothing misses in every sector it writes). */
static void count_sectors(ws_memsys_sub *s, const ws_mreq *r, const ws_cache_result *res)
{
    uint32_t need = (uint32_t)__builtin_popcount(ws_cache_req_need(s->l2, r));
    uint32_t miss = res->status != WS_CACHE_MISS ? 0
                    : res->fetch_mask ? (uint32_t)__builtin_popcount(res->fetch_mask) : need;
    if (miss > need) miss = need;
    s->sec.accesses += need;
    s->sec.misses += miss;
    if (res->status == WS_CACHE_HIT_RESERVED) s->sec.hit_reserved += need;
    else s->sec.hits += need - miss;
}

/* The ROP queue's head looks up the L2 slice. */
static void access(ws_memsys *m, ws_memsys_sub *s, uint64_t c, uint64_t k2)
{
    ws_mreq *r = ring_head(&s->rop)->r;
    if (!s->l2) {
        if (s->down.n >= m->cfg.queue) return;
        ring_pop(&s->rop);
        r->level = WS_LVL_DRAM;
        ws_mreq_at(r, WS_MST_L2_MSHR, c);
        down_push(m, s, r);
        return;
    }
    if (r->flags & WS_MREQ_F_CP_VICTIM) {       /* an L1 victim (cache policy) */
        ring_pop(&s->rop);
        s->port_free = k2 + 1;                  /* (one lookup's time) */
        ws_mreq *w = ws_cpolg_l2_victim(m, s, r, c);
        if (w) down_push(m, s, w);
        retire_silent(m, r);
        return;
    }
    ws_cache_result res = ws_cache_access(s->l2, r, c, m->pool);
    if (m->cpol && res.status != WS_CACHE_RESFAIL) ws_cpolg_l2_looked(m, s, r, &res, c);
    if (res.status == WS_CACHE_RESFAIL) {
        if (r->traced) ws_rtrace_retry(r, (ws_rt_why)(WS_RTW_L2_LINE_ALLOC - WS_CFAIL_LINE_ALLOC + res.fail), c);
        return;
    }
    /* l2.port: the lookup takes one L2 tick per piece of the request */
    uint64_t pieces = m->cfg.l2_port ? ((uint64_t)(r->size ? r->size : 1) + m->cfg.l2_port - 1) / m->cfg.l2_port : 1;
    s->port_free = k2 + pieces;
    count_sectors(s, r, &res);
    if (res.promote) ws_memsys_promote(m, res.promote);
    set_missq(m, s, ws_cache_missq_len(s->l2));
    ring_pop(&s->rop);
    r->t_l2 = c;
    ws_mreq_at(r, WS_MST_L2_MSHR, c);
    if (res.forwarded) {
        /* in the miss queue, to DRAM.  A MISS of a read, a prefetch or a
         * fetch-on-write write took or joined an MSHR entry: its data fills
         * the L2.  Other forwarded writes (write-through, write-evict,
         * no-allocate) are acknowledged when DRAM has them. */
        r->level = WS_LVL_DRAM;
        if (res.status == WS_CACHE_MISS && res.fetch_mask) {
            r->flags |= WS_MREQ_F_MS_FILL;
            /* a write the L2 keeps (write-back) has DRAM read its line */
            if (r->kind == WS_MREQ_WRITE && ws_cache_wb(s->l2, r)) {
                r->kind = WS_MREQ_READ;
                r->flags |= WS_MREQ_F_MS_WFETCH;
            }
        }
    } else if (res.status == WS_CACHE_HIT_RESERVED) {
        r->level = WS_LVL_L2_PENDING;       /* comes back from ws_cache_fill */
        if (r->traced) ws_rtrace_merge(r, ws_cache_mshr_lead(s->l2, r->addr), c);
    } else {
        r->level = WS_LVL_L2;
        ws_mreq_at(r, WS_MST_ICNT_REPLY, c);
        if (wants_reply(r)) {
            r->next = NULL;
            ring_push(&s->hit, r, k2 + (pieces - 1) + m->cfg.l2_latency);
        }
        else retire_silent(m, r);
    }
}

static void count_arrival(ws_memsys *m, const ws_mreq *r)
{
    switch (r->kind) {
    case WS_MREQ_READ: m->st.reads++; break;
    case WS_MREQ_ATOMIC: m->st.atomics++; break;
    case WS_MREQ_PREFETCH: m->st.prefetches++; break;
    default: m->st.writes++; break;
    }
}

/* One L2 tick (number k2, in core cycle c) of sub-partition s; deliveries of
 * the request network up to icnt cycle `ilast` are visible. */
static void l2_step(ws_memsys *m, uint32_t si, uint64_t c, uint64_t k2, uint64_t ilast)
{
    ws_memsys_sub *s = &m->sub[si];
    uint32_t cap = m->cfg.queue;
    if (s->fill.n && s->reply.n < cap) complete(m, s, ws_mreq_fifo_pop(&s->fill), c, k2);
    if (s->req_pending && s->rop.n >= s->rop.cap && ilast != UINT64_MAX) {
        ws_mreq *h = ws_icnt_peek(m->req, si, ilast);
        if (h && h->traced) ws_rtrace_retry(h, WS_RTW_L2_QUEUE_FULL, c);
    }
    if (s->req_pending && s->rop.n < s->rop.cap && ilast != UINT64_MAX) {
        ws_mreq *r = ws_icnt_pop(m->req, si, ilast);
        if (r) {
            s->req_pending--;
            r->t_part = c;
            if (r->flags & WS_MREQ_F_IRU) {
                ws_memsys_iru_arrive(m, r, c);
            } else if (r->flags & WS_MREQ_F_MFF) {
                ws_memsys_mff_arrive(m, r, c);
            } else {
                count_arrival(m, r);
                ws_mreq_at(r, WS_MST_L2_QUEUE, c);
                ring_push(&s->rop, r, c + m->cfg.rop_latency);
            }
        }
    }
    if (s->rop.t0 <= c && s->reply.n < cap && k2 >= s->port_free) access(m, s, c, k2);
    else if (s->rop.t0 <= c && s->reply.n >= cap && ring_head(&s->rop)->r->traced)
        ws_rtrace_retry(ring_head(&s->rop)->r, WS_RTW_L2_REPLY_FULL, c);
    /* the L2 data array's output: hits and filled chains, after l2.latency */
    while (s->hit.t0 <= k2) {
        ws_mreq *q = ring_head(&s->hit)->r;
        ring_pop(&s->hit);
        while (q) {
            ws_mreq *nx = q->next;
            reply_in(m, s, q, c);
            q = nx;
        }
    }
}

/* ------------------------------------------------------------- the DRAM side */

static inline bool has_down(const ws_memsys_sub *s) { return s->down.n || s->missq_n; }

static bool chan_credit(const ws_memsys *m, const ws_memsys_chan *h)
{
    return h->delay.n + ws_dram_queue_len(h->dram) < m->cfg.dram.queue;
}

/* Take the channel's completed requests while their slice's fill queue has
 * room (else the DRAM keeps them: return-queue back-pressure).  L2
 * write-backs end here.  Returns whether any was taken. */
static bool dram_drain(ws_memsys *m, uint32_t ch, uint64_t c, uint64_t kd)
{
    ws_memsys_chan *h = &m->chan[ch];
    uint32_t sp = m->cfg.subparts;
    bool any = false;
    ws_mreq *r;
    h->ret_wait = false;
    while ((r = ws_dram_peek(h->dram, kd))) {
        uint32_t si = ch * sp + (r->sub < sp ? r->sub : r->sub % sp);
        bool sm = r->flags & WS_MREQ_F_MS_SM;
        if (sm && m->sub[si].fill.n >= m->cfg.queue) {
            h->ret_wait = true;
            h->ret_sub = si;
            break;
        }
        ws_dram_pop(h->dram, kd);
        any = true;
        r->t_dram_done = c;
        ws_mreq_at(r, WS_MST_L2_FILL, c);
        if (!sm) {
            m->wb_inflight--;
            ws_mreq_free(m->pool, r);
            continue;
        }
        ws_mreq_fifo_push(&m->sub[si].fill, r);
    }
    return any;
}

/* The DRAM scheduler queue (with the requests on their way to it) is full:
 * the followed requests at the head of the channel's sub-partitions wait. */
static __attribute__((cold, noinline)) void dram_full_waits(ws_memsys *m, uint32_t ch, uint64_t c)
{
    uint32_t sp = m->cfg.subparts;
    for (uint32_t k = 0; k < sp; k++) {
        ws_memsys_sub *s = &m->sub[ch * sp + k];
        ws_mreq *r = s->down.n ? s->down.head : s->missq_n ? ws_cache_missq_head(s->l2) : NULL;
        if (r && r->traced) ws_rtrace_retry(r, WS_RTW_DRAM_QUEUE_FULL, c);
    }
}

static void dram_step(ws_memsys *m, uint32_t ch, uint64_t c, uint64_t kd)
{
    ws_memsys_chan *h = &m->chan[ch];
    uint32_t sp = m->cfg.subparts;
    bool down = h->ndown != 0;
    if (!down && !h->delay.n && kd < h->next_ev && !h->ret_wait) return;
    /* one request from the channel's sub-partitions, round robin */
    if (down && !chan_credit(m, h))
        dram_full_waits(m, ch, c);
    if (down && chan_credit(m, h)) {
        for (uint32_t j = 0; j < sp; j++) {
            uint32_t k = h->rr + j < sp ? h->rr + j : h->rr + j - sp;
            ws_memsys_sub *s = &m->sub[ch * sp + k];
            ws_mreq *r = NULL;
            if (s->down.n) r = ws_mreq_fifo_pop(&s->down);
            else if (s->missq_n) {
                r = ws_cache_missq_pop(s->l2);
                s->missq_n--;
            }
            if (!r) continue;
            h->ndown--;
            m->ndown--;
            if (!(r->flags & WS_MREQ_F_MS_SM)) {
                /* an L2 write-back: decode its DRAM location */
                ws_dram_loc loc;
                ws_addrmap_decode(m->map, r->addr, &loc);
                r->chan = (uint16_t)ch;
                r->sub = (uint16_t)k;
                r->bank = (uint16_t)loc.bank;
                r->bank_group = (uint16_t)loc.bank_group;
                r->row = loc.row;
                r->col = loc.col;
                m->wb_inflight++;
                m->st.writebacks++;
            }
            ring_push(&h->delay, r, c + m->cfg.dram_latency);
            h->rr = k + 1 == sp ? 0 : k + 1;
            break;
        }
    }
    if (h->delay.t0 <= c && ws_dram_can_accept(h->dram)) {
        ws_mreq *r = ring_head(&h->delay)->r;
        ring_pop(&h->delay);
        ws_dram_push(h->dram, r, kd);
        r->t_dram = c;
        ws_mreq_at(r, WS_MST_DRAM_QUEUE, c);
        m->st.dram_reqs++;
        /* a push only adds work: keep an earlier event (a request that
         * completes at kd is not an event of next_event(kd), but it still
         * has to be taken out at kd) */
        uint64_t ne = ws_dram_next_event(h->dram, kd);
        if (ne < h->next_ev) h->next_ev = ne;
    }
    /* At a clock: completed requests leave first (a freed return-queue slot
     * may let a command issue in this very clock), then the channel ticks
     * if anything can happen in it.  The order must not depend on whether
     * the cached next_ev was exact or conservative, or stepping and
     * skipping would differ. */
    if (kd < h->next_ev && !h->ret_wait) return;
    bool popped = dram_drain(m, ch, c, kd);
    bool tick = kd >= h->next_ev || (popped && ws_dram_next_event(h->dram, kd) <= kd);
    if (tick) ws_dram_tick(h->dram, kd);
    /* Asked at kd, not kd + 1: what is poppable at the clock asked about is
     * not an event, and a request completing at kd + 1 must be. */
    if (tick || popped) h->next_ev = ws_dram_next_event(h->dram, kd);
}

/* -------------------------------------------------------------- the cycle */

static inline bool quiet(const ws_memsys *m)
{
    return !(m->inflight | m->wb_inflight | m->ndown) && !ws_memsys_iru_busy(m) && !ws_memsys_mff_busy(m);
}

bool ws_memsys_rop_inject(ws_memsys *m, uint32_t si, ws_mreq *r, uint64_t c)
{
    ws_memsys_sub *s = &m->sub[si];
    if (s->rop.n >= s->rop.cap) return false;
    r->t_part = c;
    ring_push(&s->rop, r, c + m->cfg.rop_latency);
    return true;
}

bool ws_memsys_down_inject(ws_memsys *m, uint32_t si, ws_mreq *r)
{
    ws_memsys_sub *s = &m->sub[si];
    if (s->down.n >= m->cfg.queue) return false;
    r->level = WS_LVL_DRAM;
    down_push(m, s, r);
    return true;
}

bool ws_memsys_idle(const ws_memsys *m) { return quiet(m); }

void ws_memsys_pending(const ws_memsys *m, uint64_t *from_sms, uint64_t *writebacks, uint64_t *for_dram)
{
    *from_sms = m->inflight;
    *writebacks = m->wb_inflight;
    *for_dram = m->ndown;
}

static void icnt_step(ws_memsys *m, uint64_t k)
{
    if (m->nreply) {
        for (uint32_t i = 0; i < m->nsubs; i++) {
            ws_memsys_sub *s = &m->sub[i];
            if (!s->reply.n) continue;
            ws_mreq *r = s->reply.head;
            uint32_t bytes = ws_memsys_reply_bytes(r);
            if (!ws_icnt_can_push_at(m->rep, i, bytes, k)) {
                if (r->traced) ws_rtrace_retry_now(r, WS_RTW_REPLY_NET_FULL);
                continue;
            }
            ws_mreq_fifo_pop(&s->reply);
            m->nreply--;
            m->rep_pending[r->sm]++;
            ws_icnt_push(m->rep, i, r->sm, r, bytes, k);
        }
    }
    ws_icnt_tick(m->req, k);
    ws_icnt_tick(m->rep, k);
}

void ws_memsys_tick(ws_memsys *m, uint64_t c)
{
    if (quiet(m)) return;
    uint64_t i0 = dom_ticks_memo(&m->ci, c), i1 = dom_ticks_memo(&m->ci, c + 1);
    for (uint64_t k = i0; k < i1; k++) icnt_step(m, k);
    if (i1 > m->icnt_next) m->icnt_next = i1;
    uint64_t ilast = i1 ? i1 - 1 : UINT64_MAX;
    uint64_t l0 = dom_ticks_memo(&m->cl, c), l1 = dom_ticks_memo(&m->cl, c + 1);
    for (uint64_t k = l0; k < l1; k++)
        for (uint32_t i = 0; i < m->nsubs; i++) {
            const ws_memsys_sub *s = &m->sub[i];
            /* (a request still in the network is not a reason: its pop
             * would find nothing) */
            if (s->fill.n || s->rop.t0 <= c || s->hit.t0 <= k ||
                (s->req_pending && ws_icnt_head_ready(m->req, i) <= ilast))
                l2_step(m, i, c, k, ilast);
        }
    uint64_t d0 = dom_ticks_memo(&m->cd, c), d1 = dom_ticks_memo(&m->cd, c + 1);
    for (uint64_t k = d0; k < d1; k++)
        for (uint32_t ch = 0; ch < m->nchans; ch++) dram_step(m, ch, c, k);
    if (m->iru.launched) ws_memsys_iru_cycle(m, c);
    if (m->mff.active) ws_memsys_mff_cycle(m, c);
}

/* Earliest core cycle >= c at which ws_memsys_tick does anything.  Waits
 * that only another component's progress ends (a full queue) are not events
 * themselves: that progress is. */
uint64_t ws_memsys_next_event(const ws_memsys *m, uint64_t c)
{
    if (quiet(m)) return UINT64_MAX;
    uint64_t best = UINT64_MAX;
#define TAKE(x)                                 \
    do {                                        \
        uint64_t x_ = (x);                      \
        if (x_ <= c) return c;                  \
        if (x_ < best) best = x_;               \
    } while (0)
    uint64_t i0 = ws_memsys_dom_ticks(&m->ci, c);
    uint64_t t = ws_icnt_next_transfer(m->req, i0);
    if (t != UINT64_MAX) TAKE(ws_memsys_dom_core(&m->ci, t));
    t = ws_icnt_next_transfer(m->rep, i0);
    if (t != UINT64_MAX) TAKE(ws_memsys_dom_core(&m->ci, t));
    /* replies the SMs can pop: delivered at icnt cycle t, poppable from the
     * core cycle after the one that tick falls in */
    for (uint32_t o = 0; o < m->nsms; o++) {
        if (!m->rep_pending[o]) continue;
        t = ws_icnt_head_ready(m->rep, o);
        if (t != UINT64_MAX) TAKE(ws_memsys_dom_core(&m->ci, t) + 1);
    }
    uint64_t next_l2 = at_tick(&m->cl, c, 0);
    uint64_t next_dram = at_tick(&m->cd, c, 0);
    uint32_t cap = m->cfg.queue;
    for (uint32_t i = 0; i < m->nsubs; i++) {
        const ws_memsys_sub *s = &m->sub[i];
        if (s->reply.n) {
            t = ws_icnt_push_ready(m->rep, i, ws_memsys_reply_bytes(s->reply.head), i0);
            if (t != UINT64_MAX) TAKE(ws_memsys_dom_core(&m->ci, t));
        }
        if (s->hit.n) TAKE(at_tick(&m->cl, c, s->hit.t0));
        if (s->fill.n && s->reply.n < cap) TAKE(next_l2);
        if (s->req_pending && s->rop.n < s->rop.cap) {
            t = ws_icnt_head_ready(m->req, i);
            if (t != UINT64_MAX) TAKE(at_core(&m->cl, c, ws_memsys_dom_core(&m->ci, t)));
        }
        if (s->rop.n && s->reply.n < cap && (s->l2 || s->down.n < cap)) {
            uint64_t a = at_core(&m->cl, c, s->rop.t0), p = at_tick(&m->cl, c, s->port_free);
            TAKE(a > p ? a : p);
        }
        if (has_down(s) && chan_credit(m, &m->chan[i / m->cfg.subparts])) TAKE(next_dram);
    }
    uint64_t d0 = ws_memsys_dom_ticks(&m->cd, c);
    for (uint32_t ch = 0; ch < m->nchans; ch++) {
        const ws_memsys_chan *h = &m->chan[ch];
        if (h->delay.n && ws_dram_can_accept(h->dram))
            TAKE(at_core(&m->cd, c, h->delay.t0));
        if (h->next_ev != UINT64_MAX)
            TAKE(ws_memsys_dom_core(&m->cd, h->next_ev > d0 ? h->next_ev : d0));
        if (h->ret_wait && m->sub[h->ret_sub].fill.n < cap) TAKE(next_dram);
    }
    if (m->iru.launched) TAKE(ws_memsys_iru_next_event(m, c));
    if (m->mff.active) return c;    /* (a busy MFF steps every cycle) */
#undef TAKE
    return best;
}

/* ----------------------------------------------------------- inspection */

const ws_memsys_config *ws_memsys_config_get(const ws_memsys *m) { return &m->cfg; }
uint32_t ws_memsys_nslices(const ws_memsys *m) { return m->nsubs; }

void ws_memsys_host_write(ws_memsys *m, uint64_t addr, uint64_t bytes, uint32_t owner, uint64_t cycle)
{
    if (!m->cfg.l2_enable || bytes == 0) return;
    uint64_t line = m->cfg.l2.line, end = addr + bytes;
    for (uint64_t a = addr; a < end;) {
        uint64_t next = (a & ~(line - 1)) + line;
        uint64_t b = next < end ? next : end;
        ws_dram_loc loc;
        ws_addrmap_decode(m->map, a, &loc);
        ws_memsys_sub *s = &m->sub[loc.chan * m->cfg.subparts + loc.sub];
        if (s->l2) ws_cache_warm(s->l2, a, (uint32_t)(b - a), owner, cycle);
        a = b;
    }
}
uint32_t ws_memsys_nchannels(const ws_memsys *m) { return m->nchans; }
ws_cache *ws_memsys_l2(ws_memsys *m, uint32_t slice) { return m->sub[slice].l2; }
ws_dram *ws_memsys_dram(ws_memsys *m, uint32_t chan) { return m->chan[chan].dram; }
ws_icnt *ws_memsys_icnt(ws_memsys *m, bool reply) { return reply ? m->rep : m->req; }
const ws_memsys_stats *ws_memsys_stats_get(const ws_memsys *m) { return &m->st; }
const ws_memsys_sectors *ws_memsys_sector_stats(const ws_memsys *m, uint32_t slice)
{
    return &m->sub[slice < m->nsubs ? slice : 0].sec;
}
