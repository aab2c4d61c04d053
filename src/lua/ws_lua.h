/* The embedded Lua runtime: state creation, the `warpscope` module, and
 * running scripts with tracebacks.  C primitives live in warpscope.core; the
 * friendly layer is lua/warpscope.lua from the data directory. */
#ifndef WS_LUA_H
#define WS_LUA_H

#include <signal.h>

#include <lua.h>

#include "util/ws_error.h"

/* Options that shape a new Lua state. */
typedef struct ws_lua_opts {
    unsigned long long seed;   /* default seed for generators and policies */
    int batch;                 /* 1: no TUI (batch mode) */
    /* Machine configuration from the command line (NULL / 0 when not given);
     * the --set values were checked against the option table already. */
    const char *preset;        /* --preset NAME */
    const char *const *sets;   /* --set KEY=VALUE, in command-line order */
    int nsets;
    const char *json_path;     /* --json FILE: statistics as JSON at exit */
    const char *csv_path;      /* --csv FILE: time series as CSV at exit */
    const char *report_path;   /* --report FILE: the HTML report at exit */
    const char *report_name;   /* the run's name in it (NULL: json_path) */
} ws_lua_opts;

lua_State *ws_lua_new(const ws_lua_opts *opts);
/* Close the state (closing its GPUs writes --json / --csv, then the
 * report of every gpu is written from their JSON: --report): 0, or -1 when
 * an output file could not be written (the message was printed). */
int ws_lua_close(lua_State *L);
/* Close the state as ws_lua_close does and give the process's exit status:
 * the one the script passed to os.exit (or 1 instead of 0 when an output
 * file could not be written), otherwise 0, or 1 when `failed` (the run
 * failed) or an output could not be written. */
int ws_lua_close_status(lua_State *L, int failed);
/* Whether the script called os.exit.  Ours does not end the process: it
 * records the status and raises an error that pcall, xpcall,
 * coroutine.resume and coroutine.close raise again (so it cannot be
 * caught); a runner that sees this after an error returns quietly, and
 * ws_lua_close_status gives the status after writing the outputs. */
int ws_lua_exiting(lua_State *L);
/* The C pointer kept in the registry under key (light or full userdata),
 * or NULL. */
void *ws_lua_registry_ptr(lua_State *L, const char *key);
/* Note that an output file could not be written (ws_lua_close reports it). */
void ws_lua_output_failed(lua_State *L);
/* Note that a timing gpu wrote (or tried to write) the --json and --csv
 * files; without one, ws_lua_close says that nothing was written. */
void ws_lua_output_written(lua_State *L);
/* A gpu closed: its --json and --csv texts (malloc'ed, taken over; NULL
 * for a file not asked for) under its label.  The files are written again
 * with every gpu so far: one gpu's text as it is; with more, the JSON is
 * the last gpu's with "gpus": [{"label", "index", "stats"}...] added and
 * the CSV has each gpu's series after a line "# gpu N: LABEL".  0, or -1
 * with err when a file could not be written. */
int ws_lua_output_gpu(lua_State *L, const char *label, char *json, char *csv, ws_error *err);

/* Let signals interrupt running Lua code: while *flag (set by a signal
 * handler) is nonzero, Lua code raises an error within a few thousand VM
 * instructions: "interrupted" for SIGINT, which clears the flag, and
 * "terminated" for any other signal, which stays for the caller to act on.
 * Installs a count hook unless the state has one (the sandbox's budget hook
 * checks too); flag NULL turns it off.  Coroutines created later inherit
 * the hook. */
void ws_lua_interruptible(lua_State *L, volatile sig_atomic_t *flag);
/* The check itself (for other count hooks). */
void ws_lua_check_interrupt(lua_State *L);
/* Have the interrupt check also call fn(ud) now and then (about every
 * 256 K VM instructions) while Lua runs: the TUI drains its terminal there,
 * so that a Ctrl-C typed behind a full input queue still reaches it.  fn
 * must not raise Lua errors; NULL turns it off. */
typedef void ws_lua_poll_fn(void *ud);
void ws_lua_set_poll(lua_State *L, ws_lua_poll_fn *fn, void *ud);

/* Run a script file with arguments (arg[0] = path, arg[1..] = argv).
 * Prints "warpscope: <error with traceback>" on stderr on failure.
 * Returns 0 on success or os.exit (ws_lua_exiting), 1 on a Lua error. */
int ws_lua_run_file(lua_State *L, const char *path, int argc, char **argv);
/* User text in a message: push s made safe to print (ws_str_quote: control
 * characters, the backslash and the single quote as \xHH; at most 200
 * bytes, then "...") and return it; it stays on the stack (luaL_error
 * arguments need nothing else). */
const char *ws_lua_quote(lua_State *L, const char *s);
/* luaL_loadfilex refusing a directory ("'PATH' is a directory", LUA_ERRFILE). */
int ws_lua_loadfile(lua_State *L, const char *path, const char *mode);
/* The body of dofile(path) for the C function running now (argument 1 is
 * the path): a file that cannot be read is an error at the caller's line. */
int ws_lua_dofile_at(lua_State *L, const char *path, const char *mode);
/* From a package searcher: raise "SCRIPT:LINE: require 'NAME': 'FILE' is a
 * directory" at require's caller. */
int ws_lua_require_dir_error(lua_State *L, const char *name, const char *file);
/* Registry field holding the whole diagnosis of the last deadlock raised
 * to Lua (its error keeps only the first 1024 bytes): a batch run that
 * dies of that error prints the rest. */
#define WS_LUA_LAST_DIAGNOSIS "warpscope.last_diagnosis"

/* A message handler for lua_pcall: the error (or its __tostring) with a
 * traceback. */
int ws_lua_traceback(lua_State *L);
/* The global `arg` of a script: arg[0] = path, arg[1..] = argv. */
void ws_lua_set_arg(lua_State *L, const char *path, int argc, char **argv);

/* The C primitives module; registered as package.preload["warpscope.core"]. */
int ws_luaopen_core(lua_State *L);

#endif
