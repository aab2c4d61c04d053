/* t_coalesce: the compute capability 1.x coalescing rules
 * (src/arch/ws_coalesce.c) on hand-built warps: every transaction's address
 * and size, written "addr/size" (the address in hex from a
 * base, the size in decimal) in issue order (lanes 0-15's, then
 * 16-31's), and the lanes of some.  Rules: CUDA C Programming Guide 4.2,
 * Appendix F.3.2.1 (1.0/1.1) and F.3.2.2 (1.2/1.3).  The Fermi coalescer's
 * counts on the same patterns are checked at scenario level, in
 * tests/coalesce_cc1x.lua. */
#include "arch/ws_coalesce.h"
#include "ws_tap.h"

#define B 0x10000ull          /* a base address aligned to 256 bytes and more */

static uint64_t A[32];
static ws_coal_txn T[WS_COAL_MAX];
static uint32_t NT;

/* Runs arch on the lanes of mask with A[] and size; the transactions as text. */
static const char *run(ws_coal_arch arch, uint32_t mask, uint32_t size)
{
    static char buf[1024];
    size_t n = 0;
    NT = ws_coalesce_cc1x(arch, mask, A, size, T);
    buf[0] = 0;
    for (uint32_t i = 0; i < NT && n < sizeof buf - 32; i++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%llx/%u", i ? " " : "",
                              (unsigned long long)(T[i].addr - B), T[i].size);
    return buf;
}

/* "N x 32-byte transactions, one per lane l of mask at A[l] & ~31". */
static int per_lane_32(uint32_t mask)
{
    uint32_t i = 0;
    for (uint32_t m = mask; m; m &= m - 1, i++) {
        uint32_t l = (uint32_t)__builtin_ctz(m);
        if (i >= NT || T[i].size != 32 || T[i].addr != (A[l] & ~31ull) || T[i].lanes != 1u << l) return 0;
    }
    return i == NT;
}

static void seq(uint64_t start, uint32_t stride)
{
    for (uint32_t l = 0; l < 32; l++) A[l] = B + start + (uint64_t)l * stride;
}

static void count_sizes(uint32_t *n32, uint32_t *n64, uint32_t *n128)
{
    *n32 = *n64 = *n128 = 0;
    for (uint32_t i = 0; i < NT; i++) {
        if (T[i].size == 32) ++*n32;
        else if (T[i].size == 64) ++*n64;
        else if (T[i].size == 128) ++*n128;
    }
}

int main(void)
{
    const uint32_t ALL = 0xffffffffu;
    uint32_t a, b, c;

    /* sequential aligned 4-byte words: each half-warp's 64 bytes */
    seq(0, 4);
    is_str(run(WS_COAL_CC11, ALL, 4), "0/64 40/64", "1.1, 4 B sequential: one 64 B transaction per half-warp");
    is_int(T[0].lanes, 0xffff, "1.1: the first serves lanes 0-15");
    is_int(T[1].lanes, 0xffff0000u, "1.1: the second lanes 16-31");
    is_str(run(WS_COAL_CC13, ALL, 4), "0/64 40/64",
           "1.3, 4 B sequential: 128 B segment, only one half used, 64 B per half-warp");

    /* permuted within the segment: lane k reads word 15-k */
    for (uint32_t l = 0; l < 32; l++) A[l] = B + (l & 16) * 4 + (15 - (l & 15)) * 4;
    run(WS_COAL_CC11, ALL, 4);
    is_int(NT, 32, "1.1, permuted: 16 transactions per half-warp");
    ok(per_lane_32(ALL), "1.1, permuted: 32 B each, one per lane, in lane order");
    is_str(run(WS_COAL_CC13, ALL, 4), "0/64 40/64", "1.3, permuted: one 64 B transaction per half-warp");

    /* every lane the same word (a broadcast) */
    for (uint32_t l = 0; l < 32; l++) A[l] = B + 0x48;
    run(WS_COAL_CC11, ALL, 4);
    is_int(NT, 32, "1.1, one word for all: the k-th thread does not read the k-th word, 32 transactions");
    /* 1.3: segment [0,128), bytes [0x48,0x4c) used: upper half (64 B at 0x40), then its lower half */
    is_str(run(WS_COAL_CC13, ALL, 4), "40/32 40/32", "1.3, one word for all: one 32 B transaction per half-warp");

    /* strided by 2 words: half-warp 0 reads bytes 0..127 every other word */
    seq(0, 8);
    run(WS_COAL_CC11, ALL, 4);
    is_int(NT, 32, "1.1, stride 2 words: 16 transactions per half-warp");
    ok(per_lane_32(ALL), "1.1, stride 2 words: 32 B each");
    /* half-warp 0: words at 0, 8, ..., 120, bytes [0,124) of one 128 B segment: both halves used */
    is_str(run(WS_COAL_CC13, ALL, 4), "0/128 80/128", "1.3, stride 2 words: one 128 B transaction per half-warp");

    /* misaligned start, 4 bytes in: half-warp 0 reads [4,68), half-warp 1 [68,132) */
    seq(4, 4);
    run(WS_COAL_CC11, ALL, 4);
    is_int(NT, 32, "1.1, misaligned by 4 B: 16 transactions per half-warp");
    ok(per_lane_32(ALL), "1.1, misaligned by 4 B: 32 B each");
    /* 1.3: half-warp 0: segment [0,128), bytes [4,68): both halves, 128 B.
     * Half-warp 1: lane 16's segment [0,128) holds lanes 16-30, bytes
     * [68,128): the upper half, 64 B at 64 (both of its 32 B halves used);
     * lane 31 at 128: segment [128,256), bytes [0,4): 64 B, then 32 B */
    is_str(run(WS_COAL_CC13, ALL, 4), "0/128 40/64 80/32",
           "1.3, misaligned by 4 B: 128 B, then 64 B + 32 B");
    is_int(T[1].lanes, 0x7fff0000u, "1.3: the second serves lanes 16-30");
    is_int(T[2].lanes, 0x80000000u, "1.3: the third lane 31");

    /* misaligned start, 112 bytes in (the Best Practices Guide's split case):
     * half-warp 0 reads [112,176).  Lane 0's segment [0,128) holds lanes 0-3,
     * bytes [112,128): upper 64 B half [64,128), then upper 32 B [96,128).
     * Lane 4's segment [128,256) holds lanes 4-15, bytes [0,48) of it: lower
     * 64 B half, which it does not fit in 32 B: 64 B at 128.  Half-warp 1
     * reads [176,240): all in [128,256), bytes [48,112): both halves, 128 B */
    seq(112, 4);
    is_str(run(WS_COAL_CC13, ALL, 4), "60/32 80/64 80/128", "1.3, misaligned by 112 B: 32 B + 64 B, then 128 B");
    run(WS_COAL_CC11, ALL, 4);
    is_int(NT, 32, "1.1, misaligned by 112 B: 32 transactions");

    /* 1-byte words, sequential: 1.0/1.1 never coalesce them */
    seq(0, 1);
    run(WS_COAL_CC11, ALL, 1);
    is_int(NT, 32, "1.1, 1 B sequential: 16 transactions per half-warp");
    ok(per_lane_32(ALL), "1.1, 1 B: 32 B each (all in the same 32 B segment, still separate)");
    is_str(run(WS_COAL_CC13, ALL, 1), "0/32 0/32", "1.3, 1 B sequential: one 32 B segment per half-warp");
    /* 2-byte words: 64 B segments; half-warp 0 uses [0,32): reduced to 32 B */
    seq(0, 2);
    run(WS_COAL_CC11, ALL, 2);
    is_int(NT, 32, "1.1, 2 B sequential: 16 transactions per half-warp");
    is_str(run(WS_COAL_CC13, ALL, 2), "0/32 20/32", "1.3, 2 B sequential: 32 B per half-warp");

    /* 8-byte words, sequential: 128 B per half-warp */
    seq(0, 8);
    is_str(run(WS_COAL_CC11, ALL, 8), "0/128 80/128", "1.1, 8 B sequential: one 128 B transaction per half-warp");
    is_str(run(WS_COAL_CC13, ALL, 8), "0/128 80/128", "1.3, 8 B sequential: one 128 B transaction per half-warp");
    /* 8-byte words from a 64 B boundary: not 128 B aligned */
    seq(64, 8);
    run(WS_COAL_CC11, ALL, 8);
    is_int(NT, 32, "1.1, 8 B from 64 B: 16 transactions per half-warp");
    /* 1.3: half-warp 0 [64,192): [64,128) upper half -> 64 B at 64; [128,192) lower half -> 64 B at 128 */
    is_str(run(WS_COAL_CC13, ALL, 8), "40/64 80/64 c0/64 100/64", "1.3, 8 B from 64 B: two 64 B per half-warp");

    /* 16-byte words, sequential: 256 B per half-warp */
    seq(0, 16);
    is_str(run(WS_COAL_CC11, ALL, 16), "0/128 80/128 100/128 180/128",
           "1.1, 16 B sequential: two 128 B transactions per half-warp");
    is_int(T[0].lanes, 0xff, "1.1, 16 B: the first serves lanes 0-7");
    is_int(T[1].lanes, 0xff00, "1.1, 16 B: the second lanes 8-15");
    is_str(run(WS_COAL_CC13, ALL, 16), "0/128 80/128 100/128 180/128",
           "1.3, 16 B sequential: two 128 B transactions per half-warp");
    /* from a 128 B (not 256 B) boundary: the 4.2 guide's wording asks only that */
    seq(128, 16);
    is_str(run(WS_COAL_CC11, 0xffff, 16), "80/128 100/128", "1.1, 16 B from 128 B: coalesced, two 128 B");
    /* only lanes 0-3 active: 1.1 still issues both (no reduction on 1.1) */
    seq(0, 16);
    is_str(run(WS_COAL_CC11, 0xf, 16), "0/128 80/128", "1.1, 16 B, lanes 0-3: two 128 B transactions all the same");
    is_int(T[1].lanes, 0, "1.1, 16 B, lanes 0-3: the second serves no lane");
    is_str(run(WS_COAL_CC13, 0xf, 16), "0/64", "1.3, 16 B, lanes 0-3: one 64 B transaction");

    /* 12-byte elements (a struct of 3 floats), read one float per lane:
     * 4-byte loads at a stride of 12 */
    seq(0, 12);
    run(WS_COAL_CC11, ALL, 4);
    is_int(NT, 32, "1.1, 12 B stride: 16 transactions per half-warp");
    ok(per_lane_32(ALL), "1.1, 12 B stride: 32 B each");
    /* 1.3: half-warp 0 reads words at 0..180.  [0,128): lanes 0-10 (0..120),
     * bytes [0,124): 128 B.  [128,256): lanes 11-15 (132..180), bytes [4,56)
     * of it: lower half, 64 B (56 > 32).  Half-warp 1: words at 192..372.
     * Lane 16's segment [128,256): lanes 16-21 (192..252), bytes [64,128):
     * upper half, 64 B at 192, which both 32 B halves use.  Lane 22's
     * [256,384): lanes 22-31 (264..372), bytes [8,120): 128 B */
    is_str(run(WS_COAL_CC13, ALL, 4), "0/128 80/64 c0/64 100/128", "1.3, 12 B stride: 128 + 64, 64 + 128");
    count_sizes(&a, &b, &c);
    ok(a == 0 && b == 2 && c == 2, "1.3, 12 B stride: two 64 B, two 128 B");

    /* inactive lanes: odd lanes off, 4-byte sequential addresses */
    seq(0, 4);
    is_str(run(WS_COAL_CC11, 0x55555555u, 4), "0/64 40/64", "1.1, odd lanes off: still one 64 B per half-warp");
    is_int(T[0].lanes, 0x5555, "1.1, odd lanes off: serves the even lanes 0-14");
    /* 1.3, half-warp 0: words at 0, 8, ..., 56, bytes [0,60): lower 64 B, both 32 B halves */
    is_str(run(WS_COAL_CC13, 0x55555555u, 4), "0/64 40/64", "1.3, odd lanes off: 64 B per half-warp");
    /* only lanes 8-15: bytes [32,64) */
    is_str(run(WS_COAL_CC11, 0xff00, 4), "0/64", "1.1, lanes 8-15 only: the half-warp's 64 B transaction");
    is_str(run(WS_COAL_CC13, 0xff00, 4), "20/32", "1.3, lanes 8-15 only: reduced to 32 B");
    /* no lane of half-warp 0: only half-warp 1's */
    is_str(run(WS_COAL_CC11, 0xffff0000u, 4), "40/64", "1.1, lanes 16-31 only: one transaction");
    is_str(run(WS_COAL_CC13, 0, 4), "", "no active lane: no transaction");
    /* one active lane out of order breaks 1.1 for its half-warp only */
    seq(0, 4);
    A[5] = B + 0x18;    /* lane 5 reads word 6 */
    run(WS_COAL_CC11, ALL, 4);
    is_int(NT, 17, "1.1, lane 5 on word 6: 16 + 1 transactions");
    ok(T[16].addr == B + 0x40 && T[16].size == 64 && T[16].lanes == 0xffff0000u,
       "1.1: half-warp 1 still one 64 B transaction");
    is_str(run(WS_COAL_CC13, ALL, 4), "0/64 40/64", "1.3, lane 5 on word 6: one 64 B per half-warp");
    /* a half-warp over one 64 B segment of 4-byte words, not 64 B aligned */
    seq(32, 4);
    run(WS_COAL_CC11, 0xffff, 4);
    is_int(NT, 16, "1.1, 4 B from 32 B: 16 transactions");
    return tap_done();
}
