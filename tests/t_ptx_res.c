/* Resource records (NAME.ptxas, src/ptx/ws_ptx_res.c): what a record gives
 * each kernel, the located error of every kind of malformed or stale
 * record, the record found beside a PTX file, and occupancy: the record's
 * registers (or a launch's regs=) decide how many CTAs an SM takes, the
 * estimate when no record names the kernel. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/ws_core.h"
#include "ptx/ws_ptx.h"
#include "util/ws_util.h"
#include "ws_tap.h"

#define HDR ".version 7.8\n.target sm_75\n.address_size 64\n"

/* Two kernels: `big` keeps many values live (its estimate is well above
 * 16), `small` few. */
static const char *ptx = HDR
    ".visible .entry small(.param .u64 out)\n"
    "{\n"
    "  .reg .b64 %o; .reg .b32 %t;\n"
    "  ld.param.u64 %o, [out];\n"
    "  mov.u32 %t, %tid.x;\n"
    "  st.global.u32 [%o], %t;\n"
    "  ret;\n"
    "}\n"
    ".visible .entry big(.param .u64 out)\n"
    "{\n"
    "  .reg .b64 %o; .reg .b32 %r<40>;\n"
    "  .shared .align 4 .b8 sm[44];\n"
    "  ld.param.u64 %o, [out];\n"
    "  mov.u32 %r0, %tid.x;\n"
#define R(i, j) "  add.u32 %r" #i ", %r" #j ", " #i ";\n"
    R(1, 0) R(2, 0) R(3, 0) R(4, 0) R(5, 0) R(6, 0) R(7, 0) R(8, 0) R(9, 0) R(10, 0)
    R(11, 0) R(12, 0) R(13, 0) R(14, 0) R(15, 0) R(16, 0) R(17, 0) R(18, 0) R(19, 0) R(20, 0)
    R(21, 0) R(22, 0) R(23, 0) R(24, 0)
#define S(i) "  add.u32 %r0, %r0, %r" #i ";\n"
    S(1) S(2) S(3) S(4) S(5) S(6) S(7) S(8) S(9) S(10) S(11) S(12) S(13) S(14) S(15) S(16)
    S(17) S(18) S(19) S(20) S(21) S(22) S(23) S(24)
    "  st.global.u32 [%o], %r0;\n"
    "  ret;\n"
    "}\n";

#define GOOD "# a comment\n" \
    "ptxas-record 1\n" \
    "tool ptxas 13.0.88 cuda_13.0.r13.0/compiler.36424714_0\n" \
    "arch sm_75\n" \
    "options -v -arch=sm_75\n" \
    "ptx t.ptx\n"

static ws_ptx_module *parse_ptx(void)
{
    ws_error err;
    ws_ptx_module *m = ws_ptx_parse(ptx, strlen(ptx), "t.ptx", &err);
    if (!m)
        diag("%s", err.msg);
    return m;
}

/* Parse record text against a fresh module; the error message or "". */
static const char *rec_error(const char *text, char *buf, size_t size)
{
    ws_ptx_module *m = parse_ptx();
    ws_error err;
    err.msg[0] = '\0';
    int rc = ws_ptx_res_parse(m, text, strlen(text), "t.ptxas", &err);
    bool kept = false;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        kept |= m->funcs[i].res.has;
    snprintf(buf, size, "%s%s", rc < 0 ? err.msg : "", rc < 0 && (kept || m->res_path) ? " [partly kept]" : "");
    ws_ptx_module_free(m);
    return buf;
}

static void test_parse(void)
{
    ws_ptx_module *m = parse_ptx();
    ws_error err;
    const char *text = GOOD "kernel big regs=16 barriers=1 stack=8 spill_stores=4 spill_loads=12 cstack=24 "
                            "smem=48 cmem0=404 cmem2=16 cmem3=4\n"
                            "   \n";
    is_int(ws_ptx_res_parse(m, text, strlen(text), "t.ptxas", &err), 0, "a good record parses");
    const ws_ptx_func *big = ws_ptx_module_find_func(m, "big"), *small = ws_ptx_module_find_func(m, "small");
    const ws_ptx_res *r = &big->res;
    ok(r->has && !small->res.has, "the record names big, not small");
    is_int(r->line, 7, "big's line in the record");
    is_int(r->regs, 16, "regs");
    is_int(r->barriers, 1, "barriers");
    is_int(r->stack, 8, "stack");
    is_int(r->spill_stores, 4, "spill stores");
    is_int(r->spill_loads, 12, "spill loads");
    is_int(r->cstack, 24, "cumulative stack");
    is_int(r->smem, 48, "smem");
    is_int(r->cmem0, 404, "constant bank 0");
    is_int(r->cmem_other, 20, "the other constant banks together");
    is_str(m->res_tool, "ptxas 13.0.88 cuda_13.0.r13.0/compiler.36424714_0", "tool line");
    is_str(m->res_arch, "sm_75", "arch line");
    is_str(m->res_path, "t.ptxas", "record path");
    ws_ptx_module_free(m);

    char p[64];
    ws_ptx_res_path("dir/x.ptx", p, sizeof p);
    is_str(p, "dir/x.ptxas", "x.ptx -> x.ptxas");
    ws_ptx_res_path("dir/x.txt", p, sizeof p);
    is_str(p, "dir/x.txt.ptxas", "another name gets .ptxas added");
}

static void test_errors(void)
{
    static const struct { const char *text, *want, *what; } c[] = {
        { GOOD "kernel big regs=abc\n", "t.ptxas:7: regs=abc is not a decimal number", "non-numeric count" },
        { GOOD "kernel big regs=-3\n", "t.ptxas:7: regs=-3 is not a decimal number", "negative count" },
        { GOOD "kernel big regs=16 smem=1k\n", "t.ptxas:7: smem=1k is not a decimal number", "unit in a count" },
        { GOOD "kernel big regs=\n", "t.ptxas:7: regs= has no value (expected a decimal number)", "empty count" },
        { GOOD "kernel big regs=256\n", "t.ptxas:7: regs=256: a thread has at most 255 registers",
          "registers above the machine's 255" },
        { GOOD "kernel big regs=99999999999999999999999\n", "t.ptxas:7: regs=99999999999999999999999: a thread has at most 255 registers",
          "a count too large for any integer" },
        { GOOD "kernel big regs=8 barriers=17\n", "t.ptxas:7: barriers=17: a CTA has at most 16 named barriers",
          "barriers above 16" },
        { GOOD "kernel big regs=8 stack=2000000000000\n", "t.ptxas:7: stack=2000000000000 is out of range (at most 2^40)",
          "bytes above 2^40" },
        { GOOD "kernel gone regs=8\n",
          "t.ptxas:7: kernel 'gone' is not a kernel of t.ptx (a stale record? regenerate it with `make ptxas`, or delete it)",
          "a kernel not in the PTX (stale record)" },
        { GOOD "kernel big regs=8\nkernel big regs=9\n", "t.ptxas:8: kernel 'big' is recorded twice (first on line 7)",
          "a kernel recorded twice" },
        { GOOD "kernel big barriers=0\n", "t.ptxas:7: kernel 'big' has no regs= count", "no regs=" },
        { GOOD "kernel big regs=8 colour=3\n",
          "t.ptxas:7: unknown field 'colour' (expected regs, barriers, stack, spill_stores, spill_loads, cstack, lmem, smem, cmemN)",
          "unknown field" },
        { GOOD "kernel big regs=8 cmemx=3\n",
          "t.ptxas:7: unknown field 'cmemx' (expected regs, barriers, stack, spill_stores, spill_loads, cstack, lmem, smem, cmemN)",
          "cmem without a bank number" },
        { GOOD "kernel big 16\n", "t.ptxas:7: '16' is not a field (expected key=value, e.g. regs=16)", "a bare number" },
        { GOOD "kernel\n", "t.ptxas:7: 'kernel' needs a kernel name and its counts", "kernel without a name" },
        { GOOD "registers big 16\n",
          "t.ptxas:7: unknown line 'registers' (expected tool, arch, options, ptx, kernel or a # comment)", "unknown line" },
        { "kernel big regs=8\n",
          "t.ptxas:1: expected 'ptxas-record 1' first (this is not a warpscope resource record), got 'kernel'",
          "no format line" },
        { "ptxas-record 2\n", "t.ptxas:1: record format '2' is not supported (only 'ptxas-record 1')", "format version 2" },
        { "# only a comment\n\n", "t.ptxas: empty resource record (expected 'ptxas-record 1')", "empty record" },
        { GOOD "arch sm_80\n", "t.ptxas:7: the record is for sm_80 but t.ptx targets sm_75 (a stale record?)",
          "another arch" },
        { GOOD "arch 75\n", "t.ptxas:7: arch '75' is not a target like sm_75", "a malformed arch" },
        { "ptxas-record 1\r\nkernel big regs=12\r\n", "", "CRLF line ends are fine" },
    };
    char buf[WS_ERROR_MAX + 32];
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
        is_str(rec_error(c[i].text, buf, sizeof buf), c[i].want, "%s", c[i].what);

    /* a NUL byte */
    ws_ptx_module *m = parse_ptx();
    ws_error err;
    static const char nul[] = "ptxas-record 1\nkernel big\0 regs=8\n";
    is_int(ws_ptx_res_parse(m, nul, sizeof nul - 1, "t.ptxas", &err), -1, "a NUL byte is an error");
    is_str(err.msg, "t.ptxas:2: a NUL byte (not a text file)", "... on its line");
    ok(!ws_ptx_module_find_func(m, "big")->res.has && !m->res_path, "a failed record leaves the module as it was");
    ws_ptx_module_free(m);
}

/* Write text to dir/name. */
static void put(const char *dir, const char *name, const char *text)
{
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* CTAs of `block` threads of kernel `name` SM 0 takes at once (stepwise
 * dispatch until the next one does not fit). */
static int ctas_per_sm(ws_device *d, const ws_module *mod, const char *name, uint32_t block, uint32_t regs,
                       ws_regs_source *src)
{
    ws_error err;
    const ws_kernel *k = ws_module_kernel(mod, name, &err);
    uint64_t out = ws_devmem_alloc(d, 4, "out", &err);
    ws_launch_config lc = { .grid = { 64, 1, 1 }, .block = { block, 1, 1 }, .regs = regs };
    ws_arg a = WS_ARG_PTR(out);
    ws_grid *g = ws_grid_create(d, k, &lc, &a, 1, &err);
    if (!g) {
        diag("%s", err.msg);
        return -1;
    }
    int n = 0;
    while (ws_grid_fits(g, 0) && ws_grid_dispatch(g, 0, &err))
        n++;
    ws_grid_regs_per_thread(g, src);
    ws_grid_free(g);
    ws_devmem_free(d, out, NULL);
    return n;
}

static void test_files_and_occupancy(void)
{
    char dir[] = "/tmp/t_ptx_res.XXXXXX";
    if (!mkdtemp(dir)) {
        ok(0, "temporary directory");
        return;
    }
    char path[512], rec[512];
    snprintf(path, sizeof path, "%s/k.ptx", dir);
    snprintf(rec, sizeof rec, "%s/k.ptxas", dir);
    put(dir, "k.ptx", ptx);
    ws_error err;

    /* no record: the estimate */
    ws_ptx_module *m = ws_ptx_load_file(path, &err);
    ok(m && !m->res_path && !ws_ptx_module_find_func(m, "big")->res.has, "no record beside k.ptx: none read");
    unsigned est = m ? ws_ptx_module_find_func(m, "big")->regs_per_thread : 0;
    ok(est > 16, "big's estimate (%u) is above 16", est);
    ws_ptx_module_free(m);

    /* 8192 registers per SM: 256 threads at 16 registers take 4096 */
    ws_device_config dc;
    ws_device_config_default(&dc);
    dc.num_sms = 1;
    dc.regs_per_sm = 8192;
    dc.max_threads_per_sm = 1024;
    dc.max_shared_per_cta = dc.shared_bytes_per_sm = 16384;
    ws_device *d = ws_device_create(&dc, &err);
    ws_module *mod = ws_module_load_file(d, path, &err);
    ws_regs_source src = WS_REGS_PTXAS;
    const ws_kernel *k = ws_module_kernel(mod, "big", &err);
    is_int(ws_kernel_regs_source(k), WS_REGS_ESTIMATE, "without a record big's registers are the estimate");
    is_int(ws_kernel_regs(k), est, "... its count");
    is_int(ctas_per_sm(d, mod, "big", 256, 0, &src), (int)(8192 / (est * 256)), "... and CTAs per SM follow it");
    is_str(ws_regs_source_name(src), "estimate", "... the grid's count is labelled estimate");

    put(dir, "k.ptxas", GOOD "kernel big regs=16 smem=48 stack=0\n");
    mod = ws_module_load_file(d, path, &err);
    k = ws_module_kernel(mod, "big", &err);
    is_int(ws_kernel_regs_source(k), WS_REGS_PTXAS, "with the record big's registers are ptxas's");
    is_int(ws_kernel_regs(k), 16, "... 16");
    is_int(ws_kernel_regs_estimate(k), est, "... the estimate is kept beside them");
    is_int(ws_kernel_static_shared(k), 48, "static shared: ptxas's 48 (the PTX's layout has 44)");
    is_int(ctas_per_sm(d, mod, "big", 256, 0, &src), 2, "2 CTAs of 256 threads at 16 registers on 8192 registers");
    is_str(ws_regs_source_name(src), "ptxas", "... the grid's count is labelled ptxas");
    is_int(ctas_per_sm(d, mod, "big", 256, 32, &src), 1, "a launch's regs=32 overrides the record: 1 CTA");
    is_str(ws_regs_source_name(src), "scenario", "... labelled scenario");
    is_int(ws_kernel_regs_source(ws_module_kernel(mod, "small", &err)), WS_REGS_ESTIMATE,
           "a kernel the record does not name keeps the estimate");

    /* machine limits are checked at module load, located in the record */
    put(dir, "k.ptxas", GOOD "kernel big regs=16 smem=20000\n");
    ok(!ws_module_load_file(d, path, &err), "smem above the device's shared memory per CTA fails the load");
    char want[sizeof rec + 200];
    snprintf(want, sizeof want,
             "%s:7: kernel 'big' has smem=20000 bytes of static shared memory, above the device's 16384 per CTA", rec);
    is_str(err.msg, want, "... naming the record's file and line");
    put(dir, "k.ptxas", GOOD "\nkernel big regs=16 stack=100000\n");
    ok(!ws_module_load_file(d, path, &err), "a stack above the device's local memory per thread fails the load");
    snprintf(want, sizeof want, "%s:8: kernel 'big' has 100000 bytes of stack per thread, above the device's 16384", rec);
    is_str(err.msg, want, "... naming the record's file and line");

    /* registers that never fit: the launch error names the source */
    put(dir, "k.ptxas", GOOD "kernel big regs=64\n");
    mod = ws_module_load_file(d, path, &err);
    uint64_t out = ws_devmem_alloc(d, 4, "out", &err);
    ws_launch_config lc = { .grid = { 1, 1, 1 }, .block = { 256, 1, 1 } };
    ws_arg a = WS_ARG_PTR(out);
    ok(!ws_grid_create(d, ws_module_kernel(mod, "big", &err), &lc, &a, 1, &err),
       "64 registers x 256 threads never fit 8192");
    ok(strstr(err.msg, "at 64 per thread, ptxas)") != NULL, "... the error names the count's source: %s", err.msg);

    /* a malformed record fails ws_ptx_load_file with its location */
    put(dir, "k.ptxas", GOOD "kernel big regs=sixteen\n");
    ok(!ws_ptx_load_file(path, &err), "a malformed record fails the PTX load");
    snprintf(want, sizeof want, "%s:7: regs=sixteen is not a decimal number", rec);
    is_str(err.msg, want, "... with the record's file and line");
    ws_device_free(d);

    unlink(rec);
    unlink(path);
    rmdir(dir);
}

int main(void)
{
    test_parse();
    test_errors();
    test_files_and_occupancy();
    return tap_done();
}
