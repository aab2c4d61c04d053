/* ws_iru.h: the Irregular accesses Reorder Unit (IRU), one partition of it.
 *
 * Source: Segura, Arnau, Gonzalez, "Irregular Accesses Reorder Unit:
 * Improving GPGPU Memory Coalescing for Graph-Based Workloads" (seed 002;
 * extraction ../shared/research/seed-002-003-iru-mff.md, part A).  One IRU
 * sits in every memory partition (A2.1); the partitions together hold one
 * logical reordering hash and pass elements to the partition owning their
 * set over a ring (A2.2).  This file is the unit alone: the memory
 * partition, the LD/ST unit and the functional engine drive it through the
 * calls below (see "How it will connect" at the end of this comment).
 *
 * State: everything of one partition is in its ws_iru; there are no
 * globals, and a partition's step reads and writes only its own state.
 * Partitions exchange elements only through the ring queues, which the
 * caller moves between neighbours with ws_iru_ring_move (one element a
 * cycle a hop).  So a step of every partition, in any order or in
 * parallel, followed by the ring moves, gives the same result.
 *
 * Per launch, the configuration registers (ws_iru_regs, the host's
 * configure_iru, A2.5): the target array's base and element size, the
 * indices array (32-bit words holding 24-bit indices), an optional
 * secondary array (32-bit words), the number of elements n and the filter
 * operation (none, drop: integer compare; min: integer minimum; add:
 * floating-point addition).
 *
 * The blocks of a partition (A2.2, Fig. 5) and what each does per cycle,
 * in the order ws_iru_step runs them (a stage runs before the one feeding
 * it, so an element moves one stage a cycle):
 *
 *   replier      the oldest request of the request FIFO is answered, at
 *                most one reply a cycle, when: a whole warp of filtered
 *                slots is owed (the reply is a warp whose lanes are all
 *                disabled); or an entry holds as many elements as the
 *                request has lanes (32: a full entry; the oldest full
 *                entry first); or the replier has waited iru.timeout
 *                cycles for this request (counted from its arrival or
 *                from the previous answer, whichever is later: the
 *                replier's wait, not the request's time queued behind
 *                others) and the hash holds enough elements (the entries
 *                with the most elements first, lowest set on ties: the
 *                best-coalesced first; the paper's "keeps gathering until
 *                32 elements are available" is read as waiting until the
 *                hash holds them, then taking them in one reply); or the
 *                stream has ended (ws_iru_flush):
 *                the partial entries are merged best-first, and lanes
 *                left without an element are disabled.  Elements taken
 *                leave their entry.  A reply is one packet (indices,
 *                positions, the predicate), two with a secondary array;
 *                a warp of disabled lanes is one packet.
 *   hash insert  per bank, the element at the head of the bank's pipeline
 *                (iru.hash_latency cycles after it was taken) goes into
 *                its set's entry at the next free slot, with no tag check
 *                (an entry may mix blocks: a conflict when the entry's
 *                first element is of another block).  A full entry (32
 *                elements) takes nothing: the bank waits (A2.3: "no more
 *                data can be inserted to it") until the replier empties it.
 *                With a filter, an element whose index equals one already
 *                in the entry is dropped (drop), or combined with it:
 *                signed 32-bit minimum of the secondaries keeping the
 *                position of the smaller (min), float32 sum (add); this
 *                holds for a full entry too (the compare needs no slot).
 *   data proc.   (A2.2 block 4) the ring's input has priority: its ready
 *                head goes to its bank's pipeline when this partition owns
 *                its set, else onto the ring's output; then each bank's
 *                classifier queue gives one element to its pipeline if the
 *                ring did not, and the classifier's ring queue one element
 *                to the ring's output if the ring did not use it.
 *   classifier   moves elements from the prefetch buffer, in order, into
 *                its queues (one per local bank and one for the ring), at
 *                most one element a cycle into each queue (A2.2 block 3).
 *   prefetcher   walks the lines of the indices array, keeping those this
 *                partition owns (the caller's owner function, the address
 *                map), and for each requests that line and the lines of
 *                the secondary array holding the same elements, one
 *                request a cycle, at most iru.pf_inflight (8, A2.2) lines
 *                in flight.  Requests wait in an out-queue the caller
 *                drains into its L2 slice (or past it: iru.bypass_l2);
 *                the caller answers each with ws_iru_fill and the line's
 *                bytes.  A chunk whose lines have all arrived moves to the
 *                prefetch buffer (completion order).  The secondary lines
 *                of a partition's chunks are in its own slice when the two
 *                arrays sit at the same offset of the address map's
 *                interleaving; otherwise they are marked remote (counted
 *                in pf_remote) and the caller routes them to their slice.
 *                Indices are read as 32-bit words; that they fit in 24
 *                bits (A2.5) is the host side's check.
 *
 * The set of an element: block = (target + index * elem_size) / iru.block;
 * logical set = H(block) mod iru.sets (H: iru.hash); the partition owning
 * it is set mod partitions and its local set set / partitions (the sets
 * are interleaved over the partitions, so consecutive blocks of a target
 * array go to every partition in turn; with the sets split in contiguous
 * quarters a target of fewer than iru.sets / partitions blocks, a 32 KB
 * array on gtx980, would all belong to one partition and load one ring
 * link with every element, issue 33); its bank local set mod iru.banks.
 * With iru.shared = false (the ablation of A8: private hashes) every
 * element stays in the partition that read it, local set = H(block) mod
 * (iru.sets / partitions), and the ring carries nothing.
 *
 * End of stream: ws_iru_stream_done says that a partition has nothing more
 * of its own to insert (every chunk read and classified, its ring queues
 * and pipelines empty).  Only when every partition is done and the ring is
 * empty is the stream over; the caller then calls ws_iru_flush on each.
 *
 * Filtered slots: every element filtered or merged owes one disabled lane.
 * The replier keeps the count and answers a request with a whole warp of
 * disabled lanes (A2.3: grouped into warps, not spread) once it owes as
 * many as the request has lanes; at the end of the stream what is left is
 * packed after the last elements.
 *
 * How it connects (issue 33 part 2: ws_mempart_iru.c has the partition's
 * side and its exact order in a cycle, ws_ldst.c the SM's):
 * - The memory partition (ws_mempart.c) owns one ws_iru per channel, calls
 *   ws_iru_launch at a kernel start when configure_iru was given, steps
 *   every IRU each core cycle while any is busy, then moves the ring with
 *   ws_iru_ring_move for every hop, and checks the end of the stream.  It
 *   drains ws_iru_pf_pop into the channel's L2 slice as a read (a request
 *   with a flag saying it is the IRU's, bypassing the L2 with
 *   iru.bypass_l2), and on the reply reads the line's bytes from device
 *   memory (the functional state, as DSAP's prefetcher does at its fill)
 *   and calls ws_iru_fill.
 * - The LD/ST unit sends load_iru as a request (bypassing L1) to the
 *   partitions in round robin; the partition calls ws_iru_request with the
 *   warp's active lanes and a tag naming the SM, the warp slot and the
 *   pending load.  Requests whose partition runs dry while another still
 *   has elements must be balanced (A2.2, "simple control logic"): the
 *   partition moves them with ws_iru_request_steal / ws_iru_request.
 * - The replies (ws_iru_reply_pop) travel as one or two reply packets over
 *   the reply network, each its own message (ws_memsys_iru_last_packet).
 *   When the last one reaches the SM, the LD/ST unit
 *   writes the lanes' destination registers (index, secondary, position,
 *   and the predicate "not filtered") from the ws_iru_reply, through the
 *   functional engine's register write (ws_warp_iru_result: lanes in the
 *   reply's mask only), and releases the scoreboard: the functional
 *   engine does not write load_iru's registers at issue, because which
 *   element a lane receives is decided here, by timing. */
#ifndef WS_IRU_H
#define WS_IRU_H

#include <stdbool.h>
#include <stdint.h>

#include "util/ws_error.h"

struct ws_opts;

#define WS_IRU_WARP 32u         /* lanes of a request and a reply */
#define WS_IRU_LAT_BUCKETS 18u  /* reply latency histogram: 0, 1, 2-3, ..., 65536 and more */

typedef enum ws_iru_filter {
    WS_IRU_FILTER_NONE = 0,
    WS_IRU_FILTER_DROP,         /* integer compare: duplicates dropped */
    WS_IRU_FILTER_MIN,          /* integer compare: minimum secondary kept */
    WS_IRU_FILTER_ADD,          /* floating-point add of the secondaries */
} ws_iru_filter;

typedef enum ws_iru_hash {
    WS_IRU_HASH_XOR = 0,        /* block ^ block >> 10 ^ block >> 20 (folded) */
    WS_IRU_HASH_MOD,            /* block itself */
} ws_iru_hash;

/* Structure of one partition (iru.* options); fixed at create. */
typedef struct ws_iru_config {
    uint32_t parts;             /* partitions on the ring (mem.channels) */
    uint32_t sets;              /* logical sets of the whole hash (iru.sets) */
    uint32_t banks;             /* banks per partition (iru.banks) */
    uint32_t entry;             /* elements per entry (iru.entry, <= 32) */
    uint32_t block;             /* bytes of a target block (iru.block) */
    uint32_t line;              /* bytes of a prefetched line (l2.line) */
    uint32_t pf_inflight;       /* lines in flight (iru.pf_inflight) */
    uint32_t class_depth;       /* elements per classifier queue */
    uint32_t ring_depth;        /* elements of the ring's input and output queues */
    uint32_t ring_latency;      /* cycles a hop */
    uint32_t hash_latency;      /* cycles from data processing to the entry */
    uint32_t req_fifo;          /* requests waiting */
    uint32_t reply_queue;       /* replies waiting for the caller */
    uint64_t timeout;           /* cycles */
    ws_iru_hash hash;
    bool shared;                /* one logical hash over the ring (false: private) */
    bool bidir;                 /* iru.ring bi: links both ways, the shorter way taken */
    bool bypass_l2;             /* prefetches bypass the L2 */
} ws_iru_config;

/* The configuration registers, set per launch (configure_iru, A2.5). */
typedef struct ws_iru_regs {
    uint64_t target;            /* base of the irregularly accessed array */
    uint32_t elem_size;         /* its element size, bytes */
    uint64_t indices;           /* 32-bit words (24-bit indices) */
    uint64_t secondary;         /* 32-bit words; 0: none */
    uint64_t n;                 /* elements */
    ws_iru_filter filter;
} ws_iru_regs;

/* Which partition holds the line at `addr` (the address map's channel). */
typedef uint32_t (*ws_iru_owner_fn)(void *ctx, uint64_t addr);

/* A line the prefetcher asks of the L2 (or of DRAM with bypass_l2). */
typedef struct ws_iru_pfreq {
    uint64_t addr;              /* line address */
    uint32_t size;              /* bytes (a line) */
    bool secondary;             /* a line of the secondary array */
    bool bypass_l2;
    bool remote;                /* the owner function puts it in another partition */
} ws_iru_pfreq;

/* A reply to one request: per lane of the request's mask, the element's
 * index, secondary and original position, and whether the lane got one
 * (`valid`: the "not filtered" predicate). */
typedef struct ws_iru_reply {
    uint64_t tag;               /* the request's */
    uint32_t mask;              /* the request's lanes */
    uint32_t valid;             /* lanes with an element (a subset of mask) */
    uint32_t idx[WS_IRU_WARP], sec[WS_IRU_WARP], pos[WS_IRU_WARP];
    uint32_t packets;           /* 1, or 2 with a secondary array (<= 2) */
    uint32_t lines;             /* distinct target blocks of the valid lanes */
    uint64_t t_ready;           /* may leave the unit from this cycle (the merge's ring time) */
    bool timeout;               /* answered after the timeout */
    bool flush;                 /* answered at the end of the stream */
    uint64_t t_request, t_reply;
} ws_iru_reply;

/* Counters, plain and per partition. */
typedef struct ws_iru_stats {
    uint64_t elems_in;          /* elements the prefetcher delivered */
    uint64_t filtered;          /* dropped (filter drop) */
    uint64_t merged;            /* combined into another (min, add) */
    uint64_t elems_out;         /* elements replied */
    uint64_t requests;          /* requests accepted */
    uint64_t replies, reply_packets;
    uint64_t disabled_warps;    /* replies with every lane disabled */
    uint64_t timeouts;          /* replies made after the timeout */
    uint64_t flush_replies;     /* replies at the end of the stream */
    uint64_t hash_inserts, hash_conflicts;
    uint64_t hash_stalls;       /* bank cycles waiting for a full entry */
    uint64_t hash_occ_sum;      /* elements in the hash at the end of each cycle, summed */
    uint64_t hash_reads, hash_writes;   /* entry reads (filter compare, reply), slot writes */
    uint64_t ring_flits;        /* elements sent to a neighbour (this partition's links) */
    uint64_t ring_flits_back;   /* of them to the previous partition (iru.ring bi) */
    uint64_t ring_in;           /* elements received from the previous one */
    uint64_t pf_lines, pf_remote;       /* lines requested; of them in another partition */
    uint64_t pf_bytes;
    uint64_t lat_sum;           /* request -> reply cycles, summed over replies */
    uint64_t coal_hist[WS_IRU_WARP + 1];    /* replies by distinct blocks (0..32) */
    uint64_t hash_peak;         /* most elements the hash held at once */
    /* kept by the memory partition (ws_mempart_iru.c): */
    uint64_t leave_n, leave_sum;    /* replies that left into the reply network; request
                                     * arrival at the partition -> leaving, cycles summed */
    uint64_t leave_hist[WS_IRU_LAT_BUCKETS];    /* those by ws_iru_lat_bucket */
    uint64_t merge_hops;        /* element-hops of the end-of-stream merge on the ring */
    uint64_t remote_hops;       /* secondary lines carried from another partition, x hops */
} ws_iru_stats;

/* Bucket of a latency of t cycles: 0 for 0, else 1 + floor(log2 t), the
 * last bucket open (bucket b >= 1 holds 2^(b-1) .. 2^b - 1). */
static inline uint32_t ws_iru_lat_bucket(uint64_t t)
{
    uint32_t b = t ? 64u - (uint32_t)__builtin_clzll(t) : 0;
    return b < WS_IRU_LAT_BUCKETS ? b : WS_IRU_LAT_BUCKETS - 1;
}

/* What the energy model will price (A2.4): the hash's storage and widths. */
typedef struct ws_iru_sizes {
    uint64_t hash_bytes;        /* sets per partition x entry x slot bytes (80 KB) */
    uint32_t slot_bits;         /* 24-bit index + 32-bit secondary + 24-bit position */
    uint32_t entry_bits;        /* entry x slot_bits: what a compare or reply reads */
    uint64_t req_fifo_bytes, pf_buffer_bytes, class_bytes, ring_bytes;
} ws_iru_sizes;

/* The inspector's view (read-only). */
typedef struct ws_iru_view {
    uint32_t id, sets;          /* this partition, its local sets */
    uint32_t req_fifo;          /* requests waiting */
    uint32_t replies;           /* replies waiting for the caller */
    uint32_t pf_inflight;       /* lines in flight (out-queue included) */
    uint32_t pf_buffer;         /* elements read, not yet classified */
    uint32_t class_q;           /* elements in the classifier queues */
    uint32_t ring_in, ring_out; /* ring occupancy */
    uint32_t pipe;              /* elements in the banks' pipelines */
    uint64_t hash_elems;        /* elements in the hash */
    uint64_t owed;              /* disabled lanes owed */
    bool configured, stream_done, flushing;
} ws_iru_view;

typedef struct ws_iru ws_iru;

/* The iru.* options (parts: mem.channels; line: l2.line); -1 with a message
 * naming the key when the structure cannot work. */
int ws_iru_config_from_opts(ws_iru_config *c, const struct ws_opts *o, ws_error *err);
int ws_iru_config_check(const ws_iru_config *c, ws_error *err);
ws_iru *ws_iru_create(const ws_iru_config *c, uint32_t id, ws_iru_owner_fn owner, void *owner_ctx,
                      ws_error *err);
void ws_iru_free(ws_iru *u);
const ws_iru_config *ws_iru_config_get(const ws_iru *u);

/* A new launch with these registers: empties the unit (counters stay). */
int ws_iru_launch(ws_iru *u, const ws_iru_regs *r, ws_error *err);
/* One core cycle of this partition (cycles strictly increasing).  Cycles
 * may be skipped when ws_iru_next_event said nothing happens in them: the
 * results and every counter are then those of stepping every cycle. */
void ws_iru_step(ws_iru *u, uint64_t cycle);
/* Earliest cycle >= cycle at which ws_iru_step does anything, or at which
 * the caller has something to do (a prefetch to pop, a reply to pop, an
 * element on the ring's output); UINT64_MAX when only the caller can wake
 * it (a fill, a request, an element on the ring, a reply popped). */
uint64_t ws_iru_next_event(const ws_iru *u, uint64_t cycle);
/* One hop: the head of from's ring output, if any, into to's ring input
 * (ready ring_latency cycles later), when there is room.  True if moved. */
bool ws_iru_ring_move(ws_iru *from, ws_iru *to, uint64_t cycle);
/* The same in direction dir (0: p -> p + 1, 1: p -> p - 1, iru.ring bi). */
bool ws_iru_ring_move_dir(ws_iru *from, ws_iru *to, uint32_t dir, uint64_t cycle);
/* ws_iru_ring_move over the whole ring: partition p -> p + 1 mod n, then
 * with iru.ring bi p -> p - 1 mod n. */
void ws_iru_ring_step(ws_iru *const *units, uint32_t n, uint64_t cycle);

/* The prefetcher's out-queue: the oldest request (false: none). */
bool ws_iru_pf_pop(ws_iru *u, ws_iru_pfreq *out);
/* The line at addr arrived with its bytes (line bytes).  -1: not asked. */
int ws_iru_fill(ws_iru *u, uint64_t addr, const void *bytes, uint64_t cycle);

/* A load_iru request for the lanes of `mask` (false: the FIFO is full). */
bool ws_iru_request(ws_iru *u, uint64_t tag, uint32_t mask, uint64_t cycle);
/* Take back the youngest waiting request (balancing); false: none. */
bool ws_iru_request_steal(ws_iru *u, uint64_t *tag, uint32_t *mask, uint64_t *t_request);
/* The oldest reply waiting for the caller (false: none). */
bool ws_iru_reply_pop(ws_iru *u, ws_iru_reply *out);

/* Nothing more of its own to insert (see above). */
bool ws_iru_stream_done(const ws_iru *u);
/* Every partition done and the ring empty: the end of the stream. */
bool ws_iru_all_done(ws_iru *const *units, uint32_t n);
void ws_iru_flush(ws_iru *u);
/* Nothing left: every element replied, no request, no reply waiting. */
bool ws_iru_idle(const ws_iru *u);

/* Inspector (read-only). */
void ws_iru_view_get(const ws_iru *u, ws_iru_view *v);
/* Local set s: elements in its entry and distinct target blocks among them. */
void ws_iru_set_info(const ws_iru *u, uint32_t s, uint32_t *fill, uint32_t *blocks);
const ws_iru_stats *ws_iru_stats_get(const ws_iru *u);
/* "none", "drop", "min" or "add" (configure_iru's filter names). */
const char *ws_iru_filter_name(ws_iru_filter f);
/* The configuration registers of the current launch (configured false: none). */
const ws_iru_regs *ws_iru_regs_get(const ws_iru *u);
/* The i-th oldest request waiting in the request FIFO (false: i >= req_fifo). */
bool ws_iru_req_get(const ws_iru *u, uint32_t i, uint64_t *tag, uint32_t *mask, uint64_t *t_request);
void ws_iru_sizes_get(const ws_iru *u, ws_iru_sizes *s);
/* The logical set of a target index, and the partition owning it. */
uint32_t ws_iru_set_of(const ws_iru *u, uint32_t idx);
/* The direction an element takes from partition `from` to `to`: 0 (to
 * p + 1) on a one-way ring; with iru.ring bi the shorter way, 0 on a tie
 * (two hops of four). */
uint32_t ws_iru_ring_dir(const ws_iru_config *c, uint32_t from, uint32_t to);
/* Links passed that way. */
uint32_t ws_iru_ring_hops(const ws_iru_config *c, uint32_t from, uint32_t to);
uint32_t ws_iru_part_of(const ws_iru *u, uint32_t idx);

#endif
