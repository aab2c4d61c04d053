-- Lab 4: when throttling helps: prefetching into a tiny prefetch cache
-- (worksheet: 04-throttling.md).
--
-- The many-thread-aware prefetching paper's machine (preset g80-mtp: no L1
-- data cache, prefetches go to a per-core prefetch cache, 16 KB by default)
-- runs a streaming kernel whose warps each walk a constant stride
-- (kernels/lab_kernels.cu, lab_work: a grid-stride loop, one load, `work`
-- integer multiply-adds and one store per element).  The MT-HWP prefetcher
-- learns every warp's stride; with a 1 KB prefetch cache (8 lines) the
-- prefetches of 8 warps evict each other before use.  The MT throttle
-- (throttle.policy=mt) measures early evictions and merges every period and
-- drops 0 to 5 of every 5 prefetches.
--
-- Runs: no prefetching; then for each prefetch cache size, MT-HWP without
-- and with the MT throttle.  Every throttle change of SM 0 is printed
-- (gpu:on("throttle")).
--
-- usage: warpscope [--batch] scenarios/labs/04-throttling.lua [SIZES] [N] [WORK] [WARPS] [PERIOD]
--   (positional, or NAME=VALUE in any order: sizes=, n=, work=, warps=, period=)
--   SIZES   comma list of pfc.size values (default 16K,1K)
--   N       elements (default 1835008: about 255,000 cycles, two throttle periods)
--   WORK    multiply-adds per element (default 4)
--   WARPS   warps per SM: one CTA of 32 x WARPS threads per SM (default 8)
--   PERIOD  throttle.period in cycles (default 100000, the paper's)
local ws = require "warpscope"
local L = require "warpscope.lab"

local A = L.args(arg, { "sizes", "n", "work", "warps", "period" },
  { sizes = "16K,1K", n = "1835008", work = "4", warps = "8", period = "100000" })
local function int(name, lo)
  local v = math.tointeger(tonumber(A[name]))
  if not v or v < lo then L.usage(("%s must be an integer >= %d, got %s"):format(name, lo, A[name])) end
  return v
end
local n, work, warps, period = int("n", 1), int("work", 0), int("warps", 1), int("period", 1)
local sizes = L.list(A.sizes)
local interactive = ws.options.tui == true

L.banner("Lab 4: when throttling helps: prefetching into a tiny prefetch cache", {
  ("Machine g80-mtp (14 cores, no L1D, prefetch cache per core); %d elements, %d multiply-adds each,"):format(n, work),
  ("%d warps per SM; MT throttle period %d cycles; prefetch cache sizes %s."):format(warps, period, A.sizes),
  "Look at (in the interface):",
  "  5 Prefetch  MT-HWP's tables (h/l: pws, gs, ip), issued/useful/late/early, and the throttle:",
  "              degree (k of 5 prefetches dropped), early-eviction rate and merge ratio against",
  "              their thresholds, the transition log",
  "  4 Caches    x shows the prefetch cache instead of the L1D (P: prefetched, not yet used)",
  "  6 Memory    DRAM bandwidth and latency: what the wasted prefetches cost",
  "Launches: one gpu per run (none, then per size: mthwp, mthwp+mt), one launch each.",
  interactive and "In the interface the mthwp+mt runs stop at every throttle change (:delete all: no more)." or "",
})

-- Inputs and the CPU reference (32-bit unsigned LCG steps).
local input = ws.buffer("u32", n)
for i = 0, n - 1 do input[i] = (i * 2654435761) & 0xffffffff end
local function expect(i)
  local x = (i * 2654435761) & 0xffffffff
  for _ = 1, work do x = (x * 1664525 + 1013904223) & 0xffffffff end
  return x
end

local runs = { { name = "none", opts = {} } }
for _, s in ipairs(sizes) do
  runs[#runs + 1] = { name = "mthwp " .. s, size = s, opts = { ["pf.policy"] = "mthwp", ["pfc.size"] = s } }
  runs[#runs + 1] = { name = "mthwp+mt " .. s, size = s, throttled = true,
                      opts = { ["pf.policy"] = "mthwp", ["pfc.size"] = s, ["throttle.policy"] = "mt" } }
end

local rows, logs, base = {}, {}, nil
for _, r in ipairs(runs) do
  local o = { preset = "g80-mtp", ["throttle.period"] = period }
  for k, v in pairs(r.opts) do o[k] = v end
  local log = {}
  local st = L.run(o, function(gpu)
    gpu:on("throttle", function(_, t)
      if t.sm == 0 and t.source == "throttle" then
        log[#log + 1] = ("  %7d  %-12s -> %-12s %s (early eviction %.3f, merge ratio %.3f)"):format(t.cycle,
          t.from_name, t.to_name, t.why, t.metrics.early_eviction or 0, t.metrics.merge_ratio or 0)
      end
    end)
    if interactive and r.throttled then gpu:breakpoint{ event = "throttle" } end
    local k = gpu:load_ptx("kernels/lab_kernels.ptx"):kernel("lab_work")
    local X = gpu:array("u32", input, { name = "in" })
    local O = gpu:array("u32", n, { name = "out" })
    gpu:launch(k, { grid = gpu.sms, block = 32 * warps }, X, O, n, work)
    local out = O:read()
    for i = 0, n - 1 do
      if out[i] ~= expect(i) then return false, ("out[%d] = %d, expected %d"):format(i, out[i], expect(i)) end
    end
    return true
  end, r.name)
  local t = st.total
  base = base or t.cycles
  local row = L.pf_row(t)
  row.run, row.cycles, row.speedup = r.name, t.cycles, base / t.cycles
  row.dropped = t["pf.dropped.throttled"]
  row.lat, row.bw = t["mem.avg_latency"], L.pct(t["dram.bandwidth_util"])
  row.mb = (t["dram.bytes_read"] + t["dram.bytes_written"]) / 1e6
  row.ee = t["pf.early_rate"]
  rows[#rows + 1] = row
  if r.throttled then logs[#logs + 1] = { name = r.name, lines = log } end
end

L.section("Results (speedup against no prefetching)")
L.table({ { "run", "%-15s" }, { "cycles", "%8d" }, { "speedup", "%7.3f" }, { "issued", "%7d" },
          { "dropped", "%7d", "thrdrop" }, { "useful", "%6d" }, { "late", "%6d" }, { "early", "%6d" },
          { "ee", "%7.3f", "ee rate" }, { "acc", "%5.1f", "acc%" }, { "cov", "%5.1f", "cov%" },
          { "lat", "%5.0f", "lat" }, { "bw", "%5.1f", "DRAM%" }, { "mb", "%6.1f", "MB" } }, rows)
print()
print("thrdrop = prefetches the throttle dropped; ee rate = early evictions / useful prefetches (MTP eq. 5);")
print("lat = average memory latency (cycles); DRAM% = data bus busy; MB = DRAM traffic.")
for _, l in ipairs(logs) do
  print()
  print(("%s: throttle changes of SM 0 (cycle, from -> to, why, the period's metrics):"):format(l.name))
  if #l.lines == 0 then print("  (none)") end
  for _, s in ipairs(l.lines) do print(s) end
end
L.done("lab 4")
