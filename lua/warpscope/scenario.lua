-- warpscope.scenario: small helpers shared by the shipped scenarios.
local A = require "warpscope.args"
local M = {}

-- The graph named on the command line: a file path, "default" or nil (the
-- embedded default graph).  opts are passed to ws.graph.load.
function M.graph(ws, name, opts)
  if type(ws) ~= "table" or type(ws.graph) ~= "table" then
    error(("warpscope.scenario.graph: argument 1 (ws) must be the warpscope module, got %s"):format(A.kind(ws)), 2)
  end
  A.type("warpscope.scenario.graph", 2, "name", name, "string", true)
  A.type("warpscope.scenario.graph", 3, "opts", opts, "table", true)
  if name == nil or name == "default" then return ws.graph.default() end
  return ws.graph.load(name, opts)
end

-- A source vertex from the command line (default 0), checked against n.
function M.source(s, n)
  A.int("warpscope.scenario.source", 2, "n (the vertex count)", n, 1, math.maxinteger)
  local src = math.tointeger(tonumber(s or 0))
  if not src or src < 0 or src >= n then
    error(("source vertex must be an integer in 0..%d, got %s"):format(n - 1, tostring(s)), 2)
  end
  return src
end

-- How many vertices a BFS from src reaches (src included), by the CPU
-- BFS.  Below 1% of the graph ([choice]: a run that touches so little of
-- the graph measures its start-up, not the traversal; the issue's example,
-- ca-GrQc from vertex 0, reaches 4 of 5,242) the gpu warns, on standard
-- error and in --json's "warnings".  Returns the count and the fraction.
M.TINY_REACH = 0.01
-- M.reach(g, src) gives the count, the fraction and the warning's text
-- (nil when the reach is not tiny) without a gpu; check_reach(gpu, g, src,
-- quiet) also gives the warning to the gpu (quiet: only into its JSON).
function M.reach(g, src)
  local lv = g:bfs(src)
  local n, reached = g.n, 0
  for i = 0, n - 1 do
    if lv[i] >= 0 then reached = reached + 1 end
  end
  local frac = reached / n
  local msg
  if frac < M.TINY_REACH then
    msg = ("source vertex %d reaches %d of %d vertices (%.2f%%, under %g%%): the run measures a tiny "
           .. "part of the graph; give another source vertex"):format(src, reached, n, 100 * frac,
                                                                    100 * M.TINY_REACH)
  end
  return reached, frac, msg
end

function M.check_reach(gpu, g, src, quiet)
  A.gpu("warpscope.scenario.check_reach", 1, gpu)
  local reached, frac, msg = M.reach(g, src)
  if msg then gpu:warn(msg, quiet) end
  return reached, frac
end

function M.ceil_div(a, b)
  a = A.int("warpscope.scenario.ceil_div", 1, "a", a, 0, math.maxinteger // 2)
  b = A.int("warpscope.scenario.ceil_div", 2, "b", b, 1, math.maxinteger // 2)
  return (a + b - 1) // b
end

-- The CTA size to launch kernel k with: `block` threads, halved (down to one
-- warp) while a CTA would need more registers than an SM has (k.regs per
-- thread, as ptxas allocates them for sm_75, can exceed an old machine's
-- register file at 256 threads), as a CUDA host sizes its blocks for the
-- device.  Functional gpus have no register limit to fit: block as given.
function M.fit_block(gpu, k, block)
  A.gpu("warpscope.scenario.fit_block", 1, gpu)
  block = A.int("warpscope.scenario.fit_block", 3, "block", block, 1, 1024)
  local m = gpu:machine()
  if not m.regs_per_sm then return block end
  while block > 32 and k.regs * 32 * ((block + 31) // 32) > m.regs_per_sm do block = block // 2 end
  return block
end

-- Print what a scenario did: the check's verdict and the engine's counters.
-- Raises when the check failed, so the exit status says so.
function M.report(title, gpu, ok, msg, extra)
  A.type("warpscope.scenario.report", 1, "title", title, "string")
  A.gpu("warpscope.scenario.report", 2, gpu)
  local st = gpu:stats().total
  print(("%s: %s"):format(title, ok and "result matches the CPU reference" or "MISMATCH"))
  if extra then print("  " .. extra) end
  print(("  %d warp instructions, %d thread instructions"):format(st.warp_insns, st.thread_insns))
  if gpu.mode == "timing" then
    print(("  %d cycles on %s (IPC %.2f), L1D hit rate %.1f%%, L2 hit rate %.1f%%, DRAM bus %.1f%% busy"):format(
      st.cycles, gpu.preset, st.ipc, 100 * st["l1d.hit_rate"], 100 * st["l2.hit_rate"],
      100 * st["dram.bandwidth_util"]))
  end
  if not ok then error(msg, 2) end
end

return M
