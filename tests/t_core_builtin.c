/* Device-side printf (vprintf) and assert (__assertfail) on nvcc's PTX of
 * tests/core/printf.cu. */
#include <stdint.h>

#include "core/tcore.h"

int main(void)
{
    tc_init();
    char path[1024];
    const char *top = getenv("WS_SRCDIR");
    snprintf(path, sizeof path, "%s/tests/core/printf.ptx", top ? top : ".");
    ws_module *m = ws_module_load_file(tc_dev, path, &tc_err);
    ok(m != NULL, "printf.ptx loads (vprintf and __assertfail are provided)");
    if (!m) {
        diag("%s", tc_err.msg);
        return tap_done();
    }
    enum { N = 6 };
    int a[N] = { 3, -7, 100, 4096, -1, 12345 };
    uint64_t da = ws_devmem_alloc(tc_dev, sizeof a, "a", &tc_err);
    ws_devmem_write(tc_dev, da, a, sizeof a, NULL);
    const ws_kernel *pf = ws_module_kernel(m, "pf", &tc_err);
    ws_launch_config lc = { .grid = { 1, 1, 1 }, .block = { N, 1, 1 } };
    double dv = 1.25;
    long long q = -9000000000LL;
    ws_arg args[] = { WS_ARG_PTR(da), WS_ARG_FLOAT(dv), WS_ARG_INT(q) };
    ok(pf && ws_launch(tc_dev, pf, &lc, args, 3, &tc_err) == 0, "printf kernel runs");
    /* the same text on the host: the odd lanes print first (the branch runs
     * the fall-through path, then the taken one), each path in lane order */
    char want[4096];
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int t = 0; t < N; t++) {
            if ((t & 1) != (pass == 0))
                continue;
            if (t & 1)
                n += (size_t)snprintf(want + n, sizeof want - n,
                                      "odd %d: [%5d] [%-4x] [%08.3f] [%e] [%g] %s %c %lld %llu %hhd %% 0x%llx\n", t, a[t],
                                      a[t] * 16, dv * t, dv, dv / 3, t > 2 ? "big" : "small", 'a' + t, q * t,
                                      (unsigned long long)q, (signed char)(t * 100), (unsigned long long)da);
            else
                n += (size_t)snprintf(want + n, sizeof want - n, "even %d\n", t);
        }
    size_t len = 0;
    const char *got = ws_device_printf(tc_dev, &len);
    int first_even = strncmp(got, "even", 4) == 0;
    if (first_even) {
        /* the engine ran the taken path first: compare per line instead */
        n = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int t = 0; t < N; t++) {
                if ((t & 1) != (pass == 1))
                    continue;
                if (t & 1)
                    n += (size_t)snprintf(want + n, sizeof want - n,
                                          "odd %d: [%5d] [%-4x] [%08.3f] [%e] [%g] %s %c %lld %llu %hhd %% 0x%llx\n", t,
                                          a[t], a[t] * 16, dv * t, dv, dv / 3, t > 2 ? "big" : "small", 'a' + t, q * t,
                                          (unsigned long long)q, (signed char)(t * 100), (unsigned long long)da);
                else
                    n += (size_t)snprintf(want + n, sizeof want - n, "even %d\n", t);
            }
    }
    is_str(got, want, "printf output, every format");
    is_int(len, n, "length");
    ws_device_printf_clear(tc_dev);
    is_str(ws_device_printf(tc_dev, NULL), "", "cleared");

    const ws_kernel *ck = ws_module_kernel(m, "check", &tc_err);
    ws_arg ca[] = { WS_ARG_PTR(da), WS_ARG_INT(N) };
    ws_launch_config lc2 = { .grid = { 2, 1, 1 }, .block = { 4, 1, 1 } };
    ok(ck && ws_launch(tc_dev, ck, &lc2, ca, 2, &tc_err) < 0, "a failing assert stops the kernel");
    const ws_fault *f = ws_device_last_fault(tc_dev);
    ok(f && f->kind == WS_FAULT_TRAP && f->tid[0] == 1 && f->cta[0] == 0, "the first failing thread is reported");
    ok(strstr(tc_err.msg, "assertion `a[t] >= 0` failed (printf.cu:") != NULL, "the message quotes the assertion: %s",
       tc_err.msg);
    ws_arg cb[] = { WS_ARG_PTR(da), WS_ARG_INT(1) };
    ok(ws_launch(tc_dev, ck, &lc2, cb, 2, &tc_err) == 0, "a passing assert runs");
    ws_device_free(tc_dev);
    return tap_done();
}
