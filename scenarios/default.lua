-- The default scenario, run by `warpscope` with no arguments: data-driven BFS
-- (the DSAP paper's Algorithm 1) on the embedded road-like graph with the DSAP
-- prefetcher and the many-thread-aware throttle on, checked against the CPU
-- reference.  In the TUI, each kernel launch stops at its first cycle: step
-- it (space, n, c), watch the warps wait on their loads (view 1), DSAP's
-- tables and the throttle's degree (view 5).
--
-- Both choices can be overridden from the command line, for example
--   warpscope --set pf.policy=none --set throttle.policy=none
-- usage: warpscope [OPTION]... [scenarios/default.lua [SOURCE]] (SOURCE:
-- the BFS's source vertex, default 0)
local ws = require "warpscope"
local S = require "warpscope.scenario"
local B = require "warpscope.bfs"

print(("warpscope %s: data-driven BFS on the embedded road-like graph, DSAP prefetching with the MT throttle")
      :format(ws.version))
local g = S.graph(ws, nil)
local src = S.source(arg and arg[1], g.n)
local gpu = ws.gpu{ ["pf.policy"] = "dsap", ["throttle.policy"] = "mt" }
S.check_reach(gpu, g, src)
local ok, msg, levels = B.data(gpu, g, src, 1)
S.report(("bfs_data on %d vertices, %d edges, source %d"):format(g.n, g.m, src), gpu, ok, msg,
         ("%d levels, %d prefetches issued, %d useful"):format(levels, gpu:stats().total["pf.issued"],
                                                              gpu:stats().total["pf.useful"]))
print("More scenarios: " .. ws.data_path("scenarios") .. "/*.lua  (warpscope SCRIPT.lua [ARGS])")
