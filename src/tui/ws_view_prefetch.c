/* ws_view_prefetch.c: the prefetcher and throttle view of the selected SM.
 *
 * From the top: the policy and throttle names with the policy's scalar
 * values (a key=value list, exactly what ws_gpu_pf_inspect returns); the
 * outcome counters (issued, useful, late, early-evicted, useless, accuracy,
 * coverage) of this SM and of the whole GPU from the statistics registry
 * (pf.*); a sparkline of prefetches issued and useful per sample (GPU);
 * the throttle's record with its metrics drawn as bars against their
 * thresholds (marked '|'); the policy's and throttle's tables, one at a time
 * (left/right picks one; up/down scroll its rows; each column headed by its
 * name and hardware field width); the log of transitions (newest last;
 * `t` toggles between every SM and the selected one); the prefetch queue.
 *
 * The tables are generic: any policy's ws_pf_insp is shown as it is, so
 * DSAP's per-warp runtime table and generator mask, MT-HWP's PWS/GS/IP,
 * GHB contents and stream buffers all come out of the same code. */
#include "config.h"
#include "tui/ws_tui.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_opts.h"
#include "pf/ws_pf.h"
#include "stats/ws_stats.h"

#define QUEUE_SHOWN 64

/* This view's scroll state: cursor = first row of the table, sub = table
 * index, scroll bit 0 = transitions of the selected SM only. */
static ws_view_state *vstate(ws_tui *t) { return ws_tui_vstate(t, &ws_view_prefetch); }

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = vstate(t);
    switch (k) {
    case KEY_LEFT: case 'h': vs->sub -= 1; vs->cursor = 0; break;
    case KEY_RIGHT: case 'l': vs->sub += 1; vs->cursor = 0; break;
    case 't': vs->scroll ^= 1; break;
    default:
        if (!ws_tui_scroll_key(k, &vs->cursor, t->rows > 20 ? (t->rows - 16) / 2 : 2)) return false;
    }
    t->need_redraw = true;
    return true;
}

/* Keep samples of the GPU's prefetches issued and useful (per sample). */
static void sample(ws_tui *t)
{
    if (!t->g) return;
    ws_stats *s = ws_gpu_stats(t->g);
    uint64_t now[3] = { ws_stats_get_u64(s, "pf.issued", -1), ws_stats_get_u64(s, "pf.useful", -1),
                        ws_gpu_cycle(t->g) };
    if (now[2] == t->pf_last[2] && t->npf) return;     /* the clock did not move */
    if (now[0] < t->pf_last[0] || now[1] < t->pf_last[1] || now[2] < t->pf_last[2])
        memset(t->pf_last, 0, sizeof t->pf_last);       /* another gpu */
    if (t->npf == WS_TUI_SPARK) {
        memmove(t->spark_pf[0], t->spark_pf[0] + 1, (WS_TUI_SPARK - 1) * sizeof(double));
        memmove(t->spark_pf[1], t->spark_pf[1] + 1, (WS_TUI_SPARK - 1) * sizeof(double));
        t->npf--;
    }
    t->spark_pf[0][t->npf] = (double)(now[0] - t->pf_last[0]);
    t->spark_pf[1][t->npf] = (double)(now[1] - t->pf_last[1]);
    t->npf++;
    memcpy(t->pf_last, now, sizeof now);
}

/* ------------------------------------------------------------ pieces */

static void kv_text(const ws_pf_insp_kv *kv, char *buf, size_t size)
{
    switch (kv->type) {
    case 0: snprintf(buf, size, "%s %" PRId64, kv->key, kv->ival); break;
    case 1: snprintf(buf, size, "%s %.3g", kv->key, kv->dval); break;
    default: snprintf(buf, size, "%s %s", kv->key, kv->text); break;
    }
}

/* Whether `key` is one of the space-separated words of `list`. */
static bool in_list(const char *list, const char *key)
{
    size_t n = strlen(key);
    for (const char *p = list; p && *p;) {
        size_t m = strcspn(p, " ");
        if (m == n && !strncmp(p, key, n)) return true;
        p += m;
        while (*p == ' ') p++;
    }
    return false;
}

/* The key=value list of `in` from (y, x), wrapping over at most `maxrows`
 * rows of `cols`; keys in `skip` (space-separated) are left out.  Returns
 * rows used. */
static int draw_kvs(WINDOW *w, int y, int x0, int cols, int maxrows, const ws_pf_insp *in, const char *skip)
{
    int x = x0, r = 0;
    char buf[96];
    if (maxrows <= 0) return 0;
    for (uint32_t i = 0; i < in->nkv; i++) {
        const ws_pf_insp_kv *kv = &in->kv[i];
        if (in_list(skip, kv->key)) continue;
        bool dup = false;      /* the engine's degree and distance, repeated by the policy */
        for (uint32_t j = 0; j < i && !dup; j++)
            dup = strcmp(in->kv[j].key, kv->key) == 0 && in->kv[j].type == kv->type && in->kv[j].ival == kv->ival &&
                  in->kv[j].dval == kv->dval && strcmp(in->kv[j].text, kv->text) == 0;
        if (dup) continue;
        kv_text(kv, buf, sizeof buf);
        int len = (int)strlen(buf);
        if (x > x0 && x + len > cols) {
            if (++r >= maxrows) return r;
            x = x0;
        }
        int kl = (int)strlen(kv->key);
        ws_tui_text(w, y + r, x, cols - x, ws_tui_attr(WS_CP_DIM), "%s", kv->key);
        ws_tui_text(w, y + r, x + kl, cols - x - kl, 0, "%s", buf + kl);
        x += len + 2;
    }
    return r + 1;
}

/* Metrics of the known throttles and policies, with the options holding
 * their thresholds (lo may be NULL; "kv:NAME" reads the record itself).
 * scale: the bar's full scale (0: twice the high threshold, or the value). */
typedef struct metric_def {
    const char *key, *lo, *hi;
    double scale;
} metric_def;
static const metric_def metrics[] = {
    { "early_eviction", "throttle.ee_low", "throttle.ee_high", 0 },
    { "merge_ratio", NULL, "throttle.merge_high", 1 },
    { "accuracy", "throttle.acc_low", "throttle.acc_high", 1 },
    { "late_fraction", NULL, "throttle.late_high", 1 },
    { "utilization", NULL, "kv:threshold", 1 },
};

static double threshold(const ws_gpu *g, const ws_pf_insp *in, const char *spec)
{
    if (!spec) return NAN;
    if (strncmp(spec, "kv:", 3) == 0) {
        const ws_pf_insp_kv *kv = ws_pf_insp_find(in, spec + 3);
        return kv ? (kv->type == 1 ? kv->dval : (double)kv->ival) : NAN;
    }
    return ws_opts_double(ws_gpu_opts(g), spec);
}

/* One metric as "name [bar with | marks] value (lo .. hi)" in width. */
static void draw_metric(ws_tui *t, WINDOW *w, int y, int x, int width, const char *name, double v, double lo,
                        double hi, double scale)
{
    if (!(scale > 0)) {
        scale = isnan(hi) ? 1 : 2 * hi;
        if (v > scale) scale = v * 1.1;
        if (!(scale > 0)) scale = 1;
    }
    int used = ws_tui_text(w, y, x, width, 0, "%-14.14s ", name);
    int bw = width - used - 28;
    if (bw > 30) bw = 30;
    if (bw < 6) bw = 6;
    bool below = !isnan(lo) && v < lo, above = !isnan(hi) && v > hi;
    int cp = above ? WS_CP_WARN : below ? WS_CP_DIM : WS_CP_OK;
    if (v >= 0) ws_tui_bar(w, y, x + used, bw, v / scale, ws_tui_attr(cp), t->ascii);
    else ws_tui_text(w, y, x + used, bw, ws_tui_attr(WS_CP_DIM), "%-*s", bw, "(not measured)");
    const double th[2] = { lo, hi };
    for (int i = 0; i < 2; i++) {
        if (isnan(th[i])) continue;
        int c = (int)lround(th[i] / scale * bw);
        if (c >= bw) c = bw - 1;
        if (c < 0) c = 0;
        mvwaddch(w, y, x + used + c, (chtype)'|' | (chtype)ws_tui_attr(WS_CP_ERROR));
    }
    char vb[24], lb[24], hb[24];
    snprintf(vb, sizeof vb, v >= 0 ? "%.3g" : "-", v);
    snprintf(lb, sizeof lb, "%.3g", lo);
    snprintf(hb, sizeof hb, "%.3g", hi);
    if (!isnan(lo))
        ws_tui_text(w, y, x + used + bw, width - used - bw, 0, " %s (low %s, high %s)", vb, lb, hb);
    else
        ws_tui_text(w, y, x + used + bw, width - used - bw, 0, " %s (threshold %s)", vb, hb);
}

/* Bars of the metrics of record `in` that have thresholds, two per row
 * when the window is wide; returns rows used. */
static int draw_metrics(ws_tui *t, WINDOW *w, int y, int cols, int maxrows, const ws_pf_insp *in)
{
    int n = 0, per = cols >= 150 ? 2 : 1, cw = cols / per;
    for (size_t m = 0; m < sizeof metrics / sizeof *metrics; m++) {
        const ws_pf_insp_kv *kv = ws_pf_insp_find(in, metrics[m].key);
        if (!kv || kv->type == 2) continue;
        if (n / per >= maxrows) break;
        double v = kv->type == 1 ? kv->dval : (double)kv->ival;
        draw_metric(t, w, y + n / per, (n % per) * cw, cw - 1, metrics[m].key, v,
                    threshold(t->g, in, metrics[m].lo), threshold(t->g, in, metrics[m].hi), metrics[m].scale);
        n++;
    }
    return (n + per - 1) / per;
}

/* A count in 8 columns: exact below 10^8, else in human units. */
static const char *count8(char *buf, size_t size, double v)
{
    if (isnan(v)) snprintf(buf, size, "-");
    else if (v < 1e8) snprintf(buf, size, "%.0f", v);
    else ws_tui_si(buf, size, v);
    return buf;
}

/* Counters of one SM (sm >= 0) or the GPU (-1) on row y. */
static void draw_counts(WINDOW *w, int y, int cols, ws_stats *s, int sm, const char *label)
{
    static const char *const names[] = { "pf.issued", "pf.useful", "pf.late", "pf.early", "pf.useless" };
    char b[5][24];
    for (int i = 0; i < 5; i++) count8(b[i], sizeof b[i], ws_stats_get(s, names[i], sm));
    double acc = ws_stats_get(s, "pf.accuracy", sm), cov = ws_stats_get(s, "pf.coverage", sm);
    ws_tui_text(w, y, 0, cols, 0, "%-6s %8s %8s %8s %8s %8s %8.1f%% %8.1f%%", label, b[0], b[1], b[2], b[3], b[4],
                isnan(acc) ? 0.0 : 100 * acc, isnan(cov) ? 0.0 : 100 * cov);
}

/* The table of the policy's / throttle's records with index `idx` (policy
 * tables first); NULL when there is none. */
static const ws_pf_insp_table *table_at(const ws_pf_insp *p, const ws_pf_insp *th, int idx, bool *of_throttle)
{
    if (idx < 0) return NULL;
    *of_throttle = false;
    if ((uint32_t)idx < p->ntables) return &p->tables[idx];
    idx -= (int)p->ntables;
    *of_throttle = true;
    return (uint32_t)idx < th->ntables ? &th->tables[idx] : NULL;
}

/* Tab line, column heads and rows of the chosen table in [y, y + rows). */
static void draw_table(ws_tui *t, WINDOW *w, int y, int rows, int cols, const ws_pf_insp *p,
                       const ws_pf_insp *th, ws_view_state *vs)
{
    int ntab = (int)(p->ntables + th->ntables);
    if (rows <= 0) return;
    if (ntab == 0) {
        ws_tui_section(w, y, 0, cols, "tables", t->ascii);
        if (rows > 1) ws_tui_text(w, y + 1, 1, cols - 1, ws_tui_attr(WS_CP_DIM), "this policy has no tables");
        return;
    }
    if (vs->sub >= ntab) vs->sub = ntab - 1;
    if (vs->sub < 0) vs->sub = 0;
    /* tabs */
    int x = ws_tui_text(w, y, 0, cols, ws_tui_attr(WS_CP_DIM), "tables (h/l): ");
    for (int i = 0; i < ntab && x < cols; i++) {
        bool thr;
        const ws_pf_insp_table *tb = table_at(p, th, i, &thr);
        char lab[64];
        snprintf(lab, sizeof lab, "%s%s %u", thr ? "throttle " : "", tb->name, tb->nrows);
        int a = i == vs->sub ? ws_tui_attr(WS_CP_SELECTED) : 0;
        x += ws_tui_text(w, y, x, cols - x, a, "%s%s%s", i == vs->sub ? "[" : " ", lab, i == vs->sub ? "]" : " ");
        x += ws_tui_text(w, y, x, cols - x, 0, " ");
    }
    bool thr;
    const ws_pf_insp_table *tb = table_at(p, th, vs->sub, &thr);
    int body = rows - 2;
    if (body < 0) body = 0;
    int maxfirst = (int)tb->nrows > body ? (int)tb->nrows - body : 0;
    if (vs->cursor > maxfirst) vs->cursor = maxfirst;
    uint32_t first = (uint32_t)vs->cursor;
    uint32_t last = first + (uint32_t)body < tb->nrows ? first + (uint32_t)body : tb->nrows;
    /* column widths: the head, and the values of the rows shown */
    int width[WS_PF_INSP_COLS];
    bool hex[WS_PF_INSP_COLS];
    char head[WS_PF_INSP_COLS][32];
    uint32_t nc = tb->ncols < WS_PF_INSP_COLS ? tb->ncols : WS_PF_INSP_COLS;
    for (uint32_t c = 0; c < nc; c++) {
        if (tb->bits[c]) snprintf(head[c], sizeof head[c], "%s:%u", tb->cols[c], tb->bits[c]);
        else snprintf(head[c], sizeof head[c], "%s", tb->cols[c]);
        width[c] = (int)strlen(head[c]);
        hex[c] = false;
        for (uint32_t r = first; r < last; r++) {
            int64_t v = tb->cells[(size_t)r * tb->ncols + c];
            if (v >= (1ll << 24) || v <= -(1ll << 24)) hex[c] = true;
        }
        for (uint32_t r = first; r < last; r++) {
            char cb[32];
            int64_t v = tb->cells[(size_t)r * tb->ncols + c];
            int n = hex[c] ? snprintf(cb, sizeof cb, "%" PRIx64, (uint64_t)v) : snprintf(cb, sizeof cb, "%" PRId64, v);
            if (n > width[c]) width[c] = n;
        }
    }
    int rw = 5;   /* row number */
    x = ws_tui_text(w, y + 1, 0, cols, ws_tui_attr(WS_CP_DIM), "%*s ", rw - 1, "#");
    for (uint32_t c = 0; c < nc && x < cols; c++)
        x += ws_tui_text(w, y + 1, x, cols - x, ws_tui_attr(WS_CP_TITLE), "%*s ", width[c], head[c]);
    if (tb->nrows == 0 && body > 0)
        ws_tui_text(w, y + 2, 1, cols - 1, ws_tui_attr(WS_CP_DIM), "(empty)");
    for (uint32_t r = first; r < last; r++) {
        int yy = y + 2 + (int)(r - first);
        x = ws_tui_text(w, yy, 0, cols, ws_tui_attr(WS_CP_DIM), "%*u ", rw - 1, r);
        for (uint32_t c = 0; c < nc && x < cols; c++) {
            int64_t v = tb->cells[(size_t)r * tb->ncols + c];
            if (hex[c]) x += ws_tui_text(w, yy, x, cols - x, 0, "%*" PRIx64 " ", width[c], (uint64_t)v);
            else x += ws_tui_text(w, yy, x, cols - x, 0, "%*" PRId64 " ", width[c], v);
        }
    }
    if (tb->nrows > (uint32_t)body && body > 0) {
        char more[64];
        int n = snprintf(more, sizeof more, " rows %u-%u of %u (j/k) ", first, last ? last - 1 : 0, tb->nrows);
        if (n < cols) ws_tui_text(w, y + 1, cols - n, n, ws_tui_attr(WS_CP_DIM), "%s", more);
    }
}

/* One transition on row y. */
static void draw_trans(WINDOW *w, int y, int cols, const ws_pf_tlog *e, bool mine)
{
    char from[40], to[40];
    if (e->t.from_name) snprintf(from, sizeof from, "%s", e->t.from_name);
    else snprintf(from, sizeof from, "%" PRId32, e->t.from);
    if (e->t.to_name) snprintf(to, sizeof to, "%s", e->t.to_name);
    else snprintf(to, sizeof to, "%" PRId32, e->t.to);
    int x = ws_tui_text(w, y, 0, cols, mine ? 0 : ws_tui_attr(WS_CP_DIM), "%9" PRIu64 " SM%-3u %-8s %s %s -> %s",
                        e->cycle, e->sm, e->throttle ? "throttle" : "policy", e->t.what ? e->t.what : "",
                        from, to);
    if (e->t.why) x += ws_tui_text(w, y, x, cols - x, 0, "  (%s)", e->t.why);
    for (int i = 0; i < 3 && x < cols; i++)
        if (e->t.mnames[i])
            x += ws_tui_text(w, y, x, cols - x, ws_tui_attr(WS_CP_DIM), " %s %.3g", e->t.mnames[i], e->t.m[i]);
}

/* The last `n` transitions (of SM sm, or of all when sm < 0), newest last;
 * returns rows used. */
static int draw_log(WINDOW *w, int y, int n, int cols, const ws_gpu *g, int sm, uint32_t sel)
{
    uint32_t kept = ws_gpu_pf_nkept(g);
    if (n <= 0) return 0;
    /* find the first entry to show, scanning back */
    uint32_t idx[256];
    int k = 0;
    if (n > 256) n = 256;
    for (uint32_t i = kept; i-- > 0 && k < n;) {
        const ws_pf_tlog *e = ws_gpu_pf_trans(g, i);
        if (sm < 0 || e->sm == (uint32_t)sm) idx[k++] = i;
    }
    if (k == 0) {
        ws_tui_text(w, y, 1, cols - 1, ws_tui_attr(WS_CP_DIM), "no transitions yet");
        return 1;
    }
    for (int j = 0; j < k; j++) {
        const ws_pf_tlog *e = ws_gpu_pf_trans(g, idx[k - 1 - j]);
        draw_trans(w, y + j, cols, e, e->sm == sel);
    }
    return k;
}

/* ------------------------------------------------------------ the view */

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    if (!t->g) {
        ws_tui_text(w, 0, 0, cols, 0, "prefetch: no launch yet");
        return;
    }
    ws_gpu *g = t->g;
    ws_view_state *vs = vstate(t);
    uint32_t nsms = ws_gpu_nsms(g);
    uint32_t sm = t->sm < nsms ? t->sm : 0;
    ws_pf_insp p, th;
    ws_pf_insp_init(&p);
    ws_pf_insp_init(&th);
    if (rows > 8) {
        rows--;
        ws_tui_text(w, rows, 0, cols, ws_tui_attr(WS_CP_DIM),
                    "h/l: table  j/k PgUp/PgDn Home/End: rows  t: transitions of this SM/all");
    }
    if (!ws_gpu_pf_inspect(g, sm, &p, &th)) {
        ws_tui_text(w, 0, 0, cols, ws_tui_attr(WS_CP_TITLE), "Prefetching of SM %u/%u: off", sm, nsms);
        ws_tui_text(w, 1, 0, cols, 0, "pf.policy = none and pf.sw = false: this machine has no prefetch engine.");
        ws_pf_insp_free(&p);
        ws_pf_insp_free(&th);
        return;
    }
    ws_stats *s = ws_gpu_stats(g);
    const ws_pf_insp_kv *pk = ws_pf_insp_find(&p, "policy"), *tk = ws_pf_insp_find(&th, "throttle");
    const ws_pf_insp_kv *qn = ws_pf_insp_find(&p, "queue"), *qc = ws_pf_insp_find(&p, "queue_cap");
    int y = 0;
    ws_tui_text(w, y++, 0, cols, ws_tui_attr(WS_CP_TITLE), "Prefetching of SM %u/%u: policy %s, throttle %s, dest %s",
                sm, nsms, pk ? pk->text : "?", tk ? tk->text : "none",
                ws_opts_str(ws_gpu_opts(g), "pf.dest") ? ws_opts_str(ws_gpu_opts(g), "pf.dest") : "l1");
    y += draw_kvs(w, y, 0, cols, rows > 30 ? 3 : 2, &p, "policy");

    /* counters */
    ws_tui_text(w, y++, 0, cols, ws_tui_attr(WS_CP_DIM), "%-6s %8s %8s %8s %8s %8s %9s %9s", "", "issued", "useful",
                "late", "early", "useless", "accuracy", "coverage");
    char lab[16];
    snprintf(lab, sizeof lab, "SM %u", sm);
    draw_counts(w, y++, cols, s, (int)sm, lab);
    draw_counts(w, y++, cols, s, -1, "GPU");

    /* history */
    if (y < rows) {
        /* each sparkline with its peak over the samples shown (a run of
         * samples without prefetches draws nothing: the peak says so) */
        int half = cols / 2;
        for (int k = 0; k < 2; k++) {
            int x0 = k ? half : 0, wk = k ? cols - half : half - 1;
            double peak = 0;
            for (int i = 0; i < (int)t->npf; i++)
                if (t->spark_pf[k][i] > peak) peak = t->spark_pf[k][i];
            int x = x0 + ws_tui_text(w, y, x0, wk, ws_tui_attr(WS_CP_DIM), "%s/sample (max %.0f) ",
                                     k ? "useful" : "issued", peak);
            if (t->npf == 0)
                ws_tui_text(w, y, x0, wk, ws_tui_attr(WS_CP_DIM), "%s/sample (no samples yet)", k ? "useful" : "issued");
            else
                ws_tui_spark(w, y, x, x0 + wk - x, t->spark_pf[k], (int)t->npf, 0,
                             ws_tui_attr(k ? WS_CP_OK : WS_CP_BAR), t->ascii);
        }
        y++;
    }

    /* throttle (and the policy's own adaptive metric, e.g. DSAP's U) */
    if (y < rows) {
        int x = ws_tui_text(w, y, 0, cols, ws_tui_attr(WS_CP_TITLE), "throttle %s%s", tk ? tk->text : "none",
                          tk && strcmp(tk->text, "none") != 0 ? ": " : "");
        if (tk && strcmp(tk->text, "none") != 0) {
            /* a throttle's degree is not the policy's: it is how many of
             * every 5 prefetches it drops, and its state names that */
            const ws_pf_insp_kv *dk = ws_pf_insp_find(&th, "degree"), *sk = ws_pf_insp_find(&th, "state");
            if (!dk) dk = ws_pf_insp_find(&th, "level");
            if (dk && dk->type == 0 && sk && sk->type == 2)
                x += ws_tui_text(w, y, x, cols - x, 0, "%s (drops %" PRId64 " of every 5 prefetches)  ", sk->text,
                                 dk->ival);
            else if (sk && sk->type == 2)
                x += ws_tui_text(w, y, x, cols - x, 0, "state %s  ", sk->text);
            y += draw_kvs(w, y, x, cols, 1, &th, "throttle degree level state");
        } else {
            y++;
        }
        y += draw_metrics(t, w, y, cols, rows - y > 2 ? 2 : rows - y, &th);
        y += draw_metrics(t, w, y, cols, rows - y > 1 ? 1 : 0, &p);
    }

    /* the rest: tables (2/3), transitions (1/3) and one queue line; a
     * short table leaves its rows to the transitions */
    int left = rows - y - 1;
    int log_rows = left / 3;
    if (log_rows < 2) log_rows = left >= 6 ? 2 : 0;
    int tab_rows = left - log_rows;
    {
        int ntab = (int)(p.ntables + th.ntables), sub = vs->sub < ntab ? vs->sub : ntab - 1;
        bool thr;
        const ws_pf_insp_table *tb = table_at(&p, &th, sub < 0 ? 0 : sub, &thr);
        int need = 2 + (tb && tb->nrows ? (int)tb->nrows : 1);
        if (log_rows > 0 && tab_rows > need) {
            log_rows += tab_rows - need;
            tab_rows = need;
        }
    }
    draw_table(t, w, y, tab_rows, cols, &p, &th, vs);
    y += tab_rows > 0 ? tab_rows : 0;
    if (log_rows > 0) {
        char title[96];
        snprintf(title, sizeof title, "transitions%s (%" PRIu64 " in all)", vs->scroll & 1 ? " of this SM" : "",
                 ws_gpu_pf_ntrans(g));
        ws_tui_section(w, y++, 0, cols, title, t->ascii);
        y += draw_log(w, y, log_rows - 1, cols, g, vs->scroll & 1 ? (int)sm : -1, sm);
    }
    if (y < rows) {
        uint64_t lines[QUEUE_SHOWN];
        uint32_t nq = ws_gpu_pf_queue(g, sm, lines, QUEUE_SHOWN);
        int x = ws_tui_text(w, y, 0, cols, ws_tui_attr(WS_CP_DIM), "queue %u/%" PRId64 ":", nq,
                            qc ? qc->ival : (int64_t)0);
        (void)qn;
        for (uint32_t i = 0; i < nq && i < QUEUE_SHOWN && x < cols; i++)
            x += ws_tui_text(w, y, x, cols - x, 0, " %" PRIx64, lines[i]);
        if (nq == 0) ws_tui_text(w, y, x, cols - x, ws_tui_attr(WS_CP_DIM), " empty");
    }
    ws_pf_insp_free(&p);
    ws_pf_insp_free(&th);
}

const ws_view ws_view_prefetch = {
    .name = "prefetch",
    .title = "Prefetch",
    .draw = draw,
    .key = key,
    .sample = sample,
};
