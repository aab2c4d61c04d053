-- mtp_occupancy.lua: the blocks per core every launch of the MTP paper's
-- kernels (warpscope.exp_mtp, M.paper_kernels(), every variant, quick)
-- gets on g80-mtp as it is (the 8800GT's 8,192 registers per core) equals
-- the paper's Table III (M.table3[].max_blocks), and which launches state
-- a register count instead of ptxas's.
--
-- The kernels' registers per thread are what ptxas allocates for sm_75
-- (kernels/mtp_*.ptxas; __maxnreg__ caps black_reg, linear_* and cfd_*).
-- Table III's occupancy on 8,192 registers bounds the paper's kernels at
-- floor(8192 / (blocks x threads)) registers per thread; ptxas's sm_75
-- counts (64-bit pointers, a floor of 24 under any cap) exceed it for the
-- launches below, and M.shape states the bound for those (regs_source
-- "scenario").  Blocks per core come from M.occupancy with the launch
-- shape M.shape made (registers, threads, CTAs, shared memory with
-- M.shape's padding), the limits the model applies.
local T = require "tap"
local ws = require "warpscope"
local M = require "warpscope.exp_mtp"

-- launch -> the register count M.shape states (Table III's bound)
local stated = {
  black_base = 21, black_stride = 21, black_reg = 21, black_mtswp = 21,   -- 3 x 128
  conv_cols_mtswp = 21,                                                   -- 2 x 192
  scalar_stride = 16, scalar_reg = 16, scalar_ip = 16, scalar_mtswp = 16, -- 2 x 256
  stream_stride = 16, stream_reg = 16, stream_ip = 16, stream_mtswp = 16, -- 1 x 512
  backprop_ip = 16,                                                       -- 2 x 256
  cell_base = 16, cell_ip = 16,                                           -- 1 x 512
  ocean_base = 16, ocean_ip = 16,                                         -- 8 x 64
  bfs_expand_base = 16, bfs_expand_ip = 16,                               -- 1 x 512
  linear_base = 16, linear_ip = 16,                                       -- 2 x 256
  sepia_base = 10, sepia_ip = 10,                                         -- 3 x 256
}
-- launches whose own limits would allow more than Table III's blocks:
-- dynamic shared memory (M.shape's padding) caps them
local padded = { mt_boxmuller_base = true, mt_boxmuller_stride = true, mt_boxmuller_ip = true }

-- Runs every paper kernel's variants on a fresh g80-mtp with `opts`.
local function check(label, opts)
  local orig = M.shape
  local launches
  M.shape = function(gpu, k, grid, block, bpc)
    local sh = orig(gpu, k, grid, block, bpc)
    local got, why = M.occupancy(gpu, k, block, sh)
    launches[#launches + 1] = { name = k.name, got = got, why = why, regs = sh.regs }
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
        T.is(l.got, t3, ("%s: %s/%s %s gets Table III's %d blocks per core (%s)"):format(
          label, e.name, v, l.name, t3, tostring(l.why)))
        T.is(l.regs, stated[l.name], ("%s: %s states %s registers"):format(label, l.name,
          tostring(stated[l.name] or "no")))
        T.is(l.why == "shared", padded[l.name] == true, ("%s: %s %s by padding"):format(label, l.name,
          padded[l.name] and "capped" or "not capped"))
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

-- The experiments' machine: g80-mtp (8,192 registers) with M.options.
check("g80-mtp", M.options)
T.ok(next(M.options) == nil or M.options["sm.regs"] == nil, "the experiments keep g80-mtp's register file")

T.done()
