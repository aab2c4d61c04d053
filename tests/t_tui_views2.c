/* t_tui_views2: the caches, prefetch and memory views, rendered off-screen
 * (ws_tui_render) part way through a real launch, at 80x24 and 200x60, in
 * ASCII without colours and with them; the facts they show are checked
 * against the model's own accessors: the L1's MSHRs in use, its
 * prefetched-unused lines, a DRAM channel's queue depth, the policy's name
 * and a table column, the prefetches issued.  And every view with no
 * launch.  The memory view's power panel against the energy model's
 * windows, before the first window and without prices.  (Set
 * WS_VIEWS2_DUMP=1 to see the renders.) */
#include "config.h"
#include "tui/ws_tui.h"

#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_cache.h"
#include "arch/ws_dram.h"
#include "arch/ws_energy.h"
#include "arch/ws_gpu.h"
#include "arch/ws_mempart.h"
#include "arch/ws_opts.h"
#include "core/ws_core.h"
#include "stats/ws_stats.h"
#include "ws_tap.h"

static bool dump;

static void show(const char *what, const char *s)
{
    if (!dump || !s) return;
    printf("# ---- %s\n", what);
    for (const char *p = s; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        printf("# |%.*s\n", (int)n, p);
        p += n + (e ? 1 : 0);
    }
}

static char *render(ws_tui *t, const ws_view *v, int rows, int cols, const char *what)
{
    char *s = ws_tui_render(t, v, rows, cols);
    char name[96];
    snprintf(name, sizeof name, "%s %dx%d", what, cols, rows);
    show(name, s);
    return s;
}

/* Every line of s has at most cols display columns and there are rows lines. */
static bool fits(const char *s, int rows, int cols)
{
    int n = 0;
    for (const char *p = s; *p;) {
        const char *e = strchr(p, '\n');
        if (!e) return false;
        int w = 0;
        for (const char *q = p; q < e; q++)
            if (((unsigned char)*q & 0xc0) != 0x80) w++;
        if (w > cols) return false;
        n++;
        p = e + 1;
    }
    return n == rows;
}

/* The number after `label` in s (first occurrence), or -1. */
static long long number_after(const char *s, const char *label)
{
    const char *p = s ? strstr(s, label) : NULL;
    if (!p) return -1;
    p += strlen(label);
    while (*p == ' ') p++;
    if (*p < '0' || *p > '9') return -1;
    return strtoll(p, NULL, 10);
}

/* The line of s that contains `needle` (copied into buf), or "". */
static const char *line_with(const char *s, const char *needle, char *buf, size_t size)
{
    buf[0] = 0;
    const char *p = s ? strstr(s, needle) : NULL;
    if (!p) return buf;
    if (*p == '\n') p++;       /* a needle anchored at a line start */
    const char *b = p;
    while (b > s && b[-1] != '\n') b--;
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - b) : strlen(b);
    if (n >= size) n = size - 1;
    memcpy(buf, b, n);
    buf[n] = 0;
    return buf;
}

static const char *kpath(const char *file)
{
    static char buf[1024];
    const char *top = getenv("WS_SRCDIR");
    snprintf(buf, sizeof buf, "%s/scenarios/kernels/%s", top ? top : ".", file);
    return buf;
}

typedef struct rig {
    ws_opts *o;
    ws_gpu *g;
    uint64_t src, dst;
} rig;

typedef struct l1_census { uint32_t mshrs, pf_unused, pending, valid; } l1_census;

static l1_census census(rig *r, uint32_t sm)
{
    ws_cache *c = ws_gpu_l1d(r->g, sm);
    const ws_cache_config *cf = ws_cache_config_get(c);
    uint32_t mshrs = 0, pf_unused = 0, pending = 0, valid = 0;
    for (uint32_t i = 0; i < ws_cache_mshr_cap(c); i++) {
        uint64_t a;
        uint32_t mg;
        mshrs += ws_cache_mshr(c, i, &a, &mg);
    }
    for (uint32_t s = 0; s < cf->sets; s++)
        for (uint32_t w = 0; w < cf->ways; w++) {
            ws_cache_line_info li;
            ws_cache_line(c, s, w, &li);
            if (li.state == WS_LINE_RESERVED) pending++;
            else if (li.state != WS_LINE_INVALID) {
                valid++;
                if (li.prefetched && !li.used) pf_unused++;
            }
        }
    return (l1_census){ mshrs, pf_unused, pending, valid };
}

/* The first SM whose L1 has MSHRs in use, pending and prefetched lines. */
static uint32_t busy_sm(rig *r)
{
    for (uint32_t sm = 0; sm < ws_gpu_nsms(r->g); sm++) {
        l1_census k = census(r, sm);
        if (k.mshrs && k.pf_unused && k.pending)
            return sm;
    }
    return UINT32_MAX;
}

/* gtx480 with `policy` (and `throttle`), micro_copy of n words started and
 * run for `cycles` cycles, or (until_busy) until some SM's L1 has MSHRs in
 * use, pending and prefetched-unused lines at once (busy_sm). */
static bool rig_start(rig *r, ws_tui *t, const char *policy, const char *throttle, const char *dest, uint32_t n,
                      uint64_t cycles, const char *extra, bool until_busy)
{
    ws_error err;
    memset(r, 0, sizeof *r);
    r->o = ws_opts_new();
    if (ws_opts_set(r->o, "pf.policy", policy, &err) < 0 ||
        ws_opts_set(r->o, "throttle.policy", throttle, &err) < 0 ||
        ws_opts_set(r->o, "throttle.period", "2000", &err) < 0 ||
        ws_opts_set(r->o, "pf.degree", "4", &err) < 0 || ws_opts_set(r->o, "pf.distance", "8", &err) < 0 ||
        ws_opts_set(r->o, "pf.dest", dest, &err) < 0 || (extra && ws_opts_set_kv(r->o, extra, &err) < 0)) {
        diag("%s", err.msg);
        return false;
    }
    r->g = ws_gpu_create(r->o, 1, &err);
    if (!r->g) {
        diag("%s", err.msg);
        return false;
    }
    ws_device *d = ws_gpu_device(r->g);
    ws_module *m = ws_module_load_file(d, kpath("micro_stream.ptx"), &err);
    const ws_kernel *k = m ? ws_module_kernel(m, "micro_copy", &err) : NULL;
    r->src = k ? ws_devmem_alloc(d, 4ull * n, "src", &err) : 0;
    r->dst = r->src ? ws_devmem_alloc(d, 4ull * n, "dst", &err) : 0;
    if (!r->dst) {
        diag("%s", err.msg);
        return false;
    }
    uint32_t *h = ws_devmem_ptr(d, r->src, 4ull * n, &err);
    for (uint32_t i = 0; i < n; i++) h[i] = i * 7u;
    if (strcmp(policy, "dsap") == 0 &&
        (ws_gpu_pf_mark(r->g, WS_ROLE_WORKLIST, r->src, 4ull * n, 4, &err) < 0 ||
         ws_gpu_pf_mark(r->g, WS_ROLE_VERTEX, r->dst, 4ull * n, 4, &err) < 0)) {
        diag("%s", err.msg);
        return false;
    }
    ws_launch_config lc = { .grid = { 60, 1, 1 }, .block = { 256, 1, 1 } };
    ws_arg args[] = { WS_ARG_PTR(r->src), WS_ARG_PTR(r->dst), WS_ARG_INT(n) };
    if (ws_gpu_launch_begin(r->g, k, &lc, args, 3, &err) < 0) {
        diag("%s", err.msg);
        return false;
    }
    /* in chunks, sampling as the TUI does */
    t->g = r->g;
    uint64_t step = until_busy ? 100 : 1000;
    for (uint64_t done = 0; done < cycles; done += step) {
        if (ws_gpu_run(r->g, step, &err) < 0) {
            diag("%s", err.msg);
            return false;
        }
        ws_view_prefetch.sample(t);
        if (until_busy && busy_sm(r) != UINT32_MAX)
            break;
    }
    return true;
}

static void rig_free(rig *r)
{
    ws_gpu_free(r->g);
    ws_opts_free(r->o);
}

/* ------------------------------------------------------------- caches */

static void test_caches(ws_tui *t, rig *r)
{
    ws_cache *c = ws_gpu_l1d(r->g, t->sm);
    const ws_cache_config *cf = ws_cache_config_get(c);
    l1_census k = census(r, t->sm);
    uint32_t mshrs = k.mshrs, pf_unused = k.pf_unused, pending = k.pending, valid = k.valid;
    ws_stats *st = ws_gpu_stats(r->g);
    diag("pf: generated %.0f issued %.0f useful %.0f late %.0f dropped.cached %.0f dup %.0f pending %.0f", ws_stats_get(st, "pf.generated", -1),
         ws_stats_get(st, "pf.issued", -1), ws_stats_get(st, "pf.useful", -1), ws_stats_get(st, "pf.late", -1),
         ws_stats_get(st, "pf.dropped.cached", -1), ws_stats_get(st, "pf.dropped.dup", -1), ws_stats_get(st, "pf.dropped.pending", -1));
    diag("SM %u: %u MSHRs in use, %u valid lines, %u prefetched-unused, %u pending", t->sm, mshrs, valid,
         pf_unused, pending);
    ok(mshrs > 0 && pf_unused > 0 && pending > 0, "the run leaves MSHRs in use, pending and prefetched lines");

    char *s = render(t, &ws_view_caches, 24, 80, "caches");
    ok(fits(s, 24, 80), "caches at 80x24: 24 lines of at most 80 columns");
    char head[64];
    snprintf(head, sizeof head, "L1D of SM %u/%u", t->sm, ws_gpu_nsms(r->g));
    ok(strstr(s, head) != NULL, "the title names the SM (%s)", head);
    is_int(number_after(s, "MSHRs"), mshrs, "MSHRs in use as ws_cache_mshr reports");
    is_int(number_after(s, "prefetched-unused (P)"), pf_unused, "prefetched-unused lines as ws_cache_line says");
    is_int(number_after(s, "pending (R)"), pending, "pending lines as ws_cache_line says");
    is_int(number_after(s, "lines valid"), valid, "valid lines");
    ok(strstr(s, "arrays: a src") != NULL, "the legend names the array in L1");
    ok(strstr(s, "L2 slices") != NULL, "L2 slices are summarized");
    free(s);

    s = render(t, &ws_view_caches, 60, 200, "caches");
    ok(fits(s, 60, 200), "caches at 200x60");
    /* Every set is on screen: count the marks in the grid cells. */
    unsigned marks_p = 0, marks_r = 0, rowsn = 0;
    char line[256];
    for (uint32_t set = 0; set < cf->sets; set++) {
        /* the cells of set `set` follow its number in the grid */
        char lab[16];
        snprintf(lab, sizeof lab, "%2u ", set);
        (void)lab;
    }
    for (const char *p = s; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = (size_t)(e - p);
        if (n >= sizeof line) n = sizeof line - 1;
        memcpy(line, p, n);
        line[n] = 0;
        /* the grid ends where the L2 slices begin (a slice whose occupancy
         * bar is all '.' would look like a grid row) */
        if (strstr(line, "L2 slices")) break;
        /* grid rows: blocks of "NN cccc  " from column 0 */
        int blockw = 2 + 1 + (int)cf->ways + 2;
        for (int x = 0; x + 3 + (int)cf->ways <= (int)n; x += blockw) {
            if (!(line[x + 1] >= '0' && line[x + 1] <= '9') || line[x + 2] != ' ') break;
            bool cells = true;
            for (uint32_t wy = 0; wy < cf->ways; wy++) {
                char ch = line[x + 3 + wy];
                if (!(ch == '.' || ch == 'P' || ch == 'R' || ch == 'D' || (ch >= 'a' && ch <= 'z'))) cells = false;
            }
            if (!cells) break;
            rowsn++;
            for (uint32_t wy = 0; wy < cf->ways; wy++) {
                marks_p += line[x + 3 + wy] == 'P';
                marks_r += line[x + 3 + wy] == 'R';
            }
        }
        p = e + 1;
    }
    is_int(rowsn, cf->sets, "200x60: the grid shows every set");
    is_int(marks_p, pf_unused, "200x60: one P per prefetched-unused line");
    is_int(marks_r, pending, "200x60: one R per pending line");
    ok(strstr(line_with(s, "MSHRs: line", line, sizeof line), "MSHRs") != NULL, "MSHR section");
    /* one row per L2 slice: its MSHRs in use and miss queue */
    ws_memsys *m = ws_gpu_memsys(r->g);
    bool l2ok = true;
    for (uint32_t sl = 0; sl < ws_memsys_nslices(m); sl++) {
        ws_cache *l2 = ws_memsys_l2(m, sl);
        uint32_t inuse = 0;
        for (uint32_t i = 0; i < ws_cache_mshr_cap(l2); i++) {
            uint64_t a;
            uint32_t mg;
            inuse += ws_cache_mshr(l2, i, &a, &mg);
        }
        char lead[16], want[48];
        snprintf(lead, sizeof lead, "\n%2u ", sl);
        snprintf(want, sizeof want, " mshr%4u mq%3u ", inuse, ws_cache_missq_len(l2));
        if (!strstr(line_with(strstr(s, "L2 slices"), lead, line, sizeof line), want)) {
            diag("slice %u: want '%s' in '%s'", sl, want, line);
            l2ok = false;
        }
    }
    ok(l2ok, "200x60: each L2 slice's MSHRs in use and miss queue");
    free(s);
}

/* ------------------------------------------------------------- prefetch */

static void test_prefetch(ws_tui *t, rig *r, const char *policy, const char *throttle, const char *metric)
{
    ws_stats *st = ws_gpu_stats(r->g);
    ws_pf_insp p, th;
    ws_pf_insp_init(&p);
    ws_pf_insp_init(&th);
    ok(ws_gpu_pf_inspect(r->g, t->sm, &p, &th), "SM %u has a prefetch engine", t->sm);
    ok(p.ntables > 0, "%s has tables", policy);
    char buf[512], want[160];

    char *s = render(t, &ws_view_prefetch, 24, 80, policy);
    ok(fits(s, 24, 80), "prefetch (%s) at 80x24", policy);
    snprintf(want, sizeof want, "policy %s, throttle %s", policy, throttle);
    ok(strstr(s, want) != NULL, "the title names the policy and throttle (%s)", want);
    /* the first table and its first column, headed with its field width */
    const ws_pf_insp_table *tb = &p.tables[0];
    snprintf(want, sizeof want, "[%s %u]", tb->name, tb->nrows);
    ok(strstr(s, want) != NULL, "the first table is selected: %s", want);
    if (tb->bits[0]) snprintf(want, sizeof want, " %s:%u ", tb->cols[0], tb->bits[0]);
    else snprintf(want, sizeof want, " %s ", tb->cols[0]);
    ok(strstr(s, want) != NULL, "its column title '%s' as ws_gpu_pf_inspect gives it", want);
    /* counters */
    snprintf(want, sizeof want, "SM %u ", t->sm);
    line_with(s, want, buf, sizeof buf);
    long long issued = -1, useful = -1;
    sscanf(buf + strlen(want), "%lld %lld", &issued, &useful);
    is_int(issued, (long long)ws_stats_get_u64(st, "pf.issued", (int)t->sm), "issued of SM %u = pf.issued", t->sm);
    is_int(useful, (long long)ws_stats_get_u64(st, "pf.useful", (int)t->sm), "useful of SM %u = pf.useful", t->sm);
    line_with(s, "GPU ", buf, sizeof buf);
    is_int(number_after(buf, "GPU"), (long long)ws_stats_get_u64(st, "pf.issued", -1), "GPU issued = pf.issued total");
    ok(issued > 0, "prefetches were issued");
    /* the throttle's metric against its thresholds */
    if (metric) {
        char lead[32];
        snprintf(lead, sizeof lead, "\n%-14s ", metric);
        line_with(s, lead, buf, sizeof buf);
        ok(strchr(buf, '|') && (strstr(buf, "(low ") || strstr(buf, "(threshold ")),
           "metric %s drawn with its threshold marks: %s", metric, buf);
    }
    /* the queue */
    uint64_t q[64];
    uint32_t nq = ws_gpu_pf_queue(r->g, t->sm, q, 64);
    snprintf(want, sizeof want, "queue %u/", nq);
    ok(strstr(s, want) != NULL, "the queue length (%s)", want);
    /* the newest transition is the last log line */
    uint32_t kept = ws_gpu_pf_nkept(r->g);
    diag("%u transitions", kept);
    free(s);

    s = render(t, &ws_view_prefetch, 60, 200, policy);
    ok(fits(s, 60, 200), "prefetch (%s) at 200x60", policy);
    if (kept) {
        const ws_pf_tlog *e = ws_gpu_pf_trans(r->g, kept - 1);
        snprintf(want, sizeof want, "%9" PRIu64 " SM%-3u %-8s %s", e->cycle, e->sm, e->throttle ? "throttle" : "policy",
                 e->t.what);
        const char *at = strstr(s, want);
        const char *next = at ? strchr(at, '\n') : NULL;
        ok(at && next && (next[1] == 'q' || strncmp(next + 1, "queue", 5) == 0),
           "the newest transition is shown last, before the queue: %s", want);
    } else
        ok(strstr(s, "no transitions yet") != NULL, "no transitions yet");
    /* every table can be chosen; the rows scroll */
    for (uint32_t i = 1; i < p.ntables; i++) {
        ws_view_prefetch.key(t, 'l');
        char *s2 = render(t, &ws_view_prefetch, 60, 200, "next table");
        snprintf(want, sizeof want, "[%s %u]", p.tables[i].name, p.tables[i].nrows);
        ok(s2 && strstr(s2, want), "l selects table %s", want);
        free(s2);
    }
    for (uint32_t i = 1; i < p.ntables; i++) ws_view_prefetch.key(t, 'h');
    /* the history: the samples add up to the prefetches issued */
    double sum = 0;
    for (uint32_t i = 0; i < t->npf; i++) sum += t->spark_pf[0][i];
    is_int((long long)sum, (long long)ws_stats_get_u64(st, "pf.issued", -1), "issued per sample add up to pf.issued");
    line_with(s, "issued/sample", buf, sizeof buf);
    ok(strlen(buf) > strlen("issued/sample ") + 4, "the history sparkline is drawn");
    free(s);
    {
        /* at 80x24 too, with the peak beside each (issue 37: they looked blank) */
        double peak = 0;
        for (uint32_t i = 0; i < t->npf; i++) if (t->spark_pf[0][i] > peak) peak = t->spark_pf[0][i];
        char *s8 = render(t, &ws_view_prefetch, 24, 80, "prefetch 80x24");
        snprintf(want, sizeof want, "issued/sample (max %.0f) ", peak);
        line_with(s8, "issued/sample", buf, sizeof buf);
        ok(strstr(buf, want) != NULL, "80x24: the issued sparkline with its peak (%s)", want);
        ok(strstr(buf, "useful/sample (max ") != NULL, "80x24: the useful sparkline with its peak");
        const char *sp = strstr(buf, want);
        bool drawn = false;
        for (const char *c = sp ? sp + strlen(want) : ""; *c && c < strstr(buf, "useful/sample"); c++)
            if (*c != ' ') drawn = true;
        ok(peak == 0 || drawn, "80x24: the issued sparkline has a mark");
        free(s8);
    }
    ws_pf_insp_free(&p);
    ws_pf_insp_free(&th);
}

/* ------------------------------------------------------------- memory */

static void test_memory(ws_tui *t, rig *r)
{
    ws_memsys *m = ws_gpu_memsys(r->g);
    const ws_memsys_config *mc = ws_memsys_config_get(m);
    ws_gpu_stats_sync(r->g);
    ws_stats *st = ws_gpu_stats(r->g);
    char buf[512], want[160];
    char *s = render(t, &ws_view_memory, 24, 80, "memory");
    ok(fits(s, 24, 80), "memory at 80x24");
    uint32_t busy = 0;
    for (uint32_t c = 0; c < ws_memsys_nchannels(m); c++) {
        ws_dram *d = ws_memsys_dram(m, c);
        uint32_t q = ws_dram_queue_len(d), rq = ws_dram_return_len(d);
        busy += q > 0;
        snprintf(want, sizeof want, "ch%-2u q ", c);
        line_with(s, want, buf, sizeof buf);
        snprintf(want, sizeof want, " %3u/%-3u ret %3u/%-3u ", q, mc->dram.queue, rq, mc->dram.return_queue);
        ok(strstr(buf, want) != NULL, "channel %u: queue depth %u and return queue %u as ws_dram says", c, q, rq);
        /* the bank grid: one 'o' per open row */
        unsigned open = 0, shown = 0;
        for (uint32_t b = 0; b < mc->dram.banks; b++) open += ws_dram_bank_row(d, b) >= 0;
        size_t len = strlen(buf);
        if (len >= mc->dram.banks) {
            const char *g = buf + len - mc->dram.banks;
            for (uint32_t b = 0; b < mc->dram.banks; b++) shown += g[b] == 'o';
        }
        is_int(shown, open, "channel %u: %u banks with an open row", c, open);
    }
    ok(busy > 0, "some DRAM queue is not empty");
    snprintf(want, sizeof want, "DRAM %.0f ", ws_stats_get(st, "mem.avg_latency.dram", -1));
    ok(strstr(s, want) != NULL, "average DRAM latency as mem.avg_latency.dram (%s)", want);
    {
        double f = ws_stats_get(st, "warp_insn_cycles", -1) / ws_stats_get(st, "warp_insns", -1);
        snprintf(want, sizeof want, "MTAML %.0f cycles (with prefetching %.0f) vs measured %.0f",
                 ws_stats_get(st, "mtaml_cycles", -1), ws_stats_get(st, "mtaml_pref", -1) * f,
                 ws_stats_get(st, "mem.avg_latency", -1));
    }
    ok(strstr(s, want) != NULL, "MTAML against the measured latency (%s)", want);
    ok(strstr(s, "request in  SM 0-14") && strstr(s, "reply out   SM 0-14"), "interconnect ports");
    ok(strstr(s, "(no samples yet)") != NULL, "no bandwidth samples yet");
    ok(strstr(s, "banks (o open . closed)") != NULL, "80 columns: the legend says o and .");
    free(s);

    /* bandwidth samples as ws_tui_sample keeps them; wide: row numbers */
    t->spark_bw[0] = 0.25;
    t->spark_bw[1] = 0.5;
    t->nspark = 2;
    s = render(t, &ws_view_memory, 60, 200, "memory");
    ok(fits(s, 60, 200), "memory at 200x60");
    ok(strstr(s, "now 50.0%") != NULL, "the last bandwidth sample");
    ws_dram *d0 = ws_memsys_dram(m, 0);
    line_with(s, "ch0  q ", buf, sizeof buf);
    bool rows_ok = true;
    {
        /* the row numbers follow the hit rate in bank order */
        const char *p = strstr(buf, "% ");
        for (uint32_t b = 0; p && b < mc->dram.banks; b++) {
            int64_t row = ws_dram_bank_row(d0, b);
            char tok[24];
            int n = 0;
            if (sscanf(p + 1, "%23s%n", tok, &n) != 1) { rows_ok = false; break; }
            if (row < 0 ? strcmp(tok, "-") != 0 : strtoll(tok, NULL, 10) != row) rows_ok = false;
            p += 1 + n - 1;
        }
    }
    ok(rows_ok, "200 columns: channel 0's open row per bank: %s", buf);
    ok(strstr(s, "banks (open row number, - closed)") != NULL && !strstr(s, "o open . closed"),
       "200 columns: the legend says row numbers");
    t->nspark = 0;
    free(s);
}

/* ------------------------------------------------------------- power */

/* The power panel of the memory view against the recorded windows: the
 * last window's power and cycles, the average and the peak so far, the
 * energy so far and per warp instruction, and every component labelled. */
static void test_energy(ws_tui *t, rig *r, const char *what)
{
    const ws_energy *e = ws_gpu_energy(r->g);
    const ws_stats *st = ws_gpu_stats(r->g);
    size_t n = ws_energy_nwindows(st);
    ok(e && n >= 3, "%s: the model and %zu windows", what, n);
    if (!e || n < 3) return;
    double comp[WS_EN_COUNT], peak = 0;
    uint64_t end = 0;
    for (size_t i = 0; i < n; i++) {
        double p = ws_energy_window(e, st, i, NULL, NULL);
        if (p > peak) peak = p;
    }
    double now = ws_energy_window(e, st, n - 1, &end, comp);
    double joules = ws_stats_sample_real(st, n - 1, (size_t)ws_stats_series_col(st, "energy.total"));
    double insns = ws_stats_sample_real(st, n - 1, (size_t)ws_stats_series_col(st, "warp_insns"));
    double mhz = (double)ws_opts_uint(r->o, "clock.core");
    char buf[512], want[160];
    static const int sz[][2] = { { 24, 80 }, { 60, 200 } };
    for (size_t k = 0; k < 2; k++) {
        char *s = render(t, &ws_view_memory, sz[k][0], sz[k][1], what);
        ok(s && fits(s, sz[k][0], sz[k][1]), "%s: memory with the power panel fits %dx%d", what, sz[k][1], sz[k][0]);
        snprintf(want, sizeof want, "power and energy: split of the last window, cycles %" PRIu64 "-%" PRIu64,
                 ws_stats_sample_cycle(st, n - 2), end);
        ok(strstr(s, want) != NULL, "%dx%d: the panel's title names the last window (%s)", sz[k][1], sz[k][0], want);
        line_with(s, "\npower ", buf, sizeof buf);
        snprintf(want, sizeof want, " now %.1f W avg %.1f W peak %.1f W (scale 0-", now,
                 joules / ((double)end / (mhz * 1e6)), peak);
        ok(strstr(buf, want) != NULL, "%dx%d: the power line: '%s' in '%s'", sz[k][1], sz[k][0], want, buf);
        /* the sparkline: a cell per window (up to its width) before "now" */
        const char *nw = strstr(buf, " now ");
        ok(nw && nw - buf > (ptrdiff_t)strlen("power ") + 2 && nw[-1] != ' ', "%dx%d: the sparkline is drawn",
           sz[k][1], sz[k][0]);
        line_with(s, "\nenergy so far ", buf, sizeof buf);
        double shown = 0;
        char unit[8] = "";
        ok(sscanf(buf, "energy so far %lf %7s", &shown, unit) == 2, "%dx%d: the energy so far: %s", sz[k][1],
           sz[k][0], buf);
        double scale = strcmp(unit, "J") == 0 ? 1 : strcmp(unit, "mJ") == 0 ? 1e-3 : strcmp(unit, "uJ") == 0 ? 1e-6 : 1e-9;
        ok(shown >= 1 && shown < 1000 && fabs(shown * scale - joules) <= 0.0005 * scale,
           "%dx%d: %.3f %s = energy.total of the last sample (%g J)", sz[k][1], sz[k][0], shown, unit, joules);
        snprintf(want, sizeof want, ", %.0f pJ per warp instruction", joules * 1e12 / insns);
        ok(strstr(buf, want) != NULL, "%dx%d: pJ per warp instruction (%s)", sz[k][1], sz[k][0], want);
        /* every component with its watts and share; sorted by power */
        double total = 0;
        for (int c = 0; c < WS_EN_COUNT; c++) total += comp[c];
        bool all = true;
        for (int c = 0; c < WS_EN_COUNT; c++) {
            snprintf(want, sizeof want, "%-13s%5.*f W%4.0f%%", ws_energy_comp_label((ws_en_comp)c),
                     comp[c] < 10 ? 2 : 1, comp[c], 100 * comp[c] / total);
            if (!strstr(s, want)) {
                diag("missing '%s'", want);
                all = false;
            }
        }
        ok(all, "%dx%d: each component of the last window with its watts and share (static included)", sz[k][1],
           sz[k][0]);
        int top = 0;
        for (int c = 1; c < WS_EN_COUNT; c++)
            if (comp[c] > comp[top]) top = c;
        snprintf(want, sizeof want, "\n%s ", ws_energy_comp_label((ws_en_comp)top));
        const char *split = strstr(s, "\nenergy so far ");
        split = split ? strchr(split + 1, '\n') : NULL;
        ok(split && strncmp(split, want, strlen(want)) == 0, "%dx%d: the highest (%s) comes first", sz[k][1],
           sz[k][0], ws_energy_comp_label((ws_en_comp)top));
        free(s);
    }
    /* 80x20 (the view's rows in an 80x24 terminal): four channels, then the
     * panel with the split on one line, highest first */
    char *s = render(t, &ws_view_memory, 20, 80, what);
    ok(s && fits(s, 20, 80), "%s: memory fits 80x20", what);
    int top = 0;
    for (int c = 1; c < WS_EN_COUNT; c++)
        if (comp[c] > comp[top]) top = c;
    snprintf(want, sizeof want, "\nsplit  %s %.*f W ", ws_energy_comp_label((ws_en_comp)top), comp[top] < 10 ? 2 : 1,
             comp[top]);
    ok(s && strstr(s, "\nch3 ") && strstr(s, "power and energy: split of the last window") && strstr(s, "\npower ") &&
           strstr(s, "\nenergy so far ") && strstr(s, want),
       "80x20: four channels, the title, power, energy and the split on one line (%s)", want + 1);
    free(s);
}

/* The panel's one line: no model, or no window yet. */
static void test_energy_msg(ws_tui *t, const char *what, const char *msg)
{
    static const int sz[][2] = { { 24, 80 }, { 60, 200 } };
    for (size_t k = 0; k < 2; k++) {
        char *s = render(t, &ws_view_memory, sz[k][0], sz[k][1], what);
        char prefix[81];
        snprintf(prefix, sizeof prefix, "\n%.*s", sz[k][1] - 1, msg);
        ok(s && fits(s, sz[k][0], sz[k][1]) && strstr(s, prefix) && !strstr(s, "power and energy"),
           "%s %dx%d: %s", what, sz[k][1], sz[k][0], msg);
        free(s);
    }
}

int main(void)
{
    dump = getenv("WS_VIEWS2_DUMP") != NULL;
    ws_error err;
    if (ws_tui_offscreen_begin(24, 80, &err) != 0) {
        printf("1..0 # SKIP %s\n", err.msg);
        return 0;
    }
    static ws_tui t;
    memset(&t, 0, sizeof t);
    t.ascii = true;
    t.rows = 24;
    t.cols = 80;

    char *s;
    /* No launch yet. */
    const ws_view *views[] = { &ws_view_caches, &ws_view_prefetch, &ws_view_memory };
    for (size_t i = 0; i < 3; i++) {
        s = render(&t, views[i], 24, 80, views[i]->name);
        ok(s && strstr(s, "no launch yet"), "%s without a launch says so", views[i]->name);
        free(s);
        views[i]->sample ? views[i]->sample(&t) : (void)0;
    }

    rig r;
    if (!rig_start(&r, &t, "stride", "feedback", "l1", 1u << 20, 12000, NULL, true)) {
        ok(0, "the launch starts");
        return tap_done();
    }
    t.sm = busy_sm(&r);
    ok(t.sm != UINT32_MAX, "some SM's L1 has MSHRs in use, pending and prefetched lines at cycle %llu",
       (unsigned long long)ws_gpu_cycle(r.g));
    if (t.sm == UINT32_MAX) t.sm = 0;
    test_caches(&t, &r);
    test_prefetch(&t, &r, "stride", "feedback", "accuracy");
    test_memory(&t, &r);

    /* Small windows: nothing is drawn outside. */
    for (size_t i = 0; i < 3; i++) {
        static const int sz[][2] = { { 5, 20 }, { 12, 40 }, { 24, 80 }, { 30, 120 } };
        bool good = true;
        for (size_t k = 0; k < sizeof sz / sizeof *sz; k++) {
            s = ws_tui_render(&t, views[i], sz[k][0], sz[k][1]);
            good = good && s && fits(s, sz[k][0], sz[k][1]);
            free(s);
        }
        ok(good, "%s fits 20x5, 40x12, 80x24, 120x30", views[i]->name);
    }

    /* Colours and wide characters: the same facts. */
    ws_tui_colors_init(true);
    t.ascii = false;
    for (size_t i = 0; i < 3; i++) {
        s = render(&t, views[i], 24, 80, "colour");
        ok(s && fits(s, 24, 80), "%s in colour with wide characters at 80x24", views[i]->name);
        free(s);
    }
    {
        s = ws_tui_render(&t, &ws_view_caches, 24, 80);
        uint32_t mshrs = 0;
        ws_cache *c = ws_gpu_l1d(r.g, t.sm);
        for (uint32_t i = 0; i < ws_cache_mshr_cap(c); i++) {
            uint64_t a;
            uint32_t mg;
            mshrs += ws_cache_mshr(c, i, &a, &mg);
        }
        is_int(number_after(s, "MSHRs"), mshrs, "in colour: the MSHRs in use");
        free(s);
    }
    t.ascii = true;
    rig_free(&r);

    /* Another policy and throttle, prefetch cache: MT-HWP's tables, MT's metrics. */
    memset(&t, 0, sizeof t);
    t.ascii = true;
    if (!rig_start(&r, &t, "mthwp", "mt", "pfc", 1u << 20, 12000, NULL, false)) {
        ok(0, "the second launch starts");
        return tap_done();
    }
    t.sm = 0;
    test_prefetch(&t, &r, "mthwp", "mt", "early_eviction");
    s = render(&t, &ws_view_caches, 60, 200, "caches pfc");
    ok(s && strstr(s, "prefetch cache (pf.dest = pfc)"), "caches: the prefetch cache is described");
    free(s);
    rig_free(&r);

    /* DSAP with arrays marked: its runtime table and its U against UT. */
    memset(&t, 0, sizeof t);
    t.ascii = true;
    if (!rig_start(&r, &t, "dsap", "none", "l1", 1u << 20, 12000, NULL, false)) {
        ok(0, "the DSAP launch starts");
        return tap_done();
    }
    t.sm = 1;
    test_prefetch(&t, &r, "dsap", "none", "utilization");
    rig_free(&r);

    /* A 32 KB L1 (64 sets x 4 ways) does not fit 80x24: the sets scroll. */
    memset(&t, 0, sizeof t);
    t.ascii = true;
    t.rows = 24;
    if (!rig_start(&r, &t, "none", "none", "l1", 1u << 16, 3000, "l1d.size=32K", false)) {
        ok(0, "the 32 KB L1 launch starts");
        return tap_done();
    }
    ws_error e2;
    (void)e2;
    s = render(&t, &ws_view_caches, 24, 80, "caches 32K");
    ok(s && strstr(s, "64 sets x 4 ways") && strstr(s, "sets 0-"), "64 sets: the first page");
    ok(s && !strstr(s, "\n63 "), "set 63 is not on the first page");
    free(s);
    ws_view_caches.key(&t, KEY_END);
    s = render(&t, &ws_view_caches, 24, 80, "caches 32K End");
    ok(s && strstr(s, "of 64 (j/k)") && strstr(s, "-63 of 64"), "End shows the last set");
    free(s);
    ws_view_caches.key(&t, KEY_HOME);
    ws_view_caches.key(&t, 'j');
    s = render(&t, &ws_view_caches, 24, 80, "caches 32K j");
    ok(s && strstr(s, "sets 1-"), "j scrolls by one set");
    free(s);
    s = render(&t, &ws_view_prefetch, 24, 80, "prefetch off");
    ok(s && strstr(s, "policy none"), "prefetch view with no policy (PTX prefetches only): %s", s ? strtok(s, "\n") : "");
    free(s);
    rig_free(&r);

    /* Power: gtx480's prices, a window every 500 cycles. */
    memset(&t, 0, sizeof t);
    t.ascii = true;
    if (!rig_start(&r, &t, "none", "none", "l1", 1u << 18, 3000, "stats.interval=500", false)) {
        ok(0, "the power launch starts");
        return tap_done();
    }
    test_energy(&t, &r, "power");
    /* live: more windows later, the peak kept from frame to frame */
    ws_error e3;
    ok(ws_gpu_run(r.g, 4000, &e3) >= 0, "4000 cycles more");
    test_energy(&t, &r, "power later");
    ws_tui_colors_init(true);
    t.ascii = false;
    test_energy(&t, &r, "power in colour");
    ws_tui_colors_init(false);
    t.ascii = true;
    rig_free(&r);
    /* before the first window */
    memset(&t, 0, sizeof t);
    t.ascii = true;
    if (!rig_start(&r, &t, "none", "none", "l1", 1u << 16, 1000, "stats.interval=5000", false)) {
        ok(0, "the short launch starts");
        return tap_done();
    }
    test_energy_msg(&t, "no window yet", "no power sample yet (one every stats.interval cycles)");
    rig_free(&r);
    /* no prices */
    memset(&t, 0, sizeof t);
    t.ascii = true;
    if (!rig_start(&r, &t, "none", "none", "l1", 1u << 16, 3000, "energy.table=none", false)) {
        ok(0, "the launch without prices starts");
        return tap_done();
    }
    ok(ws_gpu_energy(r.g) == NULL, "energy.table=none: no model");
    test_energy_msg(&t, "energy.table=none",
                    "no energy model for this preset (energy.table=none; --set energy.table=gtx480 borrows the "
                    "40 nm GTX480 prices)");
    rig_free(&r);
    ws_tui_offscreen_end();
    return tap_done();
}
