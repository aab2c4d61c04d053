#include "config.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_gpu.h"
#include "lua/ws_lua_buffer.h"
#include "lua/ws_lua_graph.h"
#include "arch/ws_gpu.h"
#include "util/ws_paths.h"

#include <lauxlib.h>
#include <lualib.h>
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

static int core_datadir(lua_State *L)
{
    lua_pushstring(L, ws_paths_datadir());
    return 1;
}

int ws_luaopen_core(lua_State *L)
{
    static const luaL_Reg fns[] = {
        { "version", core_version },
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

/* What became of --json and --csv: a C structure in the registry, so that
 * it outlives the state (the GPUs are closed, and write their files, by
 * lua_close). */
typedef struct outstate {
    int failed;         /* a file could not be written */
    int written;        /* a timing gpu that ran a kernel wrote (or tried) */
    char *json, *csv;   /* the paths asked for (NULL: none) */
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
    free(o);
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
    }
    if (!out || (opts && ((opts->json_path && !out->json) || (opts->csv_path && !out->csv)))) {
        outstate_free(out);
        lua_close(L);
        return NULL;
    }
    lua_pushlightuserdata(L, out);
    lua_setfield(L, LUA_REGISTRYINDEX, OUTPUT_FAILED);

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

static const char INTERRUPT[] = "warpscope.interrupt";

void ws_lua_check_interrupt(lua_State *L)
{
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

int ws_lua_close(lua_State *L)
{
    if (!L)
        return 0;
    outstate *p = ws_lua_registry_ptr(L, OUTPUT_FAILED);
    lua_close(L);
    if (!p)
        return 0;
    /* --json or --csv asked for statistics that no gpu had: say so rather
     * than leave the file missing without a word */
    const char *paths[2] = { p->json, p->csv }, *flag[2] = { "--json", "--csv" };
    for (int i = 0; i < 2 && !p->written; i++)
        if (paths[i]) {
            fprintf(stderr, "warpscope: %s: nothing written to '%s': no kernel ran on a timing gpu "
                            "(run.mode=functional, or the scenario launched nothing)\n", flag[i], paths[i]);
            p->failed = 1;
        }
    int failed = p->failed;
    outstate_free(p);
    return failed ? -1 : 0;
}

int ws_lua_traceback(lua_State *L)
{
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
