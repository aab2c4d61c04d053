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
 *       else break;                      // WS_SCN_DONE or WS_SCN_ERROR (err.msg)
 *   }
 * Inside the runner's coroutine, gpu:launch begins the launch and yields;
 * the next ws_scn_resume (after the launch is done) closes it (statistics,
 * batch table row, Lua prefetcher errors) and the script goes on.  A launch
 * not finished when ws_scn_resume is called is first run to its end. */
#ifndef WS_LUA_CTL_H
#define WS_LUA_CTL_H

#include <lua.h>
#include <stdint.h>

#include "util/ws_error.h"

struct ws_gpu;
struct ws_lgpu;

enum {
    WS_ADV_ERROR = -1,   /* fault, deadlock (after the deadlock hook ran), hook error: err */
    WS_ADV_BUDGET = 0,   /* the cycles ran out */
    WS_ADV_DONE = 1,     /* the launch has finished (every warp retired, memory quiet) */
    WS_ADV_BREAK = 2,    /* a breakpoint hit (ws_gpu_brk_hit says which) */
    WS_ADV_STOP = 3,     /* a hook or run_until predicate asked to stop */
    WS_ADV_IDLE = 4      /* no launch is active */
};

/* Advance the active launch of `g` by up to `cycles` core cycles (0: to the
 * end), running the gpu's event hooks on the way.  Does not close the
 * launch. */
int ws_lctl_advance(lua_State *L, struct ws_lgpu *g, uint64_t cycles, ws_error *err);

/* The gpu userdata at idx (a gpu:... receiver), or NULL. */
struct ws_lgpu *ws_lctl_testgpu(lua_State *L, int idx);
/* Its timing model (NULL for a functional gpu or a closed one). */
struct ws_gpu *ws_lctl_model(struct ws_lgpu *g);

/* gpu methods of this layer (step, run_until, finish, start, break, delete,
 * breakpoints, on, off, ...), added to the gpu method table. */
void ws_lctl_methods(lua_State *L);
/* Called by gpu:launch: begin, then either yield (inside a scenario runner)
 * or run to the end through ws_lctl_advance, then close. */
int ws_lctl_launch(lua_State *L);

/* ------------------------------------------------------- scenario runner */
enum { WS_SCN_ERROR = -1, WS_SCN_DONE = 0, WS_SCN_LAUNCH = 1 };
typedef struct ws_scn ws_scn;
ws_scn *ws_scn_new(lua_State *L, const char *path, int argc, char **argv, ws_error *err);
int ws_scn_resume(ws_scn *s, ws_error *err);
/* The gpu of the active (or, after it, the last) launch; NULL before one. */
struct ws_lgpu *ws_scn_gpu(ws_scn *s);
void ws_scn_free(ws_scn *s);

#endif
