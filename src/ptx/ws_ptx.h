/* ws_ptx.h: the PTX front end's public API.
 *
 *   ws_error err;
 *   ws_ptx_module *m = ws_ptx_load_file("bfs.ptx", &err);
 *   if (!m) fprintf(stderr, "%s\n", err.msg);   // "bfs.ptx:12:5: unsupported instruction 'foo'"
 *
 * A module returned by the loader is complete: registers resolved, branch
 * targets resolved, reconvergence points computed (ws_ptx_cfg), call targets
 * resolved, variables laid out.  Anything unsupported or malformed is an
 * error naming file:line:col; the loader never crashes and never returns a
 * partial module.
 *
 * What the loader guarantees beyond ws_ptx_ir.h:
 *  - every function body ends with an instruction that cannot fall through
 *    (a `ret` is appended at the closing brace when needed), so branch
 *    targets and reconv are < ninsns, or == ninsns for "meet only at exit";
 *  - a call to a function that is only declared (e.g. `.extern .func
 *    vprintf`) is accepted: its callee has is_decl set and the engine
 *    decides (built-in or run-time error);
 *  - err->code is WS_E_UNSUPPORTED for valid but unsupported PTX
 *    ("unsupported instruction 'tex'"), WS_E_PARSE for malformed PTX and
 *    WS_E_IO when the file cannot be read. */
#ifndef WS_PTX_H
#define WS_PTX_H

#include "ptx/ws_ptx_ir.h"
#include "util/ws_error.h"

/* Parse PTX text (len bytes, need not be NUL-terminated).  `path` is used
 * in messages only. */
ws_ptx_module *ws_ptx_parse(const char *text, size_t len, const char *path, ws_error *err);
/* Read and parse a file, and the resource record beside it if there is one
 * (ws_ptx_res_load on ws_ptx_res_path(path)): a malformed record is an error
 * as a malformed PTX file is. */
ws_ptx_module *ws_ptx_load_file(const char *path, ws_error *err);

/* Resource records (ws_ptx_res.c; format in scenarios/kernels/README.md):
 * what ptxas allocates for each kernel, in NAME.ptxas beside NAME.ptx.
 * The record's path for a PTX path: NAME.ptx -> NAME.ptxas (any other name:
 * the name + ".ptxas"). */
void ws_ptx_res_path(const char *ptx_path, char *out, size_t size);
/* Read the record at `path` into m (f->res of each kernel it names,
 * m->res_path/res_tool/res_arch).  Returns 1 when read, 0 when there is no
 * such file (m unchanged), -1 on an error naming path:line (nothing of the
 * record is kept).  Errors: a first line other than `ptxas-record 1`, an
 * unknown directive or field, a count that is not a decimal number or is
 * out of range (registers above 255, barriers above 16), a kernel named
 * twice or missing its regs=, an arch other than the PTX's .target, and a
 * kernel that is not an .entry of the PTX (a stale record). */
int ws_ptx_res_load(ws_ptx_module *m, const char *path, ws_error *err);
/* The same on text (len bytes); `name` is used in messages. */
int ws_ptx_res_parse(ws_ptx_module *m, const char *text, size_t len, const char *name, ws_error *err);

/* Print one instruction as PTX text ("@%p1 bra $L__BB0_7;", "ld.global.u32 %r15, [%rd14];")
 * into buf; returns the length written (truncated to size-1).  The text
 * parses back to the same instruction (modifiers in canonical order, float
 * immediates as 0f/0d bit patterns); an implicit `ret` prints as "ret;". */
size_t ws_ptx_disasm(const ws_ptx_module *m, const ws_ptx_func *f, const ws_ptx_insn *in,
                     char *buf, size_t size);

/* Registers per thread, for occupancy limits: an estimate of what ptxas
 * allocates.  PTX registers are virtual (nvcc gives every value its own), so
 * the declared count overstates it badly; instead this is the register
 * pressure: the largest number of 32-bit register slots live at one point
 * of the kernel (64-bit registers count 2, 8/16-bit ones 1, predicates 0),
 * from a liveness analysis over the CFG, plus at each call the slots live
 * across it added to the callee's own need.  ptxas usually needs a few more
 * (address temporaries, ABI registers) and sometimes fewer (rematerialising
 * constants).  Capped at 255.  Computed at load (f->regs_per_thread). */
unsigned ws_ptx_func_regs_per_thread(const ws_ptx_module *m, const ws_ptx_func *f);
/* The upper bound: 32-bit slots of every declared non-predicate register
 * of f plus the largest such count among the functions it calls, capped at
 * 255 (shown by `warpscope ptx check` next to the estimate). */
unsigned ws_ptx_func_regs_declared(const ws_ptx_module *m, const ws_ptx_func *f);

#endif
