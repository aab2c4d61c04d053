/* ws_lua_module.c: PTX modules and kernels loaded on a gpu.
 *
 *   local m = gpu:load_ptx("kernels/bfs_topo.ptx")
 *   m:kernels()                    -> { "bfs_topo_expand", "bfs_topo_update" }
 *   local k = m:kernel("bfs_topo_expand")
 *   k.name, k.regs, k.shared, k.local, k.params -> { {name=, type=, ptr=}, ... }
 *   k.regs_source ("ptxas" from the resource record beside the PTX, or
 *   "estimate"), k.regs_estimate, k.ptxas (the record's counts or nil),
 *   m.record (the record's path or nil)
 *
 * A relative path is looked up as given, then beside the running script,
 * then in the data directory's scenarios/ (where the shipped kernels live). */
#include "config.h"
#include "lua/ws_lua_gpu.h"
#include "lua/ws_lua_sandbox.h"
#include "util/ws_paths.h"

#include <lauxlib.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static ws_lmodule *check_module(lua_State *L, int idx)
{
    ws_lmodule *m = luaL_checkudata(L, idx, WS_MODULE_MT);
    ws_lgpu_of(L, idx);
    return m;
}

static const ws_kernel *check_kernel(lua_State *L, int idx)
{
    ws_lkernel *k = luaL_checkudata(L, idx, WS_KERNEL_MT);
    ws_lgpu_of(L, idx);
    return k->k;
}

/* Directory of the Lua chunk that called us (from its "@path" source), or "". */
static void caller_dir(lua_State *L, char *buf, size_t size)
{
    lua_Debug ar;
    buf[0] = '\0';
    for (int level = 1; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "S", &ar) || ar.source[0] != '@')
            continue;
        snprintf(buf, size, "%s", ar.source + 1);
        char *slash = strrchr(buf, '/');
        if (slash)
            *slash = '\0';
        else
            snprintf(buf, size, ".");
        return;
    }
}

/* Resolve a PTX path as documented above; returns 0 and fills out, or -1. */
static int resolve(lua_State *L, const char *path, char *out, size_t size)
{
    snprintf(out, size, "%s", path);
    if (access(out, R_OK) == 0 || path[0] == '/')
        return access(out, R_OK) == 0 ? 0 : -1;
    char dir[PATH_MAX];
    caller_dir(L, dir, sizeof dir);
    if (dir[0]) {
        snprintf(out, size, "%s/%s", dir, path);
        if (access(out, R_OK) == 0)
            return 0;
    }
    char rel[PATH_MAX];
    snprintf(rel, sizeof rel, "scenarios/%s", path);
    ws_paths_data(out, size, rel);
    return access(out, R_OK) == 0 ? 0 : -1;
}

static int push_module(lua_State *L, int gpu_idx, ws_module *mod, const char *path)
{
    ws_lmodule *m = lua_newuserdatauv(L, sizeof *m, 1);
    m->mod = mod;
    snprintf(m->path, sizeof m->path, "%s", path);
    luaL_setmetatable(L, WS_MODULE_MT);
    lua_pushvalue(L, gpu_idx);
    lua_setiuservalue(L, -2, 1);
    return 1;
}

/* gpu:load_ptx(path) */
int ws_lgpu_load_ptx(lua_State *L)
{
    ws_device *d = ws_lgpu_check(L, 1);
    const char *path = luaL_checkstring(L, 2);
    char full[PATH_MAX];
    if (resolve(L, path, full, sizeof full) != 0)
        return luaL_error(L, "cannot find PTX file '%s' (looked in the current directory, beside "
                             "the script and in %s/scenarios)", path, ws_paths_datadir());
    ws_lua_sandbox_check(L, full, 0);
    ws_error err;
    ws_module *mod = ws_module_load_file(d, full, &err);
    if (!mod)
        return luaL_error(L, "%s", err.msg);
    return push_module(L, 1, mod, full);
}

/* gpu:load_ptx_text(text [, name]) */
int ws_lgpu_load_ptx_text(lua_State *L)
{
    ws_device *d = ws_lgpu_check(L, 1);
    size_t len;
    const char *text = luaL_checklstring(L, 2, &len);
    const char *name = luaL_optstring(L, 3, "<string>");
    ws_error err;
    ws_module *mod = ws_module_load_text(d, text, len, name, &err);
    if (!mod)
        return luaL_error(L, "%s", err.msg);
    return push_module(L, 1, mod, name);
}

/* m:kernel(name) */
static int m_kernel(lua_State *L)
{
    ws_lmodule *m = check_module(L, 1);
    const char *name = luaL_checkstring(L, 2);
    ws_error err;
    const ws_kernel *k = ws_module_kernel(m->mod, name, &err);
    if (!k)
        return luaL_error(L, "%s", err.msg);
    ws_lkernel *lk = lua_newuserdatauv(L, sizeof *lk, 2);
    lk->k = k;
    luaL_setmetatable(L, WS_KERNEL_MT);
    lua_getiuservalue(L, 1, 1);
    lua_setiuservalue(L, -2, 1);
    lua_pushstring(L, ws_kernel_name(k));
    lua_setiuservalue(L, -2, 2);
    return 1;
}

/* m:kernels() -> list of kernel names */
static int m_kernels(lua_State *L)
{
    ws_lmodule *m = check_module(L, 1);
    uint32_t n = ws_module_nkernels(m->mod);
    lua_createtable(L, (int)n, 0);
    for (uint32_t i = 0; i < n; i++) {
        lua_pushstring(L, ws_kernel_name(ws_module_kernel_at(m->mod, i)));
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int m_index(lua_State *L)
{
    ws_lmodule *m = luaL_checkudata(L, 1, WS_MODULE_MT);
    const char *k = luaL_checkstring(L, 2);
    if (strcmp(k, "kernel") == 0)
        lua_pushcfunction(L, m_kernel);
    else if (strcmp(k, "kernels") == 0)
        lua_pushcfunction(L, m_kernels);
    else if (strcmp(k, "path") == 0)
        lua_pushstring(L, m->path);
    else if (strcmp(k, "record") == 0)
        lua_pushstring(L, ws_module_ptx(check_module(L, 1)->mod)->res_path);   /* nil without one */
    else
        lua_pushnil(L);
    return 1;
}

static int m_tostring(lua_State *L)
{
    ws_lmodule *m = luaL_checkudata(L, 1, WS_MODULE_MT);
    lua_pushfstring(L, "module '%s'", m->path);
    return 1;
}

/* k.ptxas: the kernel's line of the resource record, or nil. */
static void push_res(lua_State *L, const ws_ptx_res *r)
{
    if (!r->has) {
        lua_pushnil(L);
        return;
    }
    lua_createtable(L, 0, 11);
    const struct { const char *k; uint64_t v; } f[] = {
        { "regs", r->regs }, { "barriers", r->barriers }, { "stack", r->stack },
        { "spill_stores", r->spill_stores }, { "spill_loads", r->spill_loads }, { "cstack", r->cstack },
        { "lmem", r->lmem }, { "smem", r->smem }, { "cmem0", r->cmem0 }, { "cmem_other", r->cmem_other },
        { "line", r->line },
    };
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
        lua_pushinteger(L, (lua_Integer)f[i].v);
        lua_setfield(L, -2, f[i].k);
    }
}

static int k_index(lua_State *L)
{
    const ws_kernel *k = check_kernel(L, 1);
    const char *key = luaL_checkstring(L, 2);
    if (strcmp(key, "name") == 0) {
        lua_pushstring(L, ws_kernel_name(k));
    } else if (strcmp(key, "regs") == 0) {
        lua_pushinteger(L, ws_kernel_regs(k));
    } else if (strcmp(key, "regs_source") == 0) {
        lua_pushstring(L, ws_regs_source_name(ws_kernel_regs_source(k)));
    } else if (strcmp(key, "regs_estimate") == 0) {
        lua_pushinteger(L, ws_kernel_regs_estimate(k));
    } else if (strcmp(key, "ptxas") == 0) {
        push_res(L, &ws_kernel_func(k)->res);
    } else if (strcmp(key, "shared") == 0) {
        lua_pushinteger(L, (lua_Integer)ws_kernel_static_shared(k));
    } else if (strcmp(key, "local") == 0) {
        lua_pushinteger(L, (lua_Integer)ws_kernel_local_bytes(k));
    } else if (strcmp(key, "params") == 0) {
        uint32_t n = ws_kernel_nparams(k);
        lua_createtable(L, (int)n, 0);
        for (uint32_t i = 0; i < n; i++) {
            lua_createtable(L, 0, 4);
            lua_pushstring(L, ws_kernel_param_name(k, i));
            lua_setfield(L, -2, "name");
            lua_pushstring(L, ws_ptx_type_name(ws_kernel_param_type(k, i)));
            lua_setfield(L, -2, "type");
            lua_pushinteger(L, (lua_Integer)ws_kernel_param_size(k, i));
            lua_setfield(L, -2, "size");
            lua_pushboolean(L, ws_kernel_param_is_ptr(k, i));
            lua_setfield(L, -2, "ptr");
            lua_rawseti(L, -2, i + 1);
        }
    } else {
        lua_pushnil(L);
    }
    return 1;
}

/* (from the name kept with the handle: the kernel itself is gone once its
 * gpu is closed) */
static int k_tostring(lua_State *L)
{
    luaL_checkudata(L, 1, WS_KERNEL_MT);
    lua_getiuservalue(L, 1, 1);
    ws_lgpu *g = luaL_testudata(L, -1, WS_GPU_MT);
    lua_getiuservalue(L, 1, 2);
    lua_pushfstring(L, "kernel '%s'%s", lua_tostring(L, -1), g && g->dev ? "" : " (stale: gpu closed)");
    return 1;
}

void ws_lua_module_register(lua_State *L)
{
    static const luaL_Reg mmeta[] = {
        { "__index", m_index },
        { "__tostring", m_tostring },
        { NULL, NULL },
    };
    static const luaL_Reg kmeta[] = {
        { "__index", k_index },
        { "__tostring", k_tostring },
        { NULL, NULL },
    };
    if (luaL_newmetatable(L, WS_MODULE_MT))
        luaL_setfuncs(L, mmeta, 0);
    lua_pop(L, 1);
    if (luaL_newmetatable(L, WS_KERNEL_MT))
        luaL_setfuncs(L, kmeta, 0);
    lua_pop(L, 1);
}
