/* ws_core.h: the functional SIMT engine's public API.
 *
 * A ws_device is a GPU: SMs with per-SM limits, a 64-bit device address
 * space of named allocations, and the PTX modules loaded on it.  Kernels run
 * either to completion in one call (ws_launch, the functional mode) or step
 * by step (ws_grid_*: dispatch CTAs to SMs, execute one warp instruction at a
 * time, retire CTAs), which is what the timing model drives; ws_grid_run
 * runs a grid functionally in slices (for a front end that redraws).  All of
 * them run the same execute function, so results are identical.  Kernels may
 * call printf (output collected per device, ws_device_printf) and assert.
 *
 *   ws_device_config cfg; ws_device_config_default(&cfg);
 *   ws_device *d = ws_device_create(&cfg, &err);
 *   uint64_t a = ws_devmem_alloc(d, n * 4, "dist", &err);
 *   ws_module *m = ws_module_load_file(d, "bfs.ptx", &err);
 *   const ws_kernel *k = ws_module_kernel(m, "bfs_topo_expand", &err);
 *   ws_launch_config lc = { .grid = {g, 1, 1}, .block = {256, 1, 1} };
 *   ws_arg args[] = { WS_ARG_PTR(a), WS_ARG_INT(n) };
 *   if (ws_launch(d, k, &lc, args, 2, &err) < 0) ... err.msg, ws_device_last_fault(d)
 *
 * Address map (generic addresses, as cvta produces them):
 *   0x0000_0001_0000_0000 + off   shared window (off: the CTA's shared offset)
 *   0x0000_0002_0000_0000 + off   local window (off: the thread's local offset)
 *   0x0000_0003_0000_0000 + off   const window (off: the module's .const offset)
 *   0x0000_0004_0000_0000 + off   param window (off: the kernel parameter offset)
 *   0x0000_0007_0000_0000 and up  global allocations (global address == generic
 *                                 address; cvta.to.global is the identity)
 * Every window is 4 GB.  Addresses in the state spaces themselves start at 0
 * (`mov.u32 %r, smem_var` gives the variable's offset in shared memory).
 * Allocations are 256-byte aligned with at least 4 KB of unmapped space
 * between two of them (so running off the end of one faults instead of
 * silently reading its neighbour); freed addresses are never reused.
 *
 * Nothing here prints or exits; every failure is a ws_error.  A kernel that
 * faults (out-of-bounds or misaligned access, trap, instruction budget,
 * barrier deadlock) stops with a WS_E_MEMORY / WS_E_STATE error and a
 * structured ws_fault record; the device stays usable.
 *
 * Semantics where PTX leaves the result open (all deterministic):
 *  - integer div/rem by zero give all ones; INT_MIN / -1 = INT_MIN,
 *    INT_MIN % -1 = 0; abs/neg of INT_MIN give INT_MIN;
 *  - shl/shr by >= the width give 0 (shr.s: the sign); shf/bfe/bfi/bfind/
 *    prmt/lop3 exactly per the ISA pseudocode;
 *  - float NaN results are canonical (0x7fffffff, 0x7fffffffffffffff);
 *    .approx/.full instructions return the correctly rounded (libm) value of
 *    the exact function; every .rn/.rz/.rm/.rp result is exact IEEE;
 *  - min/max: a NaN operand is ignored (.NaN: propagated), -0 < +0;
 *  - stores and atomics of one warp instruction are applied in ascending
 *    lane order (same address: the highest lane's store wins);
 *  - vote/shfl/match membermask: the operation covers the lanes that are in
 *    the executing lane's mask AND executing; named lanes that are inactive
 *    or exited are ignored; shfl from an inactive source lane reads that
 *    lane's current register value; bar.warp.sync has no effect (the SIMT
 *    stack keeps a warp's running lanes together);
 *  - barriers count a warp's arrival as all its non-exited threads; exited
 *    threads leave the expected count (barrier after an early return works);
 *  - registers, shared memory and local memory start zeroed;
 *  - %clock/%clock64/%globaltimer read the warp's executed-instruction count
 *    (or the cycle set with ws_grid_set_clock); %smid is the CTA's SM;
 *  - functional order: CTAs one at a time in linear order; inside a CTA
 *    warps take turns of functional_quantum instructions (see ws_launch).
 * Registers per thread (occupancy) are what ptxas allocates when the PTX
 * file has a resource record beside it (NAME.ptxas, ws_ptx_res_load), else
 * the parser's estimate (ws_ptx_func_regs_per_thread: register pressure
 * from liveness); a launch can state its own (ws_launch_config.regs).  See
 * ws_kernel_regs and ws_regs_source. */
#ifndef WS_CORE_H
#define WS_CORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ptx/ws_ptx_ir.h"
#include "util/ws_error.h"

#define WS_WARP_SIZE 32

#define WS_GEN_SHARED_BASE 0x0000000100000000ull
#define WS_GEN_LOCAL_BASE  0x0000000200000000ull
#define WS_GEN_CONST_BASE  0x0000000300000000ull
#define WS_GEN_PARAM_BASE  0x0000000400000000ull
#define WS_GEN_WINDOW_SIZE 0x0000000100000000ull
#define WS_GEN_GLOBAL_BASE 0x0000000700000000ull

typedef struct ws_device ws_device;
typedef struct ws_module ws_module;
typedef struct ws_kernel ws_kernel;
typedef struct ws_grid ws_grid;
typedef struct ws_cta ws_cta;
typedef struct ws_warp ws_warp;

/* ================================================================ device */
typedef struct ws_device_config {
    uint32_t num_sms;               /* SMs (CTAs are dispatched to them) */
    uint32_t warp_size;             /* must be 32 */
    uint32_t max_threads_per_sm;    /* resident threads per SM */
    uint32_t max_ctas_per_sm;       /* resident CTAs per SM */
    uint32_t max_warps_per_sm;      /* 0: max_threads_per_sm / 32 */
    uint64_t shared_bytes_per_sm;   /* shared memory per SM */
    uint32_t regs_per_sm;           /* 32-bit registers per SM */
    uint32_t max_threads_per_cta;   /* CTA size limit (1024) */
    uint64_t max_shared_per_cta;    /* static + dynamic shared per CTA */
    uint64_t local_bytes_per_thread;/* per-thread local stack limit (frames of
                                     * all active calls together) */
    uint32_t max_call_depth;        /* nested .func calls per thread */
    uint64_t insn_budget;           /* warp-instructions per launch before the
                                     * launch fails (0 = unlimited) */
    uint32_t functional_quantum;    /* functional mode: instructions a warp
                                     * runs before the next warp of its CTA gets
                                     * a turn (round robin) */
    bool keep_regs;                 /* every PTX register in storage of its own,
                                     * so values stay visible after their last
                                     * read (ws_warp_reg_live); false: registers
                                     * never live together share storage (less
                                     * memory, faster; same results and timing) */
    bool iru;                       /* the machine has the IRU (a timing GPU
                                     * with iru.enable): modules may use
                                     * load_iru; false: loading one that
                                     * does is an error at its line */
    bool mff;                       /* the machine has the MFF (mff.enable on a
                                     * timing GPU): modules may use pc_gather,
                                     * pc_wait and pc_scatter_set */
    bool check_sync;                /* fault on a barrier that only some lanes
                                     * of a warp execute (divergent barrier),
                                     * like compute-sanitizer's synccheck */
} ws_device_config;

/* GTX 480-like defaults: 15 SMs, 1536 threads, 8 CTAs, 48 KB shared and
 * 32768 registers per SM; 1024 threads and 48 KB per CTA; 16 KB of local
 * stack per thread, call depth 1024; budget 2^32 warp-instructions per
 * launch; quantum 1024. */
void ws_device_config_default(ws_device_config *c);

ws_device *ws_device_create(const ws_device_config *c, ws_error *err);
/* Frees everything: allocations, modules, grids still alive. */
void ws_device_free(ws_device *d);
const ws_device_config *ws_device_config_get(const ws_device *d);
/* Change the launch budget / quantum later (other limits are fixed at create). */
void ws_device_set_budget(ws_device *d, uint64_t insn_budget);
/* At most `bytes` of device memory allocated at once (0: no limit beyond
 * the 1 TB per allocation); an allocation past it fails with a message
 * naming the limit. */
void ws_device_set_memory_limit(ws_device *d, uint64_t bytes);

/* ================================================================ memory */
typedef struct ws_alloc {
    uint64_t addr;          /* device (== generic) address, 256-byte aligned */
    uint64_t size;          /* bytes requested */
    const char *name;       /* as given (a module variable: its PTX name) */
    uint32_t id;            /* unique per device, increasing with each alloc */
    uint32_t tag;           /* user tag (e.g. DSAP's cudaMallocMark kind), 0 */
    int32_t module;         /* index of the module owning it (a .global
                             * variable), -1 for ws_devmem_alloc */
    uint8_t *data;          /* host copy of its bytes (size bytes) */
} ws_alloc;

/* Allocate `size` zeroed bytes named `name` (copied).  Returns the address,
 * 0 on failure.  size 0 is allowed (any access to it faults). */
uint64_t ws_devmem_alloc(ws_device *d, uint64_t size, const char *name, ws_error *err);
/* Free the allocation starting at addr (must be an allocation's address). */
int ws_devmem_free(ws_device *d, uint64_t addr, ws_error *err);
/* Copy n bytes host -> device / device -> host; the range must lie inside
 * one live allocation. */
int ws_devmem_write(ws_device *d, uint64_t addr, const void *src, uint64_t n, ws_error *err);
int ws_devmem_read(const ws_device *d, uint64_t addr, void *dst, uint64_t n, ws_error *err);
int ws_devmem_memset(ws_device *d, uint64_t addr, int byte, uint64_t n, ws_error *err);
/* Host pointer to n bytes at addr (inside one allocation), NULL + err if not. */
void *ws_devmem_ptr(ws_device *d, uint64_t addr, uint64_t n, ws_error *err);
/* The live allocation containing addr, or NULL. */
const ws_alloc *ws_devmem_find(const ws_device *d, uint64_t addr);
/* The live allocation nearest to addr (containing it, or the closest one
 * before or after), NULL if there is none. */
const ws_alloc *ws_devmem_nearest(const ws_device *d, uint64_t addr);
/* Describe where addr is ("12 bytes past the end of 'visited' (4096 bytes at
 * 0x700000000)", "8 bytes into 'row' (...)", "inside 'x' (...), which was
 * freed", "not near any allocation"); returns the length written. */
size_t ws_devmem_describe(const ws_device *d, uint64_t addr, char *buf, size_t size);
/* Iterate live allocations in address order: i in 0..count-1. */
size_t ws_devmem_count(const ws_device *d);
const ws_alloc *ws_devmem_at(const ws_device *d, size_t i);
int ws_devmem_set_tag(ws_device *d, uint64_t addr, uint32_t tag, ws_error *err);
uint64_t ws_devmem_bytes_in_use(const ws_device *d);

/* ================================================================ modules */
/* Load a parsed module onto the device.  The device takes ownership of `m`
 * (also on failure, when it frees it).  Module .global variables become
 * allocations named after them (initialised, relocations applied); .const
 * data is laid out once per module.  Modules live as long as the device. */
ws_module *ws_module_load(ws_device *d, ws_ptx_module *m, ws_error *err);
ws_module *ws_module_load_file(ws_device *d, const char *path, ws_error *err);
ws_module *ws_module_load_text(ws_device *d, const char *text, size_t len, const char *name,
                               ws_error *err);
const ws_ptx_module *ws_module_ptx(const ws_module *m);
/* Kernel (.entry) by name; the error lists the module's kernels. */
const ws_kernel *ws_module_kernel(const ws_module *m, const char *name, ws_error *err);
uint32_t ws_module_nkernels(const ws_module *m);
const ws_kernel *ws_module_kernel_at(const ws_module *m, uint32_t i);
/* Address and size of a module-scope .global or .const variable (for
 * cudaMemcpyToSymbol-like use); .const addresses are generic addresses. */
int ws_module_symbol(const ws_module *m, const char *name, uint64_t *addr, uint64_t *size,
                     ws_error *err);

/* Where a registers-per-thread count comes from. */
typedef enum ws_regs_source {
    WS_REGS_ESTIMATE = 0,   /* the PTX liveness estimate (no record names the kernel) */
    WS_REGS_PTXAS,          /* the resource record beside the PTX file (ptxas -v) */
    WS_REGS_SCENARIO,       /* stated by the launch (ws_launch_config.regs, Lua regs=) */
} ws_regs_source;
/* "estimate", "ptxas", "scenario". */
const char *ws_regs_source_name(ws_regs_source s);

/* Kernel facts. */
const char *ws_kernel_name(const ws_kernel *k);
const ws_ptx_func *ws_kernel_func(const ws_kernel *k);
const ws_module *ws_kernel_module(const ws_kernel *k);
uint32_t ws_kernel_nparams(const ws_kernel *k);
const char *ws_kernel_param_name(const ws_kernel *k, uint32_t i);
ws_ptx_type ws_kernel_param_type(const ws_kernel *k, uint32_t i);   /* B8 for byte arrays */
uint64_t ws_kernel_param_size(const ws_kernel *k, uint32_t i);
bool ws_kernel_param_is_ptr(const ws_kernel *k, uint32_t i);
/* Registers per thread used for occupancy: the count of the module's
 * resource record when it names the kernel (what ptxas allocates), else the
 * parser's liveness-based estimate (ws_ptx_func_regs_per_thread), or, for a
 * module built without it, the declared registers in 32-bit units (see
 * ws_module.c).  ws_kernel_regs_source tells which (ESTIMATE or PTXAS);
 * ws_kernel_regs_estimate is the estimate whatever the record says. */
uint32_t ws_kernel_regs(const ws_kernel *k);
ws_regs_source ws_kernel_regs_source(const ws_kernel *k);
uint32_t ws_kernel_regs_estimate(const ws_kernel *k);
/* Static shared memory per CTA: the PTX's .shared layout, or the record's
 * smem when that is larger (ptxas may round it up). */
uint64_t ws_kernel_static_shared(const ws_kernel *k);
/* Per-thread local bytes of the kernel's own frame (callees' frames extra). */
uint64_t ws_kernel_local_bytes(const ws_kernel *k);

/* ================================================================ launch */
typedef enum ws_arg_kind { WS_ARGK_PTR = 1, WS_ARGK_INT, WS_ARGK_FLOAT, WS_ARGK_BYTES } ws_arg_kind;

/* A typed host value for a kernel parameter.  Conversions to the PTX
 * parameter type: PTR -> 64-bit parameters only; INT -> any integer (must fit
 * the width as a signed or unsigned value), f32/f64 (converted); FLOAT -> f32
 * / f64 (f32 rounds to nearest), integers only when integral and in range;
 * BYTES -> a .b8 array parameter of exactly that size (structs by value). */
typedef struct ws_arg {
    ws_arg_kind kind;
    union { uint64_t ptr; int64_t i; double f; struct { const void *data; size_t len; } bytes; } v;
} ws_arg;

#define WS_ARG_PTR(p)   ((ws_arg){ .kind = WS_ARGK_PTR, .v.ptr = (uint64_t)(p) })
#define WS_ARG_INT(x)   ((ws_arg){ .kind = WS_ARGK_INT, .v.i = (int64_t)(x) })
#define WS_ARG_FLOAT(x) ((ws_arg){ .kind = WS_ARGK_FLOAT, .v.f = (double)(x) })

typedef struct ws_launch_config {
    uint32_t grid[3];       /* CTAs in x, y, z (0 is taken as 1) */
    uint32_t block[3];      /* threads in x, y, z (0 is taken as 1) */
    uint64_t shared_bytes;  /* dynamic shared memory per CTA */
    uint32_t regs;          /* registers per thread for occupancy, 1..255 (e.g. what
                             * ptxas -v reports); 0: the kernel's (ws_kernel_regs) */
} ws_launch_config;

/* Statistics of one launch (functional or stepwise). */
typedef struct ws_launch_stats {
    uint64_t warp_insns;        /* warp instructions executed */
    uint64_t thread_insns;      /* sum of active lanes over them */
    uint64_t thread_insns_pred; /* active lanes whose guard was true */
    uint64_t ctas;              /* CTAs completed */
} ws_launch_stats;

/* Fault kinds. */
typedef enum ws_fault_kind {
    WS_FAULT_NONE = 0,
    WS_FAULT_OOB,           /* address outside any allocation / the space */
    WS_FAULT_MISALIGNED,    /* address not a multiple of the access size */
    WS_FAULT_TRAP,          /* trap / brkpt executed */
    WS_FAULT_BUDGET,        /* instruction budget exhausted */
    WS_FAULT_DEADLOCK,      /* every live warp of a CTA waits at a barrier that cannot complete */
    WS_FAULT_STACK,         /* call depth or per-thread local stack exceeded */
    WS_FAULT_UNSUPPORTED,   /* instruction form the engine cannot execute */
    WS_FAULT_SYNC,          /* check.sync: a barrier only some lanes of a warp executed */
    WS_FAULT_MFF,           /* a bad call of the MFF (pc_gather, pc_wait, pc_scatter_set) */
} ws_fault_kind;

typedef enum ws_access_kind { WS_ACC_NONE = 0, WS_ACC_LOAD, WS_ACC_STORE, WS_ACC_ATOMIC,
                              WS_ACC_PREFETCH, WS_ACC_IRU, WS_ACC_MFF } ws_access_kind;

/* The structured report of a fault (what a memory checker prints). */
typedef struct ws_fault {
    ws_fault_kind kind;
    char kernel[128];       /* kernel name */
    char func[128];         /* function executing (kernel or a .func) */
    uint32_t cta[3];        /* CTA index */
    uint32_t tid[3];        /* thread index in the CTA */
    uint32_t lane, warp;    /* lane, warp index in the CTA */
    uint32_t sm;
    uint32_t pc;            /* instruction index in func */
    char file[256];         /* PTX file */
    uint32_t line;          /* PTX line */
    uint32_t src_line;      /* CUDA source line (.loc), 0 if none */
    char src_file[256];     /* CUDA source file, "" if none */
    char insn[192];         /* the instruction, disassembled */
    /* memory faults */
    uint64_t addr;          /* address as the instruction used it (in `space`) */
    uint32_t size;          /* access size in bytes */
    ws_ptx_space space;     /* space accessed (resolved from generic) */
    bool generic;           /* the instruction used generic addressing */
    ws_access_kind access;
    char where[256];        /* "12 bytes past the end of 'visited' (4096 bytes at 0x...)" */
    bool has_alloc;         /* nearest allocation (global space) */
    char alloc_name[128];
    uint64_t alloc_addr, alloc_size;
    int64_t alloc_offset;   /* addr - alloc_addr */
    char msg[WS_ERROR_MAX]; /* the whole report, as in the ws_error */
} ws_fault;

/* Run a kernel to completion in functional mode.  0 on success; -1 with
 * err filled (WS_E_RANGE: bad configuration or arguments, naming the
 * parameter; WS_E_MEMORY: memory fault; WS_E_STATE: trap, budget, deadlock,
 * stack) and, for faults, ws_device_last_fault() set.
 *
 * Functional order: CTAs run one after another in linear order (x fastest);
 * CTA i is placed on SM i % num_sms; inside a CTA, warps take turns of
 * `functional_quantum` instructions (warp 0 first), a warp waiting at a
 * barrier yields its turn. */
int ws_launch(ws_device *d, const ws_kernel *k, const ws_launch_config *cfg, const ws_arg *args,
              uint32_t nargs, ws_error *err);
/* Fault of the last launch or grid that faulted on this device, NULL if the
 * last launch succeeded. */
const ws_fault *ws_device_last_fault(const ws_device *d);
/* Forget the last fault (a stepwise launch that starts clears it, as
 * ws_launch does). */
void ws_device_clear_fault(ws_device *d);
/* Output of device-side printf (vprintf calls in kernels) since the last
 * clear: NUL-terminated text, every calling lane's output in lane order,
 * warps and CTAs in execution order; at most 1 MB is kept. */
const char *ws_device_printf(const ws_device *d, size_t *len);
void ws_device_printf_clear(ws_device *d);
/* Statistics of the last ws_launch, and totals since the device was created. */
const ws_launch_stats *ws_device_last_stats(const ws_device *d);
const ws_launch_stats *ws_device_total_stats(const ws_device *d);

/* ================================================================ stepwise */
/* A grid: one launched kernel, its parameter buffer and CTAs.  The caller
 * dispatches CTAs to SMs (within the SM's limits), steps warps, and retires
 * CTAs whose warps have all exited. */
ws_grid *ws_grid_create(ws_device *d, const ws_kernel *k, const ws_launch_config *cfg,
                        const ws_arg *args, uint32_t nargs, ws_error *err);
/* Free the grid; resident CTAs are released from their SMs. */
void ws_grid_free(ws_grid *g);
uint64_t ws_grid_ctas_total(const ws_grid *g);
uint64_t ws_grid_ctas_pending(const ws_grid *g);   /* not yet dispatched */
uint64_t ws_grid_ctas_resident(const ws_grid *g);
bool ws_grid_done(const ws_grid *g);               /* all CTAs retired */
const ws_launch_stats *ws_grid_stats(const ws_grid *g);
const ws_fault *ws_grid_fault(const ws_grid *g);   /* NULL if none */
/* Stop the grid with a fault of kind WS_FAULT_BUDGET reported at warp w
 * (what: the limit that was reached; detail may be NULL), in the form of
 * every fault: file:line, kernel, CTA, thread, instruction.  For limits the
 * caller keeps, e.g. the timing model's run.max_cycles.  Returns -1. */
int ws_grid_stop(ws_grid *g, ws_warp *w, const char *what, const char *detail, ws_error *err);
const ws_kernel *ws_grid_kernel(const ws_grid *g);
/* Registers per thread the grid's CTAs are given (regs_per_cta is this x 32
 * x warps) and, if source is not NULL, where the count comes from. */
uint32_t ws_grid_regs_per_thread(const ws_grid *g, ws_regs_source *source);
/* Per-CTA resources: threads, warps, shared bytes (static + dynamic),
 * registers (regs per thread * 32 per warp, as hardware allocates per warp). */
void ws_grid_cta_resources(const ws_grid *g, uint32_t *threads, uint32_t *warps,
                           uint64_t *shared, uint32_t *regs);
/* Would the next CTA fit on SM `sm` now? */
bool ws_grid_fits(const ws_grid *g, uint32_t sm);
/* Changes whenever a CTA starts or leaves any SM of the grid's device: an
 * SM the next CTA did not fit keeps not fitting while it stays the same. */
uint64_t ws_grid_usage_gen(const ws_grid *g);
/* Dispatch the next pending CTA to SM `sm`; NULL when none is pending or it
 * does not fit (err says which limit; err->code WS_E_STATE). */
ws_cta *ws_grid_dispatch(ws_grid *g, uint32_t sm, ws_error *err);
/* Run the grid functionally, as ws_launch does (CTAs one after another,
 * CTA i on SM i % num_sms), for at most max_warp_insns warp instructions (0:
 * no limit).  Returns 1 when every CTA has finished, 0 when the limit came
 * first (call again to continue; how a run is split into calls never changes
 * the result or the interleaving), -1 on a fault (ws_grid_fault, and the
 * device's last fault).  Not for grids with CTAs from ws_grid_dispatch. */
int ws_grid_run(ws_grid *g, uint64_t max_warp_insns, ws_error *err);
/* Set the clock the warps' %clock/%clock64/%globaltimer read (cycles).  Until
 * called, a warp reads its own executed-instruction count. */
void ws_grid_set_clock(ws_grid *g, uint64_t cycle);

/* Per-SM resource usage (all grids). */
typedef struct ws_sm_usage {
    uint32_t threads, warps, ctas, regs;
    uint64_t shared;
} ws_sm_usage;
const ws_sm_usage *ws_device_sm_usage(const ws_device *d, uint32_t sm);

/* CTAs. */
uint32_t ws_cta_nwarps(const ws_cta *c);
ws_warp *ws_cta_warp(ws_cta *c, uint32_t i);
void ws_cta_index(const ws_cta *c, uint32_t idx[3]);
uint32_t ws_cta_sm(const ws_cta *c);
bool ws_cta_done(const ws_cta *c);                /* every warp exited */
/* Release the CTA's SM resources; the pointer (and its warps) become invalid. */
int ws_cta_retire(ws_cta *c, ws_error *err);

/* Warp status. */
typedef enum ws_warp_status {
    WS_WARP_READY = 0,      /* can issue */
    WS_WARP_BARRIER,        /* waiting at a CTA barrier */
    WS_WARP_EXITED,         /* all threads finished */
    WS_WARP_FAULTED,        /* stopped by a fault (the grid is faulted) */
} ws_warp_status;

/* Instruction classes, for the timing model's pipelines. */
typedef enum ws_insn_class {
    WS_IC_ALU = 0,          /* integer / logic / move / compare */
    WS_IC_FP32,             /* f32 (and f16) arithmetic */
    WS_IC_FP64,             /* f64 arithmetic */
    WS_IC_SFU,              /* rcp/sqrt/rsqrt/ex2/lg2/sin/cos/tanh, div.approx */
    WS_IC_IMUL,             /* integer multiply / mad / div / rem */
    WS_IC_MEM,              /* ld/st/atom/red/prefetch */
    WS_IC_BRANCH,           /* bra/call/ret/exit */
    WS_IC_BARRIER,          /* bar/barrier/bar.warp.sync/membar/fence */
    WS_IC_WARP,             /* vote/shfl/match/activemask */
    WS_IC_OTHER,            /* nanosleep, trap, ... */
} ws_insn_class;

/* What one warp instruction did (filled by ws_warp_step). */
typedef struct ws_step {
    uint32_t pc;            /* instruction index executed (in func) */
    const ws_ptx_func *func;
    const ws_ptx_insn *insn;
    ws_ptx_op op;
    ws_insn_class klass;
    uint32_t active;        /* active lanes */
    uint32_t exec;          /* active lanes whose guard predicate was true */
    /* memory (mem_kind != WS_ACC_NONE) */
    ws_access_kind mem_kind;
    ws_ptx_space space;     /* resolved space (WS_SP_NONE if generic lanes differ) */
    bool generic;           /* generic addressing was used */
    uint8_t cacheop;        /* ws_ptx_cacheop */
    uint32_t size;          /* bytes per lane (vector: all elements) */
    uint32_t mem_mask;      /* lanes that accessed memory (addr[] below) */
    bool uniform;           /* true: every lane's address is the same (no
                             * address register: a parameter or a variable);
                             * false says nothing */
    /* control */
    bool branch;            /* a bra executed */
    bool diverged;          /* lanes went two ways */
    uint32_t taken;         /* lanes that took the branch */
    bool barrier;           /* arrived at a CTA barrier (bar/barrier) */
    bool barrier_released;  /* this arrival completed the barrier */
    bool call, ret;         /* entered / left a .func */
    bool exited;            /* the whole warp has now exited */
    uint32_t next_pc;
    /* per lane (lanes in mem_mask): address in its resolved space (global:
     * device address; shared/local/const/param: offset; local offsets are
     * per thread), and that space */
    uint64_t addr[WS_WARP_SIZE];
    uint8_t lane_space[WS_WARP_SIZE];
    /* the MFF's calls (mem_kind WS_ACC_MFF; op says which): per lane of
     * mem_mask, c_index and size (addr: pc_gather's target, a shared offset) */
    uint32_t mff_c[WS_WARP_SIZE], mff_n[WS_WARP_SIZE];
} ws_step;

/* Execute one instruction of a READY warp.  `st` (may be NULL) says what it
 * did.  Returns 0, or -1 when the instruction faulted (err and the grid's
 * fault are set; the warp is FAULTED and the grid should be freed). */
int ws_warp_step(ws_warp *w, ws_step *st, ws_error *err);

/* load_iru (the IRU's load, issue 33).  The functional engine executes
 * it only as the timing model's memory access: the step reports
 * mem_kind WS_ACC_IRU and the lanes (mem_mask), and writes no register,
 * because which element a lane receives is decided by the memory
 * partitions' timing.  When the reply reaches the SM, the LD/ST unit
 * writes the results with ws_warp_iru_result: for the lanes of `mask`,
 * the predicate destination (lanes of `valid`: "not filtered") and the
 * index, secondary and position destinations the instruction has
 * (lanes outside `valid` get 0).  `insn` is the load_iru of the warp's
 * running function (-1 when the warp has left that function: nothing is
 * written).  Without a ws_step (run.mode=functional) load_iru faults. */
int ws_warp_iru_result(ws_warp *w, const ws_ptx_insn *insn, uint32_t mask, uint32_t valid,
                       const uint32_t *idx, const uint32_t *sec, const uint32_t *pos);

/* The MFF's calls (issue 34).  pc_gather.b32 [target], c_index, size and
 * pc_scatter_set.b32 c_index, size are executed only as the timing
 * model's memory access: the step reports mem_kind WS_ACC_MFF, the lanes
 * and, per lane, the target (a shared-memory offset: addr[]), c_index and
 * size (mff_c[], mff_n[]); nothing is written here.  They fault (located,
 * WS_FAULT_MFF) on a size above 32 (a negative one reads as above 32), on
 * a range c_index .. c_index + size - 1 leaving C (its length set by
 * ws_device_set_mff for the launch), pc_gather without a V array and
 * pc_scatter_set without a bit vector (configure_mff's v and bv), and pc_gather on a target range
 * target .. target + 4 * size - 1 leaving the CTA's shared memory (or not
 * 4-byte aligned).  pc_wait faults when the warp issued no pc_gather since
 * its last pc_wait (or its start): nothing to wait for is a bug in the
 * kernel.  The LD/ST unit writes the words with ws_warp_mff_word when their
 * replies arrive.  Without a ws_step (run.mode=functional) the calls fault. */
void ws_device_set_mff(ws_device *d, uint64_t c_len, bool has_v, bool has_bv);
/* Write one reply word into the warp's CTA's shared memory at offset addr
 * (-1: outside it; cannot happen for a checked call). */
int ws_warp_mff_word(ws_warp *w, uint64_t addr, uint32_t value);

/* ================================================================ inspection */
ws_warp_status ws_warp_status_get(const ws_warp *w);
uint32_t ws_warp_index(const ws_warp *w);           /* warp index in its CTA */
ws_cta *ws_warp_cta(ws_warp *w);
const ws_ptx_func *ws_warp_func(const ws_warp *w);  /* function being executed */
uint32_t ws_warp_pc(const ws_warp *w);              /* next instruction index */
uint32_t ws_warp_line(const ws_warp *w);            /* its PTX line (0 if exited) */
uint32_t ws_warp_active(const ws_warp *w);          /* lanes that run the next instruction */
uint32_t ws_warp_live(const ws_warp *w);            /* lanes not exited */
uint64_t ws_warp_insns(const ws_warp *w);           /* instructions executed */
/* The barrier a warp waits at: true and *id when it is WS_WARP_BARRIER. */
bool ws_warp_barrier(const ws_warp *w, uint32_t *id);
/* The barrier instruction the warp waits at or last waited at (its pc has
 * moved past it): true with its pc and PTX line; false when it has reached
 * none since it started. */
bool ws_warp_barrier_where(const ws_warp *w, uint32_t *pc, uint32_t *line);
/* A hash of everything a warp's future depends on besides memory: pc,
 * masks, status, SIMT stack, call frames, registers and predicates (not its
 * instruction count).  Two equal hashes at different times, with no memory
 * access in between, mean the warp is going round in circles
 * (run.stall_window, src/arch/ws_gpu.c). */
uint64_t ws_warp_state_hash(const ws_warp *w);
uint32_t ws_warp_call_depth(const ws_warp *w);      /* 0 in the kernel */
/* The instruction the warp runs next (NULL when exited or past the end). */
const ws_ptx_insn *ws_warp_next_insn(const ws_warp *w);
/* Call stack: frame 0 is the kernel, frame ws_warp_call_depth(w) the running
 * function.  *pc: the running frame's next pc, or for outer frames the pc of
 * the call being executed.  Returns -1 when i is out of range. */
int ws_warp_frame_info(const ws_warp *w, uint32_t i, const ws_ptx_func **func, uint32_t *pc);
/* SIMT stack: entry 0 is the bottom; the last one (depth-1) is the running
 * entry (pc, active mask).  rpc is the reconvergence pc (UINT32_MAX: none). */
typedef struct ws_simt_entry { uint32_t pc, mask, rpc, frame; } ws_simt_entry;
uint32_t ws_warp_stack_depth(const ws_warp *w);
ws_simt_entry ws_warp_stack_entry(const ws_warp *w, uint32_t i);
/* Registers of the running frame: value of register `reg` (index into
 * ws_warp_func(w)->regs) in `lane`; predicate `p` as a lane mask.
 * Registers whose values are never needed at the same time share storage
 * (core/ws_regslots.c), so a register's value is known only while it is
 * live for the lane: some path from the lane's next instruction reads it
 * before writing it.  ws_warp_reg_live tells; a register that is not live
 * (already read for the last time, or a lane that exited or waits outside
 * the running frame) reads as whatever its storage holds now. */
uint64_t ws_warp_reg(const ws_warp *w, uint32_t reg, uint32_t lane);
bool ws_warp_reg_live(const ws_warp *w, uint32_t reg, uint32_t lane);
uint32_t ws_warp_pred(const ws_warp *w, uint32_t p);

#endif
