-- Pull-based PageRank in float32 over the transpose, fixed iteration count.
-- usage: warpscope scenarios/pagerank.lua [GRAPH|default] [ITERATIONS]
local ws = require "warpscope"
local S = require "warpscope.scenario"

local g = S.graph(ws, arg[1])
local iters = math.tointeger(tonumber(arg[2] or 10))
assert(iters and iters >= 0, "ITERATIONS must be a non-negative integer")
local d = 0.85
local gpu = ws.gpu{}
local m = gpu:load_ptx(arg[3] or "kernels/pagerank.ptx")
local init, contrib_k, pull = m:kernel("pr_init"), m:kernel("pr_contrib"), m:kernel("pr_pull")

local t = g:transpose()
local trow = gpu:array("i32", t.row, { name = "trow" })
local tcol = gpu:array("i32", t.col, { name = "tcol" })
local outdeg = gpu:array("i32", g:degrees(), { name = "outdeg" })
local pr_a = gpu:array("f32", g.n, { name = "pr_a" })
local pr_b = gpu:array("f32", g.n, { name = "pr_b" })
local contrib = gpu:array("f32", g.n, { name = "contrib" })

local shape = { grid = S.ceil_div(g.n, 256), block = 256 }
gpu:launch(init, shape, pr_a, g.n)
for _ = 1, iters do
  gpu:launch(contrib_k, shape, pr_a, outdeg, contrib, g.n)
  gpu:launch(pull, shape, trow, tcol, contrib, pr_b, g.n, d)
  pr_a, pr_b = pr_b, pr_a
end

-- The reference uses the kernel's float32 operations in the kernel's order
-- (no fused multiply-add), so the result must match bit for bit.
local ok, msg = ws.check.equal(pr_a:read(), g:pagerank{ iters = iters, damping = d })
S.report(("pagerank on %d vertices, %d edges"):format(g.n, g.m), gpu, ok, msg,
         ("%d iterations, d = %.2f"):format(iters, d))
