/* ws_icnt.c: an input-queued crossbar with wormhole output allocation,
 * round-robin arbitration, credit-style output buffers and a fixed latency
 * (see ws_icnt.h for the exact timing). */
#include "arch/ws_icnt.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

#define ICNT_NONE UINT32_MAX
#define ICNT_MAX_PORTS 4096u

typedef struct icnt_pkt {
    ws_mreq *r;
    uint64_t t;             /* input: first cycle it may cross; output: poppable from */
    uint64_t pushed;
    uint32_t output;
    uint32_t flits;
    uint32_t left;          /* flits still in the input buffer */
} icnt_pkt;

typedef struct icnt_ring {
    uint32_t head, n;
    uint32_t used;          /* flits held (input) or reserved (output) */
} icnt_ring;

struct ws_icnt {
    ws_icnt_config cfg;
    uint32_t in_cap, out_cap;   /* packets per ring */
    uint32_t in_words, out_words;   /* 64-bit words of an input / output bit set */
    icnt_pkt *in, *out;         /* inputs * in_cap, outputs * out_cap */
    icnt_ring *inr, *outr;
    uint32_t *lock;             /* per output: input it is granted to, or ICNT_NONE */
    uint32_t *rr;               /* per output: input considered first */
    uint64_t *in_act;           /* inputs holding packets */
    uint64_t *out_lock;         /* outputs granted to a packet */
    uint64_t *out_want;         /* scratch: outputs some input asks for */
    uint64_t *want;             /* scratch, outputs x in_words: inputs asking for each */
    uint64_t in_pkts, out_pkts;
    uint32_t nlocked;
    ws_icnt_stats st;
};

static inline void bit_set(uint64_t *b, uint32_t i) { b[i >> 6] |= 1ull << (i & 63); }
static inline void bit_clr(uint64_t *b, uint32_t i) { b[i >> 6] &= ~(1ull << (i & 63)); }

/* First set bit of the n-bit set b at or after `from`, wrapping around;
 * the set must not be empty. */
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
    n->inr = ws_xcalloc(cfg->inputs, sizeof *n->inr);
    n->outr = ws_xcalloc(cfg->outputs, sizeof *n->outr);
    n->lock = ws_xmalloc(cfg->outputs * sizeof *n->lock);
    n->rr = ws_xcalloc(cfg->outputs, sizeof *n->rr);
    n->in_act = ws_xcalloc(n->in_words, sizeof *n->in_act);
    n->out_lock = ws_xcalloc(n->out_words, sizeof *n->out_lock);
    n->out_want = ws_xcalloc(n->out_words, sizeof *n->out_want);
    n->want = ws_xcalloc((size_t)cfg->outputs * n->in_words, sizeof *n->want);
    for (uint32_t o = 0; o < cfg->outputs; o++) n->lock[o] = ICNT_NONE;
    return n;
}

void ws_icnt_free(ws_icnt *n)
{
    if (!n) return;
    free(n->in);
    free(n->out);
    free(n->inr);
    free(n->outr);
    free(n->lock);
    free(n->rr);
    free(n->in_act);
    free(n->out_lock);
    free(n->out_want);
    free(n->want);
    free(n);
}

const ws_icnt_config *ws_icnt_config_get(const ws_icnt *n) { return &n->cfg; }

uint32_t ws_icnt_flits(const ws_icnt *n, uint32_t bytes)
{
    if (bytes == 0) return 1;
    return (uint32_t)(((uint64_t)bytes + n->cfg.flit - 1) / n->cfg.flit);
}

static inline icnt_pkt *in_head(const ws_icnt *n, uint32_t i)
{
    return &n->in[(size_t)i * n->in_cap + n->inr[i].head];
}

static inline bool room(uint32_t used, uint32_t flits, uint32_t cap)
{
    return used == 0 || (uint64_t)used + flits <= cap;
}

bool ws_icnt_can_push(const ws_icnt *n, uint32_t input, uint32_t bytes)
{
    return room(n->inr[input].used, ws_icnt_flits(n, bytes), n->cfg.in_buffer);
}

bool ws_icnt_push(ws_icnt *n, uint32_t input, uint32_t output, ws_mreq *r, uint32_t bytes,
                  uint64_t cycle)
{
    uint32_t f = ws_icnt_flits(n, bytes);
    icnt_ring *q = &n->inr[input];
    if (!room(q->used, f, n->cfg.in_buffer)) {
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
    p->left = f;
    q->n++;
    q->used += f;
    bit_set(n->in_act, input);
    n->in_pkts++;
    n->st.packets++;
    n->st.flits += f;
    return true;
}

/* One flit of input i's oldest packet crosses to output o in cycle t. */
static void send_flit(ws_icnt *n, uint32_t i, uint32_t o, uint64_t t)
{
    icnt_ring *q = &n->inr[i];
    icnt_pkt *p = in_head(n, i);
    p->left--;
    q->used--;
    if (p->left) return;
    /* last flit: the packet moves to the output queue */
    icnt_ring *oq = &n->outr[o];
    uint32_t slot = oq->head + oq->n;
    if (slot >= n->out_cap) slot -= n->out_cap;
    icnt_pkt *d = &n->out[(size_t)o * n->out_cap + slot];
    *d = *p;
    d->t = t + n->cfg.latency;
    oq->n++;
    n->out_pkts++;
    n->st.delivered++;
    n->st.latency_sum += d->t - p->pushed;
    q->head = q->head + 1 == n->in_cap ? 0 : q->head + 1;
    q->n--;
    if (q->n == 0) bit_clr(n->in_act, i);
    n->in_pkts--;
    n->lock[o] = ICNT_NONE;
    bit_clr(n->out_lock, o);
    n->nlocked--;
}

void ws_icnt_tick(ws_icnt *n, uint64_t t)
{
    if (n->in_pkts == 0) return;
    uint32_t iw = n->in_words;
    /* inputs whose oldest packet is eligible and waits for its output */
    for (uint32_t w = 0; w < iw; w++) {
        for (uint64_t bits = n->in_act[w]; bits; bits &= bits - 1) {
            uint32_t i = (w << 6) + (uint32_t)__builtin_ctzll(bits);
            const icnt_pkt *p = in_head(n, i);
            if (p->left != p->flits || p->t > t) continue;   /* crossing, or not yet */
            n->want[(size_t)p->output * iw + w] |= 1ull << (i & 63);
            bit_set(n->out_want, p->output);
        }
    }
    /* every output granted to a packet takes its next flit; every other
     * output asked for grants the first asking input from its pointer on.
     * An input sends at most one flit: a packet completing here leaves its
     * input's next packet for the next cycle (it was not asking). */
    for (uint32_t w = 0; w < n->out_words; w++) {
        uint64_t bits = n->out_lock[w] | n->out_want[w];
        n->out_want[w] = 0;
        for (; bits; bits &= bits - 1) {
            uint32_t o = (w << 6) + (uint32_t)__builtin_ctzll(bits);
            uint64_t *row = &n->want[(size_t)o * iw];
            if (n->lock[o] != ICNT_NONE) {
                send_flit(n, n->lock[o], o, t);
                memset(row, 0, iw * sizeof *row);
                continue;
            }
            uint32_t i = bit_next_cyclic(row, iw, n->rr[o]);
            memset(row, 0, iw * sizeof *row);
            const icnt_pkt *p = in_head(n, i);
            if (!room(n->outr[o].used, p->flits, n->cfg.out_buffer)) {
                n->st.out_blocked++;
                continue;
            }
            n->outr[o].used += p->flits;
            n->lock[o] = i;
            bit_set(n->out_lock, o);
            n->nlocked++;
            n->rr[o] = i + 1 == n->cfg.inputs ? 0 : i + 1;
            send_flit(n, i, o, t);
        }
    }
}

ws_mreq *ws_icnt_peek(const ws_icnt *n, uint32_t output, uint64_t cycle)
{
    const icnt_ring *q = &n->outr[output];
    if (q->n == 0) return NULL;
    const icnt_pkt *p = &n->out[(size_t)output * n->out_cap + q->head];
    return p->t <= cycle ? p->r : NULL;
}

ws_mreq *ws_icnt_pop(ws_icnt *n, uint32_t output, uint64_t cycle)
{
    icnt_ring *q = &n->outr[output];
    if (q->n == 0) return NULL;
    const icnt_pkt *p = &n->out[(size_t)output * n->out_cap + q->head];
    if (p->t > cycle) return NULL;
    ws_mreq *r = p->r;
    q->used -= p->flits;
    q->head = q->head + 1 == n->out_cap ? 0 : q->head + 1;
    q->n--;
    n->out_pkts--;
    return r;
}

uint64_t ws_icnt_head_ready(const ws_icnt *n, uint32_t output)
{
    const icnt_ring *q = &n->outr[output];
    if (q->n == 0) return UINT64_MAX;
    return n->out[(size_t)output * n->out_cap + q->head].t;
}

uint64_t ws_icnt_next_transfer(const ws_icnt *n, uint64_t cycle)
{
    if (n->in_pkts == 0) return UINT64_MAX;
    if (n->nlocked) return cycle;
    /* No packet is crossing: the next change is the earliest oldest packet
     * becoming eligible (it is then granted, or its output counts as
     * blocked).  Later packets of an input wait behind its oldest one. */
    uint64_t best = UINT64_MAX;
    for (uint32_t w = 0; w < n->in_words; w++) {
        for (uint64_t bits = n->in_act[w]; bits; bits &= bits - 1) {
            uint64_t t = in_head(n, (w << 6) + (uint32_t)__builtin_ctzll(bits))->t;
            if (t <= cycle) return cycle;
            if (t < best) best = t;
        }
    }
    return best;
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

uint32_t ws_icnt_in_flits(const ws_icnt *n, uint32_t input) { return n->inr[input].used; }
uint32_t ws_icnt_out_flits(const ws_icnt *n, uint32_t output) { return n->outr[output].used; }

const ws_icnt_stats *ws_icnt_stats_get(const ws_icnt *n) { return &n->st; }
