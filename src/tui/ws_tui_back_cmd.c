/* ws_tui_back_cmd.c: the commands of stepping back: back N (the newest
 * checkpoint at or before the target replays to it), back i and back
 * break (scouts search the stretches after the checkpoints, newest first,
 * for the last hit before now), and checkpoints (their memory). */
#include "config.h"
#include "tui/ws_tui_back.h"
#include "tui/ws_tui_back_int.h"
#include "tui/ws_tui_int.h"

#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "util/ws_util.h"

/* Send a request to checkpoint i and wait for its answer (not ANS_PID). */
static int ask(ws_tui *t, uint32_t i, const back_req *rq, const void *blob, back_ans *a, ws_error *err)
{
    ws_ckpt *c = &t->back->set.c[i];
    if (ws_tui_back_write(c->fd_cmd, rq, sizeof *rq) != 0 || (rq->blob_len && ws_tui_back_write(c->fd_cmd, blob, rq->blob_len) != 0))
        return ws_error_set(err, WS_E_IO, "the checkpoint at cycle %" PRIu64 " does not answer", c->cycle);
    pid_t run = 0;
    for (;;) {
        struct pollfd pf = { .fd = c->fd_ans, .events = POLLIN };
        int r = poll(&pf, 1, 200);
        if (r < 0 && errno != EINTR)
            return ws_error_set(err, WS_E_IO, "waiting for the replay: %s", strerror(errno));
        if (r <= 0) {
            if (run > 0 && kill(run, 0) != 0 && errno == ESRCH)
                return ws_error_set(err, WS_E_STATE, "the replay process %d ended without answering", (int)run);
            continue;
        }
        if (ws_tui_back_read(c->fd_ans, a, sizeof *a) != 0)
            return ws_error_set(err, WS_E_IO, "the checkpoint at cycle %" PRIu64 " closed its pipe", c->cycle);
        if (a->kind == ANS_PID) {
            run = a->pid;
            continue;
        }
        if (a->kind == ANS_FAIL)
            return ws_error_set(err, WS_E_STATE, "going back failed: %s", a->msg);
        return 0;
    }
}

static int go_to(ws_tui *t, uint64_t tick, uint32_t phase, int32_t sel_sm, int32_t sel_slot, ws_error *err)
{
    ws_tui_back *b = t->back;
    int k = ws_ckpt_choose(&b->set, tick, phase);
    if (k < 0 && b->from_start)
        return ws_error_set(err, WS_E_RANGE, "cannot go back: console Lua ran at cycle %" PRIu64 " and replaying "
                            "from the start cannot repeat it", b->barrier_cycle);
    if (k < 0)
        return ws_error_set(err, WS_E_RANGE, "cannot go back that far: the oldest checkpoint is at cycle %" PRIu64
                            " (%s)", b->set.n ? b->set.c[0].cycle : 0,
                            b->set.n && b->set.c[0].tick ? "console Lua ran there; its effects cannot be replayed"
                                                         : "the start");
    if (b->from_start)
        return ws_tui_back_start_go(t, tick, phase, err);
    ws_tui_drain(t);
    fflush(stdout);
    fflush(stderr);
    ws_tui_message(t, false, "going back: replaying %" PRIu64 " cycles from the checkpoint at cycle %" PRIu64 " ...",
                   tick - b->set.c[k].tick, b->set.c[k].cycle);
    if (!isendwin() && stdscr)
        ws_tui_draw_screen(t);
    size_t len;
    char *blob = ws_tui_back_ui_save(t, (uint32_t)k + 1, &len);
    back_req rq = { .magic = WS_BACK_MAGIC, .kind = REQ_GO, .tick = tick, .phase = phase, .sel_sm = sel_sm,
                    .sel_slot = sel_slot, .blob_len = (uint32_t)len };
    back_ans a;
    int r = ask(t, (uint32_t)k, &rq, blob, &a, err);
    free(blob);
    if (r != 0)
        return -1;
    /* the runner is live: the future's checkpoints go, and so does this
     * process, writing nothing (the runner writes the outputs at its end) */
    ws_tui_back_drop_from(b, (uint32_t)k + 1);
    _exit(0);
}

/* The target of `back N`: N cycles before now, in the latest phase that had
 * begun by then. */
static void target_of(const ws_tui *t, uint64_t n, uint64_t *tick, uint32_t *phase)
{
    const ws_tui_back *b = t->back;
    *tick = t->tick - n;
    uint32_t p = t->phase < b->npstart ? t->phase : b->npstart - 1;
    while (p > 0 && b->pstart[p] > *tick)
        p--;
    *phase = p;
}

/* Back to the previous hit of brk (a copy of a user breakpoint, or an
 * issue of one warp): scouts replay the stretches between checkpoints,
 * newest first, until one finds a hit before now. */
static int back_to_hit(ws_tui *t, const ws_brk *brk, const char *what, ws_error *err)
{
    ws_tui_back *b = t->back;
    if (b->from_start)
        return ws_error_set(err, WS_E_UNSUPPORTED, "without checkpoints (replay from the start) only back N works, "
                            "not the search for the previous %s", what);
    uint64_t end_t = t->tick;
    uint32_t end_p = t->phase;
    int k = ws_ckpt_choose(&b->set, end_t, end_p);
    double t0 = ws_tui_now();
    uint64_t scanned = 0;
    for (; k >= 0; k--) {
        ws_ckpt *c = &b->set.c[k];
        if (ws_ckpt_cmp(c->tick, c->phase, end_t, end_p) < 0) {
            ws_tui_drain(t);
            fflush(stdout);
            fflush(stderr);
            size_t len;
            char *blob = ws_tui_back_ui_save(t, (uint32_t)k + 1, &len);
            back_req rq = { .magic = WS_BACK_MAGIC, .kind = REQ_SCOUT, .tick = end_t, .phase = end_p,
                            .now_tick = t->tick, .now_phase = t->phase, .brk = *brk, .sel_sm = -1, .sel_slot = -1,
                            .blob_len = (uint32_t)len };
            back_ans a;
            int r = ask(t, (uint32_t)k, &rq, blob, &a, err);
            free(blob);
            if (r != 0)
                return -1;
            if (a.kind == ANS_READY) {
                /* a waypoint of the search went on to the hit and is live */
                ws_tui_back_drop_from(b, (uint32_t)k + 1);
                _exit(0);
            }
            scanned += a.replayed;
            if (a.kind == ANS_FOUND) {
                b->scout_secs = ws_tui_now() - t0;
                return go_to(t, a.tick, a.phase, a.sm, a.slot, err);
            }
        }
        end_t = c->tick;
        end_p = c->phase;
    }
    return ws_error_set(err, WS_E_STATE, "no earlier %s since cycle %" PRIu64 " (the oldest checkpoint; %" PRIu64
                        " cycles searched)", what, b->set.n ? b->set.c[0].cycle : 0, scanned);
}

static int parse_n(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    if (!s || *s == '-' || !*s)
        return -1;
    unsigned long long v = strtoull(s, &end, 0);
    uint64_t mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1000, end++;
    else if (*end == 'M' || *end == 'm')
        mul = 1000000, end++;
    if (errno || end == s || *end || (mul > 1 && v > UINT64_MAX / mul))
        return -1;
    *out = (uint64_t)v * mul;
    return 0;
}

int ws_tui_back_cmd(ws_tui *t, int argc, char **argv, ws_error *err)
{
    ws_tui_back *b = t->back;
    if (!b || !b->on)
        return ws_error_set(err, WS_E_UNSUPPORTED, "%s", b && b->why_off ? b->why_off : "stepping back is off");
    const char *w = argc > 1 ? argv[1] : "1";
    if (b->from_start && (!strcmp(w, "i") || !strcmp(w, "insn") || !strcmp(w, "break") || !strcmp(w, "b")))
        return ws_error_set(err, WS_E_UNSUPPORTED, "without checkpoints (replay from the start) only back N works, "
                            "not back %s", w);
    if (!strcmp(w, "i") || !strcmp(w, "insn")) {
        if (!t->g || (t->rs != WS_RS_PAUSED && t->rs != WS_RS_RUNNING))
            return ws_error_set(err, WS_E_STATE, "no launch is active: back i steps the selected warp back");
        uint64_t id = ws_tui_warp_id(t);
        if (id == WS_BRK_ANY)
            return ws_error_set(err, WS_E_STATE, "SM %" PRIu32 " slot %" PRIu32 " holds no warp; select one with [ ]",
                                t->sm, t->slot);
        ws_brk brk = { .kind = WS_BRK_ISSUE, .warp = id, .sm = -1 };
        char what[80];
        snprintf(what, sizeof what, "instruction of this warp (in this launch)");
        return back_to_hit(t, &brk, what, err);
    }
    if (!strcmp(w, "break") || !strcmp(w, "b")) {
        if (!t->g)
            return ws_error_set(err, WS_E_STATE, "no gpu: no breakpoints");
        int id = 0;
        if (argc > 2) {
            uint64_t v;
            if (parse_n(argv[2], &v) != 0 || v == 0 || v >= WS_BRK_INTERNAL_ID)
                return ws_error_set(err, WS_E_PARSE, "back break: '%s' is not a breakpoint number", argv[2]);
            id = (int)v;
        } else {
            const ws_brk_hit *h = ws_gpu_brk_hit(t->g);
            if (!h || h->id <= 0 || h->id >= WS_BRK_INTERNAL_ID)
                return ws_error_set(err, WS_E_STATE, "back break: no breakpoint has hit; name one (back break N)");
            id = h->id;
        }
        const ws_brk *found = NULL;
        for (uint32_t i = 0; i < ws_gpu_brk_count(t->g); i++)
            if (ws_gpu_brk_at(t->g, i)->id == id)
                found = ws_gpu_brk_at(t->g, i);
        if (!found)
            return ws_error_set(err, WS_E_RANGE, "back break: there is no breakpoint %d (bl lists them)", id);
        if (found->kind == WS_BRK_PC && found->func)
            return ws_error_set(err, WS_E_UNSUPPORTED, "back break: breakpoint %d names a function by pointer; "
                                "set it again as a line breakpoint", id);
        char what[80];
        snprintf(what, sizeof what, "hit of breakpoint %d", id);
        return back_to_hit(t, found, what, err);
    }
    uint64_t n;
    if (parse_n(w, &n) != 0)
        return ws_error_set(err, WS_E_PARSE, "back: expected N (cycles), i or break [N], got '%s'", w);
    if (n == 0)
        return ws_error_set(err, WS_E_RANGE, "back needs at least 1 cycle");
    if (n > t->tick)
        return ws_error_set(err, WS_E_RANGE, "cannot go back %" PRIu64 " cycles: only %" PRIu64
                            " cycles have been simulated since the start", n, t->tick);
    uint64_t tick;
    uint32_t phase;
    target_of(t, n, &tick, &phase);
    return go_to(t, tick, phase, -1, -1, err);
}

int ws_tui_back_list(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv;
    ws_tui_back *b = t->back;
    if (!b || !b->on)
        return ws_error_set(err, WS_E_UNSUPPORTED, "%s", b && b->why_off ? b->why_off : "stepping back is off");
    char line[200];
    if (b->from_start)
        return ws_error_set(err, WS_E_STATE, "no checkpoints: going back runs the scenario again from the start%s",
                            b->set.n ? "" : " (not past the console Lua that ran since)");
    uint64_t pss, priv, tp = 0, tv = 0;
    for (uint32_t i = 0; i < b->set.n; i++) {
        const ws_ckpt *c = &b->set.c[i];
        ws_tui_back_smaps(c->pid, &pss, &priv);
        tp += pss;
        tv += priv;
        int n = snprintf(line, sizeof line, "checkpoint %" PRIu32 ": cycle %" PRIu64 " (tick %" PRIu64 ", phase %"
                         PRIu32 ")%s, pid %d: %.1f MB private dirty, %.1f MB Pss", i + 1, c->cycle, c->tick, c->phase,
                         c->barrier ? ", barrier" : "", c->pid, (double)priv / 1024.0, (double)pss / 1024.0);
        ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    }
    ws_tui_back_smaps((int)getpid(), &pss, &priv);
    uint64_t iv = ws_tui_back_interval(b);
    int n = snprintf(line, sizeof line, "%" PRIu32 " checkpoints: %.1f MB private dirty, %.1f MB Pss; live process "
                     "%.1f MB private dirty; every %" PRIu64 " cycles%s", b->set.n, (double)tv / 1024.0,
                     (double)tp / 1024.0, (double)priv / 1024.0, iv, b->fixed ? "" : " (adaptive)");
    ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    ws_tui_message(t, false, "%s", line);
    return 0;
}
