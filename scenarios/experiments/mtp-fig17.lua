-- MTP paper (seed 004) Fig. 17: sensitivity of MT-HWP to the prefetch
-- distance (pf.distance 1 .. 15 strides ahead, degree 1), as speedup over
-- no prefetching, on g80-mtp.
-- usage: warpscope --batch scenarios/experiments/mtp-fig17.lua [--quick]
--          [--out DIR] [--graphs DIR] [KERNEL,KERNEL,...]
local E = require "warpscope.experiment"
local H = require "warpscope.exp_mtphw"

local quick = false
for _, a in ipairs(arg or {}) do quick = quick or a == "--quick" end
local dists = quick and { 1, 5 } or { 1, 2, 3, 4, 5, 7, 10, 15 }
local columns = { { "kernel", "%-9s" }, { "type", "%-6s" } }
for _, d in ipairs(dists) do columns[#columns + 1] = { "d" .. d, "%6.3f" } end
for _, c in ipairs {
  { "best", "%4s" }, { "late1", "%6.1f", "late1%" }, { "lateB", "%6.1f", "lateB%" },
  { "early1", "%7d" }, { "earlyN", "%7d", "early" .. dists[#dists] },
} do columns[#columns + 1] = c end

local ex = E.new{
  id = "mtp-fig17",
  title = "MT-HWP speedup over no prefetching as the prefetch distance grows",
  source = "MTP (seed 004) Fig. 17 and Sec. IX-B",
  preset = H.preset,
  columns = columns,
}

local kernels = H.kernels(ex, { stream = true, linear = true })
local sp, met = {}, {}
for _, e in ipairs(kernels) do
  local base = H.run(ex, e, H.cfg.none)
  sp[e.name], met[e.name] = {}, {}
  local r = { kernel = e.name, type = e.type }
  local best, bd = -1, nil
  for _, d in ipairs(dists) do
    local st, x = H.run(ex, e, H.cfg.mthwp, { ["pf.distance"] = d }, ("%s/MT-HWP distance %d"):format(e.name, d))
    local m = H.metrics(base, st, x)
    sp[e.name][d], met[e.name][d] = m.speedup, m
    r["d" .. d] = m.speedup
    if m.speedup > best + 1e-9 then best, bd = m.speedup, d end
  end
  r.best = tostring(bd)
  r.late1, r.lateB = met[e.name][dists[1]].late, met[e.name][bd].late
  r.early1, r.earlyN = met[e.name][dists[1]].early, met[e.name][dists[#dists]].early
  sp[e.name].best = bd
  ex:row(r)
end
do
  local r = { kernel = "geomean" }
  local best, bd = -1, nil
  for _, d in ipairs(dists) do
    local gmv = H.geo(kernels, function(e) return sp[e.name][d] end)
    r["d" .. d] = gmv
    if gmv > best + 1e-9 then best, bd = gmv, d end
  end
  r.best = tostring(bd)
  ex:row(r)
end

-- The paper's claims.
local d1, dn = dists[1], dists[#dists]
do
  local n1, t = 0, {}
  for _, e in ipairs(kernels) do
    -- distance 1 is "best" when no other distance beats it by more than 1 %
    local top = 0
    for _, d in ipairs(dists) do top = math.max(top, sp[e.name][d]) end
    if sp[e.name][d1] >= top - 0.01 then n1 = n1 + 1 else t[#t + 1] = ("%s best at %d"):format(e.name, sp[e.name].best) end
  end
  ex:claim("Distance 1 is best for most kernels", n1 * 2 > #kernels,
    ("%d of %d kernels within 1 %% of their best at distance 1%s"):format(n1, #kernels,
      #t > 0 and ("; " .. table.concat(t, ", ")) or ""))
end
local es = H.find(kernels, "stream")
if es then
  local b = sp[es.name].best
  ex:claim("stream: 93 % late at distance 1, improves with distance up to about 5, then declines",
    b > 1 and b <= 7 and sp[es.name][b] > sp[es.name][d1] * 1.01,
    ("best at %d (%.3f vs %.3f at 1); late at 1: %.1f %%"):format(b, sp[es.name][b], sp[es.name][d1],
      met[es.name][d1].late or 0))
end
do
  local e1, en = 0, 0
  for _, e in ipairs(kernels) do e1, en = e1 + met[e.name][d1].early, en + met[e.name][dn].early end
  ex:claim("Larger distances make more prefetches early (evicted before use)", en > e1,
    ("early evictions summed over the kernels: %d at distance %d, %d at %d"):format(e1, d1, en, dn))
end

ex:note(H.kernel_note)
ex:note(H.machine_note)
ex:note("dN: MT-HWP speedup at pf.distance=N (prefetch address = a + N x stride); best: distance of the highest; "
  .. "late1%, lateB%: late / used at distance 1 and at the best; early1, earlyN: prefetched lines evicted unused")
ex:finish()
