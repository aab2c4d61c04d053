-- Pull-based PageRank in float32 over the transpose, fixed iteration count.
-- usage: warpscope scenarios/pagerank.lua [GRAPH|default] [ITERATIONS]
local ws = require "warpscope"
local S = require "warpscope.scenario"
local P = require "warpscope.pagerank"

local g = S.graph(ws, arg[1])
local iters = math.tointeger(tonumber(arg[2] or 10))
assert(iters and iters >= 0, "ITERATIONS must be a non-negative integer")
local d = 0.85
local gpu = ws.gpu{}
local ok, msg = P.run(gpu, g, iters, d, arg[3])
S.report(("pagerank on %d vertices, %d edges"):format(g.n, g.m), gpu, ok, msg,
         ("%d iterations, d = %.2f"):format(iters, d))
