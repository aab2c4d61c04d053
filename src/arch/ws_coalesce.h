/* ws_coalesce.h: the coalescing rules of compute capability 1.x devices
 * (coalesce.arch = 1.0, 1.1, 1.2, 1.3), internal to the timing model.
 *
 * ws_coalesce_cc1x is a pure function: from a warp's active lanes, their
 * byte addresses and the access size it gives the memory transactions the
 * device would issue, half-warp by half-warp.  The LD/ST unit (ws_ldst.c)
 * turns each one into a request.  The Fermi and sector coalescers stay
 * inline in ws_ldst.c (their hot path). */
#ifndef WS_COALESCE_H
#define WS_COALESCE_H

#include <stdint.h>

/* coalesce.arch as the configuration keeps it (ws_gpu_cfg.c). */
typedef enum ws_coal_arch {
    WS_COAL_FERMI = 0,     /* 128 B segments (64 B for 2 B words, 32 B for 1 B) per warp */
    WS_COAL_SECTOR,        /* 32 B sectors per warp */
    WS_COAL_CC11,          /* compute capability 1.0 and 1.1 */
    WS_COAL_CC13,          /* compute capability 1.2 and 1.3 */
} ws_coal_arch;

/* One memory transaction: `size` bytes (32, 64 or 128) at `addr`, a
 * multiple of size, serving the lanes in `lanes` (none for the second
 * 128-byte transaction of a 1.1 half-warp of 16-byte words whose active
 * lanes are all in the first half). */
typedef struct ws_coal_txn {
    uint64_t addr;
    uint32_t size;
    uint32_t lanes;
} ws_coal_txn;

/* Requests of global/local instructions counted by size (the statistics
 * mem.transactions.32, .64, .96, .128 and .other; every coalescer). */
enum { WS_TXN_32 = 0, WS_TXN_64, WS_TXN_96, WS_TXN_128, WS_TXN_OTHER, WS_TXN_COUNT };

static inline uint32_t ws_txn_bucket(uint32_t bytes)
{
    return bytes == 32 ? WS_TXN_32 : bytes == 64 ? WS_TXN_64 : bytes == 96 ? WS_TXN_96
           : bytes == 128 ? WS_TXN_128 : WS_TXN_OTHER;
}

/* At most this many transactions per call (one per active lane). */
#define WS_COAL_MAX 32

/* The transactions of the lanes in `mask` (bit l: lane l, addr[l] its byte
 * address, naturally aligned to `size`, which is 1, 2, 4, 8 or 16) under
 * arch (WS_COAL_CC11 or WS_COAL_CC13), written to out[] in issue order:
 * lanes 0-15's, then lanes 16-31's.  Returns how many. */
uint32_t ws_coalesce_cc1x(ws_coal_arch arch, uint32_t mask, const uint64_t *addr, uint32_t size,
                          ws_coal_txn *out);

#endif
