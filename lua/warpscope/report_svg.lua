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
  if a >= 1e9 then return ("%gG"):format(v / 1e9) end
  if a >= 1e6 then return ("%gM"):format(v / 1e6) end
  if a >= 1e4 then return ("%gk"):format(v / 1e3) end
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

M.num = num
M.nice, M.tick_text = nice, tick_text   -- (also for warpscope.figure's bars)
return M
