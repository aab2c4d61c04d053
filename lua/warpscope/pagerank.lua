-- warpscope.pagerank: the host program of the PageRank scenario (Lua plays
-- the CUDA host), shared by scenarios/pagerank.lua and bench/ws_bench_graphs.
-- Pull-based PageRank in float32 over the transpose, `iters` iterations
-- with damping `d`; the kernel path is relative to the scenarios folder.
-- Returns whether the ranks match the CPU reference, and its message.
local ws = require "warpscope"
local S = require "warpscope.scenario"
local A = require "warpscope.args"
local M = {}

function M.run(gpu, g, iters, d, ptx)
  local fn = "warpscope.pagerank.run"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  iters = A.int(fn, 3, "iters", iters, 0, 1000000)
  A.num(fn, 4, "d (the damping factor)", d, 0, 1)
  A.type(fn, 5, "ptx", ptx, "string", true)
  local m = gpu:load_ptx(ptx or "kernels/pagerank.ptx")
  local init, contrib_k, pull = m:kernel("pr_init"), m:kernel("pr_contrib"), m:kernel("pr_pull")

  local t = g:transpose()
  local trow = gpu:array("i32", t.row, { name = "trow" })
  local tcol = gpu:array("i32", t.col, { name = "tcol" })
  local outdeg = gpu:array("i32", g:degrees(), { name = "outdeg" })
  local pr_a = gpu:array("f32", g.n, { name = "pr_a" })
  local pr_b = gpu:array("f32", g.n, { name = "pr_b" })
  local contrib = gpu:array("f32", g.n, { name = "contrib" })

  local shape = { grid = S.ceil_div(g.n, 256), block = 256 }
  -- (pr_pull's 49 registers at 256 threads exceed g80-mtp's 8,192 per SM)
  local pb = S.fit_block(gpu, pull, 256)
  local pull_shape = { grid = S.ceil_div(g.n, pb), block = pb }
  gpu:launch(init, shape, pr_a, g.n)
  for _ = 1, iters do
    gpu:launch(contrib_k, shape, pr_a, outdeg, contrib, g.n)
    gpu:launch(pull, pull_shape, trow, tcol, contrib, pr_b, g.n, d)
    pr_a, pr_b = pr_b, pr_a
  end

  -- The reference uses the kernel's float32 operations in the kernel's order
  -- (no fused multiply-add), so the result must match bit for bit.
  return ws.check.equal(pr_a:read(), g:pagerank{ iters = iters, damping = d })
end

return M
