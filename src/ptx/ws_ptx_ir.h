/* ws_ptx_ir.h: the pre-decoded form of a PTX module.
 *
 * The parser (ws_ptx_parse.c) turns PTX text into this IR; the functional
 * engine (src/core/) and later the timing model execute it directly.  It is
 * designed for interpretation speed: every instruction is a fixed-size
 * struct with resolved register indices, resolved branch targets and its
 * reconvergence point (immediate post-dominator) precomputed.
 *
 * Registers: every `.reg` of a function, whatever its type, gets an index in
 * 0..nregs-1 and holds a 64-bit value per thread (narrower types use the low
 * bits; the engine keeps them zero- or sign-extended as written by the
 * instruction's type).  Predicates have their own index space 0..npreds-1 and
 * are stored as one 32-bit lane mask per warp.
 *
 * Ownership: a ws_ptx_module owns everything reachable from it; free it with
 * ws_ptx_module_free().  Strings are NUL-terminated and owned by the module.
 *
 * Operand layout (decided by the front end): destinations first,
 * opnd[0 .. ndst), then the sources in PTX order.  An optional operand that
 * is not written is not there (nopnds tells); nothing is padded.
 *   most ALU ops     d, a[, b[, c]]      mul/mad .wide: d (and mad's c) have
 *                                        twice the width of `type`
 *   shl, shr         d, a, b             b is 32-bit
 *   shf              d, a, b, c          c is 32-bit; subop WS_SHF_*
 *   lop3             d, a, b, c, lut     lut is an IMM
 *   bfe / bfi        d, a, pos, len / d, f, b, pos, len
 *   popc clz bfind   d, a                d is 32-bit
 *   dp4a / dp2a      d, a, b, c          all 32-bit; type = a's, type2 = b's
 *   fns              d, mask, base, offset
 *   testp            p, a
 *   setp             p[, q], a, b[, c]   ndst 1 or 2; c (boolop) is a PRED;
 *                                        type2 == type (the comparison type)
 *   set              d, a, b[, c]        type = d's type, type2 = comparison
 *   selp             d, a, b, c          c is a PRED
 *   slct             d, a, b, c          type2 = c's type (.s32 or .f32)
 *   cvt              d, a                type = d's, type2 = a's; a may be SREG
 *   mov              d, a                a: REG, IMM, SREG, SYM (address of a
 *                                        variable or function) or VEC
 *                                        (packing); d: REG or VEC (unpacking);
 *                                        mov.pred: d PRED, a PRED or IMM 0/1
 *   cvta             d, a                a: REG or SYM
 *   isspacep         p, a
 *   ld, ldu          d, [addr]           d: REG, or VEC when vec > 1
 *   st               [addr], a           a: REG, IMM, or VEC when vec > 1
 *   prefetch(u)      [addr]              subop WS_PREFETCH_*
 *   atom             d, [addr], b[, c]   c only for .cas
 *   red              [addr], b
 *   vote             d, a[, mask]        a PRED; d PRED, or REG for .ballot;
 *                                        mask absent without .sync
 *   shfl             d[, p], a, b, c[, mask]   mask absent without .sync
 *   activemask       d
 *   match            d[, p], a, mask     p only with .all
 *   bar .sync        a[, b]              barrier id, thread count
 *   bar .arrive      a, b
 *   bar .red         d, a[, b], c        c PRED; d REG (.popc) or PRED
 *   bar.warp.sync    mask
 *   bra              LABEL               (guarded: the guard is `guard`)
 *   call             rets, fn, args      always 3: PARAMLIST, SYM, PARAMLIST
 *                                        (nvec may be 0); ndst 0; callee set
 *   nanosleep        t
 * A PRED source has `neg` set only where PTX allows `!p`: setp/set's c,
 * vote's a, bar.red's c.  WS_O_SINK is never produced: a `_` appears as -1
 * inside a WS_O_VEC.  Immediates: integers are the 64-bit two's-complement
 * value as written (the engine truncates to the operand's width); an
 * immediate of a float operand holds the IEEE bits of that operand's type
 * (literals are converted: `1` or `1.5` for .f32 become 0x3F800000 /
 * 0x3FC00000); for .f16/.bf16 operands an integer literal is taken as raw
 * bits.  WS_O_SREG %envregN has imm = N.
 */
#ifndef WS_PTX_IR_H
#define WS_PTX_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------ types */
typedef enum ws_ptx_type {
    WS_T_NONE = 0,
    WS_T_B8, WS_T_B16, WS_T_B32, WS_T_B64, WS_T_B128,
    WS_T_U8, WS_T_U16, WS_T_U32, WS_T_U64,
    WS_T_S8, WS_T_S16, WS_T_S32, WS_T_S64,
    WS_T_F16, WS_T_F16X2, WS_T_BF16, WS_T_BF16X2, WS_T_F32, WS_T_F64,
    WS_T_PRED,
    WS_T_COUNT
} ws_ptx_type;

/* Size in bytes of a type (PRED: 0). */
unsigned ws_ptx_type_size(ws_ptx_type t);
bool ws_ptx_type_is_signed(ws_ptx_type t);
bool ws_ptx_type_is_float(ws_ptx_type t);
const char *ws_ptx_type_name(ws_ptx_type t);   /* "u32", "f64", ... */

/* State spaces. */
typedef enum ws_ptx_space {
    WS_SP_NONE = 0,      /* generic addressing */
    WS_SP_GLOBAL, WS_SP_SHARED, WS_SP_LOCAL, WS_SP_CONST, WS_SP_PARAM,
    WS_SP_REG, WS_SP_TEX,
    WS_SP_COUNT
} ws_ptx_space;
const char *ws_ptx_space_name(ws_ptx_space s);

/* ------------------------------------------------------------------ opcodes */
typedef enum ws_ptx_op {
    WS_OP_INVALID = 0,
    /* integer arithmetic */
    WS_OP_ADD, WS_OP_SUB, WS_OP_ADDC, WS_OP_SUBC, WS_OP_MUL, WS_OP_MAD, WS_OP_MADC,
    WS_OP_MUL24, WS_OP_MAD24, WS_OP_DIV, WS_OP_REM, WS_OP_ABS, WS_OP_NEG,
    WS_OP_MIN, WS_OP_MAX, WS_OP_SAD, WS_OP_DP4A, WS_OP_DP2A,
    /* bit manipulation */
    WS_OP_AND, WS_OP_OR, WS_OP_XOR, WS_OP_NOT, WS_OP_CNOT, WS_OP_SHL, WS_OP_SHR,
    WS_OP_SHF, WS_OP_LOP3, WS_OP_BFE, WS_OP_BFI, WS_OP_BFIND, WS_OP_BREV,
    WS_OP_CLZ, WS_OP_POPC, WS_OP_PRMT, WS_OP_FNS,
    /* floating point (ADD/SUB/MUL/MAD/DIV/ABS/NEG/MIN/MAX are shared with
     * integers; the instruction type tells them apart) */
    WS_OP_FMA, WS_OP_RCP, WS_OP_SQRT, WS_OP_RSQRT, WS_OP_EX2, WS_OP_LG2,
    WS_OP_SIN, WS_OP_COS, WS_OP_TANH, WS_OP_COPYSIGN, WS_OP_TESTP,
    /* data movement and conversion */
    WS_OP_MOV, WS_OP_CVT, WS_OP_CVTA, WS_OP_ISSPACEP,
    WS_OP_SETP, WS_OP_SET, WS_OP_SELP, WS_OP_SLCT,
    WS_OP_LD, WS_OP_LDU, WS_OP_ST, WS_OP_PREFETCH, WS_OP_PREFETCHU,
    WS_OP_ATOM, WS_OP_RED,
    /* warp-level and synchronisation */
    WS_OP_VOTE, WS_OP_SHFL, WS_OP_ACTIVEMASK, WS_OP_MATCH,
    WS_OP_BAR, WS_OP_BAR_WARP, WS_OP_MEMBAR, WS_OP_FENCE,
    /* control flow */
    WS_OP_BRA, WS_OP_CALL, WS_OP_RET, WS_OP_EXIT, WS_OP_TRAP, WS_OP_BRKPT,
    WS_OP_NANOSLEEP,
    /* warpscope's extension: the IRU's load (issue 33; iru.enable) */
    WS_OP_LOAD_IRU,
    /* warpscope's extension: the MFF's calls (issue 34; mff.enable) */
    WS_OP_PC_GATHER, WS_OP_PC_WAIT, WS_OP_PC_SCATTER_SET,
    WS_OP_COUNT
} ws_ptx_op;
const char *ws_ptx_op_name(ws_ptx_op op);   /* "add", "ld", ... */

/* Comparison operators of setp/set/slct. */
typedef enum ws_ptx_cmp {
    WS_CMP_NONE = 0,
    WS_CMP_EQ, WS_CMP_NE, WS_CMP_LT, WS_CMP_LE, WS_CMP_GT, WS_CMP_GE,
    WS_CMP_LO, WS_CMP_LS, WS_CMP_HI, WS_CMP_HS,
    WS_CMP_EQU, WS_CMP_NEU, WS_CMP_LTU, WS_CMP_LEU, WS_CMP_GTU, WS_CMP_GEU,
    WS_CMP_NUM, WS_CMP_NAN,
} ws_ptx_cmp;

/* Boolean combiner of setp/set (`.and`, `.or`, `.xor`). */
typedef enum ws_ptx_boolop { WS_BOOL_NONE = 0, WS_BOOL_AND, WS_BOOL_OR, WS_BOOL_XOR } ws_ptx_boolop;

/* Rounding modes. */
typedef enum ws_ptx_rnd {
    WS_RND_NONE = 0,
    WS_RND_RN, WS_RND_RZ, WS_RND_RM, WS_RND_RP,          /* float results */
    WS_RND_RNI, WS_RND_RZI, WS_RND_RMI, WS_RND_RPI,      /* round to integer */
    WS_RND_RNA,
} ws_ptx_rnd;

/* Sub-operation: its meaning depends on the opcode. */
enum {
    /* ATOM / RED */
    WS_ATOM_ADD = 1, WS_ATOM_MIN, WS_ATOM_MAX, WS_ATOM_INC, WS_ATOM_DEC,
    WS_ATOM_AND, WS_ATOM_OR, WS_ATOM_XOR, WS_ATOM_EXCH, WS_ATOM_CAS,
    /* VOTE */
    WS_VOTE_ALL = 1, WS_VOTE_ANY, WS_VOTE_UNI, WS_VOTE_BALLOT,
    /* SHFL */
    WS_SHFL_UP = 1, WS_SHFL_DOWN, WS_SHFL_BFLY, WS_SHFL_IDX,
    /* MATCH */
    WS_MATCH_ANY = 1, WS_MATCH_ALL,
    /* BAR */
    WS_BAR_SYNC = 1, WS_BAR_ARRIVE, WS_BAR_RED_POPC, WS_BAR_RED_AND, WS_BAR_RED_OR,
    /* SHF */
    WS_SHF_L_CLAMP = 1, WS_SHF_L_WRAP, WS_SHF_R_CLAMP, WS_SHF_R_WRAP,
    /* PRMT */
    WS_PRMT_DEFAULT = 0, WS_PRMT_F4E, WS_PRMT_B4E, WS_PRMT_RC8, WS_PRMT_ECL,
    WS_PRMT_ECR, WS_PRMT_RC16,
    /* TESTP */
    WS_TESTP_FINITE = 1, WS_TESTP_INFINITE, WS_TESTP_NUMBER, WS_TESTP_NOTANUMBER,
    WS_TESTP_NORMAL, WS_TESTP_SUBNORMAL,
    /* CVTA: to or from generic */
    WS_CVTA_TO_GENERIC = 0, WS_CVTA_FROM_GENERIC = 1,
    /* MUL / MAD / MUL24 / MAD24 result part */
    WS_PART_LO = 1, WS_PART_HI, WS_PART_WIDE,
    /* Added by the front end: */
    /* PREFETCH / PREFETCHU level (prefetchu is always L1) */
    WS_PREFETCH_L1 = 1, WS_PREFETCH_L2, WS_PREFETCH_L2_EVICT_LAST, WS_PREFETCH_L2_EVICT_NORMAL,
    /* DP2A: which half of b is used */
    WS_DP2A_LO = 1, WS_DP2A_HI,
};

/* Cache operators of ld/st (recorded; the timing model may honour them). */
typedef enum ws_ptx_cacheop {
    WS_CACHE_NONE = 0, WS_CACHE_CA, WS_CACHE_CG, WS_CACHE_CS, WS_CACHE_LU,
    WS_CACHE_CV, WS_CACHE_WB, WS_CACHE_WT,
} ws_ptx_cacheop;

/* Instruction flags (bit set). */
enum {
    WS_F_SAT      = 1u << 0,   /* .sat */
    WS_F_FTZ      = 1u << 1,   /* .ftz */
    WS_F_APPROX   = 1u << 2,   /* .approx */
    WS_F_FULL     = 1u << 3,   /* .full (div.full) */
    WS_F_CC       = 1u << 4,   /* .cc: writes the carry flag */
    WS_F_UNI      = 1u << 5,   /* .uni: branch/call/ret known uniform */
    WS_F_NC       = 1u << 6,   /* ld.global.nc (read-only path) */
    WS_F_VOLATILE = 1u << 7,   /* .volatile */
    WS_F_SYNC     = 1u << 8,   /* .sync variants (vote.sync, shfl.sync, bar.sync) */
    WS_F_ALIGNED  = 1u << 9,   /* .aligned */
    WS_F_SHIFTAMT = 1u << 10,  /* bfind.shiftamt */
    WS_F_CLAMP    = 1u << 11,  /* shf .clamp (else .wrap) */
    WS_F_ACQUIRE  = 1u << 12,
    WS_F_RELEASE  = 1u << 13,
    WS_F_RELAXED  = 1u << 14,
    WS_F_WEAK     = 1u << 15,
    WS_F_NOFTZ    = 1u << 16,  /* .noftz (add.f32.noftz etc.) */
    WS_F_TO       = 1u << 17,  /* cvta.to.SPACE */
    WS_F_NEG_PRED = 1u << 18,  /* guard is @!p */
    /* Added by the front end (ws_ptx_parse.c): */
    WS_F_NAN      = 1u << 19,  /* min/max .NaN: a NaN input gives canonical NaN */
    WS_F_SC       = 1u << 20,  /* fence.sc (sequentially consistent fence) */
};

/* Memory scope of atomics and fences. */
typedef enum ws_ptx_scope { WS_SCOPE_NONE = 0, WS_SCOPE_CTA, WS_SCOPE_CLUSTER, WS_SCOPE_GPU, WS_SCOPE_SYS } ws_ptx_scope;

/* Special registers. */
typedef enum ws_ptx_sreg {
    WS_SR_NONE = 0,
    WS_SR_TID, WS_SR_NTID, WS_SR_CTAID, WS_SR_NCTAID,   /* with a component x/y/z */
    WS_SR_LANEID, WS_SR_WARPID, WS_SR_NWARPID, WS_SR_SMID, WS_SR_NSMID,
    WS_SR_GRIDID, WS_SR_CLOCK, WS_SR_CLOCK_HI, WS_SR_CLOCK64, WS_SR_GLOBALTIMER,
    WS_SR_GLOBALTIMER_LO, WS_SR_GLOBALTIMER_HI,
    WS_SR_LANEMASK_EQ, WS_SR_LANEMASK_LE, WS_SR_LANEMASK_LT, WS_SR_LANEMASK_GE,
    WS_SR_LANEMASK_GT, WS_SR_DYNAMIC_SMEM_SIZE, WS_SR_TOTAL_SMEM_SIZE,
    WS_SR_ENVREG,                                       /* %envreg<N>: reads 0 */
    WS_SR_COUNT
} ws_ptx_sreg;

/* ------------------------------------------------------------------ operands */
typedef enum ws_ptx_opnd_kind {
    WS_O_NONE = 0,
    WS_O_REG,        /* .reg: index in 0..nregs-1 */
    WS_O_PRED,       /* predicate: index in 0..npreds-1 (neg: !p) */
    WS_O_IMM,        /* immediate: bits in imm (floats as their IEEE bits, f32 in low 32) */
    WS_O_SREG,       /* special register: sreg, comp (0..2 for .x/.y/.z) */
    WS_O_ADDR,       /* memory operand [base + imm]: base is a REG (reg) or a symbol (sym) or absolute */
    WS_O_SYM,        /* address of a variable / function name as a value (mov r, var) */
    WS_O_LABEL,      /* branch target: target = instruction index */
    WS_O_VEC,        /* vector {a, b, c, d}: elements in vec[0..nvec-1] (REG, IMM or SINK) */
    WS_O_SINK,       /* `_` */
    WS_O_PARAMLIST,  /* call argument/return list: sym indices in vec */
} ws_ptx_opnd_kind;

/* Reference to a variable (ws_ptx_var) by index; see ws_ptx_sym. */
typedef int32_t ws_ptx_symref;

typedef struct ws_ptx_opnd {
    uint8_t kind;        /* ws_ptx_opnd_kind */
    uint8_t neg;         /* WS_O_PRED: logical not; */
    uint8_t comp;        /* WS_O_SREG: 0=x 1=y 2=z */
    uint8_t nvec;        /* WS_O_VEC / WS_O_PARAMLIST: element count */
    int32_t reg;         /* WS_O_REG / WS_O_PRED / WS_O_ADDR base register, -1 if none */
    ws_ptx_symref sym;   /* WS_O_SYM / WS_O_ADDR symbol base (-1 if none), see ws_ptx_module.syms */
    uint16_t sreg;       /* WS_O_SREG: ws_ptx_sreg */
    int64_t imm;         /* WS_O_IMM bits; WS_O_ADDR offset */
    uint32_t target;     /* WS_O_LABEL: instruction index in the function (its `sym` is
                          * the label's index in func->labels, for printing) */
    int32_t *vec;        /* WS_O_VEC: register index per element (-1 = sink `_`), or
                          * WS_O_PARAMLIST: symbol indices; owned by the module */
    int64_t *vec_imm;    /* WS_O_VEC: immediate per element when vec[i] == -2 (may be NULL) */
} ws_ptx_opnd;

#define WS_PTX_MAX_OPNDS 6

/* One instruction. */
typedef struct ws_ptx_insn {
    uint16_t op;         /* ws_ptx_op */
    uint8_t type;        /* main type (.u32, .f64, ...); for cvt: destination type */
    uint8_t type2;       /* cvt: source type; setp/set: comparison type for set's dest;
                          * slct: the comparand type; prmt/shfl etc.: unused */
    uint8_t space;       /* ld/st/atom/red/cvta/prefetch/isspacep: ws_ptx_space */
    uint8_t cmp;         /* ws_ptx_cmp */
    uint8_t boolop;      /* ws_ptx_boolop */
    uint8_t rnd;         /* ws_ptx_rnd */
    uint8_t subop;       /* WS_ATOM_*, WS_VOTE_*, WS_SHFL_*, WS_BAR_*, WS_PART_*, ... */
    uint8_t vec;         /* vector width of ld/st/mov: 1, 2 or 4 */
    uint8_t cacheop;     /* ws_ptx_cacheop */
    uint8_t scope;       /* ws_ptx_scope */
    uint8_t nopnds;      /* operands used in opnd[] */
    uint8_t ndst;        /* how many leading operands are destinations (e.g. setp p|q: 2) */
    uint32_t flags;      /* WS_F_* */
    int32_t guard;       /* guard predicate index, -1 if unguarded (negated: WS_F_NEG_PRED) */
    ws_ptx_opnd opnd[WS_PTX_MAX_OPNDS];
    /* Control flow (filled by the CFG pass, ws_ptx_cfg.c) */
    uint32_t reconv;     /* bra: immediate post-dominator instruction index
                          * (== function's ninsns when the paths meet only at exit) */
    int32_t callee;      /* call: index of the function in module->funcs, -1 if none */
    /* Source position, for errors, the disassembler and per-line statistics */
    uint32_t line, col;
    uint32_t src_line;   /* CUDA source line from the last `.loc` (0 if none) */
    uint16_t src_file;   /* `.file` index of that `.loc` */
} ws_ptx_insn;

/* ------------------------------------------------------------------ variables */
/* A symbol-address initializer (added by the front end): `.global .u64 p =
 * generic(x);` or `= {a, b+8}`.  The loader stores the address of `sym`
 * (plus addend) at byte `offset` of the variable once addresses are known;
 * those bytes of `init` are zero. */
typedef struct ws_ptx_reloc {
    uint64_t offset;      /* byte offset inside the variable */
    int32_t sym;          /* module->syms index: a variable or a function */
    uint8_t size;         /* 4 or 8 bytes */
    uint8_t generic;      /* generic(var): the generic address, else the
                           * address in the variable's own state space */
    int64_t addend;       /* `var+8` */
} ws_ptx_reloc;

/* A variable in some state space: module scope (.global/.const/.shared),
 * function scope (.shared/.local/.param declared inside a body, e.g. the
 * call-sequence `.param` temporaries), or a function parameter.
 *
 * What `offset` means (filled by the layout pass, ws_ptx_layout.c):
 *  .global   offset inside the module's .global block (module->global_bytes
 *            bytes, every variable at a multiple of its align).  The engine
 *            may allocate that block at once or each variable on its own.
 *  .const    likewise inside the module's .const block (module->const_bytes).
 *  .shared   static: offset inside the CTA's shared memory, the same for
 *            every kernel.  Module-scope variables come first (declaration
 *            order), then those declared inside .func bodies, then each
 *            kernel's own, placed after everything that kernel can reach;
 *            the kernel's shared_bytes covers all of it.
 *            extern (dynamic, `.extern .shared .b8 s[]`): offset is 0 and
 *            unused; every extern shared variable starts at the running
 *            kernel's dyn_shared_offset (they all alias, as in CUDA).
 *  .local    offset inside the declaring function's per-thread frame.
 *  .param    kernel parameters: offset inside the kernel parameter buffer
 *            (func->param_bytes bytes, CUDA's layout: each parameter at a
 *            multiple of its align).  .func parameters and return values,
 *            and the call-sequence temporaries declared in a body: offset
 *            inside the function's per-thread frame.
 * A function's per-thread frame (func->local_bytes bytes, one per call, so
 * recursion works) holds, in this order: its .local variables, its
 * call-sequence .param temporaries, its parameters, its return values.
 * `call (r), f, (a, b)` copies the caller's a and b into f's parameters in
 * f's new frame; `ret` copies f's return values back into the caller's r. */
typedef struct ws_ptx_var {
    char *name;
    uint8_t space;        /* ws_ptx_space */
    uint8_t type;         /* element type (.b8 for byte arrays) */
    uint8_t is_extern;    /* extern .shared (dynamic shared memory) */
    uint8_t is_ptr_param; /* .param .u64 .ptr ... (kernel parameter attributes) */
    uint32_t align;       /* bytes; defaults to the element size */
    uint64_t size;        /* total bytes (elements * element size); 0 for extern arrays */
    uint64_t nelems;      /* element count (1 for scalars) */
    uint8_t *init;        /* initial bytes (size bytes) or NULL for zero; symbol-address
                           * initializers ({var, generic(var)}) are resolved at load */
    int32_t func;         /* owning function index, -1 at module scope */
    uint64_t offset;      /* filled at layout: offset inside its space's per-CTA /
                           * per-thread / per-module block (see above) */
    uint32_t line, col;
    /* Added by the front end: */
    int32_t sym;          /* this variable's index in module->syms */
    ws_ptx_reloc *relocs; uint32_t nrelocs;   /* symbol-address initializers */
} ws_ptx_var;

/* A symbol name as operands see it: a variable or a function. */
typedef struct ws_ptx_sym {
    char *name;
    int32_t var;          /* index into module->vars, or -1 */
    int32_t func;         /* index into module->funcs, or -1 */
} ws_ptx_sym;

/* ------------------------------------------------------------------ functions */
typedef struct ws_ptx_reg_info {
    char *name;           /* "%r12", "%rd3", "temp_param_reg" */
    uint8_t type;         /* declared type */
} ws_ptx_reg_info;

/* A label of a function body (added by the front end): name and the index of
 * the instruction it precedes (ninsns never occurs: see ws_ptx.h). */
typedef struct ws_ptx_label {
    char *name;
    uint32_t insn;
} ws_ptx_label;

/* What ptxas allocates for a kernel, from the resource record beside the
 * PTX file (NAME.ptxas, read by ws_ptx_res_load; the format is in
 * scenarios/kernels/README.md).  Byte counts are as ptxas -v prints them. */
typedef struct ws_ptx_res {
    bool has;                  /* the record names this kernel */
    uint32_t line;             /* its line in the record (for messages) */
    uint32_t regs;             /* registers per thread */
    uint32_t barriers;         /* named barriers used */
    uint64_t stack;            /* the kernel's own stack frame (local memory) */
    uint64_t spill_stores, spill_loads;
    uint64_t cstack;           /* cumulative stack with callees (0: not printed) */
    uint64_t lmem;             /* local memory (older targets print it) */
    uint64_t smem;             /* static shared memory per CTA */
    uint64_t cmem0;            /* constant bank 0 (parameters) */
    uint64_t cmem_other;       /* the other constant banks together */
} ws_ptx_res;

typedef struct ws_ptx_func {
    char *name;
    bool is_entry;        /* .entry (kernel) vs .func */
    bool is_visible;      /* .visible / .extern: exported */
    bool is_decl;         /* declaration only (prototype without a body) */
    /* Parameters and return values: indices into module->vars (space PARAM). */
    int32_t *params; uint32_t nparams;
    int32_t *rets;   uint32_t nrets;
    /* Body */
    ws_ptx_insn *insns; uint32_t ninsns;
    ws_ptx_reg_info *regs; uint32_t nregs;      /* non-predicate registers */
    ws_ptx_reg_info *preds; uint32_t npreds;    /* predicate registers */
    /* Per-thread bytes: .local variables of this function (call-sequence
     * .param temporaries are laid out here too, after the locals). */
    uint64_t local_bytes;
    /* Per-CTA bytes of this function's static .shared variables (module-level
     * shared variables used by the kernel are added at layout). */
    uint64_t shared_bytes;
    /* Performance-directive attributes, if present (.maxntid, .reqntid, .minnctapersm). */
    uint32_t maxntid[3], reqntid[3], minnctapersm, maxnreg;
    uint32_t line, col;
    /* Added by the front end: */
    int32_t sym;              /* this function's index in module->syms */
    bool is_extern, is_weak;  /* .extern / .weak linkage */
    bool noreturn;            /* .noreturn */
    ws_ptx_label *labels; uint32_t nlabels;
    /* .entry: bytes of the kernel parameter buffer (parameters' offsets are
     * inside it).  0 for .func (its parameters live in its frame). */
    uint64_t param_bytes;
    /* .entry: offset in the CTA's shared memory where dynamic (extern)
     * shared memory starts: shared_bytes rounded up to the largest alignment
     * of the module's extern .shared variables (at least 16). */
    uint64_t dyn_shared_offset;
    /* Register estimate for occupancy, see ws_ptx_func_regs_per_thread(). */
    uint32_t regs_per_thread;
    /* .entry: what ptxas allocates, when the module's record names it. */
    ws_ptx_res res;
} ws_ptx_func;

/* ------------------------------------------------------------------ module */
typedef struct ws_ptx_module {
    char *path;                       /* file name as given (for messages) */
    uint32_t version_major, version_minor;   /* .version */
    char *target;                     /* .target, e.g. "sm_75" */
    bool target_debug;                /* `.target sm_75, debug` (-G builds) */
    uint32_t address_size;            /* 32 or 64 */
    ws_ptx_func *funcs; uint32_t nfuncs;
    ws_ptx_var *vars; uint32_t nvars;
    ws_ptx_sym *syms; uint32_t nsyms;
    char **files; uint32_t nfiles;    /* .file names (index = .file number) */
    /* Bytes of module-scope .global and .const data (laid out at load time). */
    uint64_t global_bytes, const_bytes;
    /* The resource record read with the module (NULL: none): its path, and
     * its tool and arch lines ("ptxas 13.0.88 ...", "sm_75"). */
    char *res_path, *res_tool, *res_arch;
} ws_ptx_module;

/* Look up a function by name; NULL if absent. */
ws_ptx_func *ws_ptx_module_find_func(const ws_ptx_module *m, const char *name);
void ws_ptx_module_free(ws_ptx_module *m);

/* The CUDA source position of an instruction, from its `.loc` and the
 * module's `.file` table: returns the file's base name ("bfs_topo.cu") and
 * sets *line, or returns NULL (and *line = 0) when the instruction has no
 * `.loc`, its line is 0 (nvcc's "no line") or its file is not declared. */
const char *ws_ptx_insn_cu(const ws_ptx_module *m, const ws_ptx_insn *in, uint32_t *line);

#endif
