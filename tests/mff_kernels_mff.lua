-- mff_kernels_mff.lua: the MFF versions of the MFF paper's graph kernels
-- (scenarios/kernels/mff_*_mff.cu: PC_gather, PC_wait, PC_scatter_set),
-- the same checks as tests/mff_kernels.lua on the same graphs (exact
-- results, super-steps, stages), and the same results as the baseline
-- kernels bit for bit.
local T = require "tap"
local ws = require "warpscope"
local F = require "warpscope.mff"
local C = require "mff_kern_cases"

local function newgpu() return ws.gpu{ quiet = true, ["mff.enable"] = true } end
local ok, why = F.supported(newgpu())
T.ok(ok, "the MFF modules load on a gpu with mff.enable: " .. tostring(why))
local no, nowhy = F.supported(ws.gpu{ quiet = true })
T.ok(not no and nowhy:match("^mff_sssp_mff%.ptx:%d+: pc_[%w_]+ needs the MFF") ~= nil,
     "without the MFF: false and the loader's located reason: " .. tostring(nowhy))

local mff = C.run_all(T, newgpu, true)
local base = C.run_all(T, function() return ws.gpu{ quiet = true } end, false)
for _, gg in ipairs(C.graphs) do
  for _, alg in ipairs{ "pr", "bfs", "sssp", "wcc" } do
    local a, b = mff[gg.name][alg], base[gg.name][alg]
    T.ok(ws.check.equal(a.values, b.values) and a.steps == b.steps,
         ("%s, %s: the MFF version's result and super-steps are the baseline's"):format(gg.name, alg))
  end
end
T.done()
