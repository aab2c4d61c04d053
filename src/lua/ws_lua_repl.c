/* ws_lua_repl.c: `warpscope -i` (see ws_lua_repl.h).
 *
 * As lua.c: a line is first tried as an expression ("return " .. line);
 * otherwise it is a statement, and input that is incomplete (the parser
 * stopped at "<eof>") continues on the next line with the ">> " prompt.
 * Results are printed tab-separated; tables are printed in full (sorted
 * keys, nested up to 5 levels), so inspection results are readable.
 *
 * Ctrl-C: while a command runs, a SIGINT handler sets a hook that raises
 * "interrupted" at the next Lua instruction, call or return (time spent
 * inside C, e.g. simulating, finishes first); while a line is being read it
 * discards the input and shows a new prompt.  A signal handler has no
 * context argument, so the state it interrupts is the one static variable
 * of this file (as in lua.c). */
#include "config.h"
#include "lua/ws_lua_repl.h"

#include "lua/ws_lua.h"
#include "lua/ws_lua_ctl.h"
#include "lua/ws_lua_sandbox.h"

#include <errno.h>
#include <stdbool.h>
#include <lauxlib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static lua_State *volatile repl_running;    /* the state SIGINT interrupts, NULL while reading */
static volatile sig_atomic_t repl_sigint;

static void lstop(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    lua_sethook(L, NULL, 0, 0);
    ws_lua_sandbox_rehook(L);
    luaL_error(L, "interrupted");
}

static void on_sigint(int sig)
{
    (void)sig;
    repl_sigint = 1;
    lua_State *L = repl_running;
    if (L) lua_sethook(L, lstop, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

/* The value printer, in Lua: show(v, top) -> text. */
static const char show_src[] =
    "local function order(a, b)\n"
    "  local ta, tb = type(a), type(b)\n"
    "  if ta ~= tb then return ta < tb end\n"
    "  if ta == 'number' or ta == 'string' then return a < b end\n"
    "  return tostring(a) < tostring(b)\n"
    "end\n"
    "local function key(k)\n"
    "  if type(k) == 'string' and k:match('^[%a_][%w_]*$') then return k end\n"
    "  if type(k) == 'string' then return '[' .. ('%q'):format(k) .. ']' end\n"
    "  return '[' .. tostring(k) .. ']'\n"
    "end\n"
    "local show\n"
    "function show(v, ind, depth, seen)\n"
    "  if type(v) == 'string' then return (('%q'):format(v):gsub('\\\\\\n', '\\\\n')) end\n"
    "  if type(v) ~= 'table' then return tostring(v) end\n"
    "  local mt = getmetatable(v)\n"
    "  if type(mt) == 'table' and rawget(mt, '__tostring') then return tostring(v) end\n"
    "  if seen[v] then return '<cycle>' end\n"
    "  if depth > 5 then return '{...}' end\n"
    "  seen[v] = true\n"
    "  local parts, n = {}, rawlen(v)\n"
    "  for i = 1, n do parts[#parts + 1] = show(rawget(v, i), ind .. '  ', depth + 1, seen) end\n"
    "  local keys = {}\n"
    "  for k in next, v do\n"
    "    if not (math.type(k) == 'integer' and k >= 1 and k <= n) then keys[#keys + 1] = k end\n"
    "  end\n"
    "  table.sort(keys, order)\n"
    "  for _, k in ipairs(keys) do\n"
    "    parts[#parts + 1] = key(k) .. ' = ' .. show(rawget(v, k), ind .. '  ', depth + 1, seen)\n"
    "  end\n"
    "  seen[v] = nil\n"
    "  if #parts == 0 then return '{}' end\n"
    "  local one = '{ ' .. table.concat(parts, ', ') .. ' }'\n"
    "  if #one + #ind <= 100 and not one:find('\\n') then return one end\n"
    "  return '{\\n' .. ind .. '  ' .. table.concat(parts, ',\\n' .. ind .. '  ') .. '\\n' .. ind .. '}'\n"
    "end\n"
    "return function(v)\n"
    "  if type(v) == 'string' then return v end\n"
    "  return show(v, '', 1, {})\n"
    "end\n";

#define SHOW_KEY "warpscope.repl.show"

/* The printer, loaded once into the registry; pushes it (or nil and false). */
static bool push_show(lua_State *L)
{
    if (lua_getfield(L, LUA_REGISTRYINDEX, SHOW_KEY) == LUA_TFUNCTION)
        return true;
    lua_pop(L, 1);
    if (luaL_loadbufferx(L, show_src, sizeof show_src - 1, "=(repl show)", "t") != LUA_OK ||
        lua_pcall(L, 0, 1, 0) != LUA_OK) {
        lua_pop(L, 1);
        lua_pushnil(L);
        return false;
    }
    lua_pushvalue(L, -1);
    lua_setfield(L, LUA_REGISTRYINDEX, SHOW_KEY);
    return true;
}

const char *ws_lua_show(lua_State *L, int idx, size_t *len)
{
    idx = lua_absindex(L, idx);
    if (push_show(L)) {
        lua_pushvalue(L, idx);
        if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING)
            return lua_tolstring(L, -1, len);
    }
    lua_pop(L, 1);
    return luaL_tolstring(L, idx, len);
}


/* Call the function on top with no arguments; results stay on the stack.
 * Errors are printed.  Returns the status. */
static int docall(lua_State *L)
{
    int base = lua_gettop(L);
    lua_pushcfunction(L, ws_lua_traceback);
    lua_insert(L, base);
    repl_sigint = 0;
    repl_running = L;
    int st = lua_pcall(L, 0, LUA_MULTRET, base);
    repl_running = NULL;
    lua_sethook(L, NULL, 0, 0);     /* a Ctrl-C that came too late to interrupt */
    ws_lua_sandbox_rehook(L);
    lua_remove(L, base);
    if (st != LUA_OK && ws_lua_exiting(L)) {
        lua_pop(L, 1);      /* os.exit: the session ends (ws_lua_repl) */
    } else if (st != LUA_OK) {
        fprintf(stderr, "%s\n", lua_tostring(L, -1) ? lua_tostring(L, -1) : "(error)");
        fflush(stderr);
        lua_pop(L, 1);
    }
    return st;
}

static void print_results(lua_State *L, int base)
{
    int n = lua_gettop(L) - base;
    if (n <= 0) return;
    for (int i = 1; i <= n; i++) {
        fputs(ws_lua_show(L, base + i, NULL), stdout);
        lua_pop(L, 1);
        fputc(i < n ? '\t' : '\n', stdout);
    }
    fflush(stdout);
    lua_settop(L, base);
}

/* Read one line (without its newline) into *buf; 1 read, 0 end of input,
 * -1 interrupted. */
static int read_line(const char *prompt, int tty, char **buf, size_t *cap)
{
    if (tty) {
        fputs(prompt, stdout);
        fflush(stdout);
    }
    errno = 0;
    ssize_t n = getline(buf, cap, stdin);
    if (n < 0) {
        if (repl_sigint || errno == EINTR) {
            clearerr(stdin);
            repl_sigint = 0;
            if (tty) fputc('\n', stdout);
            return -1;
        }
        return 0;
    }
    if (n > 0 && (*buf)[n - 1] == '\n') (*buf)[--n] = 0;
    return 1;
}

static int incomplete(lua_State *L, int st)
{
    if (st != LUA_ERRSYNTAX) return 0;
    size_t len;
    const char *msg = lua_tolstring(L, -1, &len);
    return len >= 5 && strcmp(msg + len - 5, "<eof>") == 0;
}

/* One command: lines read until they form a chunk.  0 at end of input. */
static int one_command(lua_State *L, int tty, char **buf, size_t *cap)
{
    int r = read_line("> ", tty, buf, cap);
    if (r <= 0) return r < 0 ? 1 : 0;
    const char *line = *buf;
    if (line[0] == '=') line++;     /* Lua 5.1's "=expr" */
    int base = lua_gettop(L);
    lua_pushfstring(L, "return %s", line);
    size_t len;
    const char *ret = lua_tolstring(L, -1, &len);
    int st = luaL_loadbufferx(L, ret, len, "=stdin", "t");
    lua_remove(L, -2);
    if (st != LUA_OK) {
        lua_pop(L, 1);
        lua_pushstring(L, *buf);    /* the chunk so far */
        for (;;) {
            size_t cl;
            const char *chunk = lua_tolstring(L, -1, &cl);
            st = luaL_loadbufferx(L, chunk, cl, "=stdin", "t");
            if (!incomplete(L, st)) break;
            lua_pop(L, 1);
            r = read_line(">> ", tty, buf, cap);
            if (r <= 0) {           /* end of input or Ctrl-C: drop the chunk */
                lua_settop(L, base);
                return r < 0 ? 1 : 0;
            }
            lua_pushfstring(L, "%s\n%s", lua_tostring(L, -1), *buf);
            lua_remove(L, -2);
        }
        lua_remove(L, -2);          /* the chunk text */
        if (st != LUA_OK) {
            fprintf(stderr, "%s\n", lua_tostring(L, -1));
            fflush(stderr);
            lua_settop(L, base);
            return 1;
        }
    }
    if (docall(L) == LUA_OK) print_results(L, base);
    lua_settop(L, base);
    return 1;
}

/* require "warpscope" (upvalues: require, the name) */
static int require_ws(lua_State *L)
{
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_call(L, 1, 1);
    return 1;
}

int ws_lua_repl(lua_State *L, const char *script, int argc, char **argv)
{
    if (!push_show(L)) {
        fprintf(stderr, "warpscope: cannot load the value printer\n");
        lua_pop(L, 1);
        return 1;
    }
    lua_pop(L, 1);

    int top = lua_gettop(L);
    lua_getglobal(L, "require");
    lua_pushliteral(L, "warpscope");
    lua_pushcclosure(L, require_ws, 2);
    if (docall(L) == LUA_OK) {
        lua_settop(L, top + 1);
        lua_setglobal(L, "ws");
    }
    lua_settop(L, top);

    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = 0;                /* no SA_RESTART: Ctrl-C interrupts getline */
    sigaction(SIGINT, &sa, &old);
    ws_lctl_set_interrupt(L, &repl_sigint);     /* Ctrl-C also stops a simulation running in C */

    if (script) {
        repl_running = L;
        ws_lua_run_file(L, script, argc, argv);
        repl_running = NULL;
        lua_sethook(L, NULL, 0, 0);
        ws_lua_sandbox_rehook(L);
    }
    int tty = isatty(STDIN_FILENO);
    if (tty && !ws_lua_exiting(L)) {
        lua_getglobal(L, "ws");
        lua_getfield(L, -1, "version");
        printf("warpscope %s interactive Lua; the warpscope module is `ws`; Ctrl-D exits\n",
               lua_tostring(L, -1) ? lua_tostring(L, -1) : "");
        lua_settop(L, top);
    }
    char *buf = NULL;
    size_t cap = 0;
    /* until end of input or os.exit (in the script or a command) */
    while (!ws_lua_exiting(L) && one_command(L, tty, &buf, &cap))
        ;
    free(buf);
    if (tty && !ws_lua_exiting(L)) fputc('\n', stdout);
    fflush(stdout);
    ws_lctl_set_interrupt(L, NULL);
    sigaction(SIGINT, &old, NULL);
    return 0;
}
