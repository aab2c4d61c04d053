/* ws_tui_report.c: `:report FILE` writes the HTML report of the run so
 * far: the current gpu's statistics as --json would write them now
 * (ws_report_gpu_json: the counters synced, as the memory view does;
 * nothing in the model changes, so the run goes on as without it) made
 * into the report by lua/warpscope/report.lua in a plain Lua state of its
 * own (ws_report_write): the scenario's state is not touched.  The file is
 * a unique temporary file beside FILE renamed over it.  Off screen (the
 * fuzzer, the view tests) it is refused, so random keys never write
 * files. */
#include "config.h"
#include "tui/ws_tui_int.h"

#include <stdio.h>
#include <stdlib.h>

#include "arch/ws_gpu.h"
#include "lua/ws_lua_report.h"

int ws_tui_report(ws_tui *t, const char *name, ws_error *err)
{
    if (!name || !name[0])
        return ws_error_set(err, WS_E_PARSE, "report needs a file name (FILE.html)");
    if (!t->cap)
        return ws_error_set(err, WS_E_STATE, "report: refused off screen (the interface is not on a terminal)");
    if (!t->g)
        return ws_error_set(err, WS_E_STATE, "report: no gpu has run yet: nothing to report");
    char *json = ws_report_gpu_json(t->g);
    if (!json)
        return ws_error_set(err, WS_E_NOMEM, "report: out of memory for the statistics");
    char title[4200];
    snprintf(title, sizeof title, "%s, cycle %llu", t->scenario ? t->scenario : "run",
             (unsigned long long)ws_gpu_cycle(t->g));
    char note[200];
    snprintf(note, sizeof note, "The run so far (the TUI's :report at cycle %llu): a launch still going is in the "
             "totals and the time series, not yet in the launch tables.", (unsigned long long)ws_gpu_cycle(t->g));
    int rc = ws_report_write(json, title, name, note, err);
    free(json);
    return rc;
}
