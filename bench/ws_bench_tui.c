/* TUI redraw benchmark (`make bench`).
 *
 * Target (issue [TUI]): a redraw of a 200x60 screen takes under 10 ms.
 * A topology-driven BFS (uniform random graph, gtx480) runs to the middle
 * of its third launch, taking the TUI's samples on the way (the
 * sparklines fill); then every view is drawn off-screen at 200x60 (with
 * colours and wide characters, the costliest way) many times, and the
 * time per redraw is reported, including reading the cells back.
 *
 * Usage: ws_bench_tui [N [DEGREE [REDRAWS]]] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_opts.h"
#include "tui/ws_tui.h"
#include "ws_bench_util.h"

typedef struct bench {
    ws_gpu *gpu;
    int nlaunch, redraws;
    double worst;
} bench;

static void measure(bench *b)
{
    ws_tui *t = calloc(1, sizeof *t);
    t->g = b->gpu;
    t->color = true;
    t->rows = 60;
    t->cols = 200;
    /* the launch part way, with samples for the sparklines */
    ws_error err;
    for (int i = 0; i < 120; i++) {
        if (ws_gpu_run(b->gpu, 25, &err) < 0)
            wsb_die("ws_bench_tui", &err);
        ws_tui_sample(t);
    }
    ws_tui_log(t, "a line of scenario output\nanother line of output", false);
    printf("  cycle %llu, %d redraws of each view at 200x60\n", (unsigned long long)ws_gpu_cycle(b->gpu),
           b->redraws);
    for (int v = 0; v < ws_tui_nviews; v++) {
        const ws_view *view = ws_tui_views[v];
        free(ws_tui_render(t, view, 60, 200));   /* warm up */
        double t0 = wsb_now();
        size_t chars = 0;
        for (int i = 0; i < b->redraws; i++) {
            char *s = ws_tui_render(t, view, 60, 200);
            chars += s ? strlen(s) : 0;
            free(s);
        }
        double ms = (wsb_now() - t0) * 1000 / b->redraws;
        if (ms > b->worst)
            b->worst = ms;
        printf("  %-9s %7.3f ms per redraw  (%zu bytes of text)\n", view->name, ms, chars / (size_t)b->redraws);
    }
    ws_tui_free(t);
    free(t);
}

static int launch(void *ctx, const ws_kernel *k, const ws_launch_config *lc, const ws_arg *args, uint32_t nargs,
                  ws_error *err)
{
    bench *b = ctx;
    if (++b->nlaunch != 3)
        return ws_gpu_launch(b->gpu, k, lc, args, nargs, err);
    if (ws_gpu_launch_begin(b->gpu, k, lc, args, nargs, err) < 0)
        return -1;
    measure(b);
    if (ws_gpu_run(b->gpu, 0, err) < 0)
        return -1;
    return ws_gpu_launch_end(b->gpu, err);
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 16384;
    int deg = argc > 2 ? atoi(argv[2]) : 8;
    bench b = { .redraws = argc > 3 ? atoi(argv[3]) : 200 };
    ws_error err;
    if (ws_tui_offscreen_begin(60, 200, &err) < 0) {
        printf("  skipped: %s\n", err.msg);
        return 0;
    }
    ws_tui_colors_init(true);
    wsb_graph g;
    wsb_make_graph(&g, n, deg, 7);
    ws_opts *o = ws_opts_new();
    b.gpu = ws_gpu_create(o, 1, &err);
    if (!b.gpu)
        wsb_die("ws_bench_tui", &err);
    printf("TUI redraw: BFS on %d vertices, degree %d, gtx480; target < 10 ms per 200x60 redraw\n", n, deg);
    wsb_bfs bfs;
    wsb_bfs_setup(&bfs, "ws_bench_tui", ws_gpu_device(b.gpu), "bfs_topo.ptx", &g, launch, &b);
    wsb_bfs_run(&bfs);
    ws_tui_offscreen_end();
    printf("  slowest view: %.3f ms per redraw: %s\n", b.worst, b.worst < 10 ? "meets the target" : "SLOWER than 10 ms");
    ws_gpu_free(b.gpu);
    ws_opts_free(o);
    wsb_free_graph(&g);
    return 0;
}
