/* ws_tui_explain.c: what the numbers of each view are, for the help
 * overlay (`?` shows the current view's paragraphs first).  Each column:
 * what it counts, its unit, its denominator (for a share or a rate) and
 * the span it covers (this launch, every launch, since recording began).
 * Kept beside the views' own header comments; man/warpscope.1 (KEYS,
 * "What the numbers are") says the same. */
#include "config.h"
#include "tui/ws_tui_int.h"

#include <string.h>

static const char *const warps[] = {
    "Header: resident warps of the SM / warp slots; insns this launch: warp instructions the SM issued in the "
    "current launch; L1D hit: hits / accesses the SM's L1D accepted in this launch (reservation fails are "
    "retried and not counted until accepted).",
    "slot: warp slot in the SM; warp: index of the warp in its CTA; CTA: its CTA (linear index); pc: index of "
    "its next instruction; line: that instruction's PTX line.",
    "lanes / active lanes: the lanes that will execute it (hex mask, or one cell per lane).",
    "stall: the Nsight Compute state of the warp at the end of the last cycle; for: cycles in that state so far "
    "(core cycles); out: its memory requests in flight; insns: warp instructions it issued (since it started).",
    "SMs panel (150 columns and more): per SM, resident warps, warp instructions of this launch and L1D hit "
    "share as in the header.",
    NULL,
};

static const char *const warp[] = {
    "state: the warp's stall reason and how many core cycles it has been in it (since the cycle given); "
    "outstanding: its memory requests in flight; insns: warp instructions it issued; active: the lanes of its "
    "next instruction; live: lanes not exited.",
    "why it waits: the registers its next instruction waits for, the instruction writing them (PTX file:line, "
    "issue cycle, age = cycles since issue) and each request still in flight (line address, array, bytes, "
    "where it is and the cycle it entered that stage); t opens a request's whole life.",
    "last load_iru (machines with the IRU): the cycles its request waited at the IRU (from entering the "
    "partition's request FIFO to the reply leaving) and why the reply left; got: the lanes that received an "
    "element, of the request's lanes, and how many distinct 128-byte target blocks those fall in; idx: each "
    "lane's index (- : filtered, its predicate false).",
    "waiting for the MFF (machines with the MFF): the stall mff_wait is a warp at a pc_wait whose pc_gather "
    "commands are not all complete (every word in shared memory and the completion back); the panel gives the "
    "oldest command in flight: the words it asks (the sum of its threads' sizes), how many the SM has written "
    "into shared memory so far, the core cycle the LD/ST unit sent it and the partition (unit) it went to; "
    "pc_scatter_set commands are listed but never waited for.",
    "SIMT stack: # entry, pc, PTX line, rpc (reconvergence pc, - none), lanes of the entry; the top runs.",
    "registers of lane N: hex, signed decimal, and the number for .f32/.f64 registers. A register the warp may "
    "not read yet shows pending (its load's opcode, line and issue cycle, or ready at N for a fixed-latency "
    "result): the functional engine wrote the value at issue (Lua: w:regs(lane, \"functional\")). - : read for "
    "the last time (its storage is shared).",
    "last instructions: issue cycle, PTX line, text and the lanes that executed it, newest first (recorded "
    "since the interface started).",
    NULL,
};

static const char *const stalls[] = {
    "Three panels, three denominators.",
    "Top (legend and GPU bar) and the per-SM bars: each stall reason's warp-cycles (a warp slot in a state for "
    "one core cycle is one warp-cycle) over all warp-cycles of the GPU or of that SM, idle slots excluded (I: "
    "included), since the gpu was made (every launch). wcyc: that denominator.",
    "Per SM, right: GPGPU-Sim's classes of scheduler cycles (each scheduler, each cycle, is idle, scbd: every "
    "warp waits on the scoreboard, stall: a warp was ready but a unit refused it, or issue), in % of that "
    "SM's scheduler-cycles (schedulers x cycles).",
    "Over time: IPC (warp instructions per core cycle) of each sample, and the largest reasons' shares of the "
    "non-idle warp-cycles of each sample (one sample per step or run chunk, so the width of a sample varies).",
    "mff_wait (machines with the MFF): warp-cycles at a pc_wait waiting for the warp's pc_gather commands to "
    "complete (not a scoreboard wait: the words go to shared memory, no register is pending).",
    NULL,
};

static const char *const caches[] = {
    "L1D line: hits, pending hits and misses count the accesses the cache accepted (loads, stores, and "
    "prefetches into the L1, this SM, every launch): hit = the data is in a valid line; pending hit = the line "
    "is being filled, the access joins its MSHR entry; miss = sent to L2. The three shares add to 100% of "
    "those accesses. Reservation fails are refused attempts (retried each cycle): counted per attempt, not in "
    "the accesses.",
    "lines valid / all; P: prefetched lines no demand used yet; R: lines waiting for their fill; D: dirty. "
    "MSHRs: entries in use of all, with the requests merged into each.",
    "L2 slices: occupancy (valid lines / lines), then hit, pending and miss shares of the slice's accepted "
    "accesses (adding to 100%), MSHR entries in use and miss-queue length; wide windows add the counts.",
    "L1I: fetches, misses, fetches waiting in its MSHRs, fetches refused.",
    NULL,
};

static const char *const prefetch[] = {
    "Counters (this SM and the GPU, every launch): issued: prefetches sent; useful: prefetched lines a demand "
    "used; late: a demand arrived while the prefetch was in flight; early: evicted before any use; useless: "
    "never used. accuracy = (useful + late) / issued; coverage = (useful + late) / (useful + late + demand "
    "misses); both in %.",
    "issued/sample, useful/sample: per sample (one per step or run chunk), GPU-wide; max is the highest sample "
    "shown.",
    "The policy's degree is the number of lines it prefetches per trigger. A throttle's state (MT, lateness) "
    "says how many of every 5 prefetches the policy issues it drops: drop 2/5 keeps 3 of 5; drop 5/5 (no "
    "prefetch) drops every one, whatever the policy's degree.",
    "Throttle metrics are bars against their thresholds (| marks), measured over the throttle's last period.",
    NULL,
};

static const char *const memory[] = {
    "DRAM bandwidth: share of DRAM data-bus cycles busy (now: the last sample; avg: since the start); row hits: "
    "column commands to an open row / all column commands.",
    "Per channel: q: requests in the channel's queue / its size; ret: completed requests not yet taken / "
    "return-queue size; hit: row-hit share; banks: o open, . closed (or the open row numbers).",
    "Interconnect: flits buffered per port (request network: SM inputs, L2 outputs; reply network: L2 inputs, "
    "SM outputs).",
    "Latency by level: mean core cycles from a read leaving the LD/ST unit to its data at the SM, by the level "
    "that served it. MTAML: the latency the resident warps can hide, against the measured mean.",
    "Totals per channel: requests, activates, bus busy % of DRAM cycles, mean queue length and latency (DRAM "
    "clocks), refused pushes. t: the life of the oldest request in flight.",
    NULL,
};

static const char *const source[] = {
    "W: warps of the selected SM whose next instruction is there (> the selected warp's).",
    "execs: warp instructions issued there, by every SM and warp, since the interface started recording (the "
    "first launch): launches 1 to the current one. misses: L1D misses of the instruction's accesses, every SM, "
    "every launch. reqs: its memory requests (accesses). stall: warp-cycles warps spent waiting with that "
    "instruction next, every SM, since recording began. The column heads repeat whose counts they are.",
    "B: a breakpoint (b disabled). Zero counts are blank.",
    NULL,
};

static const char *const iru[] = {
    "One memory partition's IRU (h/l: the partition). Level bars: the blocks' occupancy over their capacity "
    "(request FIFO, index prefetcher's lines in flight of iru.pf_inflight, elements read and not yet "
    "classified, classifier queues, ring queues, the hash's elements of sets x entry); the oldest request's "
    "waiting time is in core cycles.",
    "Hash grid: one cell per set, its height the set's fill (0 to iru.entry elements), its colour the number "
    "of distinct target blocks in it (1 green: replies as one coalesced access; 2-4 yellow; more red).",
    "Counters: the partition's elements in and out, filtered and merged, replies and why they left, the mean "
    "reply latency (core cycles) and ring traffic; the sparkline is the histogram of blocks "
    "per reply (1 to 32).",
    NULL,
};

static const char *const mff[] = {
    "One MFF unit (h/l: the unit; one per memory partition, or the central one). Level bars: the Issue "
    "Engines' job entries in use of engines x jobs; Work Registers in use of mff.work_regs, by state (C: "
    "waiting for a C word, V: for a V word, BV: for a bit-vector byte) and the registers queued for a Tag Unit "
    "lookup; Tag Unit entries in use of mff.tags (outstanding: its line is being read; present: in Line Data); "
    "Line Data lines of mff.line_data, and what waits to leave the unit.",
    "Counters, every launch so far: commands (refused: the warp's engine was full), words replied, bit-sets "
    "(merged: into a line that already took one), completions; coalesced: Tag Unit lookups that found their "
    "block already tagged, of all lookups; lines read by kind and bit-vector lines written back; remote: lines "
    "of another partition; stalls: core cycles the allocator (reg: pool full), the lookup (tag: every entry in "
    "use) or a fill (Line Data full) waited; latency: command to completion in core cycles; mean/peak: "
    "occupancy over the cycles the unit stepped.",
    "Jobs: engine.entry, the warp's SM and slot, kind, threads with a size (still to get registers), words of "
    "the command and those left, age in core cycles. Tag Unit: entry, block address, kind, state, waiter-list "
    "length and its first waiters as SM:slot, thread t and offset k (j/k scroll). Line Data: oldest first, the "
    "waiters it still has to serve.",
    NULL,
};

static const char *const console[] = {
    "What the scenario printed and the console's Lua; no counters.",
    NULL,
};

const char *const *ws_tui_explain(const char *view)
{
    static const struct {
        const char *name;
        const char *const *text;
    } tab[] = {
        { "warps", warps },       { "warp", warp },         { "stalls", stalls }, { "caches", caches },
        { "prefetch", prefetch }, { "memory", memory },     { "source", source }, { "console", console },
        { "iru", iru },           { "mff", mff },
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (view && !strcmp(tab[i].name, view)) return tab[i].text;
    return NULL;
}
