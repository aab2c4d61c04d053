/* SIMT control flow and warp-synchronous operations, on nvcc's PTX of
 * tests/core/simt.cu (-O3 and -G builds): nested divergence, loops with
 * divergent exits, early return inside loops, barriers after early exits,
 * divergent and recursive calls, vote/shfl/match/activemask, bar.red. */
#include <stdint.h>

#include "core/tcore.h"
#include "util/ws_util.h"

static char path_buf[1024];

static const char *src_path(const char *rel)
{
    const char *top = getenv("WS_SRCDIR");
    snprintf(path_buf, sizeof path_buf, "%s/%s", top ? top : ".", rel);
    return path_buf;
}

static int launch(const ws_module *m, const char *k, uint32_t grid, uint32_t block, const ws_arg *a, uint32_t n)
{
    const ws_kernel *kr = ws_module_kernel(m, k, &tc_err);
    if (!kr)
        return -1;
    ws_launch_config lc = { .grid = { grid, 1, 1 }, .block = { block, 1, 1 } };
    int rc = ws_launch(tc_dev, kr, &lc, a, n, &tc_err);
    if (rc < 0)
        diag("%s: %s", k, tc_err.msg);
    return rc;
}

/* CPU references */
static int ref_nested(int t)
{
    int r;
    if (t & 1)
        r = (t & 2) ? 1 : (t & 4) ? 2 : 3;
    else {
        r = 4;
        if (t % 3 == 0)
            r += 10;
        else if (t % 5 == 0)
            r += 20;
    }
    return r * 100 + t;
}

static int ref_loop(int t, int n)
{
    int acc = 0;
    for (int i = 0; i < n; i++) {
        acc += i * t;
        if (acc > 1000)
            break;
        if ((acc ^ i) & 8)
            continue;
        acc += 3;
        for (int j = 0; j < (i & 3); j++) {
            if (((acc + j) & 5) == 5)
                break;
            acc++;
        }
    }
    return acc;
}

static int ref_early(int t, int v)
{
    for (int i = 0; i < 64; i++) {
        if (v == i)
            return i * 7;
        if (i * t > 500)
            return -i;
    }
    return -1000;
}

static int leaf(int x) { return (x & 4) ? x * 3 : x + 1000; }
static int mid(int x)
{
    int r = 0;
    for (int i = 0; i < (x & 3); i++)
        r += leaf(x + i);
    return (x & 1) ? r - 1 : r + leaf(x);
}
static int tree(int d, int x)
{
    if (d <= 0)
        return x & 7;
    int a = tree(d - 1, x * 3 + 1);
    if ((x ^ d) & 1)
        return a + tree(d - 2, x + d);
    return a * 2;
}
static int ref_calls(int t) { return ((t % 3) ? mid(t) : leaf(t) + 7) + tree(t % 6, t); }

static void run_module(const char *rel)
{
    ws_module *m = ws_module_load_file(tc_dev, src_path(rel), &tc_err);
    ok(m != NULL, "%s loads", rel);
    if (!m) {
        diag("%s", tc_err.msg);
        return;
    }
    enum { N = 192 };
    int in[N], out[N * 16];
    uint64_t dout = ws_devmem_alloc(tc_dev, sizeof out, "out", &tc_err);
    uint64_t din = ws_devmem_alloc(tc_dev, sizeof in, "in", &tc_err);
    ws_arg a1[] = { WS_ARG_PTR(dout) }, a2[] = { WS_ARG_PTR(dout), WS_ARG_PTR(din) };
    int bad;

    ok(launch(m, "nested_div", 3, 64, a1, 1) == 0, "%s: nested_div runs", rel);
    ws_devmem_read(tc_dev, dout, out, N * 4, NULL);
    bad = 0;
    for (int t = 0; t < N; t++)
        bad += out[t] != ref_nested(t);
    is_int(bad, 0, "%s: nested divergence", rel);

    for (int t = 0; t < N; t++)
        in[t] = (t * 7) % 41;
    ws_devmem_write(tc_dev, din, in, sizeof in, NULL);
    ok(launch(m, "loop_exit", 3, 64, a2, 2) == 0, "%s: loop_exit runs", rel);
    ws_devmem_read(tc_dev, dout, out, N * 4, NULL);
    bad = 0;
    for (int t = 0; t < N; t++)
        bad += out[t] != ref_loop(t, in[t]);
    is_int(bad, 0, "%s: loops with divergent break/continue (nested)", rel);

    for (int t = 0; t < N; t++)
        in[t] = (t * 13) % 70;
    ws_devmem_write(tc_dev, din, in, sizeof in, NULL);
    ok(launch(m, "early_return", 3, 64, a2, 2) == 0, "%s: early_return runs", rel);
    ws_devmem_read(tc_dev, dout, out, N * 4, NULL);
    bad = 0;
    for (int t = 0; t < N; t++)
        bad += out[t] != ref_early(t, in[t]);
    is_int(bad, 0, "%s: early return inside a loop", rel);

    for (int t = 0; t < 128; t++)
        in[t] = t % 7 + 1;
    ws_devmem_write(tc_dev, din, in, sizeof in, NULL);
    const int lives[] = { 128, 100, 33, 1 };
    for (size_t li = 0; li < sizeof lives / sizeof lives[0]; li++) {
        int live = lives[li];
        ws_devmem_memset(tc_dev, dout, 0xff, sizeof out, NULL);
        ws_arg a3[] = { WS_ARG_PTR(dout), WS_ARG_PTR(din), WS_ARG_INT(live) };
        ok(launch(m, "scan_barrier", 1, 128, a3, 3) == 0, "%s: scan_barrier (%d live) runs", rel, live);
        ws_devmem_read(tc_dev, dout, out, 128 * 4, NULL);
        bad = 0;
        int s = 0;
        for (int t = 0; t < 128; t++) {
            s += in[t];
            bad += t < live ? out[t] != s : out[t] != -1;
        }
        is_int(bad, 0, "%s: barriers in a loop, %d of 128 threads live", rel, live);
    }

    ok(launch(m, "calls", 3, 64, a1, 1) == 0, "%s: calls runs", rel);
    ws_devmem_read(tc_dev, dout, out, N * 4, NULL);
    bad = 0;
    for (int t = 0; t < N; t++)
        bad += out[t] != ref_calls(t);
    is_int(bad, 0, "%s: divergent and recursive calls", rel);

    enum { W = 96 };
    ok(launch(m, "warp_ops", 1, W, a1, 1) == 0, "%s: warp_ops runs", rel);
    ws_devmem_read(tc_dev, dout, out, W * 16 * 4, NULL);
    int sums[32];
    for (int l = 0; l < 32; l++)
        sums[l] = l;
    for (int k = 16; k > 0; k /= 2) {
        int nx[32];
        for (int l = 0; l < 32; l++)
            nx[l] = sums[l] + (l + k <= 31 ? sums[l + k] : sums[l]);
        memcpy(sums, nx, sizeof sums);
    }
    int bad_w[16] = { 0 };
    for (int t = 0; t < W; t++) {
        const int *o = out + t * 16;
        int lane = t & 31, base = t - lane;
        unsigned match = 0;
        for (int l = 0; l < 32; l++)
            if (l / 5 == lane / 5)
                match |= 1u << l;
        bad_w[0] += (unsigned)o[0] != 0xaaaaaaaau;
        bad_w[1] += o[1] != (base + ((lane & ~7) | 3)) * 10;
        bad_w[2] += o[2] != ((lane % 16) >= 2 ? t - 2 : t);
        bad_w[3] += o[3] != (lane + 5 <= 31 ? t + 5 : t);
        bad_w[4] += o[4] != base + (lane ^ 6);
        bad_w[5] += (unsigned)o[5] != match;
        bad_w[6] += (unsigned)o[6] != 0xffffffffu || o[7] != 1;
        bad_w[8] += o[8] != 2;
        bad_w[9] += o[9] != sums[lane];
        if (lane < 20) {
            bad_w[10] += (unsigned)o[10] != 0xfffffu;
            unsigned bl = 0;
            for (int l = 0; l < 20; l++)
                if (l & 3)
                    bl |= 1u << l;
            bad_w[11] += (unsigned)o[11] != bl;
            if (lane < 19)
                bad_w[12] += o[12] != (t + 1) * 10;
        } else {
            bad_w[10] += o[10] != -1 || o[11] != -1 || o[12] != -1;
        }
        bad_w[13] += o[13] != W / 2;
        bad_w[14] += o[14] != 3;
        bad_w[15] += o[15] != 32;
    }
    is_int(bad_w[0], 0, "%s: vote.ballot", rel);
    is_int(bad_w[1], 0, "%s: shfl.idx with 8-lane segments", rel);
    is_int(bad_w[2], 0, "%s: shfl.up with 16-lane segments", rel);
    is_int(bad_w[3], 0, "%s: shfl.down clamps at the warp end", rel);
    is_int(bad_w[4], 0, "%s: shfl.bfly", rel);
    is_int(bad_w[5], 0, "%s: match.any", rel);
    is_int(bad_w[6], 0, "%s: match.all with its predicate", rel);
    is_int(bad_w[8], 0, "%s: vote.all / vote.any", rel);
    is_int(bad_w[9], 0, "%s: shfl.down reduction", rel);
    is_int(bad_w[10], 0, "%s: activemask in a divergent branch", rel);
    is_int(bad_w[11], 0, "%s: ballot with a partial member mask", rel);
    is_int(bad_w[12], 0, "%s: shfl.down with a partial member mask", rel);
    is_int(bad_w[13], 0, "%s: bar.red.popc (__syncthreads_count)", rel);
    is_int(bad_w[14], 0, "%s: bar.red.and / bar.red.or", rel);
    is_int(bad_w[15], 0, "%s: __syncwarp, then a full ballot", rel);
    ws_devmem_free(tc_dev, dout, NULL);
    ws_devmem_free(tc_dev, din, NULL);
}

int main(void)
{
    tc_init();
    run_module("tests/core/simt.ptx");
    run_module("tests/core/simt_g.ptx");
    ws_device_free(tc_dev);
    return tap_done();
}
