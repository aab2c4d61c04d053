-- Shared-memory bank conflicts: each warp reads words `stride` apart, so
-- `stride` lanes share a bank (scenarios/micro/shared.cu).  Prints the
-- cycles the shared-memory pipe spends per access and the kernel time.
-- usage: warpscope [--preset P] [--set K=V] scenarios/micro/banks.lua
local ws = require "warpscope"
local M = {}

function M.run(opts, strides, iters)
  local gpu = ws.gpu(opts or {})
  local k = gpu:load_ptx("micro/shared.ptx"):kernel("bank_probe")
  local sms = tonumber(gpu:option("sm.count"))
  local block, grid = 256, sms
  local out = gpu:array("u32", block * grid, { name = "out" })
  local res = {}
  iters = iters or 64
  for _, stride in ipairs(strides or { 1, 2, 4, 8, 16, 32 }) do
    -- the difference between iters and 2 * iters is the loop's loads alone
    -- (the fill of the shared array and the setup cancel out)
    gpu:launch(k, { grid = grid, block = block }, stride, iters, out)
    local s1 = gpu:stats().last
    gpu:launch(k, { grid = grid, block = block }, stride, 2 * iters, out)
    local s2 = gpu:stats().last
    -- CPU reference for thread 0 and the last thread
    local ok = true
    for _, t in ipairs({ 0, block * grid - 1 }) do
      local lane, sum = t % 32, 0
      for i = 0, 2 * iters - 1 do sum = sum + ((lane * stride + i * 32 * stride) & 1023) end
      if out[t] ~= sum & 0xffffffff then ok = false end
    end
    res[#res + 1] = { stride = stride, ok = ok, cycles = s2.cycles - s1.cycles,
                      per_access = (s2["shared.cycles"] - s1["shared.cycles"]) / (s2["shared.insns"] - s1["shared.insns"]) }
  end
  return res, gpu
end

if ... ~= "micro.banks" then
  local res, gpu = M.run()
  print(("shared-memory bank conflicts on %s (%s banks):"):format(gpu.preset, gpu:option("smem.banks")))
  for _, r in ipairs(res) do
    print(("  stride %2d: %5.2f pipe cycles per access, %d cycles per extra iteration batch (x%.2f)%s"):format(
      r.stride, r.per_access, r.cycles, r.cycles / res[1].cycles, r.ok and "" or "  WRONG RESULT"))
  end
end
return M
