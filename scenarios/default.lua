-- The default scenario, run by `warpscope` with no arguments: data-driven BFS
-- (the DSAP paper's Algorithm 1) on the embedded road-like graph, checked
-- against the CPU reference.
local ws = require "warpscope"
print(("warpscope %s: data-driven BFS on the embedded road-like graph"):format(ws.version))
arg = { [0] = "bfs_data.lua" }
dofile(ws.data_path("scenarios/bfs_data.lua"))
print("More scenarios: " .. ws.data_path("scenarios") .. "/*.lua  (warpscope SCRIPT.lua [ARGS])")
