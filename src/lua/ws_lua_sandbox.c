/* ws_lua_sandbox.c: `warpscope --sandbox` (see ws_lua_sandbox.h).
 *
 * What a sandboxed scenario keeps: the base library with dofile, loadfile
 * and load restricted (text chunks only; files only inside the allowed
 * directories), string, table, math, utf8, coroutine, os.clock/time/date,
 * os.exit (warpscope's: it ends the scenario as its end does, see
 * ws_lua_exiting), debug.traceback/getinfo, require of Lua modules found
 * through package.path inside the allowed directories (package.preload
 * too), and warpscope itself, whose file-reading bindings (gpu:load_ptx,
 * ws.graph.load) call ws_lua_sandbox_check and whose file-writing ones
 * (g:save, g:write) are refused.
 *
 * The budget is counted by a count hook every HOOK_STEP VM instructions
 * (so a run may overshoot it by less than HOOK_STEP); coroutines inherit
 * the hook from the thread that creates them.  Once exhausted, the hook
 * fires at every instruction, so a pcall cannot keep the script going. */
#include "config.h"
#include "lua/ws_lua.h"
#include "lua/ws_lua_sandbox.h"

#include "util/ws_paths.h"
#include "util/ws_util.h"

#include <errno.h>
#include <lauxlib.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SB_KEY "warpscope.sandbox"
#define HOOK_STEP 1000
#define SB_DIRS 3

typedef struct ws_sandbox {
    char dirs[SB_DIRS][PATH_MAX];   /* resolved directories reads may come from */
    int ndirs;
    uint64_t budget, used;          /* Lua VM instructions (budget 0: no limit) */
    int exhausted;
} ws_sandbox;

/* The memory limit: Lua's allocator wrapped with a byte count.  Lua gives
 * a block's old size on every reallocation and free, so the count stays
 * exact; it starts from what the state already holds. */
typedef struct ws_sbmem {
    lua_Alloc orig;
    void *orig_ud;
    uint64_t used, limit;
    int refused;
} ws_sbmem;
static const char SBMEM_KEY = 0;      /* registry key (light userdata: no allocation to look up) */

static void *sb_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    ws_sbmem *m = ud;
    uint64_t old = ptr ? osize : 0;   /* (without ptr, osize is a type tag) */
    if (nsize > old && m->limit && m->used - (old < m->used ? old : m->used) + nsize > m->limit) {
        m->refused = 1;
        return NULL;                  /* Lua raises "not enough memory" */
    }
    void *q = m->orig(m->orig_ud, ptr, osize, nsize);
    if (nsize == 0 || q) {
        m->used -= old < m->used ? old : m->used;
        m->used += nsize;
    }
    return q;
}

static ws_sbmem *get_mem(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &SBMEM_KEY);
    ws_sbmem *m = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return m;
}

void ws_lua_sandbox_memory(lua_State *L, uint64_t bytes)
{
    if (get_mem(L) || !bytes)
        return;
    ws_sbmem *m = calloc(1, sizeof *m);
    if (!m)
        return;
    m->orig = lua_getallocf(L, &m->orig_ud);
    m->limit = bytes;
    m->used = (uint64_t)lua_gc(L, LUA_GCCOUNT) * 1024 + (uint64_t)lua_gc(L, LUA_GCCOUNTB);
    lua_pushlightuserdata(L, m);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &SBMEM_KEY);
    lua_setallocf(L, sb_alloc, m);
}

uint64_t ws_lua_sandbox_memory_limit(lua_State *L)
{
    ws_sbmem *m = get_mem(L);
    return m ? m->limit : 0;
}

int ws_lua_sandbox_memory_refused(lua_State *L, uint64_t *limit)
{
    ws_sbmem *m = get_mem(L);
    if (!m || !m->refused)
        return 0;
    *limit = m->limit;
    return 1;
}

void *ws_lua_sandbox_memory_handle(lua_State *L)
{
    return get_mem(L);
}

static ws_sandbox *get_sb(lua_State *L)
{
    return ws_lua_registry_ptr(L, SB_KEY);
}

int ws_lua_sandboxed(lua_State *L)
{
    return get_sb(L) != NULL;
}

/* ------------------------------------------------------------ paths */
/* 1: `path` resolves to a file below an allowed directory; 0: it resolves
 * outside them; -1: it does not resolve (errno). */
static int allowed(const ws_sandbox *sb, const char *path, char real[PATH_MAX])
{
    if (!realpath(path, real)) return -1;
    for (int i = 0; i < sb->ndirs; i++) {
        size_t n = strlen(sb->dirs[i]);
        if (strncmp(real, sb->dirs[i], n) == 0 && (real[n] == '/' || (n == 1 && real[0] == '/')))
            return 1;
    }
    return 0;
}

void ws_lua_sandbox_check(lua_State *L, const char *path, int write)
{
    ws_sandbox *sb = get_sb(L);
    if (!sb) return;
    if (write) {
        luaL_error(L, "sandbox: refused to write '%s' (a sandboxed scenario writes no files)", path);
        return;
    }
    char real[PATH_MAX];
    int a = allowed(sb, path, real);
    if (a < 0) luaL_error(L, "sandbox: cannot read '%s': %s", path, strerror(errno));
    if (a == 0)
        luaL_error(L, "sandbox: refused to read '%s' (outside %s and the data directory's lua/ and scenarios/)",
                   path, sb->dirs[0]);
}

/* ------------------------------------------------------------ budget */
static void hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    ws_lua_check_interrupt(L);      /* (the TUI's signals: ws_lua_interruptible) */
    ws_sandbox *sb = get_sb(L);
    if (!sb || !sb->budget) return;
    if (!sb->exhausted) sb->used += HOOK_STEP;
    if (sb->exhausted || sb->used >= sb->budget) {
        sb->exhausted = 1;
        lua_sethook(L, hook, LUA_MASKCOUNT, 1);
        luaL_error(L, "sandbox: the instruction budget of %I Lua VM instructions is exhausted "
                      "(--sandbox-budget)", (lua_Integer)sb->budget);
    }
}

void ws_lua_sandbox_rehook(lua_State *L)
{
    ws_sandbox *sb = get_sb(L);
    if (sb && sb->budget) lua_sethook(L, hook, LUA_MASKCOUNT, sb->exhausted ? 1 : HOOK_STEP);
}

/* ------------------------------------------------------------ replacements */
static int sb_dofile(lua_State *L)
{
    const char *p = luaL_optstring(L, 1, NULL);
    if (!p) return luaL_error(L, "sandbox: refused dofile() from standard input");
    ws_lua_sandbox_check(L, p, 0);
    return ws_lua_dofile_at(L, p, "t");
}

static int sb_loadfile(lua_State *L)
{
    const char *p = luaL_optstring(L, 1, NULL);
    if (!p) return luaL_error(L, "sandbox: refused loadfile() from standard input");
    ws_lua_sandbox_check(L, p, 0);
    int env = !lua_isnone(L, 3) ? 3 : 0;
    if (ws_lua_loadfile(L, p, "t") != LUA_OK) {
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

/* load(chunk [, name, mode, env]) with mode forced to "t" (binary chunks
 * can break the VM). */
static int sb_load(lua_State *L)
{
    int n = lua_gettop(L);
    lua_settop(L, 4);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushliteral(L, "t");
    if (n >= 4) lua_pushvalue(L, 4);    /* an absent env differs from a nil one */
    lua_call(L, n >= 4 ? 4 : 3, LUA_MULTRET);
    return lua_gettop(L) - 4;
}

/* package.searchers[2]: Lua files on package.path inside the allowed
 * directories only. */
static int sb_searcher(lua_State *L)
{
    ws_sandbox *sb = get_sb(L);
    const char *name = luaL_checkstring(L, 1);
    lua_getfield(L, lua_upvalueindex(1), "path");
    const char *path = lua_tostring(L, -1);
    if (!path || !sb) return luaL_error(L, "package.path must be a string");
    const char *fname = luaL_gsub(L, name, ".", "/");
    luaL_Buffer msg;
    luaL_buffinit(L, &msg);
    int nmsg = 0;
    const char *p = path;
    while (*p) {
        const char *e = strchr(p, ';');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len) {
            lua_pushlstring(L, p, len);
            const char *cand = luaL_gsub(L, lua_tostring(L, -1), "?", fname);
            char real[PATH_MAX];
            int a = allowed(sb, cand, real);
            if (a == 1 && access(real, R_OK) == 0) {
                if (ws_path_is_dir(real)) return ws_lua_require_dir_error(L, name, cand);
                if (luaL_loadfilex(L, real, "t") != LUA_OK)
                    return luaL_error(L, "error loading module '%s' from file '%s':\n\t%s", name, cand,
                                      lua_tostring(L, -1));
                lua_pushstring(L, real);
                return 2;
            }
            if (nmsg++ < 16) {
                lua_pushfstring(L, nmsg > 1 ? "\n\t%s '%s'" : "%s '%s'", a == 0 ? "sandbox: refused" : "no file", cand);
                lua_insert(L, -3);      /* keep the buffer on top */
                lua_pop(L, 2);
                luaL_addvalue(&msg);
            } else {
                lua_pop(L, 2);
            }
        }
        p += len + (e ? 1 : 0);
        if (!e) break;
    }
    luaL_pushresult(&msg);
    return 1;
}

/* ------------------------------------------------------------ installation */
static void add_dir(ws_sandbox *sb, const char *d)
{
    if (sb->ndirs < SB_DIRS && realpath(d, sb->dirs[sb->ndirs])) sb->ndirs++;
}

static void keep_fields(lua_State *L, const char *lib, const char *const *keep)
{
    lua_getglobal(L, lib);
    int old = lua_gettop(L);
    lua_newtable(L);
    if (lua_istable(L, old))
        for (const char *const *k = keep; *k; k++) {
            lua_getfield(L, old, *k);
            lua_setfield(L, -2, *k);
        }
    lua_pushvalue(L, -1);
    lua_setglobal(L, lib);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_insert(L, -2);
    lua_setfield(L, -2, lib);
    lua_pop(L, 2);
}

int ws_lua_sandbox(lua_State *L, const char *dir, uint64_t budget, ws_error *err)
{
    ws_sandbox *sb = lua_newuserdatauv(L, sizeof *sb, 0);
    memset(sb, 0, sizeof *sb);
    if (!realpath(dir, sb->dirs[0])) {
        lua_pop(L, 1);
        return ws_error_set(err, WS_E_IO, "--sandbox: cannot resolve the scenario directory '%s': %s", dir,
                            strerror(errno));
    }
    sb->ndirs = 1;
    char buf[PATH_MAX];
    add_dir(sb, ws_paths_data(buf, sizeof buf, "lua"));
    add_dir(sb, ws_paths_data(buf, sizeof buf, "scenarios"));
    sb->budget = budget;
    lua_setfield(L, LUA_REGISTRYINDEX, SB_KEY);

    /* io: gone; os and debug: a few harmless functions */
    lua_pushnil(L);
    lua_setglobal(L, "io");
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
    lua_pushnil(L);
    lua_setfield(L, -2, "io");
    lua_pop(L, 1);
    static const char *const os_keep[] = { "clock", "time", "date", "exit", NULL };
    static const char *const dbg_keep[] = { "traceback", "getinfo", NULL };
    keep_fields(L, "os", os_keep);
    keep_fields(L, "debug", dbg_keep);

    /* files and chunks */
    lua_pushcfunction(L, sb_dofile);
    lua_setglobal(L, "dofile");
    lua_pushcfunction(L, sb_loadfile);
    lua_setglobal(L, "loadfile");
    lua_getglobal(L, "load");
    lua_pushcclosure(L, sb_load, 1);
    lua_setglobal(L, "load");

    /* package: preload and the checked Lua searcher; no C modules */
    lua_getglobal(L, "package");
    int pk = lua_gettop(L);
    lua_pushnil(L);
    lua_setfield(L, pk, "loadlib");
    lua_pushnil(L);
    lua_setfield(L, pk, "searchpath");
    lua_pushliteral(L, "");
    lua_setfield(L, pk, "cpath");
    lua_getfield(L, pk, "path");        /* modules beside the scenario first */
    lua_pushfstring(L, "%s/?.lua;%s", sb->dirs[0], lua_tostring(L, -1) ? lua_tostring(L, -1) : "");
    lua_setfield(L, pk, "path");
    lua_pop(L, 1);
    lua_getfield(L, pk, "searchers");
    lua_createtable(L, 2, 0);
    lua_rawgeti(L, -2, 1);              /* the preload searcher */
    lua_rawseti(L, -2, 1);
    lua_pushvalue(L, pk);
    lua_pushcclosure(L, sb_searcher, 1);
    lua_rawseti(L, -2, 2);
    lua_setfield(L, pk, "searchers");
    lua_pop(L, 2);
    /* the searchers table is read by require through its upvalue (the
     * package table), so replacing the field is enough */

    ws_lua_sandbox_rehook(L);
    return 0;
}
