/* ws_addrmap.c: GPGPU-Sim style address mapping strings (see ws_dram.h):
 * which channel, L2 slice, bank, bank group, row and column an address
 * falls in.  A field's bits are gathered as runs of contiguous mask bits,
 * so decoding is a few shifts per field. */
#include "arch/ws_dram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/ws_util.h"

enum { F_CHAN, F_BANK, F_ROW, F_COL, F_N };

typedef struct run {
    uint8_t src, dst;       /* bit position in the address / in the field */
    uint64_t mask;          /* run mask after shifting down by src */
} run;

typedef struct field {
    uint64_t mask;
    uint32_t nbits, nruns;
    run runs[64];
} field;

struct ws_addrmap {
    uint32_t channels, subparts, banks, bank_groups;
    int chip_start;         /* dramid@N, or -1 */
    uint32_t chan_log2;     /* channels is a power of two: log2, else 0 */
    bool chan_pow2;
    /* else hi / channels = (hi * chan_magic) >> 64 for hi < chan_lim (see
     * chan_div) */
    uint64_t chan_magic, chan_lim;
    uint64_t sub_mask;      /* bits (of the address without the channel) that select the slice */
    bool bg_pow2, sp_pow2;      /* bank_groups / subparts is a power of two: ... */
    uint32_t bg_mask, sp_mask;  /* ... it minus 1 (x % n == x & mask) */
    field f[F_N];
};

static void field_build(field *f)
{
    f->nbits = 0;
    f->nruns = 0;
    uint64_t m = f->mask;
    uint32_t pos = 0;
    while (m) {
        uint32_t lo = (uint32_t)__builtin_ctzll(m);
        uint32_t len = 0;
        while (lo + len < 64 && (m >> (lo + len) & 1)) len++;
        run *r = &f->runs[f->nruns++];
        r->src = (uint8_t)lo;
        r->dst = (uint8_t)pos;
        r->mask = len == 64 ? ~0ull : (1ull << len) - 1;
        pos += len;
        m &= len + lo >= 64 ? 0 : ~0ull << (lo + len);
    }
    f->nbits = pos;
}

/* (runs[0] is all zero in a field without bits: the first run needs no
 * test, and most fields have one run) */
static inline uint64_t field_get(const field *f, uint64_t a)
{
    uint64_t v = ((a >> f->runs[0].src) & f->runs[0].mask) << f->runs[0].dst;
    for (uint32_t i = 1; i < f->nruns; i++)
        v |= ((a >> f->runs[i].src) & f->runs[i].mask) << f->runs[i].dst;
    return v;
}

static bool is_pow2(uint32_t v) { return v && !(v & (v - 1)); }

static uint32_t log2u(uint32_t v)
{
    uint32_t l = 0;
    while ((1u << l) < v) l++;
    return l;
}

/* pos: index of the offending character in spec, or (size_t)-1 */
static int map_err(ws_error *err, const char *spec, const char *why, size_t pos, char ch)
{
    if (pos == (size_t)-1)
        return ws_error_set(err, WS_E_PARSE, "dram.map \"%s\": %s", spec, why);
    if (ch == '\0')
        return ws_error_set(err, WS_E_PARSE, "dram.map \"%s\": %s (the string ends at position %zu).",
                            spec, why, pos + 1);
    char shown[8];
    unsigned char u = (unsigned char)ch;
    if (u >= 0x20 && u < 0x7f) snprintf(shown, sizeof shown, "'%c'", ch);
    else snprintf(shown, sizeof shown, "0x%02x", u);
    return ws_error_set(err, WS_E_PARSE, "dram.map \"%s\": %s (character %s at position %zu).",
                        spec, why, shown, pos + 1);
}

static int parse(ws_addrmap *m, const char *spec, ws_error *err)
{
    const char *p = spec;
    m->chip_start = -1;
    if (strncmp(p, "dramid@", 7) == 0) {
        p += 7;
        if (*p < '0' || *p > '9')
            return map_err(err, spec,
                           "'dramid@' must be followed by the channel's start bit (0 to 63) and ';'",
                           (size_t)(p - spec), *p);
        unsigned v = 0;
        while (*p >= '0' && *p <= '9') {
            v = v * 10 + (unsigned)(*p - '0');
            if (v > 63)
                return map_err(err, spec,
                               "the channel start bit after 'dramid@' must be between 0 and 63",
                               (size_t)(p - spec), *p);
            p++;
        }
        if (*p != ';')
            return map_err(err, spec, "expected ';' after the channel start bit of 'dramid@'",
                           (size_t)(p - spec), *p);
        p++;
        m->chip_start = (int)v;
    }
    /* count bit positions first: the last one is bit 0 */
    uint32_t npos = 0;
    for (const char *q = p; *q; q++) {
        switch (*q) {
        case '.': case '|': case ' ':
            break;
        case 'R': case 'r': case 'B': case 'b': case 'C': case 'c': case 'S': case 's':
        case '0':
            npos++;
            break;
        case 'D': case 'd':
            if (m->chip_start >= 0)
                return map_err(err, spec,
                               "channel bits (D) cannot be combined with 'dramid@', which already "
                               "selects the channel",
                               (size_t)(q - spec), *q);
            npos++;
            break;
        default:
            return map_err(err, spec,
                           "the mask may only contain R (row), B (bank), C (column), S (burst "
                           "byte), D (channel), 0 (unused) and the separators '.', '|' and ' '",
                           (size_t)(q - spec), *q);
        }
        if (npos > 64)
            return map_err(err, spec, "the mask has more than 64 bit positions",
                           (size_t)(q - spec), *q);
    }
    if (npos == 0)
        return map_err(err, spec, "the mask is empty; it needs 1 to 64 bit positions.",
                       (size_t)-1, 0);
    uint32_t bit = npos;
    for (const char *q = p; *q; q++) {
        int f = -1;
        switch (*q) {
        case '.': case '|': case ' ': continue;
        case 'R': case 'r': f = F_ROW; break;
        case 'B': case 'b': f = F_BANK; break;
        case 'C': case 'c': case 'S': case 's': f = F_COL; break;
        case 'D': case 'd': f = F_CHAN; break;
        default: break;
        }
        bit--;
        if (f >= 0) m->f[f].mask |= 1ull << bit;
    }
    return 0;
}

ws_addrmap *ws_addrmap_create(const char *spec, uint32_t channels, uint32_t subparts,
                              uint32_t banks, uint32_t bank_groups, ws_error *err)
{
    if (!spec) {
        ws_error_set(err, WS_E_PARSE, "dram.map is missing.");
        return NULL;
    }
    if (channels < 1 || channels > 1024) {
        ws_error_set(err, WS_E_RANGE, "mem.channels is %u; it must be between 1 and 1024.", channels);
        return NULL;
    }
    if (banks < 1 || banks > WS_DRAM_MAX_BANKS) {
        ws_error_set(err, WS_E_RANGE, "dram.banks is %u; it must be between 1 and %u.", banks,
                     WS_DRAM_MAX_BANKS);
        return NULL;
    }
    if (subparts < 1 || subparts > banks || banks % subparts) {
        ws_error_set(err, WS_E_RANGE,
                     "mem.subparts is %u; it must divide dram.banks (%u), since the low bank bits "
                     "select the L2 slice of a channel.",
                     subparts, banks);
        return NULL;
    }
    if (bank_groups < 1 || bank_groups > banks || banks % bank_groups) {
        ws_error_set(err, WS_E_RANGE, "dram.bank_groups is %u; it must divide dram.banks (%u).",
                     bank_groups, banks);
        return NULL;
    }
    ws_addrmap *m = ws_xcalloc(1, sizeof *m);
    m->channels = channels;
    m->subparts = subparts;
    m->banks = banks;
    m->bank_groups = bank_groups;
    m->chan_pow2 = is_pow2(channels);
    if (!m->chan_pow2) {
        /* M = ceil(2^64 / d) = 2^64 / d + e with 0 < e < 1, so that
         * n * M / 2^64 = n / d + n * e / 2^64, whose floor is n / d's as
         * long as n * e / 2^64 < 1 / d (the fraction of n / d is at most
         * (d - 1) / d): n < 2^64 / d is enough */
        m->chan_magic = UINT64_MAX / channels + 1;
        m->chan_lim = UINT64_MAX / channels;
    }
    m->chan_log2 = m->chan_pow2 ? log2u(channels) : 0;
    m->bg_pow2 = is_pow2(bank_groups);
    m->sp_pow2 = is_pow2(subparts);
    m->bg_mask = bank_groups - 1;
    m->sp_mask = subparts - 1;
    if (parse(m, spec, err) < 0) goto fail;
    for (int f = 0; f < F_N; f++) field_build(&m->f[f]);
    if (m->chip_start < 0) {
        uint32_t nd = m->f[F_CHAN].nbits;
        if (!m->chan_pow2 || (1ull << nd) != channels) {
            if (nd == 0)
                ws_error_set(err, WS_E_RANGE,
                             "dram.map \"%s\": there are %u channels but the map selects none; "
                             "start it with 'dramid@N;' (channel from address bit N upward) or "
                             "mark the channel bits with D.",
                             spec, channels);
            else
                ws_error_set(err, WS_E_RANGE,
                             "dram.map \"%s\": %u channel bits (D) select %llu channels but "
                             "mem.channels is %u%s.",
                             spec, nd, 1ull << nd, channels,
                             m->chan_pow2 ? ""
                                          : "; use 'dramid@N;' for a channel count that is not a "
                                            "power of two");
            goto fail;
        }
    }
    if (!is_pow2(banks)) {
        ws_error_set(err, WS_E_RANGE,
                     "dram.banks is %u; with an address map it must be a power of two.", banks);
        goto fail;
    }
    uint32_t nb = m->f[F_BANK].nbits;
    if (nb > 6 || (1u << nb) != banks) {
        ws_error_set(err, WS_E_RANGE,
                     "dram.map \"%s\": %u bank bits (B) select %llu banks but dram.banks is %u; "
                     "the map needs %u B bits.",
                     spec, nb, nb >= 63 ? 0ull : 1ull << nb, banks, log2u(banks));
        goto fail;
    }
    /* The slice is bank % subparts: the low log2(subparts) bank bits. */
    uint32_t sl = log2u(subparts);
    for (uint32_t i = 0; i < m->f[F_BANK].nruns; i++) {
        const run *r = &m->f[F_BANK].runs[i];
        for (uint32_t b = 0; r->dst + b < sl && (r->mask >> b & 1); b++)
            m->sub_mask |= 1ull << (r->src + b);
    }
    if (m->f[F_ROW].nbits > 32 || m->f[F_COL].nbits > 32) {
        ws_error_set(err, WS_E_RANGE,
                     "dram.map \"%s\": %u row bits (R) and %u column bits (C and S); each may be "
                     "at most 32.",
                     spec, m->f[F_ROW].nbits, m->f[F_COL].nbits);
        goto fail;
    }
    return m;
fail:
    free(m);
    return NULL;
}

void ws_addrmap_free(ws_addrmap *m) { free(m); }

/* v with the bits of drop removed and the bits above them moved down. */
static uint64_t squeeze(uint64_t v, uint64_t drop)
{
    while (drop) {
        unsigned b = 63u - (unsigned)__builtin_clzll(drop);     /* highest first */
        uint64_t low = v & ((1ull << b) - 1);
        v = b < 63 ? (v >> (b + 1)) << b | low : low;
        drop &= ~(1ull << b);
    }
    return v;
}

__extension__ typedef unsigned __int128 ws_u128;

/* hi / channels, without a division for the usual addresses */
static inline uint64_t chan_div(const ws_addrmap *m, uint64_t hi)
{
    if (m->chan_pow2) return hi >> m->chan_log2;
    if (hi < m->chan_lim) return (uint64_t)(((ws_u128)hi * m->chan_magic) >> 64);
    return hi / m->channels;
}

/* dramid@N (N <= 63, the parser's range): the address above bit N divided
 * by the channel count gives the channel (the remainder) and, with the bits
 * below N, the address without it (the quotient). */
static inline uint64_t chip_split(const ws_addrmap *m, uint64_t addr, uint32_t *chan)
{
    unsigned s = (unsigned)m->chip_start;
    uint64_t hi = addr >> s, q = chan_div(m, hi);
    *chan = (uint32_t)(hi - q * m->channels);
    return q << s | (addr & ((1ull << s) - 1));
}

/* addr without its channel: the quotient of dramid@N, or without the D bits. */
static inline uint64_t unchannel(const ws_addrmap *m, uint64_t addr)
{
    uint32_t chan;
    if (m->chip_start < 0)
        return squeeze(addr, m->f[F_CHAN].mask);
    return chip_split(m, addr, &chan);
}

uint64_t ws_addrmap_part_addr(const ws_addrmap *m, uint64_t addr)
{
    return squeeze(unchannel(m, addr), m->sub_mask);
}

void ws_addrmap_decode(const ws_addrmap *m, uint64_t addr, ws_dram_loc *out)
{
    uint64_t rest = addr;
    uint32_t chan;
    if (m->chip_start >= 0) {
        rest = chip_split(m, addr, &chan);
    } else {
        chan = (uint32_t)field_get(&m->f[F_CHAN], addr);
    }
    out->chan = chan;
    out->bank = (uint32_t)field_get(&m->f[F_BANK], rest);
    out->row = (uint32_t)field_get(&m->f[F_ROW], rest);
    out->col = (uint32_t)field_get(&m->f[F_COL], rest);
    out->bank_group = m->bg_pow2 ? out->bank & m->bg_mask : out->bank % m->bank_groups;
    out->sub = m->sp_pow2 ? out->bank & m->sp_mask : out->bank % m->subparts;
}

void ws_addrmap_decode_req(const ws_addrmap *m, ws_mreq *r)
{
    ws_dram_loc l;
    ws_addrmap_decode(m, r->addr, &l);
    r->chan = (uint16_t)l.chan;
    r->sub = (uint16_t)l.sub;
    r->bank = (uint16_t)l.bank;
    r->bank_group = (uint16_t)l.bank_group;
    r->row = l.row;
    r->col = l.col;
}
