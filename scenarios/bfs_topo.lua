-- Topology-driven BFS (Rodinia): one thread per vertex, two kernels a level.
-- usage: warpscope scenarios/bfs_topo.lua [GRAPH|default] [SOURCE] [PTX]
local ws = require "warpscope"
local S = require "warpscope.scenario"
local B = require "warpscope.bfs"

local g = S.graph(ws, arg[1])
local src = S.source(arg[2], g.n)
local gpu = ws.gpu{}
S.check_reach(gpu, g, src)
local ok, msg, levels = B.topo(gpu, g, src, arg[3])
S.report(("bfs_topo on %d vertices, %d edges, source %d"):format(g.n, g.m, src), gpu, ok, msg,
         ("%d levels"):format(levels))
