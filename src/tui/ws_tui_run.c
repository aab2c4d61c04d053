/* ws_tui_run.c: how the TUI moves the model: the scenario's launches
 * (ws_scn_*), steps and runs through the control layer (ws_lctl_advance,
 * so hooks and breakpoints behave as in batch mode), stepping one warp,
 * following a warp, and the GPU-wide samples behind the sparklines. */
#include "config.h"
#include "tui/ws_tui_int.h"
#include "tui/ws_tui_back.h"

#include <inttypes.h>
#include <lauxlib.h>
#include <string.h>
#include <time.h>

#include "arch/ws_gpu.h"
#include "core/ws_core.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_wait.h"
#include "lua/ws_lua_ctl.h"
#include "arch/ws_dram.h"
#include "arch/ws_mempart.h"
#include "util/ws_util.h"

#include <stdlib.h>

/* Steps up to this many cycles run at once; longer ones run in chunks
 * from the main loop (which keeps redrawing and reading keys). */
#define SYNC_STEP 2000

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool ws_tui_selected_warp(ws_tui *t, ws_warp_info *wi)
{
    memset(wi, 0, sizeof *wi);
    if (!t->g || !ws_gpu_launch_active(t->g))
        return false;
    if (t->sm >= ws_gpu_nsms(t->g) || t->slot >= ws_gpu_warp_slots(t->g))
        return false;
    ws_gpu_warp(t->g, t->sm, t->slot, wi);
    return wi->valid;
}

uint64_t ws_tui_warp_id(const ws_tui *t)
{
    return t->g ? ws_gpu_warp_id(t->g, t->sm, t->slot) : WS_BRK_ANY;
}

static bool same_warp(const ws_warp_info *wi, const uint32_t cta[3], uint32_t warp)
{
    return wi->valid && wi->warp == warp && !memcmp(wi->cta, cta, sizeof wi->cta);
}

/* Where warp `warp` of CTA cta is, looking at SM first_sm first and then
 * the SMs after it (wrapping around): its SM and slot, or false. */
static bool find_warp(ws_tui *t, const uint32_t cta[3], uint32_t warp, uint32_t first_sm, uint32_t *sm,
                      uint32_t *slot)
{
    ws_warp_info wi;
    uint32_t nsm = ws_gpu_nsms(t->g), ns = ws_gpu_warp_slots(t->g);
    for (uint32_t i = 0; i < nsm; i++) {
        uint32_t s = (first_sm + i) % nsm;
        for (uint32_t k = 0; k < ns; k++) {
            ws_gpu_warp(t->g, s, k, &wi);
            if (same_warp(&wi, cta, warp)) {
                *sm = s;
                *slot = k;
                return true;
            }
        }
    }
    return false;
}

/* The selected slot is empty while another slot of the SM holds a warp
 * (its CTA retired, or the launch began with slot 0 empty): select the
 * nearest live one, after it first. */
static void reselect_live(ws_tui *t)
{
    ws_warp_info wi;
    uint32_t n = ws_gpu_warp_slots(t->g);
    if (t->slot >= n)
        return;
    ws_gpu_warp(t->g, t->sm, t->slot, &wi);
    if (wi.valid)
        return;
    for (uint32_t d = 1; d < n; d++) {
        if (t->slot + d < n) {
            ws_gpu_warp(t->g, t->sm, t->slot + d, &wi);
            if (wi.valid) {
                t->slot += d;
                return;
            }
        }
        if (d <= t->slot) {
            ws_gpu_warp(t->g, t->sm, t->slot - d, &wi);
            if (wi.valid) {
                t->slot -= d;
                return;
            }
        }
    }
}

void ws_tui_refollow(ws_tui *t)
{
    if (!t->g || !ws_gpu_launch_active(t->g))
        return;
    if (!t->follow) {
        reselect_live(t);
        return;
    }
    ws_warp_info wi;
    ws_gpu_warp(t->g, t->sm, t->slot, &wi);
    if (same_warp(&wi, t->follow_cta, t->follow_warp))
        return;
    find_warp(t, t->follow_cta, t->follow_warp, 0, &t->sm, &t->slot);
}

/* The samples read the model's live counters, never ws_gpu_stats_sync:
 * what the statistics output looks like must not depend on when a front
 * end looked.  Issued warp instructions are the warp-cycles in "selected". */
static uint64_t issued(ws_gpu *g)
{
    return ws_gpu_stall_total(g, WS_STALL_SELECTED);
}

static void dram_busy(ws_gpu *g, uint64_t *busy, uint64_t *cycles)
{
    ws_memsys *m = ws_gpu_memsys(g);
    *busy = *cycles = 0;
    for (uint32_t c = 0, n = m ? ws_memsys_nchannels(m) : 0; c < n; c++) {
        const ws_dram_stats *st = ws_dram_stats_get(ws_memsys_dram(m, c));
        *busy += st->data_busy;
        *cycles += st->cycles;
    }
}

static void push(double *ring, uint32_t n, double v)
{
    if (n >= WS_TUI_SPARK) {
        memmove(ring, ring + 1, (WS_TUI_SPARK - 1) * sizeof *ring);
        ring[WS_TUI_SPARK - 1] = v;
    } else {
        ring[n] = v;
    }
}

/* Remember the counters without taking a sample (a new gpu or launch). */
static void sample_base(ws_tui *t)
{
    t->last_cycle = ws_gpu_cycle(t->g);
    t->last_insns = issued(t->g);
    dram_busy(t->g, &t->last_busy, &t->last_dcycles);
    for (int s = 0; s < WS_STALL_COUNT && s < 16; s++)
        t->last_stall[s] = ws_gpu_stall_total(t->g, (ws_stall)s);
}

void ws_tui_sample(ws_tui *t)
{
    if (!t->g)
        return;
    uint64_t cyc = ws_gpu_cycle(t->g);
    if (cyc < t->last_cycle) {
        sample_base(t);
        return;
    }
    if (cyc == t->last_cycle)
        return;
    uint64_t insns = issued(t->g), busy, dcyc;
    dram_busy(t->g, &busy, &dcyc);
    double dc = (double)(cyc - t->last_cycle);
    t->ipc_interval = insns >= t->last_insns ? (double)(insns - t->last_insns) / dc : 0;
    uint32_t n = t->nspark;
    push(t->spark_ipc, n, t->ipc_interval);
    double bw = dcyc > t->last_dcycles && busy >= t->last_busy
                    ? (double)(busy - t->last_busy) / (double)(dcyc - t->last_dcycles)
                    : 0;
    push(t->spark_bw, n, bw > 1 ? 1 : bw);
    uint64_t d[WS_STALL_COUNT], sum = 0;
    for (int s = 0; s < WS_STALL_COUNT; s++) {
        uint64_t v = ws_gpu_stall_total(t->g, (ws_stall)s);
        d[s] = v >= t->last_stall[s] ? v - t->last_stall[s] : 0;
        t->last_stall[s] = v;
        if (s != WS_STALL_IDLE)
            sum += d[s];
    }
    _Static_assert(WS_STALL_COUNT <= 16, "spark_stall and last_stall hold 16 stall reasons");
    double row[16] = { 0 };
    for (int s = 0; s < WS_STALL_COUNT; s++)
        row[s] = sum && s != WS_STALL_IDLE ? (double)d[s] / (double)sum : 0;
    if (n >= WS_TUI_SPARK) {
        memmove(t->spark_stall, t->spark_stall + 1, (WS_TUI_SPARK - 1) * sizeof t->spark_stall[0]);
        memcpy(t->spark_stall[WS_TUI_SPARK - 1], row, sizeof row);
    } else {
        memcpy(t->spark_stall[n], row, sizeof row);
        t->nspark++;
    }
    t->last_cycle = cyc;
    t->last_insns = insns;
    t->last_busy = busy;
    t->last_dcycles = dcyc;
    for (int i = 0; i < ws_tui_nviews; i++)
        if (ws_tui_views[i]->sample)
            ws_tui_views[i]->sample(t);
    t->need_redraw = true;
}

static void stepwarp_end(ws_tui *t)
{
    if (!t->stepwarp)
        return;
    t->stepwarp = false;
    if (t->g) {
        ws_gpu_brk_del(t->g, t->sw_brk);
        ws_gpu_wait_unwatch(t->g);
    }
}

void ws_tui_pause(ws_tui *t, const char *why)
{
    stepwarp_end(t);
    if (t->rs == WS_RS_RUNNING) {
        t->rs = WS_RS_PAUSED;
        if (why)
            ws_tui_message(t, false, "%s at cycle %" PRIu64, why, t->g ? ws_gpu_cycle(t->g) : 0);
    }
    t->to = WS_TO_NONE;
    t->need_redraw = true;
}

/* The scenario or the console may close the gpu (gpu:close(), or the
 * collector once the script drops it): the TUI then forgets its model, and a
 * launch it was showing counts as over. */
void ws_tui_sync(ws_tui *t)
{
    struct ws_gpu *g = t->lg ? ws_lctl_model(t->lg) : NULL;
    if (g == t->g)
        return;
    t->g = g;
    t->need_redraw = true;
    if (!g && (t->rs == WS_RS_PAUSED || t->rs == WS_RS_RUNNING)) {
        stepwarp_end(t);
        t->rs = WS_RS_BETWEEN;
        t->to = WS_TO_NONE;
        ws_tui_message(t, false, "the gpu of this launch was closed; step or c goes on");
    }
}

bool ws_tui_next_launch(ws_tui *t)
{
    if (t->rs != WS_RS_LOADING && t->rs != WS_RS_BETWEEN)
        return false;
    stepwarp_end(t);
    ws_tui_back_phase(t);
    ws_error err;
    ws_error_clear(&err);
    ws_tui_sigint_defer(true);
    int r = ws_scn_resume(t->scn, &err);
    ws_tui_sigint_defer(false);
    bool hold = ws_tui_sigint_deferred();
    t->need_redraw = true;
    ws_tui_sync(t);
    if (r == WS_SCN_LAUNCH) {
        t->lg = ws_scn_gpu(t->scn);
        t->g = t->lg ? ws_lctl_model(t->lg) : NULL;
        t->launches_seen++;
        ws_tui_lua_set_gpu(t);
        if (!t->g) {
            t->rs = WS_RS_ERROR;
            ws_tui_message(t, true, "the scenario launched on a functional gpu (the TUI needs a timing gpu)");
            return hold;
        }
        /* warp histories and stall cycles per instruction, for the warp
         * and source views (the statistics do not change) */
        if (!ws_gpu_dbg_recording(t->g)) ws_gpu_dbg_record(t->g, true);
        const ws_kernel *k = ws_gpu_kernel(t->g);
        t->kernel_name = k ? ws_kernel_name(k) : "?";
        sample_base(t);
        t->launch_cycle0 = ws_gpu_launch_start(t->g);
        t->launch_insns0 = t->last_insns;
        t->rs = WS_RS_PAUSED;
        char line[200];
        int n = snprintf(line, sizeof line, "launch %" PRIu32 ": %s at cycle %" PRIu64,
                         ws_gpu_launch_number(t->g), t->kernel_name, ws_gpu_cycle(t->g));
        ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)n);
        ws_tui_message(t, false, "%s", line);
        if (t->sm >= ws_gpu_nsms(t->g))
            t->sm = 0;
        if (t->slot >= ws_gpu_warp_slots(t->g))
            t->slot = 0;
        ws_tui_refollow(t);
        if (hold)
            ws_tui_message(t, false, "interrupted: paused at the first cycle of launch %" PRIu32 " (%s)",
                           ws_gpu_launch_number(t->g), t->kernel_name);
    } else if (r == WS_SCN_EXIT) {
        t->rs = WS_RS_FINISHED;
        t->quit = true;     /* os.exit: main writes the outputs and exits */
    } else if (r == WS_SCN_DONE) {
        t->rs = WS_RS_FINISHED;
        ws_tui_log_kind(t, WS_LOG_INFO, "the scenario has finished", 25);
        ws_tui_message(t, false, "the scenario has finished (q quits)");
    } else {
        t->rs = WS_RS_ERROR;
        ws_tui_log(t, err.msg[0] ? err.msg : "the scenario failed", true);
        free(t->fatal);
        t->fatal = ws_xstrdup(err.msg[0] ? err.msg : "the scenario failed");
        ws_tui_message(t, true, "scenario error (shown in the console, view 8)");
    }
    return hold;
}

/* A stepwarp breakpoint hit: true when the stepped warp has issued. */
static bool stepwarp_done(ws_tui *t)
{
    ws_warp_info wi;
    ws_gpu_warp(t->g, t->sm, t->slot, &wi);
    if (!same_warp(&wi, t->sw_cta, t->sw_warp)) {
        ws_tui_message(t, false, "the warp has left slot %" PRIu32 " (it exited)", t->slot);
        return true;
    }
    if (wi.insns == t->sw_insns)
        return false;
    if (wi.exited) {
        ws_tui_message(t, false, "warp stepped: SM %" PRIu32 " slot %" PRIu32 " exited, cycle %" PRIu64, t->sm,
                       t->slot, ws_gpu_cycle(t->g));
        return true;
    }
    /* the wait it ended (the issue was in the cycle before g's clock) */
    char why[400] = "";
    if (t->sw_wait) {
        uint64_t now = ws_gpu_cycle(t->g);
        ws_gpu_wait_report(t->g, t->sw_wait, now ? now - 1 : 0, why, sizeof why);
    }
    char line[600];
    int n = snprintf(line, sizeof line, "warp stepped: SM %" PRIu32 " slot %" PRIu32 " now at line %" PRIu32
                     " (pc %" PRIu32 "), cycle %" PRIu64 "; %s",
                     t->sm, t->slot, wi.line, wi.pc, ws_gpu_cycle(t->g), why);
    ws_tui_message(t, false, "%s", line);
    if (why[0])
        ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    return true;
}

/* A fault: the warp that faulted is selected (unless a warp is being
 * followed), so that the warp and source views show it. */
static void fault_select(ws_tui *t)
{
    const ws_fault *f = ws_device_last_fault(ws_gpu_device(t->g));
    if (!f || t->follow) return;
    uint32_t sm, slot;
    if (!find_warp(t, f->cta, f->warp, f->sm % ws_gpu_nsms(t->g), &sm, &slot))     /* (its own SM first) */
        return;
    t->sm = sm;
    t->slot = slot;
    char line[160];
    int n = snprintf(line, sizeof line, "SM %" PRIu32 " warp slot %" PRIu32 ", the warp that faulted (CTA (%" PRIu32
                     ",%" PRIu32 ",%" PRIu32 ") warp %" PRIu32 "), is selected", sm, slot, f->cta[0], f->cta[1],
                     f->cta[2], f->warp);
    ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
}

/* A launch stopped with an error: it goes to the console and the status
 * line.  The error of a deadlock holds only as much of its diagnosis as
 * fits; the console gets the whole diagnosis instead, and (unless a warp is
 * being followed) the warp it lists first is selected: a warp not at a
 * barrier when there is one, which is what the others wait for.  After a
 * fault the warp that faulted is selected. */
static void launch_failed(ws_tui *t, const ws_error *err)
{
    const char *msg = err->msg[0] ? err->msg : "the launch failed";
    const char *diag = t->g ? ws_gpu_diagnosis(t->g) : "";
    if (!diag[0]) {
        ws_tui_log(t, msg, true);
        /* the status line is narrow: a fault's PTX file without its directory */
        const ws_fault *f = t->g ? ws_device_last_fault(ws_gpu_device(t->g)) : NULL;
        size_t fl = f ? strlen(f->file) : 0;
        const char *base = f ? strrchr(f->file, '/') : NULL;
        if (base && fl && !strncmp(msg, f->file, fl) && msg[fl] == ':')
            ws_tui_message(t, true, "%s", msg + (base + 1 - f->file));
        else
            ws_tui_message(t, true, "%s", msg);
        if (t->g) fault_select(t);
        return;
    }
    size_t head = strcspn(msg, "\n");
    ws_tui_log_kind(t, WS_LOG_ERR, msg, head);
    ws_tui_log(t, diag, true);
    uint32_t sm, slot;
    if (!t->follow && ws_gpu_diagnosis_warp(t->g, &sm, &slot) && sm < ws_gpu_nsms(t->g) &&
        slot < ws_gpu_warp_slots(t->g)) {
        t->sm = sm;
        t->slot = slot;
        ws_tui_message(t, true, "deadlock at cycle %" PRIu64 ": the diagnosis is in the console (view 8); SM %" PRIu32
                       " warp slot %" PRIu32 ", the first warp it lists, is selected", ws_gpu_cycle(t->g), sm, slot);
    } else {
        ws_tui_message(t, true, "deadlock at cycle %" PRIu64 ": the diagnosis is in the console (view 8)",
                       ws_gpu_cycle(t->g));
    }
}

int ws_tui_step(ws_tui *t, uint64_t n)
{
    if (!t->lg || !t->g || (t->rs != WS_RS_PAUSED && t->rs != WS_RS_RUNNING))
        return WS_ADV_IDLE;
    ws_error err;
    ws_error_clear(&err);
    struct ws_gpu *g0 = t->g;
    uint64_t c0 = ws_gpu_cycle(g0);
    double s0 = now_s();
    int r = ws_lctl_advance(t->L, t->lg, n, &err);
    ws_tui_back_stepped(t, ws_gpu_cycle(g0) - c0, now_s() - s0);
    switch (r) {
    case WS_ADV_BUDGET:
        break;
    case WS_ADV_DONE:
    case WS_ADV_IDLE:
        stepwarp_end(t);
        t->rs = WS_RS_BETWEEN;
        ws_tui_message(t, false, "launch %" PRIu32 " (%s) finished at cycle %" PRIu64 "; step or c goes on",
                       ws_gpu_launch_number(t->g), t->kernel_name ? t->kernel_name : "?", ws_gpu_cycle(t->g));
        break;
    case WS_ADV_BREAK: {
        const ws_brk_hit *h = ws_lctl_hit(t->lg);
        if (t->stepwarp && h && h->id == t->sw_brk) {
            if (!stepwarp_done(t)) {
                r = WS_ADV_BUDGET;   /* another warp of the SM issued: go on */
                break;
            }
            stepwarp_end(t);
            t->rs = WS_RS_PAUSED;
            t->to = WS_TO_NONE;
            break;
        }
        if (t->stepwarp && h && h->sm >= 0 &&
            ((uint32_t)h->sm != t->sm || (h->slot >= 0 && (uint32_t)h->slot != t->slot))) {
            /* another warp's (or SM's) breakpoint: i keeps its warp */
            char line[260];
            int len = snprintf(line, sizeof line, "%s (passed: i follows SM %" PRIu32 " slot %" PRIu32 ")",
                               h->text, t->sm, t->slot);
            ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)len < sizeof line ? (size_t)len : sizeof line - 1);
            r = WS_ADV_BUDGET;
            break;
        }
        stepwarp_end(t);
        t->rs = WS_RS_PAUSED;
        t->to = WS_TO_NONE;
        if (h) {
            if (h->kind == WS_BRK_IRU_REPLY || h->kind == WS_BRK_IRU_TIMEOUT) {
                t->view = ws_tui_view_find("iru");     /* its partition in the IRU view */
                ws_tui_vstate(t, &ws_view_iru)->sub = (int)h->addr;
                t->need_redraw = true;
            } else if (h->kind == WS_BRK_MFF_DONE || h->kind == WS_BRK_MFF_COALESCE || h->kind == WS_BRK_MFF_STALL) {
                t->view = ws_tui_view_find("mff");     /* its unit in the MFF view, its warp selected */
                ws_tui_vstate(t, &ws_view_mff)->sub = (int)h->addr;
                if (h->sm >= 0 && (uint32_t)h->sm < ws_gpu_nsms(t->g)) {
                    t->sm = (uint32_t)h->sm;
                    if (h->slot >= 0 && (uint32_t)h->slot < ws_gpu_warp_slots(t->g))
                        t->slot = (uint32_t)h->slot;
                }
                t->need_redraw = true;
            } else if (h->sm >= 0 && (uint32_t)h->sm < ws_gpu_nsms(t->g)) {
                t->sm = (uint32_t)h->sm;
                if (h->slot >= 0 && (uint32_t)h->slot < ws_gpu_warp_slots(t->g))
                    t->slot = (uint32_t)h->slot;
            }
            ws_tui_message(t, false, "%s", h->text);
            ws_tui_log_kind(t, WS_LOG_INFO, h->text, strlen(h->text));
        }
        break;
    }
    case WS_ADV_STOP:
        stepwarp_end(t);
        t->rs = WS_RS_PAUSED;
        t->to = WS_TO_NONE;
        ws_tui_message(t, false, "stopped by a hook at cycle %" PRIu64, ws_gpu_cycle(t->g));
        break;
    default:
        stepwarp_end(t);
        t->rs = WS_RS_ERROR;
        launch_failed(t, &err);
        break;
    }
    ws_tui_refollow(t);
    ws_tui_sample(t);
    t->need_redraw = true;
    return r;
}

int ws_tui_go(ws_tui *t, ws_run_to to, uint64_t n, ws_error *err)
{
    switch (t->rs) {
    case WS_RS_FINISHED:
        return ws_error_set(err, WS_E_STATE, "the scenario has finished (q quits)");
    case WS_RS_ERROR:
        return ws_error_set(err, WS_E_STATE, "the scenario stopped with an error (see the console); q quits");
    case WS_RS_LOADING:
    case WS_RS_BETWEEN: {
        /* Begin the next launch; a step stops at its first cycle. */
        bool hold = ws_tui_next_launch(t);
        if (t->rs == WS_RS_PAUSED && !hold &&
            (to == WS_TO_NONE || to == WS_TO_END || to == WS_TO_KERNEL_END)) {
            t->rs = WS_RS_RUNNING;
            t->to = to;
            t->run_t0 = 0;
        }
        return 0;
    }
    case WS_RS_PAUSED:
    case WS_RS_RUNNING:
        break;
    }
    t->to = to;
    if (to == WS_TO_CYCLES && n <= SYNC_STEP && !t->stepwarp) {
        t->rs = WS_RS_PAUSED;
        ws_tui_step(t, n);
        if (t->rs == WS_RS_PAUSED && t->to == WS_TO_CYCLES)
            t->to = WS_TO_NONE;
        return 0;
    }
    t->run_left = n;
    t->rs = WS_RS_RUNNING;
    t->run_t0 = 0;   /* the loop starts the clock */
    return 0;
}

uint64_t ws_tui_run_chunk(ws_tui *t, uint64_t n)
{
    if (t->rs != WS_RS_RUNNING || !t->g)
        return 0;
    if (t->to == WS_TO_CYCLES && n > t->run_left)
        n = t->run_left;
    uint64_t c0 = ws_gpu_cycle(t->g);
    int r = n ? ws_tui_step(t, n) : WS_ADV_BUDGET;
    uint64_t done = ws_gpu_cycle(t->g) - c0;
    if (t->to == WS_TO_CYCLES) {
        t->run_left -= done < t->run_left ? done : t->run_left;
        if (t->run_left == 0 && t->rs == WS_RS_RUNNING) {
            t->rs = WS_RS_PAUSED;
            t->to = WS_TO_NONE;
        }
    }
    if (r == WS_ADV_DONE || r == WS_ADV_IDLE) {
        /* rs is BETWEEN: go on into the next launch when the target lies beyond. */
        ws_run_to to = t->to;
        if (to == WS_TO_NONE || to == WS_TO_END || to == WS_TO_NEXT_LAUNCH) {
            bool hold = ws_tui_next_launch(t);
            if (t->rs == WS_RS_PAUSED && to != WS_TO_NEXT_LAUNCH && !hold) {
                t->rs = WS_RS_RUNNING;
                t->to = to;
            } else {
                t->to = WS_TO_NONE;
            }
        } else {
            t->to = WS_TO_NONE;
        }
    }
    return done;
}

double ws_tui_now(void)
{
    return now_s();
}
