-- mff_kernels_emu.lua: the MFF versions of the graph kernels
-- (scenarios/kernels/mff_*_mff.cu) with pc_gather, pc_wait and
-- pc_scatter_set emulated in software (tests/mff_emu.lua): the kernels'
-- own logic (chunks of 32 for the hub's 40 in-edges and 50 out-edges,
-- c_index offsets, the out-edge half of SSSP's C array, the 33-word target
-- rows) gives exactly the CPU references and the baseline's results and
-- super-steps, on any warpscope.  What the unit adds (timing, coalescing)
-- is tests/mff_kernels_mff.lua's.
local T = require "tap"
local ws = require "warpscope"
local C = require "mff_kern_cases"
local E = require "mff_emu"

local calls = {}
local function emulated(gpu, alg)
  local o = E.opts(gpu, "mff_" .. alg .. "_mff.ptx")
  calls[alg] = o.calls
  return { mff_module = o.mff_module, configure = o.configure }
end
local emu = C.run_all(T, function() return ws.gpu{ quiet = true } end, true, emulated, "emulated MFF")
local base = C.run_all(T, function() return ws.gpu{ quiet = true } end, false)
for _, gg in ipairs(C.graphs) do
  for _, alg in ipairs{ "pr", "bfs", "sssp", "wcc" } do
    local a, b = emu[gg.name][alg], base[gg.name][alg]
    T.ok(ws.check.equal(a.values, b.values) and a.steps == b.steps,
         ("%s, %s: the emulated MFF version's result and super-steps are the baseline's"):format(gg.name, alg))
  end
end
-- The calls each MFF module makes (nvcc unrolls the scatter loops).
T.ok(calls.pr.gather > 0 and calls.pr.wait > 0 and calls.pr.scatter == 0, "PageRank: PC_gather and PC_wait only")
T.ok(calls.bfs.gather == 0 and calls.bfs.wait == 0 and calls.bfs.scatter > 0, "BFS: PC_scatter_set only")
T.ok(calls.sssp.gather > 0 and calls.sssp.wait > 0 and calls.sssp.scatter > 0, "SSSP: all three calls")
T.ok(calls.wcc.gather > 0 and calls.wcc.wait > 0 and calls.wcc.scatter > 0, "WCC: all three calls")
T.done()
