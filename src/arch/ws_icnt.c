/* ws_icnt.c: an input-queued crossbar with wormhole output allocation,
 * round-robin arbitration, credit-style output buffers and a fixed latency
 * (see ws_icnt.h for the exact timing).
 *
 * Once an output is granted to a packet, nothing can interrupt it: the
 * output serves only that packet and the input sends only its oldest one.
 * So the grant settles the whole transfer at once: a packet of F flits
 * granted in tick t crosses in ticks t .. t+F-1, its input and its output
 * are free again from t+F, and it is poppable from t+F-1+latency.  The
 * flits still in the input buffer are counted lazily (flits crossed before
 * cycle c = min(F, c - t)).  A tick therefore only grants; busy outputs and
 * inputs cost nothing, and the idle spans of a transfer can be skipped. */
#include "arch/ws_icnt.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

#define ICNT_NONE UINT32_MAX
#define ICNT_MAX_PORTS 4096u
#define ICNT_FLITS_TABLE 255u  /* packet sizes whose flit count is looked up, not divided */

typedef struct icnt_pkt {
    ws_mreq *r;
    uint64_t t;             /* input: first cycle it may cross; output: poppable from */
    uint64_t pushed;
    uint32_t output;
    uint32_t flits;
} icnt_pkt;

typedef struct icnt_in {
    uint32_t head, n;       /* ring of packets waiting for a grant */
    uint32_t used;          /* flits held: waiting packets + the packet in transfer */
    uint32_t xfer_f;        /* flits of the packet in transfer (0: none) ... */
    uint64_t xfer_t;        /* ... granted in this tick */
    uint64_t free_from;     /* first tick the input may send a new packet */
    /* the oldest packet's t, output and flits (n > 0), so that asking for
     * outputs each tick reads no packet */
    uint64_t head_t;
    uint32_t head_out, head_flits;
} icnt_in;

typedef struct icnt_out {
    uint32_t head, n;       /* ring of granted packets, in delivery order */
    uint32_t used;          /* flits reserved (granted, not popped) */
    uint32_t rr;            /* input considered first */
    uint64_t free_from;     /* first tick the output may grant again */
} icnt_out;

struct ws_icnt {
    ws_icnt_config cfg;
    uint32_t in_cap, out_cap;   /* packets per ring */
    uint32_t in_words, out_words;   /* 64-bit words of an input / output bit set */
    icnt_pkt *in, *out;         /* inputs * in_cap, outputs * out_cap */
    icnt_in *inp;
    icnt_out *outp;
    uint64_t *in_act;           /* inputs with packets waiting for a grant */
    uint64_t *out_want;         /* scratch: outputs some input asks for */
    uint64_t *want;             /* scratch, outputs x in_words: inputs asking for each */
    uint64_t *out_t;            /* per output: its head packet's poppable tick (UINT64_MAX:
                                 * none), so that asking touches one small array */
    uint64_t in_pkts, out_pkts; /* waiting for a grant / granted, not popped */
    uint64_t next_tick;         /* the tick after the last one simulated */
    uint64_t next_try;          /* no grant or blocked output before this tick */
    uint8_t flits_of[ICNT_FLITS_TABLE + 1];  /* ws_icnt_flits of 0 .. ICNT_FLITS_TABLE bytes */
    ws_icnt_stats st;
};

static inline void bit_set(uint64_t *b, uint32_t i) { b[i >> 6] |= 1ull << (i & 63); }
static inline void bit_clr(uint64_t *b, uint32_t i) { b[i >> 6] &= ~(1ull << (i & 63)); }

/* First set bit of the bit set b (`words` words) at or after `from`,
 * wrapping around; the set must not be empty. */
static uint32_t bit_next_cyclic(const uint64_t *b, uint32_t words, uint32_t from)
{
    uint32_t w = from >> 6;
    uint64_t x = b[w] & (~0ull << (from & 63));
    for (uint32_t k = 0; k <= words; k++) {
        if (x) return (w << 6) + (uint32_t)__builtin_ctzll(x);
        w = w + 1 == words ? 0 : w + 1;
        x = b[w];
    }
    return ICNT_NONE;
}

ws_icnt *ws_icnt_create(const ws_icnt_config *cfg, ws_error *err)
{
    if (cfg->inputs < 1 || cfg->inputs > ICNT_MAX_PORTS) {
        ws_error_set(err, WS_E_RANGE, "interconnect: %u inputs; the allowed range is 1 to %u",
                     cfg->inputs, ICNT_MAX_PORTS);
        return NULL;
    }
    if (cfg->outputs < 1 || cfg->outputs > ICNT_MAX_PORTS) {
        ws_error_set(err, WS_E_RANGE, "interconnect: %u outputs; the allowed range is 1 to %u",
                     cfg->outputs, ICNT_MAX_PORTS);
        return NULL;
    }
    if (cfg->flit < 1) {
        ws_error_set(err, WS_E_RANGE, "interconnect: the flit size must be at least 1 byte");
        return NULL;
    }
    if (cfg->in_buffer < 1 || cfg->out_buffer < 1) {
        ws_error_set(err, WS_E_RANGE,
                     "interconnect: input and output buffers must hold at least 1 flit (got %u and %u)",
                     cfg->in_buffer, cfg->out_buffer);
        return NULL;
    }
    ws_icnt *n = ws_xcalloc(1, sizeof *n);
    n->cfg = *cfg;
    n->in_cap = cfg->in_buffer;     /* every queued packet holds >= 1 flit */
    n->out_cap = cfg->out_buffer;
    n->in_words = (cfg->inputs + 63) / 64;
    n->out_words = (cfg->outputs + 63) / 64;
    n->in = ws_xcalloc((size_t)cfg->inputs * n->in_cap, sizeof *n->in);
    n->out = ws_xcalloc((size_t)cfg->outputs * n->out_cap, sizeof *n->out);
    n->inp = ws_xcalloc(cfg->inputs, sizeof *n->inp);
    n->outp = ws_xcalloc(cfg->outputs, sizeof *n->outp);
    n->in_act = ws_xcalloc(n->in_words, sizeof *n->in_act);
    n->out_want = ws_xcalloc(n->out_words, sizeof *n->out_want);
    n->want = ws_xcalloc((size_t)cfg->outputs * n->in_words, sizeof *n->want);
    n->out_t = ws_xmalloc((size_t)cfg->outputs * sizeof *n->out_t);
    for (uint32_t o = 0; o < cfg->outputs; o++) n->out_t[o] = UINT64_MAX;
    n->next_try = UINT64_MAX;
    for (uint32_t b = 0; b <= ICNT_FLITS_TABLE; b++) {
        uint64_t f = b == 0 ? 1 : ((uint64_t)b + cfg->flit - 1) / cfg->flit;
        n->flits_of[b] = (uint8_t)f;        /* <= 255: the flit is at least 1 byte */
    }
    return n;
}

void ws_icnt_free(ws_icnt *n)
{
    if (!n) return;
    free(n->in);
    free(n->out);
    free(n->inp);
    free(n->outp);
    free(n->in_act);
    free(n->out_want);
    free(n->want);
    free(n->out_t);
    free(n);
}

const ws_icnt_config *ws_icnt_config_get(const ws_icnt *n) { return &n->cfg; }

uint32_t ws_icnt_flits(const ws_icnt *n, uint32_t bytes)
{
    if (bytes <= ICNT_FLITS_TABLE) return n->flits_of[bytes];
    return (uint32_t)(((uint64_t)bytes + n->cfg.flit - 1) / n->cfg.flit);
}

static inline icnt_pkt *in_head(const ws_icnt *n, uint32_t i)
{
    return &n->in[(size_t)i * n->in_cap + n->inp[i].head];
}

/* Input q's oldest packet is p: keep what asking for outputs reads. */
static inline void set_head(icnt_in *q, const icnt_pkt *p)
{
    q->head_t = p->t;
    q->head_out = p->output;
    q->head_flits = p->flits;
}

/* The tick input q's oldest packet may ask for its output: once it is there,
 * the input is free and its output is free. */
static inline uint64_t head_ready(const ws_icnt *n, const icnt_in *q)
{
    uint64_t when = q->head_t;
    if (when < q->free_from) when = q->free_from;
    if (when < n->outp[q->head_out].free_from) when = n->outp[q->head_out].free_from;
    return when;
}

static inline bool room(uint32_t used, uint32_t flits, uint32_t cap)
{
    return used == 0 || (uint64_t)used + flits <= cap;
}

/* Flits in input i's buffer before tick `cycle`. */
static inline uint32_t in_used(const icnt_in *q, uint64_t cycle)
{
    if (!q->xfer_f || cycle <= q->xfer_t) return q->used;
    uint64_t crossed = cycle - q->xfer_t;
    return q->used - (crossed < q->xfer_f ? (uint32_t)crossed : q->xfer_f);
}

bool ws_icnt_can_push_at(const ws_icnt *n, uint32_t input, uint32_t bytes, uint64_t cycle)
{
    return room(in_used(&n->inp[input], cycle), ws_icnt_flits(n, bytes), n->cfg.in_buffer);
}

bool ws_icnt_can_push(const ws_icnt *n, uint32_t input, uint32_t bytes)
{
    return ws_icnt_can_push_at(n, input, bytes, n->next_tick);
}

uint64_t ws_icnt_push_ready(const ws_icnt *n, uint32_t input, uint32_t bytes, uint64_t cycle)
{
    const icnt_in *q = &n->inp[input];
    uint32_t f = ws_icnt_flits(n, bytes), cap = n->cfg.in_buffer;
    if (room(in_used(q, cycle), f, cap)) return cycle;
    if (!q->xfer_f || cycle >= q->free_from) return UINT64_MAX;    /* needs a grant */
    /* during the transfer one flit leaves per tick: crossed(c) = c - xfer_t */
    uint64_t best = UINT64_MAX;
    uint64_t need = (uint64_t)q->used + f - cap;
    if (need <= q->xfer_f) best = q->xfer_t + need;
    if (q->used <= q->xfer_f && q->xfer_t + q->used < best) best = q->xfer_t + q->used;
    return best > cycle ? best : cycle;
}

bool ws_icnt_push(ws_icnt *n, uint32_t input, uint32_t output, ws_mreq *r, uint32_t bytes,
                  uint64_t cycle)
{
    uint32_t f = ws_icnt_flits(n, bytes);
    icnt_in *q = &n->inp[input];
    if (q->xfer_f && cycle >= q->free_from) {   /* the transfer is over */
        q->used -= q->xfer_f;
        q->xfer_f = 0;
    }
    if (!room(in_used(q, cycle), f, n->cfg.in_buffer)) {
        n->st.push_fail++;
        return false;
    }
    uint32_t slot = q->head + q->n;
    if (slot >= n->in_cap) slot -= n->in_cap;
    icnt_pkt *p = &n->in[(size_t)input * n->in_cap + slot];
    p->r = r;
    p->t = cycle;
    p->pushed = cycle;
    p->output = output;
    p->flits = f;
    if (q->n++ == 0) {  /* the input's oldest packet: it may ask from then on */
        set_head(q, p);
        uint64_t t = head_ready(n, q);
        if (t < n->next_try) n->next_try = t;
    }
    q->used += f;
    bit_set(n->in_act, input);
    n->in_pkts++;
    n->st.packets++;
    n->st.flits += f;
    return true;
}

/* Input i's oldest packet is granted output o in tick t: it crosses in
 * ticks t .. t+F-1. */
static void grant(ws_icnt *n, uint32_t i, uint32_t o, uint64_t t)
{
    icnt_in *q = &n->inp[i];
    icnt_out *oq = &n->outp[o];
    const icnt_pkt *p = in_head(n, i);
    uint32_t f = p->flits;
    if (q->xfer_f) q->used -= q->xfer_f;    /* the previous transfer ended before t */
    q->xfer_f = f;
    q->xfer_t = t;
    q->free_from = t + f;
    oq->free_from = t + f;
    oq->used += f;
    oq->rr = i + 1 == n->cfg.inputs ? 0 : i + 1;
    uint32_t slot = oq->head + oq->n;
    if (slot >= n->out_cap) slot -= n->out_cap;
    icnt_pkt *d = &n->out[(size_t)o * n->out_cap + slot];
    *d = *p;
    d->t = t + f - 1 + n->cfg.latency;
    if (oq->n++ == 0) n->out_t[o] = d->t;
    n->out_pkts++;
    n->st.delivered++;
    n->st.latency_sum += d->t - p->pushed;
    q->head = q->head + 1 == n->in_cap ? 0 : q->head + 1;
    q->n--;
    if (q->n == 0) {
        bit_clr(n->in_act, i);
    } else {
        set_head(q, in_head(n, i));
    }
    n->in_pkts--;
}

/* Output o chose input i in tick t (others: other inputs asked too): the
 * grant, or a blocked output when the packet does not fit its buffer.
 * Returns `next` lowered to the tick o or i may next ask (see tick_grants). */
static uint64_t serve(ws_icnt *n, uint32_t i, uint32_t o, uint64_t t, bool others, uint64_t next)
{
    if (!room(n->outp[o].used, n->inp[i].head_flits, n->cfg.out_buffer)) {
        n->st.out_blocked++;
        return t + 1 < next ? t + 1 : next;
    }
    grant(n, i, o, t);
    if (others && n->outp[o].free_from < next) next = n->outp[o].free_from;
    if (n->inp[i].n) {
        uint64_t when = head_ready(n, &n->inp[i]);
        if (when < next) next = when;
    }
    return next;
}

/* Grants of tick t; returns the next tick at which an oldest packet can ask
 * for its output (it is then granted, or the output counts as blocked):
 * when it is eligible, its input is free and its output is free.  Later
 * grants only make that later, and ws_icnt_push accounts for new oldest
 * packets, so next_try is never late. */
static uint64_t tick_grants(ws_icnt *n, uint64_t t)
{
    uint32_t iw = n->in_words;
    bool any = false;
    uint64_t next = UINT64_MAX;
    /* inputs that are free, whose oldest packet is eligible and whose
     * output is free ask for that output; the others tell when they can */
    for (uint32_t w = 0; w < iw; w++) {
        for (uint64_t bits = n->in_act[w]; bits; bits &= bits - 1) {
            uint32_t i = (w << 6) + (uint32_t)__builtin_ctzll(bits);
            const icnt_in *q = &n->inp[i];
            uint64_t when = head_ready(n, q);
            if (when > t) {
                if (when < next) next = when;
                continue;
            }
            n->want[(size_t)q->head_out * iw + w] |= 1ull << (i & 63);
            bit_set(n->out_want, q->head_out);
            any = true;
        }
    }
    if (!any) return next;
    /* every output asked for grants the first asking input from its
     * round-robin pointer on, if the packet fits its buffer.  The inputs
     * that lose ask again when the output is free; a blocked output's
     * inputs next tick; a granted input's next packet once the transfer is
     * over (and its output is free). */
    for (uint32_t w = 0; w < n->out_words; w++) {
        uint64_t bits = n->out_want[w];
        n->out_want[w] = 0;
        for (; bits; bits &= bits - 1) {
            uint32_t o = (w << 6) + (uint32_t)__builtin_ctzll(bits);
            uint64_t *row = &n->want[(size_t)o * iw];
            uint32_t i = bit_next_cyclic(row, iw, n->outp[o].rr);
            bool others = false;
            row[i >> 6] &= ~(1ull << (i & 63));
            for (uint32_t k = 0; k < iw; k++) {
                others |= row[k] != 0;
                row[k] = 0;
            }
            next = serve(n, i, o, t, others, next);
        }
    }
    return next;
}

/* tick_grants for at most 64 inputs and 64 outputs (every bit set one word). */
static uint64_t tick_grants1(ws_icnt *n, uint64_t t)
{
    uint64_t next = UINT64_MAX, outs = 0;
    uint64_t *want = n->want;       /* one word per output */
    for (uint64_t bits = n->in_act[0]; bits; bits &= bits - 1) {
        uint32_t i = (uint32_t)__builtin_ctzll(bits);
        const icnt_in *q = &n->inp[i];
        uint64_t when = head_ready(n, q);
        if (when > t) {
            if (when < next) next = when;
            continue;
        }
        want[q->head_out] |= 1ull << i;
        outs |= 1ull << q->head_out;
    }
    for (; outs; outs &= outs - 1) {
        uint32_t o = (uint32_t)__builtin_ctzll(outs);
        uint64_t row = want[o];
        want[o] = 0;
        uint64_t from = row & (~0ull << n->outp[o].rr);     /* rr < inputs <= 64 */
        uint32_t i = (uint32_t)__builtin_ctzll(from ? from : row);
        bool others = (row & (row - 1)) != 0;
        next = serve(n, i, o, t, others, next);
    }
    return next;
}

void ws_icnt_tick(ws_icnt *n, uint64_t t)
{
    n->next_tick = t + 1;
    if (n->in_pkts == 0 || t < n->next_try) return;
    uint64_t next = n->in_words == 1 && n->out_words == 1 ? tick_grants1(n, t) : tick_grants(n, t);
    n->next_try = n->in_pkts ? (next > t + 1 ? next : t + 1) : UINT64_MAX;
}

ws_mreq *ws_icnt_peek(const ws_icnt *n, uint32_t output, uint64_t cycle)
{
    uint64_t h = n->out_t[output];
    if (h > cycle || h == UINT64_MAX) return NULL;
    const icnt_out *q = &n->outp[output];
    return n->out[(size_t)output * n->out_cap + q->head].r;
}

ws_mreq *ws_icnt_pop(ws_icnt *n, uint32_t output, uint64_t cycle)
{
    uint64_t h = n->out_t[output];
    if (h > cycle || h == UINT64_MAX) return NULL;
    icnt_out *q = &n->outp[output];
    const icnt_pkt *p = &n->out[(size_t)output * n->out_cap + q->head];
    ws_mreq *r = p->r;
    q->used -= p->flits;
    q->head = q->head + 1 == n->out_cap ? 0 : q->head + 1;
    q->n--;
    n->out_pkts--;
    n->out_t[output] = q->n ? n->out[(size_t)output * n->out_cap + q->head].t : UINT64_MAX;
    return r;
}

uint64_t ws_icnt_head_ready(const ws_icnt *n, uint32_t output) { return n->out_t[output]; }

uint64_t ws_icnt_next_transfer(const ws_icnt *n, uint64_t cycle)
{
    if (n->in_pkts == 0) return UINT64_MAX;
    return n->next_try > cycle ? n->next_try : cycle;
}

uint64_t ws_icnt_next_event(const ws_icnt *n, uint64_t cycle)
{
    uint64_t best = ws_icnt_next_transfer(n, cycle);
    if (best == cycle || n->out_pkts == 0) return best;
    for (uint32_t o = 0; o < n->cfg.outputs; o++) {
        uint64_t t = ws_icnt_head_ready(n, o);
        if (t == UINT64_MAX) continue;
        if (t <= cycle) return cycle;
        if (t < best) best = t;
    }
    return best;
}

bool ws_icnt_idle(const ws_icnt *n) { return n->in_pkts == 0 && n->out_pkts == 0; }

uint32_t ws_icnt_in_flits(const ws_icnt *n, uint32_t input)
{
    return in_used(&n->inp[input], n->next_tick);
}

uint32_t ws_icnt_out_flits(const ws_icnt *n, uint32_t output) { return n->outp[output].used; }

const ws_icnt_stats *ws_icnt_stats_get(const ws_icnt *n) { return &n->st; }
