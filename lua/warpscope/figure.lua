-- warpscope.figure: an experiment's figure (issue 39, part 3).  From an
-- experiment's result (the table ex:result() gives and ID.json holds), one
-- self-contained HTML file of static SVG bar charts: one bar per row (ours),
-- grouped by benchmark or graph, coloured by configuration, with the
-- paper's value marked beside the bar where the row records it.  Written by
-- ex:finish() as ID.html beside ID.json, and by tables.lua for the
-- committed results.  No script, nothing fetched: it prints and embeds.
--
-- What is drawn is read from the columns, the same way for every
-- experiment (an experiment may say otherwise with `figure` in E.new, kept
-- in its result):
--   labels   the string columns before the first numeric one, less any
--            whose value follows from the ones before it (a graph's "as");
--            the last is the configuration (the bar's colour), the others
--            name the group
--   panels   one per paper column: "paper" beside "speedup" (or, without
--            one, the next numeric column after "paper"); "paper_X" beside
--            X (or the column whose name starts as X and holds its letters
--            in order: paper_bw beside bandwidth, else the next numeric
--            column); without a paper column, "speedup" or the first
--            numeric column alone
--   paper    a number (or a string that is one, "+8.3") is a mark; "A..B" a
--            range; any other text ("<1", ">reg", "gain") is said in the
--            bar's tooltip and the table, not drawn
local svg = require "warpscope.report_svg"
local esc = svg.esc

local M = {}

-- sizes [choice: bars 11 to 28 px wide, a plot at least 480 px wide]
local GAP, H0, L, R, T = 12, 190, 64, 20, 36

local function is_num(v) return type(v) == "number" and v == v and v ~= math.huge and v ~= -math.huge end

local function column_kinds(res)
  local kinds = {}
  for _, c in ipairs(res.columns) do
    local k
    for _, r in ipairs(res.rows) do
      local v = r[c.key]
      if v ~= nil then
        local t = is_num(v) and "num" or type(v) == "string" and "str" or "other"
        if k and k ~= t then k = "mixed"; break end
        k = t
      end
    end
    kinds[c.key] = k
  end
  return kinds
end

local function lab(v) return v == nil and "-" or tostring(v) end

-- The label columns (see the header).
function M.labels(res, kinds)
  kinds = kinds or column_kinds(res)
  local out = {}
  for _, c in ipairs(res.columns) do
    if kinds[c.key] == "num" then break end
    if kinds[c.key] == "str" and not c.key:match("paper") then
      -- a column whose value follows from the earlier labels adds nothing
      local seen, dep = {}, true
      for _, r in ipairs(res.rows) do
        local k = {}
        for _, o in ipairs(out) do k[#k + 1] = lab(r[o.key]) end
        k = table.concat(k, "\0")
        if seen[k] ~= nil and seen[k] ~= lab(r[c.key]) then dep = false; break end
        seen[k] = lab(r[c.key])
      end
      if #out == 0 or not dep then out[#out + 1] = c end
    end
  end
  return out
end

local function col(res, key)
  for i, c in ipairs(res.columns) do if c.key == key then return c, i end end
end

local function next_num(res, kinds, from)
  for i = from + 1, #res.columns do
    local c = res.columns[i]
    if kinds[c.key] == "num" and not c.key:match("paper") then return c end
  end
end

-- letters of a in order inside b, starting alike ("bw" in "bandwidth")
local function abbrev(a, b)
  if a:sub(1, 1) ~= b:sub(1, 1) then return false end
  local j = 1
  for k = 1, #b do
    if b:sub(k, k) == a:sub(j, j) then j = j + 1; if j > #a then return true end end
  end
  return false
end

-- The panels (see the header): { {value = column, paper = column or nil}... }
function M.panels(res, kinds)
  kinds = kinds or column_kinds(res)
  if type(res.figure) == "table" and #res.figure > 0 then
    local out = {}
    for _, p in ipairs(res.figure) do
      local v = col(res, p.value)
      if v then out[#out + 1] = { value = v, paper = p.paper and col(res, p.paper) or nil } end
    end
    return out
  end
  local out = {}
  for i, c in ipairs(res.columns) do
    local x = c.key:match("^paper_?(.*)$")
    if x and kinds[c.key] then
      local v
      if x == "" then
        v = kinds.speedup == "num" and col(res, "speedup") or next_num(res, kinds, i)
      elseif kinds[x] == "num" then
        v = col(res, x)
      else
        for _, d in ipairs(res.columns) do
          if kinds[d.key] == "num" and not d.key:match("paper") and abbrev(x, d.key) then v = d; break end
        end
        v = v or next_num(res, kinds, i)
      end
      if v then out[#out + 1] = { value = v, paper = c } end
    end
  end
  if #out == 0 then
    local v = kinds.speedup == "num" and col(res, "speedup")
    if not v then
      for _, c in ipairs(res.columns) do if kinds[c.key] == "num" then v = c; break end end
    end
    if v then out[1] = { value = v } end
  end
  return out
end

-- A paper cell: {mark = number} | {lo, hi} | {text} | nil.
function M.paper_value(v)
  if v == nil then return nil end
  if is_num(v) then return { mark = v } end
  local s = tostring(v)
  local n = tonumber(s)
  if n and is_num(n) then return { mark = n } end
  local a, b = s:match("^%s*([-+]?[%d.]+)%s*%.%.%s*([-+]?[%d.]+)%s*$")
  if a and tonumber(a) and tonumber(b) then return { lo = tonumber(a), hi = tonumber(b) } end
  return { text = s }
end

local function fmt(c, v)
  if v == nil then return "-" end
  if type(v) == "number" then
    local ok, s = pcall(string.format, (c.format or "%g"):gsub("%%%-?(%d*)", "%%"), v)
    if ok then return s end
    return ("%g"):format(v)
  end
  return tostring(v)
end

-- The SVG of one panel; also returns the number of bars and of paper marks.
function M.panel_svg(res, labels, p)
  local conf = labels[#labels]
  local groups, gorder, confs, corder = {}, {}, {}, {}
  for _, r in ipairs(res.rows) do
    local g = {}
    for k = 1, #labels - 1 do g[#g + 1] = lab(r[labels[k].key]) end
    g = #g > 0 and table.concat(g, " ") or ""
    if not groups[g] then groups[g] = {}; gorder[#gorder + 1] = g end
    local cv = conf and lab(r[conf.key]) or ""
    if not confs[cv] then confs[cv] = #corder + 1; corder[#corder + 1] = cv end
    table.insert(groups[g], r)
  end
  local ymin, ymax = 0, 0
  local function see(v) if is_num(v) then ymin = math.min(ymin, v); ymax = math.max(ymax, v) end end
  for _, r in ipairs(res.rows) do
    see(r[p.value.key])
    local pv = p.paper and M.paper_value(r[p.paper.key])
    if pv then see(pv.mark); see(pv.lo); see(pv.hi) end
  end
  -- the axis: ticks a round step apart from a multiple of it under the
  -- lowest value (or 0) to one over the highest
  local step = svg.nice((ymax - ymin) / 4)
  local top = math.max(step, math.ceil(ymax / step - 1e-9) * step)
  local bot = math.floor(ymin / step + 1e-9) * step
  local slots, glen = 0, 0
  for _, g in ipairs(gorder) do slots = slots + #groups[g]; glen = math.max(glen, #g) end
  local BW = math.max(11, math.min(28, 480 // math.max(slots, 1)))
  local B = 24 + math.min(120, glen * 5)     -- room for the group names, at 40 degrees
  local H = H0 + B
  local pw = math.max(300, slots * BW + #gorder * GAP)
  local lw = 0
  for _, c in ipairs(corder) do lw = lw + 24 + 7 * #c end
  local W = math.max(L + pw + R, L + lw + 50 + R)
  local ph = H - T - B
  local function Y(v) return T + (top - v) / (top - bot) * ph end
  local o = {}
  local function put(s) o[#o + 1] = s end
  local name = p.value.header or p.value.key
  put(('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" class="figure">')
    :format(W, H, W, H))
  put(("<title>%s%s</title>"):format(esc(name), p.paper and (" and the paper's " .. esc(p.paper.key)) or ""))
  put(('<rect x="%d" y="%d" width="%d" height="%d" fill="#fff" stroke="#999"/>'):format(L, T, pw, ph))
  for k = 0, math.floor((top - bot) / step + 0.5) do
    local v = bot + k * step
    put(('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>'):format(L, Y(v), L + pw, Y(v)))
    put(('<text x="%d" y="%.1f" text-anchor="end" font-size="10">%s</text>'):format(L - 4, Y(v) + 3, svg.tick_text(v)))
  end
  put(('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#444"/>'):format(L, Y(0), L + pw, Y(0)))
  put(('<text x="12" y="%d" text-anchor="middle" font-size="11" transform="rotate(-90 12 %d)">%s</text>')
    :format(T + ph // 2, T + ph // 2, esc(name)))
  -- legend: the configurations
  local lx = L
  for i, c in ipairs(corder) do
    put(('<rect x="%d" y="8" width="10" height="10" fill="%s"/>'):format(lx, svg.colors[(i - 1) % #svg.colors + 1]))
    put(('<text x="%d" y="17" font-size="10">%s</text>'):format(lx + 13, esc(c)))
    lx = lx + 24 + 7 * #c
  end
  if p.paper then
    put(('<rect x="%d" y="8" width="12" height="3" fill="#000"/><text x="%d" y="17" font-size="10">paper</text>')
      :format(lx, lx + 15))
  end
  local x, bars, marks = L + GAP / 2, 0, 0
  for _, g in ipairs(gorder) do
    local x0 = x
    for _, r in ipairs(groups[g]) do
      local v = r[p.value.key]
      local cv = conf and lab(r[conf.key]) or ""
      local pv = p.paper and M.paper_value(r[p.paper.key])
      local tip = (g ~= "" and (g .. " ") or "") .. cv .. ": " .. name .. " " .. fmt(p.value, v)
      if pv then tip = tip .. " (paper " .. fmt(p.paper, r[p.paper.key]) .. ")" end
      if is_num(v) then
        local y1, y2 = Y(math.max(v, 0)), Y(math.min(v, 0))
        put(('<rect class="bar" x="%.1f" y="%.1f" width="%d" height="%.1f" fill="%s"><title>%s</title></rect>')
          :format(x, y1, BW - 2, math.max(y2 - y1, 0.5), svg.colors[(confs[cv] - 1) % #svg.colors + 1], esc(tip)))
        bars = bars + 1
      end
      if pv and pv.mark then
        put(('<rect class="paper" x="%.1f" y="%.1f" width="%d" height="3" fill="#000"><title>paper: %s</title></rect>')
          :format(x - 1, Y(pv.mark) - 1.5, BW, esc(("%.6g"):format(pv.mark))))
        marks = marks + 1
      elseif pv and pv.lo then
        put(('<rect class="paper" x="%.1f" y="%.1f" width="3" height="%.1f" fill="#000"><title>paper: %s</title></rect>')
          :format(x + BW / 2 - 2.5, Y(math.max(pv.lo, pv.hi)), math.abs(Y(pv.lo) - Y(pv.hi)), esc(tostring(r[p.paper.key]))))
        marks = marks + 1
      end
      x = x + BW
    end
    if g ~= "" then
      local cx = (x0 + x) / 2
      put(('<text x="%.1f" y="%d" font-size="10" text-anchor="end" transform="rotate(-40 %.1f %d)">%s</text>')
        :format(cx, T + ph + 12, cx, T + ph + 12, esc(g)))
    end
    x = x + GAP
  end
  put("</svg>")
  return table.concat(o, "\n"), bars, marks
end

local CSS = [[
body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:12px;margin:.5em 0}
td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}
td:first-child,th:first-child{text-align:left}
svg.figure{display:block;margin:.5em 0}
.holds{color:#2a7d2a}.differs{color:#b22}
@media print{section{break-inside:avoid-page}body{margin:0}}
]]

-- The whole HTML of an experiment's result.
function M.html(res)
  local kinds = column_kinds(res)
  local labels = M.labels(res, kinds)
  local o = { "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8"/>',
              ("<title>%s: %s</title>"):format(esc(res.id), esc(res.title or "")),
              "<style>" .. CSS .. "</style></head><body>",
              ("<h1>%s: %s</h1>"):format(esc(res.id), esc(res.title or "")) }
  local function put(s) o[#o + 1] = s end
  put(("<p>Paper: %s.  Machine: %s (warpscope %s, commit %s)%s.  Command: <code>%s</code></p>"):format(
    esc(res.source or "?"), esc(res.preset or "?"), esc(res.warpscope or "?"), esc(res.commit or "?"),
    res.quick and "; the quick variant (small inputs: shapes, not the paper's sizes)" or "", esc(res.command or "")))
  local panels = M.panels(res, kinds)
  if #panels == 0 or #labels == 0 then
    put('<p class="absent">No figure: the table has no numeric column or no label column.</p>')
  end
  for i, p in ipairs(panels) do
    local name = p.value.header or p.value.key
    put(('<section id="fig%d"><h2>%s%s</h2>'):format(i, esc(name),
      p.paper and (" beside the paper's (" .. esc(p.paper.key) .. ")") or ""))
    local text = M.panel_svg(res, labels, p)
    put(text)
    put("<p>One bar per row of the table" .. (#labels > 1 and (", grouped by " .. esc(labels[1].header or labels[1].key)
      .. (#labels > 2 and " and the columns after it" or "")) or "") .. (#labels > 0 and
      (", coloured by " .. esc(labels[#labels].header or labels[#labels].key)) or "") ..
      (p.paper and "; the black marks are the paper's values (a bar for a range; a text value, such as a bound, " ..
      "is in the tooltip and the table)" or "") .. ".</p>")
    -- the table of what is drawn
    put("<table><thead><tr>")
    for _, c in ipairs(labels) do put("<th>" .. esc(c.header or c.key) .. "</th>") end
    put("<th>" .. esc(name) .. "</th>" .. (p.paper and "<th>paper</th>" or "") .. "</tr></thead><tbody>")
    for _, r in ipairs(res.rows) do
      local cells = {}
      for _, c in ipairs(labels) do cells[#cells + 1] = "<td>" .. esc(lab(r[c.key])) .. "</td>" end
      cells[#cells + 1] = "<td>" .. esc(fmt(p.value, r[p.value.key])) .. "</td>"
      if p.paper then cells[#cells + 1] = "<td>" .. esc(fmt(p.paper, r[p.paper.key])) .. "</td>" end
      put("<tr>" .. table.concat(cells) .. "</tr>")
    end
    put("</tbody></table></section>")
  end
  if type(res.claims) == "table" and #res.claims > 0 then
    put('<section id="claims"><h2>The paper\'s claims here</h2><ul>')
    for _, c in ipairs(res.claims) do
      put(('<li><span class="%s">[%s]</span> %s%s</li>'):format(c.holds and "holds" or "differs",
        c.holds and "holds" or "DIFFERS", esc(c.claim or ""), c.detail and (" — " .. esc(c.detail)) or ""))
    end
    put("</ul></section>")
  end
  if type(res.notes) == "table" and #res.notes > 0 then
    put('<section id="notes"><h2>Notes</h2><ul>')
    for _, n in ipairs(res.notes) do put("<li>" .. esc(n) .. "</li>") end
    put("</ul></section>")
  end
  put("</body></html>\n")
  return table.concat(o, "\n")
end

return M
