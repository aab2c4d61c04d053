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
 * partial module. */
#ifndef WS_PTX_H
#define WS_PTX_H

#include "ptx/ws_ptx_ir.h"
#include "util/ws_error.h"

/* Parse PTX text (len bytes, need not be NUL-terminated).  `path` is used
 * in messages only. */
ws_ptx_module *ws_ptx_parse(const char *text, size_t len, const char *path, ws_error *err);
/* Read and parse a file. */
ws_ptx_module *ws_ptx_load_file(const char *path, ws_error *err);

/* Print one instruction as PTX text ("@%p1 bra $L__BB0_7;", "ld.global.u32 %r15, [%rd14];")
 * into buf; returns the length written (truncated to size-1). */
size_t ws_ptx_disasm(const ws_ptx_module *m, const ws_ptx_func *f, const ws_ptx_insn *in,
                     char *buf, size_t size);

#endif
