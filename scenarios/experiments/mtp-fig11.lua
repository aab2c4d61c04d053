-- MTP paper (seed 004) Fig. 11 (and the bandwidth of Fig. 12): MT-SWP
-- (stride + inter-thread software prefetching) with and without the
-- paper's adaptive throttle (throttle.policy=mt: early-eviction rate and
-- merge ratio every 100,000 cycles, drop degree 0..5 starting at 2), as
-- speedups over the same kernel without prefetching, on the g80-mtp
-- machine (warpscope.exp_mtp kernels).
-- usage: warpscope --batch scenarios/experiments/mtp-fig11.lua [--quick]
--          [--out DIR] [--graphs DIR] [KERNEL,KERNEL,...]
local E = require "warpscope.experiment"
local R = require "warpscope.exp_mtp"

local ex = E.new{
  id = "mtp-fig11",
  title = "MT-SWP with adaptive throttling (MT-SWP+T) over no prefetching",
  source = "MTP (seed 004) Figs. 11 and 12, Sec. VII-B",
  preset = R.preset,
  columns = {
    { "kernel", "%-9s" }, { "type", "%-6s" }, { "config", "%-8s" }, { "paper", "%6s" },
    { "speedup", "%7.3f" }, { "vs_mtswp", "%8.3f", "vs-mtswp" }, { "cycles", "%9d" },
    { "issued", "%8d", "pf.issued" }, { "throttled", "%8d", "dropped" }, { "early", "%7d" },
    { "acc", "%5.1f", "acc%" }, { "dram", "%8.2f", "DRAM MB" }, { "degree", "%3d", "deg" },
    { "changes", "%3d", "chg" }, { "why", "%-1s", "SM 0 throttle changes (from->to: why)" },
  },
}

local mt = { ["throttle.policy"] = "mt" }
-- The paper's gains of throttling over MT-SWP (Sec. VII-B).
local paper_t = { stream = 1.10, cell = 1.05, cfid = 1.12 }

local function dram_mb(st)
  local t = st.total
  return ((t["dram.bytes_read"] or 0) + (t["dram.bytes_written"] or 0)) / 1e6
end

local kernels = R.select(ex)
local res = {}
for _, e in ipairs(kernels) do
  local base = R.run(ex, e, "base")
  local r = { base = base }
  ex:row{ kernel = e.name, type = e.type, config = "none", speedup = 1, cycles = base.total.cycles,
    issued = 0, dram = dram_mb(base) }
  if R.supports(e, "stride") then
    r.stride = R.run(ex, e, "stride")
    local m = R.metrics(base, r.stride)
    ex:row{ kernel = e.name, type = e.type, config = "stride", speedup = m.speedup, cycles = m.cycles,
      issued = m.issued, early = m.early, acc = m.acc, dram = dram_mb(r.stride) }
  end
  r.mtswp = R.run(ex, e, "mtswp")
  local trace
  r.mtswpt = R.run(ex, e, "mtswp", mt, e.name .. "/mtswp+T", function(gpu) trace = R.throttle_trace(gpu, 0) end)
  for _, c in ipairs { { "mtswp", r.mtswp }, { "mtswp+T", r.mtswpt } } do
    local m, t = R.metrics(base, c[2]), c[2].total
    ex:row{ kernel = e.name, type = e.type, config = c[1],
      paper = c[1] == "mtswp+T" and paper_t[e.analogue] and ("%.2f"):format(paper_t[e.analogue]) or nil,
      speedup = m.speedup, vs_mtswp = r.mtswp.total.cycles / t.cycles, cycles = t.cycles, issued = m.issued,
      throttled = t["pf.dropped.throttled"] or 0, early = m.early, acc = m.acc, dram = dram_mb(c[2]),
      degree = c[1] == "mtswp+T" and trace.degree or nil, changes = c[1] == "mtswp+T" and trace.changes or nil,
      why = c[1] == "mtswp+T" and trace.why or nil }
  end
  res[e.name] = r
end

local function cyc(st) return st.total.cycles end
local l_t, l_none, l_stride = {}, {}, {}
for _, e in ipairs(kernels) do
  local r = res[e.name]
  l_t[#l_t + 1] = cyc(r.mtswp) / cyc(r.mtswpt)
  l_none[#l_none + 1] = cyc(r.base) / cyc(r.mtswpt)
  l_stride[#l_stride + 1] = cyc(r.stride or r.base) / cyc(r.mtswpt)
end
local g_t, g_none, g_stride = E.geomean(l_t), E.geomean(l_none), E.geomean(l_stride)
local l_m = {}
for _, e in ipairs(kernels) do l_m[#l_m + 1] = cyc(res[e.name].base) / cyc(res[e.name].mtswp) end
ex:row{ kernel = "geomean", config = "mtswp", speedup = E.geomean(l_m) }
ex:row{ kernel = "geomean", config = "mtswp+T", paper = "1.36", speedup = g_none, vs_mtswp = g_t }
ex:row{ kernel = "T/stride", config = "ratio", paper = "1.16", speedup = g_stride }
ex:row{ kernel = "T/mtswp", config = "ratio", paper = "1.04", speedup = g_t }

-- The paper's claims.
local named, better, less_bw = {}, true, true
local parts = {}
for _, e in ipairs(kernels) do
  if paper_t[e.analogue] then
    local r = res[e.name]
    local s = cyc(r.mtswp) / cyc(r.mtswpt)
    named[#named + 1] = e.name
    better = better and s > 1
    less_bw = less_bw and dram_mb(r.mtswpt) < dram_mb(r.mtswp)
    parts[#parts + 1] = ("%s %.3f (paper %.2f), DRAM %.1f -> %.1f MB"):format(e.name, s, paper_t[e.analogue],
      dram_mb(r.mtswp), dram_mb(r.mtswpt))
  end
end
if #named > 0 then
  ex:claim("Throttling speeds MT-SWP up on stream (+10 %), cell (+5 %) and cfid (+12 %)", better,
    table.concat(parts, "; "))
  ex:claim("... and uses less DRAM bandwidth on those kernels", less_bw, nil)
end
ex:claim("MT-SWP+T beats MT-SWP: +4 % (geometric mean)", g_t > 1, ("here %+.1f %%"):format(100 * (g_t - 1)))
ex:claim("MT-SWP+T beats stride prefetching: +16 % (geometric mean)", g_stride > 1,
  ("here %+.1f %%"):format(100 * (g_stride - 1)))
ex:claim("MT-SWP+T beats no prefetching: +36 % (geometric mean)", g_none > 1,
  ("here %+.1f %%"):format(100 * (g_none - 1)))
local worst, wname = math.huge, nil
for _, e in ipairs(kernels) do
  local s = cyc(res[e.name].base) / cyc(res[e.name].mtswpt)
  if s < worst then worst, wname = s, e.name end
end
ex:claim("Throttling removes the slowdowns: no kernel is slower with MT-SWP+T than without prefetching",
  worst >= 1, ("slowest: %s %.3f"):format(wname or "-", worst))

ex:note("throttle: MTP's (throttle.policy=mt) with the paper's parameters: period 100,000 cycles, initial "
  .. "degree 2 (2 of 5 prefetches dropped), early-eviction thresholds 0.01/0.02, merge ratio 15 %; "
  .. "it applies to the software prefetches; kernels shorter than one period keep degree 2 throughout "
  .. "(deg, chg: SM 0's final drop degree and its number of changes)")
ex:note("stride rows only for kernels with a loop; T/stride counts the others' stride prefetching as none")
ex:note("machine: g80-mtp with its 8,192 registers per core; launches whose ptxas sm_75 count exceeds Table III's bound floor(8192 / (blocks x threads)) state that bound (exp_mtp.lua); Table III's blocks per core; kernels from warpscope.exp_mtp")
ex:finish()
