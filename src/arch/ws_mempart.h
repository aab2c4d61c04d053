/* ws_mempart.h: the memory side: L2 slices (sub-partitions) and their DRAM
 * channels, between the two interconnect subnets.
 *
 * ws_memsys owns the request and reply networks, every L2 slice and DRAM
 * channel, and the address map.  SMs push requests with ws_memsys_push
 * (false: the request network's input is full, retry next cycle) and pop
 * replies with ws_memsys_pop.  Inside a sub-partition a request waits the
 * ROP latency, looks up the L2 slice (hit: reply after the L2 hit latency;
 * miss: MSHR, miss queue, DRAM queue after the extra DRAM latency), and
 * returns.  Atomics are performed at L2 (their data effect was applied at
 * issue by the functional engine; here they cost an L2 read-modify-write:
 * the L2 sees them as writes, and they reply with data).  Writes are
 * acknowledged (a reply without data) unless WS_MREQ_F_NO_REPLY: those
 * complete silently and the memory system frees them to the pool.
 *
 * Packets: requests are an 8-byte header (WS_MEMSYS_HEADER), plus the data
 * for writes, atomics and write-backs; replies carry the header plus the
 * data (r->size bytes) for reads, prefetches and atomics, the header alone
 * for write acknowledgements.  The sub-partition of a request is the
 * address map's (chan, sub): slice chan * subparts + sub.
 *
 * Clock domains (../notes: exact integer ratios): domain d (icnt, L2, DRAM)
 * has ticked T_d(c) = floor(c * f_d / f_core) times by the start of core
 * cycle c; ws_memsys_tick(c) runs its ticks T_d(c) .. T_d(c+1)-1: first the
 * interconnect ticks, then the L2 ticks, then the DRAM ticks.
 *
 *   push(c)      the packet may cross from icnt cycle T_i(c+1) on;
 *   icnt         ws_icnt timing (icnt.latency after the last flit crossed);
 *   L2 tick k    (each sub-partition, in order) one DRAM completion is
 *                processed (a fill: ws_cache_fill, and the released requests
 *                reply at tick k + l2.latency, as hits do; other completions
 *                reply at once); one request is taken from the request
 *                network (delivered by icnt cycle T_i(c+1)-1) into the ROP
 *                queue, ready at c + l2.rop_latency; the ROP head, once
 *                ready, looks up the L2 (hit: reply at tick k + l2.latency;
 *                reservation failure: retried next tick); replies due by
 *                tick k enter the reply queue.  Lookups and fills wait while
 *                the reply queue holds WS_MEMSYS_QUEUE replies;
 *   DRAM tick    (each channel) one request taken, round robin over the
 *                channel's sub-partitions, from their L2 miss queues into
 *                the DRAM delay line (ready at c + dram.latency) while
 *                delay line + DRAM queue < dram.queue; the ready head of
 *                the delay line enters the DRAM queue; the DRAM channel is
 *                ticked (at the clocks ws_dram_next_event names); completed
 *                requests go to their slice's fill queue while it has room
 *                (WS_MEMSYS_QUEUE; else they stay in the DRAM's return
 *                queue); L2 write-backs end there;
 *   reply        the reply queue's head enters the reply network at the
 *                next interconnect tick (a later core cycle);
 *   pop(c)       replies delivered by icnt cycle T_i(c)-1.
 * So the result of a cycle does not depend on whether the SMs push and pop
 * before or after ws_memsys_tick.  ws_memsys_tick(c) at a cycle without
 * work changes nothing, which is what makes skipping to
 * ws_memsys_next_event exact.  (A refused push counts in the request
 * network's push_fail: a caller that sleeps until ws_memsys_push_ready
 * when skipping, but retries every cycle when stepping, should ask
 * ws_memsys_can_push first.)
 *
 * Latency of a read without contention, all clocks equal (tests/t_memsys.c):
 *   1 (to the next icnt tick) + icnt.latency + l2.rop_latency
 *   + L2 hit:  l2.latency
 *   + miss:    dram.latency + DRAM service (e.g. tRCD + tCL + bursts) + 1
 *              (completion to the fill at the next L2 tick) + l2.latency
 *   + 1 (reply queue to the network at the next tick) + (reply flits - 1)
 *   + icnt.latency + 1 (popped from the cycle after its delivery).
 * gtx480 (DRAM at 924 MHz), 128-byte read, one lookup a request: L2 hit
 * 135 core cycles (1+4+120+1+1+3+4+1); from DRAM, closed bank, 258
 * (1+4+120+100+22+1+1+1+3+4+1, the 22 being ACT, RD, RD + tCCDL, tCL and a
 * burst: 29 DRAM clocks).  With l2.port (gtx480: 32 bytes) a lookup of a
 * request of k pieces keeps the slice busy k L2 ticks and a hit answers
 * after the last: the L2 hit takes 138. */
#ifndef WS_MEMPART_H
#define WS_MEMPART_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_cache.h"
#include "arch/ws_dram.h"
#include "arch/ws_icnt.h"
#include "arch/ws_iru.h"
#include "arch/ws_mff.h"
#include "arch/ws_mreq.h"
#include "arch/ws_opts.h"
#include "util/ws_error.h"

/* Bytes of a request or reply packet's header (address, command). */
#define WS_MEMSYS_HEADER 8u
/* Entries of the sub-partition queues that GPGPU-Sim sizes with
 * -gpgpu_dram_partition_queues (reply queue, fill queue, bypass queue when
 * the L2 is disabled) and the extra room of the ROP queue: its default
 * 8:8:8:8, the tests' value; the machines take l2.queue (GTX480: 64). */
#define WS_MEMSYS_QUEUE 8u

/* Request flags private to the memory system (high bits of ws_mreq.flags;
 * cleared before a reply is handed back). */
enum {
    WS_MREQ_F_MS_SM   = 1u << 30,   /* came from an SM: it is replied to or freed */
    WS_MREQ_F_MS_FILL = 1u << 31,   /* owns an L2 MSHR entry: its DRAM data fills the L2 */
    WS_MREQ_F_MS_WFETCH = 1u << 29, /* a write-back write fetching its L2 line: a DRAM read, a write again at the fill */
};

typedef struct ws_memsys_config {
    uint32_t channels, subparts;    /* mem.channels, mem.subparts */
    bool l2_enable;                 /* l2.enable */
    ws_cache_config l2;             /* one slice (l2.*) */
    uint32_t l2_latency;            /* l2.latency, L2 cycles */
    uint32_t l2_port;               /* l2.port, bytes looked up per L2 cycle (0: a request) */
    uint32_t rop_latency;           /* l2.rop_latency, core cycles */
    uint32_t dram_latency;          /* dram.latency, core cycles */
    ws_dram_config dram;            /* dram.* */
    char map[256];                  /* dram.map */
    uint32_t flit, icnt_latency, in_buffer, out_buffer;     /* icnt.* */
    uint32_t clk_core, clk_icnt, clk_l2, clk_dram;          /* clock.*, MHz */
    uint32_t queue;                 /* l2.queue (WS_MEMSYS_QUEUE in the tests) */
} ws_memsys_config;

typedef struct ws_memsys ws_memsys;

typedef struct ws_memsys_stats {
    uint64_t reads, writes, atomics, prefetches;     /* requests received at L2 */
    uint64_t lat_sum[WS_LVL_COUNT];                  /* reply latency sums by level served */
    uint64_t lat_n[WS_LVL_COUNT];
    /* latency = pop cycle - push cycle (core cycles), over data replies
     * (reads, prefetches, atomics); write acknowledgements separately */
    uint64_t ack_lat_sum, ack_n;
    uint64_t silent;                /* NO_REPLY requests completed */
    uint64_t writebacks;            /* write-backs the L2 sent to DRAM */
    uint64_t dram_reqs;             /* requests that entered a DRAM queue */
} ws_memsys_stats;

/* L2 lookups of one slice counted per 32-byte sector of the request, as
 * GPGPU-Sim 4.x's sectored L2 counts them (it splits a 128-byte request into
 * four sector requests at the partition): a request needing k sectors is k
 * accesses; of a miss, the sectors it fetches are misses and the others hits
 * (or hit_reserved, the line being filled).  Reads, writes, atomics,
 * prefetches and write-backs alike; refused lookups are not counted. */
typedef struct ws_memsys_sectors {
    uint64_t accesses, hits, hit_reserved, misses;
} ws_memsys_sectors;
const ws_memsys_sectors *ws_memsys_sector_stats(const ws_memsys *m, uint32_t slice);

/* The configuration from the options (mem.*, l2.*, dram.*, icnt.*,
 * clock.*); -1 with a message naming the key when it cannot work. */
int ws_memsys_config_from_opts(ws_memsys_config *c, const ws_opts *o, ws_error *err);
ws_memsys *ws_memsys_create_cfg(const ws_memsys_config *c, uint32_t nsms, ws_mreq_pool *pool,
                                ws_error *err);
/* Built from the options (mem.*, l2.*, dram.*, icnt.*, clock.*). */
ws_memsys *ws_memsys_create(const ws_opts *o, uint32_t nsms, ws_mreq_pool *pool, ws_error *err);
void ws_memsys_free(ws_memsys *m);
const ws_memsys_config *ws_memsys_config_get(const ws_memsys *m);
/* Push r from `sm` at core cycle `cycle` (decodes r->chan/sub/bank/row/col;
 * stamps t_icnt).  False: the request network's input is full. */
bool ws_memsys_push(ws_memsys *m, uint32_t sm, ws_mreq *r, uint64_t cycle);
/* Whether ws_memsys_push(m, sm, r, cycle) would accept r; the earliest
 * core cycle >= cycle from which it will without any other event
 * (UINT64_MAX: only the network's next grant, a ws_memsys_next_event, can
 * make room). */
bool ws_memsys_can_push(const ws_memsys *m, uint32_t sm, const ws_mreq *r, uint64_t cycle);
uint64_t ws_memsys_push_ready(const ws_memsys *m, uint32_t sm, const ws_mreq *r, uint64_t cycle);
/* The oldest reply for `sm` (stamps t_reply; r->level says who served it). */
/* A demand now waits for prefetch r, which left the SM: it is served at
 * demand priority from here on (the DRAM's demand_first), and so is the
 * prefetch that fetches its line when r waits in an L2 MSHR entry. */
void ws_memsys_promote(ws_memsys *m, ws_mreq *r);
ws_mreq *ws_memsys_pop(ws_memsys *m, uint32_t sm, uint64_t cycle);
/* One core cycle: the icnt, L2 and DRAM ticks that fall in it. */
void ws_memsys_tick(ws_memsys *m, uint64_t cycle);
/* Earliest core cycle >= cycle at which ws_memsys_tick does anything or a
 * reply can be popped (`cycle` when one already can); UINT64_MAX when idle. */
uint64_t ws_memsys_next_event(const ws_memsys *m, uint64_t cycle);
bool ws_memsys_idle(const ws_memsys *m);
/* What keeps it from being idle: requests from SMs inside, L2 write-backs on
 * their way to DRAM, requests waiting in the slices for DRAM. */
void ws_memsys_pending(const ws_memsys *m, uint64_t *from_sms, uint64_t *writebacks, uint64_t *for_dram);

/* A host copy wrote [addr, addr + bytes): each line's slice takes the
 * written sectors into its L2 (ws_cache_warm), costing no time.  Nothing
 * when the L2 is disabled. */
void ws_memsys_host_write(ws_memsys *m, uint64_t addr, uint64_t bytes, uint32_t owner, uint64_t cycle);
uint32_t ws_memsys_nslices(const ws_memsys *m);
uint32_t ws_memsys_nchannels(const ws_memsys *m);
ws_cache *ws_memsys_l2(ws_memsys *m, uint32_t slice);     /* NULL when l2.enable = false */
ws_dram *ws_memsys_dram(ws_memsys *m, uint32_t chan);
ws_icnt *ws_memsys_icnt(ws_memsys *m, bool reply);        /* request / reply network */
const ws_memsys_stats *ws_memsys_stats_get(const ws_memsys *m);

/* The IRU (iru.enable = true; ws_mempart_iru.c): one unit per channel.
 * A load_iru request is a READ with WS_MREQ_F_IRU whose r->chan the SM
 * chose (round robin) and whose sector_mask holds the warp's lanes; its
 * reply carries r->size bytes (the reply packets) and ws_memsys_iru_reply
 * gives its contents until ws_memsys_iru_release. */
typedef int (*ws_memsys_read_fn)(void *ctx, uint64_t addr, void *buf, uint32_t bytes);
bool ws_memsys_has_iru(const ws_memsys *m);
/* How the prefetchers' lines get their bytes (device memory). */
void ws_memsys_iru_set_reader(ws_memsys *m, ws_memsys_read_fn fn, void *ctx);
/* A kernel starts with these configuration registers. */
int ws_memsys_iru_launch(ws_memsys *m, const ws_iru_regs *r, ws_error *err);
/* A launch was cut short (fault, deadlock): answer every waiting request. */
void ws_memsys_iru_end(ws_memsys *m);
const ws_iru_reply *ws_memsys_iru_reply(const ws_memsys *m, const ws_mreq *r);
/* A reply packet of r's reply reached the SM: true when it is the last
 * (its reply has one or two packets). */
bool ws_memsys_iru_last_packet(ws_memsys *m, const ws_mreq *r);
void ws_memsys_iru_release(ws_memsys *m, ws_mreq *r);
uint32_t ws_memsys_iru_units(const ws_memsys *m);
ws_iru *ws_memsys_iru_unit(ws_memsys *m, uint32_t ch);
/* Requests moved between partitions by the balancing rule. */
uint64_t ws_memsys_iru_moved(const ws_memsys *m);

/* The MFF (mff.enable = true; ws_mempart_mff.c says how it connects).  A
 * command is a ws_mreq with WS_MREQ_F_MFF whose chan the SM chose
 * (ws_memsys_mff_route); its payload is the SM's record of the command
 * (addr: a pointer to it, read by the partition at arrival and never
 * written there; pf_tag: its index in the SM's table).  Its replies are
 * packets with WS_MREQ_F_MFF and the same pf_tag: words (pf_wid
 * WS_MFF_PKT_WORD; addr = thread x 64 + k, pf_key the value) and one
 * completion (WS_MFF_PKT_DONE; pf_key the words or bits of the command).
 * The SM counts them in its record (ws_ldst.c). */
enum { WS_MFF_PKT_CMD = 0, WS_MFF_PKT_WORD = 1, WS_MFF_PKT_DONE = 2 };
typedef struct ws_memsys_mffcmd {
    bool used, done;
    ws_mff_cmd cmd;             /* what the unit takes */
    uint64_t target[WS_MFF_WARP];   /* pc_gather: each thread's shared offset */
    uint16_t slot;
    uint16_t chan;              /* the unit it went to (inspection) */
    uint64_t t_issue;           /* cycle the LD/ST unit sent it (inspection) */
    uint64_t words_got, words_expected;
} ws_memsys_mffcmd;
/* Per unit, what the memory system counts besides the unit's own counters. */
typedef struct ws_memsys_mff_ext {
    uint64_t remote_lines;      /* lines read or written in another channel's slice */
    uint64_t reply_packets;     /* word and completion packets sent to the SMs */
    uint64_t done_packets;      /* of them, completions */
    uint64_t cmd_errors;        /* commands the unit refused (answered empty) */
} ws_memsys_mff_ext;
bool ws_memsys_has_mff(const ws_memsys *m);
uint32_t ws_memsys_mff_units(const ws_memsys *m);
ws_mff *ws_memsys_mff_unit(ws_memsys *m, uint32_t p);
const ws_memsys_mff_ext *ws_memsys_mff_ext_get(const ws_memsys *m, uint32_t p);
/* How lines get their bytes and how bit-vector write-backs reach device
 * memory (or_in: the line's bits ORed in). */
void ws_memsys_mff_set_memory(ws_memsys *m, ws_memsys_read_fn rd, ws_memsys_read_fn or_in, void *ctx);
int ws_memsys_mff_launch(ws_memsys *m, const ws_mff_regs *r, ws_error *err);
/* The channel a command for C[c_index] goes to. */
uint32_t ws_memsys_mff_route(const ws_memsys *m, uint64_t c_index);
/* Line reads and write-backs of the units inside the memory system. */
uint64_t ws_memsys_mff_lines_inflight(const ws_memsys *m);

#endif
