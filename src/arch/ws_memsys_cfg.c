/* ws_memsys_cfg.c: creating the memory system from a ws_memsys_config
 * (networks, L2 slices, DRAM channels, address map). */
#include "arch/ws_mempart_int.h"
#include "arch/ws_cpol_glue.h"

#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

static uint64_t gcd(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* An L2 slice's set index comes from the partition address. */
static uint64_t l2_index_addr(const void *map, uint64_t addr)
{
    return ws_addrmap_part_addr(map, addr);
}

static void clock_init(ws_memsys_clock *k, uint32_t f, uint32_t core)
{
    uint64_t g = gcd(f, core);
    k->num = f / g;
    k->den = core / g;
    k->mc = k->mt = k->mr = 0;      /* T(0) = 0 */
}

static void ring_init(ws_memsys_ring *q, uint32_t cap)
{
    q->e = ws_xcalloc(cap, sizeof *q->e);
    q->cap = cap;
    q->t0 = UINT64_MAX;
}

ws_memsys *ws_memsys_create_cfg(const ws_memsys_config *c, uint32_t nsms, ws_mreq_pool *pool,
                                ws_error *err)
{
    if (nsms < 1 || nsms > 65535) {
        ws_error_set(err, WS_E_RANGE, "memory system: %u SMs; the allowed range is 1 to 65535", nsms);
        return NULL;
    }
    if (c->channels < 1 || c->subparts < 1 || (uint64_t)c->channels * c->subparts > 65535) {
        ws_error_set(err, WS_E_RANGE,
                     "memory system: mem.channels (%u) and mem.subparts (%u) must be at least 1 "
                     "and give at most 65535 slices", c->channels, c->subparts);
        return NULL;
    }
    if (!c->clk_core || !c->clk_icnt || !c->clk_l2 || !c->clk_dram) {
        ws_error_set(err, WS_E_RANGE, "memory system: clock.core, clock.icnt, clock.l2 and "
                     "clock.dram must be at least 1 MHz");
        return NULL;
    }
    if (c->queue < 1 || c->dram.queue < 1) {
        ws_error_set(err, WS_E_RANGE, "memory system: dram.queue must be at least 1");
        return NULL;
    }
    ws_memsys *m = ws_xcalloc(1, sizeof *m);
    m->cfg = *c;
    m->nsms = nsms;
    m->nchans = c->channels;
    m->nsubs = c->channels * c->subparts;
    m->pool = pool;
    clock_init(&m->ci, c->clk_icnt, c->clk_core);
    clock_init(&m->cl, c->clk_l2, c->clk_core);
    clock_init(&m->cd, c->clk_dram, c->clk_core);
    m->sub = ws_xcalloc_aligned(_Alignof(ws_memsys_sub), m->nsubs, sizeof *m->sub);
    m->chan = ws_xcalloc(m->nchans, sizeof *m->chan);
    m->rep_pending = ws_xcalloc(nsms, sizeof *m->rep_pending);
    m->pop_at = ws_xcalloc(nsms, sizeof *m->pop_at);

    m->map = ws_addrmap_create(c->map, c->channels, c->subparts, c->dram.banks, c->dram.bank_groups,
                               err);
    if (!m->map) goto fail;
    ws_icnt_config ic = { .inputs = nsms, .outputs = m->nsubs, .flit = c->flit,
                          .latency = c->icnt_latency, .in_buffer = c->in_buffer,
                          .out_buffer = c->out_buffer };
    if (!(m->req = ws_icnt_create(&ic, err))) goto fail;
    ic.inputs = m->nsubs;
    ic.outputs = nsms;
    if (!(m->rep = ws_icnt_create(&ic, err))) goto fail;

    /* the ROP queue holds what arrives during rop_latency core cycles at
     * one request per L2 tick, plus WS_MEMSYS_QUEUE */
    uint64_t l2_per_core = (m->cl.num + m->cl.den - 1) / m->cl.den;
    uint64_t rop_cap = (uint64_t)c->rop_latency * l2_per_core + c->queue;
    if (rop_cap > (1u << 24)) rop_cap = 1u << 24;
    for (uint32_t i = 0; i < m->nsubs; i++) {
        ws_memsys_sub *s = &m->sub[i];
        s->ch = i / c->subparts;
        if (c->l2_enable) {
            ws_cache_config l2 = c->l2;
            l2.seed = c->l2.seed + i;
            l2.index_addr = l2_index_addr;
            l2.index_ctx = m->map;
            if (!(s->l2 = ws_cache_create(&l2, err))) goto fail;
        }
        ring_init(&s->rop, (uint32_t)rop_cap);
        /* at most one hit and one fill enter per L2 tick */
        /* (l2.port: a hit leaves up to line / port - 1 ticks later) */
        uint32_t spread = c->l2_port ? (c->l2.line + c->l2_port - 1) / c->l2_port : 1;
        ring_init(&s->hit, 2 * c->l2_latency + 4 + 2 * spread);
    }
    for (uint32_t ch = 0; ch < m->nchans; ch++) {
        ws_memsys_chan *h = &m->chan[ch];
        if (!(h->dram = ws_dram_create(&c->dram, ch, err))) goto fail;
        ring_init(&h->delay, c->dram.queue);
        h->next_ev = UINT64_MAX;
    }
    return m;
fail:
    ws_error_prefix(err, "memory system: ");
    ws_memsys_free(m);
    return NULL;
}

void ws_memsys_free(ws_memsys *m)
{
    if (!m) return;
    ws_memsys_iru_free(m);
    ws_cpolg_memsys_free(m);
    ws_memsys_mff_free(m);
    for (uint32_t i = 0; m->sub && i < m->nsubs; i++) {
        if (m->sub[i].l2) ws_cache_free(m->sub[i].l2);
        free(m->sub[i].rop.e);
        free(m->sub[i].hit.e);
    }
    for (uint32_t ch = 0; m->chan && ch < m->nchans; ch++) {
        if (m->chan[ch].dram) ws_dram_free(m->chan[ch].dram);
        free(m->chan[ch].delay.e);
    }
    free(m->sub);
    free(m->chan);
    free(m->rep_pending);
    free(m->pop_at);
    ws_icnt_free(m->req);
    ws_icnt_free(m->rep);
    if (m->map) ws_addrmap_free(m->map);
    free(m);
}
