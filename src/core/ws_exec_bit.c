/* ws_exec_bit.c: logic and bit manipulation: and/or/xor/not/cnot (integer
 * and .pred), shl/shr (amounts >= the width give 0, or the sign for shr.s),
 * shf (wrap / clamp), lop3, bfe, bfi, bfind, brev, clz, popc, prmt (every
 * mode), fns. */
#include "core/ws_core_int.h"
#include "core/ws_lanes.h"

/* ------------------------------------------------------------ predicates */
static int x_pand(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    ws_setp(w, x->dst[0], ws_srcp(w, x, 0) & ws_srcp(w, x, 1), exec);
    return WS_X_NEXT;
}
static int x_por(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    ws_setp(w, x->dst[0], ws_srcp(w, x, 0) | ws_srcp(w, x, 1), exec);
    return WS_X_NEXT;
}
static int x_pxor(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    ws_setp(w, x->dst[0], ws_srcp(w, x, 0) ^ ws_srcp(w, x, 1), exec);
    return WS_X_NEXT;
}
static int x_pnot(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    ws_setp(w, x->dst[0], ~ws_srcp(w, x, 0), exec);
    return WS_X_NEXT;
}

/* ------------------------------------------------------------ integer logic */
static int x_and(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2(D[l] = a & b & M);
    return WS_X_NEXT;
}
static int x_or(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2(D[l] = (a | b) & M);
    return WS_X_NEXT;
}
static int x_xor(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2(D[l] = (a ^ b) & M);
    return WS_X_NEXT;
}
static int x_not(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES1(D[l] = ~a & M);
    return WS_X_NEXT;
}
static int x_cnot(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES1(D[l] = (a & M) == 0);
    return WS_X_NEXT;
}

/* shift amounts are unsigned 32-bit values */
static int x_shl(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2({
        uint32_t s = (uint32_t)b;
        D[l] = s >= N ? 0 : (a << s) & M;
    });
    return WS_X_NEXT;
}
static int x_shr_u(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2({
        uint32_t s = (uint32_t)b;
        D[l] = s >= N ? 0 : (a & M) >> s;
    });
    return WS_X_NEXT;
}
static int x_shr_s(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES2({
        uint32_t s = (uint32_t)b;
        int64_t v = ws_sext(a, N);
        D[l] = (uint64_t)(v >> (s >= N ? N - 1 : s)) & M;
    });
    return WS_X_NEXT;
}

/* shf.{l,r}.{wrap,clamp}.b32 d, a, b, c: funnel shift of b:a */
static int x_shf(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *B = SRC(1), *C = SRC(2);
    uint64_t *D = ws_dst(w, x, 0);
    const int left = x->subop == WS_SHF_L_CLAMP || x->subop == WS_SHF_L_WRAP;
    const int clamp = x->subop == WS_SHF_L_CLAMP || x->subop == WS_SHF_R_CLAMP;
    WS_LANES(exec, l) {
        uint32_t n = (uint32_t)C[l];
        n = clamp ? (n > 32 ? 32 : n) : n & 31;
        uint64_t v = ((B[l] & 0xffffffffu) << 32) | (A[l] & 0xffffffffu);
        D[l] = left ? ((v << n) >> 32) & 0xffffffffu : (v >> n) & 0xffffffffu;
    }
    return WS_X_NEXT;
}

/* lop3.b32 d, a, b, c, immLut */
static int x_lop3(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *B = SRC(1), *C = SRC(2), *L = SRC(3);
    uint64_t *D = ws_dst(w, x, 0);
    WS_LANES(exec, l) {
        uint32_t a = (uint32_t)A[l], b = (uint32_t)B[l], c = (uint32_t)C[l], lut = (uint32_t)L[l] & 0xff, d = 0;
        for (int i = 0; i < 8; i++)
            if (lut & (1u << i))
                d |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
        D[l] = d;
    }
    return WS_X_NEXT;
}

/* bfe.type d, a, pos, len */
static int x_bfe(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *P = SRC(1), *L = SRC(2);
    uint64_t *D = ws_dst(w, x, 0);
    const unsigned msb = x->tbits - 1;
    const int sgn = ws_ptx_type_is_signed((ws_ptx_type)x->type);
    WS_LANES(exec, l) {
        uint64_t a = A[l];
        unsigned pos = (unsigned)P[l] & 0xff, len = (unsigned)L[l] & 0xff;
        unsigned sbit = 0;
        if (sgn && len) {
            unsigned top = pos + len - 1;
            sbit = (a >> (top > msb ? msb : top)) & 1u;
        }
        uint64_t d = 0;
        for (unsigned i = 0; i <= msb; i++) {
            unsigned bit = (i < len && pos + i <= msb) ? (unsigned)((a >> (pos + i)) & 1u) : sbit;
            d |= (uint64_t)bit << i;
        }
        D[l] = d;
    }
    return WS_X_NEXT;
}

/* bfi.type d, f, b, pos, len: insert f's low bits into b */
static int x_bfi(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *F = SRC(0), *B = SRC(1), *P = SRC(2), *L = SRC(3);
    uint64_t *D = ws_dst(w, x, 0);
    const unsigned msb = x->tbits - 1;
    WS_LANES(exec, l) {
        uint64_t d = B[l] & x->tmask, f = F[l];
        unsigned pos = (unsigned)P[l] & 0xff, len = (unsigned)L[l] & 0xff;
        for (unsigned i = 0; i < len && pos + i <= msb; i++)
            d = (d & ~(1ull << (pos + i))) | (((f >> i) & 1u) << (pos + i));
        D[l] = d;
    }
    return WS_X_NEXT;
}

static int x_bfind(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const int sgn = ws_ptx_type_is_signed((ws_ptx_type)x->type), shamt = !!(x->flags & WS_F_SHIFTAMT);
    LANES1({
        uint64_t v = a & M;
        if (sgn && ((v >> (N - 1)) & 1u))
            v = ~v & M;
        uint32_t d = 0xffffffffu;
        if (v)
            d = 63u - (uint32_t)__builtin_clzll(v);
        if (shamt && d != 0xffffffffu)
            d = N - 1 - d;
        D[l] = d;
    });
    return WS_X_NEXT;
}

static int x_brev(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES1({
        uint64_t r = 0;
        for (unsigned i = 0; i < N; i++)
            r |= ((a >> i) & 1u) << (N - 1 - i);
        D[l] = r;
    });
    return WS_X_NEXT;
}

static int x_clz(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES1({
        uint64_t v = a & M;
        D[l] = v ? (uint64_t)__builtin_clzll(v) - (64 - N) : N;
    });
    return WS_X_NEXT;
}

static int x_popc(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    LANES1(D[l] = (uint64_t)__builtin_popcountll(a & M));
    return WS_X_NEXT;
}

static inline uint32_t prmt_byte(uint64_t t, unsigned sel, int sign)
{
    uint32_t b = (uint32_t)(t >> (8 * (sel & 7))) & 0xff;
    if (sign)
        b = (b & 0x80) ? 0xff : 0;
    return b;
}

static int x_prmt(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0), *B = SRC(1), *C = SRC(2);
    uint64_t *D = ws_dst(w, x, 0);
    const int mode = x->subop;
    WS_LANES(exec, l) {
        uint64_t t = ((B[l] & 0xffffffffu) << 32) | (A[l] & 0xffffffffu);
        uint32_t c = (uint32_t)C[l], d = 0;
        unsigned s = c & 3;
        for (unsigned i = 0; i < 4; i++) {
            unsigned sel;
            int sign = 0;
            switch (mode) {
            case WS_PRMT_F4E: sel = s + i; break;
            case WS_PRMT_B4E: sel = (s - i) & 7; break;
            case WS_PRMT_RC8: sel = s; break;
            case WS_PRMT_ECL: sel = i > s ? i : s; break;
            case WS_PRMT_ECR: sel = i < s ? i : s; break;
            case WS_PRMT_RC16: sel = 2 * (s & 1) + (i & 1); break;
            default: {
                unsigned n = (c >> (4 * i)) & 0xf;
                sel = n & 7;
                sign = (n & 8) != 0;
                break;
            }
            }
            d |= prmt_byte(t, sel, sign) << (8 * i);
        }
        D[l] = d;
    }
    return WS_X_NEXT;
}

/* fns.b32 d, mask, base, offset */
static int x_fns(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *Mk = SRC(0), *Bs = SRC(1), *O = SRC(2);
    uint64_t *D = ws_dst(w, x, 0);
    WS_LANES(exec, l) {
        uint32_t mask = (uint32_t)Mk[l], d = 0xffffffffu;
        int32_t base = (int32_t)(uint32_t)Bs[l], off = (int32_t)(uint32_t)O[l];
        if (off == 0) {
            if (base >= 0 && base < 32 && ((mask >> base) & 1u))
                d = (uint32_t)base;
        } else {
            int32_t pos = base, inc = off > 0 ? 1 : -1;
            int64_t count = (off > 0 ? (int64_t)off : -(int64_t)off) - 1;
            while (pos >= 0 && pos < 32) {
                if ((mask >> pos) & 1u) {
                    if (count == 0) {
                        d = (uint32_t)pos;
                        break;
                    }
                    count--;
                }
                pos += inc;
            }
        }
        D[l] = d;
    }
    return WS_X_NEXT;
}

ws_xfn ws_exec_bit_pick(const ws_xinsn *x)
{
    ws_ptx_type t = (ws_ptx_type)x->type;
    if (t == WS_T_PRED) {
        if (!x->dpred)
            return NULL;
        switch (x->op) {
        case WS_OP_AND: return x_pand;
        case WS_OP_OR: return x_por;
        case WS_OP_XOR: return x_pxor;
        case WS_OP_NOT: return x_pnot;
        default: return NULL;
        }
    }
    if (ws_ptx_type_is_float(t) || t == WS_T_NONE || t == WS_T_B128)
        return NULL;
    unsigned n = x->tbits;
    bool n_ok = n == 16 || n == 32 || n == 64;
    switch (x->op) {
    case WS_OP_AND: return n_ok ? x_and : NULL;
    case WS_OP_OR: return n_ok ? x_or : NULL;
    case WS_OP_XOR: return n_ok ? x_xor : NULL;
    case WS_OP_NOT: return n_ok ? x_not : NULL;
    case WS_OP_CNOT: return n_ok ? x_cnot : NULL;
    case WS_OP_SHL: return n_ok ? x_shl : NULL;
    case WS_OP_SHR: return n_ok ? (ws_ptx_type_is_signed(t) ? x_shr_s : x_shr_u) : NULL;
    case WS_OP_SHF: return n == 32 ? x_shf : NULL;
    case WS_OP_LOP3: return n == 32 ? x_lop3 : NULL;
    case WS_OP_BFE: return n == 32 || n == 64 ? x_bfe : NULL;
    case WS_OP_BFI: return n == 32 || n == 64 ? x_bfi : NULL;
    case WS_OP_BFIND: return n == 32 || n == 64 ? x_bfind : NULL;
    case WS_OP_BREV: return n == 32 || n == 64 ? x_brev : NULL;
    case WS_OP_CLZ: return n == 32 || n == 64 ? x_clz : NULL;
    case WS_OP_POPC: return n == 32 || n == 64 ? x_popc : NULL;
    case WS_OP_PRMT: return n == 32 ? x_prmt : NULL;
    case WS_OP_FNS: return n == 32 ? x_fns : NULL;
    default: return NULL;
    }
}
