/* ws_mff.h: the Memory Fast-Forward unit (MFF), one instance of it.
 * Source: seed 003 (extraction ../shared/research/seed-002-003-iru-mff.md,
 * part B).  The MFF chases the CSR pointers R -> C -> V near memory on the
 * threads' behalf and coalesces the reads of many warps' commands in a tag
 * structure over outstanding blocks (temporal coalescing, B1).  This file
 * is the unit alone (issue 34, part 1); the memory system drives it
 * (ws_mempart_mff.c, part 2), tests/t_mff.c drives it alone, and
 * mff.enable is false on every preset.
 *
 * Instances (B2.1).  The paper places the MFF between the interconnect
 * and the memory units and sizes it "per memory unit"; its Fig. 6 shows
 * one MFF talking to two memory units.  Default: one ws_mff per memory
 * partition (the sizes read per unit); mff.central = true is the other
 * reading, one unit for the whole GPU [choice].  Either way an instance
 * holds all its state in its ws_mff: there are no globals.
 *
 * Per launch, the registers (ws_mff_regs): the base of C (32-bit vertex
 * indices) and its length in entries, the base of V (32-bit words, one per
 * vertex), and the base of the active-vertex bit vector (bit d of the
 * vector is bit d % 8 of byte d / 8).
 *
 * Commands (B2.3).  A warp-level command carries, for each active thread,
 * a c_index and a size (at most 32, B2.3: larger vertices call again).
 * PC_gather reads C[c_index .. c_index + size - 1], then V[C[k]] for each,
 * and replies each word to its (warp, thread, k) (the core writes
 * target[thread][k] in shared memory), then sends one completion for the
 * command, which wakes the warp's PC_wait.  PC_scatter_set reads the same
 * C entries and sets bit C[k] of the active-vertex bit vector; it is
 * non-blocking for the core, but the unit still sends a completion (the
 * caller may drop it).  ws_mff_command refuses, with a message naming the
 * thread and the value, a size above 32 and a range c_index .. c_index +
 * size - 1 leaving C, and returns 0 (no error) when the command's Issue
 * Engine has no free job entry: the caller keeps it and tries again.
 *
 * The blocks (B2.2, Fig. 7) and what each does per cycle, in the order
 * ws_mff_step runs them (a stage runs before the one feeding it):
 *   Line Data    (mff.line_data, 20 x 128 B [paper]) holds the lines that
 *                came back, in arrival order.  The oldest is served: one
 *                waiting Work Register a cycle (mff.serve_rate [choice]:
 *                the paper gives no rate; one read port).  A C waiter reads
 *                its word at C_offset, becomes state V and goes back to the
 *                lookup queue for V[C value] (or for the bit-vector block);
 *                a V waiter becomes a reply (value, warp, thread, k) and
 *                frees its register; a bit-vector waiter sets its bit in the
 *                line and frees its register.  Each freed register lowers its
 *                job's remaining count; at 0 the job sends its completion
 *                and frees its entry.  Waiters linked while the line is
 *                being served (a tag hit on a present line) are served too.
 *                When no waiter is left the Tag Unit entry and the line are
 *                freed; a bit-vector line that took bit-sets is then written
 *                back whole (a line write in the out-queue) [choice: the
 *                paper does not say how a modified block is written back;
 *                keeping it tagged until its last waiter is served merges
 *                every bit-set that reaches it meanwhile into one read and
 *                one write].  A fill finding Line Data full is refused
 *                (ws_mff_fill returns 0) and the caller offers it again
 *                [choice: back-pressure on the memory unit's reply queue,
 *                so the 256 tags still bound the reads in flight].
 *   Tag Unit     (mff.tags, 256 entries [paper], a CAM over block
 *                addresses).  One lookup a cycle (mff.tag_ports [choice])
 *                from the head of the lookup queue (registers in state C
 *                in allocation order, and registers turned V by the Line
 *                Data stage): a hit links the register to the entry's
 *                waiter list (counted as coalesced); a miss allocates an
 *                entry and puts a line read in the out-queue, ready
 *                mff.tag_latency cycles later [choice: the paper gives no
 *                latency].  A miss with every entry in use stalls the
 *                queue (tag_stalls) until an entry frees.
 *   Work Register pool (mff.work_regs, 8,192 [paper]).  Each cycle the
 *                allocator takes the next thread of the oldest job that has
 *                unallocated threads (Issue Engines in round robin, jobs in
 *                arrival order within an engine) and, when the pool has
 *                `size` free registers, gives that thread size registers
 *                (state C, A_offset 0 .. size - 1, linked through Ptr) and
 *                queues them for lookup: one thread a cycle [choice].  When
 *                the pool cannot hold the thread the allocator waits
 *                (reg_stalls): work is never dropped, and it resumes when
 *                served registers come back.  So the pool stalls first,
 *                the Tag Unit next, and the Issue Engines last (they refuse
 *                commands only when an engine's 8 job entries are full).
 *   Issue Engines (mff.engines x mff.jobs, 32 x 8 [paper]).  A command goes
 *                to engine warp mod mff.engines [choice: the paper does not
 *                say how commands are spread; by warp keeps one warp's
 *                commands in order] and takes a job entry: per-thread
 *                (c_index, size), the remaining count (the sum of sizes)
 *                and the warp id.  A command whose sizes sum to 0 completes
 *                at once: its completion waits when ws_mff_command returns.
 *
 * Outputs the caller drains: line reads and bit-vector writes
 * (ws_mff_line_pop, in order; a write carries the line's bytes), word
 * replies (ws_mff_reply_pop) and completions (ws_mff_done_pop).  The
 * caller answers each read with ws_mff_fill and the line's bytes.
 *
 * How it is connected (issue 34, part 2; ws_mempart_mff.c has the details):
 * - the memory system owns one ws_mff per channel (or one for all with
 *   mff.central), steps it every core cycle while busy (ws_mff_idle false),
 *   sends ws_mff_line_pop's reads into the ROP queue of the L2 slice the
 *   address map gives, as reads tagged for the MFF (a line of the unit's
 *   own channel never crosses the interconnect, B2.1; another channel's is
 *   counted as remote and its data is delayed by 2 x icnt.latency), reads
 *   the bytes from device memory at the reply and calls ws_mff_fill
 *   (offered again each cycle while it returns 0); bit-vector writes go to
 *   the slice as stores of the whole line, their bits ORed into device
 *   memory;
 * - the LD/ST unit sends a warp's pc_gather / pc_scatter_set as one
 *   request (bypassing L1) to the partition holding C[c_index] of its first
 *   thread with a size, where it becomes ws_mff_command (retried while the
 *   Issue Engine is full); each reply is a 4-byte word plus a header naming
 *   warp and thread on the reply network, the SM writing target[thread][k]
 *   in shared memory at its arrival, and the completion, one more packet,
 *   releases the warp waiting in pc_wait (stall mff_wait);
 * - the energy model prices the counters below and the SRAM of
 *   ws_mff_sizes (HACKING, The energy model). */
#ifndef WS_MFF_H
#define WS_MFF_H

#include <stdbool.h>
#include <stdint.h>

#include "util/ws_error.h"

struct ws_opts;

#define WS_MFF_WARP 32u         /* threads of a command */
#define WS_MFF_MAX_SIZE 32u     /* neighbours per thread and command (B2.3) */

typedef enum ws_mff_kind {
    WS_MFF_GATHER = 0,          /* PC_gather */
    WS_MFF_SCATTER_SET,         /* PC_scatter_set */
} ws_mff_kind;

/* What a line read is for. */
typedef enum ws_mff_line_kind {
    WS_MFF_LINE_C = 0,          /* a block of C */
    WS_MFF_LINE_V,              /* a block of V */
    WS_MFF_LINE_BV,             /* a block of the active-vertex bit vector */
    WS_MFF_LINE_KINDS
} ws_mff_line_kind;

typedef struct ws_mff_config {
    uint32_t engines;           /* Issue Engines (mff.engines) */
    uint32_t jobs;              /* job entries per engine (mff.jobs) */
    uint32_t work_regs;         /* Work Register pool (mff.work_regs) */
    uint32_t tags;              /* Tag Unit entries (mff.tags) */
    uint32_t line_data;         /* Line Data entries (mff.line_data) */
    uint32_t line;              /* bytes of a line (l2.line; the paper's 128) */
    uint32_t tag_latency;       /* cycles from a tag miss to its read leaving */
    uint32_t tag_ports;         /* lookups a cycle */
    uint32_t serve_rate;        /* waiters served a cycle */
    bool central;               /* one unit for the GPU (mff.central) */
} ws_mff_config;

typedef struct ws_mff_regs {
    uint64_t c_base;            /* C: 32-bit vertex indices */
    uint64_t c_len;             /* its entries */
    uint64_t v_base;            /* V: 32-bit words */
    uint64_t bv_base;           /* active-vertex bit vector */
} ws_mff_regs;

typedef struct ws_mff_cmd {
    ws_mff_kind kind;
    uint32_t warp;              /* warp id (names the Issue Engine) */
    uint64_t tag;               /* the caller's name for the command */
    uint32_t mask;              /* active threads */
    uint64_t c_index[WS_MFF_WARP];
    uint32_t size[WS_MFF_WARP];
} ws_mff_cmd;

typedef struct ws_mff_line_req {
    uint64_t addr;              /* line address */
    ws_mff_line_kind kind;
    bool write;                 /* a bit-vector line written back */
    uint8_t data[256];          /* the bytes of a write (line bytes) */
} ws_mff_line_req;

typedef struct ws_mff_reply {
    uint64_t tag;
    uint32_t warp, thread, k;   /* target[thread][k] */
    uint32_t value;
    uint64_t cycle;
} ws_mff_reply;

typedef struct ws_mff_done {
    uint64_t tag;
    uint32_t warp;
    ws_mff_kind kind;
    uint64_t words;             /* words delivered (gather) or bits set */
    uint64_t t_cmd, t_done;
} ws_mff_done;

typedef struct ws_mff_stats {
    uint64_t commands, cmd_refused; /* accepted; refused for a full engine */
    uint64_t words, bitsets, completions;
    uint64_t lookups, coalesced;    /* Tag Unit lookups; hits linking a waiter */
    uint64_t lines_read[WS_MFF_LINE_KINDS];
    uint64_t lines_written;         /* bit-vector write-backs */
    uint64_t bitsets_merged;        /* bit-sets into a line that already took one */
    uint64_t reg_stalls, tag_stalls; /* cycles the allocator / lookup waited */
    uint64_t fill_refused;          /* fills offered with Line Data full */
    uint64_t reg_occ_sum, tag_occ_sum, ld_occ_sum; /* occupancy at each cycle's end, summed */
    uint64_t reg_peak, tag_peak, ld_peak;
    uint64_t cycles;                /* steps counted in the sums */
    uint64_t lat_sum, lat_max;      /* command -> completion, cycles */
} ws_mff_stats;

/* SRAM sizes for the energy model (bits per entry, bytes in all). */
typedef struct ws_mff_sizes {
    uint32_t job_bits, reg_bits, tag_bits;
    uint64_t engine_bytes, reg_bytes, tag_bytes, line_data_bytes;
} ws_mff_sizes;

typedef struct ws_mff_view {
    uint32_t jobs, regs_used, tags_used, line_data_used;
    uint32_t lookup_q, line_q, replies, dones;
    bool configured;
} ws_mff_view;

typedef struct ws_mff ws_mff;

int ws_mff_config_from_opts(ws_mff_config *c, const struct ws_opts *o, ws_error *err);
int ws_mff_config_check(const ws_mff_config *c, ws_error *err);
ws_mff *ws_mff_create(const ws_mff_config *c, uint32_t id, ws_error *err);
void ws_mff_free(ws_mff *u);

/* A new launch: empties the unit (counters stay); -1 unless idle. */
int ws_mff_launch(ws_mff *u, const ws_mff_regs *r, ws_error *err);
/* 1: accepted; 0: its Issue Engine is full (retry); -1: refused (err). */
int ws_mff_command(ws_mff *u, const ws_mff_cmd *c, uint64_t cycle, ws_error *err);
/* One core cycle (cycles strictly increasing). */
void ws_mff_step(ws_mff *u, uint64_t cycle);
/* The oldest line read or write ready by `cycle` (false: none). */
bool ws_mff_line_pop(ws_mff *u, uint64_t cycle, ws_mff_line_req *out);
/* The line at addr came back: 1 taken, 0 Line Data full (offer it again),
 * -1 never asked. */
int ws_mff_fill(ws_mff *u, uint64_t addr, const void *bytes, uint64_t cycle);
bool ws_mff_reply_pop(ws_mff *u, ws_mff_reply *out);
bool ws_mff_done_pop(ws_mff *u, ws_mff_done *out);
/* No job, no line in flight, nothing waiting for the caller. */
bool ws_mff_idle(const ws_mff *u);

/* Inspector (read-only). */
void ws_mff_view_get(const ws_mff *u, ws_mff_view *v);
const ws_mff_stats *ws_mff_stats_get(const ws_mff *u);
const ws_mff_config *ws_mff_config_get(const ws_mff *u);
void ws_mff_sizes_get(const ws_mff *u, ws_mff_sizes *s);
const ws_mff_regs *ws_mff_regs_get(const ws_mff *u);

/* The structures, entry by entry, for the TUI and Lua (bounded copies:
 * each returns how many entries are in use and copies at most max of
 * them, in the order named; nothing is allocated).  The warp of a job, a
 * waiter or an event is the caller's warp id (the memory system's:
 * SM x slots + slot). */
typedef struct ws_mff_job_info {
    uint32_t engine, entry;     /* Issue Engine and its job entry */
    uint32_t warp;
    ws_mff_kind kind;
    uint32_t threads;           /* active threads with a size above 0 */
    uint32_t threads_left;      /* of them, still to get their registers */
    uint64_t words;             /* words (or bit-sets) of the command: the sum of sizes */
    uint64_t remaining;         /* of them, not yet served */
    uint64_t t_cmd;             /* cycle the engine took it (age = now - t_cmd) */
    uint64_t tag;
} ws_mff_job_info;
/* Jobs in use, engine by engine, entries in order. */
uint32_t ws_mff_jobs_get(const ws_mff *u, ws_mff_job_info *out, uint32_t max);

#define WS_MFF_WAITERS_SHOWN 8u
typedef struct ws_mff_waiter { uint32_t warp, thread, k; } ws_mff_waiter;
typedef struct ws_mff_tag_info {
    uint32_t entry;             /* Tag Unit entry */
    uint64_t addr;              /* block address */
    ws_mff_line_kind kind;
    bool present;               /* its line is in Line Data (else outstanding) */
    uint32_t waiters;           /* length of its waiter list */
    uint32_t shown;             /* the first min(waiters, WS_MFF_WAITERS_SHOWN), oldest first */
    ws_mff_waiter w[WS_MFF_WAITERS_SHOWN];
} ws_mff_tag_info;
/* Tag Unit entries in use, in entry order. */
uint32_t ws_mff_tags_get(const ws_mff *u, ws_mff_tag_info *out, uint32_t max);

typedef struct ws_mff_ld_info {
    uint32_t entry;             /* Line Data entry */
    uint64_t addr;
    ws_mff_line_kind kind;
    uint32_t waiters;           /* waiters left to serve */
    uint64_t bitsets;           /* bit-sets it took (bit-vector lines) */
    bool dirty;                 /* to be written back */
} ws_mff_ld_info;
/* Line Data entries in use, oldest (the one being served) first. */
uint32_t ws_mff_lds_get(const ws_mff *u, ws_mff_ld_info *out, uint32_t max);

/* Work Registers by state (free + c + v + bv = mff.work_regs). */
typedef struct ws_mff_reg_use { uint32_t free, c, v, bv; } ws_mff_reg_use;
void ws_mff_reg_use_get(const ws_mff *u, ws_mff_reg_use *r);

/* Events, for breakpoints: every completion, every Tag Unit hit that links
 * a waiter, and the first cycle of each stall of the allocator (pool full)
 * or of the lookup (every tag in use).  The unit keeps the last
 * WS_MFF_EVLOG; ws_mff_events counts all so far (never reset). */
typedef enum ws_mff_ev_kind {
    WS_MFF_EV_DONE = 0, WS_MFF_EV_COALESCE, WS_MFF_EV_REG_STALL, WS_MFF_EV_TAG_STALL
} ws_mff_ev_kind;
#define WS_MFF_EVLOG 64u
typedef struct ws_mff_event {
    ws_mff_ev_kind kind;
    uint64_t cycle;
    uint32_t warp, thread, k;   /* DONE: warp only; stalls: the thread waiting */
    uint64_t addr;              /* COALESCE, TAG_STALL: the block; REG_STALL: registers asked */
    ws_mff_line_kind line;      /* COALESCE, TAG_STALL */
    uint32_t waiters;           /* COALESCE: the list's length with this one */
    uint64_t words, t_cmd;      /* DONE */
} ws_mff_event;
uint64_t ws_mff_events(const ws_mff *u);
/* Event i (0 = the first ever); false when it is not kept (or not yet). */
bool ws_mff_event_get(const ws_mff *u, uint64_t i, ws_mff_event *out);
/* "C", "V", "BV"; "gather", "scatter_set". */
const char *ws_mff_line_kind_name(ws_mff_line_kind k);
const char *ws_mff_kind_name(ws_mff_kind k);

#endif
