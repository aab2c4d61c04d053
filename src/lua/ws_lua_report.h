/* ws_lua_report.h: the HTML report of a run (issue 39) from C: the text is
 * made by lua/warpscope/report.lua in a plain Lua state of its own (no
 * model, no scenario state touched), and written atomically.  Used by
 * `warpscope report` (src/cli/ws_cmd_report.c), --report at the end of a
 * run (ws_lua.c) and the TUI's :report (src/tui/ws_tui_report.c). */
#ifndef WS_LUA_REPORT_H
#define WS_LUA_REPORT_H

#include <lua.h>

#include "util/ws_error.h"

struct ws_gpu;

/* A plain Lua state for the report: the standard libraries, package.path
 * with the data directory's lua/ first, and module warpscope.report
 * required, its table on the stack top, with two C functions set in it:
 * preset_config(name) (a preset's configuration as JSON text, or nil) and
 * write_file(path, text) (true, or nil and a message; a unique temporary
 * file beside path renamed over it: ws_file_write).  NULL with err on
 * failure (the state is closed). */
lua_State *ws_report_state(ws_error *err);

/* The --json text of a timing gpu as it is now (its counters synced
 * first; nothing in the model changes).  Malloc'ed. */
char *ws_report_gpu_json(struct ws_gpu *g);

/* Write the report of json (the text --json writes; name: the run's name
 * in the title) to out, atomically: 0, or -1 with err saying why (bad
 * statistics, or the file could not be written; out is then untouched).
 * note (NULL: none): a sentence under the title for a run still going,
 * whose report may then have cycles and no finished launch. */
int ws_report_write(const char *json, const char *name, const char *out, const char *note, ws_error *err);

#endif
