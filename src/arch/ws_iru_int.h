/* ws_iru_int.h: one IRU partition's state, shared by ws_iru.c (prefetcher,
 * classifier, ring, step) and ws_iru_hash.c (reordering hash, replier). */
#ifndef WS_IRU_INT_H
#define WS_IRU_INT_H

#include "arch/ws_iru.h"

/* An element: the index, its secondary word and its original position. */
typedef struct ws_iru_el {
    uint32_t idx, sec, pos;
    uint32_t lset;              /* local set in its owner partition */
    uint32_t owner;             /* partition owning its set */
} ws_iru_el;

/* A queue entry: an element and the cycle from which it may leave. */
typedef struct ws_iru_qe {
    ws_iru_el e;
    uint64_t t;
} ws_iru_qe;

/* Fixed-capacity FIFO of timed elements. */
typedef struct ws_iru_q {
    ws_iru_qe *v;
    uint32_t head, n, cap;
} ws_iru_q;

static inline bool ws_iru_q_full(const ws_iru_q *q) { return q->n >= q->cap; }
static inline const ws_iru_qe *ws_iru_q_head(const ws_iru_q *q) { return q->n ? &q->v[q->head] : NULL; }
static inline void ws_iru_q_push(ws_iru_q *q, const ws_iru_el *e, uint64_t t)
{
    uint32_t i = q->head + q->n;
    if (i >= q->cap) i -= q->cap;
    q->v[i].e = *e;
    q->v[i].t = t;
    q->n++;
}
static inline ws_iru_el ws_iru_q_pop(ws_iru_q *q)
{
    ws_iru_el e = q->v[q->head].e;
    if (++q->head == q->cap) q->head = 0;
    q->n--;
    return e;
}

/* A chunk of the prefetcher: the elements whose index words are in one
 * index line, and the lines (index, then 1 or 2 secondary) that bring them. */
enum { WS_IRU_SLOT_FREE = 0, WS_IRU_SLOT_WAIT, WS_IRU_SLOT_DONE };
typedef struct ws_iru_slot {
    uint8_t state;
    uint8_t nl;                 /* lines */
    uint8_t issued;             /* lines put in the out-queue */
    uint8_t arrived;            /* bit i: line i arrived */
    uint64_t laddr[3];
    uint64_t seq;               /* allocation order */
    uint64_t e0, e1;            /* elements [e0, e1) */
    uint64_t t_done;            /* classifiable from this cycle */
    uint32_t next;              /* next element to classify (from e0) */
    uint32_t *idx, *sec;        /* line / 4 words each */
} ws_iru_slot;

/* An entry of the reordering hash (one local set). */
typedef struct ws_iru_entry {
    uint32_t n;
    uint64_t full_seq;          /* when it became full (valid while n == entry) */
    ws_iru_el *el;              /* entry elements */
} ws_iru_entry;

typedef struct ws_iru_req {
    uint64_t tag, t;
    uint32_t mask;
} ws_iru_req;

struct ws_iru {
    ws_iru_config cfg;
    uint32_t id;
    uint32_t lsets;             /* sets of this partition */
    ws_iru_owner_fn owner;
    void *owner_ctx;
    ws_iru_regs regs;
    bool configured, flushing;

    /* prefetcher */
    uint64_t cursor, end;       /* next index line to consider, end of the array's lines */
    ws_iru_slot *slots;         /* pf_inflight of them */
    uint32_t nslots, slots_used;
    uint64_t slot_seq;
    uint32_t *done;             /* slots in completion order (a ring of nslots) */
    uint32_t done_head, done_n;
    ws_iru_pfreq *pfq;          /* out-queue (a ring of pf_inflight) */
    uint32_t pfq_head, pfq_n;
    uint32_t inflight;          /* lines issued, not filled */

    /* classifier queues: 0 .. banks-1 local banks, banks: the ring */
    ws_iru_q *cq;
    /* ring */
    ws_iru_q ring_in[2], ring_out[2];     /* [0]: to p + 1, [1]: to p - 1 (iru.ring bi) */
    /* banks' pipelines to the hash */
    ws_iru_q *pipe;

    /* hash */
    ws_iru_entry *ent;
    ws_iru_el *el_store;
    uint64_t hash_elems;
    uint32_t nfull;
    uint64_t full_seq;
    uint64_t owed;              /* disabled lanes owed (filtered or merged elements) */

    /* replier */
    ws_iru_req *req;        /* ring of req_fifo */
    uint32_t req_head, req_n;
    uint64_t head_since;        /* the cycle the replier last answered a request */
    ws_iru_reply *rep;          /* ring of reply_queue */
    uint32_t rep_head, rep_n;

    uint64_t last_step;         /* the cycle last stepped (skipped cycles are accounted from it) */
    bool stepped;
    uint32_t stalled;           /* banks that waited for a full entry in the last step */

    ws_iru_stats st;
};

/* The cycle from which the replier has waited for its oldest request: its
 * arrival, or the last answer if that came later (the timeout counts the
 * replier's wait for the request it serves, not the request's time queued
 * behind others). */
static inline uint64_t ws_iru_head_since(const ws_iru *u)
{
    uint64_t t = u->req[u->req_head].t;
    return t > u->head_since ? t : u->head_since;
}

/* The oldest request was answered at `cycle`: the next one is served from
 * the next cycle. */
static inline void ws_iru_req_done(ws_iru *u, uint64_t cycle)
{
    if (++u->req_head == u->cfg.req_fifo)
        u->req_head = 0;
    u->req_n--;
    u->head_since = cycle + 1;
}

/* ws_iru.c: elements in the classifier queues, in the banks' pipelines */
uint32_t ws_iru_class_n(const ws_iru *u);
uint32_t ws_iru_pipe_n(const ws_iru *u);

/* ws_iru_hash.c */
uint64_t ws_iru_block(const ws_iru *u, uint32_t idx);
void ws_iru_hash_reset(ws_iru *u);
/* The head of bank b's pipeline into the hash, when due; true when it
 * waited for a full entry. */
bool ws_iru_hash_insert_step(ws_iru *u, uint32_t b, uint64_t cycle);
/* Whether bank b's due head must wait for a full entry. */
bool ws_iru_hash_blocked(const ws_iru *u, uint32_t b);
/* Whether the replier would answer the oldest request at `cycle`; when it
 * would not only for the timeout, *later is the cycle it would. */
bool ws_iru_replier_ready(const ws_iru *u, uint64_t cycle, uint64_t *later);
/* At most one reply. */
void ws_iru_replier_step(ws_iru *u, uint64_t cycle);
/* The end-of-stream merge across partitions (ws_mempart_iru.c): up to
 * `want` elements of u's entries, best-coalesced first, into r's lanes
 * from lane cursor *li on; returns how many. */
uint32_t ws_iru_take_best(ws_iru *u, uint32_t want, ws_iru_reply *r, uint32_t *li);
/* Distinct target blocks of r's valid lanes. */
uint32_t ws_iru_reply_lines(const ws_iru *u, const ws_iru_reply *r);

#endif
