-- warpscope.report_more: the report's per-SM, per-channel, interconnect,
-- prefetch-rate and throttle sections (issue 39, part 2).  Each reads the
-- time series' per-instance columns (series.per_instance, written by
-- ws_stats_series_split: warp_insns and stall.idle per SM,
-- dram.data_busy, row_hits and row_misses per channel) and reduces every
-- row to at most `heat_points` buckets with min and max kept.
local svg = require "warpscope.report_svg"
local esc = svg.esc

local M = {}
local function int(x) return type(x) == "number" and math.tointeger(x) or nil end
local function num(x) return type(x) == "number" and x == x and x or 0 end
M.heat_points = 100   -- cells per heat-map row [choice: 80 SMs x 100 cells stay under 1 MB]

-- Per-window deltas of instance k of a per-instance column, or nil.
function M.instance(ser, name)
  local pi = ser.per_instance
  if type(pi) ~= "table" or type(pi.columns) ~= "table" or type(pi.rows) ~= "table"
     or #pi.rows ~= #ser.rows then return nil end
  local off = 0
  for _, c in ipairs(pi.columns) do
    if c.name == name then
      local count = int(c.count) or 0
      return count, function(k)
        local d, prev = {}, 0
        for i, r in ipairs(pi.rows) do
          local v = r[off + k + 1] or 0
          d[i] = v - prev
          prev = v
        end
        return d
      end
    end
    off = off + (int(c.count) or 0)
  end
end

local function deltas(ser, col)
  local d, prev, xs, dc, pc = {}, 0, {}, {}, 0
  for i, r in ipairs(ser.rows) do
    local v = col and r[col] or 0
    d[i], prev = v - prev, v
    xs[i], dc[i], pc = r[1], r[1] - pc, r[1]
  end
  return d, xs, dc
end

local function col(ser, name)
  for i, c in ipairs(ser.columns) do if c == name then return i end end
end

local points = M.heat_points
local function heat(o, title, unit, rows, maxv)
  o[#o + 1] = "<h3>" .. esc(title) .. "</h3>"
  o[#o + 1] = svg.heatmap { title = title, unit = unit, rows = rows, points = points, max = maxv }
end

-- c: {o, d, ser, h, pre, section, absent, total, points}
function M.sections(c)
  points = math.min(M.heat_points, c.points or M.heat_points)
  local o, ser, h, pre = c.o, c.ser, c.h, c.pre
  local none = #ser.rows > 0 and "This run's time series has no per-SM or per-channel columns (a JSON written before they were sampled)."
               or "The run has no time series (stats.interval=0, or no sample was taken)."
  local _, xs, dcyc = deltas(ser, nil)
  -- SMs x time
  c.section(o, pre .. "sms", "SMs over time" .. h)
  local nsm, insns = M.instance(ser, "warp_insns")
  local _, idle = M.instance(ser, "stall.idle")
  if not nsm then c.absent(o, none) else
    local rows = {}
    for k = 0, nsm - 1 do
      local d, ys = insns(k), {}
      for i = 1, #d do ys[i] = dcyc[i] > 0 and d[i] / dcyc[i] or 0 end
      rows[#rows + 1] = { name = "SM " .. k, xs = xs, ys = ys }
    end
    heat(o, "IPC per SM", "warp insns / cycle", rows)
    local slots = col(ser, "warp_slot_cycles")
    if idle and slots then
      local ds = deltas(ser, slots)
      rows = {}
      for k = 0, nsm - 1 do
        local d, ys = idle(k), {}
        for i = 1, #d do ys[i] = dcyc[i] > 0 and (ds[i] / nsm - d[i]) / dcyc[i] or 0 end
        rows[#rows + 1] = { name = "SM " .. k, xs = xs, ys = ys }
      end
      heat(o, "resident warps per SM", "warp slots / cycle", rows)
    end
    o[#o + 1] = "<p>Each row an SM, each cell a span of cycles: its colour is the mean over the span; "
                .. "hover a cell for the mean, minimum and maximum of the sampled windows in it.</p></section>"
  end
  -- DRAM channels x time
  c.section(o, pre .. "channels", "DRAM channels over time" .. h)
  local nch, busy = M.instance(ser, "dram.data_busy")
  local _, rh = M.instance(ser, "dram.row_hits")
  local _, rm = M.instance(ser, "dram.row_misses")
  local el = col(ser, "dram.elapsed")
  if not (nch and el and rh and rm) then c.absent(o, none) else
    local de = deltas(ser, el)
    local rows, rows2 = {}, {}
    for k = 0, nch - 1 do
      local b, hh, mm, ys, ys2 = busy(k), rh(k), rm(k), {}, {}
      for i = 1, #b do
        local clocks = de[i] / nch
        ys[i] = clocks > 0 and b[i] / clocks or 0
        ys2[i] = hh[i] + mm[i] > 0 and hh[i] / (hh[i] + mm[i]) or 0 / 0
      end
      rows[#rows + 1] = { name = "channel " .. k, xs = xs, ys = ys }
      rows2[#rows2 + 1] = { name = "channel " .. k, xs = xs, ys = ys2 }
    end
    heat(o, "DRAM bandwidth use per channel", "busy / clocks", rows)
    heat(o, "DRAM row-hit rate per channel", "hits / commands", rows2, 1)
    o[#o + 1] = "<p>Bandwidth use: data-bus busy clocks over the channel's command clocks (the colour scale "
                .. "ends at the largest cell, written beside it); row-hit rate: "
                .. "row hits over column commands (grey: no command in the span).</p></section>"
  end
  -- interconnect
  c.section(o, pre .. "icnt", "Interconnect over time" .. h)
  local okn = false
  if #ser.rows > 0 then
    local series, series2 = {}, {}
    for _, nw in ipairs { { "request network", "req" }, { "reply network", "rep" } } do
      local a, f = col(ser, "icnt." .. nw[2] .. ".latency_sum"), col(ser, "icnt." .. nw[2] .. ".flits")
      if a then
        local d, ys = deltas(ser, a), {}
        for i = 1, #d do ys[i] = dcyc[i] > 0 and d[i] / dcyc[i] or 0 end
        series[#series + 1] = { name = nw[1], xs = xs, ys = ys }
      end
      if f then
        local d, ys = deltas(ser, f), {}
        for i = 1, #d do ys[i] = dcyc[i] > 0 and d[i] / dcyc[i] or 0 end
        series2[#series2 + 1] = { name = nw[1], xs = xs, ys = ys }
      end
    end
    if #series > 0 then
      o[#o + 1] = "<h3>interconnect occupancy</h3>"
      o[#o + 1] = svg.plot { title = "interconnect occupancy", ylabel = "packets waiting for their output",
                             series = series, points = c.points }
      okn = true
    end
    if #series2 > 0 then
      o[#o + 1] = "<h3>interconnect flits</h3>"
      o[#o + 1] = svg.plot { title = "interconnect flits", ylabel = "flits / cycle", series = series2, points = c.points }
      okn = true
    end
  end
  if not okn then c.absent(o, none:gsub("per%-SM or per%-channel columns", "interconnect columns")) else
    o[#o + 1] = "<p>Occupancy: the packets held between push and grant, on average over each window "
                .. "(the window's sum of their waits over its cycles: Little's law).</p></section>"
  end
end

-- Prefetch accuracy and coverage over time, and the policies' and
-- throttles' states (after the report's prefetch section).
function M.prefetch(c)
  local o, ser, h, pre = c.o, c.ser, c.h, c.pre
  local _, xs = deltas(ser, nil)
  local pfi = c.total(c.d, "pf.issued")
  if type(pfi) == "number" and pfi > 0 then
    c.section(o, pre .. "pfrates", "Prefetch accuracy and coverage over time" .. h)
    local iu, iuf, il, idm = col(ser, "pf.issued"), col(ser, "pf.useful"), col(ser, "pf.late"), col(ser, "pf.demand_misses")
    if iu and iuf and il then
      local di, du, dl = deltas(ser, iu), deltas(ser, iuf), deltas(ser, il)
      local dm = idm and deltas(ser, idm)
      local acc, cov = {}, {}
      for i = 1, #di do
        acc[i] = di[i] > 0 and (du[i] + dl[i]) / di[i] or 0 / 0
        if dm then cov[i] = du[i] + dl[i] + dm[i] > 0 and (du[i] + dl[i]) / (du[i] + dl[i] + dm[i]) or 0 / 0 end
      end
      local s = { { name = "accuracy", xs = xs, ys = acc } }
      if dm then s[2] = { name = "coverage", xs = xs, ys = cov } end
      o[#o + 1] = svg.plot { title = "prefetch accuracy and coverage", ylabel = "fraction", ymax = 1, series = s,
                             points = c.points }
      o[#o + 1] = "<p>Accuracy: (useful + late) / issued in each window; coverage: (useful + late) / "
                  .. "(useful + late + demand misses).</p></section>"
    else
      c.absent(o, "This run's time series does not sample these counters.")
    end
    M.throttle(c)
  end
end

-- The policies' and throttles' state per SM over time, from the launches'
-- transition logs (launch.extra.pf_transitions: cycle, sm, source, what,
-- from, to and their names): one strip per SM for each (source, what),
-- the value held between transitions, each transition a tick.
function M.throttle(c)
  local o, d, h, pre = c.o, c.d, c.h, c.pre
  c.section(o, pre .. "throttle", "Policy and throttle state per SM" .. h)
  local tr, listed, said = {}, 0, 0
  for _, l in ipairs(d.launches) do
    local e = type(l.extra) == "table" and l.extra or nil
    if e and type(e.pf_transitions) == "table" then
      said = said + (int(e.pf_transitions_total) or #e.pf_transitions)
      for _, t in ipairs(e.pf_transitions) do
        if type(t) == "table" and type(t.cycle) == "number" and type(t.sm) == "number" then
          tr[#tr + 1] = t
          listed = listed + 1
        end
      end
    end
  end
  if #tr == 0 then
    c.absent(o, "No policy or throttle changed state in this run.")
    return
  end
  local xmax = c.total(d, "cycles") or 0
  for _, l in ipairs(d.launches) do if type(l["end"]) == "number" and l["end"] > xmax then xmax = l["end"] end end
  local groups, gorder = {}, {}
  for _, t in ipairs(tr) do
    local key = tostring(t.source or "?") .. " " .. tostring(t.what or "state")
    local g = groups[key]
    if not g then g = { key = key, sms = {}, vmin = math.huge, vmax = -math.huge }; groups[key] = g; gorder[#gorder + 1] = key end
    local sm = int(t.sm) or 0
    g.sms[sm] = g.sms[sm] or {}
    table.insert(g.sms[sm], t)
    for _, v in ipairs { t.from, t.to } do
      if type(v) == "number" then g.vmin = math.min(g.vmin, v); g.vmax = math.max(g.vmax, v) end
    end
  end
  local nsm = int(c.total(d, "sm.count")) or 0
  for _, key in ipairs(gorder) do
    local g, rows = groups[key], {}
    local top = nsm - 1
    for sm in pairs(g.sms) do if sm > top then top = sm end end
    for sm = 0, top do
      local ts, segs, marks = g.sms[sm] or {}, {}, {}
      table.sort(ts, function(a, b) return a.cycle < b.cycle end)
      local function name(v, n)
        return (type(n) == "string" and n ~= "") and ("%s (%s)"):format(n, tostring(v)) or tostring(v)
      end
      local x0 = 0
      for _, t in ipairs(ts) do
        segs[#segs + 1] = { x0, t.cycle, num(t.from), name(t.from, t.from_name) }
        marks[#marks + 1] = t.cycle
        x0 = t.cycle
      end
      if #ts > 0 then
        local last = ts[#ts]
        segs[#segs + 1] = { x0, math.max(x0, xmax), num(last.to), name(last.to, last.to_name) }
      end
      rows[#rows + 1] = { name = "SM " .. sm, segs = segs, marks = marks }
    end
    o[#o + 1] = "<h3>" .. esc(key) .. "</h3>"
    o[#o + 1] = svg.steps { title = key .. " per SM", unit = key:match("%S+$"), xmax = xmax, vmin = g.vmin,
                            vmax = g.vmax, rows = rows }
  end
  local note = ("%d transitions"):format(said)
  if listed < said then note = note .. (" (the log kept the last %d)"):format(listed) end
  o[#o + 1] = ("<p>%s.  Each strip: the value an SM's policy or throttle held, from the launches' transition "
               .. "logs; a tick marks a transition; hover a span for its value and name.  An SM without "
               .. "a transition keeps the preset's value (no strip drawn).</p></section>"):format(esc(note))
end

return M
