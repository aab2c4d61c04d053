/* ws_bench_graphs.c: the two other timing benchmarks the [Timing model]
 * issue names, on real graphs, gtx480 preset:
 *
 *   - data-driven BFS (work lists, one warp per item: the DSAP paper's
 *     Algorithm 1) from vertex 0 on luxembourg_osm (114,599 vertices);
 *   - pull-based PageRank, 10 iterations, on cit-HepPh (34,546 vertices).
 *
 * They run the host programs of the shipped scenarios (warpscope.bfs and
 * warpscope.pagerank, as scenarios/bfs_data.lua and scenarios/pagerank.lua
 * do) through the embedded Lua, and each result is checked against the CPU
 * reference.  Reported:
 * simulated cycles and warp instructions per CPU second of the simulation
 * (loading the graph is outside the timed part; the CPU reference inside it
 * costs a few milliseconds), and the peak memory of the process.
 *
 * The graphs come from the shared data directory ($WS_SHARED/data/graphs,
 * else ../shared next to the source tree); users do not have it, so a
 * missing graph is reported and skipped, not an error. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>

#include "bench/ws_bench_util.h"
#include "lua/ws_lua.h"
#include "ws_dirs.h"

/* arg[1]: "bfs" or "pagerank", arg[2]: the graph's path.  Prints one
 * result line; raises on a wrong result. */
static const char CHUNK[] =
    "local what, path = ...\n"
    "local ws = require 'warpscope'\n"
    "local B = require 'warpscope.bfs'\n"
    "local P = require 'warpscope.pagerank'\n"
    "local g = ws.graph.load(path)\n"
    "local gpu = ws.gpu{ quiet = true }\n"
    "local c0 = os.clock()\n"
    "local ok, msg, extra\n"
    "if what == 'bfs' then\n"
    "  local levels\n"
    "  ok, msg, levels = B.data(gpu, g, 0, 1)\n"
    "  extra = levels .. ' levels'\n"
    "else\n"
    "  ok, msg = P.run(gpu, g, 10, 0.85)\n"
    "  extra = '10 iterations'\n"
    "end\n"
    "local dt = os.clock() - c0\n"
    "if not ok then error('result differs from the CPU reference: ' .. tostring(msg), 0) end\n"
    "local st = gpu:stats().total\n"
    "print(('  %d vertices, %d edges, %s; %d cycles, %d warp instructions, IPC %.2f, matches the CPU reference')\n"
    "      :format(g.n, g.m, extra, st.cycles, st.warp_insns, st.ipc))\n"
    "print(('  CPU %.2f s: %.0f cycles/s, %.2f M warp-insns/s'):format(dt, st.cycles / dt,\n"
    "      st.warp_insns / dt / 1e6))\n";

static int run(lua_State *L, const char *what, const char *path)
{
    lua_pushcfunction(L, ws_lua_traceback);
    if (luaL_loadbufferx(L, CHUNK, sizeof CHUNK - 1, "=ws_bench_graphs", "t") != LUA_OK) {
        fprintf(stderr, "ws_bench_graphs: %s\n", lua_tostring(L, -1));
        return 1;
    }
    lua_pushstring(L, what);
    lua_pushstring(L, path);
    if (lua_pcall(L, 2, 0, -4) != LUA_OK) {
        fprintf(stderr, "ws_bench_graphs: %s\n", lua_tostring(L, -1));
        lua_pop(L, 2);
        return 1;
    }
    lua_pop(L, 1);
    return 0;
}

int main(void)
{
    /* the Lua library and kernels of the source tree (the benchmark does
     * not sit where an uninstalled warpscope looks for them) */
    setenv("WARPSCOPE_DATADIR", WS_SRCDIR, 0);
    const char *shared = getenv("WS_SHARED");
    static const struct { const char *what, *title, *file; } runs[] = {
        { "bfs", "data-driven BFS (work lists, one warp per item) from vertex 0 on luxembourg_osm",
          "luxembourg_osm.mtx.gz" },
        { "pagerank", "PageRank (pull, float32) on cit-HepPh", "cit-HepPh.txt.gz" },
    };
    ws_lua_opts o = { .seed = 1, .batch = 1 };
    lua_State *L = ws_lua_new(&o);
    if (!L) {
        fprintf(stderr, "ws_bench_graphs: cannot create a Lua state\n");
        return 1;
    }
    int rc = 0;
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        char p[4096];
        snprintf(p, sizeof p, "%s/data/graphs/%s", shared ? shared : WS_SRCDIR "/../shared", runs[i].file);
        printf("timing %s, gtx480\n", runs[i].title);
        fflush(stdout);
        if (access(p, R_OK) != 0) {
            printf("  skipped: %s not found (set WS_SHARED to the shared data directory)\n", p);
            continue;
        }
        if (run(L, runs[i].what, p) != 0) rc = 1;
        fflush(stdout);
    }
    ws_lua_close(L);
    printf("  peak memory %.0f MB\n", wsb_peak_mb());
    return rc;
}
