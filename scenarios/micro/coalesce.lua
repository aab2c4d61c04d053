-- Coalescing: one warp loads a[t * stride]; stride 1 reads 128 consecutive
-- bytes, stride 32 puts each lane in its own line (scenarios/micro/coalesce.cu).
-- usage: warpscope [--preset P] [--set K=V] scenarios/micro/coalesce.lua
local ws = require "warpscope"
local M = {}

function M.run(opts, strides)
  local gpu = ws.gpu(opts or {})
  local k = gpu:load_ptx("micro/coalesce.ptx"):kernel("gather")
  local a = gpu:array("i32", 32 * 32, { name = "a" })
  for i = 0, 32 * 32 - 1 do a[i] = 3 * i end
  local out = gpu:array("i32", 32, { name = "out" })
  local res = {}
  for _, stride in ipairs(strides or { 1, 2, 4, 8, 16, 32 }) do
    gpu:launch(k, { grid = 1, block = 32 }, a, stride, out)
    local s = gpu:stats().last
    local ok = true
    for t = 0, 31 do if out[t] ~= 3 * t * stride then ok = false end end
    res[#res + 1] = { stride = stride, load_requests = s["mem.load_accesses"], ok = ok }
  end
  return res, gpu
end

if ... ~= "micro.coalesce" then
  local res, gpu = M.run()
  print(("requests per warp load on %s (coalesce.arch %s):"):format(gpu.preset, gpu:option("coalesce.arch")))
  for _, r in ipairs(res) do
    print(("  stride %2d: %2d request(s)%s"):format(r.stride, r.load_requests, r.ok and "" or "  WRONG RESULT"))
  end
end
return M
