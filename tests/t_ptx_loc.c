/* CUDA source lines from `.loc` and `.file` (ws_ptx_insn_cu): a hand-written
 * module with exact expectations per instruction (the `.file` table after
 * the code as nvcc writes it, a path reduced to its base name, a second file
 * with `inlined_at`, nvcc's line 0, instructions before any `.loc`, a
 * `.section .debug_str` block), PTX without `.loc`, and a shipped kernel
 * built with -lineinfo (bfs_level.ptx, its loads and stores). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ws_ptx.h"
#include "util/ws_util.h"
#include "ws_tap.h"

#define HDR ".version 7.8\n.target sm_75\n.address_size 64\n"

static const char *ptx = HDR                                  /* lines 1-3 */
    ".visible .entry k(.param .u64 out)\n"                       /* 4 */
    "{\n"                                                        /* 5 */
    "  .reg .b64 %o; .reg .b32 %t<4>;\n"                         /* 6 */
    "  ld.param.u64 %o, [out];\n"                                /* 7: no .loc yet */
    "  .loc 1 10 3\n"                                            /* 8 */
    "  mov.u32 %t0, %tid.x;\n"                                   /* 9: k.cu:10 */
    "  add.u32 %t1, %t0, 1;\n"                                   /* 10: k.cu:10 */
    "  .loc 2 7 5, function_name $L__info_string0, inlined_at 1 12 9\n"   /* 11 */
    "  add.u32 %t2, %t1, 2;\n"                                   /* 12: hdr.h:7 */
    "  .loc 1 0 9\n"                                             /* 13 */
    "  add.u32 %t3, %t2, 3;\n"                                   /* 14: none */
    "  .loc 1 14 1\n"                                            /* 15 */
    "  st.global.u32 [%o], %t3;\n"                               /* 16: k.cu:14 */
    "  ret;\n"                                                   /* 17: k.cu:14 */
    "}\n"
    "\t.file\t1 \"/home/someone/src/k.cu\"\n"
    "\t.file\t2 \"hdr.h\", 1700000000, 1234\n"
    "\t.section\t.debug_str\n"
    "\t{\n"
    "$L__info_string0:\n"
    ".b8 102,0\n"
    "\t}\n";

/* The instruction on PTX line `line` of function f (NULL: none). */
static const ws_ptx_insn *at_line(const ws_ptx_func *f, uint32_t line)
{
    for (uint32_t i = 0; i < f->ninsns; i++)
        if (f->insns[i].line == line)
            return &f->insns[i];
    return NULL;
}

static void expect(const ws_ptx_module *m, const ws_ptx_func *f, uint32_t ptx_line, const char *file, uint32_t line)
{
    const ws_ptx_insn *in = at_line(f, ptx_line);
    ok(in != NULL, "an instruction on PTX line %u", ptx_line);
    if (!in)
        return;
    uint32_t l = 99;
    const char *cf = ws_ptx_insn_cu(m, in, &l);
    if (!file) {
        ok(cf == NULL, "PTX line %u has no CUDA line", ptx_line);
        is_int(l, 0, "... and its line is 0");
        return;
    }
    is_str(cf ? cf : "(none)", file, "PTX line %u comes from %s", ptx_line, file);
    is_int(l, line, "... line %u", line);
}

int main(void)
{
    ws_error err;
    ws_ptx_module *m = ws_ptx_parse(ptx, strlen(ptx), "k.ptx", &err);
    ok(m != NULL, "the module with .loc, .file and .debug_str parses");
    if (!m) {
        diag("%s", err.msg);
        return tap_done();
    }
    const ws_ptx_func *f = ws_ptx_module_find_func(m, "k");
    is_int(m->nfiles, 3, ".file 1 and 2 recorded (index 0 unused)");
    is_int(f->ninsns, 7, "seven instructions");
    expect(m, f, 7, NULL, 0);
    expect(m, f, 9, "k.cu", 10);
    expect(m, f, 10, "k.cu", 10);
    expect(m, f, 12, "hdr.h", 7);
    expect(m, f, 14, NULL, 0);
    expect(m, f, 16, "k.cu", 14);
    expect(m, f, 17, "k.cu", 14);
    ws_ptx_module_free(m);

    /* without .loc: no CUDA line anywhere */
    static const char *plain = HDR ".visible .entry p()\n{\n  ret;\n}\n";
    m = ws_ptx_parse(plain, strlen(plain), "p.ptx", &err);
    ok(m != NULL, "PTX without .loc parses");
    if (m) {
        f = ws_ptx_module_find_func(m, "p");
        uint32_t l = 5;
        ok(ws_ptx_insn_cu(m, &f->insns[0], &l) == NULL && l == 0, "... and has no CUDA line");
        ws_ptx_module_free(m);
    }

    /* a .loc naming a file that is never declared: no CUDA line */
    static const char *undecl = HDR ".visible .entry u()\n{\n  .loc 3 8 1\n  ret;\n}\n";
    m = ws_ptx_parse(undecl, strlen(undecl), "u.ptx", &err);
    ok(m != NULL, "a .loc of an undeclared file parses");
    if (m) {
        f = ws_ptx_module_find_func(m, "u");
        uint32_t l;
        ok(ws_ptx_insn_cu(m, &f->insns[0], &l) == NULL, "... and gives no CUDA line");
        ws_ptx_module_free(m);
    }

    /* a shipped kernel (nvcc -lineinfo): its loads and stores */
    const char *src = getenv("WS_SRCDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/scenarios/kernels/bfs_level.ptx", src ? src : ".");
    m = ws_ptx_load_file(path, &err);
    ok(m != NULL, "bfs_level.ptx loads");
    if (m) {
        f = ws_ptx_module_find_func(m, "bfs_level");
        uint32_t nloc = 0;
        for (uint32_t i = 0; i < f->ninsns; i++) {
            uint32_t l;
            nloc += ws_ptx_insn_cu(m, &f->insns[i], &l) != NULL;
        }
        ok(nloc + 2 >= f->ninsns, "nearly every instruction has a CUDA line (%u of %u)", nloc, f->ninsns);
        expect(m, f, 49, "bfs_level.cu", 37);     /* dist[u] != level */
        expect(m, f, 58, "bfs_level.cu", 39);     /* row[u] */
        expect(m, f, 73, "bfs_level.cu", 40);     /* col[e] */
        expect(m, f, 77, "bfs_level.cu", 41);     /* dist[v] < 0 */
        expect(m, f, 84, "bfs_level.cu", 42);     /* dist[v] = level + 1 */
        expect(m, f, 87, "bfs_level.cu", 43);     /* *changed = 1 */
        ws_ptx_module_free(m);
    }
    return tap_done();
}
