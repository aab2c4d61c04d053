/* ws_mempart_int.h: the memory system's internal state, shared by
 * ws_mempart.c (the cycle) and ws_memsys_cfg.c (creation). */
#ifndef WS_MEMPART_INT_H
#define WS_MEMPART_INT_H

#include "arch/ws_iru.h"
#include "arch/ws_mempart.h"
#include "arch/ws_mff.h"

/* A prefetch read of an IRU (ws_mempart_iru.c): answered to its unit, not
 * to an SM (private, like the flags of ws_mempart.h). */
#define WS_MREQ_F_MS_IRUPF (1u << 28)

/* The IRUs of the memory partitions (one per channel; ws_mempart_iru.c). */
typedef struct ws_memsys_iru {
    ws_iru **u;                 /* NULL: iru.enable = false */
    uint32_t n;
    bool launched, flushed;
    uint64_t pf_inflight;       /* prefetch reads inside the memory system */
    ws_iru_pfreq *hold;         /* per channel: a popped prefetch waiting for room */
    bool *held;
    ws_mreq_fifo *in;           /* per channel: requests arrived, not yet in the unit's FIFO */
    ws_iru_reply *rep;          /* replies travelling to the SMs (r->pf_tag) */
    uint32_t *repfree, nrep, caprep, nfree;
    uint8_t *buf;               /* a line's bytes */
    ws_memsys_read_fn read;
    void *read_ctx;
    uint64_t moved;             /* requests moved by the balancing rule */
    uint8_t *got;               /* per reply slot: packets arrived at the SM */
    /* remote secondary lines on their way over the ring to the unit that
     * asked (their data reaches it at t) */
    ws_mreq **rl;
    uint64_t *rlt;
    uint32_t nrl, caprl;
} ws_memsys_iru;

/* A line read or write of an MFF unit (ws_mempart_mff.c): answered to its
 * unit (pf_wid), not to an SM. */
#define WS_MREQ_F_MS_MFF (1u << 27)

/* The MFF units (one per channel, or one with mff.central; ws_mempart_mff.c). */
typedef struct ws_memsys_mff {
    ws_mff **u;                 /* NULL: mff.enable = false */
    uint32_t n;
    bool central, launched;
    bool active;                /* work this cycle or later (recomputed each cycle) */
    ws_mff_regs regs;
    ws_mreq_fifo *in;           /* per unit: commands arrived, not yet taken */
    ws_mff_line_req *hold;      /* per unit: a line request waiting for room */
    bool *held;
    ws_mff_reply *rhold;        /* per unit: a word waiting for room in its reply queue */
    bool *rheld;
    ws_mff_done *dhold;         /* per unit: a completion waiting likewise */
    bool *dheld;
    ws_mreq_fifo *refill;       /* per unit: lines back while Line Data was full */
    ws_mreq **rl;               /* remote lines' data on its way to the unit (at rlt) */
    uint64_t *rlt;
    uint32_t nrl, caprl;
    uint64_t remote_delay;
    uint64_t lines_inflight;
    ws_memsys_mff_ext *ext;     /* per unit */
    uint8_t *buf;
    ws_memsys_read_fn read, or_in;
    void *ctx;
} ws_memsys_mff;

/* A request with a time: a delay line entry. */
typedef struct ws_memsys_ent {
    ws_mreq *r;
    uint64_t t;
} ws_memsys_ent;

/* Fixed-capacity ring of timed entries (times non-decreasing). */
typedef struct ws_memsys_ring {
    ws_memsys_ent *e;
    uint64_t t0;                /* time of the head entry (UINT64_MAX: empty) */
    uint32_t head, n, cap;
} ws_memsys_ring;

/* Domain ticks per core cycle, num / den in lowest terms; and T(mc) = mt,
 * (mc * num) mod den = mr, the last value the tick asked for (so that the
 * next cycle's is found without a division). */
typedef struct ws_memsys_clock {
    uint64_t num, den;
    uint64_t mc, mt, mr;
} ws_memsys_clock;

typedef struct ws_memsys_sub {
    /* what ws_memsys_tick asks of every slice each tick comes first: two
     * cache lines (the structure is 64-byte aligned) */
    ws_memsys_ring rop;         /* ROP delay queue: ready core cycle */
    ws_memsys_ring hit;         /* L2 data out (hits, filled chains linked by
                                 * `next`): ready L2 tick */
    uint32_t req_pending;       /* requests in the request network for this slice */
    uint32_t missq_n;           /* ws_cache_missq_len of l2 (only we change it) */
    ws_mreq_fifo fill;          /* DRAM completions waiting for the L2
                                 * (WS_MEMSYS_QUEUE entries) */
    ws_mreq_fifo reply;         /* replies waiting for the reply network */
    ws_cache *l2;               /* NULL when the L2 is disabled */
    ws_mreq_fifo down;          /* to DRAM besides the L2 miss queue: requests
                                 * when the L2 is disabled, fill write-backs */
    uint32_t ch;                /* its channel */
    ws_memsys_sectors sec;      /* L2 lookups counted per 32-byte sector */
    uint64_t port_free;         /* L2 tick from which the slice looks up again (l2.port) */
} __attribute__((aligned(64))) ws_memsys_sub;

typedef struct ws_memsys_chan {
    ws_dram *dram;
    ws_memsys_ring delay;       /* dram.latency delay line: ready core cycle */
    uint32_t rr;                /* sub-partition served first */
    uint64_t ndown;             /* requests its slices have for it (down + miss queues) */
    uint64_t next_ev;           /* ws_dram_next_event since the last change */
    bool ret_wait;              /* a completed request waits for room in ... */
    uint32_t ret_sub;           /* ... this slice's fill queue */
} ws_memsys_chan;

struct ws_memsys {
    ws_memsys_config cfg;
    uint32_t nsms, nsubs, nchans;
    ws_mreq_pool *pool;
    ws_addrmap *map;
    ws_icnt *req, *rep;
    ws_memsys_sub *sub;
    ws_memsys_chan *chan;
    ws_memsys_clock ci, cl, cd; /* icnt, L2, DRAM */
    uint64_t inflight;          /* SM requests inside */
    uint64_t wb_inflight;       /* L2 write-backs between miss queue and DRAM completion */
    uint64_t nreply;            /* requests in reply queues */
    uint64_t ndown;             /* requests for DRAM in down and L2 miss queues */
    uint32_t *rep_pending;      /* per SM: replies in the reply network */
    uint64_t *pop_at;           /* per SM: no reply can be popped before this core cycle */
    uint64_t icnt_next;         /* the interconnect tick after the last one run */
    ws_memsys_stats st;
    ws_memsys_iru iru;
    struct ws_cpol **cpol;      /* per slice (NULL: l2.inclusion=noninclusive; ws_cpol_glue.c) */
    struct ws_cpol_stats *cpst;        /* per slice: their counters */
    ws_memsys_mff mff;
};

/* Whether ws_memsys_pop(m, sm, cycle) may return a reply (false: it
 * returns NULL), for the GPU's per-cycle loop. */
static inline bool ws_memsys_reply_maybe(const ws_memsys *m, uint32_t sm, uint64_t cycle)
{
    return m->rep_pending[sm] && cycle >= m->pop_at[sm];
}

uint64_t ws_memsys_dom_ticks(const ws_memsys_clock *k, uint64_t c);
uint64_t ws_memsys_dom_core(const ws_memsys_clock *k, uint64_t t);
uint32_t ws_memsys_req_bytes(const ws_mreq *r);
uint32_t ws_memsys_reply_bytes(const ws_mreq *r);

/* ws_mempart_iru.c, called by ws_mempart.c */
int ws_memsys_iru_create(ws_memsys *m, const ws_opts *o, ws_error *err);
void ws_memsys_iru_free(ws_memsys *m);
/* Work of the IRU side this cycle or later (not quiet). */
static inline bool ws_memsys_iru_busy(const ws_memsys *m)
{
    return m->iru.launched && (m->iru.pf_inflight || !m->iru.flushed);
}
/* A load_iru request arrived at its partition (core cycle c). */
void ws_memsys_iru_arrive(ws_memsys *m, ws_mreq *r, uint64_t c);
/* A prefetch read's data is back (core cycle c). */
void ws_memsys_iru_filled(ws_memsys *m, ws_mreq *r, uint64_t c);
/* The IRUs' core cycle, after the L2 and DRAM ticks. */
void ws_memsys_iru_cycle(ws_memsys *m, uint64_t c);
uint64_t ws_memsys_iru_next_event(const ws_memsys *m, uint64_t c);
/* ws_mempart_mff.c, called by ws_mempart.c */
int ws_memsys_mff_create(ws_memsys *m, const ws_opts *o, ws_error *err);
void ws_memsys_mff_free(ws_memsys *m);
static inline bool ws_memsys_mff_busy(const ws_memsys *m) { return m->mff.active; }
/* A command arrived at its partition's port (core cycle c). */
void ws_memsys_mff_arrive(ws_memsys *m, ws_mreq *r, uint64_t c);
/* A line read's data, or a write-back's acknowledgement, is back. */
void ws_memsys_mff_filled(ws_memsys *m, ws_mreq *r, uint64_t c);
void ws_memsys_mff_cycle(ws_memsys *m, uint64_t c);
/* Into slice si's ROP queue (false: full). */
bool ws_memsys_rop_inject(ws_memsys *m, uint32_t si, ws_mreq *r, uint64_t c);
/* Into slice si's queue to DRAM, bypassing the L2 (false: full). */
bool ws_memsys_down_inject(ws_memsys *m, uint32_t si, ws_mreq *r);

#endif
