/* ws_mff_int.h: the MFF unit's internal state, shared by ws_mff.c and
 * ws_mff_inspect.c only (see ws_mff.h for what each block does). */
#ifndef WS_MFF_INT_H
#define WS_MFF_INT_H

#include <stddef.h>

#include "arch/ws_mff.h"

#define WS_MFF_NIL UINT32_MAX

typedef enum ws_mff_rstate { WS_MFF_R_FREE = 0, WS_MFF_R_C, WS_MFF_R_V, WS_MFF_R_BV } ws_mff_rstate;

/* A job entry of an Issue Engine. */
typedef struct ws_mff_job {
    bool used;
    ws_mff_kind kind;
    uint32_t warp, mask, next_thread;   /* next thread to get registers */
    uint64_t tag, seq, t_cmd;
    uint64_t c_index[WS_MFF_WARP];
    uint32_t size[WS_MFF_WARP];
    uint64_t remaining, words;
} ws_mff_job;

/* A Work Register. */
typedef struct ws_mff_reg {
    ws_mff_rstate state;
    uint32_t job, thread, k;    /* k: A_offset */
    uint64_t addr;              /* the word (C, V) or byte (BV) it reads */
    uint32_t bit;               /* BV: bit in that byte */
    uint32_t next;              /* Ptr: free list or the tag's waiter list */
} ws_mff_reg;

typedef struct ws_mff_tag {
    bool used;
    uint64_t addr;
    ws_mff_line_kind kind;
    uint32_t head, tail;        /* waiting registers */
    uint32_t nwait;             /* their number (inspection) */
    uint32_t ld;                /* Line Data entry, WS_MFF_NIL while in flight */
} ws_mff_tag;

typedef struct ws_mff_ld {
    bool used, dirty;
    uint32_t tag;
    uint64_t bits;              /* bit-sets taken */
    uint8_t *bytes;
} ws_mff_ld;

/* A growing FIFO of fixed-size elements. */
typedef struct ws_mff_q {
    unsigned char *a;
    size_t esz, head, n, cap;
} ws_mff_q;

typedef struct ws_mff_lineq {
    ws_mff_line_req r;
    uint64_t ready;
} ws_mff_lineq;

struct ws_mff {
    ws_mff_config cfg;
    uint32_t id;
    ws_mff_regs regs;
    bool configured;
    ws_mff_job *jobs;           /* engines x jobs */
    uint32_t njobs, rr;
    uint64_t seq;
    ws_mff_reg *reg;
    uint32_t free_head, regs_used;
    uint32_t *lookq;            /* ring of registers waiting for a lookup */
    uint32_t lq_head, lq_n;
    ws_mff_tag *tag;
    uint32_t tags_used;
    ws_mff_ld *ld;
    uint32_t *ldq;              /* Line Data entries in arrival order */
    uint32_t ldq_head, ldq_n;
    ws_mff_q lineq, repq, doneq;
    ws_mff_stats st;
    ws_mff_event ev[WS_MFF_EVLOG];  /* the last events (ring; nev counts all) */
    uint64_t nev;
    bool reg_stalling, tag_stalling;    /* stalled in the last step (an event starts a stall) */
};

static inline ws_mff_event *ws_mff_ev_new(ws_mff *u, ws_mff_ev_kind k, uint64_t cycle)
{
    ws_mff_event *e = &u->ev[u->nev++ % WS_MFF_EVLOG];
    *e = (ws_mff_event){ .kind = k, .cycle = cycle };
    return e;
}

#endif
