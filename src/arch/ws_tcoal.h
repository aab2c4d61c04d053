/* ws_tcoal.h: temporal-coalescing instrumentation (issue 34, B8.2; the
 * MFF paper's Fig. 5), one instance per SM, no globals.
 *
 * What it measures.  Each warp's global-memory loads form a stream of warp
 * instructions; an instruction's requests are the distinct 128-byte blocks
 * its active lanes read (instantaneous coalescing: window W = 1).  Merging
 * the requests of W consecutive instructions of the same warp removes a
 * block requested again inside the window.  For W = 1..32 the SM counts
 * the requests left:
 *
 *   requests[W]          tumbling windows: the warp's instructions 0..W-1,
 *                        W..2W-1, ... (a window is a group of W operations
 *                        whose requests are merged, as the paper applies
 *                        "temporal coalescing to 16 warp-level memory
 *                        operations" and as the MFF merges the requests of
 *                        the commands it holds); the figure's curve
 *   requests_sliding[W]  sliding windows: a block counts again unless one of
 *                        the warp's W - 1 previous instructions read it (an
 *                        MSHR that remembered the last W - 1 operations)
 *
 * and the lane accesses (uncoalesced requests: at most 32 per instruction).
 * The counts are taken at issue, before any cache or MSHR, so they are a
 * property of the workload and of the warps' order of loads, not of the
 * caches.  Stores and atomics are not counted (Fig. 5 is about PageRank's
 * reads of C and V); nor are local, shared, constant or parameter spaces.
 * The block is always 128 bytes (the paper's block), whatever the
 * machine's sector or line size.  stats.tcoal.array names one array: only
 * the loads whose first active lane reads it are counted, so a warp's
 * windows hold that array's loads alone (Fig. 5 draws step 3, array C,
 * and step 4, array V, apart).
 *
 * How.  A block's distance d is how many of the warp's instructions back
 * its latest previous read was (none: infinite).  With i the instruction's
 * index in its warp's stream (0 first), the block is merged in a tumbling
 * window of W iff d <= i mod W, and in a sliding window iff d < W.  The
 * latest read of each block comes from a per-warp hash of the last 32 to
 * 63 instructions' blocks (two tables of 2,048 entries, one per epoch of 32
 * instructions, an entry valid only under its epoch's tag, so nothing is
 * ever cleared): lookups are O(1) and the state is bounded (64 KB a warp,
 * allocated at the warp slot's first load).  A slot's state starts again
 * when a new warp occupies the slot (its dispatch age differs).
 *
 * Cost.  stats.tcoal=false (the default) leaves the SM's pointer NULL: the
 * LD/ST unit tests it once per warp memory instruction. */
#ifndef WS_TCOAL_H
#define WS_TCOAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct ws_step;
struct ws_gpu;
struct ws_device;

#define WS_TCOAL_WMAX 32        /* largest window (Fig. 5's axis goes to 32) */
#define WS_TCOAL_BLOCK_LOG 7    /* 128-byte blocks */

/* Counters of one SM (registered per SM as tcoal.*; [w - 1] is window w). */
typedef struct ws_tcoal_ctr {
    uint64_t insns;                         /* warp load instructions counted */
    uint64_t lanes;                         /* lane accesses (uncoalesced requests) */
    uint64_t req[WS_TCOAL_WMAX];            /* tumbling windows */
    uint64_t slide[WS_TCOAL_WMAX];          /* sliding windows */
} ws_tcoal_ctr;

typedef struct ws_tcoal ws_tcoal;

/* nslots warp slots counting into *ctr (which must outlive it). */
ws_tcoal *ws_tcoal_new(uint32_t nslots, ws_tcoal_ctr *ctr);
void ws_tcoal_free(ws_tcoal *t);
/* stats.tcoal.array: count only the loads whose first lane reads an
 * allocation of dev named `array` (copied; NULL or "": every load). */
void ws_tcoal_filter(ws_tcoal *t, const struct ws_device *dev, const char *array);

/* One warp load of the warp in `slot` (dispatch age `age`): the lanes in
 * `mask` read addr[lane] (device byte addresses).  Lanes not global are
 * left out by the caller. */
void ws_tcoal_load(ws_tcoal *t, uint32_t slot, uint64_t age, uint32_t mask, const uint64_t *addr);

/* The LD/ST unit's hook: a load's global lanes (st->space global, or the
 * lanes of a generic access that resolved to global) go to ws_tcoal_load. */
void ws_tcoal_step(ws_tcoal *t, uint32_t slot, uint64_t age, const struct ws_step *st);

/* The GPU side (ws_gpu_tcoal.c).  ws_gpu_tcoal_register adds the tcoal.*
 * counters (per SM) and the JSON's tcoal section when stats.tcoal is on.
 * ws_gpu_tcoal gives the summed counters over launch `launch` (SIZE_MAX:
 * the totals so far; call ws_gpu_stats_sync first); false when stats.tcoal
 * is off or there is no such launch.  ws_gpu_tcoal_print writes the
 * summary's line (nothing when off). */
void ws_gpu_tcoal_register(struct ws_gpu *g);
bool ws_gpu_tcoal(struct ws_gpu *g, size_t launch, ws_tcoal_ctr *out);
void ws_gpu_tcoal_print(struct ws_gpu *g, FILE *f);

#endif
