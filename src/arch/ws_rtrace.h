/* ws_rtrace.h: a request's life, for front ends (the TUI's timeline,
 * Lua's gpu:request(id), the breakpoint `request ID`).
 *
 * The model keeps no history of a request: only where it is now and a few
 * timestamps (ws_mreq.h).  A trace keeps, for the requests it follows, the
 * list of what happened to them: each stage entered (and so the cycle it
 * left the one before), retries (an L1 or L2 reservation that failed, a
 * full queue or network, with the reason, the first and last attempt and
 * their number) and merges (the request whose fill it waits for).  The
 * events go into a bounded ring per GPU (the oldest are overwritten).
 *
 * Cost.  A request is followed when its `traced` byte is set: every stage
 * stamp (ws_mreq_at) tests that byte, and nothing else changes when nobody
 * follows anything.  A front end follows
 *   - every new request, with ws_gpu_rtrace_all(g, events) (Lua
 *     gpu:trace_requests(n), the TUI when it opens a timeline), or
 *   - one request already in flight, with ws_gpu_rtrace_follow: its
 *     history before that moment is rebuilt from its timestamps (marked
 *     `from_stamps`: retries and merges before it are not known).
 * Following changes no result: a followed request at the head of its
 * LD/ST unit keeps the unit awake (as breakpoints do), which the model
 * guarantees gives the same statistics.
 *
 *   ws_rtl t;
 *   if (ws_gpu_request(g, 1234, &t) == 0)
 *       for (uint32_t i = 0; i < t.nrows; i++) ... t.rows[i].stage, .enter, .exit
 */
#ifndef WS_RTRACE_H
#define WS_RTRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/ws_gpu.h"
#include "arch/ws_mreq.h"

/* Why a request was retried (ws_rtl_retry.why). */
typedef enum ws_rt_why {
    WS_RTW_NONE = 0,
    WS_RTW_L1_LINE_ALLOC,   /* L1 reservation fail: every line of its set is reserved */
    WS_RTW_L1_MSHR_FULL,    /* L1 reservation fail: no free MSHR entry */
    WS_RTW_L1_MERGE_FULL,   /* L1 reservation fail: its line's MSHR entry is full */
    WS_RTW_L1_MISSQ_FULL,   /* L1 reservation fail: the miss queue is full */
    WS_RTW_MRQ_FULL,        /* the SM's memory request queue (sm.mrq) is full */
    WS_RTW_BYPASS_FULL,     /* the queue of L1-bypassing requests is full */
    WS_RTW_ICNT_FULL,       /* the request network refused it (its input buffer is full) */
    WS_RTW_L2_LINE_ALLOC,   /* L2 reservation fail: every line of its set is reserved */
    WS_RTW_L2_MSHR_FULL,    /* L2 reservation fail: no free MSHR entry */
    WS_RTW_L2_MERGE_FULL,   /* L2 reservation fail: its line's MSHR entry is full */
    WS_RTW_L2_MISSQ_FULL,   /* L2 reservation fail: the miss queue to DRAM is full */
    /* waits behind a full queue (not refused attempts: the request stays
     * where it is; first and last are the cycles it was seen waiting, count
     * how many times, which may be fewer than the cycles between when the
     * memory system skips cycles in which nothing changes) */
    WS_RTW_L2_QUEUE_FULL,   /* at the request network's output: its L2 slice's queue is full */
    WS_RTW_L2_REPLY_FULL,   /* at the head of the L2 slice's queue: the slice's reply queue is full */
    WS_RTW_DRAM_QUEUE_FULL, /* on its way to DRAM: the channel's scheduler queue is full */
    WS_RTW_REPLY_NET_FULL,  /* at the head of the reply queue: the reply network refuses it */
    WS_RTW_COUNT
} ws_rt_why;
const char *ws_rt_why_name(ws_rt_why w);    /* "L1 MSHRs full", ... */
const char *ws_rt_why_key(ws_rt_why w);     /* "l1_mshr_full", ... (Lua) */

#define WS_RTL_ROWS 24
#define WS_RTL_RETRIES 4

typedef struct ws_rtl_retry {
    uint8_t why;                /* ws_rt_why */
    uint64_t first, last;       /* cycles of the first and the last failed attempt */
    uint32_t count;             /* attempts that failed */
} ws_rtl_retry;

/* One stage of a request's life. */
typedef struct ws_rtl_row {
    uint8_t stage;              /* ws_mreq_stage */
    uint64_t enter;             /* the cycle it entered the stage */
    uint64_t exit;              /* the cycle it left it (0: still there) */
    uint64_t merged_into;       /* L1/L2 MSHR: the request whose fill it waits for (0: none, or unknown) */
    uint32_t nretry;            /* retries while in this stage (at most WS_RTL_RETRIES kinds kept) */
    ws_rtl_retry retry[WS_RTL_RETRIES];
} ws_rtl_row;

typedef struct ws_rtl {
    uint64_t id;
    bool in_flight;             /* still in the memory system */
    bool done;                  /* completed (end is its cycle) */
    bool from_stamps;           /* followed late: the rows before `followed` come from its timestamps */
    bool partial;               /* the ring lost its first events */
    uint64_t followed;          /* from_stamps: the cycle following began */
    uint64_t end;               /* done: the cycle it completed (data or acknowledgement at the SM, or an L1 hit) */
    /* what it is */
    uint8_t kind;               /* ws_mreq_kind */
    bool inst;                  /* an instruction fetch (kind READ) */
    uint8_t level;              /* ws_mreq_level: the deepest level that served it (so far) */
    uint16_t sm, slot;          /* slot 0xffff: no warp (a prefetch, a write-back) */
    uint64_t addr;
    uint32_t size;
    uint32_t line;              /* PTX line of the instruction (0: none) */
    const char *array;          /* the allocation it falls in ("" when none) */
    bool loc;                   /* chan/bank/row are known */
    uint16_t chan, bank;
    uint32_t row;
    uint32_t nrows;
    ws_rtl_row rows[WS_RTL_ROWS];
} ws_rtl;

/* Follow every new request, keeping the last `events` events (0: stop
 * following new requests; the events kept stay readable).  A new size
 * empties the ring.  Returns the size in bytes of the ring. */
size_t ws_gpu_rtrace_all(ws_gpu *g, uint32_t events);
/* Whether every new request is followed, and the ring's size in events. */
bool ws_gpu_rtrace_on(const ws_gpu *g, uint32_t *events);
/* Follow request `id`, in flight now (a ring of WS_RTRACE_DEFAULT events
 * is made when there is none).  0, or -1 with err when it is not in flight. */
#define WS_RTRACE_DEFAULT 65536
int ws_gpu_rtrace_follow(ws_gpu *g, uint64_t id, ws_error *err);
/* The life of request `id` so far: 0, or -1 with err when the trace knows
 * nothing of it and it is not in flight (an in-flight request not followed
 * is followed from now on, its past rebuilt from its timestamps). */
int ws_gpu_request(ws_gpu *g, uint64_t id, ws_rtl *out, ws_error *err);
/* The ids of the requests in flight now, smallest first (at most max;
 * returns how many were written). */
uint32_t ws_gpu_requests_live(const ws_gpu *g, uint64_t *ids, uint32_t max);
/* The request ids following has seen so far end before this one (the next
 * id to be allocated). */
uint64_t ws_gpu_request_next_id(const ws_gpu *g);
/* One line for a row: "DRAM bank queue   153120 -> 153170  50 cycles;
 * retried 3 times (L2 MSHRs full) 153100..153102". */
size_t ws_rtl_row_text(const ws_rtl *t, const ws_rtl_row *row, char *buf, size_t size);

/* Breakpoints on completion (ws_gpu_dbg.c): watch `id` (it is followed);
 * ws_rtrace_done_at gives its completion cycle (UINT64_MAX: not yet). */
int ws_gpu_rtrace_watch(ws_gpu *g, uint64_t id, ws_error *err);
uint64_t ws_gpu_rtrace_done_at(const ws_gpu *g, uint64_t id);

/* The model's calls (only for traced requests). */
__attribute__((cold)) void ws_rtrace_retry(ws_mreq *r, ws_rt_why why, uint64_t t);
/* The same at the GPU's current core cycle (for a caller that counts another clock). */
__attribute__((cold)) void ws_rtrace_retry_now(ws_mreq *r, ws_rt_why why);
__attribute__((cold)) void ws_rtrace_merge(ws_mreq *r, const ws_mreq *into, uint64_t t);
void ws_rtrace_dram(ws_mreq *r);        /* its DRAM column commands began (now) */
__attribute__((cold)) void ws_rtrace_end(ws_mreq *r);         /* it is freed (now) */
/* The gpu's trace (NULL when none), its creation, and freeing it. */
struct ws_rtrace *ws_gpu_rtrace(ws_gpu *g, bool create);
void ws_gpu_rtrace_free(ws_gpu *g);

#endif
