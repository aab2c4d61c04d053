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


-- Push PageRank with the IRU paper's contract kernel (seed 002, A3 Fig. 11;
-- scenarios/kernels/iru_pr.cu): each iteration expand writes every edge's
-- contribution (its source's rank / out-degree, quantised down to a
-- multiple of 2^-22 so that every sum is exact in float32 in any order),
-- contract adds it to its destination with atomicAdd, update makes the new
-- ranks.  With iru = true contract takes (edge, weight) from load_iru with
-- the "add" filter (configure_iru before each launch: target = the
-- accumulator, indices = col, secondary = the weights); the gpu needs
-- iru.enable.  opts.filter: the IRU's filter ("add" by default; "none"
-- turns merging off, the A8 ablation).  Returns ok, msg (the ranks against
-- M.push_reference, bit for bit) and the number of iterations.
local function f32(x) return (string.unpack("<f", string.pack("<f", x))) end
local Q = 2.0 ^ -22

-- The CPU reference of iru_pr.cu: a Lua sequence of n float32 ranks.
function M.push_reference(g, iters, d)
  local n, row, col = g.n, g.row:totable(), g.col:totable()
  d = f32(d)
  local base = f32(f32(1 - d) / n)
  local pr, acc = {}, {}
  local p0 = f32(1 / n)
  for v = 1, n do pr[v], acc[v] = p0, 0.0 end
  for _ = 1, iters do
    for u = 1, n do
      local b, e = row[u], row[u + 1]
      if e > b then
        local c = f32(pr[u] / (e - b))
        c = math.floor(c / Q) * Q        -- exact: scaling by a power of two
        for k = b + 1, e do
          local v = col[k] + 1
          acc[v] = f32(acc[v] + c)
        end
      end
    end
    for v = 1, n do
      pr[v] = f32(base + f32(d * acc[v]))
      acc[v] = 0.0
    end
  end
  return pr
end

function M.iru_pr(gpu, g, iters, d, iru, ptx, opts)
  local fn = "warpscope.pagerank.iru_pr"
  A.gpu(fn, 1, gpu)
  A.graph(fn, 2, g)
  iters = A.int(fn, 3, "iters", iters, 0, 1000000)
  A.num(fn, 4, "d (the damping factor)", d, 0, 1)
  A.type(fn, 5, "iru", iru, "boolean", true)
  A.type(fn, 6, "ptx", ptx, "string", true)
  A.type(fn, 7, "opts", opts, "table", true)
  local filter = opts and opts.filter or "add"
  if filter ~= "add" and filter ~= "none" then
    error(("%s: opts.filter must be \"add\" or \"none\", got %s"):format(fn, tostring(filter)), 2)
  end
  local m = gpu:load_ptx(ptx or "kernels/iru_pr.ptx")
  local init, expand, update = m:kernel("iru_pr_init"), m:kernel("iru_pr_expand"), m:kernel("iru_pr_update")
  local contract = m:kernel(iru and "iru_pr_contract_iru" or "iru_pr_contract")
  local row = gpu:array("i32", g.row, { name = "row" })
  local col = gpu:array("i32", g.col, { name = "col" })
  local pr = gpu:array("f32", g.n, { name = "pr" })
  local acc = gpu:array("f32", g.n, { name = "acc" })
  local wfront = gpu:array("f32", math.max(g.m, 1), { name = "wfront" })
  local shape = { grid = S.ceil_div(g.n, 256), block = 256 }
  local eshape = { grid = S.ceil_div(math.max(g.m, 1), 256), block = 256 }
  local df = f32(d)
  local base = f32(f32(1 - df) / g.n)
  gpu:launch(init, shape, pr, acc, g.n)
  for _ = 1, iters do
    gpu:launch(expand, shape, row, pr, wfront, g.n)
    if g.m > 0 then
      if iru then
        gpu:configure_iru{ target = acc, elem_size = 4, indices = col, secondary = wfront, n = g.m, filter = filter }
        gpu:launch(contract, eshape, g.m, acc)
      else
        gpu:launch(contract, eshape, col, wfront, g.m, acc)
      end
    end
    gpu:launch(update, shape, pr, acc, g.n, base, df)
  end
  local ok, msg = ws.check.equal(pr:read(), M.push_reference(g, iters, d))
  return ok, msg, iters
end

return M
