-- regs_ptxas.lua: occupancy follows the resource record beside a shipped
-- PTX file (what ptxas allocates), the estimate without one, and a launch's
-- regs= over both; k.regs_source, k.regs_estimate, k.ptxas, m.record.
local T = require "tap"
local ws = require "warpscope"

-- Warps resident on SM 0 once the first CTAs have started (one CTA starts
-- per cycle; the kernels wait for a global load long after that).
local function resident(gpu, k, shape, ...)
  gpu:start(k, shape, ...)
  local n = 0
  for _ = 1, 10 do
    gpu:step(1)
    n = math.max(n, #gpu:sm(0):warps())
  end
  gpu:finish()
  return n
end

-- bfs_topo_expand on g80-mtp (8,192 registers, 768 threads, 8 CTAs per SM),
-- 256-thread CTAs: ptxas's 16 registers give 2 CTAs (16 warps); the
-- estimate, 17, gives 1 (8 warps): 2 x 17 x 256 = 8,704 > 8,192.
do
  local gpu = ws.gpu{ preset = "g80-mtp", ["sm.count"] = 1, quiet = true }
  local m = gpu:load_ptx("kernels/bfs_topo.ptx")
  T.ok(m.record and m.record:match("kernels/bfs_topo%.ptxas$") ~= nil, "bfs_topo.ptx's record is found beside it")
  local k = m:kernel("bfs_topo_expand")
  T.is(k.regs, 16, "bfs_topo_expand: 16 registers (ptxas)")
  T.is(k.regs_source, "ptxas", "... labelled ptxas")
  T.is(k.regs_estimate, 17, "... the estimate is 17")
  T.is(k.ptxas.regs, 16, "k.ptxas.regs")
  T.is(k.ptxas.cmem0, 404, "k.ptxas.cmem0")
  T.is(k.ptxas.smem, 0, "k.ptxas.smem")
  local n = 4096
  local row = gpu:array("i32", n + 1, { name = "row", fill = 0 })
  local col = gpu:array("i32", 1, { name = "col", fill = 0 })
  local mask = gpu:array("u8", n, { name = "mask", fill = 0 })
  local upd = gpu:array("u8", n, { name = "upd", fill = 0 })
  local vis = gpu:array("u8", n, { name = "vis", fill = 0 })
  local cost = gpu:array("i32", n, { name = "cost", fill = -1 })
  local shape = { grid = n // 256, block = 256 }
  T.is(resident(gpu, k, shape, row, col, mask, upd, vis, cost, n), 16, "g80-mtp: 2 CTAs (16 warps) at ptxas's 16")

  -- the same PTX without its record (text): the estimate, labelled so
  local f = assert(io.open(os.getenv("WS_SRCDIR") .. "/scenarios/kernels/bfs_topo.ptx"))
  local mt = gpu:load_ptx_text(f:read("a"), "bfs_topo_copy.ptx")
  f:close()
  T.is(mt.record, nil, "PTX text has no record")
  local ke = mt:kernel("bfs_topo_expand")
  T.is(ke.regs, 17, "without the record: the estimate, 17")
  T.is(ke.regs_source, "estimate", "... labelled estimate")
  T.is(ke.ptxas, nil, "... no k.ptxas")
  T.is(resident(gpu, ke, shape, row, col, mask, upd, vis, cost, n), 8, "g80-mtp: 1 CTA (8 warps) at the estimate's 17")

  -- the scenario's count overrides both
  local s = { grid = n // 256, block = 256, regs = 10 }
  T.is(resident(gpu, k, s, row, col, mask, upd, vis, cost, n), 24, "launch regs=10: 3 CTAs (the 768-thread limit)")
  s.regs = 32
  T.is(resident(gpu, k, s, row, col, mask, upd, vis, cost, n), 8, "launch regs=32: 1 CTA")
  gpu:close()
end

-- pr_pull on fermi-thesis (32,768 registers, 1,536 threads), 256-thread
-- CTAs: ptxas allocates 49 registers, 2 CTAs (16 warps); the estimate (20)
-- would give 6 (the thread limit).
do
  local gpu = ws.gpu{ preset = "fermi-thesis", ["sm.count"] = 1, quiet = true }
  local k = gpu:load_ptx("kernels/pagerank.ptx"):kernel("pr_pull")
  T.is(k.regs, 49, "pr_pull: 49 registers (ptxas)")
  T.is(k.regs_estimate, 20, "... estimate 20")
  local n = 8192
  local trow = gpu:array("i32", n + 1, { name = "trow", fill = 0 })
  local tcol = gpu:array("i32", 1, { name = "tcol", fill = 0 })
  local contrib = gpu:array("f32", n, { name = "contrib", fill = 0 })
  local nxt = gpu:array("f32", n, { name = "next", fill = 0 })
  local shape = { grid = n // 256, block = 256 }
  T.is(resident(gpu, k, shape, trow, tcol, contrib, nxt, n, 0.85), 16, "fermi-thesis: 2 CTAs (16 warps) at 49")
  shape.regs = k.regs_estimate
  T.is(resident(gpu, k, shape, trow, tcol, contrib, nxt, n, 0.85), 48, "at the estimate's 20: 6 CTAs (48 warps)")
  gpu:close()
end

-- functional gpus read the record too
do
  local gpu = ws.gpu{ mode = "functional" }
  local k = gpu:load_ptx("kernels/sssp.ptx"):kernel("sssp_relax")
  T.is(k.regs_source, "ptxas", "functional gpu: sssp_relax's count is ptxas's")
  T.is(k.regs, 18, "... 18")
  gpu:close()
end

T.done()
