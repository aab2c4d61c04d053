#include "config.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_gpu.h"
#include "lua/ws_lua_buffer.h"
#include "lua/ws_lua_graph.h"
#include "lua/ws_lua_sandbox.h"
#include "lua/ws_lua_report.h"
#include "arch/ws_gpu.h"
#include "util/ws_commit.h"
#include "util/ws_paths.h"
#include "util/ws_util.h"
#include "stats/ws_json.h"
#include "stats/ws_stats.h"

#include <lauxlib.h>
#include <lualib.h>
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Submodules of warpscope.core: each pushes one table. */
typedef struct ws_lua_submodule {
    const char *name;
    int (*open)(lua_State *L);
} ws_lua_submodule;

static const ws_lua_submodule submodules[] = {
    { "buffer", ws_lua_open_buffer },
    { "graph", ws_lua_open_graph },
    { "gpu", ws_lua_open_gpu },
    { NULL, NULL },
};

static int core_version(lua_State *L)
{
    lua_pushstring(L, PACKAGE_VERSION);
    return 1;
}

static int core_commit(lua_State *L)
{
    lua_pushstring(L, ws_commit());
    return 1;
}

static int core_datadir(lua_State *L)
{
    lua_pushstring(L, ws_paths_datadir());
    return 1;
}

int ws_luaopen_core(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "version", core_version },
        { "commit", core_commit },
        { "datadir", core_datadir },
        { NULL, NULL },
    };
    luaL_newlib(L, fns);
    for (const ws_lua_submodule *m = submodules; m->name; m++) {
        m->open(L);
        lua_setfield(L, -2, m->name);
    }
    return 1;
}

/* What became of --json, --csv and --report: a C structure in the registry, so that
 * it outlives the state (the GPUs are closed, and write their files, by
 * lua_close). */
typedef struct outgpu {
    char *label, *json, *csv;   /* a closed gpu's label and texts (NULL: not asked for) */
} outgpu;
typedef struct outstate {
    int failed;         /* a file could not be written */
    int written;        /* a timing gpu that ran a kernel wrote (or tried) */
    int exiting;        /* the script called os.exit (exit_status) */
    int exit_status;
    char *json, *csv;   /* the paths asked for (NULL: none) */
    char *report;       /* --report: the path, written from the JSON at close */
    char *report_name;  /* the run's name in the report's title */
    outgpu *g;          /* every gpu that wrote so far, in the order they closed */
    size_t ng, capg;
} outstate;
static const char OUTPUT_FAILED[] = "warpscope.output_failed";

static char *dup_or_null(const char *s)
{
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

static void outstate_free(outstate *o)
{
    if (!o)
        return;
    free(o->json);
    free(o->csv);
    free(o->report);
    free(o->report_name);
    for (size_t i = 0; i < o->ng; i++) {
        free(o->g[i].label);
        free(o->g[i].json);
        free(o->g[i].csv);
    }
    free(o->g);
    free(o);
}

/* ------------------------------------------------------------ os.exit
 *
 * Lua's os.exit calls exit() at once: the gpus are never closed, so the
 * summary, --json and --csv were lost.  Ours records the status and raises
 * an error (its object: a userdata kept in the registry under &EXIT_MARK,
 * whose __tostring is "os.exit(N)"); the runner (ws_lua_run_file, the
 * TUI, the REPL) sees ws_lua_exiting and returns without a message, and
 * main closes the state (writing the outputs) and exits with the status.
 *
 * Lua's os.exit cannot be caught, so neither can ours: pcall, xpcall,
 * coroutine.resume and coroutine.close are wrapped to raise it again when
 * they return after an exit was asked for, whatever error they caught (a
 * C part of warpscope may have turned it into a message).  What runs while
 * the error unwinds (to-be-closed variables, xpcall's message handler)
 * still runs.  An exit asked for where no error can travel (a
 * __gc metamethod) takes effect when the script ends. */
static const char EXIT_MARK = 'x';     /* registry key (its address): the error object */

static outstate *outs(lua_State *L)
{
    return ws_lua_registry_ptr(L, OUTPUT_FAILED);
}

int ws_lua_exiting(lua_State *L)
{
    outstate *p = outs(L);
    return p && p->exiting;
}

static int raise_exit(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &EXIT_MARK);
    return lua_error(L);
}

static int exit_tostring(lua_State *L)
{
    outstate *p = outs(L);
    lua_pushfstring(L, "os.exit(%d)", p ? p->exit_status : 0);
    return 1;
}

/* os.exit([code [, close]]): code true or absent is success, false is
 * failure, an integer is the status itself; close makes no difference (the
 * state is always closed). */
static int l_exit(lua_State *L)
{
    int status;
    if (lua_isboolean(L, 1))
        status = lua_toboolean(L, 1) ? EXIT_SUCCESS : EXIT_FAILURE;
    else
        status = (int)luaL_optinteger(L, 1, EXIT_SUCCESS);
    outstate *p = outs(L);
    if (p && !p->exiting) {     /* the first request wins (a __close may ask again) */
        p->exiting = 1;
        p->exit_status = status;
    }
    return raise_exit(L);
}

/* After a wrapped catcher (upvalue 1) returned: its results, or the exit
 * again. */
static int catch_done(lua_State *L, int status, lua_KContext ctx)
{
    (void)status;
    (void)ctx;
    if (ws_lua_exiting(L))
        return raise_exit(L);
    return lua_gettop(L);
}

/* The catcher in upvalue 1 called with the same arguments (its own checks
 * are made here first, so that their messages name the function). */
static int l_catch(lua_State *L)
{
    switch ((int)lua_tointeger(L, lua_upvalueindex(2))) {
    case 0:     /* pcall */
        luaL_checkany(L, 1);
        break;
    case 1:     /* xpcall */
        luaL_checktype(L, 2, LUA_TFUNCTION);
        break;
    default:    /* coroutine.resume, coroutine.close */
        luaL_argexpected(L, lua_type(L, 1) == LUA_TTHREAD, 1, "coroutine");
        break;
    }
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_callk(L, n, LUA_MULTRET, 0, catch_done);
    return catch_done(L, LUA_OK, 0);
}

/* Replace lib.name (lib NULL: the global) by the wrapper. */
static void wrap_catcher(lua_State *L, const char *lib, const char *name, int kind)
{
    if (lib)
        lua_getglobal(L, lib);
    else
        lua_pushglobaltable(L);
    if (lua_getfield(L, -1, name) == LUA_TFUNCTION) {
        lua_pushinteger(L, kind);
        lua_pushcclosure(L, l_catch, 2);
        lua_setfield(L, -2, name);
    } else {
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
}

const char *ws_lua_quote(lua_State *L, const char *s)
{
    char q[810];
    if (!s) s = "";
    return lua_pushstring(L, ws_str_quote(q, sizeof q, s, strlen(s), 200));
}

/* ------------------------------------------------------------ loading files */
int ws_lua_loadfile(lua_State *L, const char *path, const char *mode)
{
    if (path && ws_path_is_dir(path)) {
        char q[600];
        lua_pushfstring(L, "'%s' is a directory", ws_str_quote(q, sizeof q, path, strlen(path), 256));
        return LUA_ERRFILE;
    }
    return luaL_loadfilex(L, path, mode);
}

static int dofile_cont(lua_State *L, int status, lua_KContext ctx)
{
    (void)status, (void)ctx;
    return lua_gettop(L) - 1;
}

int ws_lua_dofile_at(lua_State *L, const char *path, const char *mode)
{
    lua_settop(L, 1);
    int st = ws_lua_loadfile(L, path, mode);
    if (st != LUA_OK) {
        if (st == LUA_ERRFILE) {    /* (a syntax error names its own file:line) */
            luaL_where(L, 1);
            lua_pushliteral(L, "dofile: ");
            lua_rotate(L, -3, 2);
            lua_concat(L, 3);
        }
        return lua_error(L);
    }
    lua_callk(L, 0, LUA_MULTRET, 0, dofile_cont);   /* (a launch inside may yield to the TUI) */
    return dofile_cont(L, 0, 0);
}

/* dofile, loadfile and the Lua searcher of require with a directory
 * refused by name and, for dofile and require, at the caller's line
 * (Lua's own message names neither). */
static int l_dofile(lua_State *L)
{
    return ws_lua_dofile_at(L, luaL_optstring(L, 1, NULL), NULL);
}

static int l_loadfile(lua_State *L)
{
    const char *p = luaL_optstring(L, 1, NULL);
    const char *mode = luaL_optstring(L, 2, NULL);
    int env = !lua_isnone(L, 3) ? 3 : 0;
    if (ws_lua_loadfile(L, p, mode) != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env) {
        lua_pushvalue(L, env);
        if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    }
    return 1;
}

int ws_lua_require_dir_error(lua_State *L, const char *name, const char *file)
{
    char qn[300], qf[600];
    luaL_where(L, 2);       /* (0: the searcher, 1: require, 2: its caller) */
    return luaL_error(L, "%srequire '%s': '%s' is a directory", lua_tostring(L, -1),
                      ws_str_quote(qn, sizeof qn, name, strlen(name), 128),
                      ws_str_quote(qf, sizeof qf, file, strlen(file), 256));
}

static int l_searcher(lua_State *L)
{
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "searchpath");
    lua_pushvalue(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "path");
    if (lua_type(L, -1) != LUA_TSTRING) return luaL_error(L, "'package.path' must be a string");
    lua_call(L, 2, 2);
    if (lua_isnil(L, -2)) return 1;         /* the places it looked */
    const char *file = lua_tostring(L, -2);
    if (ws_path_is_dir(file)) return ws_lua_require_dir_error(L, name, file);
    if (luaL_loadfilex(L, file, NULL) != LUA_OK)
        return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, file, lua_tostring(L, -1));
    lua_pushstring(L, file);
    return 2;
}

static void install_loaders(lua_State *L)
{
    lua_pushcfunction(L, l_dofile);
    lua_setglobal(L, "dofile");
    lua_pushcfunction(L, l_loadfile);
    lua_setglobal(L, "loadfile");
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "searchers");
    lua_pushvalue(L, -2);
    lua_pushcclosure(L, l_searcher, 1);
    lua_rawseti(L, -2, 2);
    lua_pop(L, 2);
}

static void install_exit(lua_State *L)
{
    lua_newuserdatauv(L, 0, 0);     /* made now: raising it allocates nothing */
    lua_createtable(L, 0, 2);
    lua_pushcfunction(L, exit_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "warpscope.exit");
    lua_setfield(L, -2, "__name");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &EXIT_MARK);
    lua_getglobal(L, "os");
    lua_pushcfunction(L, l_exit);
    lua_setfield(L, -2, "exit");
    lua_pop(L, 1);
    wrap_catcher(L, NULL, "pcall", 0);
    wrap_catcher(L, NULL, "xpcall", 1);
    wrap_catcher(L, "coroutine", "resume", 2);
    wrap_catcher(L, "coroutine", "close", 2);
}

lua_State *ws_lua_new(const ws_lua_opts *opts)
{
    lua_State *L = luaL_newstate();
    if (!L)
        return NULL;
    luaL_openlibs(L);
    outstate *out = calloc(1, sizeof *out);
    if (out && opts) {
        out->json = dup_or_null(opts->json_path);
        out->csv = dup_or_null(opts->csv_path);
        out->report = dup_or_null(opts->report_path);
        out->report_name = dup_or_null(opts->report_name ? opts->report_name : opts->json_path);
    }
    if (!out || (opts && ((opts->json_path && !out->json) || (opts->csv_path && !out->csv)
                          || (opts->report_path && !out->report)))) {
        outstate_free(out);
        lua_close(L);
        return NULL;
    }
    lua_pushlightuserdata(L, out);
    lua_setfield(L, LUA_REGISTRYINDEX, OUTPUT_FAILED);
    install_exit(L);
    install_loaders(L);

    /* package.path: the data directory's lua/ first, then the defaults. */
    char dir[PATH_MAX];
    ws_paths_data(dir, sizeof dir, "lua");
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "path");
    lua_pushfstring(L, "%s/?.lua;%s", dir, lua_tostring(L, -1));
    lua_setfield(L, -3, "path");
    lua_pop(L, 1);

    lua_getfield(L, -1, "preload");
    lua_pushcfunction(L, ws_luaopen_core);
    lua_setfield(L, -2, "warpscope.core");
    lua_pop(L, 2);

    /* Options visible to the Lua layer as warpscope.core.options. */
    luaL_requiref(L, "warpscope.core", ws_luaopen_core, 0);
    lua_newtable(L);
    lua_pushinteger(L, (lua_Integer)(opts ? opts->seed : 1));
    lua_setfield(L, -2, "seed");
    lua_pushboolean(L, opts ? opts->batch : 1);
    lua_setfield(L, -2, "batch");
    /* preset, json, csv: strings or nil; sets: array of "key=value". */
    lua_pushstring(L, opts ? opts->preset : NULL);
    lua_setfield(L, -2, "preset");
    lua_createtable(L, opts ? opts->nsets : 0, 0);
    for (int i = 0; opts && i < opts->nsets; i++) {
        lua_pushstring(L, opts->sets[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "sets");
    lua_pushstring(L, opts ? opts->json_path : NULL);
    lua_setfield(L, -2, "json");
    lua_pushstring(L, opts ? opts->csv_path : NULL);
    lua_setfield(L, -2, "csv");
    lua_pushstring(L, opts ? opts->report_path : NULL);
    lua_setfield(L, -2, "report");
    lua_setfield(L, -2, "options");
    lua_pop(L, 1);
    return L;
}

void *ws_lua_registry_ptr(lua_State *L, const char *key)
{
    lua_getfield(L, LUA_REGISTRYINDEX, key);
    void *p = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return p;
}

void ws_lua_output_failed(lua_State *L)
{
    outstate *p = ws_lua_registry_ptr(L, OUTPUT_FAILED);
    if (p) p->failed = 1;
}

void ws_lua_output_written(lua_State *L)
{
    outstate *p = ws_lua_registry_ptr(L, OUTPUT_FAILED);
    if (p) p->written = 1;
}

/* The --json text of every gpu so far: one gpu's text as it is; with more,
 * the last one's (the layout of one gpu, as readers of one expect) with
 * "gpus": [{"label", "stats": each gpu's text}, ...] added. */
static char *json_all(const outstate *p)
{
    const char *last = p->g[p->ng - 1].json;
    if (p->ng == 1)
        return ws_xstrdup(last);
    size_t n = strlen(last) + 64;
    for (size_t i = 0; i < p->ng; i++)
        n += strlen(p->g[i].json) + 8 * strlen(p->g[i].label) + 128;   /* (a label escaped: at most 6 bytes a byte) */
    char *out = ws_xmalloc(n);
    size_t end = strlen(last);
    while (end > 0 && (last[end - 1] == '\n' || last[end - 1] == ' '))
        end--;
    if (end > 0 && last[end - 1] == '}')       /* the last gpu's object, still open */
        end--;
    while (end > 0 && (last[end - 1] == '\n' || last[end - 1] == ' '))
        end--;
    memcpy(out, last, end);
    size_t k = end;
    k += (size_t)sprintf(out + k, ",\n  \"gpus\": [");
    for (size_t i = 0; i < p->ng; i++) {
        /* {"label": ..., "index": N, "stats": TEXT} */
        ws_json j;
        ws_json_init(&j, true);
        ws_json_object(&j, true);
        ws_json_key(&j, "label");
        ws_json_str(&j, p->g[i].label);
        ws_json_key(&j, "index");
        ws_json_u64(&j, i + 1);
        ws_json_end(&j);
        size_t hl = j.len && j.buf[j.len - 1] == '}' ? j.len - 1 : j.len;
        k += (size_t)sprintf(out + k, "%s\n    ", i ? "," : "");
        memcpy(out + k, j.buf, hl);
        k += hl;
        ws_json_free(&j);
        k += (size_t)sprintf(out + k, ", \"stats\": ");
        size_t tl = strlen(p->g[i].json);
        while (tl > 0 && p->g[i].json[tl - 1] == '\n')
            tl--;
        memcpy(out + k, p->g[i].json, tl);
        k += tl;
        out[k++] = '}';
    }
    k += (size_t)sprintf(out + k, "\n  ]\n}\n");
    out[k] = 0;
    return out;
}

/* The --csv text of every gpu so far: one gpu's as it is; with more, each
 * after a line "# gpu N: LABEL". */
static char *csv_all(const outstate *p)
{
    if (p->ng == 1)
        return ws_xstrdup(p->g[0].csv);
    size_t n = 1;
    for (size_t i = 0; i < p->ng; i++)
        n += strlen(p->g[i].csv) + strlen(p->g[i].label) + 48;
    char *out = ws_xmalloc(n);
    size_t k = 0;
    for (size_t i = 0; i < p->ng; i++) {
        k += (size_t)sprintf(out + k, "# gpu %zu: %s\n", i + 1, p->g[i].label);
        size_t tl = strlen(p->g[i].csv);
        memcpy(out + k, p->g[i].csv, tl);
        k += tl;
        if (tl && p->g[i].csv[tl - 1] != '\n')
            out[k++] = '\n';
    }
    out[k] = 0;
    return out;
}

int ws_lua_output_gpu(lua_State *L, const char *label, char *json, char *csv, ws_error *err)
{
    outstate *p = ws_lua_registry_ptr(L, OUTPUT_FAILED);
    if (!p || (!p->json && !p->csv && !p->report)) {
        free(json);
        free(csv);
        return 0;
    }
    if (((p->json || p->report) && !json) || (p->csv && !csv)) {
        free(json);
        free(csv);
        return ws_error_set(err, WS_E_NOMEM, "out of memory for the statistics");
    }
    WS_GROW(p->g, p->capg, p->ng + 1);
    p->g[p->ng++] = (outgpu){ .label = ws_xstrdup(label ? label : ""), .json = json, .csv = csv };
    int rc = 0;
    if (p->json) {
        char *t = json_all(p);
        rc = ws_stats_write_atomic(p->json, t, strlen(t), err);
        free(t);
    }
    if (rc == 0 && p->csv) {
        char *t = csv_all(p);
        rc = ws_stats_write_atomic(p->csv, t, strlen(t), err);
        free(t);
    }
    return rc;
}

static const char INTERRUPT[] = "warpscope.interrupt";
static const char POLL[] = "warpscope.poll";

/* The poll set by ws_lua_set_poll (a full userdata in the registry). */
typedef struct lua_poll {
    ws_lua_poll_fn *fn;
    void *ud;
    unsigned count;
} lua_poll;

/* Call the poll every POLL_EVERY interrupt checks: about every 256 K VM
 * instructions with the 4096-instruction hook (64 K under the sandbox's
 * 1000-instruction one), a fraction of a millisecond, so its system call
 * costs nothing measurable. */
#define POLL_EVERY 64

void ws_lua_set_poll(lua_State *L, ws_lua_poll_fn *fn, void *ud)
{
    if (fn) {
        lua_poll *p = lua_newuserdatauv(L, sizeof *p, 0);
        p->fn = fn;
        p->ud = ud;
        p->count = 0;
    } else {
        lua_pushnil(L);
    }
    lua_setfield(L, LUA_REGISTRYINDEX, POLL);
}

void ws_lua_check_interrupt(lua_State *L)
{
    lua_poll *p = ws_lua_registry_ptr(L, POLL);
    if (p && ++p->count >= POLL_EVERY) {
        p->count = 0;
        p->fn(p->ud);       /* (may let a signal in: checked just below) */
    }
    volatile sig_atomic_t *flag = ws_lua_registry_ptr(L, INTERRUPT);
    if (!flag || !*flag)
        return;
    if (*flag == SIGINT) {
        *flag = 0;
        luaL_error(L, "interrupted (Ctrl-C)");
    }
    luaL_error(L, "terminated (signal %d)", (int)*flag);
}

static void interrupt_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    ws_lua_check_interrupt(L);
}

void ws_lua_interruptible(lua_State *L, volatile sig_atomic_t *flag)
{
    if (flag)
        lua_pushlightuserdata(L, (void *)(uintptr_t)flag);
    else
        lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, INTERRUPT);
    if (flag && !lua_gethook(L))
        lua_sethook(L, interrupt_hook, LUA_MASKCOUNT, 4096);
    else if (!flag && lua_gethook(L) == interrupt_hook)
        lua_sethook(L, NULL, 0, 0);
}

/* lua_close and what became of the outputs: -1 when one failed (said on
 * stderr); *exiting and *status: whether the script called os.exit, with
 * which status (asked for up to the end: a to-be-closed variable or a
 * __gc may run then). */
static int close_state(lua_State *L, int *exiting, int *status)
{
    *exiting = 0;
    *status = 0;
    if (!L)
        return 0;
    outstate *p = ws_lua_registry_ptr(L, OUTPUT_FAILED);
    void *sbmem = ws_lua_sandbox_memory_handle(L);
    lua_close(L);
    free(sbmem);       /* the sandbox's allocator state, used by lua_close */
    if (!p)
        return 0;
    *exiting = p->exiting;
    *status = p->exit_status;
    if (p->report && p->ng > 0) {
        /* the report of every gpu, from the text --json has (or would have) */
        ws_error err;
        char *t = json_all(p);
        if (ws_report_write(t, p->report_name ? p->report_name : "run", p->report, NULL, &err) < 0) {
            fprintf(stderr, "warpscope: --report: %s\n", err.msg);
            p->failed = 1;
        }
        free(t);
    }
    /* --json or --csv asked for statistics that no gpu had: say so rather
     * than leave the file missing without a word */
    const char *paths[3] = { p->json, p->csv, p->report }, *flag[3] = { "--json", "--csv", "--report" };
    for (int i = 0; i < 3 && !p->written; i++)
        if (paths[i]) {
            fprintf(stderr, "warpscope: %s: nothing written to '%s': no kernel ran on a timing gpu "
                            "(run.mode=functional, or the scenario launched nothing)\n", flag[i], paths[i]);
            p->failed = 1;
        }
    int failed = p->failed;
    outstate_free(p);
    return failed ? -1 : 0;
}

int ws_lua_close(lua_State *L)
{
    int exiting, status;
    return close_state(L, &exiting, &status);
}

int ws_lua_close_status(lua_State *L, int failed)
{
    int exiting, status;
    int crc = close_state(L, &exiting, &status);
    if (exiting)
        return crc < 0 && status == EXIT_SUCCESS ? EXIT_FAILURE : status;
    return failed || crc < 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

int ws_lua_traceback(lua_State *L)
{
    if (ws_lua_exiting(L))
        return 1;       /* os.exit: no message, the marker goes on */
    const char *msg = lua_tostring(L, 1);
    if (!msg) {
        if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
            return 1;
        msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

void ws_lua_set_arg(lua_State *L, const char *path, int argc, char **argv)
{
    lua_createtable(L, argc, 1);
    lua_pushstring(L, path);
    lua_rawseti(L, -2, 0);
    for (int i = 0; i < argc; i++) {
        lua_pushstring(L, argv[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setglobal(L, "arg");
}

int ws_lua_run_file(lua_State *L, const char *path, int argc, char **argv)
{
    ws_lua_set_arg(L, path, argc, argv);

    int base = lua_gettop(L);
    lua_pushcfunction(L, ws_lua_traceback);
    int st = luaL_loadfilex(L, path, "t");
    if (st == LUA_OK)
        st = lua_pcall(L, 0, 0, base + 1);
    if (st != LUA_OK && ws_lua_exiting(L)) {
        lua_settop(L, base);    /* os.exit: main closes the state and exits */
        return 0;
    }
    uint64_t limit;
    if (st == LUA_ERRMEM && ws_lua_sandbox_memory_refused(L, &limit)) {
        fprintf(stderr, "warpscope: %s: sandbox: the Lua memory limit of %" PRIu64 " bytes is reached "
                        "(--sandbox-memory)\n", path, limit);
        lua_settop(L, base);
        return 1;
    }
    if (st != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        fprintf(stderr, "warpscope: %s\n", msg);
        /* a deadlock's error stops its diagnosis at 1024 bytes: here,
         * where nothing can ask gpu:diagnosis() any more, the whole of it */
        if (msg && strstr(msg, WS_GPU_DIAG_MORE) &&
            lua_getfield(L, LUA_REGISTRYINDEX, WS_LUA_LAST_DIAGNOSIS) == LUA_TSTRING)
            fprintf(stderr, "warpscope: the whole deadlock diagnosis:\n%s", lua_tostring(L, -1));
        lua_settop(L, base);
        return 1;
    }
    lua_settop(L, base);
    return 0;
}
