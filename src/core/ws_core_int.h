/* ws_core_int.h: internals of the functional engine (src/core only).
 *
 * Execution model.  Every PTX instruction is pre-decoded at module load into
 * a ws_xinsn: a handler function plus resolved operands (register offsets,
 * 32-lane immediate vectors, address descriptors).  A warp executes one
 * instruction by computing the guard mask and calling the handler, which
 * loops over the active lanes; registers hold 32 lanes contiguously
 * (r[reg * 32 + lane]) and predicates are 32-bit lane masks.
 *
 * Register invariant: a register holds its value zero-extended beyond its
 * declared width (loads and cvt extend to the register width as PTX says,
 * then mask).  Readers take the low bits of the instruction type.
 *
 * SIMT stack.  The running entry (pc, active, rpc) lives in the warp; the
 * array `stack` holds the entries below it.  A divergent branch with
 * reconvergence point R (the immediate post-dominator from the parser)
 * saves the running entry with pc = R (unless its own rpc is R already),
 * pushes the fall-through path and runs the taken path, both with rpc R.
 * When the running entry's pc reaches its rpc, or its mask empties (lanes
 * returned or exited), the entry below is popped.  Calls push the caller's
 * entry (pc = return address) and start a frame whose stack base is the
 * depth at entry; when the callee's entries are all gone the frame returns. */
#ifndef WS_CORE_INT_H
#define WS_CORE_INT_H

#include <string.h>

#include "core/ws_core.h"
#include "ptx/ws_ptx.h"

#define WS_NBARRIERS 16
#define WS_NO_RPC UINT32_MAX

/* Lanes of a mask, ascending: WS_LANES(exec, l) { ... l ... } */
#define WS_LANES(mask, l)                                                           \
    for (uint32_t l##_m_ = (mask), l = 0; l##_m_ && ((l = (uint32_t)__builtin_ctz(l##_m_)), 1); \
         l##_m_ &= l##_m_ - 1)

/* popcount without relying on a POPCNT instruction (no libgcc call) */
static inline uint32_t ws_popc32(uint32_t m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    return (((m + (m >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
}

/* ------------------------------------------------------------ decoded code */
typedef struct ws_xinsn ws_xinsn;
/* Handler: executes x for the lanes in exec.  Returns WS_X_NEXT (continue
 * at pc + 1), WS_X_JUMP (the handler set the control state itself),
 * WS_X_FAULT (w->fault_* filled) or WS_X_BARRIER (the warp now waits). */
typedef int (*ws_xfn)(ws_warp *w, const ws_xinsn *x, uint32_t exec);
enum { WS_X_NEXT = 0, WS_X_JUMP, WS_X_FAULT, WS_X_BARRIER };

enum { WS_XS_NONE = 0, WS_XS_REG, WS_XS_IMM, WS_XS_SREG, WS_XS_PRED };

/* Functions provided outside the module (ws_builtin.c). */
enum { WS_BUILTIN_NONE = 0, WS_BUILTIN_PRINTF, WS_BUILTIN_ASSERT };

typedef struct ws_xsrc {
    uint8_t kind;            /* WS_XS_* */
    uint8_t neg;             /* PRED: negated */
    uint8_t sreg, comp;      /* SREG */
    uint32_t off;            /* REG: reg * 32; PRED: predicate index */
    const uint64_t *imm;     /* IMM: the value in 32 lanes */
} ws_xsrc;

/* How an address operand's symbol part is computed. */
enum {
    WS_XA_ABS = 0,           /* disp is the address (registers add to it) */
    WS_XA_FRAME,             /* disp + the frame's local base (per-thread local) */
    WS_XA_DYNSHARED,         /* disp + the kernel's dynamic shared offset */
};

typedef struct ws_xaddr {
    int32_t base;            /* base register offset (reg * 32), -1 if none */
    uint8_t base32;          /* base register is 32 bits wide: zero-extend */
    uint8_t kind;            /* WS_XA_* */
    uint64_t disp;           /* offset (two's complement) */
    uint64_t window;         /* added after the symbol part for generic symbol
                              * addresses (e.g. WS_GEN_SHARED_BASE) */
} ws_xaddr;

/* A call: where the arguments and return values are (caller frame offsets)
 * and where they go (callee frame offsets). */
typedef struct ws_xcopy { uint64_t from, to, size; } ws_xcopy;
/* Per-instruction cache of the global allocation last accessed (mutable
 * state of an otherwise read-only instruction; valid while `gen` equals the
 * device's free generation). */
typedef struct ws_xcache {
    const ws_alloc *a;
    uint64_t gen;
} ws_xcache;

typedef struct ws_xcall {
    ws_xcopy *args; uint32_t nargs;
    ws_xcopy *rets; uint32_t nrets;   /* from = callee offset, to = caller offset */
} ws_xcall;

struct ws_xinsn {
    ws_xfn fn;
    int32_t guard;           /* predicate index, -1 if none */
    uint32_t gxor;           /* ~0u for @!p */
    uint16_t op;
    uint8_t type, type2, subop, cmp, boolop, rnd;
    uint8_t space;           /* effective state space of a memory operand */
    uint8_t vec, cacheop, klass, ndst, nsrc;
    uint8_t dpred;           /* destination 0 is a predicate */
    uint8_t tbits;           /* bits of `type` (8..64; pred 1) */
    uint8_t generic;         /* memory operand uses generic addressing */
    uint8_t cvt_mode;        /* ws_exec_cvt.c: conversion kind */
    uint8_t builtin;         /* call of a WS_BUILTIN_* function */
    uint32_t flags;
    uint64_t tmask;          /* all-ones of `type`'s width */
    uint32_t dst[4];         /* REG: reg * 32 (sink: the frame's sink register) / PRED index */
    uint64_t dmask[4];       /* width mask of each destination register */
    uint8_t dbits[4];        /* width of each destination register */
    ws_xsrc src[5];
    ws_xaddr addr;           /* memory operand / mov of a symbol */
    uint32_t target;         /* bra */
    uint32_t reconv;         /* bra: immediate post-dominator */
    int32_t callee;          /* call: module function index */
    ws_xcall *call;
    ws_xcache *gc;           /* ld/st/atom/red: global allocation cache */
    const ws_ptx_insn *in;
};

typedef struct ws_xfunc {
    const ws_ptx_func *f;
    uint32_t index;          /* in the module */
    ws_xinsn *code;          /* ninsns + 1 (a final implicit `ret`) */
    uint32_t n;
    uint32_t nregs;          /* register slots incl. the sink's (ws_regslots.c) */
    uint32_t *slot;          /* PTX register -> slot (UINT32_MAX: never used) */
    uint32_t nslots;
    uint64_t *livein;        /* registers live before instruction i: livein + i * lw
                              * (NULL: every register has its own slot) */
    size_t lw;
    uint32_t npreds;         /* predicates incl. the sink predicate */
    uint64_t frame_bytes;    /* per-thread frame, 16-byte multiple */
} ws_xfunc;

/* ------------------------------------------------------------ device */
struct ws_kernel {
    ws_module *m;
    uint32_t fidx;
    const ws_ptx_func *f;
    const ws_xfunc *xf;
    uint32_t regs;           /* per thread, for occupancy */
    uint32_t regs_estimate;  /* the estimate, even when a record gives regs */
    ws_regs_source regs_source;   /* ESTIMATE or PTXAS */
    uint64_t static_shared;  /* bytes, for occupancy (ws_kernel_static_shared) */
    uint64_t dyn_offset;     /* dynamic shared starts here */
    uint64_t param_bytes;
};

struct ws_module {
    ws_device *d;
    uint32_t index;
    ws_ptx_module *ptx;
    ws_xfunc *xf;            /* one per function */
    ws_kernel *kernels; uint32_t nkernels;
    uint64_t *var_addr;      /* .global: device address; .const: offset; else 0 */
    uint8_t *cbank; uint64_t cbank_size;
    uint64_t **pool; size_t npool, cap_pool;   /* immediate vectors */
};

typedef struct ws_alloc_rec {
    ws_alloc a;
    char *name_own;
    bool freed;
} ws_alloc_rec;

struct ws_device {
    ws_device_config cfg;
    ws_alloc_rec **live; size_t nlive, cap_live;      /* sorted by address */
    ws_alloc_rec **dead; size_t ndead, cap_dead;      /* freed, for messages */
    uint64_t next_addr;
    uint32_t next_id;
    uint64_t free_gen;       /* bumped by every free (invalidates warp caches) */
    uint64_t bytes_in_use;
    uint64_t bytes_limit;           /* 0: none (ws_device_set_memory_limit) */
    ws_module **mods; uint32_t nmods; size_t cap_mods;
    ws_sm_usage *sm;
    uint64_t usage_gen;      /* bumped by every change of sm[] */
    ws_grid **grids; size_t ngrids, cap_grids;        /* alive (stepwise) */
    ws_fault fault; bool has_fault;
    ws_launch_stats last, total;
    char *pbuf; size_t plen, pcap;                      /* device printf output */
    bool printf_truncated;
    uint32_t next_gridid;
    /* CTAs of freed grids kept for later ones (warps with their register
     * files, shared memory): a launch reuses warm memory instead of
     * allocating and page-faulting it again (ws_launch.c) */
    ws_cta *cta_cache; uint32_t ncta_cache;
    uint64_t mff_c_len;      /* entries of the MFF's C for the launch (ws_device_set_mff) */
    bool mff_v, mff_bv;      /* the launch has V / the bit vector */
};

/* ------------------------------------------------------------ execution state */
typedef struct ws_frame {
    const ws_xfunc *xf;
    size_t regbase;          /* in w->regs (uint64 units) */
    size_t predbase;         /* in w->preds */
    uint64_t localbase;      /* per-thread local offset of the frame */
    uint32_t simt_base;      /* stack depth when the frame started */
    uint32_t call_mask;      /* lanes that entered */
    const ws_xinsn *call;    /* the caller's call instruction (NULL: kernel) */
} ws_frame;

typedef struct ws_barrier {
    uint32_t arrived;        /* threads */
    uint32_t expected;       /* 0: every live thread of the CTA */
    uint32_t popc;           /* bar.red.popc count */
    bool all, any;           /* bar.red.and / .or */
    uint32_t nwaiting;       /* warps waiting */
} ws_barrier;

struct ws_warp {
    /* hot state */
    uint64_t *r;             /* running frame's registers */
    uint32_t *p;             /* running frame's predicates */
    const ws_xinsn *code;
    const ws_ptx_func *func; /* running frame's function (frames[nframes - 1].xf->f) */
    uint32_t pc, active, rpc;
    uint32_t carry;          /* per-lane CC.CF */
    uint32_t live;           /* lanes not exited */
    ws_warp_status status;
    uint64_t ninsn;
    /* registers written (one byte per register of every frame): a register
     * is zeroed at its first write, and reads of one never written see
     * zeros (ws_reg_rd), so a warp's start clears these bytes instead of
     * every register; wm is the running frame's part of wmap, which is
     * wm0 (next to the hot state) while the frames need no more, else
     * wheap */
    uint8_t *wm;
    ws_step *st;             /* non-NULL while a ws_step is being filled */
    ws_cta *cta;
    ws_grid *g;
    uint32_t index;
    uint32_t nthreads;       /* threads of this warp (last warp may be partial) */
    uint8_t wm0[64];
    /* SIMT stack (entries below the running one) */
    ws_simt_entry *stack; uint32_t sp, cap_stack;
    /* call frames */
    ws_frame *frames; uint32_t nframes, cap_frames;
    uint64_t *regs; size_t cap_regs;
    uint8_t *wmap;
    uint8_t *wheap; size_t cap_wheap;
    uint32_t *preds; size_t cap_preds;
    /* per-thread local memory: lane l's byte o is local[l * local_stride + o] */
    uint8_t *local; uint64_t local_stride;
    /* barrier wait */
    uint32_t bar_id, bar_mask, bar_dst;
    uint32_t bar_pc;         /* the barrier instruction (for reports) */
    const ws_xinsn *bar_insn;
    uint8_t bar_kind;        /* WS_BAR_* of the waiting instruction */
    uint8_t bar_dpred;
    /* check.sync: a barrier some lanes of the warp executed without the
     * others (sync_mask 0: none pending) */
    uint32_t sync_mask, sync_id;
    const ws_xinsn *sync_insn;
    /* fault detail (set by a handler returning WS_X_FAULT) */
    ws_fault_kind fk;
    uint32_t f_lane, f_size;
    uint64_t f_addr;         /* address in the resolved space */
    uint64_t f_gaddr;        /* generic address (generic accesses) */
    uint8_t f_generic;
    uint8_t f_space, f_access;
    char f_msg[512];
    uint32_t mff_gathers;    /* pc_gather calls since the last pc_wait (issue 34) */
} __attribute__((aligned(64)));     /* (the hot state: the first two cache lines; ws_launch.c) */

struct ws_cta {
    ws_grid *g;
    uint32_t idx[3];
    uint64_t linear;
    uint32_t sm;
    uint32_t nwarps, nthreads;
    ws_warp *warps; uint32_t cap_warps;
    uint8_t *shared; uint64_t shared_size, cap_shared;
    uint32_t live_threads, live_warps;
    ws_barrier bar[WS_NBARRIERS];
    bool resident;
    uint32_t rr;             /* functional mode: warp whose turn it is */
    uint64_t qleft;          /* instructions left in its turn */
    ws_cta *next_free;
};

struct ws_grid {
    ws_device *d;
    const ws_kernel *k;
    const ws_module *m;
    uint32_t grid[3], block[3];
    uint64_t dyn_shared;
    uint8_t *params; uint64_t param_bytes;
    uint64_t nctas, next_cta, resident, retired;
    uint32_t threads_per_cta, warps_per_cta, regs_per_cta;
    uint32_t regs_per_thread;        /* the count regs_per_cta is made of */
    ws_regs_source regs_source;      /* and where it comes from */
    uint64_t shared_per_cta;
    ws_launch_stats stats;
    uint64_t budget;
    ws_fault fault; bool faulted;
    uint64_t clock; bool ext_clock;
    uint32_t gridid;
    ws_cta *free_ctas;
    ws_cta *run_cta;         /* ws_grid_run: the CTA being run */
    ws_cta **ctas; size_t nctas_alloc, cap_ctas;   /* every CTA object (for free) */
    /* scratch of the instruction being executed (one warp steps at a
     * time), shared by the grid's warps so that it stays in cache: */
    uint64_t maddr[WS_WARP_SIZE];   /* memory instructions: lane addresses, */
    uint8_t *mptr[WS_WARP_SIZE];    /* their host pointers */
    uint8_t mspace[WS_WARP_SIZE];   /* and spaces */
    uint64_t tmp[5][WS_WARP_SIZE];  /* special-register source values */
};

/* ------------------------------------------------------------ helpers */
static inline int64_t ws_sext(uint64_t v, unsigned bits)
{
    if (bits >= 64)
        return (int64_t)v;
    uint64_t m = 1ull << (bits - 1);
    v &= (m << 1) - 1;
    return (int64_t)((v ^ m) - m);
}

static inline uint64_t ws_bits_mask(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

static inline float ws_as_f32(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline uint64_t ws_f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline double ws_as_f64(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}
static inline uint64_t ws_f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

/* Fill w->g->tmp[slot] with special register values for the lanes in exec. */
void ws_sreg_read(ws_warp *w, uint32_t sreg, uint32_t comp, uint32_t exec, uint64_t *out);

/* wmap holding n registers (frames below the running one's keep theirs);
 * w->wm is to be set again after it. */
void ws_warp_wmap_reserve(ws_warp *w, size_t n);

/* Zero lanes: what a register never written holds. */
extern const uint64_t ws_zero_lanes[WS_WARP_SIZE];

/* The running frame's register at off (uint64 units, a multiple of
 * WS_WARP_SIZE): to read, and to write (zeroed at its first write). */
static inline const uint64_t *ws_reg_rd(const ws_warp *w, size_t off)
{
    return w->wm[off / WS_WARP_SIZE] ? w->r + off : ws_zero_lanes;
}
static inline uint64_t *ws_reg_wr(ws_warp *w, size_t off)
{
    uint8_t *m = &w->wm[off / WS_WARP_SIZE];
    if (!*m) {
        memset(w->r + off, 0, WS_WARP_SIZE * sizeof *w->r);
        *m = 1;
    }
    return w->r + off;
}

/* The 32 lane values of source i. */
static inline const uint64_t *ws_src(ws_warp *w, const ws_xinsn *x, int i, uint32_t exec)
{
    const ws_xsrc *s = &x->src[i];
    if (s->kind == WS_XS_REG)
        return ws_reg_rd(w, s->off);
    if (s->kind == WS_XS_IMM)
        return s->imm;
    if (s->kind == WS_XS_SREG) {
        ws_sreg_read(w, s->sreg, s->comp, exec, w->g->tmp[i]);
        return w->g->tmp[i];
    }
    /* a predicate used as a value: 0 / 1 per lane */
    uint32_t m = w->p[s->off] ^ (s->neg ? ~0u : 0u);
    for (uint32_t l = 0; l < WS_WARP_SIZE; l++)
        w->g->tmp[i][l] = (m >> l) & 1u;
    return w->g->tmp[i];
}

/* A predicate source as a lane mask (immediates: 0 / all). */
static inline uint32_t ws_srcp(ws_warp *w, const ws_xinsn *x, int i)
{
    const ws_xsrc *s = &x->src[i];
    if (s->kind == WS_XS_PRED)
        return w->p[s->off] ^ (s->neg ? ~0u : 0u);
    if (s->kind == WS_XS_IMM)
        return s->imm[0] ? ~0u : 0u;
    /* a register used as a predicate: nonzero lanes */
    uint32_t m = 0;
    const uint64_t *v = s->kind == WS_XS_REG ? ws_reg_rd(w, s->off) : NULL;
    if (v)
        for (uint32_t l = 0; l < WS_WARP_SIZE; l++)
            m |= (v[l] != 0) << l;
    return m;
}

static inline uint64_t *ws_dst(ws_warp *w, const ws_xinsn *x, int i) { return ws_reg_wr(w, x->dst[i]); }
static inline void ws_setp(ws_warp *w, uint32_t idx, uint32_t val, uint32_t exec)
{
    w->p[idx] = (w->p[idx] & ~exec) | (val & exec);
}

/* ------------------------------------------------------------ internal API */
/* ws_regslots.c: xf->slot, nslots, livein and lw of a function with a body
 * (share false: one slot per register, no live-in sets) */
void ws_regslots_assign(const ws_ptx_func *f, ws_xfunc *xf, bool share);
void ws_regslots_free(ws_xfunc *xf);
/* ws_decode.c */
int ws_decode_module(ws_module *mod, ws_error *err);
void ws_decode_free(ws_module *mod);
/* ws_exec_*.c: handler selection per opcode family (NULL: not handled) */
ws_xfn ws_exec_int_pick(const ws_xinsn *x);
ws_xfn ws_exec_bit_pick(const ws_xinsn *x);
ws_xfn ws_exec_float_pick(const ws_xinsn *x);
ws_xfn ws_exec_cvt_pick(const ws_xinsn *x);
ws_xfn ws_exec_mov_pick(const ws_xinsn *x);
ws_xfn ws_exec_cmp_pick(const ws_xinsn *x);
ws_xfn ws_exec_mov_sym_fn(void);     /* mov / cvta of a variable's address */
ws_xfn ws_exec_mem_pick(const ws_xinsn *x);
ws_xfn ws_exec_sync_pick(const ws_xinsn *x);
ws_xfn ws_exec_ctrl_pick(const ws_xinsn *x);

/* ws_simt.c */
void ws_simt_push(ws_warp *w, uint32_t pc, uint32_t mask, uint32_t rpc);
/* The running entry finished (pc == rpc or mask empty): pop until an entry
 * can run, returning from frames and exiting the warp as needed. */
void ws_simt_pop(ws_warp *w);
void ws_simt_branch(ws_warp *w, uint32_t target, uint32_t fall, uint32_t taken, uint32_t ntaken,
                    uint32_t reconv);
/* Remove lanes from every entry of the frames from `from_frame` up (exit:
 * 0; ret: the running frame). */
void ws_simt_remove(ws_warp *w, uint32_t lanes, uint32_t from_frame);
/* Lanes exit the kernel: bookkeeping (CTA live counts, barriers). */
void ws_warp_lanes_exit(ws_warp *w, uint32_t lanes);
/* Enter callee xf for lanes `mask`, returning to pc `ret_pc` of the caller. */
int ws_simt_call(ws_warp *w, const ws_xinsn *x, const ws_xfunc *xf, uint32_t mask, uint32_t ret_pc);

/* ws_warp.c */
int ws_warp_init(ws_warp *w, ws_cta *c, uint32_t index, ws_error *err);
void ws_warp_release(ws_warp *w);
/* Free the CTAs kept for reuse by later grids (ws_device_free). */
void ws_device_cta_cache_free(ws_device *d);
int ws_warp_exec(ws_warp *w);            /* one instruction: WS_X_* */
/* Run up to n instructions while the warp is ready: 0, or -1 on a fault
 * (reported into the grid and err). */
int ws_warp_run(ws_warp *w, uint64_t n, ws_error *err);
int ws_warp_local_reserve(ws_warp *w, uint64_t bytes);   /* grow per-thread local; -1 if over limit */
/* Address of lane l's local byte `off` (caller checked bounds). */
static inline uint8_t *ws_local_ptr(ws_warp *w, uint32_t lane, uint64_t off)
{
    return w->local + (uint64_t)lane * w->local_stride + off;
}
static inline const ws_frame *ws_warp_frame(const ws_warp *w) { return &w->frames[w->nframes - 1]; }

/* ws_fault.c: "0-15, 17" for the bits of mask m (lanes, warps) into buf */
void ws_lanes_fmt(char *buf, size_t n, uint64_t m);
/* ws_fault.c: append formatted text to buf (size bytes, *len used), truncating */
void ws_fmt_app(char *buf, size_t size, size_t *len, const char *fmt, ...) WS_PRINTF(4, 5);
/* ws_exec_sync.c: check.sync at lanes exiting (exec): -1 with the fault
 * filled in w when lanes leave a barrier some of the warp's lanes executed */
int ws_sync_check_exit(ws_warp *w, const ws_xinsn *x, uint32_t exec);
/* ws_exec_sync.c: barrier completion check (after exits) */
void ws_cta_check_barriers(ws_cta *c);

/* ws_fault.c */
void ws_fault_fill(ws_warp *w, const ws_xinsn *x, ws_error *err);
void ws_fault_simple(ws_grid *g, ws_warp *w, ws_fault_kind kind, const char *what, const char *detail,
                     ws_error *err);
const char *ws_space_word(int space);

/* ws_devmem.c: fast global lookup for the engine */
const ws_alloc *ws_devmem_lookup(const ws_device *d, uint64_t addr);
int ws_devmem_add_module_var(ws_device *d, uint64_t size, const char *name, int32_t module,
                             uint64_t *addr, ws_error *err);

/* ws_builtin.c */
int ws_builtin_lookup(const char *name);       /* WS_BUILTIN_*, 0 if unknown */
ws_xfn ws_exec_builtin_fn(void);
/* ws_exec_mem.c: host pointer to n bytes at a generic address for lane l,
 * NULL (with w->f_* describing the access) when it is not valid. */
const uint8_t *ws_mem_generic(ws_warp *w, uint32_t lane, uint64_t gaddr, unsigned n);

/* ws_args.c */
int ws_args_pack(const ws_kernel *k, const ws_arg *args, uint32_t nargs, uint8_t *buf, uint64_t bufsize,
                 ws_error *err);

/* ws_launch.c */
int ws_grid_run_cta(ws_grid *g, ws_cta *c, uint64_t *allow, ws_error *err);

#endif
