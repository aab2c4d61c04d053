-- Streaming bandwidth probe: the STREAM copy kernel over 16-byte elements
-- (scenarios/micro/stream.cu), reporting the DRAM data-bus utilisation and
-- the bandwidth reached against the configured peak.
-- usage: warpscope [--preset P] [--set K=V] scenarios/micro/bandwidth.lua [MB]
local ws = require "warpscope"
local M = {}

function M.run(opts, mb)
  local gpu = ws.gpu(opts or {})
  local k = gpu:load_ptx("micro/stream.ptx"):kernel("copy4")
  local n = (mb or 4) * 1024 * 1024 // 16          -- int4 elements per array
  local src = gpu:array("i32", 4 * n, { name = "src" })
  local dst = gpu:array("i32", 4 * n, { name = "dst" })
  for i = 0, 4 * n - 1, 997 do src[i] = i end
  local sms = tonumber(gpu:option("sm.count"))
  -- a first launch, one CTA an SM copying one element a thread between two
  -- small arrays of their own, brings the kernel's code into every SM's
  -- instruction cache: the measured launch then streams from its first cycle
  local ws_src = gpu:array("i32", 4 * sms * 256, { name = "warm_src" })
  local ws_dst = gpu:array("i32", 4 * sms * 256, { name = "warm_dst" })
  gpu:launch(k, { grid = sms, block = 256 }, ws_src, ws_dst, sms * 256)
  gpu:launch(k, { grid = 8 * sms, block = 256 }, src, dst, n)
  local s = gpu:stats().last
  local ok = true
  for i = 0, 4 * n - 1, 997 do if dst[i] ~= i then ok = false end end
  local mhz = tonumber(gpu:option("clock.core"))
  local peak = tonumber(gpu:option("mem.channels")) * tonumber(gpu:option("dram.bus_bytes"))
               * tonumber(gpu:option("dram.data_rate")) * tonumber(gpu:option("clock.dram")) * 1e6
  local bytes = s["dram.bytes_read"] + s["dram.bytes_written"]
  local gbs = bytes / (s.cycles / (mhz * 1e6)) / 1e9
  return { gpu = gpu, util = s["dram.bandwidth_util"], gbs = gbs, peak = peak / 1e9, ok = ok,
           cycles = s.cycles, bytes = bytes }
end

if ... ~= "micro.bandwidth" then
  local r = M.run(nil, tonumber((...)))
  print(("copy of %d MB on %s: %d cycles, %.1f GB/s of %.1f GB/s peak (%.1f%%), data bus busy %.1f%%; %s"):format(
    r.bytes // (1024 * 1024), r.gpu.preset, r.cycles, r.gbs, r.peak, 100 * r.gbs / r.peak, 100 * r.util,
    r.ok and "copy matches" or "copy WRONG"))
end
return M
