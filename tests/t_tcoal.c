/* t_tcoal: the temporal-coalescing instrumentation alone (ws_tcoal.h):
 * exact counts on a hand-built stream (eight loads, eleven requests to four
 * blocks), then random streams of several warps, slots reused by new warps
 * and streams past the hash's epochs, against a CPU reference that counts
 * windows directly (the union of each tumbling window's blocks; a block
 * counted unless one of the W - 1 previous loads read it). */
#include <stdlib.h>
#include <string.h>

#include "arch/ws_tcoal.h"
#include "tests/ws_tap.h"

#define MAXI 400

typedef struct stream {
    uint32_t n;                     /* loads */
    uint32_t nb[MAXI];
    uint64_t blk[MAXI][32];         /* distinct blocks of load i */
} stream;

static int has(const stream *s, uint32_t i, uint64_t b)
{
    for (uint32_t k = 0; k < s->nb[i]; k++)
        if (s->blk[i][k] == b) return 1;
    return 0;
}

/* The reference: windows counted one by one. */
static void reference(const stream *s, ws_tcoal_ctr *c)
{
    for (uint32_t W = 1; W <= WS_TCOAL_WMAX; W++) {
        for (uint32_t st = 0; st < s->n; st += W) {
            uint64_t seen[MAXI * 32];
            uint32_t ns = 0;
            for (uint32_t i = st; i < s->n && i < st + W; i++)
                for (uint32_t k = 0; k < s->nb[i]; k++) {
                    uint32_t q = 0;
                    while (q < ns && seen[q] != s->blk[i][k]) q++;
                    if (q == ns) seen[ns++] = s->blk[i][k];
                }
            c->req[W - 1] += ns;
        }
        for (uint32_t i = 0; i < s->n; i++)
            for (uint32_t k = 0; k < s->nb[i]; k++) {
                int merged = 0;
                for (uint32_t j = i >= W - 1 ? i - (W - 1) : 0; j < i; j++)
                    merged |= has(s, j, s->blk[i][k]);
                c->slide[W - 1] += !merged;
            }
    }
}

/* Load i of s as 32 lane addresses: lane l reads block blk[l % nb] at an
 * offset inside it (several lanes per block, as a coalescer sees them). */
static void lanes(const stream *s, uint32_t i, uint64_t *addr)
{
    for (uint32_t l = 0; l < 32; l++)
        addr[l] = (s->blk[i][l % s->nb[i]] << 7) + 4 * (l / s->nb[i]);
}

static int same(const ws_tcoal_ctr *a, const ws_tcoal_ctr *b)
{
    return !memcmp(a->req, b->req, sizeof a->req) && !memcmp(a->slide, b->slide, sizeof a->slide);
}

int main(void)
{
    /* hand-built: blocks A B | A | C | B C | A | D | A D | B */
    static stream h;
    const char *seq[] = { "AB", "A", "C", "BC", "A", "D", "AD", "B" };
    h.n = 8;
    for (uint32_t i = 0; i < 8; i++) {
        h.nb[i] = (uint32_t)strlen(seq[i]);
        for (uint32_t k = 0; k < h.nb[i]; k++) h.blk[i][k] = 0x1000 + (uint64_t)(seq[i][k] - 'A') * 3;
    }
    ws_tcoal_ctr c;
    memset(&c, 0, sizeof c);
    ws_tcoal *t = ws_tcoal_new(4, &c);
    uint64_t addr[32];
    for (uint32_t i = 0; i < h.n; i++) {
        lanes(&h, i, addr);
        ws_tcoal_load(t, 2, 7, 0xffffffffu, addr);
    }
    is_u64(c.insns, 8, "hand-built: 8 loads");
    is_u64(c.lanes, 256, "hand-built: 256 lane accesses");
    is_u64(c.req[0], 11, "W=1: 11 requests (per-instruction blocks)");
    is_u64(c.req[1], 9, "W=2: AB|BC|AD|ABD = 9");
    is_u64(c.req[3], 6, "W=4: ABC|ABD = 6");
    is_u64(c.req[7], 4, "W=8: the 4 blocks");
    is_u64(c.req[31], 4, "W=32: the 4 blocks");
    is_u64(c.slide[1], 8, "sliding W=2: 8");
    is_u64(c.slide[3], 5, "sliding W=4: 5");
    is_u64(c.slide[31], 4, "sliding W=32: 4");
    ws_tcoal_ctr r;
    memset(&r, 0, sizeof r);
    reference(&h, &r);
    ok(same(&c, &r), "hand-built: every W as the reference");
    /* a new warp in the slot starts again: the same stream counts the same */
    ws_tcoal_ctr c1 = c;
    for (uint32_t i = 0; i < h.n; i++) {
        lanes(&h, i, addr);
        ws_tcoal_load(t, 2, 8, 0xffffffffu, addr);
    }
    int again = 1;
    for (int w = 0; w < WS_TCOAL_WMAX; w++)
        again &= c.req[w] == 2 * c1.req[w] && c.slide[w] == 2 * c1.slide[w];
    ok(again, "a new warp (another age) in the slot does not merge with the last one's blocks");
    /* inactive lanes and an empty mask */
    uint64_t before = c.req[0];
    ws_tcoal_load(t, 1, 9, 0, addr);
    is_u64(c.req[0], before, "no lane: nothing counted");
    ws_tcoal_free(t);

    /* random streams: 3 warps interleaved in 2 slots (the third reuses
     * slot 0 after the first), past several epochs, few blocks (reuse) */
    uint64_t seed = 12345;
    for (int round = 0; round < 6; round++) {
        static stream s[3];
        ws_tcoal_ctr got, want;
        memset(&got, 0, sizeof got);
        memset(&want, 0, sizeof want);
        for (int k = 0; k < 3; k++) {
            s[k].n = 100 + (uint32_t)(round * 50) + (uint32_t)k * 7;
            if (s[k].n > MAXI) s[k].n = MAXI;
            for (uint32_t i = 0; i < s[k].n; i++) {
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                uint32_t nb = 1 + (uint32_t)((seed >> 33) % (round & 1 ? 32 : 4));
                s[k].nb[i] = 0;
                for (uint32_t q = 0; q < nb; q++) {
                    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                    uint64_t b = (seed >> 35) % (uint64_t)(round < 2 ? 16 : 300) + ((uint64_t)k << 20) * (round == 5);
                    if (!has(&s[k], i, b) || s[k].nb[i] == 0) {
                        uint32_t z = 0;
                        while (z < s[k].nb[i] && s[k].blk[i][z] != b) z++;
                        if (z == s[k].nb[i]) s[k].blk[i][s[k].nb[i]++] = b;
                    }
                }
            }
            reference(&s[k], &want);
        }
        t = ws_tcoal_new(2, &got);
        uint32_t pos[3] = { 0, 0, 0 };
        /* warps 0 and 1 alternate in slots 0 and 1; warp 2 follows warp 0 in slot 0 */
        while (pos[0] < s[0].n || pos[1] < s[1].n) {
            for (int k = 0; k < 2; k++)
                if (pos[k] < s[k].n) {
                    lanes(&s[k], pos[k], addr);
                    ws_tcoal_load(t, (uint32_t)k, 100 + (uint64_t)k, 0xffffffffu, addr);
                    pos[k]++;
                }
        }
        for (uint32_t i = 0; i < s[2].n; i++) {
            lanes(&s[2], i, addr);
            ws_tcoal_load(t, 0, 200, 0xffffffffu, addr);
        }
        ok(same(&got, &want), "random round %d: every W, tumbling and sliding, as the reference", round);
        if (!same(&got, &want))
            for (int w = 0; w < WS_TCOAL_WMAX; w++)
                diag("W=%d req %llu/%llu slide %llu/%llu", w + 1, (unsigned long long)got.req[w],
                     (unsigned long long)want.req[w], (unsigned long long)got.slide[w],
                     (unsigned long long)want.slide[w]);
        ws_tcoal_free(t);
    }
    return tap_done();
}
