-- A quiet BFS scenario for tests/t_lua_scn.c: the data- and topology-driven
-- BFS on a small RMAT graph with DSAP and the MT throttle (so prefetches and
-- throttle transitions happen), checked against the CPU.  arg[1] = "fail"
-- raises after the first BFS (the runner must report it with a traceback).
local ws = require "warpscope"
local B = require "warpscope.bfs"
local kernels = ws.data_path("scenarios/kernels/")
local g = ws.graph.rmat{ scale = 10, edgefactor = 8, seed = 5, directed = false, largest_component = true }
local gpu = ws.gpu{ quiet = true, ["pf.policy"] = "dsap", ["throttle.policy"] = "mt", ["throttle.period"] = 300 }
local ok, msg = B.data(gpu, g, 0, 1, kernels .. "bfs_data.ptx")
assert(ok, msg)
if arg[1] == "fail" then error("scenario failed on purpose") end
ok, msg = B.topo(gpu, g, 0, kernels .. "bfs_topo.ptx")
assert(ok, msg)
