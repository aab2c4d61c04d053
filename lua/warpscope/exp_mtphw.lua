-- warpscope.exp_mtphw: what the hardware-prefetching experiments of the
-- many-thread-aware prefetching paper (Lee et al., MICRO 2010, seed 004,
-- Figs. 13-18; scenarios/experiments/mtp-fig13..18.lua) share, on top of
-- the kernel registry warpscope.exp_mtp:
--
--   local H = require "warpscope.exp_mtphw"
--   local st, x = H.run(ex, e, H.cfg.mthwp_t [, more_options])
--   local m = H.metrics(base_st, st, x)   -- speedup, acc, late, early, ...
--
-- A configuration (H.cfg.NAME) is { name, label, variant (the kernel's
-- software-prefetching variant: "base" or "mtswp"), set (options) }.
-- H.run runs it through exp_mtp's run (same machine options, same inputs)
-- and, before the gpu closes, reads what gpu:stats() does not hold: the
-- MT-HWP table counters summed over the SMs (x.mthwp: accesses,
-- lookups_pws, hits_gs, ... promotions) and the throttle's work (x.th:
-- offered, dropped, and the time-weighted mean degree over every SM from
-- gpu:transitions()).
local E = require "warpscope.experiment"
local R = require "warpscope.exp_mtp"

local H = {}

H.preset = R.preset
H.supports = R.supports
H.num = R.num

local function cfg(name, label, variant, set)
  return { name = name, label = label, variant = variant, set = set }
end

local W = { ["pf.warp_trained"] = true }
local function with(a, b)
  local o = {}
  for k, v in pairs(a or {}) do o[k] = v end
  for k, v in pairs(b or {}) do o[k] = v end
  return o
end

-- Prefetchers of Table V in the naive form (as proposed) and trained with
-- the warp id (the paper's enhanced form); MT-HWP's table configurations
-- (Fig. 14: PWS 32, GS 8, IP 8 entries, sizes 0 leaving a table out); the
-- throttled forms of Fig. 15; MT-SWP (the kernel's stride + IP software
-- prefetching variant) with and without MT throttling.
H.cfg = {
  none = cfg("none", "none", "base", {}),
  mtswp = cfg("mtswp", "MT-SWP", "mtswp", {}),
  mtswp_t = cfg("mtswp_t", "MT-SWP+T", "mtswp", { ["throttle.policy"] = "mt" }),
  pws = cfg("pws", "PWS", "base", { ["pf.policy"] = "mthwp", ["pf.mthwp.gs"] = 0, ["pf.mthwp.ip"] = 0 }),
  pws_gs = cfg("pws_gs", "PWS+GS", "base", { ["pf.policy"] = "mthwp", ["pf.mthwp.ip"] = 0 }),
  pws_ip = cfg("pws_ip", "PWS+IP", "base", { ["pf.policy"] = "mthwp", ["pf.mthwp.gs"] = 0 }),
  mthwp = cfg("mthwp", "MT-HWP", "base", { ["pf.policy"] = "mthwp" }),
  mthwp_t = cfg("mthwp_t", "MT-HWP+T", "base", { ["pf.policy"] = "mthwp", ["throttle.policy"] = "mt" }),
  ghb_w = cfg("ghb_w", "GHB", "base", with({ ["pf.policy"] = "ghb" }, W)),
  ghb_f = cfg("ghb_f", "GHB+F", "base", with({ ["pf.policy"] = "ghb", ["throttle.policy"] = "feedback" }, W)),
  stridepc_w = cfg("stridepc_w", "StridePC", "base", with({ ["pf.policy"] = "stridepc" }, W)),
  stridepc_t = cfg("stridepc_t", "StridePC+T", "base",
    with({ ["pf.policy"] = "stridepc", ["throttle.policy"] = "lateness" }, W)),
}
-- Table V's four, naive and warp-trained (Fig. 13a and 13b).
H.table5 = { "stride", "stridepc", "stream", "ghb" }
for _, p in ipairs(H.table5) do
  H.cfg[p .. "_n"] = cfg(p .. "_n", p, "base", { ["pf.policy"] = p })
  H.cfg[p .. "_w"] = H.cfg[p .. "_w"] or cfg(p .. "_w", p, "base", with({ ["pf.policy"] = p }, W))
end

-- A copy of configuration c with more options (and a label suffix).
function H.with(c, more, suffix)
  return cfg(c.name .. (suffix or ""), c.label .. (suffix or ""), c.variant, with(c.set, more))
end

-- ------------------------------------------------------------ extras

local MTHWP_KEYS = { "accesses", "lookups_pws", "lookups_gs", "lookups_ip", "hits_pws", "hits_gs", "hits_ip",
  "prefetches_pws", "prefetches_gs", "prefetches_ip", "promotions", "evictions_pws", "evictions_gs", "evictions_ip" }

-- The throttle's level in inspection (mt and feedback: degree; lateness: level).
local function th_level(t)
  return t.degree or t.level
end

-- Read the per-SM state the statistics do not hold (gpu still open).
local function collect(gpu, x)
  local sms, now = gpu.sms, gpu.cycle
  local mt, th = nil, nil
  local final = {}
  for sm = 0, sms - 1 do
    local p = gpu:prefetcher(sm)
    if p and p.policy == "mthwp" then
      mt = mt or {}
      for _, k in ipairs(MTHWP_KEYS) do mt[k] = (mt[k] or 0) + (p[k] or 0) end
    end
    local t = gpu:throttle(sm)
    if t and t.throttle and t.throttle ~= "none" then
      th = th or { policy = t.throttle, offered = 0, dropped = 0, changes = 0 }
      th.offered = th.offered + (t.offered or 0)
      th.dropped = th.dropped + (t.dropped or 0)
      th.changes = th.changes + (t.changes or t.raised or 0) + (t.lowered or 0)
      final[sm] = th_level(t)
    end
  end
  if th then
    -- Time-weighted mean level over [0, now] of every SM: replay the
    -- throttle's transitions (the log keeps the last 4096; older ones are
    -- lost only in runs far longer than these).
    local ev = {}
    for _, tr in ipairs(gpu:transitions()) do
      if tr.source == "throttle" then
        ev[tr.sm] = ev[tr.sm] or {}
        local l = ev[tr.sm]
        l[#l + 1] = tr
      end
    end
    local sum, hist = 0, {}
    for sm = 0, sms - 1 do
      local l = ev[sm] or {}
      local level = #l > 0 and l[1].from or final[sm] or 0
      local t0, acc = 0, 0
      for _, tr in ipairs(l) do
        acc = acc + level * (tr.cycle - t0)
        t0, level = tr.cycle, tr.to
      end
      acc = acc + level * (now - t0)
      sum = sum + (now > 0 and acc / now or level)
      hist[level] = (hist[level] or 0) + 1
    end
    th.mean_level = sum / sms
    local parts = {}
    for lv = 0, 5 do if hist[lv] then parts[#parts + 1] = ("%dx%d"):format(hist[lv], lv) end end
    th.final = table.concat(parts, " ")     -- "SMs x final level"
  end
  x.mthwp, x.th = mt, th
end

-- A stand-in for gpu that reports `sms` SMs and passes everything else to
-- gpu (methods get the real gpu as self): exp_mtp sizes some problems by
-- gpu.sms, and Fig. 18 needs the same problem on every number of cores.
local function as_sms(gpu, sms)
  return setmetatable({ sms = sms }, {
    __index = function(_, k)
      local v = gpu[k]
      if type(v) == "function" then
        return function(_, ...) return v(gpu, ...) end
      end
      return v
    end,
  })
end

-- Run configuration c of kernel e (an exp_mtp entry) in experiment ex:
-- gpu:stats() and the extras.  opts.sms: size the problem as on that many
-- SMs (the machine keeps its sm.count).
function H.run(ex, e, c, more, label, opts)
  local x = {}
  local sms = opts and opts.sms
  local proxy = setmetatable({
    run = function(gpu, variant, quick, ropts)
      local ok, msg = e.run(sms and as_sms(gpu, sms) or gpu, variant, quick, ropts)
      collect(gpu, x)
      return ok, msg
    end,
  }, { __index = e })
  local st = R.run(ex, proxy, c.variant, with(c.set, more), label or (e.name .. "/" .. c.label))
  return st, x
end

-- What a run shows against its baseline: exp_mtp's metrics (speedup, acc,
-- late, early, served, dram, ...) plus merge (MTP Eq. 6 merge ratio, %),
-- eerate (early / useful, MTP Eq. 5), drop (% of prefetches the throttle
-- dropped), level (mean throttle level), cov (coverage %).
function H.metrics(base, st, x)
  local m = R.metrics(base, st)
  local t = st.total
  m.merge = R.num(t["pf.merge_ratio"]) and 100 * t["pf.merge_ratio"] or nil
  m.eerate = R.num(t["pf.early_rate"])
  m.cov = R.num(t["pf.coverage"]) and 100 * t["pf.coverage"] or nil
  m.useful = t["pf.useful"] or 0
  m.latecount = t["pf.late"] or 0
  if x and x.th then
    m.drop = x.th.offered > 0 and 100 * x.th.dropped / x.th.offered or nil
    m.level = x.th.mean_level
    m.final = x.th.final
  end
  if x and x.mthwp then m.mthwp = x.mthwp end
  return m
end

-- The kernels of an experiment: the command line's list, else the paper's
-- set from the registry (every kernel modelled on one of the paper's
-- benchmarks, so new ones appear by themselves), in quick mode only those
-- whose analogue is in `quick` (a set of analogue names) when given.
function H.kernels(ex, quick)
  local list = R.select(ex)
  if ex.quick and quick and not (ex.args and ex.args[1]) then
    local out = {}
    for _, e in ipairs(list) do if quick[e.analogue] then out[#out + 1] = e end end
    if #out > 0 then list = out end
  end
  return list
end

-- Geometric mean of t[name] over kernels (missing entries count as 1).
function H.geo(kernels, get)
  local l = {}
  for _, e in ipairs(kernels) do l[#l + 1] = get(e) or 1 end
  return E.geomean(l)
end

-- "name 1.234, name 0.987" for the kernels where get gives a number.
function H.list(kernels, get, fmt)
  local t = {}
  for _, e in ipairs(kernels) do
    local v = get(e)
    if v then t[#t + 1] = (fmt or "%s %.3f"):format(e.name, v) end
  end
  return table.concat(t, ", ")
end

-- Whether a measured ratio r agrees with the paper's ratio p in rough size:
-- the same direction and at least half the paper's gain (or loss); and the
-- detail text saying so.
function H.rough(r, p)
  local ok = (p >= 1 and r - 1 >= (p - 1) / 2) or (p < 1 and 1 - r >= (1 - p) / 2)
  return ok, ("here %+.1f %%, paper %+.0f %% (holds at %s %+.1f %%)"):format(100 * (r - 1), 100 * (p - 1),
    p >= 1 and ">=" or "<=", 50 * (p - 1))
end

-- The first kernel whose analogue is a (the paper's benchmark name).
function H.find(kernels, a)
  for _, e in ipairs(kernels) do if e.analogue == a then return e end end
end

H.machine_note = "machine: g80-mtp (14 cores, 8-wide SIMD, no data cache, 16 KB 8-way prefetch cache per core, "
  .. "57.6 GB/s) with its 8,192 registers per core; launches whose ptxas sm_75 count exceeds Table III's bound floor(8192 / (blocks x threads)) state that bound (exp_mtp.lua); Table III's blocks per core; compute capability 1.1 coalescing; prefetch distance 1, degree 1 "
  .. "unless the figure varies them; throttle period 100,000 cycles (MTP Sec. V)"
H.kernel_note = "kernels: ours, modelled on the paper's benchmarks (warpscope.exp_mtp; cfd = the paper's cfid); "
  .. "the BFS runs on Rodinia's graph65536 (or a stand-in)"

return H
