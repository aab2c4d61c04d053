-- Software prefetching of the many-thread-aware prefetching paper (MTP
-- Sec. III): a vector add without prefetching, with inter-thread
-- prefetching (each thread prefetches for the same lane of the next warp),
-- and a grid-stride loop with and without prefetching of the next
-- iteration.  The PTX prefetches go through the prefetch engine: try
-- `--preset g80-mtp` (16 KB prefetch cache per core, no L1) and
-- `--set throttle.policy=mt` (MT-SWP+T).
-- usage: warpscope [--preset P] scenarios/mtswp.lua [N]
local ws = require "warpscope"
local S = require "warpscope.scenario"

local n = math.tointeger(tonumber(arg[1] or 131072))
assert(n and n >= 1, "N must be a positive integer")
local gpu = ws.gpu{}
local m = gpu:load_ptx("kernels/mtswp.ptx")
local a, b = {}, {}
for i = 1, n do a[i], b[i] = (i % 977) * 0.5, (i % 131) * 0.25 end
local A = gpu:array("f32", a, { name = "a" })
local B = gpu:array("f32", b, { name = "b" })
local C = gpu:array("f32", n, { name = "c" })
local want = {}
for i = 1, n do want[i] = a[i] + b[i] end   -- exact: small binary fractions

local timing = gpu.mode == "timing"
local rows, all_ok = {}, true
local function run(name, shape)
  C:fill(0)
  local before = timing and gpu:stats().total or nil
  gpu:launch(m:kernel(name), shape, A, B, C, n)
  local ok, msg = ws.check.equal(C:read(), want)
  all_ok = all_ok and ok
  if not ok then print(name .. ": " .. msg) end
  if timing then
    local s = gpu:stats().total
    local function d(k) return s[k] - before[k] end
    rows[#rows + 1] = ("%-13s %9d %7.3f %8d %7d %6d %6d %6d"):format(name, d("cycles"),
      d("warp_insns") / math.max(1, d("cycles")), d("pf.sw"), d("pf.issued"), d("pf.useful"), d("pf.late"),
      d("pf.early"))
  end
end
local threads = 256
run("vadd", { grid = S.ceil_div(n, threads), block = threads })
run("vadd_ip", { grid = S.ceil_div(n, threads), block = threads })
local loop = { grid = 4 * gpu.sms, block = threads }
run("vadd_loop", loop)
run("vadd_loop_pf", loop)
if timing then
  print(("%-13s %9s %7s %8s %7s %6s %6s %6s"):format("kernel", "cycles", "IPC", "sw pf", "issued", "useful",
    "late", "early"))
  for _, r in ipairs(rows) do print(r) end
end
S.report(("mtswp: vector add of %d elements, with and without software prefetching"):format(n), gpu, all_ok,
         all_ok and nil or "a kernel's result differs", gpu.preset)
