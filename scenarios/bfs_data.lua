-- Data-driven BFS with work lists, one warp per work-list item (the DSAP
-- paper's Algorithm 1).
-- usage: warpscope scenarios/bfs_data.lua [GRAPH|default] [SOURCE] [CHUNK] [PTX]
local ws = require "warpscope"
local S = require "warpscope.scenario"
local B = require "warpscope.bfs"

local g = S.graph(ws, arg[1])
local src = S.source(arg[2], g.n)
local chunk = math.tointeger(tonumber(arg[3] or 1))
assert(chunk and chunk >= 1, "CHUNK must be a positive integer")
local gpu = ws.gpu{}
S.check_reach(gpu, g, src)
local ok, msg, levels = B.data(gpu, g, src, chunk, arg[4])
S.report(("bfs_data on %d vertices, %d edges, source %d"):format(g.n, g.m, src), gpu, ok, msg,
         ("%d levels, chunk %d"):format(levels, chunk))
