/* ws_coalesce.c: compute capability 1.x coalescing (see ws_coalesce.h).
 *
 * Source: NVIDIA, CUDA C Programming Guide 4.2 (April 2012), Appendix F.3.2
 * "Global Memory" of compute capability 1.x (the 3.x guides carry the same
 * rules in Appendix G.3.2; the CUDA C Best Practices Guide 4.x, Sec. 3.2.1
 * "Coalesced Access to Global Memory", works examples of both):
 *
 *  - a warp's request is split into two, one per half-warp (lanes 0-15 and
 *    16-31), issued independently;
 *  - 1.0 and 1.1 (F.3.2.1): a half-warp coalesces only when its words are 4,
 *    8 or 16 bytes, the k-th thread of the half-warp accesses the k-th word
 *    and the words lie in one 64-byte segment (4 B), one 128-byte segment
 *    (8 B), or the first 8 in one 128-byte segment and the last 8 in the
 *    next (16 B).  It then issues one 64-byte transaction, one 128-byte, or
 *    two 128-byte ones; inactive threads do not break it.  Otherwise it
 *    issues 16 separate 32-byte transactions;
 *  - 1.2 and 1.3 (F.3.2.2): take the segment (32 B for 1-byte words, 64 B
 *    for 2-byte, 128 B for 4-, 8- and 16-byte) of the lowest-numbered active
 *    thread not yet served, gather every such thread whose address is in it,
 *    halve the transaction while only its lower or upper half is used (128 B
 *    to 64 B, 64 B to 32 B), issue it, and repeat until every active thread
 *    is served.
 *
 * [choice] The guide's "16 separate 32-byte transactions" is for a whole
 * half-warp: here one per active thread (an inactive thread asks for
 * nothing), whatever the word size (a naturally aligned word of at most 16
 * bytes is inside one 32-byte segment).
 * [choice] 1- and 2-byte words never coalesce on 1.0/1.1: the guide's first
 * condition allows only 4, 8 and 16 bytes.
 * [choice] A coalesced 1.1 half-warp of 16-byte words issues both 128-byte
 * transactions even when its active threads use only one of them (the
 * guide reduces transaction sizes only for 1.2/1.3).  Its base need be
 * only 128-byte aligned, as the 4.2 guide words it ("the first 8 words in
 * one 128-byte segment and the last 8 in the following one"). */
#include "arch/ws_coalesce.h"

#include <stdbool.h>

/* Whether the active lanes of half-warp h (lanes hm, first lane 16*h) access
 * the k-th word of one aligned block in thread order (F.3.2.1).  *base gets
 * the block's address. */
static bool cc11_coalesces(uint32_t hm, uint32_t h, const uint64_t *addr, uint32_t size, uint64_t *base)
{
    if (size != 4 && size != 8 && size != 16)
        return false;
    uint32_t align = size == 4 ? 64 : 128;
    uint32_t l0 = (uint32_t)__builtin_ctz(hm);
    uint64_t k0 = (uint64_t)(l0 - 16 * h) * size;
    if (addr[l0] < k0)
        return false;
    uint64_t b = addr[l0] - k0;
    if (b % align)
        return false;
    for (uint32_t m = hm & (hm - 1); m; m &= m - 1) {
        uint32_t l = (uint32_t)__builtin_ctz(m);
        if (addr[l] != b + (uint64_t)(l - 16 * h) * size)
            return false;
    }
    *base = b;
    return true;
}

static uint32_t half_cc11(uint32_t hm, uint32_t h, const uint64_t *addr, uint32_t size, ws_coal_txn *out)
{
    uint64_t b;
    if (cc11_coalesces(hm, h, addr, size, &b)) {
        if (size == 4) {
            out[0] = (ws_coal_txn){ b, 64, hm };
            return 1;
        }
        if (size == 8) {
            out[0] = (ws_coal_txn){ b, 128, hm };
            return 1;
        }
        uint32_t lo = hm & (0xffu << (16 * h));     /* the half-warp's first 8 threads */
        out[0] = (ws_coal_txn){ b, 128, lo };
        out[1] = (ws_coal_txn){ b + 128, 128, hm & ~lo };
        return 2;
    }
    uint32_t n = 0;
    for (uint32_t m = hm; m; m &= m - 1) {
        uint32_t l = (uint32_t)__builtin_ctz(m);
        out[n++] = (ws_coal_txn){ addr[l] & ~(uint64_t)31, 32, 1u << l };
    }
    return n;
}

static uint32_t half_cc13(uint32_t hm, const uint64_t *addr, uint32_t size, ws_coal_txn *out)
{
    uint32_t seg = size == 1 ? 32 : size == 2 ? 64 : 128;
    uint32_t n = 0;
    while (hm) {
        uint64_t base = addr[__builtin_ctz(hm)] & ~(uint64_t)(seg - 1);
        uint32_t lanes = 0, lo = seg, hi = 0;      /* bytes [lo, hi) of the segment used */
        for (uint32_t m = hm; m; m &= m - 1) {
            uint32_t l = (uint32_t)__builtin_ctz(m);
            if ((addr[l] & ~(uint64_t)(seg - 1)) != base)
                continue;
            uint32_t off = (uint32_t)(addr[l] - base), end = off + size;
            lanes |= 1u << l;
            if (off < lo) lo = off;
            if (end > hi) hi = end;
        }
        if (hi > seg) hi = seg;
        uint32_t tsz = seg;
        while (tsz > 32) {          /* only one half used: the half */
            uint32_t half = tsz / 2;
            if (hi <= half) {
                tsz = half;
            } else if (lo >= half) {
                base += half;
                lo -= half;
                hi -= half;
                tsz = half;
            } else {
                break;
            }
        }
        out[n++] = (ws_coal_txn){ base, tsz, lanes };
        hm &= ~lanes;
    }
    return n;
}

uint32_t ws_coalesce_cc1x(ws_coal_arch arch, uint32_t mask, const uint64_t *addr, uint32_t size,
                          ws_coal_txn *out)
{
    uint32_t n = 0;
    for (uint32_t h = 0; h < 2; h++) {
        uint32_t hm = mask & (0xffffu << (16 * h));
        if (!hm)
            continue;
        n += arch == WS_COAL_CC11 ? half_cc11(hm, h, addr, size, out + n) : half_cc13(hm, addr, size, out + n);
    }
    return n;
}
