/* ws_tui_req.c: a request's life, as an overlay over the current view.
 *
 * Opened by :request ID, by `t` in the warp view (the first request the
 * warp waits for) and by `t` in the memory view (the oldest request in
 * flight).  It shows what the request is (kind, line address, array,
 * size, SM and warp slot, PTX line, the level that served it, its DRAM
 * channel, bank and row) and its timeline from ws_gpu_request: each stage
 * with its entry and exit cycle and length, the request an MSHR merge waits
 * for, and the retries with their reason.  Opening it asks the model to
 * follow every new request from then on (ws_gpu_rtrace_all), so that
 * requests selected later have their whole history; the one opened, if it
 * was not followed yet, shows its earlier stages rebuilt from its
 * timestamps (said in the overlay).  Up/k and Down/j move to the previous
 * and next request in flight (by id), m to the request it merged into;
 * any other key closes it.  The
 * overlay follows the clock: stepping with it open is not possible (keys
 * close it), but reopening it shows the stages reached since. */
#include "config.h"
#include "tui/ws_tui_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "arch/ws_gpu_wait.h"
#include "arch/ws_rtrace.h"

static const char *kind_text(const ws_rtl *r)
{
    static const char *const n[] = { "read", "write", "atomic", "prefetch", "write-back" };
    if (r->inst) return "instruction fetch";
    return r->kind < sizeof n / sizeof n[0] ? n[r->kind] : "?";
}

static const char *level_text(uint8_t lv)
{
    static const char *const n[WS_LVL_COUNT] = { "not yet known", "L1 hit", "L1 pending hit (MSHR merge)",
                                                 "prefetch cache", "L2 hit", "L2 pending hit (MSHR merge)",
                                                 "DRAM" };
    return lv < WS_LVL_COUNT ? n[lv] : "?";
}

int ws_tui_req_open(ws_tui *t, uint64_t id, ws_error *err)
{
    if (!t->g) return ws_error_set(err, WS_E_STATE, "no launch yet");
    ws_rtl r;
    if (!ws_gpu_rtrace_on(t->g, NULL)) ws_gpu_rtrace_all(t->g, WS_RTRACE_DEFAULT);
    if (ws_gpu_request(t->g, id, &r, err) < 0) return -1;
    t->req_id = id;
    t->req_on = true;
    t->need_redraw = true;
    return 0;
}

/* The requests in flight, by id (at most max). */
static uint32_t live(ws_tui *t, uint64_t *ids, uint32_t max)
{
    return ws_gpu_requests_live(t->g, ids, max);
}

int ws_tui_req_open_oldest(ws_tui *t, ws_error *err)
{
    if (!t->g) return ws_error_set(err, WS_E_STATE, "no launch yet");
    uint64_t id;
    if (!live(t, &id, 1)) return ws_error_set(err, WS_E_STATE, "no request in flight");
    return ws_tui_req_open(t, id, err);
}

int ws_tui_req_open_wait(ws_tui *t, ws_error *err)
{
    if (!t->g) return ws_error_set(err, WS_E_STATE, "no launch yet");
    ws_wait_info wi;
    if (!ws_gpu_warp_wait(t->g, t->sm, t->slot, &wi) || wi.kind != WS_WAIT_REG || !wi.nreq)
        return ws_error_set(err, WS_E_STATE, "the selected warp waits for no request in flight "
                            "(the memory view's t shows the oldest one)");
    return ws_tui_req_open(t, wi.req[0].id, err);
}

bool ws_tui_req_key(ws_tui *t, int ch)
{
    if (!t->req_on) return false;
    t->need_redraw = true;
    if (ch == 'm') {    /* the request it merged into */
        ws_rtl r;
        ws_error err;
        uint64_t to = 0;
        if (ws_gpu_request(t->g, t->req_id, &r, &err) == 0)
            for (uint32_t i = 0; i < r.nrows; i++)
                if (r.rows[i].merged_into) to = r.rows[i].merged_into;
        if (!to)
            ws_tui_message(t, false, "request %" PRIu64 " merged into no other request", t->req_id);
        else if (ws_tui_req_open(t, to, &err) < 0)
            ws_tui_message(t, true, "%s", err.msg);
        return true;
    }
    if (ch != KEY_UP && ch != 'k' && ch != KEY_DOWN && ch != 'j') {
        t->req_on = false;
        return true;
    }
    static uint64_t ids[4096];
    uint32_t n = live(t, ids, 4096);
    bool up = ch == KEY_UP || ch == 'k';
    uint64_t to = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (up && ids[i] < t->req_id) to = ids[i];
        if (!up && ids[i] > t->req_id) {
            to = ids[i];
            break;
        }
    }
    ws_error err;
    if (!to)
        ws_tui_message(t, false, "no %s request in flight", up ? "earlier" : "later");
    else if (ws_tui_req_open(t, to, &err) < 0)
        ws_tui_message(t, true, "%s", err.msg);
    return true;
}

void ws_tui_req_draw(ws_tui *t, WINDOW *w, int rows, int cols)
{
    if (!t->g) return;
    ws_rtl r;
    ws_error err;
    bool ok = ws_gpu_request(t->g, t->req_id, &r, &err) == 0;
    int hw = cols - 4 > 110 ? 110 : cols - 4;
    int hh = rows - 2;
    if (hw < 20 || hh < 4) return;
    int y0 = 1, x0 = (cols - hw) / 2;
    for (int y = 0; y < hh; y++) {
        wmove(w, y0 + y, x0);
        wattrset(w, A_NORMAL);
        for (int x = 0; x < hw; x++) waddch(w, ' ');
    }
    char title[96];
    snprintf(title, sizeof title, "request %" PRIu64 ": its life", t->req_id);
    ws_tui_section(w, y0, x0, hw, title, t->ascii);
    ws_tui_section(w, y0 + hh - 1, x0, hw, "up/down: previous/next request in flight, m: the one it merged into, "
                   "any other key closes", t->ascii);
    int y = y0 + 1, x = x0 + 1, wd = hw - 2, last = y0 + hh - 1;
    if (!ok) {
        ws_tui_text(w, y, x, wd, ws_tui_attr(WS_CP_ERROR), "%s", err.msg);
        return;
    }
    ws_tui_text(w, y++, x, wd, A_BOLD, "%s of 0x%" PRIx64 " (%s%s%" PRIu32 " B), SM %" PRIu16, kind_text(&r),
                r.addr, r.array, r.array[0] ? ", " : "", r.size, r.sm);
    char who[64] = "no warp (a prefetch, a write-back or a fetch)";
    if (r.slot != 0xffff) snprintf(who, sizeof who, "warp slot %" PRIu16, r.slot);
    if (y < last)
        ws_tui_text(w, y++, x, wd, WS_CP_NORMAL, "%s, PTX line %" PRIu32 ", served by: %s", who, r.line,
                    level_text(r.level));
    if (y < last) {
        if (r.done)
            ws_tui_text(w, y++, x, wd, WS_CP_NORMAL, "completed at cycle %" PRIu64 "%s", r.end,
                        r.loc ? "" : " (it never left the SM)");
        else
            ws_tui_text(w, y++, x, wd, WS_CP_NORMAL, "in flight at cycle %" PRIu64, ws_gpu_cycle(t->g));
    }
    if (r.loc && y < last)
        ws_tui_text(w, y++, x, wd, WS_CP_NORMAL, "DRAM channel %" PRIu16 " bank %" PRIu16 " row %" PRIu32, r.chan,
                    r.bank, r.row);
    if (r.from_stamps && y < last)
        ws_tui_text(w, y++, x, wd, ws_tui_attr(WS_CP_DIM), "followed from cycle %" PRIu64 ": the stages before come "
                    "from its timestamps (no retry or merge known there)", r.followed);
    if (r.partial && y < last)
        ws_tui_text(w, y++, x, wd, ws_tui_attr(WS_CP_DIM), "(its first events left the trace's ring)");
    if (y < last)
        ws_tui_text(w, y++, x, wd, ws_tui_attr(WS_CP_TITLE), "%-16s %8s    %-8s %6s  %s", "stage", "entered", "left",
                    "cycles", "notes");
    char buf[400];
    for (uint32_t i = 0; i < r.nrows && y < last; i++) {
        ws_rtl_row_text(&r, &r.rows[i], buf, sizeof buf);
        ws_tui_text(w, y++, x, wd, i + 1 == r.nrows && !r.done ? A_BOLD : WS_CP_NORMAL, "%s", buf);
    }
}
