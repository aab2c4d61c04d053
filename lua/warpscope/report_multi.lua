-- warpscope.report_multi: several runs in one report (issue 39, part 2).
-- Each run is labelled by the configuration keys in which it differs from
-- the first (its file name when none differ); the time series are overlaid
-- one colour per run, and bars compare speedup, miss rates, DRAM traffic and
-- energy with the first run.  Runs of different machines (preset, SMs,
-- channels) or of different kernels are compared all the same, and the
-- report says so at its top: a comparison across machines is what a
-- design study is for, so it is not refused [choice].
local json = require "warpscope.json"
local svg = require "warpscope.report_svg"
local esc = svg.esc

local M = {}

local function fmtv(v)
  if v == nil or v == json.null then return "(unset)" end
  if type(v) == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    return ("%.6g"):format(v)
  end
  if type(v) == "table" then return json.encode and json.encode(v) or "(table)" end
  return tostring(v)
end

local function base(path) return (path:gsub("^.*/", "")) end

local function total(d, k)
  local s = d.stats[k]
  if type(s) == "table" then return s.total end
end

-- The keys of each run's configuration that differ from the first run's,
-- sorted: {{key, value}...}.
function M.differing(runs)
  local first = runs[1].d.config or {}
  for i, r in ipairs(runs) do
    local cfg, diff, seen = r.d.config or {}, {}, {}
    if i > 1 then
      for k, v in pairs(cfg) do
        seen[k] = true
        if fmtv(v) ~= fmtv(first[k]) then diff[#diff + 1] = { k, fmtv(v) } end
      end
      for k, v in pairs(first) do
        if not seen[k] then diff[#diff + 1] = { k, fmtv(nil) } end
      end
      table.sort(diff, function(a, b) return a[1] < b[1] end)
    end
    r.diff = diff
  end
end

-- Labels: the first run is "first: NAME"; the others "k=v, k=v" (at most
-- three keys, then "+N more" [choice: a bar label stays one line]), or
-- their file name when no key differs.  Duplicates get " (#i)".
function M.labels(runs)
  M.differing(runs)
  local used = {}
  for i, r in ipairs(runs) do
    local l
    if i == 1 then l = "first: " .. r.short
    elseif #r.diff == 0 then l = r.short
    else
      local parts = {}
      for k = 1, math.min(3, #r.diff) do parts[k] = r.diff[k][1] .. "=" .. r.diff[k][2] end
      l = table.concat(parts, ", ")
      if #r.diff > 3 then l = l .. (", +%d more"):format(#r.diff - 3) end
    end
    if used[l] then l = ("%s (#%d)"):format(l, i) end
    used[l] = true
    r.label = l
  end
end

local function machine(d)
  local cfg = d.config or {}
  return ("%s, %s SMs, %s channels"):format(tostring(cfg.preset or "?"), fmtv(total(d, "sm.count")),
                                             fmtv(total(d, "mem.channels")))
end

local function kernels(d)
  local ks = {}
  for _, l in ipairs(d.launches) do ks[#ks + 1] = l.kernel end
  return table.concat(ks, " ")
end

local function miss_rate(d, c)
  local h, p, m = total(d, c .. ".hits"), total(d, c .. ".hit_reserved"), total(d, c .. ".misses")
  if type(h) ~= "number" or type(m) ~= "number" then return 0 / 0 end
  local a = h + (type(p) == "number" and p or 0) + m
  return a > 0 and m / a or 0 / 0
end

-- The comparison's numbers of run r (the test recomputes them from the JSON).
function M.figures(d)
  local br, bw = total(d, "dram.bytes_read"), total(d, "dram.bytes_written")
  local e = total(d, "energy.total")
  return { cycles = total(d, "cycles"), l1 = miss_rate(d, "l1d"), l2 = miss_rate(d, "l2"),
           traffic = (type(br) == "number" and br or 0) + (type(bw) == "number" and bw or 0),
           energy = type(e) == "number" and e or nil }
end

-- Overlaid series: one per run of the per-window rate name/den.
local function overlay(o, runs, title, ylabel, fn, points, ymax)
  local series = {}
  for _, r in ipairs(runs) do
    local xs, ys = fn(r.d.series or { columns = {}, rows = {} }, r.d)
    if xs then series[#series + 1] = { name = r.label, xs = xs, ys = ys } end
  end
  if #series == 0 then return false end
  o[#o + 1] = "<h3>" .. esc(title) .. "</h3>"
  o[#o + 1] = svg.plot { title = title, ylabel = ylabel, series = series, points = points, ymax = ymax }
  return true
end

local function col(ser, name)
  for i, c in ipairs(ser.columns or {}) do if c == name then return i end end
end

-- sum(delta nums) / sum(delta dens) per window (dens nil: the cycles),
-- times scale; nil when a column is missing.
local function ratio_fn(nums, dens, scale)
  return function(ser)
    local ia, ib = {}, {}
    for _, n in ipairs(nums) do ia[#ia + 1] = col(ser, n); if not ia[#ia] then return nil end end
    for _, n in ipairs(dens or {}) do ib[#ib + 1] = col(ser, n); if not ib[#ib] then return nil end end
    local xs, ys, pa, pb = {}, {}, 0, 0
    for _, r in ipairs(ser.rows or {}) do
      local va, vb = 0, dens and 0 or r[1]
      for _, i in ipairs(ia) do va = va + r[i] end
      for _, i in ipairs(ib) do vb = vb + r[i] end
      local dn = vb - pb
      xs[#xs + 1] = r[1]
      ys[#ys + 1] = dn > 0 and (va - pa) / dn * (scale or 1) or 0 / 0
      pa, pb = va, vb
    end
    return xs, ys
  end
end

function M.render(runs, preset_config, gpu_html, css, script)
  M.labels(runs)
  local o = { "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8"/>',
              ("<title>warpscope report: %d runs</title>"):format(#runs),
              "<style>" .. css .. "</style></head><body>",
              ("<h1>warpscope report: %d runs</h1>"):format(#runs) }
  -- what is mixed, said plainly
  local m1, k1 = machine(runs[1].d), kernels(runs[1].d)
  local mdiff, kdiff = {}, {}
  for _, r in ipairs(runs) do
    if machine(r.d) ~= m1 then mdiff[#mdiff + 1] = r end
    if kernels(r.d) ~= k1 then kdiff[#kdiff + 1] = r end
  end
  if #mdiff > 0 then
    local parts = {}
    for _, r in ipairs(runs) do parts[#parts + 1] = ("%s: %s"):format(r.name, machine(r.d)) end
    o[#o + 1] = '<p class="mixed">runs of different machines: ' .. esc(table.concat(parts, "; ")) .. "</p>"
  end
  if #kdiff > 0 then
    local parts = {}
    for _, r in ipairs(kdiff) do parts[#parts + 1] = r.name end
    o[#o + 1] = '<p class="mixed">runs of different kernels (their launches differ from the first run\'s): '
                .. esc(table.concat(parts, ", ")) .. "</p>"
  end
  o[#o + 1] = '<section id="runs"><h2>The runs</h2><table class="runs"><thead><tr><th>#</th><th>label</th>'
              .. "<th>file</th><th>machine</th><th>cycles</th><th>keys differing from the first run</th></tr></thead><tbody>"
  for i, r in ipairs(runs) do
    local diffs = {}
    for _, kv in ipairs(r.diff) do diffs[#diffs + 1] = kv[1] .. "=" .. kv[2] end
    o[#o + 1] = ("<tr><td>%d</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>"):format(i,
      esc(r.label), esc(r.name), esc(machine(r.d)), esc(fmtv(total(r.d, "cycles"))), esc(table.concat(diffs, ", ")))
  end
  o[#o + 1] = "</tbody></table></section>"
  -- bars against the first run
  o[#o + 1] = '<section id="compare"><h2>Against the first run</h2>'
  local f1 = M.figures(runs[1].d)
  local names, sp, l1, l2, tr, en = {}, {}, {}, {}, {}, {}
  local has_e = f1.energy ~= nil
  for i, r in ipairs(runs) do
    local f = M.figures(r.d)
    names[i] = r.label
    sp[i] = (f.cycles or 0) > 0 and f1.cycles / f.cycles or 0 / 0
    l1[i], l2[i] = f.l1, f.l2
    tr[i] = f1.traffic > 0 and f.traffic / f1.traffic or 0 / 0
    if f.energy == nil then has_e = false end
    en[i] = f.energy and f1.energy and f1.energy > 0 and f.energy / f1.energy or 0 / 0
  end
  local function bars(p)
    o[#o + 1] = "<h3>" .. esc(p.title) .. "</h3>"
    o[#o + 1] = svg.bars(p)
  end
  bars { title = "speedup", names = names, values = sp, ref = 1,
                         xlabel = "speedup: cycles of the first run / cycles of this run" }
  bars { title = "L1D miss rate", names = names, values = l1, xlabel = "L1D miss rate: misses / accesses" }
  bars { title = "L2 miss rate", names = names, values = l2, xlabel = "L2 miss rate: misses / accesses" }
  bars { title = "DRAM traffic", names = names, values = tr, ref = 1,
                         xlabel = "DRAM bytes read and written / the first run's" }
  if has_e then
    bars { title = "energy", names = names, values = en, ref = 1, xlabel = "energy / the first run's" }
  else
    o[#o + 1] = '<p class="absent">Energy: not every run has it (presets without prices leave it out).</p>'
  end
  o[#o + 1] = "<p>Miss rate: misses / (hits + pending hits + misses).  A value is written beside each bar.</p></section>"
  -- overlaid series
  local P = M.points
  o[#o + 1] = '<section id="overlay"><h2>Over time, the runs overlaid</h2>'
  local any = overlay(o, runs, "IPC", "warp instructions / cycle", ratio_fn({ "warp_insns" }), P)
  any = overlay(o, runs, "L1D miss rate", "misses / accesses", ratio_fn({ "l1d.misses" }, { "l1d.misses", "l1d.hits", "l1d.hit_reserved" }), P, 1) or any
  any = overlay(o, runs, "L2 miss rate", "misses / accesses", ratio_fn({ "l2.misses" }, { "l2.misses", "l2.hits", "l2.hit_reserved" }), P, 1) or any
  any = overlay(o, runs, "DRAM bandwidth use", "data bus busy / clocks", ratio_fn({ "dram.data_busy" }, { "dram.elapsed" }), P, 1) or any
  any = overlay(o, runs, "DRAM traffic", "bytes / cycle", ratio_fn({ "dram.bytes_read", "dram.bytes_written" }), P) or any
  any = overlay(o, runs, "interconnect occupancy (reply network)", "packets waiting for their output",
                ratio_fn({ "icnt.rep.latency_sum" }), P) or any
  any = overlay(o, runs, "prefetches issued", "per 1000 cycles", ratio_fn({ "pf.issued" }, nil, 1000), P) or any
  if not any then o[#o + 1] = '<p class="absent">No run has a time series.</p>' end
  o[#o + 1] = "</section>"
  -- each run in full
  for i, r in ipairs(runs) do
    gpu_html(o, r.d, ("run %d: %s"):format(i, r.label), ("r%d-"):format(i), preset_config)
  end
  o[#o + 1] = script
  o[#o + 1] = "</body></html>\n"
  return table.concat(o, "\n")
end

return M
