-- warpscope.report_svg: hand-written static SVG plots for `warpscope report`
-- (no library, no script, nothing fetched: the file prints and embeds as
-- is).  Series are reduced to at most `points` buckets; each bucket keeps
-- its mean (the line) and its min and max (a shaded envelope), so a spike
-- one sample wide stays visible however long the run.
local M = {}

local W, H, L, R, T, B = 720, 240, 64, 150, 12, 34   -- size and margins [choice]
M.colors = { "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b",
             "#e377c2", "#7f7f7f", "#bcbd22", "#17becf", "#393b79", "#637939",
             "#843c39", "#7b4173" }

local function esc(s)
  return (tostring(s):gsub("[&<>\"]", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;", ['"'] = "&quot;" }))
end
M.esc = esc

local function num(x)
  if x == math.floor(x) and math.abs(x) < 1e15 then return ("%d"):format(x) end
  return ("%.1f"):format(x)
end

-- Reduce (xs, ys) to at most n buckets of consecutive samples:
-- {x = last x of the bucket, y = mean, lo = min, hi = max}.
function M.reduce(xs, ys, n)
  local out, len = {}, #xs
  local per = math.max(1, math.ceil(len / n))
  for i = 1, len, per do
    local j = math.min(len, i + per - 1)
    local s, lo, hi, k = 0, math.huge, -math.huge, 0
    for q = i, j do
      local v = ys[q]
      if v == v then s = s + v; k = k + 1; if v < lo then lo = v end; if v > hi then hi = v end end
    end
    out[#out + 1] = { x = xs[j], y = k > 0 and s / k or 0 / 0, lo = lo, hi = hi }
  end
  return out
end

local function nice(max)
  if max <= 0 or max ~= max then return 1 end
  local p = 10 ^ math.floor(math.log(max, 10))
  for _, m in ipairs { 1, 2, 2.5, 5, 10 } do
    if m * p >= max then return m * p end
  end
  return 10 * p
end

local function tick_text(v)
  if v == 0 then return "0" end
  local a = math.abs(v)
  if a >= 1e9 then return ("%.4gG"):format(v / 1e9) end
  if a >= 1e6 then return ("%.4gM"):format(v / 1e6) end
  if a >= 1e4 then return ("%.4gk"):format(v / 1e3) end
  return ("%g"):format(tonumber(("%.3g"):format(v)))
end

-- plot{title, ylabel, xlabel, series = {{name, xs, ys}...}, stacked, points, ymax}
function M.plot(p)
  local n = p.points or 400
  local red, xmin, xmax, ymax = {}, math.huge, -math.huge, p.ymax or 0
  for i, s in ipairs(p.series) do
    red[i] = M.reduce(s.xs, s.ys, n)
    if #s.xs > 0 then
      xmin = math.min(xmin, s.xs[1]); xmax = math.max(xmax, s.xs[#s.xs])
    end
  end
  if p.stacked then
    for k = 1, #(red[1] or {}) do
      local sum = 0
      for i = 1, #red do
        local v = red[i][k].y
        if v == v then sum = sum + v end
        red[i][k].top = sum
      end
      if not p.ymax and sum > ymax then ymax = sum end
    end
  elseif not p.ymax then
    for i = 1, #red do
      for _, b in ipairs(red[i]) do if b.hi > ymax and b.hi < math.huge then ymax = b.hi end end
    end
  end
  ymax = nice(ymax)
  if xmin >= xmax then xmin, xmax = (xmin < math.huge and xmin or 0) - 1, (xmax > -math.huge and xmax or 0) + 1 end
  local pw, ph = W - L - R, H - T - B
  local function X(x) return L + (x - xmin) / (xmax - xmin) * pw end
  local function Y(y)
    if y ~= y then y = 0 end
    if y > ymax then y = ymax end
    return T + ph - y / ymax * ph
  end
  local o = {}
  local function put(s) o[#o + 1] = s end
  put(('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" class="plot">')
    :format(W, H, W, H))
  put(("<title>%s</title>"):format(esc(p.title)))
  put(('<rect x="%d" y="%d" width="%d" height="%d" fill="#fff" stroke="#999"/>'):format(L, T, pw, ph))
  for k = 0, 4 do
    local v = ymax * k / 4
    local y = Y(v)
    put(('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>'):format(L, y, L + pw, y))
    put(('<text x="%d" y="%.1f" text-anchor="end" font-size="10">%s</text>'):format(L - 4, y + 3, tick_text(v)))
  end
  for k = 0, 4 do
    local v = xmin + (xmax - xmin) * k / 4
    put(('<text x="%.1f" y="%d" text-anchor="middle" font-size="10">%s</text>'):format(X(v), T + ph + 13, tick_text(v)))
  end
  put(('<text x="%d" y="%d" text-anchor="middle" font-size="11">%s</text>'):format(L + pw // 2, H - 4,
    esc(p.xlabel or "cycle")))
  put(('<text x="12" y="%d" text-anchor="middle" font-size="11" transform="rotate(-90 12 %d)">%s</text>')
    :format(T + ph // 2, T + ph // 2, esc(p.ylabel or "")))
  for i = #red, 1, -1 do
    local c, b = M.colors[(i - 1) % #M.colors + 1], red[i]
    if #b > 0 then
      if p.stacked then
        local pts = {}
        for k = 1, #b do pts[#pts + 1] = ("%.1f,%.1f"):format(X(b[k].x), Y(b[k].top)) end
        for k = #b, 1, -1 do
          local under = i > 1 and red[i - 1][k].top or 0
          pts[#pts + 1] = ("%.1f,%.1f"):format(X(b[k].x), Y(under))
        end
        put(('<polygon points="%s" fill="%s" stroke="none"><title>%s</title></polygon>')
          :format(table.concat(pts, " "), c, esc(p.series[i].name)))
      else
        local env, line = {}, {}
        for k = 1, #b do
          if b[k].hi > -math.huge then env[#env + 1] = ("%.1f,%.1f"):format(X(b[k].x), Y(b[k].hi)) end
          line[#line + 1] = ("%.1f,%.1f"):format(X(b[k].x), Y(b[k].y))
        end
        for k = #b, 1, -1 do
          if b[k].lo < math.huge then env[#env + 1] = ("%.1f,%.1f"):format(X(b[k].x), Y(b[k].lo)) end
        end
        if #env > 2 then
          put(('<polygon points="%s" fill="%s" fill-opacity="0.2" stroke="none"/>'):format(table.concat(env, " "), c))
        end
        put(('<polyline points="%s" fill="none" stroke="%s" stroke-width="1.2"><title>%s</title></polyline>')
          :format(table.concat(line, " "), c, esc(p.series[i].name)))
      end
    end
  end
  for i, s in ipairs(p.series) do
    local y = T + 6 + (i - 1) * 14
    put(('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>'):format(L + pw + 8, y, M.colors[(i - 1) % #M.colors + 1]))
    put(('<text x="%d" y="%d" font-size="10">%s</text>'):format(L + pw + 22, y + 9, esc(s.name)))
  end
  put("</svg>")
  return table.concat(o, "\n")
end

-- A colour from white (0) to dark blue (1) [choice: one hue prints in grey].
local function shade(f)
  if f ~= f then return "#eeeeee" end
  if f < 0 then f = 0 elseif f > 1 then f = 1 end
  local r = math.floor(255 - f * (255 - 8) + 0.5)
  local g = math.floor(255 - f * (255 - 48) + 0.5)
  local b = math.floor(255 - f * (255 - 107) + 0.5)
  return ("#%02x%02x%02x"):format(r, g, b)
end
M.shade = shade

-- heatmap{title, unit, rows = {{name, xs, ys}...}, points, max}: one row of
-- cells per instance (SM, channel), each cell a bucket of consecutive
-- windows (M.reduce: its mean sets the colour; the <title> gives mean, min
-- and max, so hovering reads the envelope).
function M.heatmap(p)
  local n, rows = p.points or 100, p.rows
  local red, xmin, xmax, vmax = {}, math.huge, -math.huge, p.max or 0
  for i, r in ipairs(rows) do
    red[i] = M.reduce(r.xs, r.ys, n)
    if #r.xs > 0 then xmin = math.min(xmin, 0); xmax = math.max(xmax, r.xs[#r.xs]) end
    if not p.max then for _, b in ipairs(red[i]) do if b.y == b.y and b.y > vmax then vmax = b.y end end end
  end
  if vmax <= 0 then vmax = 1 end
  if xmin >= xmax then xmin, xmax = 0, 1 end
  local rh = math.max(3, math.min(14, 240 // math.max(1, #rows)))
  local pw, ph = W - L - R, rh * #rows
  local h = T + ph + B
  local function X(x) return L + (x - xmin) / (xmax - xmin) * pw end
  local o = {}
  local function put(s) o[#o + 1] = s end
  put(('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" class="plot heat">')
    :format(W, h, W, h))
  put(("<title>%s</title>"):format(esc(p.title)))
  for i, b in ipairs(red) do
    local y, x0 = T + (i - 1) * rh, xmin
    local fs = math.min(10, rh)
    if #rows <= 40 or (i - 1) % math.ceil(#rows / 40) == 0 then
      put(('<text x="%d" y="%d" text-anchor="end" font-size="%d">%s</text>'):format(L - 4, y + rh - 1, fs, esc(rows[i].name)))
    end
    for _, c in ipairs(b) do
      put(('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s, cycles %s-%s: %s (min %s, max %s)</title></rect>')
        :format(X(x0), y, math.max(0.1, X(c.x) - X(x0)), rh, shade(c.y / vmax), esc(rows[i].name), num(x0), num(c.x),
                tick_text(c.y == c.y and c.y or 0), tick_text(c.lo < math.huge and c.lo or 0),
                tick_text(c.hi > -math.huge and c.hi or 0)))
      x0 = c.x
    end
  end
  put(('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>'):format(L, T, pw, ph))
  for k = 0, 4 do
    local v = xmin + (xmax - xmin) * k / 4
    put(('<text x="%.1f" y="%d" text-anchor="middle" font-size="10">%s</text>'):format(X(v), T + ph + 13, tick_text(v)))
  end
  put(('<text x="%d" y="%d" text-anchor="middle" font-size="11">cycle</text>'):format(L + pw // 2, h - 4))
  for k = 0, 10 do
    put(('<rect x="%d" y="%d" width="12" height="%d" fill="%s"/>'):format(L + pw + 8, T + (10 - k) * 8, 8, shade(k / 10)))
  end
  put(('<text x="%d" y="%d" font-size="10">%s</text>'):format(L + pw + 24, T + 8, tick_text(vmax)))
  put(('<text x="%d" y="%d" font-size="10">0</text>'):format(L + pw + 24, T + 88))
  put(('<text x="%d" y="%d" font-size="10">%s</text>'):format(L + pw + 8, T + 102, esc(p.unit or "")))
  put("</svg>")
  return table.concat(o, "\n")
end

-- bars{title, names = {...}, values = {...}, fmt, ref}: one horizontal bar
-- per run, its value written beside it (class "val"), a line at ref.
function M.bars(p)
  local n, vmax = #p.names, p.ref or 0
  for _, v in ipairs(p.values) do if v == v and v > vmax then vmax = v end end
  vmax = nice(vmax)
  local bh, lw = 18, 230
  local pw, h = W - lw - 70, T + n * bh + B
  local o = {}
  local function put(s) o[#o + 1] = s end
  put(('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" class="plot bars">')
    :format(W, h, W, h))
  put(("<title>%s</title>"):format(esc(p.title)))
  for i, name in ipairs(p.names) do
    local v, y = p.values[i], T + (i - 1) * bh
    local shown = v == v and (p.fmt or "%.3f"):format(v) or "n/a"
    local w = v == v and v / vmax * pw or 0
    put(('<text x="%d" y="%d" text-anchor="end" font-size="10">%s</text>'):format(lw - 4, y + 12, esc(name)))
    put(('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s"><title>%s: %s</title></rect>')
      :format(lw, y + 2, w, bh - 4, M.colors[(i - 1) % #M.colors + 1], esc(name), shown))
    put(('<text class="val" x="%.1f" y="%d" font-size="10">%s</text>'):format(lw + w + 4, y + 12, shown))
  end
  if p.ref then
    local x = lw + p.ref / vmax * pw
    put(('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#444" stroke-dasharray="3,2"/>'):format(x, T, x, T + n * bh))
  end
  put(('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#999"/>'):format(lw, T + n * bh, lw + pw, T + n * bh))
  for k = 0, 4 do
    local v = vmax * k / 4
    put(('<text x="%.1f" y="%d" text-anchor="middle" font-size="10">%s</text>'):format(lw + pw * k / 4, T + n * bh + 13, tick_text(v)))
  end
  put(('<text x="%d" y="%d" text-anchor="middle" font-size="11">%s</text>'):format(lw + pw // 2, h - 4, esc(p.xlabel or "")))
  put("</svg>")
  return table.concat(o, "\n")
end

-- steps{title, unit, xmax, vmin, vmax, rows = {{name, segs = {{x0, x1, v,
-- text}...}, marks = {x...}}...}}: one strip per instance, each segment a
-- state held from x0 to x1 (colour by value; <title>: its text), each mark a
-- transition (a black tick).  Size is bounded by the segments given.
function M.steps(p)
  local rows, xmax = p.rows, p.xmax > 0 and p.xmax or 1
  local span = (p.vmax or 1) - (p.vmin or 0)
  if span <= 0 then span = 1 end
  local rh = math.max(3, math.min(14, 240 // math.max(1, #rows)))
  local pw, ph = W - L - R, rh * #rows
  local h = T + ph + B
  local function X(x) return L + x / xmax * pw end
  local o = {}
  local function put(s) o[#o + 1] = s end
  put(('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" class="plot steps">')
    :format(W, h, W, h))
  put(("<title>%s</title>"):format(esc(p.title)))
  for i, r in ipairs(rows) do
    local y = T + (i - 1) * rh
    if #rows <= 40 or (i - 1) % math.ceil(#rows / 40) == 0 then
      put(('<text x="%d" y="%d" text-anchor="end" font-size="%d">%s</text>'):format(L - 4, y + rh - 1, math.min(10, rh),
        esc(r.name)))
    end
    for _, sg in ipairs(r.segs) do
      put(('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"><title>%s, cycles %s-%s: %s</title></rect>')
        :format(X(sg[1]), y, math.max(0.1, X(sg[2]) - X(sg[1])), rh, M.shade(0.15 + 0.85 * (sg[3] - (p.vmin or 0)) / span),
                esc(r.name), num(sg[1]), num(sg[2]), esc(sg[4])))
    end
    for _, x in ipairs(r.marks) do
      put(('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000" stroke-width="1"/>'):format(X(x), y, X(x), y + rh))
    end
  end
  put(('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>'):format(L, T, pw, ph))
  for k = 0, 4 do
    local v = xmax * k / 4
    put(('<text x="%.1f" y="%d" text-anchor="middle" font-size="10">%s</text>'):format(X(v), T + ph + 13, tick_text(v)))
  end
  put(('<text x="%d" y="%d" text-anchor="middle" font-size="11">cycle</text>'):format(L + pw // 2, h - 4))
  put(('<text x="%d" y="%d" font-size="10">%s: %s</text>'):format(L + pw + 8, T + 10, esc(p.unit or "value"),
    tick_text(p.vmax or 1)))
  put(('<rect x="%d" y="%d" width="12" height="10" fill="%s"/>'):format(L + pw + 8, T + 14, M.shade(1)))
  put(('<text x="%d" y="%d" font-size="10">%s</text>'):format(L + pw + 8, T + 38, tick_text(p.vmin or 0)))
  put(('<rect x="%d" y="%d" width="12" height="10" fill="%s"/>'):format(L + pw + 8, T + 42, M.shade(0.15)))
  put("</svg>")
  return table.concat(o, "\n")
end

M.num = num
M.nice, M.tick_text = nice, tick_text   -- (also for warpscope.figure's bars)
return M
