/* ws_mreq.h: a memory request travelling through the timing model.
 *
 * One ws_mreq is one access the LD/ST unit (or a prefetcher, or a cache's
 * write-back) sends down the hierarchy: L1D (or prefetch cache) -> miss queue
 * -> request network -> L2 slice -> DRAM channel, and back through the reply
 * network.  Requests come from a per-GPU pool (ws_mreq_pool) so that a run
 * allocates nothing per access once warm.  Every stage stamps the cycle
 * (core clock) it saw the request, which gives the latency breakdown.
 *
 * The `next` link is used by whichever single structure holds the request:
 * the pool's free list, an MSHR merge chain, or a FIFO. */
#ifndef WS_MREQ_H
#define WS_MREQ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum ws_mreq_kind {
    WS_MREQ_READ = 0,      /* demand load (global, local, constant miss) */
    WS_MREQ_WRITE,         /* store (write-through / write-evict / bypass) */
    WS_MREQ_ATOMIC,        /* atomic or reduction, performed at L2 */
    WS_MREQ_PREFETCH,      /* prefetch issued by a prefetcher */
    WS_MREQ_WRITEBACK,     /* dirty line evicted by a write-back cache */
} ws_mreq_kind;

/* Where the data of a read was found (the deepest level it reached). */
typedef enum ws_mreq_level {
    WS_LVL_NONE = 0,
    WS_LVL_L1,             /* L1 hit */
    WS_LVL_L1_PENDING,     /* L1 hit on a line whose fill is pending (merged in MSHR) */
    WS_LVL_PFC,            /* prefetch-cache hit */
    WS_LVL_L2,             /* L2 hit */
    WS_LVL_L2_PENDING,     /* merged into an L2 MSHR */
    WS_LVL_DRAM,           /* served by DRAM */
    WS_LVL_COUNT
} ws_mreq_level;

/* Where a request is now (ws_mreq.stage), kept up to date where the
 * timestamps are stamped; read only by inspectors (ws_gpu_wait.c). */
typedef enum ws_mreq_stage {
    WS_MST_NONE = 0,       /* free, or a request no stage stamps (instruction fetch, ...) */
    WS_MST_LDST,           /* in the LD/ST unit, before its L1 lookup */
    WS_MST_L1_MSHR,        /* merged into an L1 MSHR entry: waits for another request's fill */
    WS_MST_L1_MISSQ,       /* an L1 miss (or bypass) in the SM's miss queue, for the network */
    WS_MST_ICNT_REQ,       /* in the request network */
    WS_MST_L2_QUEUE,       /* in its L2 slice's ROP queue, before the lookup */
    WS_MST_L2_MSHR,        /* an L2 miss (or merged into an L2 MSHR entry), for DRAM */
    WS_MST_DRAM_QUEUE,     /* in its DRAM channel's bank queue */
    WS_MST_DRAM,           /* its DRAM column commands have begun */
    WS_MST_L2_FILL,        /* DRAM data back at the slice, filling the L2 */
    WS_MST_ICNT_REPLY,     /* its reply in the slice's reply queue or the reply network */
    WS_MST_COUNT
} ws_mreq_stage;
const char *ws_mreq_stage_name(ws_mreq_stage s);    /* "L1 miss queue", "DRAM bank queue", ... */

/* Request flags. */
enum {
    WS_MREQ_F_BYPASS_L1 = 1u << 0,   /* ld.cg/.cv, atomics, L1 disabled */
    WS_MREQ_F_NO_REPLY  = 1u << 1,   /* writes: the SM wants no data back, only an ack */
    WS_MREQ_F_L1_MISS   = 1u << 2,   /* came from an L1 MSHR: fill L1 on return */
    WS_MREQ_F_PFC       = 1u << 3,   /* destination is the prefetch cache */
    WS_MREQ_F_LOCAL     = 1u << 4,   /* local-memory access */
    WS_MREQ_F_MRQ       = 1u << 5,   /* leads an MRQ entry: its reply releases the reads merged into it */
    WS_MREQ_F_PROMOTED  = 1u << 6,   /* a prefetch a demand waits for: demand priority from here on */
    WS_MREQ_F_WFETCH    = 1u << 7,   /* a write-back write fetching its line: travels as a read, a write again at its fill */
    WS_MREQ_F_INST      = 1u << 8,   /* an instruction fetch that missed in the L1I: its reply fills the L1I */
    WS_MREQ_F_IRU       = 1u << 9,   /* a load_iru request: to the IRU of partition `chan`, lanes in sector_mask */
    WS_MREQ_F_MFF       = 1u << 10,  /* an MFF command (to the unit of partition `chan`) or one of its reply
                                      * packets (pf_wid: WS_MFF_PKT_*; pf_tag: the command's record) */
    /* cache policies (src/cpol, ws_cpol_glue.c): an L1 victim going into the
     * L2, a request asking the L2 not to keep its fill, and the reply's
     * SR / PR / CB flags (bits 27-31 are the memory system's own) */
    WS_MREQ_F_CP_VICTIM = 1u << 18,
    WS_MREQ_F_CP_EXCL   = 1u << 19,
    WS_MREQ_F_CP_SR     = 1u << 20,
    WS_MREQ_F_CP_PR     = 1u << 21,
    WS_MREQ_F_CP_CB     = 1u << 22,
};

typedef struct ws_mreq {
    struct ws_mreq *next;   /* free list / MSHR merge chain / FIFO link */
    uint64_t addr;          /* byte address (line- or sector-aligned below L1) */
    uint32_t size;          /* bytes requested (a line, a sector, or a partial write) */
    uint32_t sector_mask;   /* 32-byte sectors of the line touched (bit i = sector i) */
    uint8_t kind;           /* ws_mreq_kind */
    uint8_t level;          /* ws_mreq_level: deepest level that served it */
    uint8_t space;          /* ws_ptx_space of the instruction */
    uint8_t cacheop;        /* ws_ptx_cacheop of the instruction */
    uint32_t flags;         /* WS_MREQ_F_* */
    uint16_t sm;            /* originating SM */
    uint16_t slot;          /* warp slot in the SM (0xffff: none, e.g. a prefetch) */
    uint32_t load;          /* SM-side pending-instruction id this access belongs to */
    uint32_t owner;         /* device allocation id the address falls in (0: none) */
    uint32_t ptx_line;      /* PTX line of the instruction (0: none) */
    uint32_t pc;            /* instruction index */
    /* prefetches: the warp and tag the policy gave, and the key (trigger
     * instruction) caches keep with the lines they allocate for it */
    uint16_t pf_wid;
    uint8_t stage;          /* ws_mreq_stage: where it is now (since t_stage) */
    uint8_t traced;         /* its history is kept (ws_rtrace.h): then rt and rt_last are valid */
    uint32_t pf_tag, pf_key;
    /* decoded DRAM location (filled by the address map) */
    uint16_t chan, sub, bank, bank_group;
    uint32_t row, col;
    /* timestamps, core cycles (0 = stage not reached) */
    uint64_t t_issue;       /* left the LD/ST unit */
    uint64_t t_l1;          /* looked up in L1 */
    uint64_t t_icnt;        /* entered the request network */
    uint64_t t_part;        /* arrived at its memory partition (entered the ROP queue) */
    uint64_t t_l2;          /* looked up in L2 */
    uint64_t t_dram;        /* entered the DRAM queue */
    uint64_t t_dram_done;   /* DRAM data transferred */
    uint64_t t_reply;       /* reply reached the SM */
    uint64_t t_stage;       /* entered `stage` */
    uint64_t id;            /* sequence number (deterministic order, debugging) */
    /* (in the alignment padding: the size stays three lines) */
    struct ws_rtrace *rt;   /* traced: the trace keeping its history */
    uint64_t rt_last;       /* traced: its last event in the trace (sequence + 1; 0: none yet) */
} __attribute__((aligned(64))) ws_mreq;  /* (the first line: what every stage reads) */

/* The sector_mask of a request for a whole line of `line` bytes: every
 * 32-byte sector (one for a line shorter than a sector). */
static inline uint32_t ws_mreq_line_sectors(uint32_t line)
{
    return line >= 32 ? (uint32_t)((1ull << (line / 32 < 32 ? line / 32 : 32)) - 1) : 1;
}

/* A traced request's history (ws_rtrace.c): it entered stage st at t. */
__attribute__((cold)) void ws_rtrace_stage(ws_mreq *r, ws_mreq_stage st, uint64_t t);

/* The request entered stage st at core cycle t.  A request nobody follows
 * pays one byte test (in the line the stage is written to). */
static inline void ws_mreq_at(ws_mreq *r, ws_mreq_stage st, uint64_t t)
{
    r->stage = (uint8_t)st;
    r->t_stage = t;
    if (__builtin_expect(r->traced, 0)) ws_rtrace_stage(r, st, t);
}

/* Requests are allocated WS_MREQ_CHUNK at a time (an inspector may walk
 * the chunks: a request not free has a stage other than WS_MST_NONE once
 * stamped). */
#define WS_MREQ_CHUNK 1024

/* A pool of requests: allocation never fails (grows in chunks), free puts
 * the request back on the free list.  Everything is freed with the pool. */
typedef struct ws_mreq_pool {
    ws_mreq *free;
    void **chunks;
    uint32_t nchunks, cap_chunks;
    uint64_t next_id;
    uint64_t live;          /* requests handed out and not freed */
    struct ws_rtrace *trace_all;    /* non-NULL: every new request is traced there */
} ws_mreq_pool;

void ws_mreq_pool_init(ws_mreq_pool *p);
void ws_mreq_pool_fini(ws_mreq_pool *p);
/* A zeroed request with a fresh id. */
ws_mreq *ws_mreq_alloc(ws_mreq_pool *p);
void ws_mreq_free(ws_mreq_pool *p, ws_mreq *r);

/* A FIFO of requests through their `next` links, with a capacity. */
typedef struct ws_mreq_fifo {
    ws_mreq *head, *tail;
    uint32_t n, cap;        /* cap 0: unbounded */
} ws_mreq_fifo;

static inline bool ws_mreq_fifo_full(const ws_mreq_fifo *f) { return f->cap && f->n >= f->cap; }
static inline void ws_mreq_fifo_push(ws_mreq_fifo *f, ws_mreq *r)
{
    r->next = NULL;
    if (f->tail) f->tail->next = r; else f->head = r;
    f->tail = r;
    f->n++;
}
static inline ws_mreq *ws_mreq_fifo_pop(ws_mreq_fifo *f)
{
    ws_mreq *r = f->head;
    if (!r) return NULL;
    f->head = r->next;
    if (!f->head) f->tail = NULL;
    r->next = NULL;
    f->n--;
    return r;
}

#endif
