/* ws_tui_int.h: what the parts of the TUI's own machinery share (the loop,
 * the command table, the header, the console).  Views use ws_tui.h only. */
#ifndef WS_TUI_INT_H
#define WS_TUI_INT_H

#include "tui/ws_tui.h"

/* ------------------------------------------------------- ws_tui_run.c */
/* Move the scenario on to its next launch (from LOADING or BETWEEN):
 * runs host code; sets rs to PAUSED (a launch began), FINISHED or ERROR.
 * Returns true when a Ctrl-C came while that host code ran: a run stays
 * paused at the launch it reached. */
bool ws_tui_next_launch(ws_tui *t);
void ws_tui_sync(ws_tui *t);
/* Start running towards `to` (n: cycles for WS_TO_CYCLES); -1 with err
 * when there is nothing to run. */
int ws_tui_go(ws_tui *t, ws_run_to to, uint64_t n, ws_error *err);
/* Stop running (and abandon a warp step in progress). */
void ws_tui_pause(ws_tui *t, const char *why);
/* While the scenario's Lua runs (between launches), the first Ctrl-C is
 * kept for when it comes back (the run pauses there) instead of
 * interrupting it; a second one interrupts it, for a scenario stuck in a
 * loop (ws_tui.c owns the signal state).  ws_tui_sigint_deferred returns
 * whether a Ctrl-C was kept, and forgets it. */
void ws_tui_sigint_defer(bool on);
bool ws_tui_sigint_deferred(void);
/* While console Lua runs: a simulation it runs in C (gpu:run, gpu:launch,
 * gpu:step) stops at the next slice when a signal comes (on true); on
 * false, a Ctrl-C that came meanwhile was for that command and is
 * forgotten (any other signal stays for the main loop). */
void ws_tui_console_interruptible(lua_State *L, bool on);
/* One chunk of a run: at most `n` cycles towards the target.  Returns the
 * cycles actually simulated. */
uint64_t ws_tui_run_chunk(ws_tui *t, uint64_t n);
/* Refresh the selection after the model moved (follow mode). */
void ws_tui_refollow(ws_tui *t);
/* Monotonic seconds. */
double ws_tui_now(void);
/* The ws_brk_warp_id of a warp (1-D grids; WS_BRK_ANY when unknown). */
uint64_t ws_tui_warp_id(const ws_tui *t);   /* of the selected warp; WS_BRK_ANY: none */

/* ------------------------------------------------------- ws_tui_cmd.c */
/* Dispatch a key: the ':' prompt, the help overlay, the view, then the
 * global key table. */
void ws_tui_on_key(ws_tui *t, int ch);
/* Line editing shared by the prompt and the console (left/right, Home/End,
 * ^A ^E ^B ^F, Backspace, Delete, ^U, ^K, printable characters): returns 1
 * when the key edited the line. */
int ws_tui_edit_key(char *buf, int size, int *len, int *pos, int ch);
/* Open the ':' prompt with initial text. */
void ws_tui_prompt_open(ws_tui *t, const char *text);
/* Number of commands in ws_tui_cmds and keys in ws_tui_keys. */
int ws_tui_ncmds(void);
int ws_tui_nkeys(void);
/* Split a command line into words (quotes group words); returns argc
 * (at most max), -1 with err on an unterminated quote.  buf receives the
 * words. */
int ws_tui_split(const char *line, char *buf, size_t size, char **argv, int max, ws_error *err);

/* --------------------------------------------------- ws_tui_screen.c */
/* Draw the whole screen (header, view, status or prompt, help overlay). */
void ws_tui_draw_screen(ws_tui *t);
void ws_tui_header_draw(ws_tui *t, WINDOW *w, int cols);
void ws_tui_status_draw(ws_tui *t, WINDOW *w, int y, int cols);
void ws_tui_help_draw(ws_tui *t, WINDOW *w, int rows, int cols);
/* ws_tui_explain.c: what the numbers of view NAME are (NULL-terminated
 * paragraphs; NULL for an unknown view), shown first by the help */
const char *const *ws_tui_explain(const char *view);
/* ws_tui_req.c: the request timeline overlay (t->req_on, t->req_id) */
int ws_tui_req_open(ws_tui *t, uint64_t id, ws_error *err);
int ws_tui_req_open_oldest(ws_tui *t, ws_error *err);
int ws_tui_req_open_wait(ws_tui *t, ws_error *err);
bool ws_tui_req_key(ws_tui *t, int ch);
void ws_tui_req_draw(ws_tui *t, WINDOW *w, int rows, int cols);
const char *ws_tui_state_name(ws_run_state rs);

/* ---------------------------------------------------------- ws_tui.c */
/* Move what the scenario wrote to its standard output (and error) since
 * the last call into the log (no-op without a capture). */
void ws_tui_drain(ws_tui *t);
/* Forget what the capture holds now unread (a runner that went back:
 * its replay printed again what the log already shows). */
void ws_tui_drain_skip(ws_tui *t);
/* Before executing warpscope again (stepping back from the start): the
 * terminal and the standard output and error as they were before the TUI,
 * the TUI's descriptors closed at exec; undo when the exec failed. */
void ws_tui_exec_prepare(ws_tui *t);
void ws_tui_exec_undo(ws_tui *t);

/* ---------------------------------------------------- ws_tui_lua.c */
/* Set the globals `tui` (table of functions) and `gpu` in t->L. */
void ws_tui_lua_install(ws_tui *t);
/* Point the global `gpu` at the current gpu (t->gpu_ref). */
void ws_tui_lua_set_gpu(ws_tui *t);
/* Run console input (may be a partial chunk: returns 1 when more lines are
 * needed, 0 when it ran, -1 on an error, which is logged). */
int ws_tui_lua_eval(ws_tui *t, const char *chunk);

/* ------------------------------------------------------- ws_tui_export.c */
/* Write the screen to `name` (".txt" added without an extension): SVG
 * with the curses colours for a name ending in ".svg", else text.  Through
 * a temporary file renamed at the end.  0 and the file written (and
 * whether it replaced one) in `written`, or -1 with err. */
int ws_tui_export(ws_tui *t, const char *name, char *written, size_t wsize, ws_error *err);

/* ------------------------------------------------------- ws_tui_report.c */
/* Write the HTML report of the run so far (the current gpu) to `name`,
 * atomically, without changing the model: 0, or -1 with err. */
int ws_tui_report(ws_tui *t, const char *name, ws_error *err);

#endif
