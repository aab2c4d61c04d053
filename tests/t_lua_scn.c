/* t_lua_scn.c: the scenario runner gives the statistics of batch mode.
 *
 * tests/data/scn_bfs.lua (two BFS with DSAP and the MT throttle: 15
 * launches, prefetches, throttle transitions) runs once in batch mode and
 * once through ws_scn_* with every launch stepped by ws_lctl_advance in
 * chunks of odd sizes; the --json files are compared.  Then: a script error
 * comes back with its traceback, a launch left unfinished is finished by
 * the next resume, and the non-interactive runner runs launches itself. */
#include "config.h"

#include <lauxlib.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lua/ws_lua.h"
#include "lua/ws_lua_ctl.h"
#include "tests/ws_tap.h"
#include "util/ws_util.h"

static char script[4096];

/* The JSON file (every counter, cycles_skipped included: a run cut inside
 * an idle span goes on with the jump when it resumes). */
static char *json_of(const char *path)
{
    size_t len;
    char *t = ws_read_file(path, &len);
    if (!t) {
        diag("cannot read %s", path);
        return NULL;
    }
    char *out = ws_xmalloc(len + 1), *o = out;
    for (char *line = t; *line;) {
        char *nl = strchr(line, '\n');
        size_t n = nl ? (size_t)(nl - line + 1) : strlen(line);
        char save = line[n - 1];
        line[n - 1] = 0;
        bool skip = false;
        line[n - 1] = save;
        if (!skip) {
            memcpy(o, line, n);
            o += n;
        }
        line += n;
    }
    *o = 0;
    free(t);
    return out;
}

static lua_State *new_state(const char *json)
{
    ws_lua_opts o = { .seed = 1, .batch = 1, .json_path = json };
    return ws_lua_new(&o);
}

/* Run the scenario through the runner; each launch is stepped in chunks
 * (sizes cycling through `chunks`, 0 = do not step: leave it to resume).
 * Returns the number of launches, -1 on an error. */
static int run_scn(const char *json, const uint64_t *chunks, int nchunks, char **argv, int argc, ws_error *err,
                   int *steps)
{
    lua_State *L = new_state(json);
    ws_scn *s = ws_scn_new(L, script, argc, argv, err);
    if (!s) {
        ws_lua_close(L);
        return -1;
    }
    int launches = 0, k = 0, r;
    *steps = 0;
    while ((r = ws_scn_resume(s, err)) == WS_SCN_LAUNCH) {
        launches++;
        struct ws_lgpu *g = ws_scn_gpu(s);
        if (!g || !ws_lctl_active(g)) {
            ws_error_set(err, WS_E_STATE, "launch %d: no active launch after WS_SCN_LAUNCH", launches);
            r = WS_SCN_ERROR;
            break;
        }
        for (;;) {
            uint64_t n = chunks[k++ % nchunks];
            if (!n) break;
            int a = ws_lctl_advance(L, g, n, err);
            (*steps)++;
            if (a == WS_ADV_DONE) break;
            if (a != WS_ADV_BUDGET) {
                ws_error_prefix(err, "advance returned %d: ", a);
                r = WS_SCN_ERROR;
                break;
            }
        }
        if (r == WS_SCN_ERROR) break;
    }
    ws_scn_free(s);
    ws_lua_close(L);
    return r == WS_SCN_DONE ? launches : -1;
}

int main(void)
{
    const char *src = getenv("WS_SRCDIR");
    if (!src) src = ".";
    setenv("WARPSCOPE_DATADIR", src, 1);
    snprintf(script, sizeof script, "%s/tests/data/scn_bfs.lua", src);
    char ja[64], jb[64], jc[64];
    snprintf(ja, sizeof ja, "t_lua_scn.%ld.a.json", (long)getpid());
    snprintf(jb, sizeof jb, "t_lua_scn.%ld.b.json", (long)getpid());
    snprintf(jc, sizeof jc, "t_lua_scn.%ld.c.json", (long)getpid());

    /* batch */
    lua_State *L = new_state(ja);
    is_int(ws_lua_run_file(L, script, 0, NULL), 0, "batch run of scn_bfs.lua");
    ws_lua_close(L);
    char *a = json_of(ja);
    ok(a != NULL && strstr(a, "\"launches\"") != NULL, "batch statistics written");

    /* runner, stepped in chunks of odd sizes */
    ws_error err;
    static const uint64_t odd[] = { 997, 1, 13, 4099, 7 };
    int steps = 0;
    int n = run_scn(jb, odd, 5, NULL, 0, &err, &steps);
    if (n < 0) diag("%s", err.msg);
    is_int(n, 15, "the runner hands over each of the 15 launches");
    ok(steps > 15, "launches were stepped (%d advances)", steps);
    char *b = json_of(jb);
    ok(a && b && strcmp(a, b) == 0, "statistics identical to batch mode (chunks of 997, 1, 13, 4099, 7 cycles)");

    /* runner, launches left to the next resume (run to their end there) */
    static const uint64_t none[] = { 0 };
    n = run_scn(jc, none, 1, NULL, 0, &err, &steps);
    is_int(n, 15, "launches not stepped are finished by ws_scn_resume");
    char *c = json_of(jc);
    ok(a && c && strcmp(a, c) == 0, "statistics identical to batch mode");
    free(c);
    unlink(jc);

    /* half stepped: the resume finishes the rest */
    static const uint64_t half[] = { 2000, 0 };
    n = run_scn(jc, half, 2, NULL, 0, &err, &steps);
    is_int(n, 15, "launches stepped 2000 cycles, then resumed");
    c = json_of(jc);
    ok(a && c && strcmp(a, c) == 0, "statistics identical to batch mode");
    free(c);
    unlink(jc);

    /* a script error: WS_SCN_ERROR with the message and a traceback */
    char *fail[] = { (char *)"fail" };
    n = run_scn(jc, none, 1, fail, 1, &err, &steps);
    is_int(n, -1, "a failing scenario ends in an error");
    ok(strstr(err.msg, "scenario failed on purpose") != NULL, "the error message: %.*s", (int)strcspn(err.msg, "\n"), err.msg);
    ok(strstr(err.msg, "stack traceback") != NULL && strstr(err.msg, "scn_bfs.lua") != NULL,
       "with a traceback naming the script");
    unlink(jc);

    /* a scenario that cannot be loaded */
    L = new_state(NULL);
    ok(ws_scn_new(L, "/nonexistent/x.lua", 0, NULL, &err) == NULL, "a missing scenario is an error");
    ok(strstr(err.msg, "x.lua") != NULL, "naming the file: %s", err.msg);
    ws_lua_close(L);

    /* not interactive: launches run inside the script (batch behaviour) */
    L = new_state(jc);
    ws_scn *s = ws_scn_new(L, script, 0, NULL, &err);
    ws_scn_interactive(s, false);
    is_int(ws_scn_resume(s, &err), WS_SCN_DONE, "a non-interactive runner runs the scenario through");
    ok(ws_scn_gpu(s) == NULL, "no launch was handed over");
    is_int(ws_scn_resume(s, &err), WS_SCN_DONE, "resuming a finished scenario says done");
    ws_scn_free(s);
    ws_lua_close(L);
    c = json_of(jc);
    ok(a && c && strcmp(a, c) == 0, "statistics identical to batch mode");
    free(c);

    free(a);
    free(b);
    unlink(ja);
    unlink(jb);
    unlink(jc);
    return tap_done();
}
