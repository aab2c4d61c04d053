/* ws_tui_back_start.c: stepping back without checkpoints, by replay from
 * the start: the live process writes the user's state to an unlinked
 * file, gives the terminal back and executes warpscope again on the same
 * command line (same seed, same scenario) with WS_BACK_REPLAY naming the
 * target and the file; the new program replays silently to the target at
 * its first loop and reads the state.  The process (and its pid, so the
 * shell's job) stays the same; the old Lua state ends with the exec, so
 * --json and --csv are still written once, at the end.  Used where fork()
 * and a subreaper are not available, and with --checkpoint=start (which
 * also lets Linux test it).  A replay takes as long as the run up to the
 * target did; only `back N` works (no search for a hit). */
#include "config.h"
#include "tui/ws_tui_back.h"
#include "tui/ws_tui_back_int.h"
#include "tui/ws_tui_int.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch/ws_gpu.h"
#include "util/ws_util.h"

#define ENV "WS_BACK_REPLAY"

void ws_tui_back_start_begin(ws_tui *t, const ws_tui_opts *o)
{
    ws_tui_back *b = t->back;
    b->pend_fd = -1;
    const char *e = getenv(ENV);
    if (e) {
        unsigned long long tick;
        unsigned phase;
        int fd, sm, slot;
        if (sscanf(e, "%llu %u %d %d %d", &tick, &phase, &fd, &sm, &slot) == 5 && fd >= 0) {
            b->pending = true;
            b->pend_tick = tick;
            b->pend_phase = phase;
            b->pend_fd = fd;
            b->pend_sm = sm;
            b->pend_slot = slot;
        }
        unsetenv(ENV);      /* (not for the scenario's own children) */
    }
    if (o->checkpoint == -1) {
        b->why_off = "stepping back is off (--checkpoint=off)";
        return;
    }
#ifdef __linux__
    bool fork_ok = true;
#else
    bool fork_ok = false;
#endif
    if (o->checkpoint == -2 || !fork_ok || b->pending) {
        if (!o->exec_argv || !o->exec_argv[0]) {
            b->why_off = "stepping back is off: no command line to run again";
            return;
        }
        b->from_start = true;
        b->argv = o->exec_argv;
        b->on = true;
    }
}

void ws_tui_back_start_loop(ws_tui *t)
{
    ws_tui_back *b = t->back;
    if (!b->start_added) {
        b->start_added = true;
        ws_ckpt c = { .tick = t->tick, .phase = t->phase, .cycle = t->g ? ws_gpu_cycle(t->g) : 0,
                      .pid = -1, .fd_cmd = -1, .fd_ans = -1, .barrier = true };
        ws_ckpt_add(&b->set, &c);
    }
    b->barrier_due = false;     /* (console Lua ended the start: nothing to take) */
    if (!b->pending)
        return;
    b->pending = false;
    double t0 = ws_tui_now();
    ws_error err;
    ws_error_clear(&err);
    int r = ws_tui_back_replay(t, b->pend_tick, b->pend_phase, NULL, &err);
    double secs = ws_tui_now() - t0;
    /* the user's state */
    char *blob = NULL;
    size_t len = 0, cap = 0;
    if (lseek(b->pend_fd, 0, SEEK_SET) == 0) {
        char buf[65536];
        ssize_t n;
        while ((n = read(b->pend_fd, buf, sizeof buf)) > 0) {
            if (len + (size_t)n > cap) {
                cap = 2 * (len + (size_t)n);
                blob = ws_xrealloc(blob, cap);
            }
            memcpy(blob + len, buf, (size_t)n);
            len += (size_t)n;
        }
    }
    close(b->pend_fd);
    b->pend_fd = -1;
    if (blob)
        ws_tui_back_ui_restore(t, blob, len);
    free(blob);
    if (t->g && !t->follow && b->pend_sm >= 0 && (uint32_t)b->pend_sm < ws_gpu_nsms(t->g)) {
        t->sm = (uint32_t)b->pend_sm;
        if (b->pend_slot >= 0 && (uint32_t)b->pend_slot < ws_gpu_warp_slots(t->g))
            t->slot = (uint32_t)b->pend_slot;
    }
    ws_tui_drain_skip(t);
    if (r != 0) {
        ws_tui_log(t, err.msg, true);
        ws_tui_message(t, true, "going back failed: %s", err.msg);
        return;
    }
    char line[240];
    int n = snprintf(line, sizeof line, "back to cycle %" PRIu64 ": replayed %" PRIu64
                     " cycles from the start in %.2f s (no checkpoints: the scenario ran again)",
                     t->g ? ws_gpu_cycle(t->g) : 0, t->tick, secs);
    ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    ws_tui_message(t, false, "%s", line);
    t->need_redraw = true;
}

int ws_tui_back_start_go(ws_tui *t, uint64_t tick, uint32_t phase, ws_error *err)
{
    ws_tui_back *b = t->back;
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/warpscope-back-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0)
        return ws_error_set(err, WS_E_IO, "cannot go back: no temporary file in %s: %s", dir && *dir ? dir : "/tmp",
                            strerror(errno));
    unlink(path);
    size_t len;
    char *blob = ws_tui_back_ui_save(t, b->set.n, &len);
    size_t off = 0;
    while (off < len) {
        ssize_t w = write(fd, blob + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    free(blob);
    if (off < len) {
        close(fd);
        return ws_error_set(err, WS_E_IO, "cannot go back: cannot write the temporary file: %s", strerror(errno));
    }
    char env[128];
    snprintf(env, sizeof env, "%" PRIu64 " %" PRIu32 " %d -1 -1", tick, phase, fd);
    setenv(ENV, env, 1);
    ws_tui_drain(t);
    ws_tui_exec_prepare(t);
#ifdef __linux__
    execv("/proc/self/exe", b->argv);
#endif
    execvp(b->argv[0], b->argv);
    int e = errno;
    ws_tui_exec_undo(t);
    unsetenv(ENV);
    close(fd);
    return ws_error_set(err, WS_E_IO, "cannot go back: cannot run %s again: %s", b->argv[0], strerror(e));
}
