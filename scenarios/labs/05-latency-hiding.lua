-- Lab 5: latency hiding and MTAML (worksheet: 05-latency-hiding.md).
--
-- A streaming kernel (kernels/lab_kernels.cu, lab_work: per element one
-- coalesced load, WORK dependent integer multiply-adds, one store) runs with
-- 1 to 48 warps per SM, for a light and a heavy amount of work per load.
-- For each run the lab prints the time, IPC, the resident warps, the
-- measured average memory latency and the many-thread-aware prefetching
-- paper's MTAML (minimum tolerable average memory latency, its Eq. 1):
--
--   MTAML = (#compute warp instructions / #memory warp instructions) x (#warps - 1)
--
-- the longest average latency that the other warps' compute can cover.
-- When the measured latency is above MTAML, warps wait on memory.
--
-- usage: warpscope [--batch] scenarios/labs/05-latency-hiding.lua [WARPS] [WORKS] [N]
--   (positional, or NAME=VALUE in any order: warps=, works=, n=)
--   WARPS  comma list of warps per SM (default 1,2,4,8,16,24,32,48); more than
--          32 become several CTAs per SM (48 = 2 CTAs of 24 warps)
--   WORKS  comma list of multiply-adds per element (default 4,64)
--   N      elements (default 184320)
-- --preset and --set apply (e.g. --set sm.ctas=1 caps the resident CTAs per SM).
--
-- Registers: the launches state 20 registers per thread (launch regs=, the
-- statistics' regs_source "scenario") so that 48 warps fit a GTX480 SM
-- (32,768 registers: at most 21 per thread for 48 warps).  ptxas allocates
-- 26 for lab_work on sm_75 (kernels/lab_kernels.ptxas), which would cap an
-- SM at one 24-warp CTA here and make the warp count, the lab's variable,
-- stop at 24.
local ws = require "warpscope"
local L = require "warpscope.lab"

local A = L.args(arg, { "warps", "works", "n" }, { warps = "1,2,4,8,16,24,32,48", works = "4,64", n = "184320" })
local function ints(s, what)
  local t = {}
  for _, x in ipairs(L.list(s)) do
    local v = math.tointeger(tonumber(x))
    if not v or v < 0 then L.usage(("%s: '%s' is not a non-negative integer"):format(what, x)) end
    t[#t + 1] = v
  end
  return t
end
local warps_list, works = ints(A.warps, "warps"), ints(A.works, "works")
local LAB_REGS = 20   -- registers per thread (see the header)
local n = math.tointeger(tonumber(A.n))
assert(n and n >= 1, "n must be a positive integer")

L.banner("Lab 5: latency hiding and MTAML", {
  ("lab_work on %d elements: per element 1 load, WORK multiply-adds, 1 store; warps per SM %s, WORK %s."):format(
    n, A.warps, A.works),
  "Look at (in the interface):",
  "  6 Memory   'MTAML ... vs measured ...' with the verdict (hidden / not hidden), latency by level",
  "  3 Stalls   warp states per SM: long_scoreboard (waiting on memory) against selected (issuing)",
  "  1 Warps    how many warps each SM holds and what they wait for",
  "Launches: one gpu per (WORK, warps) in the order of the table, one launch each (R: next).",
})

local input = ws.buffer("u32", n)
for i = 0, n - 1 do input[i] = (i * 2654435761) & 0xffffffff end

local cols = { { "work", "%4d" }, { "warps", "%5d" }, { "active", "%6.1f", "avg" }, { "cycles", "%8d" },
  { "speedup", "%7.2f" }, { "ipc", "%6.2f", "IPC" }, { "ratio", "%6.2f", "c/m" }, { "mtaml", "%7.1f", "MTAML" },
  { "lat", "%6.1f", "lat" }, { "verdict", "%-8s" }, { "mem", "%6.1f", "mem%" }, { "bw", "%6.1f", "DRAM%" } }
L.section("Results (speedup against the first row of the same WORK; a row is printed as its run ends)")
L.table_head(cols)
local rows = {}
for _, work in ipairs(works) do
  local want = ws.buffer("u32", n)
  for i = 0, n - 1 do
    local x = input[i]
    for _ = 1, work do x = (x * 1664525 + 1013904223) & 0xffffffff end
    want[i] = x
  end
  local base
  for _, w in ipairs(warps_list) do
    assert(w >= 1, "warps must be at least 1")
    local ctas = (w + 31) // 32
    if w % ctas ~= 0 then L.usage(("%d warps per SM cannot be split into %d equal CTAs"):format(w, ctas)) end
    local st = L.run({}, function(gpu)
      local k = gpu:load_ptx("kernels/lab_kernels.ptx"):kernel("lab_work")
      local X = gpu:array("u32", input, { name = "in" })
      local O = gpu:array("u32", n, { name = "out" })
      gpu:launch(k, { grid = gpu.sms * ctas, block = 32 * (w // ctas), regs = LAB_REGS }, X, O, n, work)
      return ws.check.equal(O:read(), want)
    end, ("work %d, %d warps/SM"):format(work, w))
    local t = st.total
    base = base or t.cycles
    local resident = t.warp_slot_cycles - t["stall.idle"]
    rows[#rows + 1] = {
      work = work, warps = w, active = t.warps_active, cycles = t.cycles, speedup = base / t.cycles, ipc = t.ipc,
      ratio = (t.warp_insns - t["mem.insns"]) / math.max(1, t["mem.insns"]), mtaml = t.mtaml,
      lat = t["mem.avg_latency"], verdict = t["mem.avg_latency"] <= t.mtaml and "hidden" or "exposed",
      mem = resident > 0 and 100 * t["stall.long_scoreboard"] / resident or 0,
      bw = L.pct(t["dram.bandwidth_util"]),
    }
    L.table_row(cols, rows[#rows])
  end
end
print()
print("avg = average resident warps per SM (MTAML's #warps); c/m = compute / memory warp instructions;")
print("lat = measured average memory latency (cycles, requests that missed L1); hidden: lat <= MTAML;")
print("mem% = share of resident warp-cycles waiting on memory (long_scoreboard); DRAM% = data bus busy.")
L.done("lab 5")
