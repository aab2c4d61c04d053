/* ws_lua_ctl.h: the control layer shared by the Lua API (gpu:step,
 * gpu:run_until, breakpoints, event hooks), the TUI and the REPL, and the
 * scenario runner that lets a front end step a scenario's launches.
 *
 * Every way of moving the clock goes through ws_lctl_advance, so event
 * hooks (gpu:on) fire and breakpoints stop the same way in batch mode, in
 * the REPL and in the TUI, and a run cut into steps gives the same
 * statistics as one straight through.
 *
 * Scenario runner (used by the TUI):
 *   ws_scn *s = ws_scn_new(L, path, argc, argv, &err);
 *   for (;;) {
 *       int r = ws_scn_resume(s, &err);  // runs Lua until a launch begins or the script ends
 *       if (r == WS_SCN_LAUNCH) { ... step ws_scn_gpu(s) with ws_lctl_advance until
 *                                 it returns WS_ADV_DONE (or the user quits) ... }
 *       else break;                      // WS_SCN_DONE, WS_SCN_EXIT or WS_SCN_ERROR (err.msg)
 *   }
 * Inside the runner's coroutine, gpu:launch begins the launch and yields;
 * the next ws_scn_resume (after the launch is done) closes it (statistics,
 * batch table row, Lua prefetcher errors) and the script goes on.  A launch
 * not finished when ws_scn_resume is called is first run to its end. */
#ifndef WS_LUA_CTL_H
#define WS_LUA_CTL_H

#include <lua.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>

#include "arch/ws_gpu_dbg.h"
#include "core/ws_core.h"
#include "util/ws_error.h"

struct ws_gpu;
struct ws_lgpu;

enum {
    WS_ADV_ERROR = -1,   /* fault, deadlock (after the deadlock hook ran), hook error: err */
    WS_ADV_BUDGET = 0,   /* the cycles ran out */
    WS_ADV_DONE = 1,     /* the launch has finished (every warp retired, memory quiet) */
    WS_ADV_BREAK = 2,    /* a breakpoint hit (ws_lctl_hit says which) */
    WS_ADV_STOP = 3,     /* a hook or run_until predicate asked to stop */
    WS_ADV_IDLE = 4      /* no launch is active */
};
/* "error", "budget", "done", "break", "stop", "idle" (gpu:step's words). */
const char *ws_lctl_status_name(int rc);

/* Advance the active launch of `g` by up to `cycles` core cycles (0: to the
 * end), running the gpu's event hooks on the way: interval hooks at every
 * multiple of their period, throttle hooks at each transition, the deadlock
 * hook before a deadlock error.  Stops at enabled breakpoints.  Does not
 * close the launch.  A hook's error returns WS_ADV_ERROR with its message
 * and leaves the launch active (advance again to go on); after a fault or a
 * deadlock every further advance returns WS_ADV_ERROR with that error until
 * the launch is closed (gpu:finish, or the scenario runner).  L must be the
 * running thread (the main state when called from a front end's C code). */
int ws_lctl_advance(lua_State *L, struct ws_lgpu *g, uint64_t cycles, ws_error *err);
/* What stopped the last advance that returned WS_ADV_BREAK (a user
 * breakpoint: never the internal ones below). */
const ws_brk_hit *ws_lctl_hit(const struct ws_lgpu *g);
/* True for breakpoints the control layer made for itself (the throttle
 * hook's, gpu:step_warp's): front ends leave them out of their lists. */
bool ws_lctl_internal_brk(const struct ws_lgpu *g, int id);
/* A launch is active (begun, not yet closed); its kernel and number. */
bool ws_lctl_active(const struct ws_lgpu *g);

/* The gpu userdata at idx (a gpu:... receiver), or NULL. */
struct ws_lgpu *ws_lctl_testgpu(lua_State *L, int idx);
/* Its timing model (NULL for a functional gpu or a closed one). */
struct ws_gpu *ws_lctl_model(struct ws_lgpu *g);

/* gpu methods of this layer (start, step, step_warp, run_until, continue,
 * finish, running, on, off, breakpoint, delete, enable, breakpoints),
 * added to the gpu method table on the stack. */
void ws_lctl_methods(lua_State *L);
/* gpu:launch on a timing gpu (gpu at stack index 1; the arguments already
 * converted): begin, then either yield (inside a scenario runner's
 * coroutine) or run to the end through ws_lctl_advance, then close. */
int ws_lctl_launch(lua_State *L, struct ws_lgpu *g, const ws_kernel *k, const ws_launch_config *lc,
                   const ws_arg *args, uint32_t nargs);
/* gpu:close / __gc: drop the control state (an active launch is abandoned). */
void ws_lctl_close(lua_State *L, struct ws_lgpu *g);
/* Whether g is inside a run or one of its hooks (it may not be closed). */
bool ws_lctl_busy(const struct ws_lgpu *g);
/* A flag a signal handler sets (Ctrl-C in the REPL): while it is given, runs
 * go in slices of WS_LCTL_SLICE cycles and, once the flag is set, advance
 * returns WS_ADV_ERROR with "interrupted" (the launch stays active; the
 * flag is left for its owner to clear).  NULL: none. */
#define WS_LCTL_SLICE 65536
void ws_lctl_set_interrupt(lua_State *L, volatile sig_atomic_t *flag);

/* ------------------------------------------------------- scenario runner */
enum { WS_SCN_ERROR = -1, WS_SCN_DONE = 0, WS_SCN_LAUNCH = 1, WS_SCN_EXIT = 2 };
typedef struct ws_scn ws_scn;
/* Load the scenario (arg[0] = path, arg[1..] = argv) into a coroutine of L;
 * NULL with err when the file cannot be loaded. */
ws_scn *ws_scn_new(lua_State *L, const char *path, int argc, char **argv, ws_error *err);
/* Whether gpu:launch in the scenario hands its launches to the caller (on
 * by default); off, the scenario runs as in batch mode. */
void ws_scn_interactive(ws_scn *s, bool on);
/* Run the scenario until a launch begins (WS_SCN_LAUNCH: step it with
 * ws_lctl_advance), it ends (WS_SCN_DONE), calls os.exit (WS_SCN_EXIT: end
 * the run; ws_lua_close_status gives the status) or fails (WS_SCN_ERROR,
 * err has the message and traceback).  An unfinished launch is first run to its end
 * (breakpoints and "stop" do not hold it) and closed. */
int ws_scn_resume(ws_scn *s, ws_error *err);
/* The gpu of the active (or, after it, the last) launch; NULL before one. */
struct ws_lgpu *ws_scn_gpu(ws_scn *s);
void ws_scn_free(ws_scn *s);

#endif
