-- mtp_occupancy.lua: the blocks per core every launch of the MTP paper's
-- kernels (warpscope.exp_mtp, M.paper_kernels(), every variant, quick)
-- gets on g80-mtp, against the paper's Table III (M.table3[].max_blocks).
--
-- The kernels' registers per thread are what ptxas allocates for sm_75
-- (kernels/mtp_*.ptxas); __maxnreg__ caps black_reg (32), linear_* (32)
-- and cfd_* (42) so that they fit the 8800GT's 8192 registers as well as
-- ptxas allows (see the comments in their .cu files).  ptxas raises any
-- cap below 24 to 24 for sm_75, so a kernel whose Table III occupancy
-- needs fewer than 24 registers per thread cannot reach it on 8192: those
-- are the exceptions below, each with the blocks per core it gets.
--
-- Blocks per core come from M.occupancy with the launch shape M.shape made
-- (registers, threads, CTAs, shared memory with M.shape's padding), the
-- same limits the model applies; a launch that gets 0 must fail with the
-- model's "can never fit" error.
local T = require "tap"
local ws = require "warpscope"
local M = require "warpscope.exp_mtp"

-- g80-mtp as it is (8192 registers per core): kernel -> blocks per core
-- and why not Table III's.  "needs <= R" is floor(8192 / (Table III's
-- blocks x threads per block)); ptxas's sm_75 floor is 24.
local at8192 = {
  black_base = { 2, "31 regs; 3 x 128 needs <= 21, below ptxas's floor (24 gives 2)" },
  black_stride = { 2, "22 regs; 3 x 128 needs <= 21, below ptxas's floor" },
  black_reg = { 2, "capped at 32; 3 x 128 needs <= 21, below ptxas's floor" },
  black_mtswp = { 2, "24 regs; 3 x 128 needs <= 21, below ptxas's floor" },
  conv_cols_mtswp = { 1, "22 regs; 2 x 192 needs <= 21, below ptxas's floor" },
  scalar_stride = { 1, "20 regs; 2 x 256 needs <= 16, below ptxas's floor" },
  scalar_reg = { 1, "18 regs; 2 x 256 needs <= 16, below ptxas's floor" },
  scalar_ip = { 1, "18 regs; 2 x 256 needs <= 16, below ptxas's floor" },
  scalar_mtswp = { 1, "22 regs; 2 x 256 needs <= 16, below ptxas's floor" },
  stream_stride = { 0, "19 regs; 1 x 512 needs <= 16, below ptxas's floor: cannot launch" },
  stream_reg = { 0, "22 regs; 1 x 512 needs <= 16, below ptxas's floor: cannot launch" },
  stream_ip = { 0, "17 regs; 1 x 512 needs <= 16, below ptxas's floor: cannot launch" },
  stream_mtswp = { 0, "21 regs; 1 x 512 needs <= 16, below ptxas's floor: cannot launch" },
  backprop_ip = { 1, "20 regs; 2 x 256 needs <= 16, below ptxas's floor" },
  cell_base = { 0, "24 regs; 1 x 512 needs <= 16, below ptxas's floor: cannot launch" },
  cell_ip = { 0, "26 regs; 1 x 512 needs <= 16, below ptxas's floor: cannot launch" },
  ocean_base = { 6, "20 regs; 8 x 64 needs <= 16, below ptxas's floor" },
  ocean_ip = { 6, "20 regs; 8 x 64 needs <= 16, below ptxas's floor" },
  bfs_expand_base = { 0, "22 regs; 1 x 512 needs <= 16, below ptxas's floor: cannot launch" },
  bfs_expand_ip = { 0, "22 regs; 1 x 512 needs <= 16, below ptxas's floor: cannot launch" },
  linear_base = { 1, "capped at 32 (47 unbounded); 2 x 256 needs <= 16, below ptxas's floor" },
  linear_ip = { 1, "capped at 32 (47 unbounded); 2 x 256 needs <= 16, below ptxas's floor" },
  sepia_base = { 2, "16 regs; 3 x 256 needs <= 10, below ptxas's floor" },
  sepia_ip = { 1, "20 regs; 3 x 256 needs <= 10, below ptxas's floor" },
}

-- Runs every paper kernel's variants on a fresh g80-mtp with `opts`;
-- `except` maps kernel names to the blocks per core they get instead of
-- Table III's.
local function check(label, opts, except)
  local orig = M.shape
  local launches
  M.shape = function(gpu, k, grid, block, bpc)
    local sh = orig(gpu, k, grid, block, bpc)
    local got, why = M.occupancy(gpu, k, block, sh)
    launches[#launches + 1] = { name = k.name, got = got, why = why }
    return sh
  end
  for _, e in ipairs(M.paper_kernels()) do
    local t3 = M.table3[e.analogue].max_blocks
    for _, v in ipairs(e.variants) do
      launches = {}
      local o = { preset = "g80-mtp", quiet = true }
      for key, val in pairs(opts) do o[key] = val end
      local gpu = ws.gpu(o)
      local ok, a, b = pcall(e.run, gpu, v, true, {})
      gpu:close()
      T.ok(#launches > 0, ("%s: %s/%s launches"):format(label, e.name, v))
      for _, l in ipairs(launches) do
        local want = except[l.name] and except[l.name][1] or t3
        local desc = ("%s: %s/%s %s gets %d blocks per core (Table III: %d%s)"):format(
          label, e.name, v, l.name, want, t3, except[l.name] and "; " .. except[l.name][2] or "")
        T.is(l.got, want, desc)
      end
      local nofit
      for _, l in ipairs(launches) do
        if l.got == 0 then nofit = l.name end
      end
      if nofit then
        T.ok(not ok and tostring(a):match("launch of '" .. nofit .. "'.*can never fit") ~= nil,
          ("%s: %s/%s fails: %s cannot fit"):format(label, e.name, v, nofit))
      else
        T.ok(ok and a, ("%s: %s/%s runs and matches its reference%s"):format(label, e.name, v,
          ok and "" or (": " .. tostring(a))))
      end
    end
  end
  M.shape = orig
end

-- The experiments' machine: g80-mtp with M.options.
check("g80-mtp + M.options", M.options, {})
-- g80-mtp's own 8192 registers: the exceptions above.
check("g80-mtp (8192 registers)", {}, at8192)

T.done()
