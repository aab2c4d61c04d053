/* ws_view_mff.c: the MFF view (issue 34): one Memory Fast-Forward unit at
 * a time (one per memory partition, or the one central unit).
 *
 * From the top: the unit and its state with the launch's configure_mff
 * registers (the arrays by name); one row per structure with a level bar:
 * the Issue Engines' job entries in use (of engines x jobs), the Work
 * Register pool (in use, by state C / V / bit vector, and the lookup
 * queue), the Tag Unit (entries outstanding and present) and Line Data
 * (lines held, and the line requests, words and completions waiting to
 * leave); the unit's counters (commands, words, bit-sets and how many were
 * merged, Tag Unit lookups and how many coalesced, lines read by kind and
 * written back, remote lines, the allocator's and the lookup's stall
 * cycles, command latency, mean and peak occupancy); then, while rows
 * remain, the Issue Engines' jobs (engine.entry, SM and slot of the warp,
 * kind, threads still to get registers, words left of the command's, age),
 * the Tag Unit entries (block, kind, outstanding or present, the length
 * of the waiter list and its first waiters as SM:slot t thread k offset)
 * from the cursor on, and the Line Data entries, oldest (the one being
 * served) first.
 *
 * Keys: Left/Right (h/l) choose the unit; j/k, PgUp/PgDn, Home/End move
 * the first Tag Unit entry shown.  A breakpoint on an MFF event (break
 * mff_done / mff_coalesce / mff_stall) shows its unit here.
 *
 * It reads the model only through ws_gpu_mff.h and ws_mff.h's inspector. */
#include "config.h"
#include "tui/ws_tui.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_mff.h"
#include "core/ws_core.h"

static ws_view_state *vstate(ws_tui *t) { return ws_tui_vstate(t, &ws_view_mff); }

static bool key(ws_tui *t, int k)
{
    ws_view_state *vs = vstate(t);
    uint32_t n = t->g ? ws_gpu_mff_count(t->g) : 0;
    if (!n) return false;
    switch (k) {
    case KEY_LEFT: case 'h': vs->sub = (int)(((uint32_t)vs->sub + n - 1) % n); break;
    case KEY_RIGHT: case 'l': vs->sub = (int)(((uint32_t)vs->sub + 1) % n); break;
    default:
        if (!ws_tui_scroll_key(k, &vs->cursor, 8)) return false;
        break;
    }
    t->need_redraw = true;
    return true;
}

static double mean(uint64_t sum, uint64_t n) { return n ? (double)sum / (double)n : 0.0; }

static int draw_counters(WINDOW *w, int y, int rows, int cols, const ws_mff_stats *s, const ws_gpu_mff_ext *e)
{
    if (y < rows)
        ws_tui_text(w, y++, 0, cols, 0, "commands %" PRIu64 " (refused %" PRIu64 "), words %" PRIu64 ", bit-sets %"
                    PRIu64 " (merged %" PRIu64 "), completions %" PRIu64, s->commands, s->cmd_refused, s->words,
                    s->bitsets, s->bitsets_merged, s->completions);
    if (y < rows)
        ws_tui_text(w, y++, 0, cols, 0, "coalesced %" PRIu64 "/%" PRIu64 " lookups (%.1f%%); lines read C %" PRIu64
                    ", V %" PRIu64 ", BV %" PRIu64 ", written %" PRIu64 ", remote %" PRIu64, s->coalesced, s->lookups,
                    100.0 * mean(s->coalesced, s->lookups), s->lines_read[WS_MFF_LINE_C],
                    s->lines_read[WS_MFF_LINE_V], s->lines_read[WS_MFF_LINE_BV], s->lines_written, e->remote_lines);
    if (y < rows)
        ws_tui_text(w, y++, 0, cols, 0, "stalls: reg %" PRIu64 ", tag %" PRIu64 ", fill %" PRIu64 "; latency mean %.0f"
                    " max %" PRIu64 "; mean/peak regs %.0f/%" PRIu64 " tags %.0f/%" PRIu64 " lines %.1f/%" PRIu64,
                    s->reg_stalls, s->tag_stalls, s->fill_refused, mean(s->lat_sum, s->completions), s->lat_max,
                    mean(s->reg_occ_sum, s->cycles), s->reg_peak, mean(s->tag_occ_sum, s->cycles), s->tag_peak,
                    mean(s->ld_occ_sum, s->cycles), s->ld_peak);
    return y;
}

static int draw_jobs(ws_tui *t, WINDOW *w, int y, int rows, int cols, const ws_mff *u, uint32_t njobs, int max)
{
    const ws_mff_config *c = ws_mff_config_get(u);
    uint32_t cap = c->engines * c->jobs;
    ws_mff_job_info *j = malloc((size_t)(cap ? cap : 1) * sizeof *j);
    if (!j) return y;
    uint32_t n = ws_mff_jobs_get(u, j, cap);
    char title[96];
    snprintf(title, sizeof title, "Issue Engines: %u job%s", njobs, njobs == 1 ? "" : "s");
    ws_tui_section(w, y++, 0, cols, title, t->ascii);
    uint64_t now = ws_gpu_cycle(t->g);
    int shown = 0;
    for (uint32_t i = 0; i < n && i < cap && y < rows && shown < max; i++, shown++) {
        uint32_t sm, slot;
        ws_gpu_mff_warp(t->g, j[i].warp, &sm, &slot);
        ws_tui_text(w, y++, 0, cols, 0, "%2u.%u SM %-3u slot %-3u %-11s threads %2u (%2u to start) words %4" PRIu64
                    " left %4" PRIu64 " age %" PRIu64, j[i].engine, j[i].entry, sm, slot, ws_mff_kind_name(j[i].kind),
                    j[i].threads, j[i].threads_left, j[i].words, j[i].remaining, now - j[i].t_cmd);
    }
    if (y < rows && (uint32_t)shown < n)
        ws_tui_text(w, y++, 0, cols, ws_tui_attr(WS_CP_DIM), "... %u more", n - (uint32_t)shown);
    free(j);
    return y;
}

static int draw_tags(ws_tui *t, WINDOW *w, int y, int rows, int cols, const ws_mff *u, int max)
{
    ws_view_state *vs = vstate(t);
    uint32_t cap = ws_mff_config_get(u)->tags;
    ws_mff_tag_info *g = malloc((size_t)(cap ? cap : 1) * sizeof *g);
    if (!g) return y;
    uint32_t n = ws_mff_tags_get(u, g, cap);
    if (n > cap) n = cap;
    if (vs->cursor >= (int)n) vs->cursor = n ? (int)n - 1 : 0;
    char title[96];
    snprintf(title, sizeof title, "Tag Unit: %u entr%s (j/k: scroll)", n, n == 1 ? "y" : "ies");
    ws_tui_section(w, y++, 0, cols, title, t->ascii);
    int shown = 0;
    for (uint32_t i = (uint32_t)vs->cursor; i < n && y < rows && shown < max; i++, shown++) {
        char ws[160] = "";
        size_t o = 0;
        for (uint32_t k = 0; k < g[i].shown && o < sizeof ws; k++) {
            uint32_t sm, slot;
            ws_gpu_mff_warp(t->g, g[i].w[k].warp, &sm, &slot);
            int m = snprintf(ws + o, sizeof ws - o, " %u:%u t%u k%u", sm, slot, g[i].w[k].thread, g[i].w[k].k);
            if (m < 0) break;
            o += (size_t)m;
        }
        int attr = g[i].present ? ws_tui_attr(WS_CP_OK) : ws_tui_attr(WS_CP_PENDING);
        int x = ws_tui_text(w, y, 0, cols, 0, "%3u 0x%-12" PRIx64 " %-2s ", g[i].entry, g[i].addr,
                            ws_mff_line_kind_name(g[i].kind));
        x += ws_tui_text(w, y, x, cols - x, attr, "%-11s", g[i].present ? "present" : "outstanding");
        ws_tui_text(w, y++, x, cols - x, 0, " %3u waiting:%s%s", g[i].waiters, ws,
                    g[i].waiters > g[i].shown ? " ..." : "");
    }
    free(g);
    return y;
}

static int draw_lds(ws_tui *t, WINDOW *w, int y, int rows, int cols, const ws_mff *u)
{
    uint32_t cap = ws_mff_config_get(u)->line_data;
    ws_mff_ld_info *d = malloc((size_t)(cap ? cap : 1) * sizeof *d);
    if (!d) return y;
    uint32_t n = ws_mff_lds_get(u, d, cap);
    if (n > cap) n = cap;
    ws_tui_section(w, y++, 0, cols, "Line Data, oldest (being served) first", t->ascii);
    for (uint32_t i = 0; i < n && y < rows; i++)
        ws_tui_text(w, y++, 0, cols, 0, "%2u 0x%-12" PRIx64 " %-2s %3u waiters left%s", d[i].entry, d[i].addr,
                    ws_mff_line_kind_name(d[i].kind), d[i].waiters,
                    d[i].dirty ? " (bit-sets taken: written back when served)" : "");
    free(d);
    return y;
}

static void draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    ws_view_state *vs = vstate(t);
    uint32_t n = t->g ? ws_gpu_mff_count(t->g) : 0;
    if (!n) {
        ws_tui_text(w, 0, 0, cols, ws_tui_attr(WS_CP_DIM), "%s",
                    t->g ? "This GPU has no MFF: run with --set mff.enable=true." : "No launch yet.");
        return;
    }
    if (vs->sub < 0 || (uint32_t)vs->sub >= n) vs->sub = 0;
    uint32_t p = (uint32_t)vs->sub;
    const ws_mff *u = ws_gpu_mff(t->g, p);
    const ws_mff_config *c = ws_mff_config_get(u);
    ws_mff_view v;
    ws_mff_view_get(u, &v);
    char title[160];
    snprintf(title, sizeof title, "MFF unit %u of %u (%s): %s (h/l: unit)", p, n,
             c->central ? "central" : "one per partition", !v.configured ? "not configured"
             : v.jobs || v.regs_used || v.tags_used || v.line_q ? "busy" : "idle");
    ws_tui_section(w, 0, 0, cols, title, t->ascii);
    int y = 1;
    if (v.configured) {
        const ws_mff_regs *r = ws_mff_regs_get(u);
        char a1[64], a2[64], a3[64];
        ws_tui_text(w, y++, 0, cols, 0, "C %s (%" PRIu64 " entries), V %s, bit vector %s",
                    ws_tui_array_name(t, r->c_base, a1, sizeof a1), r->c_len,
                    r->v_base ? ws_tui_array_name(t, r->v_base, a2, sizeof a2) : "-",
                    r->bv_base ? ws_tui_array_name(t, r->bv_base, a3, sizeof a3) : "-");
    } else {
        ws_tui_text(w, y++, 0, cols, ws_tui_attr(WS_CP_DIM), "%s", "no configure_mff for this launch");
    }
    ws_mff_reg_use ru;
    ws_mff_reg_use_get(u, &ru);
    uint32_t ntags = v.tags_used;
    ws_mff_tag_info *tg = malloc((size_t)(c->tags ? c->tags : 1) * sizeof *tg);
    uint32_t present = 0;
    if (tg) {
        uint32_t k = ws_mff_tags_get(u, tg, c->tags);
        for (uint32_t i = 0; i < k && i < c->tags; i++) present += tg[i].present;
        free(tg);
    }
    uint64_t njobs = (uint64_t)c->engines * c->jobs;
    y = ws_tui_level_row(w, y, cols, 14, "Issue Engines", v.jobs, njobs, t->ascii,
                         "%u/%" PRIu64 " jobs (%u engines x %u)", v.jobs, njobs, c->engines, c->jobs);
    y = ws_tui_level_row(w, y, cols, 14, "Work Registers", v.regs_used, c->work_regs, t->ascii,
                         "%u/%u in use: C %u, V %u, BV %u; lookup queue %u", v.regs_used, c->work_regs, ru.c, ru.v, ru.bv,
                         v.lookup_q);
    y = ws_tui_level_row(w, y, cols, 14, "Tag Unit", ntags, c->tags, t->ascii, "%u/%u: %u outstanding, %u present",
                         ntags, c->tags, ntags - present, present);
    y = ws_tui_level_row(w, y, cols, 14, "Line Data", v.line_data_used, c->line_data, t->ascii,
                         "%u/%u lines; to send: %u line requests, %u words, %u completions", v.line_data_used, c->line_data,
                         v.line_q, v.replies, v.dones);

    if (y + 2 >= rows) return;
    ws_tui_section(w, y++, 0, cols, "counters of this unit", t->ascii);
    ws_gpu_mff_ext e = { 0 };
    ws_gpu_mff_ext_get(t->g, p, &e);
    y = draw_counters(w, y, rows, cols, ws_mff_stats_get(u), &e);

    int left = rows - y;
    if (left < 3) return;
    /* the rest: jobs, tags and lines, each its share while it has rows */
    int per = (left - 3) / 3 > 1 ? (left - 3) / 3 : 1;
    y = draw_jobs(t, w, y, rows, cols, u, v.jobs, per);
    if (y + 1 < rows) y = draw_tags(t, w, y, rows, cols, u, v.line_data_used ? per : rows);
    if (y + 1 < rows && v.line_data_used) draw_lds(t, w, y, rows, cols, u);
}

static bool shown(ws_tui *t)
{
    return t->g && ws_gpu_mff_count(t->g) > 0;
}

const ws_view ws_view_mff = {
    .name = "mff",
    .title = "MFF",
    .draw = draw,
    .key = key,
    .sample = NULL,
    .shown = shown,
};
