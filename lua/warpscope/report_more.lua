-- warpscope.report_more: the report's per-SM, per-channel, interconnect,
-- prefetch-rate and throttle sections (issue 39, part 2).  Each reads the
-- time series' per-instance columns (series.per_instance, written by
-- ws_stats_series_split: warp_insns, stall.idle and pf.transitions per SM,
-- dram.data_busy, row_hits and row_misses per channel) and reduces every
-- row to at most `heat_points` buckets with min and max kept.
local svg = require "warpscope.report_svg"
local esc = svg.esc

local M = {}
M.heat_points = 100   -- cells per heat-map row [choice: 80 SMs x 100 cells stay under 1 MB]

-- Per-window deltas of instance k of a per-instance column, or nil.
function M.instance(ser, name)
  local pi = ser.per_instance
  if type(pi) ~= "table" or type(pi.columns) ~= "table" or type(pi.rows) ~= "table"
     or #pi.rows ~= #ser.rows then return nil end
  local off = 0
  for _, c in ipairs(pi.columns) do
    if c.name == name then
      local count = math.tointeger(c.count) or 0
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
    off = off + (math.tointeger(c.count) or 0)
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
  -- prefetch rates and the throttle
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
    c.section(o, pre .. "throttle", "Throttle transitions per SM" .. h)
    local n, tr = M.instance(ser, "pf.transitions")
    local tt = c.total(c.d, "pf.transitions")
    if not n then c.absent(o, none)
    elseif type(tt) ~= "number" or tt == 0 then c.absent(o, "No policy or throttle changed state in this run.")
    else
      local rows = {}
      for k = 0, n - 1 do
        local d, ys = tr(k), {}
        for i = 1, #d do ys[i] = d[i] end
        rows[#rows + 1] = { name = "SM " .. k, xs = xs, ys = ys }
      end
      heat(o, "policy and throttle transitions per SM", "per window", rows)
      o[#o + 1] = ("<p>%s transitions in all; a coloured cell marks a span in which that SM's prefetch policy "
                   .. "or throttle changed state.  The degree and state themselves are not sampled.</p></section>")
                  :format(esc(tostring(tt)))
    end
  end
end

return M
