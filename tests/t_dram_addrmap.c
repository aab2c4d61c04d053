/* t_dram_addrmap: GPGPU-Sim address-mapping strings: decodes computed by
 * hand, even use of 6 channels, no aliasing, rejected strings. */
#include "ws_tap.h"

#include "arch/ws_dram.h"

#define GTX480_MAP "dramid@8;00000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS"

static void check_loc(const ws_addrmap *m, uint64_t addr, uint32_t chan, uint32_t bank,
                      uint32_t row, uint32_t col, uint32_t sub, uint32_t group)
{
    ws_dram_loc l;
    ws_addrmap_decode(m, addr, &l);
    int good = l.chan == chan && l.bank == bank && l.row == row && l.col == col && l.sub == sub &&
               l.bank_group == group;
    ok(good, "0x%llx -> chan %u bank %u row %u col %u sub %u group %u", (unsigned long long)addr,
       chan, bank, row, col, sub, group);
    if (!good)
        diag("got chan %u bank %u row %u col %u sub %u group %u", l.chan, l.bank, l.row, l.col,
             l.sub, l.bank_group);
}

static ws_addrmap *make(const char *spec, uint32_t ch, uint32_t sub, uint32_t banks, uint32_t groups)
{
    ws_error err = {0};
    ws_addrmap *m = ws_addrmap_create(spec, ch, sub, banks, groups, &err);
    if (!m) {
        printf("Bail out! %s\n", err.msg);
        exit(1);
    }
    return m;
}

/* GTX480: 6 channels from bit 8 (256-byte interleave).  The channel-local
 * address is rest = ((a >> 8) / 6) << 8 | (a & 0xff); in it: S bits 0..5,
 * C bits 6..7, B bit 8, C bits 9..12, B bits 13..15, R bits 16..27.
 * col packs S and C: bits 0..5 -> 0..5, 6..7 -> 6..7, 9..12 -> 8..11.
 * bank: bit 8 -> 0, 13..15 -> 1..3.  sub = bank % 2, group = bank % 4. */
static void test_gtx480(void)
{
    ws_addrmap *m = make(GTX480_MAP, 6, 2, 16, 4);
    check_loc(m, 0x0, 0, 0, 0, 0, 0, 0);
    check_loc(m, 0x80, 0, 0, 0, 0x80, 0, 0);        /* bit 7: column bit 7 */
    check_loc(m, 0x100, 1, 0, 0, 0, 0, 0);          /* next 256 B: channel 1 */
    check_loc(m, 0x500, 5, 0, 0, 0, 0, 0);
    check_loc(m, 0x600, 0, 1, 0, 0, 1, 1);          /* quotient 1: rest 0x100, bank bit 0 */
    /* 0x12345678: a >> 8 = 0x123456 = 1193046 = 6 * 198841 -> chan 0;
     * rest = 198841 << 8 | 0x78 = 0x308B978: row 0x308, bank bits
     * b8=1 b13=1 b14=0 b15=1 -> 11, col 0x38 | 0x40 | (bits 11,12 -> 10,11) = 0xC78 */
    check_loc(m, 0x12345678, 0, 11, 0x308, 0xC78, 1, 3);
    check_loc(m, 0x12345778, 1, 11, 0x308, 0xC78, 1, 3);   /* a >> 8 one more: chan 1 */
    /* 0xFFFFFFFF: a >> 8 = 16777215 = 6 * 2796202 + 3 -> chan 3; rest =
     * 0x2AAAAA << 8 | 0xFF = 0x2AAAAAFF: row 0xAAA, bank b8=0 b13=1 b14=0
     * b15=1 -> 10, col 0x3F | 0xC0 | (bits 9, 11 -> 8, 10) = 0x5FF */
    check_loc(m, 0xFFFFFFFFull, 3, 10, 0xAAA, 0x5FF, 0, 2);

    ws_mreq r;
    memset(&r, 0, sizeof r);
    r.addr = 0x12345778;
    ws_addrmap_decode_req(m, &r);
    ok(r.chan == 1 && r.bank == 11 && r.row == 0x308 && r.col == 0xC78 && r.sub == 1 &&
           r.bank_group == 3,
       "decode_req fills the request's fields");

    /* a sequential sweep of 1.5 MB in 128-byte lines: every channel, and
     * every bank and slice of a channel, gets the same number of lines */
    uint32_t per_chan[6] = {0}, per_bank[6][16], per_sub[6][2];
    memset(per_bank, 0, sizeof per_bank);
    memset(per_sub, 0, sizeof per_sub);
    const uint64_t span = 6ull * 64 * 1024 * 4;
    for (uint64_t a = 0; a < span; a += 128) {
        ws_dram_loc l;
        ws_addrmap_decode(m, a, &l);
        per_chan[l.chan]++;
        per_bank[l.chan][l.bank]++;
        per_sub[l.chan][l.sub]++;
    }
    int even_chan = 1, even_bank = 1, even_sub = 1;
    for (int c = 0; c < 6; c++) {
        even_chan &= per_chan[c] == 2048;
        for (int b = 0; b < 16; b++) even_bank &= per_bank[c][b] == 128;
        even_sub &= per_sub[c][0] == 1024 && per_sub[c][1] == 1024;
    }
    ok(even_chan, "6 channels get 2048 lines each");
    ok(even_bank, "every bank of every channel gets 128 lines");
    ok(even_sub, "both L2 slices of every channel get 1024 lines");
    /* consecutive 256-byte chunks rotate through the channels */
    int rotate = 1;
    for (uint64_t k = 0; k < 60; k++) {
        ws_dram_loc l;
        ws_addrmap_decode(m, k * 256 + 17, &l);
        rotate &= l.chan == k % 6;
    }
    ok(rotate, "256-byte chunks go to channels 0, 1, ..., 5, 0, ...");

    /* no two 64-byte atoms of 6 MB share a (channel, bank, row, column):
     * 1 MB per channel, so row < 16 and col < 4096 */
    const uint64_t n = 6ull * 1024 * 1024 / 64;
    uint8_t *seen = calloc((96u << 16) / 8, 1);
    int alias = 0, small = 1;
    for (uint64_t i = 0; i < n; i++) {
        ws_dram_loc l;
        ws_addrmap_decode(m, i * 64, &l);
        small &= l.row < 16 && l.col < 4096;
        uint64_t k = (((uint64_t)l.chan * 16 + l.bank) << 16) | ((uint64_t)(l.row & 15) << 12) |
                     (l.col & 4095);
        if (seen[k >> 3] & (1u << (k & 7))) alias++;
        seen[k >> 3] |= (uint8_t)(1u << (k & 7));
    }
    ok(small, "6 MB: rows below 16, columns below 4096");
    is_int(alias, 0, "no aliasing over 6 MB");
    free(seen);
    ws_addrmap_free(m);
}

static void test_pow2(void)
{
    /* 8 channels with dramid@8: channel = bits 8..10; the mask applies to the
     * address with those bits removed (GPGPU-Sim inserts the channel bits) */
    ws_addrmap *m = make(GTX480_MAP, 8, 2, 16, 4);
    /* a >> 8 = 0x123456: chan 6, rest = 0x2468A << 8 | 0x78 = 0x2468A78:
     * row 0x246, bank b8=0 b13=0 b14=0 b15=1 -> 8, col 0x38 | 0x40 | 0x500 */
    check_loc(m, 0x12345678, 6, 8, 0x246, 0x578, 0, 0);
    ws_addrmap_free(m);

    /* explicit channel bits D, short mask, lower case and separators:
     * bits S 0..2, C 3..5, B 6..7, D 8..9, R 10..13 */
    m = make("RRRR.DD.BB.CCC.SSS", 4, 1, 4, 2);
    /* 0x2DEB = 10 1101 1110 1011: S 011, C 101, B 11, D 01, R 1011 */
    check_loc(m, 0x2DEB, 1, 3, 11, 5 * 8 + 3, 0, 1);
    check_loc(m, 0xF2DEB, 1, 3, 11, 5 * 8 + 3, 0, 1);  /* bits above the mask ignored */
    ws_addrmap_free(m);
    m = make("rrrr|dd bb.ccc.sss", 4, 2, 4, 4);
    check_loc(m, 0x2DEB, 1, 3, 11, 43, 1, 3);
    ws_addrmap_free(m);

    /* one channel needs no channel bits */
    m = make("RRRRBBBBCCCCSSSS", 1, 1, 16, 4);
    check_loc(m, 0xABCD, 0, 0xB, 0xA, 0xCD, 0, 3);
    ws_addrmap_free(m);
}

static void bad(const char *spec, uint32_t ch, uint32_t sub, uint32_t banks, uint32_t groups,
                const char *want)
{
    ws_error err = {0};
    ws_addrmap *m = ws_addrmap_create(spec, ch, sub, banks, groups, &err);
    ok(m == NULL, "rejected: %s", spec);
    is_str(err.msg, want, "message for %s", spec);
    ws_addrmap_free(m);
}

static void test_bad(void)
{
    bad("dramid@8;0000X000.RRRRBBBB.CCSSSSSS", 6, 2, 16, 4,
        "dram.map \"dramid@8;0000X000.RRRRBBBB.CCSSSSSS\": the mask may only contain R (row), "
        "B (bank), C (column), S (burst byte), D (channel), 0 (unused) and the separators '.', "
        "'|' and ' ' (character 'X' at position 14).");
    bad("dramid@;RRRRBBBBCCSS", 6, 2, 16, 4,
        "dram.map \"dramid@;RRRRBBBBCCSS\": 'dramid@' must be followed by the channel's start bit "
        "(0 to 63) and ';' (character ';' at position 8).");
    bad("dramid@64;RRRRBBBBCCSS", 6, 2, 16, 4,
        "dram.map \"dramid@64;RRRRBBBBCCSS\": the channel start bit after 'dramid@' must be "
        "between 0 and 63 (character '4' at position 9).");
    bad("dramid@8", 6, 2, 16, 4,
        "dram.map \"dramid@8\": expected ';' after the channel start bit of 'dramid@' (the "
        "string ends at position 9).");
    bad("dramid@8;DRRRRBBBBCCSS", 6, 2, 16, 4,
        "dram.map \"dramid@8;DRRRRBBBBCCSS\": channel bits (D) cannot be combined with "
        "'dramid@', which already selects the channel (character 'D' at position 10).");
    bad("dramid@8;", 6, 2, 16, 4,
        "dram.map \"dramid@8;\": the mask is empty; it needs 1 to 64 bit positions.");
    bad("dramid@8;000000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB.CCSSSSSS", 6, 2,
        16, 4,
        "dram.map \"dramid@8;000000000.00000000.00000000.00000000.0000RRRR.RRRRRRRR.BBBCCCCB."
        "CCSSSSSS\": the mask has more than 64 bit positions (character 'S' at position 81).");
    bad(GTX480_MAP, 6, 2, 8, 4,
        "dram.map \"" GTX480_MAP "\": 4 bank bits (B) select 16 banks but dram.banks is 8; the "
        "map needs 3 B bits.");
    bad("RRRRBBBBCCSS", 6, 2, 16, 4,
        "dram.map \"RRRRBBBBCCSS\": there are 6 channels but the map selects none; start it "
        "with 'dramid@N;' (channel from address bit N upward) or mark the channel bits with D.");
    bad("DDDRRRRBBBBCCSS", 6, 2, 16, 4,
        "dram.map \"DDDRRRRBBBBCCSS\": 3 channel bits (D) select 8 channels but mem.channels is "
        "6; use 'dramid@N;' for a channel count that is not a power of two.");
    bad("DDRRRRBBBBCCSS", 8, 2, 16, 4,
        "dram.map \"DDRRRRBBBBCCSS\": 2 channel bits (D) select 4 channels but mem.channels is "
        "8.");
    bad(GTX480_MAP, 6, 3, 16, 4,
        "mem.subparts is 3; it must divide dram.banks (16), since the low bank bits select the "
        "L2 slice of a channel.");
    bad(GTX480_MAP, 0, 2, 16, 4, "mem.channels is 0; it must be between 1 and 1024.");
    bad(GTX480_MAP, 6, 2, 16, 5, "dram.bank_groups is 5; it must divide dram.banks (16).");
    bad(GTX480_MAP, 6, 2, 12, 4, "dram.banks is 12; with an address map it must be a power of two.");
    bad("dramid@8;RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRBBBBSS", 6, 2, 16, 4,
        "dram.map \"dramid@8;RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRBBBBSS\": 33 row bits (R) and 2 "
        "column bits (C and S); each may be at most 32.");
    bad("dramid@8;RRRR\tBBBB", 6, 2, 16, 4,
        "dram.map \"dramid@8;RRRR\tBBBB\": the mask may only contain R (row), B (bank), C "
        "(column), S (burst byte), D (channel), 0 (unused) and the separators '.', '|' and ' ' "
        "(character 0x09 at position 14).");
    ws_error err = {0};
    ok(ws_addrmap_create(NULL, 6, 2, 16, 4, &err) == NULL, "NULL spec rejected");
}

/* The partition address drops what chose the channel and the L2 slice, so
 * the lines of one slice use every set of a 64-set L2 slice (with the raw
 * line number they used only 16: the 6-way channel interleave at bit 8 and
 * the slice bit both sit in the low line bits), and no two lines of a slice
 * share a partition address. */
static void test_part_addr(void)
{
    ws_addrmap *m = make(GTX480_MAP, 6, 2, 16, 4);
    ok(ws_addrmap_part_addr(m, 0x600) == 0x0, "0x600 (chan 0, rest 0x100, slice bit 8) -> 0");
    ok(ws_addrmap_part_addr(m, 0x12345678) == 0x1845c78,
       "0x12345678: rest 0x308B978 without bit 8 -> 0x1845c78");
    ok(ws_addrmap_part_addr(m, 0x7f) == 0x7f, "the low 256 bytes of channel 0 keep their offset");
    uint64_t seen_raw = 0, seen_part = 0;
    uint32_t n = 0, dup = 0;
    enum { LINES = 65536 };         /* 8 MB of 128-byte lines */
    static uint64_t pa[LINES];
    for (uint64_t a = 0; a < (uint64_t)LINES * 128; a += 128) {
        ws_dram_loc l;
        ws_addrmap_decode(m, a, &l);
        if (l.chan != 0 || l.sub != 0)
            continue;
        uint64_t p = ws_addrmap_part_addr(m, a);
        seen_raw |= 1ull << ((a >> 7) & 63);
        seen_part |= 1ull << ((p >> 7) & 63);
        pa[n++] = p;
    }
    for (uint32_t i = 1; i < n; i++)
        if (pa[i] <= pa[i - 1])
            dup++;
    is_int(__builtin_popcountll(seen_raw), 16, "raw line numbers of slice 0 reach 16 of 64 sets");
    is_int(__builtin_popcountll(seen_part), 64, "partition addresses of slice 0 reach all 64 sets");
    ok(n >= LINES / 12 - 2 && n <= LINES / 12 + 2, "about one line in 12 belongs to slice 0 (6 channels x 2 slices): %u", n);
    is_int(dup, 0, "partition addresses of slice 0 increase with the address (no aliasing)");
    ws_addrmap_free(m);

    /* explicit channel bits: bits S 0..2, C 3..5, B 6..7, D 8..9, R 10..13;
     * slice = bank % 2 = bit 6.  0x2DEB without bits 8, 9 and 6 */
    m = make("RRRR.DD.BB.CCC.SSS", 4, 2, 4, 2);
    ok(ws_addrmap_part_addr(m, 0x2DEB) == ((0x2DEBu >> 10) << 7 | (0x2DEBu >> 7 & 1) << 6 | (0x2DEBu & 0x3f)),
       "D bits and the slice bit are squeezed out");
    ws_addrmap_free(m);
}

/* dramid@N with a channel count that is not a power of two divides the
 * address above bit N by it (by a multiplication for all but huge
 * addresses): channel and row against plain division, over random and
 * boundary addresses, for several counts and start bits. */
static void test_chan_div(void)
{
    static const uint32_t counts[] = { 3, 5, 6, 7, 11, 12, 24 };
    static const unsigned starts[] = { 0, 8, 12 };
    uint64_t x = 0x9E3779B97F4A7C15ull;
    for (size_t si = 0; si < sizeof starts / sizeof *starts; si++) {
        unsigned st = starts[si];
        char spec[160];
        snprintf(spec, sizeof spec, "dramid@%u;RRRRRRRR.RRRRRRRR.BBBBCCCC.CCCCCCCC", st);
        for (size_t ci = 0; ci < sizeof counts / sizeof *counts; ci++) {
            uint32_t d = counts[ci];
            ws_addrmap *m = make(spec, d, 1, 16, 1);
            int bad_n = 0, n = 0;
            for (int k = 0; k < 20000; k++) {
                uint64_t a;
                if (k < 64) {
                    /* around 2^64 / d (where the fast path ends) and the top */
                    uint64_t lim = UINT64_MAX / d;
                    uint64_t hi = k < 32 ? lim - 16 + (uint64_t)k : UINT64_MAX - (uint64_t)(k - 32);
                    a = st ? (hi << st) | (uint64_t)k : hi;
                    if (st && (hi >> (64 - st))) a = UINT64_MAX - (uint64_t)k;
                } else {
                    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
                    a = k % 3 == 0 ? x : k % 3 == 1 ? x >> 20 : x >> 40;
                }
                ws_dram_loc l;
                ws_addrmap_decode(m, a, &l);
                uint64_t hi = st ? a >> st : a, low = st ? a & ((1ull << st) - 1) : 0;
                uint64_t rest = (st ? (hi / d) << st : hi / d) | low;
                n++;
                if (l.chan != hi % d || l.row != (uint32_t)((rest >> 16) & 0xffff) ||
                    l.col != (uint32_t)(rest & 0xfff) || l.bank != (uint32_t)((rest >> 12) & 0xf)) {
                    if (bad_n++ < 3)
                        diag("%u channels from bit %u: 0x%llx -> chan %u row %u col %u bank %u", d, st,
                             (unsigned long long)a, l.chan, l.row, l.col, l.bank);
                }
            }
            ok(bad_n == 0, "%u channels from bit %u: %d addresses decode as by division", d, st, n);
            ws_addrmap_free(m);
        }
    }
}

int main(void)
{
    test_chan_div();
    test_gtx480();
    test_pow2();
    test_bad();
    test_part_addr();
    return tap_done();
}
