-- Warp-centric BFS (Hong et al., PPoPP 2011): a warp per 32 vertices, ballot
-- over the chunk, lanes stride over each active vertex's neighbours.
-- usage: warpscope scenarios/bfs_warp.lua [GRAPH|default] [SOURCE]
local ws = require "warpscope"
local S = require "warpscope.scenario"

local g = S.graph(ws, arg[1])
local src = S.source(arg[2], g.n)
local gpu = ws.gpu{}
S.check_reach(gpu, g, src)
local k = gpu:load_ptx(arg[3] or "kernels/bfs_warp.ptx"):kernel("bfs_warp")

local row = gpu:array("i32", g.row, { name = "row" })
local col = gpu:array("i32", g.col, { name = "col" })
local level = gpu:array("i32", g.n, { name = "level", fill = -1 })
local changed = gpu:array("i32", 1, { name = "changed" })
level[src] = 0

local curr = 0
repeat
  changed[0] = 0
  gpu:launch(k, { grid = S.ceil_div(g.n, 256), block = 256 }, row, col, level, g.n, curr, changed)
  curr = curr + 1
until changed[0] == 0

local ok, msg = ws.check.equal(level:read(), g:bfs(src))
S.report(("bfs_warp on %d vertices, %d edges, source %d"):format(g.n, g.m, src), gpu, ok, msg,
         ("%d levels"):format(curr))
