/* ws_exec_cvt.c: cvt between every integer and float type, and mov.
 *
 * cvt rules (PTX): integer sources are sign- or zero-extended per their
 * type, then truncated to the destination (.sat clamps to its range
 * instead).  Float to integer rounds per .rni/.rzi/.rmi/.rpi (no modifier:
 * .rzi) and always saturates: NaN gives 0, out-of-range values the type's
 * limits.  Integer to float and narrowing float conversions round per
 * .rn/.rz/.rm/.rp; float to float with .rni/.rzi/.rmi/.rpi rounds to an
 * integral value.  .ftz flushes f32 subnormals, .sat clamps float results to
 * [0, 1].  f16 and bf16 convert in software with the same rounding.
 * The destination register receives the result extended to its width
 * (signed destination types sign-extend). */
#include "core/ws_fp.h"

#define SRC(i) ws_src(w, x, (i), exec)

enum { CV_II = 1, CV_FI, CV_IF, CV_FF };

static int is_int_type(ws_ptx_type t) { return !ws_ptx_type_is_float(t) && t != WS_T_PRED && t != WS_T_NONE; }

static inline uint64_t to_reg(const ws_xinsn *x, uint64_t v)
{
    /* v holds the dtype-width result; extend it to the register's width */
    if (ws_ptx_type_is_signed((ws_ptx_type)x->type))
        return (uint64_t)ws_sext(v, x->tbits) & x->dmask[0];
    return v & x->tmask & x->dmask[0];
}

/* integer source value as a signed or unsigned 64-bit integer */
static inline int64_t isrc(uint64_t a, ws_ptx_type t, unsigned bits)
{
    return ws_ptx_type_is_signed(t) ? ws_sext(a, bits) : (int64_t)(a & ws_bits_mask(bits));
}

static int x_cvt_ii(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    const ws_ptx_type st = (ws_ptx_type)x->type2, dt = (ws_ptx_type)x->type;
    const unsigned sb = ws_ptx_type_size(st) * 8, db = x->tbits;
    const int ssgn = ws_ptx_type_is_signed(st), dsgn = ws_ptx_type_is_signed(dt);
    if (x->flags & WS_F_SAT) {
        /* clamp to the destination range */
        WS_LANES(exec, l) {
            uint64_t r;
            if (ssgn) {
                int64_t v = ws_sext(A[l], sb);
                if (dsgn) {
                    int64_t hi = (int64_t)(ws_bits_mask(db) >> 1), lo = -hi - 1;
                    r = (uint64_t)(v > hi ? hi : v < lo ? lo : v);
                } else {
                    uint64_t hi = ws_bits_mask(db);
                    r = v < 0 ? 0 : (uint64_t)v > hi ? hi : (uint64_t)v;
                }
            } else {
                uint64_t v = A[l] & ws_bits_mask(sb);
                uint64_t hi = dsgn ? ws_bits_mask(db) >> 1 : ws_bits_mask(db);
                r = v > hi ? hi : v;
            }
            D[l] = to_reg(x, r);
        }
    } else {
        /* extend per the source type, truncate to dtype, extend to the register */
        const uint64_t dm = x->tmask & x->dmask[0], rm = x->dmask[0];
        if (dsgn && db < 64) {
            WS_LANES(exec, l)
                D[l] = (uint64_t)ws_sext((uint64_t)isrc(A[l], st, sb), db) & rm;
        } else if (ssgn) {
            WS_LANES(exec, l)
                D[l] = (uint64_t)ws_sext(A[l], sb) & dm;
        } else {
            const uint64_t sm = ws_bits_mask(sb) & dm;
            WS_LANES(exec, l)
                D[l] = A[l] & sm;
        }
    }
    return WS_X_NEXT;
}

/* float source as a double (f16/bf16/f32 widen exactly) */
static inline double fsrc(uint64_t a, ws_ptx_type t, int ftz)
{
    switch (t) {
    case WS_T_F64: return ws_as_f64(a);
    case WS_T_F16: return ws_f16_to_f32((uint16_t)a);
    case WS_T_BF16: return ws_bf16_to_f32((uint16_t)a);
    default: return ws_f32_in(a, ftz);
    }
}

static inline double round_int(double v, int rnd)
{
    switch (rnd) {
    case WS_RND_RNI: return nearbyint(v);   /* ties to even (mode is RN) */
    case WS_RND_RMI: return floor(v);
    case WS_RND_RPI: return ceil(v);
    default: return trunc(v);
    }
}

static int x_cvt_fi(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    const ws_ptx_type st = (ws_ptx_type)x->type2, dt = (ws_ptx_type)x->type;
    const unsigned db = x->tbits;
    const int dsgn = ws_ptx_type_is_signed(dt), ftz = !!(x->flags & WS_F_FTZ);
    /* limits as doubles: hi_excl is the first value above the range (a power of two) */
    const double hi_excl = ldexp(1.0, (int)db - (dsgn ? 1 : 0));
    const double lo = dsgn ? -hi_excl : 0.0;
    const uint64_t umax = dsgn ? ws_bits_mask(db) >> 1 : ws_bits_mask(db);
    WS_LANES(exec, l) {
        double v = round_int(fsrc(A[l], st, ftz), x->rnd);
        uint64_t r;
        if (isnan(v))
            r = 0;
        else if (v >= hi_excl)
            r = umax;
        else if (v <= lo)
            r = dsgn ? (uint64_t)(-(int64_t)(umax)-1) : 0;
        else
            r = dsgn ? (uint64_t)(int64_t)v : (uint64_t)v;
        D[l] = to_reg(x, r & ws_bits_mask(db));
    }
    return WS_X_NEXT;
}

static inline uint64_t fdst(const ws_xinsn *x, double v, int mode, int ftz, int sat)
{
    switch (x->type) {
    case WS_T_F64: return ws_f64_out(v, sat);
    case WS_T_F16: {
        if (sat)
            v = isnan(v) || v < 0 ? 0.0 : v > 1 ? 1.0 : v;
        return ws_f16_from_f64(v, mode);
    }
    case WS_T_BF16: {
        if (sat)
            v = isnan(v) || v < 0 ? 0.0 : v > 1 ? 1.0 : v;
        return ws_bf16_from_f64(v, mode);
    }
    default: {
        ws_fp_enter(mode);
        volatile float f = (float)v;   /* rounds in the selected mode */
        float r = f;
        ws_fp_leave(mode);
        return ws_f32_out(r, ftz, sat);
    }
    }
}

static int x_cvt_if(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    const ws_ptx_type st = (ws_ptx_type)x->type2;
    const unsigned sb = ws_ptx_type_size(st) * 8;
    const int ssgn = ws_ptx_type_is_signed(st), mode = ws_fp_mode(x->rnd);
    const int ftz = !!(x->flags & WS_F_FTZ), sat = !!(x->flags & WS_F_SAT);
    WS_LANES(exec, l) {
        uint64_t r;
        if (x->type == WS_T_F32 || x->type == WS_T_F64) {
            ws_fp_enter(mode);
            if (x->type == WS_T_F64) {
                volatile double d = ssgn ? (double)ws_sext(A[l], sb) : (double)(A[l] & ws_bits_mask(sb));
                double v = d;
                ws_fp_leave(mode);
                r = ws_f64_out(v, sat);
            } else {
                volatile float f = ssgn ? (float)ws_sext(A[l], sb) : (float)(A[l] & ws_bits_mask(sb));
                float v = f;
                ws_fp_leave(mode);
                r = ws_f32_out(v, ftz, sat);
            }
        } else {
            /* f16 / bf16: through double, exact below 2^53 (larger values overflow anyway) */
            double v = ssgn ? (double)ws_sext(A[l], sb) : (double)(A[l] & ws_bits_mask(sb));
            r = fdst(x, v, mode, ftz, sat);
        }
        D[l] = r & x->dmask[0];
    }
    return WS_X_NEXT;
}

static int x_cvt_ff(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    const ws_ptx_type st = (ws_ptx_type)x->type2;
    const int ftz = !!(x->flags & WS_F_FTZ), sat = !!(x->flags & WS_F_SAT);
    const int to_int = x->rnd >= WS_RND_RNI && x->rnd <= WS_RND_RPI;
    const int mode = to_int ? -1 : ws_fp_mode(x->rnd);
    WS_LANES(exec, l) {
        double v = fsrc(A[l], st, ftz);
        if (to_int)
            v = round_int(v, x->rnd);
        D[l] = fdst(x, v, mode, ftz, sat) & x->dmask[0];
    }
    return WS_X_NEXT;
}

/* ------------------------------------------------------------ mov */
static int x_mov(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    const uint64_t M = x->tmask & x->dmask[0];
    if (exec == ~0u) {
        for (uint32_t l = 0; l < WS_WARP_SIZE; l++)
            D[l] = A[l] & M;
    } else {
        WS_LANES(exec, l)
            D[l] = A[l] & M;
    }
    return WS_X_NEXT;
}

static int x_movp(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    ws_setp(w, x->dst[0], ws_srcp(w, x, 0), exec);
    return WS_X_NEXT;
}

/* the address of a variable (in its own state space) */
static int x_mov_sym(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint64_t v = x->addr.disp;
    if (x->addr.kind == WS_XA_FRAME)
        v += ws_warp_frame(w)->localbase;
    else if (x->addr.kind == WS_XA_DYNSHARED)
        v += w->g->k->dyn_offset;
    if (x->op == WS_OP_CVTA) {
        /* cvta.space d, var: the variable's generic address */
        switch (x->space) {
        case WS_SP_SHARED: v += WS_GEN_SHARED_BASE; break;
        case WS_SP_LOCAL: v += WS_GEN_LOCAL_BASE; break;
        case WS_SP_CONST: v += WS_GEN_CONST_BASE; break;
        case WS_SP_PARAM: v += WS_GEN_PARAM_BASE; break;
        default: break;
        }
    }
    uint64_t *D = ws_dst(w, x, 0);
    v &= x->dmask[0];
    WS_LANES(exec, l)
        D[l] = v;
    return WS_X_NEXT;
}

/* mov.bN d, {a, b, ...}: pack; mov.bN {a, b, ...}, d: unpack; vectors: copy */
static int x_mov_pack(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const unsigned eb = x->tbits / x->nsrc;
    const uint64_t em = ws_bits_mask(eb);
    uint64_t *D = ws_dst(w, x, 0);
    uint64_t acc[WS_WARP_SIZE];
    WS_LANES(exec, l) acc[l] = 0;
    for (unsigned i = 0; i < x->nsrc; i++) {
        const uint64_t *S = SRC(i);
        WS_LANES(exec, l) acc[l] |= (S[l] & em) << (eb * i);
    }
    WS_LANES(exec, l) D[l] = acc[l] & x->dmask[0];
    return WS_X_NEXT;
}

static int x_mov_unpack(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const unsigned eb = x->tbits / x->ndst;
    const uint64_t em = ws_bits_mask(eb);
    const uint64_t *A = SRC(0);
    uint64_t v[WS_WARP_SIZE];
    WS_LANES(exec, l) v[l] = A[l];
    for (unsigned i = 0; i < x->ndst; i++) {
        uint64_t *D = ws_dst(w, x, (int)i);
        WS_LANES(exec, l) D[l] = (v[l] >> (eb * i)) & em & x->dmask[i];
    }
    return WS_X_NEXT;
}

static int x_mov_vec(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint64_t v[4][WS_WARP_SIZE];
    for (unsigned i = 0; i < x->ndst; i++) {
        const uint64_t *S = SRC(i);
        WS_LANES(exec, l) v[i][l] = S[l];
    }
    for (unsigned i = 0; i < x->ndst; i++) {
        uint64_t *D = ws_dst(w, x, (int)i);
        WS_LANES(exec, l) D[l] = v[i][l] & x->tmask & x->dmask[i];
    }
    return WS_X_NEXT;
}

ws_xfn ws_exec_cvt_pick(const ws_xinsn *x)
{
    if (x->op != WS_OP_CVT || x->ndst != 1 || x->nsrc != 1)
        return NULL;
    ws_ptx_type dt = (ws_ptx_type)x->type, st = (ws_ptx_type)x->type2;
    bool di = is_int_type(dt), si = is_int_type(st);
    bool df = dt == WS_T_F16 || dt == WS_T_BF16 || dt == WS_T_F32 || dt == WS_T_F64;
    bool sf = st == WS_T_F16 || st == WS_T_BF16 || st == WS_T_F32 || st == WS_T_F64;
    if (di && si)
        return x_cvt_ii;
    if (di && sf)
        return x_cvt_fi;
    if (df && si)
        return x_cvt_if;
    if (df && sf)
        return x_cvt_ff;
    return NULL;
}

ws_xfn ws_exec_mov_pick(const ws_xinsn *x)
{
    if (x->op != WS_OP_MOV)
        return NULL;
    if (x->type == WS_T_PRED)
        return x->dpred && x->nsrc == 1 ? x_movp : NULL;
    if (x->ndst == 1 && x->nsrc == 1 && x->src[0].kind == WS_XS_NONE)
        return x_mov_sym;
    if (x->ndst == 1 && x->nsrc == 1)
        return x_mov;
    if (x->ndst == 1 && x->nsrc > 1 && x->tbits % x->nsrc == 0)
        return x_mov_pack;
    if (x->ndst > 1 && x->nsrc == 1 && x->tbits % x->ndst == 0 && x->vec <= 1)
        return x_mov_unpack;
    if (x->ndst > 1 && x->ndst == x->nsrc)
        return x_mov_vec;
    return NULL;
}

ws_xfn ws_exec_mov_sym_fn(void) { return x_mov_sym; }
