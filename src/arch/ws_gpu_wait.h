/* ws_gpu_wait.h: why a warp waits, for front ends (the warp views, `i`,
 * Lua's w:info().wait).  Read-only: nothing here changes the model.
 *
 *   ws_wait_info wi;
 *   if (ws_gpu_warp_wait(g, sm, slot, &wi) && wi.kind == WS_WAIT_REG)
 *       printf("%s from line %u: %u request(s)\n", wi.regs[0], wi.line, wi.nreq);
 *
 * A warp waiting for a register (long_scoreboard, short_scoreboard, wait)
 * names the registers, the instruction that writes them (PTX file:line,
 * issue cycle) and, for a memory instruction, each of its requests still in
 * flight: line address, allocation, size and where it is now (the request's
 * stage, ws_mreq.stage, and the cycle it entered it).  Other reasons fill
 * `cause` with one sentence in the same terms (the barrier and the warps of
 * the CTA that have not arrived, the busy unit and until when, the branch,
 * the full resource, the instruction-cache miss).
 *
 * The watch: ws_gpu_wait_watch(g, sm, slot, load) records the requests of
 * that pending load as they complete (their level, DRAM location and reply
 * cycle), for the sentence `i` ends with (ws_gpu_wait_report).  The model
 * pays one pointer test per completed request. */
#ifndef WS_GPU_WAIT_H
#define WS_GPU_WAIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/ws_gpu.h"

#define WS_WAIT_REGS 4
#define WS_WAIT_REQS 16

typedef enum ws_wait_kind {
    WS_WAIT_NONE = 0,       /* not waiting (or no warp) */
    WS_WAIT_REG,            /* a register: regs[], the writer, requests */
    WS_WAIT_OTHER,          /* another reason: `cause` */
} ws_wait_kind;

typedef struct ws_wait_req {
    uint64_t id;            /* the request's sequence number */
    uint64_t addr;          /* line (or sector) address */
    uint32_t size;
    const char *array;      /* the allocation it falls in ("" when none) */
    uint8_t stage;          /* ws_mreq_stage (completed requests: WS_MST_NONE) */
    uint64_t since;         /* cycle it entered the stage */
    uint8_t level;          /* ws_mreq_level found so far (the deepest that served it) */
    bool loc;               /* chan/bank/row are known (it entered the memory system) */
    uint16_t chan, bank;
    uint32_t row;
    uint64_t t_issue, t_reply;  /* (t_reply: completed requests of the watch) */
} ws_wait_req;

typedef struct ws_wait_info {
    ws_wait_kind kind;
    ws_stall stall;
    uint64_t since;             /* cycle the warp entered the stall */
    uint64_t now;               /* the cycle of the inspection (age = now - issued) */
    /* WS_WAIT_REG */
    uint32_t nregs;
    const char *regs[WS_WAIT_REGS];     /* "%r44" */
    bool pending;               /* a memory instruction (long scoreboard) */
    uint32_t load;              /* its pending-load id (pending) */
    bool writer;                /* the writing instruction is known: */
    uint32_t pc, line;          /* its pc and PTX line */
    const char *file;           /* the PTX file (base name) */
    const char *cu_file;        /* its CUDA file (base name, from .loc; NULL: none) */
    uint32_t cu_line;           /* and CUDA line (0: none) */
    char insn[48];              /* its opcode ("ld.global.u32") */
    uint64_t issued;            /* its issue cycle (0: unknown) */
    uint64_t ready_at;          /* !pending: the cycle the register is ready */
    uint32_t nreq;              /* requests in flight (req[], at most WS_WAIT_REQS) */
    ws_wait_req req[WS_WAIT_REQS];
    /* WS_WAIT_OTHER (also a short summary of WS_WAIT_REG) */
    char cause[240];
} ws_wait_info;

/* A register as the warp sees it (the warp view, Lua's w:regs): the
 * functional engine writes a load's destination when the load issues, but
 * the warp may read it only once the data is back.  `pending` is true
 * while the scoreboard holds it: for a load (`load`: its instruction, PTX
 * line, opcode and issue cycle), or for a fixed-latency result not ready
 * yet (`ready_at`). */
typedef struct ws_reg_pend {
    bool pending;
    bool load;                  /* a memory instruction's destination (else fixed latency) */
    uint64_t ready_at;          /* !load: the cycle it is ready */
    bool writer;                /* load: the instruction is known */
    uint32_t pc, line;
    char insn[48];              /* "ld.global.u32" */
    uint64_t issued;            /* 0: unknown */
} ws_reg_pend;
/* Register `reg` (a PTX register number of the warp's function, as in
 * ws_warp_reg) of the warp in (sm, slot): false when it is not pending. */
bool ws_gpu_reg_pending(const ws_gpu *g, uint32_t sm, uint32_t slot, uint32_t reg, ws_reg_pend *out);
/* "pending (ld.global.u32 line 95, issued 153073)", "pending (ready at 153080)". */
size_t ws_reg_pend_text(const ws_reg_pend *p, char *buf, size_t size);

/* Why the warp in (sm, slot) waits; false (kind NONE) when there is no warp
 * or it does not wait. */
bool ws_gpu_warp_wait(const ws_gpu *g, uint32_t sm, uint32_t slot, ws_wait_info *out);

/* One line for request r of a wait: "0x7f0000 dist 128 B: DRAM bank queue
 * (channel 3 bank 5 row 2731) since 153120". */
size_t ws_wait_req_text(const ws_wait_req *r, char *buf, size_t size);

/* Record the completions of load `load` of (sm, slot) (replaces any watch);
 * ws_gpu_wait_unwatch ends it.  ws_gpu_wait_done copies the recorded
 * requests (at most max) and returns how many. */
void ws_gpu_wait_watch(ws_gpu *g, uint32_t sm, uint32_t slot, uint32_t load);
void ws_gpu_wait_unwatch(ws_gpu *g);
uint32_t ws_gpu_wait_done(const ws_gpu *g, ws_wait_req *out, uint32_t max);

/* The sentence after stepping a warp to its next instruction, from the
 * wait seen before the step (`before`, kind NONE: "did not wait"), the
 * requests the watch recorded and the cycle the warp issued (`now`):
 * "waited 219 cycles for %r44 (ld.global.u32 at line 95, issued 153073):
 * 1 request, L1 miss, L2 miss, DRAM channel 3 bank 5 row 2731, back at
 * 153291"; with a .loc, the CUDA line follows the PTX line ("at line 95,
 * bfs.cu:42, issued ...").  Returns the length (truncated to size - 1). */
size_t ws_gpu_wait_report(const ws_gpu *g, const ws_wait_info *before, uint64_t now, char *buf, size_t size);

#endif
