/* ws_lua_tgpu.c: the timing side of the Lua gpu: creation from the option
 * table (ws.gpu{ preset = "gtx480", ["l1d.size"] = "48K" }), timed
 * launches, statistics, and the batch-mode output at the end.
 *
 * Option precedence: the preset named on the command line (--preset), else
 * the one the script names, else gtx480; then the script's keys; then the
 * command line's --set KEY=VALUE (the user's word is final). */
#include "config.h"

#include <lauxlib.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_gpu.h"
#include "stats/ws_stats.h"
#include "util/ws_util.h"

/* Short names kept from the functional-only API. */
static const char *const aliases[][2] = {
    { "sms", "sm.count" },           { "threads_per_sm", "sm.threads" },
    { "ctas_per_sm", "sm.ctas" },     { "shared_per_sm", "sm.shared" },
    { "regs_per_sm", "sm.regs" },     { "threads_per_cta", "cta.threads" },
    { "local_per_thread", "thread.local" },
};

/* Push core.options[field] (nil when absent). */
static int core_option(lua_State *L, const char *field)
{
    lua_getfield(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_getfield(L, -1, "warpscope.core");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 2);
        lua_pushnil(L);
        return LUA_TNIL;
    }
    lua_getfield(L, -1, "options");
    if (!lua_istable(L, -1)) {
        lua_pop(L, 3);
        lua_pushnil(L);
        return LUA_TNIL;
    }
    lua_getfield(L, -1, field);
    lua_replace(L, -4);
    lua_pop(L, 2);
    return lua_type(L, -1);
}

/* A number, string or boolean (the caller checked) as option text. */
static void value_text(lua_State *L, int idx, char *buf, size_t size)
{
    if (lua_type(L, idx) == LUA_TBOOLEAN)
        snprintf(buf, size, "%s", lua_toboolean(L, idx) ? "true" : "false");
    else if (lua_isinteger(L, idx))
        snprintf(buf, size, "%lld", (long long)lua_tointeger(L, idx));
    else if (lua_type(L, idx) == LUA_TNUMBER)
        snprintf(buf, size, "%.17g", lua_tonumber(L, idx));
    else
        snprintf(buf, size, "%s", lua_tostring(L, idx));
}

/* The options of ws.gpu{...} (table at idx, or none), with the command
 * line's preset and --set applied. */
ws_opts *ws_ltg_opts(lua_State *L, int idx, uint64_t *budget, int *quiet)
{
    ws_error err;
    ws_opts *o = ws_opts_new();
    const char *preset = NULL;
    if (core_option(L, "preset") == LUA_TSTRING) preset = lua_tostring(L, -1);
    lua_pop(L, 1);
    if (!preset && idx && lua_istable(L, idx)) {
        lua_getfield(L, idx, "preset");
        if (lua_type(L, -1) == LUA_TSTRING) preset = lua_tostring(L, -1);
        else if (!lua_isnil(L, -1)) {
            ws_opts_free(o);
            luaL_error(L, "gpu option 'preset' must be a string");
        }
        lua_pop(L, 1);   /* the string stays alive in the options table */
    }
    if (preset && ws_opts_apply_preset(o, preset, &err) < 0) {
        ws_opts_free(o);
        luaL_error(L, "%s", err.msg);
    }
    if (idx && lua_istable(L, idx)) {
        lua_pushnil(L);
        while (lua_next(L, idx)) {
            if (lua_type(L, -2) != LUA_TSTRING) {
                ws_opts_free(o);
                luaL_error(L, "gpu options are named (key = value); got a %s key", luaL_typename(L, -2));
            }
            const char *k = lua_tostring(L, -2);
            if (!strcmp(k, "preset")) {
                lua_pop(L, 1);
                continue;
            }
            if (!strcmp(k, "prefetcher") || !strcmp(k, "throttle")) {   /* tables: ws_lpf_install */
                lua_pop(L, 1);
                continue;
            }
            if (!strcmp(k, "mode")) k = "run.mode";
            if (!strcmp(k, "insn_budget")) {
                if (!lua_isinteger(L, -1) || lua_tointeger(L, -1) < 0) {
                    ws_opts_free(o);
                    luaL_error(L, "gpu option 'insn_budget' must be a non-negative integer");
                }
                *budget = (uint64_t)lua_tointeger(L, -1);
                lua_pop(L, 1);
                continue;
            }
            if (!strcmp(k, "quiet")) {
                *quiet = lua_toboolean(L, -1);
                lua_pop(L, 1);
                continue;
            }
            if (!strcmp(k, "label")) {      /* (read by gpu.new) */
                if (lua_type(L, -1) != LUA_TSTRING) {
                    ws_opts_free(o);
                    luaL_error(L, "gpu option 'label' must be a string");
                }
                lua_pop(L, 1);
                continue;
            }
            for (size_t i = 0; i < sizeof aliases / sizeof *aliases; i++)
                if (!strcmp(k, aliases[i][0])) k = aliases[i][1];
            char v[256];
            int t = lua_type(L, -1);
            if (t != LUA_TBOOLEAN && t != LUA_TNUMBER && t != LUA_TSTRING) {
                ws_opts_free(o);
                luaL_error(L, "gpu option '%s': expected a number, string or boolean, got %s", k,
                           luaL_typename(L, -1));
            }
            value_text(L, -1, v, sizeof v);
            if (ws_opts_set(o, k, v, &err) < 0) {
                ws_opts_free(o);
                luaL_error(L, "%s", err.msg);
            }
            lua_pop(L, 1);
        }
    }
    if (core_option(L, "sets") == LUA_TTABLE) {
        lua_Integer n = luaL_len(L, -1);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_rawgeti(L, -1, i);
            const char *kv = lua_tostring(L, -1);
            if (kv && ws_opts_set_kv(o, kv, &err) < 0) {
                ws_opts_free(o);
                char q[256];
                luaL_error(L, "--set %s: %s", ws_str_quote(q, sizeof q, kv, strlen(kv), 60), err.msg);
            }
            lua_pop(L, 1);
        }
    }
    lua_pop(L, 1);
    if (ws_opts_validate(o, &err) < 0) {
        ws_opts_free(o);
        luaL_error(L, "%s", err.msg);
    }
    return o;
}

/* A timing GPU from validated options (freed here). */
ws_gpu *ws_ltg_create(lua_State *L, ws_opts *o)
{
    ws_error err;
    uint64_t seed = 1;
    if (core_option(L, "seed") == LUA_TNUMBER) seed = (uint64_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    ws_gpu *g = ws_gpu_create(o, seed, &err);
    ws_opts_free(o);
    if (!g)
        luaL_error(L, "%s", err.msg);
    /* an endless kernel stops after run.stall_window cycles in batch mode;
     * in the TUI it runs on until the user stops it */
    ws_gpu_set_stall_stop(g, ws_ltg_batch(L) != 0);
    return g;
}

int ws_ltg_batch(lua_State *L)
{
    int b = 0;
    if (core_option(L, "batch") != LUA_TNIL) b = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return b;
}

/* Print a table row for the launch just finished (batch mode). */
void ws_ltg_after_launch(lua_State *L, ws_lgpu *lg)
{
    if (!lg->quiet && ws_ltg_batch(L))
        ws_gpu_print_launch(lg->tg, stdout);
    lg->launched = 1;
}

static void push_counter_table(lua_State *L, ws_stats *s, size_t launch)
{
    size_t n = ws_stats_count(s);
    lua_createtable(L, 0, (int)n);
    for (size_t i = 0; i < n; i++) {
        const char *name = ws_stats_name_at(s, i);
        double v = launch == SIZE_MAX ? ws_stats_get(s, name, -1) : ws_stats_launch_get(s, launch, name, -1);
        if (isnan(v)) continue;
        if (v == floor(v) && fabs(v) < 9.0e15)
            lua_pushinteger(L, (lua_Integer)v);
        else
            lua_pushnumber(L, v);
        lua_setfield(L, -2, name);
    }
}

/* gpu:stats() in timing mode: { last = {counter = value, ...}, total = {...},
 * launches = n } */
void ws_ltg_push_stats(lua_State *L, ws_lgpu *lg)
{
    ws_gpu_stats_sync(lg->tg);
    ws_stats *s = ws_gpu_stats(lg->tg);
    size_t nl = ws_stats_nlaunches(s);
    lua_createtable(L, 0, 3);
    if (nl) push_counter_table(L, s, nl - 1);
    else lua_newtable(L);
    lua_setfield(L, -2, "last");
    push_counter_table(L, s, SIZE_MAX);
    lua_setfield(L, -2, "total");
    lua_pushinteger(L, (lua_Integer)nl);
    lua_setfield(L, -2, "launches");
    /* tables = { by_allocation = { ["name#id"] = { column = value } }, by_ptx_line = ... } (totals) */
    size_t nt = ws_stats_ntables(s);
    lua_createtable(L, 0, (int)nt);
    for (size_t t = 0; t < nt; t++) {
        ws_stats_table *tb = ws_stats_table_at(s, t);
        size_t nr = ws_stats_table_nrows(tb), nc = ws_stats_table_ncols(tb);
        lua_createtable(L, 0, (int)nr);
        for (size_t r = 0; r < nr; r++) {
            const uint64_t *v = ws_stats_table_values(tb, r);
            lua_createtable(L, 0, (int)nc);
            for (size_t c = 0; c < nc; c++) {
                lua_pushinteger(L, (lua_Integer)v[c]);
                lua_setfield(L, -2, ws_stats_table_col(tb, c));
            }
            lua_setfield(L, -2, ws_stats_table_key(tb, r));
        }
        lua_setfield(L, -2, ws_stats_table_name(tb));
    }
    lua_setfield(L, -2, "tables");
}

/* At close: the summary (batch mode) and the --json / --csv files. */
void ws_ltg_finish(lua_State *L, ws_lgpu *lg)
{
    if (!lg->tg || !lg->launched) return;
    ws_lua_output_written(L);
    if (!lg->quiet && ws_ltg_batch(L))
        ws_gpu_print_summary(lg->tg, stdout);
    ws_error err;
    ws_gpu_stats_sync(lg->tg);
    fflush(stdout);     /* (before files that may be standard output: --json=/dev/stdout) */
    char *json = NULL, *csv = NULL;
    int want = core_option(L, "json") == LUA_TSTRING;
    lua_pop(L, 1);
    if (core_option(L, "report") == LUA_TSTRING)      /* (the report is made from the JSON) */
        want = 1;
    if (want) {
        char *cfg = ws_opts_to_json(ws_gpu_opts(lg->tg));
        json = ws_stats_json_text(ws_gpu_stats(lg->tg), PACKAGE_VERSION, ws_gpu_seed(lg->tg), cfg);
        free(cfg);
    }
    lua_pop(L, 1);
    if (core_option(L, "csv") == LUA_TSTRING)
        csv = ws_stats_csv_text(ws_gpu_stats(lg->tg));
    lua_pop(L, 1);
    if (ws_lua_output_gpu(L, lg->label, json, csv, &err) < 0) {
        fprintf(stderr, "warpscope: %s\n", err.msg);
        ws_lua_output_failed(L);
    }
    fflush(stdout);
}
