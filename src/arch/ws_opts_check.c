/* ws_opts_check.c: cross-key checks of a set of option values (each value
 * alone was checked against its range when it was set).  The first problem
 * found is reported, naming the keys involved and what is allowed. */
#include "arch/ws_opts_int.h"
#include "arch/ws_dram.h"
#include "util/ws_util.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static bool is_pow2(uint64_t v)
{
    return v != 0 && (v & (v - 1)) == 0;
}

static uint64_t uv(const ws_opts *o, const char *key)
{
    return ws_opts_uint(o, key);
}

static const char *key_of(char *buf, size_t size, const char *prefix, const char *field)
{
    snprintf(buf, size, "%s.%s", prefix, field);
    return buf;
}

/* Geometry of the cache whose keys start with `p` (size, ways, line and,
 * when has_sector, sector and hash). */
static int check_cache(const ws_opts *o, const char *p, bool has_sector, ws_error *err)
{
    char ks[32], kw[32], kl[32], kc[32], kh[32], t[32];
    uint64_t size = uv(o, key_of(ks, sizeof ks, p, "size"));
    uint64_t ways = uv(o, key_of(kw, sizeof kw, p, "ways"));
    uint64_t line = uv(o, key_of(kl, sizeof kl, p, "line"));
    if (!is_pow2(line))
        return ws_error_set(err, WS_E_RANGE, "%s is %" PRIu64 ": it must be a power of two (e.g. 64, 128)",
                            kl, line);
    uint64_t set_bytes = ways * line;
    if (size % set_bytes != 0)
        return ws_error_set(err, WS_E_RANGE,
                            "%s (%s) is not a multiple of %s * %s (%" PRIu64 " x %" PRIu64 " = %" PRIu64
                            " bytes, one set)",
                            ks, ws_opts_size_text(size, t, sizeof t), kw, kl, ways, line, set_bytes);
    uint64_t sets = size / set_bytes;
    if (!is_pow2(sets)) {
        /* what would work: other ways for this size (under the Fermi hash,
         * only 32 or 64 sets), and the sizes around it with these ways */
        bool fermi = has_sector && strcmp(ws_opts_str(o, key_of(kh, sizeof kh, p, "hash")), "fermi") == 0;
        char alt[160] = "", lo[32], hi[32];
        size_t n = 0;
        for (uint64_t w = 1; w <= 64 && n + 40 < sizeof alt; w++) {
            uint64_t s = size / (w * line);
            if (size % (w * line) || !is_pow2(s) || (fermi && s != 32 && s != 64))
                continue;
            n += (size_t)snprintf(alt + n, sizeof alt - n, "%s%s=%" PRIu64 " (%" PRIu64 " sets)",
                                  n ? ", " : " with ", kw, w, s);
        }
        uint64_t down = 1;
        while (down * 2 < sets) down *= 2;
        if (fermi) down = down > 64 ? 64 : down < 32 ? 32 : down;
        uint64_t up = fermi ? (down == 32 ? 64 : 0) : down * 2;
        char sz[32];
        if (up)
            snprintf(hi, sizeof hi, " or %s", ws_opts_size_text(up * set_bytes, sz, sizeof sz));
        else
            hi[0] = 0;
        return ws_error_set(err, WS_E_RANGE,
                            "%s / (%s * %s) is %" PRIu64 " sets: the set count must be a power of two%s; "
                            "%s=%s works%s, or %s=%s%s with %s=%" PRIu64 "%s",
                            ks, kw, kl, sets, fermi ? " (32 or 64 with the Fermi hash)" : "",
                            ks, ws_opts_size_text(size, t, sizeof t), *alt ? alt : " with no way count up to 64",
                            ks, ws_opts_size_text(down * set_bytes, lo, sizeof lo), hi, kw, ways,
                            strcmp(p, "l1d") == 0 && size == 48 * 1024 ? " (--preset gtx480-l1-48k is a 48 KB 6-way L1D)" : "");
    }
    if (has_sector) {
        uint64_t sector = uv(o, key_of(kc, sizeof kc, p, "sector"));
        if (sector != 0 && (!is_pow2(sector) || sector > line || line / sector > 32))
            return ws_error_set(err, WS_E_RANGE,
                                "%s is %" PRIu64 ": it must be 0 (no sectors) or a power of two dividing "
                                "%s (%" PRIu64 ") into at most 32 sectors",
                                kc, sector, kl, line);
        /* GPGPU-Sim's Fermi L1 index takes set bits from above the line
         * offset that exist only for these two set counts */
        const char *hash = ws_opts_str(o, key_of(kh, sizeof kh, p, "hash"));
        if (strcmp(hash, "fermi") == 0 && sets != 32 && sets != 64)
            return ws_error_set(err, WS_E_RANGE,
                                "%s=fermi needs 32 or 64 sets (GPGPU-Sim's Fermi L1 index); %s / (%s * %s) "
                                "is %" PRIu64 " sets: use %s=linear or xor, or change the geometry",
                                kh, ks, kw, kl, sets, kh);
    }
    return 0;
}

/* Policy combinations a cache cannot run (GPGPU-Sim rejects the same:
 * write-back needs the victim at miss time to keep fills from waiting on
 * write-backs; fetch-on-write and lazy fetch need the line reserved). */
static int check_policy(const ws_opts *o, const char *p, ws_error *err)
{
    char kw[32], ka[32], kwa[32];
    const char *write = ws_opts_str(o, key_of(kw, sizeof kw, p, "write"));
    const char *alloc = ws_opts_str(o, key_of(ka, sizeof ka, p, "alloc"));
    const char *walloc = ws_opts_str(o, key_of(kwa, sizeof kwa, p, "write_alloc"));
    if (strcmp(alloc, "fill") != 0)
        return 0;
    if (strcmp(write, "wb") == 0 || strcmp(write, "local-wb") == 0)
        return ws_error_set(err, WS_E_RANGE,
                            "%s=%s cannot be used with %s=fill (a write-back cache allocates on the miss; "
                            "use %s=miss, or %s=wt or evict)",
                            kw, write, ka, ka, kw);
    if (strcmp(walloc, "none") != 0)
        return ws_error_set(err, WS_E_RANGE,
                            "%s=%s cannot be used with %s=fill (allocating writes need the line reserved "
                            "on the miss; use %s=none or %s=miss)",
                            kwa, walloc, ka, kwa, ka);
    return 0;
}

/* dram.map: "[dramid@N;]" then 1..64 of R B C S D 0 with '.' anywhere. */
static int check_map(const ws_opts *o, ws_error *err)
{
    const char *m = ws_opts_str(o, "dram.map");
    const char *p = m;
    bool dramid = false;
    if (strncmp(p, "dramid@", 7) == 0) {
        unsigned n = 0;
        int digits = 0;
        p += 7;
        while (*p >= '0' && *p <= '9' && digits < 3) {
            n = n * 10 + (unsigned)(*p++ - '0');
            digits++;
        }
        if (digits == 0 || n > 63 || *p != ';')
            return ws_error_set(err, WS_E_PARSE,
                                "dram.map: 'dramid@' must be followed by a bit number 0..63 and ';' "
                                "(e.g. dramid@8;...)");
        p++;
        dramid = true;
    }
    unsigned bits = 0, dbits = 0;
    for (; *p; p++) {
        if (*p == '.')
            continue;
        if (!strchr("RBCSD0", *p)) {
            char q[8];
            return ws_error_set(err, WS_E_PARSE,
                                "dram.map: '%s' at position %zu is not a mask letter (R row, B bank, "
                                "C column, S byte in burst, D channel, 0 unused, '.' to separate)",
                                ws_str_quote(q, sizeof q, p, 1, 1), (size_t)(p - m) + 1);
        }
        bits++;
        dbits += *p == 'D';
    }
    if (bits == 0 || bits > 64)
        return ws_error_set(err, WS_E_PARSE, "dram.map has %u address bits: it must have 1 to 64", bits);
    uint64_t chans = uv(o, "mem.channels");
    if (!dramid && chans > 1 && (dbits >= 64 || (1ull << dbits) < chans))
        return ws_error_set(err, WS_E_RANGE,
                            "dram.map has %u D (channel) bits for mem.channels=%" PRIu64
                            ": give enough D bits or use 'dramid@N;'",
                            dbits, chans);
    return 0;
}

int ws_opts_validate(const ws_opts *o, ws_error *err)
{
    uint64_t threads = uv(o, "sm.threads");
    if (threads % 32 != 0)
        return ws_error_set(err, WS_E_RANGE,
                            "sm.threads is %" PRIu64 ": it must be a multiple of 32 (the warp size)", threads);
    if (uv(o, "cta.threads") > threads)
        return ws_error_set(err, WS_E_RANGE, "cta.threads (%" PRIu64 ") is more than sm.threads (%" PRIu64 ")",
                            uv(o, "cta.threads"), threads);
    if (uv(o, "cta.shared") > uv(o, "sm.shared"))
        return ws_error_set(err, WS_E_RANGE, "cta.shared (%" PRIu64 " bytes) is more than sm.shared (%" PRIu64
                            " bytes)", uv(o, "cta.shared"), uv(o, "sm.shared"));
    uint64_t simd = uv(o, "sm.simd");
    if (!is_pow2(simd) || simd > 32)
        return ws_error_set(err, WS_E_RANGE, "sm.simd is %" PRIu64 ": it must divide the warp size "
                            "(1, 2, 4, 8, 16 or 32)", simd);
    if (uv(o, "sm.schedulers") > threads / 32)
        return ws_error_set(err, WS_E_RANGE, "sm.schedulers (%" PRIu64 ") is more than the warp slots "
                            "(sm.threads / 32 = %" PRIu64 ")", uv(o, "sm.schedulers"), threads / 32);
    if (!is_pow2(uv(o, "smem.banks")))
        return ws_error_set(err, WS_E_RANGE, "smem.banks is %" PRIu64 ": it must be a power of two",
                            uv(o, "smem.banks"));
    if (uv(o, "smem.bank_bytes") != 4 && uv(o, "smem.bank_bytes") != 8)
        return ws_error_set(err, WS_E_RANGE, "smem.bank_bytes is %" PRIu64 ": it must be 4 or 8",
                            uv(o, "smem.bank_bytes"));

    if (check_cache(o, "cmem", false, err) != 0)
        return -1;
    if (ws_opts_bool(o, "l1i.enable") && check_cache(o, "l1i", false, err) != 0)
        return -1;
    bool l1 = ws_opts_bool(o, "l1d.enable"), l2 = ws_opts_bool(o, "l2.enable");
    if (l1 && (check_cache(o, "l1d", true, err) != 0 || check_policy(o, "l1d", err) != 0))
        return -1;
    if (l2 && (check_cache(o, "l2", true, err) != 0 || check_policy(o, "l2", err) != 0))
        return -1;
    /* the prefetch cache exists only when prefetches go there */
    if (strcmp(ws_opts_str(o, "pf.dest"), "pfc") == 0 && check_cache(o, "pfc", false, err) != 0)
        return -1;
    if (l1 && l2 && uv(o, "l1d.line") > uv(o, "l2.line"))
        return ws_error_set(err, WS_E_RANGE, "l1d.line (%" PRIu64 ") is larger than l2.line (%" PRIu64
                            "): an L1 line must fit in one L2 line", uv(o, "l1d.line"), uv(o, "l2.line"));

    uint64_t banks = uv(o, "dram.banks"), groups = uv(o, "dram.bank_groups");
    if (!is_pow2(banks))
        return ws_error_set(err, WS_E_RANGE, "dram.banks is %" PRIu64 ": it must be a power of two", banks);
    if (groups > banks || banks % groups != 0)
        return ws_error_set(err, WS_E_RANGE, "dram.bank_groups (%" PRIu64 ") must divide dram.banks (%" PRIu64
                            ")", groups, banks);
    if (uv(o, "dram.burst") % uv(o, "dram.data_rate") != 0)
        return ws_error_set(err, WS_E_RANGE, "dram.burst (%" PRIu64 ") must be a multiple of dram.data_rate (%"
                            PRIu64 "): a burst takes burst / data_rate command clocks",
                            uv(o, "dram.burst"), uv(o, "dram.data_rate"));
    if (check_map(o, err) != 0)
        return -1;
    /* the address map with the bank and slice counts, as the memory system
     * will build it (bank bits for dram.banks, slices dividing the banks) */
    ws_addrmap *map = ws_addrmap_create(ws_opts_str(o, "dram.map"), (uint32_t)uv(o, "mem.channels"),
                                        (uint32_t)uv(o, "mem.subparts"), (uint32_t)banks, (uint32_t)groups, err);
    if (!map)
        return -1;
    ws_addrmap_free(map);
    return 0;
}
