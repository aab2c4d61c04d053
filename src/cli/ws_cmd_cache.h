/* ws_cmd_cache.h: the pieces of `warpscope cache` shared by its option
 * handling (ws_cmd_cache.c) and its trace reader (ws_cmd_cache_trace.c). */
#ifndef WS_CMD_CACHE_H
#define WS_CMD_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_cache.h"

/* Dinero IV's access types (also the din labels 0-5). */
enum { WS_DIN_READ, WS_DIN_WRITE, WS_DIN_INSTR, WS_DIN_MISC, WS_DIN_COPYBACK, WS_DIN_INVAL };

/* One simulated cache and its Dinero-style counts by access type. */
typedef struct ws_dsim {
    ws_cache *c;
    char name[16];
    uint64_t line;
    bool sectored;
    uint64_t fetch[4], miss[4], blockmiss[4], multiblock;
} ws_dsim;

/* Read the trace (a path, "-" or NULL for standard input; gzip or plain)
 * into sims[0] (unified or instruction cache) and sims[1] (data cache) and
 * count its records.  Returns 0, or WS_EXIT_FAIL after printing
 * "warpscope cache: FILE:LINE: why" on standard error.  din_only: Dinero
 * III din records (size 4, address rounded down to 4). */
int ws_dinero_run(const char *trace, int din_only, ws_dsim *sims, int nsims, uint64_t *nrec);

#endif
