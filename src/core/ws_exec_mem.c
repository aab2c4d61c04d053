/* ws_exec_mem.c: ld/ldu/st/atom/red/prefetch and the address instructions
 * cvta/isspacep.
 *
 * Every access is checked before anything is written: each active lane's
 * address must lie inside its space (global: inside one live allocation;
 * shared: the CTA's shared memory; local: the thread's frames up to the
 * running one; const: the module's bank; param: the kernel's parameter
 * buffer) and be a multiple of the access size (vectors: the whole vector).
 * The lowest faulting lane is reported.  Stores and atomics are applied lane
 * by lane in ascending lane order, so when lanes write the same address the
 * highest lane's store wins and atomics see each other in lane order: the
 * results are deterministic.  Prefetches are never checked (the hardware
 * drops bad prefetches) and have no functional effect. */
#include <stdarg.h>
#include <stdio.h>

#include "core/ws_fp.h"

#define SRC(i) ws_src(w, x, (i), exec)

static inline uint64_t sym_part(ws_warp *w, const ws_xinsn *x)
{
    uint64_t v = x->addr.disp;
    if (x->addr.kind == WS_XA_FRAME)
        v += ws_warp_frame(w)->localbase;
    else if (x->addr.kind == WS_XA_DYNSHARED)
        v += w->g->k->dyn_offset;
    return v + x->addr.window;
}

/* Per-lane addresses into w->g->maddr. */
static void compute_addrs(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    uint64_t s = sym_part(w, x);
    if (x->addr.base >= 0) {
        const uint64_t *R = ws_reg_rd(w, (size_t)x->addr.base);
        if (x->addr.base32) {
            WS_LANES(exec, l) w->g->maddr[l] = (R[l] & 0xffffffffu) + s;
        } else {
            WS_LANES(exec, l) w->g->maddr[l] = R[l] + s;
        }
    } else {
        WS_LANES(exec, l) w->g->maddr[l] = s;
    }
}

static inline int classify(uint64_t *a)
{
    uint64_t v = *a;
    if (v - WS_GEN_SHARED_BASE < WS_GEN_WINDOW_SIZE) {
        *a = v - WS_GEN_SHARED_BASE;
        return WS_SP_SHARED;
    }
    if (v - WS_GEN_LOCAL_BASE < WS_GEN_WINDOW_SIZE) {
        *a = v - WS_GEN_LOCAL_BASE;
        return WS_SP_LOCAL;
    }
    if (v - WS_GEN_CONST_BASE < WS_GEN_WINDOW_SIZE) {
        *a = v - WS_GEN_CONST_BASE;
        return WS_SP_CONST;
    }
    if (v - WS_GEN_PARAM_BASE < WS_GEN_WINDOW_SIZE) {
        *a = v - WS_GEN_PARAM_BASE;
        return WS_SP_PARAM;
    }
    return WS_SP_GLOBAL;
}

static inline int in_range(uint64_t a, uint64_t n, uint64_t limit) { return a < limit && n <= limit - a; }

/* Host pointer of lane l's access of n bytes at a in space sp, or NULL. */
static inline uint8_t *lane_ptr(ws_warp *w, ws_xcache *gc, int sp, uint64_t a, unsigned n, uint32_t l)
{
    switch (sp) {
    case WS_SP_GLOBAL: {
        const ws_alloc *al = gc->a;
        const ws_device *d = w->g->d;
        if (!al || gc->gen != d->free_gen || !in_range(a - al->addr, n, al->size)) {
            al = ws_devmem_lookup(d, a);
            if (!al || !in_range(a - al->addr, n, al->size))
                return NULL;
            gc->a = al;
            gc->gen = d->free_gen;
        }
        return al->data + (a - al->addr);
    }
    case WS_SP_SHARED:
        return in_range(a, n, w->cta->shared_size) ? w->cta->shared + a : NULL;
    case WS_SP_LOCAL: {
        const ws_frame *fr = ws_warp_frame(w);
        return in_range(a, n, fr->localbase + fr->xf->frame_bytes) ? ws_local_ptr(w, l, a) : NULL;
    }
    case WS_SP_CONST:
        return in_range(a, n, w->g->m->cbank_size) ? w->g->m->cbank + a : NULL;
    case WS_SP_PARAM:
        return in_range(a, n, w->g->param_bytes) ? w->g->params + a : NULL;
    default:
        return NULL;
    }
}

const uint8_t *ws_mem_generic(ws_warp *w, uint32_t lane, uint64_t gaddr, unsigned n)
{
    ws_xcache gc = { NULL, 0 };
    uint64_t a = gaddr;
    int sp = classify(&a);
    uint8_t *p = lane_ptr(w, &gc, sp, a, n, lane);
    if (!p) {
        w->fk = WS_FAULT_OOB;
        w->f_lane = lane;
        w->f_addr = a;
        w->f_gaddr = gaddr;
        w->f_generic = 1;
        w->f_size = n;
        w->f_space = (uint8_t)sp;
        w->f_access = WS_ACC_LOAD;
    }
    return p;
}

/* The bounds of x's space known up front, for the fast paths: its bytes
 * (NULL: none known; global: the instruction's cached allocation), the
 * address of its first byte and its size. */
static inline const uint8_t *space_bounds(ws_warp *w, const ws_xinsn *x, uint64_t *base, uint64_t *size)
{
    *base = 0;
    *size = 0;
    switch (x->space) {
    case WS_SP_GLOBAL: {
        const ws_alloc *al = x->gc->a;
        if (al && x->gc->gen == w->g->d->free_gen) {
            *base = al->addr;
            *size = al->size;
            return al->data;
        }
        return NULL;
    }
    case WS_SP_PARAM:
        *size = w->g->param_bytes;
        return w->g->params;
    case WS_SP_CONST:
        *size = w->g->m->cbank_size;
        return w->g->m->cbank;
    case WS_SP_SHARED:
        if (!w->cta) return NULL;
        *size = w->cta->shared_size;
        return w->cta->shared;
    default:
        return NULL;
    }
}

/* Every lane accesses the same bytes: no address register, and one space
 * the lanes share (not local: each thread has its own). */
static inline bool addr_uniform(const ws_xinsn *x)
{
    return x->addr.base < 0 && !x->generic &&
           (x->space == WS_SP_GLOBAL || x->space == WS_SP_PARAM || x->space == WS_SP_CONST ||
            x->space == WS_SP_SHARED);
}

/* resolve for an addr_uniform instruction: every lane's address is the same,
 * checked once (false: not inside the space's known bounds or
 * misaligned; the general path finds the allocation or the fault). */
static bool resolve_uniform(ws_warp *w, const ws_xinsn *x, uint32_t exec, unsigned n, int access)
{
    const uint64_t a = sym_part(w, x);
    uint64_t base, size;
    const uint8_t *data = space_bounds(w, x, &base, &size);
    const uint64_t o = a - base;
    if (!data || size < n || o > size - n || (a & (n - 1)))
        return false;
    uint8_t *p = (uint8_t *)data + o;
    const uint8_t sp = (uint8_t)x->space;
    ws_step *st = w->st;
    if (exec == ~0u) {
        for (uint32_t l = 0; l < WS_WARP_SIZE; l++) w->g->mptr[l] = p;
        memset(w->g->mspace, sp, WS_WARP_SIZE);
        if (st) {
            for (uint32_t l = 0; l < WS_WARP_SIZE; l++) st->addr[l] = a;
            memset(st->lane_space, sp, WS_WARP_SIZE);
        }
    } else {
        WS_LANES(exec, l) {
            w->g->mptr[l] = p;
            w->g->mspace[l] = sp;
        }
        if (st) {
            WS_LANES(exec, l) {
                st->addr[l] = a;
                st->lane_space[l] = sp;
            }
        }
    }
    if (st) {
        st->mem_kind = (ws_access_kind)access;
        st->generic = false;
        st->size = n;
        st->mem_mask = exec;
        st->space = (ws_ptx_space)x->space;
        st->uniform = true;
    }
    return true;
}

/* Resolve every active lane to a host pointer (w->g->mptr); on a fault fill
 * w->f_* for the lowest faulting lane and return -1.  n: bytes per lane. */
static int resolve(ws_warp *w, const ws_xinsn *x, uint32_t exec, unsigned n, int access)
{
    const int generic = x->generic || x->space == WS_SP_NONE;
    ws_step *st = w->st;
    if (addr_uniform(x) && resolve_uniform(w, x, exec, n, access))
        return 0;
    compute_addrs(w, x, exec);
    uint32_t todo = exec;
    if (!generic) {
        /* fast path: one space whose bounds are known up front (global: the
         * cached allocation); lanes outside it, or misaligned, take the
         * general path below (which finds another allocation or the fault) */
        uint64_t base, size;
        const uint8_t *data = space_bounds(w, x, &base, &size);
        if (data && size >= n) {
            const uint64_t lim = size - n;
            const uint8_t sp = (uint8_t)x->space;
            uint32_t rest = 0, each = exec;
            if (exec == ~0u) {
                /* every lane: written whatever the check says (a lane that
                 * fails is redone below), so the loop has no branch */
                for (uint32_t l = 0; l < WS_WARP_SIZE; l++) {
                    uint64_t a = w->g->maddr[l], o = a - base;
                    uint32_t bad = o > lim || (a & (n - 1));
                    rest |= bad << l;
                    w->g->mptr[l] = (uint8_t *)data + (bad ? 0 : o);
                    w->g->mspace[l] = sp;
                }
                if (st) {
                    memcpy(st->addr, w->g->maddr, sizeof st->addr);
                    memset(st->lane_space, sp, sizeof st->lane_space);
                }
                each = 0;
            }
            WS_LANES(each, l) {
                uint64_t a = w->g->maddr[l], o = a - base;
                if (o <= lim && !(a & (n - 1))) {
                    w->g->mptr[l] = (uint8_t *)data + o;
                    w->g->mspace[l] = sp;
                    if (st) {
                        st->addr[l] = a;
                        st->lane_space[l] = sp;
                    }
                } else {
                    rest |= 1u << l;
                }
            }
            todo = rest;
        }
    }
    WS_LANES(todo, l) {
        uint64_t a = w->g->maddr[l];
        int sp = x->space;
        if (generic)
            sp = classify(&a);
        uint8_t *p = (a & (n - 1)) ? NULL : lane_ptr(w, x->gc, sp, a, n, l);
        if (!p) {
            w->fk = (a & (n - 1)) ? WS_FAULT_MISALIGNED : WS_FAULT_OOB;
            w->f_lane = l;
            w->f_addr = a;
            w->f_gaddr = w->g->maddr[l];
            w->f_generic = (uint8_t)generic;
            w->f_size = n;
            w->f_space = (uint8_t)sp;
            w->f_access = (uint8_t)access;
            return -1;
        }
        w->g->mptr[l] = p;
        w->g->mspace[l] = (uint8_t)sp;
        if (st) {
            st->addr[l] = a;
            st->lane_space[l] = (uint8_t)sp;
        }
    }
    if (st) {
        st->mem_kind = (ws_access_kind)access;
        st->generic = generic;
        st->size = n;
        st->mem_mask = exec;
        if (!generic) {
            st->space = (ws_ptx_space)x->space;     /* every lane's */
        } else {
            int sp = -1;
            WS_LANES(exec, l) {
                if (sp < 0)
                    sp = w->g->mspace[l];
                else if (sp != w->g->mspace[l])
                    sp = WS_SP_NONE;
            }
            st->space = sp < 0 ? WS_SP_NONE : (ws_ptx_space)sp;
        }
    }
    return 0;
}

static inline uint64_t rd(const uint8_t *p, unsigned es)
{
    switch (es) {
    case 1: return *p;
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}

static inline void wr(uint8_t *p, uint64_t v, unsigned es)
{
    switch (es) {
    case 1: *p = (uint8_t)v; break;
    case 2: { uint16_t t = (uint16_t)v; memcpy(p, &t, 2); break; }
    case 4: { uint32_t t = (uint32_t)v; memcpy(p, &t, 4); break; }
    default: memcpy(p, &v, 8); break;
    }
}

static inline unsigned elem_size(const ws_xinsn *x) { return x->tbits >= 8 ? x->tbits / 8u : 1u; }

#define LD_LOOP(T, SGN)                                                               \
    do {                                                                              \
        if (SGN) {                                                                    \
            WS_LANES(exec, l) {                                                       \
                T v_;                                                                 \
                memcpy(&v_, w->g->mptr[l] + off, sizeof v_);                             \
                D[l] = (uint64_t)ws_sext(v_, bits) & dm;                              \
            }                                                                         \
        } else {                                                                      \
            WS_LANES(exec, l) {                                                       \
                T v_;                                                                 \
                memcpy(&v_, w->g->mptr[l] + off, sizeof v_);                             \
                D[l] = (uint64_t)v_ & dm;                                             \
            }                                                                         \
        }                                                                             \
    } while (0)

static int x_ld(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    const unsigned es = elem_size(x), nv = x->vec;
    if (resolve(w, x, exec, es * nv, WS_ACC_LOAD) < 0)
        return WS_X_FAULT;
    const int sgn = ws_ptx_type_is_signed((ws_ptx_type)x->type) && es < 8;
    const unsigned bits = es * 8;
    const bool same = addr_uniform(x);     /* (then one read serves every lane) */
    for (unsigned e = 0; e < nv && e < x->ndst; e++) {
        uint64_t *D = ws_dst(w, x, (int)e);
        const uint64_t dm = x->dmask[e];
        const unsigned off = e * es;
        if (same) {
            uint64_t v = rd(w->g->mptr[__builtin_ctz(exec)] + off, es);
            v = (sgn ? (uint64_t)ws_sext(v, bits) : v) & dm;
            if (exec == ~0u) {
                for (uint32_t l = 0; l < WS_WARP_SIZE; l++) D[l] = v;
            } else {
                WS_LANES(exec, l) D[l] = v;
            }
            continue;
        }
        switch (es) {
        case 1: LD_LOOP(uint8_t, sgn); break;
        case 2: LD_LOOP(uint16_t, sgn); break;
        case 4: LD_LOOP(uint32_t, sgn); break;
        default: LD_LOOP(uint64_t, 0); break;
        }
    }
    return WS_X_NEXT;
}

static int x_st(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    const unsigned es = elem_size(x), nv = x->vec;
    if (resolve(w, x, exec, es * nv, WS_ACC_STORE) < 0)
        return WS_X_FAULT;
    for (unsigned e = 0; e < nv && e < x->nsrc; e++) {
        const uint64_t *S = SRC((int)e);
        const unsigned off = e * es;
        WS_LANES(exec, l) wr(w->g->mptr[l] + off, S[l], es);
    }
    return WS_X_NEXT;
}

static inline uint64_t atom_op(const ws_xinsn *x, uint64_t old, uint64_t b, uint64_t c, int ftz)
{
    const unsigned n = x->tbits;
    const uint64_t m = ws_bits_mask(n);
    const int sgn = ws_ptx_type_is_signed((ws_ptx_type)x->type);
    old &= m;
    b &= m;
    switch (x->subop) {
    case WS_ATOM_ADD:
        if (x->type == WS_T_F32) {
            float r = ws_f32_in(old, ftz) + ws_f32_in(b, ftz);
            return ws_f32_out(r, ftz, 0);
        }
        if (x->type == WS_T_F64)
            return ws_f64_out(ws_as_f64(old) + ws_as_f64(b), 0);
        return (old + b) & m;
    case WS_ATOM_MIN:
        if (sgn)
            return ws_sext(b, n) < ws_sext(old, n) ? b : old;
        return b < old ? b : old;
    case WS_ATOM_MAX:
        if (sgn)
            return ws_sext(b, n) > ws_sext(old, n) ? b : old;
        return b > old ? b : old;
    case WS_ATOM_INC: return old >= b ? 0 : old + 1;
    case WS_ATOM_DEC: return (old == 0 || old > b) ? b : old - 1;
    case WS_ATOM_AND: return old & b;
    case WS_ATOM_OR: return old | b;
    case WS_ATOM_XOR: return old ^ b;
    case WS_ATOM_EXCH: return b;
    case WS_ATOM_CAS: return old == b ? (c & m) : old;
    default: return old;
    }
}

static int x_atom(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    const unsigned es = elem_size(x);
    if (resolve(w, x, exec, es, WS_ACC_ATOMIC) < 0)
        return WS_X_FAULT;
    const uint64_t *B = SRC(0);
    const uint64_t *C = x->subop == WS_ATOM_CAS ? SRC(1) : B;
    const int is_red = x->op == WS_OP_RED;
    uint64_t *D = is_red ? NULL : ws_dst(w, x, 0);
    WS_LANES(exec, l) {
        /* atom.add.f32 flushes subnormals on global memory, not on shared */
        int ftz = w->g->mspace[l] != WS_SP_SHARED;
        uint64_t old = rd(w->g->mptr[l], es);
        wr(w->g->mptr[l], atom_op(x, old, B[l], C[l], ftz), es);
        if (D)
            D[l] = old & x->dmask[0];
    }
    return WS_X_NEXT;
}

/* prefetch / prefetchu: addresses reported, nothing checked or changed */
static int x_prefetch(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec || !w->st)
        return WS_X_NEXT;
    compute_addrs(w, x, exec);
    ws_step *st = w->st;
    const int generic = x->generic || x->space == WS_SP_NONE;
    st->mem_kind = WS_ACC_PREFETCH;
    st->generic = generic;
    st->size = 1;
    st->mem_mask = exec;
    st->space = generic ? WS_SP_NONE : (ws_ptx_space)x->space;
    WS_LANES(exec, l) {
        uint64_t a = w->g->maddr[l];
        int sp = generic ? classify(&a) : x->space;
        st->addr[l] = a;
        st->lane_space[l] = (uint8_t)sp;
    }
    return WS_X_NEXT;
}

/* load_iru: the lanes are reported to the timing model, whose reply
 * writes the registers (ws_warp_iru_result). */
static int x_load_iru(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    (void)x;
    if (!exec)
        return WS_X_NEXT;
    if (!w->st) {
        w->fk = WS_FAULT_UNSUPPORTED;
        w->f_lane = (uint32_t)__builtin_ctz(exec);
        snprintf(w->f_msg, sizeof w->f_msg, "load_iru needs the IRU: --set iru.enable=true on a timing GPU");
        return WS_X_FAULT;
    }
    ws_step *st = w->st;
    st->mem_kind = WS_ACC_IRU;
    st->space = WS_SP_GLOBAL;
    st->size = 4;
    st->mem_mask = exec;
    return WS_X_NEXT;
}

int ws_warp_iru_result(ws_warp *w, const ws_ptx_insn *insn, uint32_t mask, uint32_t valid,
                       const uint32_t *idx, const uint32_t *sec, const uint32_t *pos)
{
    const ws_xfunc *xf = w->nframes ? w->frames[w->nframes - 1].xf : NULL;
    if (!xf || !insn || insn < xf->f->insns || insn >= xf->f->insns + xf->f->ninsns)
        return -1;
    const ws_xinsn *x = &xf->code[insn - xf->f->insns];
    if (x->op != WS_OP_LOAD_IRU)
        return -1;
    ws_setp(w, x->dst[0], valid, mask);
    const uint32_t *vals[3] = { idx, sec, pos };
    for (int i = 1; i < x->ndst && i < 4; i++) {
        uint64_t *D = ws_dst(w, x, i);
        WS_LANES(mask, l) D[l] = (valid >> l & 1u) ? (uint64_t)vals[i - 1][l] & x->dmask[i] : 0;
    }
    return 0;
}

/* The MFF's calls (issue 34; ws_core.h says what is checked). */
static int mff_fault(ws_warp *w, uint32_t lane, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int mff_fault(ws_warp *w, uint32_t lane, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    w->fk = WS_FAULT_MFF;
    w->f_lane = lane;
    int n = vsnprintf(w->f_msg, sizeof w->f_msg, fmt, ap);
    va_end(ap);
    if (n > 0 && (size_t)n < sizeof w->f_msg)
        snprintf(w->f_msg + n, sizeof w->f_msg - (size_t)n, " (warp %u of the CTA, lane %u)", ws_warp_index(w), lane);
    return WS_X_FAULT;
}

static int x_pc_call(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    const bool gather = x->op == WS_OP_PC_GATHER;
    const char *name = gather ? "pc_gather" : "pc_scatter_set";
    if (!w->st)
        return mff_fault(w, (uint32_t)__builtin_ctz(exec), "%s needs the MFF on a timing GPU "
                         "(--set mff.enable=true; run.mode=functional has no MFF)", name);
    const uint64_t *CI = SRC(0), *SZ = SRC(1);
    const uint64_t clen = w->g->d->mff_c_len;
    if (gather ? !w->g->d->mff_v : !w->g->d->mff_bv)
        return mff_fault(w, (uint32_t)__builtin_ctz(exec), "%s needs configure_mff's %s array before the launch",
                         name, gather ? "v" : "bv");
    if (gather)
        compute_addrs(w, x, exec);
    WS_LANES(exec, l) {
        uint32_t n = (uint32_t)SZ[l], c = (uint32_t)CI[l];
        if (n > WS_WARP_SIZE)
            return mff_fault(w, l, "%s: size %d is %s (0 to 32 neighbours a call; a vertex with more calls again)",
                             name, (int32_t)n, (int32_t)n < 0 ? "negative" : "above 32");
        if ((uint64_t)c + n > clen)
            return mff_fault(w, l, "%s: c_index %u, size %u reads C[%u .. %llu], outside C (%llu entries, "
                             "configure_mff's c)", name, c, n, c, (unsigned long long)c + n - 1,
                             (unsigned long long)clen);
        if (gather) {
            uint64_t a = w->g->maddr[l];
            if (a - WS_GEN_SHARED_BASE < WS_GEN_WINDOW_SIZE)
                a -= WS_GEN_SHARED_BASE;
            uint64_t limit = w->cta ? w->cta->shared_size : 0;
            if (n && (a & 3))
                return mff_fault(w, l, "pc_gather: target shared offset 0x%llx is not 4-byte aligned",
                                 (unsigned long long)a);
            if (n && !in_range(a, 4ull * n, limit))
                return mff_fault(w, l, "pc_gather: target shared offsets 0x%llx .. 0x%llx (size %u words) leave "
                                 "the CTA's shared memory (%llu bytes)", (unsigned long long)a,
                                 (unsigned long long)(a + 4ull * n - 1), n, (unsigned long long)limit);
            w->st->addr[l] = a;
            w->st->lane_space[l] = WS_SP_SHARED;
        }
        w->st->mff_c[l] = c;
        w->st->mff_n[l] = n;
    }
    ws_step *st = w->st;
    st->mem_kind = WS_ACC_MFF;
    st->space = gather ? WS_SP_SHARED : WS_SP_GLOBAL;
    st->generic = false;
    st->size = 4;
    st->mem_mask = exec;
    if (gather)
        w->mff_gathers++;
    return WS_X_NEXT;
}

static int x_pc_wait(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    (void)x;
    if (!exec)
        return WS_X_NEXT;
    if (!w->st)
        return mff_fault(w, (uint32_t)__builtin_ctz(exec), "pc_wait needs the MFF on a timing GPU "
                         "(--set mff.enable=true; run.mode=functional has no MFF)");
    if (!w->mff_gathers)
        return mff_fault(w, (uint32_t)__builtin_ctz(exec), "pc_wait without a command: the warp issued no "
                         "pc_gather since its last pc_wait (or its start)");
    w->mff_gathers = 0;
    return WS_X_NEXT;
}

int ws_warp_mff_word(ws_warp *w, uint64_t addr, uint32_t value)
{
    if (!w->cta || !in_range(addr, 4, w->cta->shared_size))
        return -1;
    memcpy(w->cta->shared + addr, &value, 4);
    return 0;
}

void ws_device_set_mff(ws_device *d, uint64_t c_len, bool has_v, bool has_bv)
{
    d->mff_c_len = c_len;
    d->mff_v = has_v;
    d->mff_bv = has_bv;
}

static inline uint64_t window_of(int sp)
{
    switch (sp) {
    case WS_SP_SHARED: return WS_GEN_SHARED_BASE;
    case WS_SP_LOCAL: return WS_GEN_LOCAL_BASE;
    case WS_SP_CONST: return WS_GEN_CONST_BASE;
    case WS_SP_PARAM: return WS_GEN_PARAM_BASE;
    default: return 0;
    }
}

/* cvta.space d, a (to generic) / cvta.to.space d, a (from generic) */
static int x_cvta(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint64_t *D = ws_dst(w, x, 0);
    const uint64_t win = window_of(x->space), m = x->dmask[0] & x->tmask;
    const int to = (x->flags & WS_F_TO) || x->subop == WS_CVTA_FROM_GENERIC;
    if (win == 0) {
        WS_LANES(exec, l) D[l] = A[l] & m;
    } else if (to) {
        WS_LANES(exec, l) D[l] = (A[l] - win) & m;
    } else {
        WS_LANES(exec, l) D[l] = (A[l] + win) & m;
    }
    return WS_X_NEXT;
}

/* isspacep.space p, a */
static int x_isspacep(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    const uint64_t *A = SRC(0);
    uint32_t r = 0;
    WS_LANES(exec, l) {
        uint64_t a = A[l];
        int sp = classify(&a);
        r |= (uint32_t)(sp == x->space) << l;
    }
    ws_setp(w, x->dst[0], r, exec);
    return WS_X_NEXT;
}

ws_xfn ws_exec_mem_pick(const ws_xinsn *x)
{
    unsigned es = x->tbits / 8;
    bool size_ok = es == 1 || es == 2 || es == 4 || es == 8;
    switch (x->op) {
    case WS_OP_LD: case WS_OP_LDU:
        if (!size_ok || x->ndst < x->vec || x->dpred)
            return NULL;
        return x_ld;
    case WS_OP_ST:
        if (!size_ok || x->nsrc < x->vec)
            return NULL;
        return x_st;
    case WS_OP_ATOM: case WS_OP_RED:
        if (es != 4 && es != 8)
            return NULL;
        if (x->type == WS_T_F32 || x->type == WS_T_F64) {
            if (x->subop != WS_ATOM_ADD && x->subop != WS_ATOM_EXCH)
                return NULL;
        }
        if (x->op == WS_OP_ATOM && x->ndst < 1)
            return NULL;
        if (x->subop == WS_ATOM_CAS && x->nsrc < 2)
            return NULL;
        if (x->space != WS_SP_NONE && x->space != WS_SP_GLOBAL && x->space != WS_SP_SHARED)
            return NULL;
        return x_atom;
    case WS_OP_PREFETCH: case WS_OP_PREFETCHU:
        return x_prefetch;
    case WS_OP_LOAD_IRU:
        return x->dpred && x->ndst >= 2 && x->ndst <= 4 ? x_load_iru : NULL;
    case WS_OP_PC_GATHER:
        return x->nsrc == 2 ? x_pc_call : NULL;
    case WS_OP_PC_SCATTER_SET:
        return x->nsrc == 2 ? x_pc_call : NULL;
    case WS_OP_PC_WAIT:
        return x_pc_wait;
    case WS_OP_CVTA:
        if (x->nsrc == 1 && x->src[0].kind == WS_XS_NONE)
            return ws_exec_mov_sym_fn();
        return x->nsrc == 1 ? x_cvta : NULL;
    case WS_OP_ISSPACEP:
        return x->dpred ? x_isspacep : NULL;
    default:
        return NULL;
    }
}
