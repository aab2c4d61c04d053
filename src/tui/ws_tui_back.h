/* ws_tui_back.h: stepping back in the TUI (:back, :checkpoints, the u and
 * U keys) with fork()-based checkpoints and deterministic replay.
 *
 * Processes.  The process the shell started stays as a small supervisor
 * (ws_tui_back_begin forks before the terminal opens): it reaps every
 * descendant (PR_SET_CHILD_SUBREAPER), passes on the signals someone sends
 * it with kill (the terminal's own reach every process of the job), and
 * exits with the status of the process that is live, the one showing the
 * TUI.  Every K cycles the live process forks a checkpoint: a copy that
 * waits, frozen, on a pipe.  To go back to position p, the live process
 * asks the newest checkpoint at or before p; it forks a runner (through an
 * intermediate process, so the runner belongs to the supervisor) and waits
 * again, reusable; the runner replays to p without drawing, takes over the
 * user's state (breakpoints, console log and history, selection, view)
 * from the old live process, tells the supervisor and the old process,
 * which exits without writing anything, and becomes the live TUI.
 *
 * Positions are (t->tick, t->phase) (util/ws_ckpt.h).  Console Lua can
 * change anything, so after it runs the checkpoints before it are dropped
 * and a new one is taken: going back stops there (a barrier). */
#ifndef WS_TUI_BACK_H
#define WS_TUI_BACK_H

#include "tui/ws_tui.h"

/* Set up stepping back (opts->checkpoint); on Linux this forks the
 * supervisor, which never returns from here.  Call before the terminal is
 * opened. */
void ws_tui_back_begin(ws_tui *t, const ws_tui_opts *o);
/* The TUI is leaving normally: end the checkpoints. */
void ws_tui_back_end(ws_tui *t);
/* At the top of the main loop (no Lua or command is running): take a
 * checkpoint when one is due.  A runner comes back from here after its
 * replay as the new live process. */
void ws_tui_back_loop(ws_tui *t);
/* ws_tui_step simulated `cycles` in `secs` seconds (moves t->tick). */
void ws_tui_back_stepped(ws_tui *t, uint64_t cycles, double secs);
/* The scenario is about to be resumed (moves t->phase). */
void ws_tui_back_phase(ws_tui *t);
/* Console Lua ran: nothing before this point can be replayed. */
void ws_tui_back_barrier(ws_tui *t);
/* A barrier's checkpoint is due: the main loop must come round to
 * ws_tui_back_loop before it runs another key (a step typed in the same
 * burst as the console Lua would otherwise run first, and going back could
 * not reach the barrier's cycle). */
bool ws_tui_back_due(const ws_tui *t);
/* The commands: back [N|i|break [ID]] and checkpoints. */
int ws_tui_back_cmd(ws_tui *t, int argc, char **argv, ws_error *err);
int ws_tui_back_list(ws_tui *t, int argc, char **argv, ws_error *err);

#endif
