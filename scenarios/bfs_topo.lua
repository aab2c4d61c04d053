-- Topology-driven BFS (Rodinia): one thread per vertex, two kernels a level.
-- usage: warpscope scenarios/bfs_topo.lua [GRAPH|default] [SOURCE]
local ws = require "warpscope"
local S = require "warpscope.scenario"

local g = S.graph(ws, arg[1])
local src = S.source(arg[2], g.n)
local gpu = ws.gpu{}
local m = gpu:load_ptx(arg[3] or "kernels/bfs_topo.ptx")
local expand, update = m:kernel("bfs_topo_expand"), m:kernel("bfs_topo_update")

local row = gpu:array("i32", g.row, { name = "row" })
local col = gpu:array("i32", g.col, { name = "col" })
local mask = gpu:array("u8", g.n, { name = "mask" })
local updating = gpu:array("u8", g.n, { name = "updating" })
local visited = gpu:array("u8", g.n, { name = "visited" })
local cost = gpu:array("i32", g.n, { name = "cost", fill = -1 })
local stop = gpu:array("i32", 1, { name = "stop" })
mask[src], visited[src], cost[src] = 1, 1, 0

local shape = { grid = S.ceil_div(g.n, 256), block = 256 }
local levels = 0
repeat
  stop[0] = 0
  gpu:launch(expand, shape, row, col, mask, updating, visited, cost, g.n)
  gpu:launch(update, shape, mask, updating, visited, stop, g.n)
  levels = levels + 1
until stop[0] == 0

local ok, msg = ws.check.equal(cost:read(), g:bfs(src))
S.report(("bfs_topo on %d vertices, %d edges, source %d"):format(g.n, g.m, src), gpu, ok, msg,
         ("%d levels"):format(levels))
