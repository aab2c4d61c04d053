-- MTP paper (seed 004) Fig. 18: sensitivity to the number of cores
-- (sm.count 8 .. 20, the DRAM bandwidth fixed: 8 channels, 57.6 GB/s) of
-- MT-SWP and MT-HWP, without and with MTP's adaptive throttling (+T), as
-- speedup over no prefetching on the same number of cores, on g80-mtp.
-- usage: warpscope --batch scenarios/experiments/mtp-fig18.lua [--quick]
--          [--out DIR] [--graphs DIR] [KERNEL,KERNEL,...]
local E = require "warpscope.experiment"
local H = require "warpscope.exp_mtphw"

local ex = E.new{
  id = "mtp-fig18",
  title = "Speedup over no prefetching as the number of cores grows at a fixed DRAM bandwidth",
  source = "MTP (seed 004) Fig. 18 and Sec. IX-C",
  preset = H.preset,
  columns = {
    { "kernel", "%-9s" }, { "cores", "%5d" }, { "paper", "%5s" },
    { "swp", "%7.3f", "MT-SWP" }, { "swp_t", "%8.3f", "MT-SWP+T" }, { "hwp", "%7.3f", "MT-HWP" },
    { "hwp_t", "%8.3f", "MT-HWP+T" }, { "cycles", "%9d", "base cyc" }, { "dram", "%6.1f", "DRAM%" },
    { "lat", "%6.0f", "lat" },
  },
}

-- Every problem is sized as for g80-mtp's 14 cores (exp_mtp sizes some by
-- the SM count), so each core count runs the same work.
local SIZE = { sms = 14 }
local cores = ex.quick and { 8, 20 } or { 8, 14, 20 }
local configs = { swp = H.cfg.mtswp, swp_t = H.cfg.mtswp_t, hwp = H.cfg.mthwp, hwp_t = H.cfg.mthwp_t }
local order = { "swp", "swp_t", "hwp", "hwp_t" }
local kernels = H.kernels(ex, { linear = true, backprop = true })
local sp = {}
for _, n in ipairs(cores) do
  sp[n] = {}
  for _, k in ipairs(order) do sp[n][k] = {} end
end

for _, e in ipairs(kernels) do
  for _, n in ipairs(cores) do
    local more = { ["sm.count"] = n }
    local base = H.run(ex, e, H.cfg.none, more, ("%s/none cores=%d"):format(e.name, n), SIZE)
    local r = { kernel = e.name, cores = n, cycles = base.total.cycles,
      dram = H.num(base.total["dram.bandwidth_util"]) and 100 * base.total["dram.bandwidth_util"] or nil,
      lat = H.num(base.total["mem.avg_latency"]) }
    for _, k in ipairs(order) do
      local c = configs[k]
      if c.variant == "base" or H.supports(e, c.variant) then
        local st, x = H.run(ex, e, c, more, ("%s/%s cores=%d"):format(e.name, c.label, n), SIZE)
        local m = H.metrics(base, st, x)
        sp[n][k][e.name] = m.speedup
        r[k] = m.speedup
      end
    end
    ex:row(r)
  end
end

local gm = {}
for _, n in ipairs(cores) do
  gm[n] = {}
  local r = { kernel = "geomean", cores = n }
  for _, k in ipairs(order) do
    gm[n][k] = H.geo(kernels, function(e) return sp[n][k][e.name] end)
    r[k] = gm[n][k]
  end
  if n == 8 then r.paper = "1.37" elseif n == 20 then r.paper = "1.31" end
  ex:row(r)
end

-- The paper's claims.
local lo, hi = cores[1], cores[#cores]
local function series(k)
  local t = {}
  for _, n in ipairs(cores) do t[#t + 1] = ("%d: %.3f"):format(n, gm[n][k]) end
  return table.concat(t, ", ")
end
ex:claim("MT-SWP's gain shrinks slightly from 8 to 20 cores (137 % -> 131 % of no prefetching)",
  gm[hi].swp < gm[lo].swp and gm[hi].swp > 1, "MT-SWP " .. series "swp")
ex:claim("Prefetching still pays at 20 cores", gm[hi].swp > 1 and gm[hi].hwp > 1 and gm[hi].swp_t > 1 and gm[hi].hwp_t > 1,
  ("at %d cores: MT-SWP %.3f, MT-SWP+T %.3f, MT-HWP %.3f, MT-HWP+T %.3f"):format(hi, gm[hi].swp, gm[hi].swp_t,
    gm[hi].hwp, gm[hi].hwp_t))
ex:claim("MT-HWP's gain shrinks too as cores are added", gm[hi].hwp < gm[lo].hwp, "MT-HWP " .. series "hwp")

ex:note(H.kernel_note)
ex:note(H.machine_note)
ex:note("cores: sm.count; the DRAM (mem.channels=8, 57.6 GB/s) and each kernel's problem (sized as on 14 cores) stay the same; every speedup "
  .. "is over no prefetching on the same number of cores; base cyc, DRAM%, lat: the run without prefetching "
  .. "(cycles, data-bus utilisation, average demand latency)")
ex:finish()
