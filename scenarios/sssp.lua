-- Bellman-Ford SSSP with atomicMin, one thread per vertex per launch.
-- usage: warpscope scenarios/sssp.lua [GRAPH|default] [SOURCE]
-- A graph without weights gets uniform random weights 1..16 (seeded by --seed).
local ws = require "warpscope"
local S = require "warpscope.scenario"

local g = S.graph(ws, arg[1])
if not g.weight then g = g:rebuild{ weights = 16, seed = ws.options.seed } end
local src = S.source(arg[2], g.n)
local gpu = ws.gpu{}
S.check_reach(gpu, g, src)
local k = gpu:load_ptx(arg[3] or "kernels/sssp.ptx"):kernel("sssp_relax")
local INF = 2147483647

local row = gpu:array("i32", g.row, { name = "row" })
local col = gpu:array("i32", g.col, { name = "col" })
local weight = gpu:array("i32", g.weight, { name = "weight" })
local dist = gpu:array("i32", g.n, { name = "dist", fill = INF })
local changed = gpu:array("i32", 1, { name = "changed" })
dist[src] = 0

local rounds = 0
repeat
  changed[0] = 0
  gpu:launch(k, { grid = S.ceil_div(g.n, 256), block = 256 }, row, col, weight, dist, g.n, changed)
  rounds = rounds + 1
until changed[0] == 0

local ok, msg = ws.check.equal(dist:read(), g:sssp(src))
S.report(("sssp on %d vertices, %d edges, source %d"):format(g.n, g.m, src), gpu, ok, msg,
         ("%d relaxation rounds"):format(rounds))
