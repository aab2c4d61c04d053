-- MTP paper (seed 004) Fig. 14: MT-HWP's table configurations -- PWS only
-- (the per-warp stride table, = warp-trained StridePC with 32 entries),
-- PWS+GS (stride promotion to the global stride table), PWS+IP (the
-- inter-thread table), PWS+GS+IP (MT-HWP) -- against warp-trained GHB, as
-- speedup over no prefetching, and the PWS lookups GS saves (paper: -97 %
-- on the stride-type benchmarks), on g80-mtp.
-- usage: warpscope --batch scenarios/experiments/mtp-fig14.lua [--quick]
--          [--out DIR] [--graphs DIR] [KERNEL,KERNEL,...]
local E = require "warpscope.experiment"
local H = require "warpscope.exp_mtphw"

local ex = E.new{
  id = "mtp-fig14",
  title = "MT-HWP table configurations and warp-trained GHB: speedup over no prefetching",
  source = "MTP (seed 004) Fig. 14, Table VI and Sec. VIII-B",
  preset = H.preset,
  columns = {
    { "kernel", "%-9s" }, { "type", "%-6s" }, { "config", "%-9s" }, { "paper", "%5s" },
    { "speedup", "%7.3f" }, { "cycles", "%9d" }, { "issued", "%8d", "pf.issued" }, { "acc", "%5.1f", "acc%" },
    { "late", "%5.1f", "late%" }, { "early", "%7d" }, { "served", "%5.1f", "pfc%" },
    { "pwslk", "%6.1f", "PWSlk%" }, { "gs", "%5.1f", "GS%" }, { "ip", "%5.1f", "IP%" },
  },
}

local configs = { H.cfg.pws, H.cfg.pws_gs, H.cfg.pws_ip, H.cfg.mthwp, H.cfg.ghb_w }
local kernels = H.kernels(ex, { black = true, scalar = true, backprop = true, linear = true })
local sp, met = {}, {}
for _, c in ipairs(configs) do sp[c.name], met[c.name] = {}, {} end
-- Where the paper's text says IP helps (Sec. VIII-B).
local ip_gain = { backprop = true, bfs = true, cfid = true, linear = true }

for _, e in ipairs(kernels) do
  local base = H.run(ex, e, H.cfg.none)
  ex:row{ kernel = e.name, type = e.type, config = "none", speedup = 1, cycles = base.total.cycles, issued = 0 }
  local lk0
  for _, c in ipairs(configs) do
    local st, x = H.run(ex, e, c)
    local m = H.metrics(base, st, x)
    sp[c.name][e.name], met[c.name][e.name] = m.speedup, m
    local t = m.mthwp
    if c.name == "pws" and t then lk0 = t.lookups_pws end
    local pf = t and (t.prefetches_pws + t.prefetches_gs + t.prefetches_ip) or 0
    ex:row{ kernel = e.name, type = e.type, config = c.label,
      paper = (c.name == "pws_ip" and ip_gain[e.analogue]) and "gain" or nil,
      speedup = m.speedup, cycles = m.cycles, issued = m.issued, acc = m.acc, late = m.late, early = m.early,
      served = m.served,
      pwslk = t and lk0 and lk0 > 0 and 100 * t.lookups_pws / lk0 or nil,
      gs = t and pf > 0 and 100 * t.prefetches_gs / pf or nil,
      ip = t and pf > 0 and 100 * t.prefetches_ip / pf or nil }
  end
end

local gm = {}
for _, c in ipairs(configs) do
  gm[c.name] = H.geo(kernels, function(e) return sp[c.name][e.name] end)
  ex:row{ kernel = "geomean", config = c.label, paper = c.name == "mthwp" and "1.25" or nil, speedup = gm[c.name] }
end
local function ratio(a, b)
  return H.geo(kernels, function(e) return sp[a][e.name] / sp[b][e.name] end)
end
local r_pws, r_ghb = ratio("mthwp", "pws"), ratio("mthwp", "ghb_w")
ex:row{ kernel = "MT/PWS", config = "ratio", paper = "1.15", speedup = r_pws }
ex:row{ kernel = "MT/GHB", config = "ratio", paper = "1.24", speedup = r_ghb }

-- The paper's claims.
ex:claim("MT-HWP: +25 % over no prefetching (geometric mean)", H.rough(gm.mthwp, 1.25))
ex:claim("MT-HWP: +15 % over PWS only (enhanced StridePC)", H.rough(r_pws, 1.15))
ex:claim("MT-HWP: +24 % over warp-trained GHB", H.rough(r_ghb, 1.24))
local r_gs = ratio("pws_gs", "pws")
ex:claim("GS adds little speed over PWS alone", math.abs(r_gs - 1) <= 0.03,
  ("PWS+GS / PWS: %+.1f %% (geometric mean; holds within +-3 %%)"):format(100 * (r_gs - 1)))
do
  local saved, n, t = 0, 0, {}
  for _, e in ipairs(kernels) do
    local a, b = met.pws[e.name].mthwp, met.pws_gs[e.name].mthwp
    if e.type == "stride" and a and b and a.lookups_pws > 0 then
      local s = 1 - b.lookups_pws / a.lookups_pws
      saved, n = saved + s, n + 1
      t[#t + 1] = ("%s %.1f %%"):format(e.name, 100 * s)
    end
  end
  if n > 0 then
    ex:claim("GS cuts PWS lookups by 97 % on the stride-type kernels", saved / n >= 0.9,
      ("mean %.1f %% (%s); holds at >= 90 %%"):format(100 * saved / n, table.concat(t, ", ")))
  end
end
do
  local g, t = {}, {}
  for _, e in ipairs(kernels) do
    if ip_gain[e.analogue] then
      g[#g + 1] = e
      t[#t + 1] = ("%s %.3f"):format(e.name, sp.pws_ip[e.name] / sp.pws[e.name])
    end
  end
  if #g > 0 then
    local ok = true
    for _, e in ipairs(g) do ok = ok and sp.pws_ip[e.name] / sp.pws[e.name] > 1.05 end
    ex:claim("IP gives large gains on backprop, bfs, cfid and linear", ok,
      "PWS+IP / PWS: " .. table.concat(t, ", ") .. " (holds when each > 1.05)")
  end
  local s, ok = {}, true
  for _, e in ipairs(kernels) do
    if e.type == "stride" then
      local r = sp.mthwp[e.name] / sp.pws_gs[e.name]
      ok = ok and math.abs(r - 1) <= 0.03
      s[#s + 1] = ("%s %.3f"):format(e.name, r)
    end
  end
  if #s > 0 then
    ex:claim("IP adds nothing on the stride-type kernels (PWS/GS cover them first)", ok,
      "PWS+GS+IP / PWS+GS: " .. table.concat(s, ", ") .. " (holds within +-3 %)")
  end
end

ex:note(H.kernel_note)
ex:note(H.machine_note)
ex:note("tables: PWS 32, GS 8, IP 8 entries (pf.mthwp.pws/gs/ip; 0 leaves GS or IP out), promotion at 3 "
  .. "agreeing warps, IP trained by 3 warps; GHB = AC/DC GHB trained with the warp id (Table V sizes)")
ex:note("PWSlk% = PWS table lookups as a share of the PWS-only configuration's (GS hits skip PWS); "
  .. "GS%, IP% = share of MT-HWP's prefetches generated by the GS and IP tables (the rest by PWS)")
ex:finish()
