-- MTP paper (seed 004) Fig. 16: sensitivity to the prefetch cache size
-- (pfc.size 1 KB .. 128 KB, 8-way) of MT-HWP and MT-SWP, without and with
-- MTP's adaptive throttling (+T), as speedup over no prefetching, on
-- g80-mtp.  MT-SWP is each kernel's stride + inter-thread software
-- prefetching variant (warpscope.exp_mtp "mtswp").
-- usage: warpscope --batch scenarios/experiments/mtp-fig16.lua [--quick]
--          [--out DIR] [--graphs DIR] [KERNEL,KERNEL,...]
local E = require "warpscope.experiment"
local H = require "warpscope.exp_mtphw"

local ex = E.new{
  id = "mtp-fig16",
  title = "Speedup over no prefetching as the prefetch cache grows from 1 KB to 128 KB",
  source = "MTP (seed 004) Fig. 16 and Sec. IX-A",
  preset = H.preset,
  columns = {
    { "kernel", "%-9s" }, { "pfc", "%5s", "pfc" },
    { "hwp", "%7.3f", "MT-HWP" }, { "hwp_t", "%8.3f", "MT-HWP+T" }, { "swp", "%7.3f", "MT-SWP" },
    { "swp_t", "%8.3f", "MT-SWP+T" },
    { "ee_h", "%7.2f", "eeH" }, { "ee_s", "%7.2f", "eeS" }, { "drop_h", "%6.1f", "dropH%" },
    { "drop_s", "%6.1f", "dropS%" },
  },
}

local sizes = ex.quick and { 1, 16 } or { 1, 4, 16, 64, 128 }
local configs = { hwp = H.cfg.mthwp, hwp_t = H.cfg.mthwp_t, swp = H.cfg.mtswp, swp_t = H.cfg.mtswp_t }
local order = { "hwp", "hwp_t", "swp", "swp_t" }
local kernels = H.kernels(ex, { linear = true, stream = true })
local sp, met = {}, {}       -- sp[size][config][kernel]
for _, kb in ipairs(sizes) do
  sp[kb], met[kb] = {}, {}
  for _, k in ipairs(order) do sp[kb][k], met[kb][k] = {}, {} end
end

for _, e in ipairs(kernels) do
  local base = H.run(ex, e, H.cfg.none)
  for _, kb in ipairs(sizes) do
    local r = { kernel = e.name, pfc = kb .. "K" }
    for _, k in ipairs(order) do
      if configs[k].variant == "base" or H.supports(e, configs[k].variant) then
        local st, x = H.run(ex, e, configs[k], { ["pfc.size"] = kb .. "K" },
          ("%s/%s pfc=%dK"):format(e.name, configs[k].label, kb))
        local m = H.metrics(base, st, x)
        sp[kb][k][e.name], met[kb][k][e.name] = m.speedup, m
        r[k] = m.speedup
      end
    end
    r.ee_h = met[kb].hwp[e.name] and met[kb].hwp[e.name].eerate
    r.ee_s = met[kb].swp[e.name] and met[kb].swp[e.name].eerate
    r.drop_h = met[kb].hwp_t[e.name] and met[kb].hwp_t[e.name].drop
    r.drop_s = met[kb].swp_t[e.name] and met[kb].swp_t[e.name].drop
    ex:row(r)
  end
end

local gm = {}
for _, kb in ipairs(sizes) do
  gm[kb] = {}
  local r = { kernel = "geomean", pfc = kb .. "K" }
  for _, k in ipairs(order) do
    gm[kb][k] = H.geo(kernels, function(e) return sp[kb][k][e.name] end)
    r[k] = gm[kb][k]
  end
  -- early-eviction rate over all kernels: early / useful summed
  for _, p in ipairs { { "ee_h", "hwp" }, { "ee_s", "swp" } } do
    local early, useful = 0, 0
    for _, e in ipairs(kernels) do
      local m = met[kb][p[2]][e.name]
      if m then early, useful = early + m.early, useful + m.useful end
    end
    r[p[1]] = useful > 0 and early / useful or nil
  end
  ex:row(r)
end

-- The paper's claims.
local lo, hi = sizes[1], sizes[#sizes]
local function g(kb, k) return gm[kb][k] end
local function series(k)
  local t = {}
  for _, kb in ipairs(sizes) do t[#t + 1] = ("%dK %.3f"):format(kb, g(kb, k)) end
  return table.concat(t, ", ")
end
ex:claim("A larger prefetch cache gives more speedup (MT-HWP and MT-SWP, with and without throttling)",
  g(hi, "hwp") > g(lo, "hwp") and g(hi, "swp") > g(lo, "swp") and g(hi, "hwp_t") >= g(lo, "hwp_t")
    and g(hi, "swp_t") >= g(lo, "swp_t"),
  ("MT-HWP %s; MT-SWP %s"):format(series "hwp", series "swp"))
ex:claim("With a 1 KB prefetch cache, unthrottled prefetching slows down", g(lo, "hwp") < 1 and g(lo, "swp") < 1,
  ("1K: MT-HWP %.3f, MT-SWP %.3f"):format(g(lo, "hwp"), g(lo, "swp")))
ex:claim("With a 1 KB prefetch cache, throttled MT-HWP and MT-SWP are still faster than no prefetching",
  g(lo, "hwp_t") > 1 and g(lo, "swp_t") > 1,
  ("1K: MT-HWP+T %.3f, MT-SWP+T %.3f"):format(g(lo, "hwp_t"), g(lo, "swp_t")))
local function gain(kb, k) return g(kb, k .. "_t") / g(kb, k) end
ex:claim("Throttling matters less as the cache grows", gain(lo, "hwp") > gain(hi, "hwp") and gain(lo, "swp") > gain(hi, "swp"),
  ("+T / plain at %dK: MT-HWP %.3f, MT-SWP %.3f; at %dK: %.3f, %.3f"):format(lo, gain(lo, "hwp"), gain(lo, "swp"), hi,
    gain(hi, "hwp"), gain(hi, "swp")))
do
  local function ee(kb, k)
    local early, useful = 0, 0
    for _, e in ipairs(kernels) do
      local m = met[kb][k][e.name]
      if m then early, useful = early + m.early, useful + m.useful end
    end
    return useful > 0 and early / useful or math.huge
  end
  ex:claim("Early evictions fall as the cache grows", ee(hi, "hwp") < ee(lo, "hwp") and ee(hi, "swp") < ee(lo, "swp"),
    ("early / useful at %dK: MT-HWP %.3f, MT-SWP %.3f; at %dK: %.3f, %.3f"):format(lo, ee(lo, "hwp"), ee(lo, "swp"), hi,
      ee(hi, "hwp"), ee(hi, "swp")))
end

ex:note(H.kernel_note)
ex:note(H.machine_note)
ex:note("pfc: prefetch cache size per core (8-way, 128 B lines; 1 KB is one set of 8 lines); +T: throttle.policy=mt; "
  .. "eeH, eeS: early-eviction rate (early / useful, MTP Eq. 5) of MT-HWP and MT-SWP unthrottled (geomean rows: "
  .. "summed over the kernels); dropH%, dropS%: share of prefetches the MT throttle dropped")
ex:finish()
