-- warpscope.report: `warpscope report RUN.json [-o FILE.html]` (issue 39,
-- part 1).  Reads the JSON that --json writes and writes one self-contained
-- HTML file with static SVG plots (warpscope.report_svg) and tables.  Run by
-- src/cli/ws_cmd_report.c in a plain Lua state; main returns the exit status.
local json = require "warpscope.json"
local svg = require "warpscope.report_svg"
local more = require "warpscope.report_more"
local multi = require "warpscope.report_multi"
local esc = svg.esc

local M = {}
M.points = 400   -- buckets per plot [choice: ~1 per 1.4 px of a 570 px plot]

local function say(fmt, ...) io.stderr:write("warpscope: report: ", fmt:format(...), "\n") end

local function column(ser, name)
  for i, c in ipairs(ser.columns) do if c == name then return i end end
end

-- Per-window rates of cumulative series columns: xs (window end cycles) and
-- ys = (delta num) / (delta den) [den: a column, or the cycles].
local function rate(ser, name, den, scale)
  local a = column(ser, name)
  local d = den and column(ser, den)
  if not a or (den and not d) then return nil end
  local xs, ys, rows = {}, {}, ser.rows
  local pc, pa, pd = 0, 0, 0
  for _, r in ipairs(rows) do
    local dn = d and (r[d] - pd) or (r[1] - pc)
    xs[#xs + 1] = r[1]
    ys[#ys + 1] = dn > 0 and (r[a] - pa) / dn * (scale or 1) or 0
    pc, pa, pd = r[1], r[a], d and r[d] or 0
  end
  return xs, ys
end

local function section(o, id, title)
  o[#o + 1] = ('<section id="%s"><h2>%s</h2>'):format(id, esc(title))
end

local function absent(o, what)
  o[#o + 1] = ("<p class=\"absent\">%s</p></section>"):format(esc(what))
end

local function plot_of(o, p, names)
  local series = {}
  for _, n in ipairs(names) do
    local xs, ys = rate(p.ser, n[2], n[3], n[4])
    if xs then series[#series + 1] = { name = n[1], xs = xs, ys = ys } end
  end
  if #series == 0 then return false end
  o[#o + 1] = svg.plot { title = p.title, ylabel = p.ylabel, series = series, stacked = p.stacked,
                         points = M.points }
  return true
end

local function fmt(v)
  if v == nil or v == json.null then return "" end
  if type(v) == "number" then
    if math.type(v) == "integer" then return tostring(v) end
    if v ~= v then return "" end
    return ("%.4g"):format(v)
  end
  return tostring(v)
end

local function total(d, k)
  local s = d.stats[k]
  if type(s) == "table" then return s.total end
end

local function table_html(o, cols, rows, cls)
  o[#o + 1] = ('<table class="%s"><thead><tr>'):format(cls or "")
  for _, c in ipairs(cols) do o[#o + 1] = ("<th>%s</th>"):format(esc(c)) end
  o[#o + 1] = "</tr></thead><tbody>"
  for _, r in ipairs(rows) do
    local cells = {}
    for i = 1, #cols do cells[i] = ("<td>%s</td>"):format(esc(fmt(r[i]))) end
    o[#o + 1] = "<tr>" .. table.concat(cells) .. "</tr>"
  end
  o[#o + 1] = "</tbody></table>"
end

-- The per-array table (tables.by_allocation) with an L1D miss rate after
-- the misses, in the JSON's row order (nil: no such table, or empty).
local function per_array(t)
  t = type(t) == "table" and t.by_allocation
  if type(t) ~= "table" or type(t.columns) ~= "table" or type(t.rows) ~= "table" or #t.rows == 0 then return nil end
  local at = {}
  for i, c in ipairs(t.columns) do at[c] = i + 1 end
  local cols, rows = { "array" }, {}
  for _, c in ipairs(t.columns) do
    cols[#cols + 1] = c
    if c == "l1d.misses" then cols[#cols + 1] = "l1d miss rate" end
  end
  for i, r in ipairs(t.rows) do
    local nr = { r[1] }
    for k, c in ipairs(t.columns) do
      nr[#nr + 1] = r[k + 1]
      if c == "l1d.misses" then
        local h, p, m = r[at["l1d.hits"] or 0], r[at["l1d.hit_reserved"] or 0], r[k + 1]
        local n = (tonumber(h) or 0) + (tonumber(p) or 0) + (tonumber(m) or 0)
        nr[#nr + 1] = n > 0 and ("%.3f"):format((tonumber(m) or 0) / n) or ""
      end
    end
    rows[i] = nr
  end
  return { cols = cols, rows = rows }
end

-- The keys of config that differ from its preset's.
local function changed(cfg, preset_config)
  local text = type(cfg.preset) == "string" and preset_config(cfg.preset)
  local ok, base = pcall(json.decode, text or "")
  if not ok or type(base) ~= "table" then return nil end
  local out = {}
  for k, v in pairs(cfg) do
    if k ~= "preset" and base[k] ~= nil and fmt(base[k]) ~= fmt(v) then
      out[#out + 1] = { k, fmt(v), fmt(base[k]) }
    end
  end
  table.sort(out, function(a, b) return a[1] < b[1] end)
  return out
end

-- "file.cu:line" of each PTX line key, from the tables cuda_files and
-- ptx_line_cuda (written since issue 39, part 2), or nil.
local function cuda_lines(tables)
  local f, l = tables and tables.cuda_files, tables and tables.ptx_line_cuda
  if type(f) ~= "table" or type(l) ~= "table" or type(f.rows) ~= "table" or type(l.rows) ~= "table"
     or #l.rows == 0 then return nil end
  local names, out = {}, {}
  for _, r in ipairs(f.rows) do
    if type(r) == "table" and type(r[1]) == "string" and type(r[2]) == "number" then names[r[2]] = r[1] end
  end
  for _, r in ipairs(l.rows) do
    if type(r) == "table" and type(r[1]) == "string" and names[r[2]] and type(r[3]) == "number" then
      out[r[1]] = ("%s:%s"):format(names[r[2]], fmt(r[3]))
    end
  end
  return out
end

local STATES = { "selected", "not_selected", "long_scoreboard", "short_scoreboard", "wait", "barrier",
                 "membar", "branch_resolving", "no_instruction", "lg_throttle", "mio_throttle",
                 "math_pipe_throttle", "drain", "mff_wait", "idle" }

local function gpu_html(o, d, label, pre, preset_config)
  local ser, cfg = d.series or { columns = {}, rows = {} }, d.config or {}
  local h = label and (" (" .. label .. ")") or ""
  -- the run
  section(o, pre .. "run", "The run" .. h)
  local kernels, order = {}, {}
  for _, l in ipairs(d.launches) do
    if not kernels[l.kernel] then kernels[l.kernel] = { 0, 0 }; order[#order + 1] = l.kernel end
    kernels[l.kernel][1] = kernels[l.kernel][1] + 1
    kernels[l.kernel][2] = kernels[l.kernel][2] + (l.cycles or 0)
  end
  local facts = {
    { "preset", cfg.preset }, { "SMs", total(d, "sm.count") }, { "DRAM channels", total(d, "mem.channels") },
    { "core clock (MHz)", total(d, "clock.core_mhz") }, { "cycles in kernels", total(d, "cycles") },
    { "launches", #d.launches }, { "kernels", #order }, { "warp instructions", total(d, "warp_insns") },
    { "IPC (warp instructions per cycle)", total(d, "ipc") }, { "L1D hit rate", total(d, "l1d.hit_rate") },
    { "L2 hit rate", total(d, "l2.hit_rate") }, { "DRAM row-hit rate", total(d, "dram.row_hit_rate") },
    { "DRAM bandwidth use", total(d, "dram.bandwidth_util") }, { "seed", d.seed }, { "version", d.version },
  }
  table_html(o, { "", "value" }, facts, "facts")
  local ch = changed(cfg, preset_config)
  if ch and #ch > 0 then
    o[#o + 1] = "<h3>Keys changed from the preset</h3>"
    table_html(o, { "key", "value", "preset's" }, ch, "changed")
  elseif ch then
    o[#o + 1] = "<p>No key changed from the preset.</p>"
  end
  local krows = {}
  for _, k in ipairs(order) do krows[#krows + 1] = { k, kernels[k][1], kernels[k][2] } end
  o[#o + 1] = "<h3>Kernels</h3>"
  table_html(o, { "kernel", "launches", "cycles" }, krows, "kernels")
  if type(d.warnings) == "table" and #d.warnings > 0 then
    o[#o + 1] = "<h3>Warnings</h3><ul>"
    for _, w in ipairs(d.warnings) do o[#o + 1] = "<li>" .. esc(w) .. "</li>" end
    o[#o + 1] = "</ul>"
  end
  o[#o + 1] = "</section>"

  local sampled = #ser.rows > 0
  local none = sampled and "This run's time series does not sample these counters."
               or "The run has no time series (stats.interval=0, or no sample was taken)."
  local p = { ser = ser }
  section(o, pre .. "ipc", "IPC over time" .. h)
  p.title, p.ylabel = "IPC", "warp instructions / cycle"
  if not (sampled and plot_of(o, p, { { "IPC", "warp_insns" } })) then absent(o, none) else o[#o + 1] = "</section>" end

  section(o, pre .. "warps", "Warp states over time" .. h)
  p.title, p.ylabel, p.stacked = "warp states", "warp slots per cycle, GPU", true
  local st = {}
  for _, s in ipairs(STATES) do st[#st + 1] = { s, "stall." .. s } end
  if not (sampled and plot_of(o, p, st)) then absent(o, none) else
    o[#o + 1] = "<p>Each band: the average number of warp slots in that state per cycle (stall.* counters).</p></section>"
  end
  p.stacked = nil

  section(o, pre .. "caches", "L1D and L2 over time" .. h)
  local ok1, ok2
  if sampled then
    p.title, p.ylabel = "L1D", "accesses / cycle"
    ok1 = plot_of(o, p, { { "hits", "l1d.hits" }, { "pending hits", "l1d.hit_reserved" }, { "misses", "l1d.misses" } })
    p.title = "L2"
    ok2 = plot_of(o, p, { { "hits", "l2.hits" }, { "pending hits", "l2.hit_reserved" }, { "misses", "l2.misses" } })
  end
  local arrays = per_array(d.tables)
  if not (ok1 or ok2 or arrays) then absent(o, none) else
    if arrays then
      o[#o + 1] = "<p>Per array (device allocation, name#id): global requests and their L1D outcomes over the"
                  .. " whole run; miss rate = misses / (hits + pending hits + misses).  Click a heading to sort.</p>"
      table_html(o, arrays.cols, arrays.rows, "arrays sortable")
    end
    o[#o + 1] = "</section>"
  end

  section(o, pre .. "dram", "DRAM over time" .. h)
  local okd
  if sampled then
    p.title, p.ylabel, p.ymax = "DRAM bandwidth use", "data bus busy / clocks"
    okd = plot_of(o, p, { { "bandwidth use", "dram.data_busy", "dram.elapsed" } })
    p.ymax = nil
    if column(ser, "dram.row_hits") then
      local a, b = column(ser, "dram.row_hits"), column(ser, "dram.row_misses")
      local xs, ys, ph, pm = {}, {}, 0, 0
      for _, r in ipairs(ser.rows) do
        local dh, dm = r[a] - ph, r[b] - pm
        xs[#xs + 1] = r[1]; ys[#ys + 1] = dh + dm > 0 and dh / (dh + dm) or 0 / 0
        ph, pm = r[a], r[b]
      end
      o[#o + 1] = svg.plot { title = "DRAM row-hit rate", ylabel = "row hits / column commands", ymax = 1,
                             series = { { name = "row-hit rate", xs = xs, ys = ys } }, points = M.points }
      okd = true
    end
  end
  if not okd then absent(o, none) else o[#o + 1] = "</section>" end

  local mc = { o = o, d = d, ser = ser, h = h, pre = pre, section = section, absent = absent, total = total,
               points = M.points }
  more.sections(mc)

  local pfi = total(d, "pf.issued")
  if type(pfi) == "number" and pfi > 0 then
    section(o, pre .. "prefetch", "Prefetches over time" .. h)
    p.title, p.ylabel = "prefetches", "per 1000 cycles"
    plot_of(o, p, { { "issued", "pf.issued", nil, 1000 }, { "useful", "pf.useful", nil, 1000 },
                    { "late", "pf.late", nil, 1000 }, { "early", "pf.early", nil, 1000 },
                    { "useless", "pf.useless", nil, 1000 } })
    table_html(o, { "", "value" }, { { "accuracy", total(d, "pf.accuracy") }, { "coverage", total(d, "pf.coverage") },
                                     { "lateness", total(d, "pf.lateness") } }, "facts")
    o[#o + 1] = "</section>"
    more.prefetch(mc)
  end

  if total(d, "energy.total") ~= nil and column(ser, "energy.total") then
    section(o, pre .. "energy", "Energy and power over time" .. h)
    local mhz = total(d, "clock.core_mhz") or 0
    p.title, p.ylabel, p.stacked = "power by component", "W", true
    local comp = {}
    for _, c in ipairs(ser.columns) do
      if c:match("^energy%.") and c ~= "energy.total" then comp[#comp + 1] = { c:sub(8), c, nil, mhz * 1e6 } end
    end
    plot_of(o, p, comp)
    p.stacked = nil
    table_html(o, { "", "value" }, { { "energy (J)", total(d, "energy.total") }, { "average power (W)", total(d, "power.avg") },
                                     { "peak power (W)", total(d, "power.peak") } }, "facts")
    o[#o + 1] = "</section>"
  end

  section(o, pre .. "lines", "Per PTX line" .. h)
  local t = d.tables and d.tables.by_ptx_line
  if type(t) == "table" and #t.rows > 0 then
    local cols, rows = { "PTX line" }, t.rows
    local cu = cuda_lines(d.tables)
    if cu then
      cols[2] = "CUDA line"
      rows = {}
      for i, r in ipairs(t.rows) do
        local nr = { r[1], cu[r[1]] or "" }
        for k = 2, #r do nr[#nr + 1] = r[k] end
        rows[i] = nr
      end
    end
    for _, c in ipairs(t.columns) do cols[#cols + 1] = c end
    o[#o + 1] = "<p>" .. esc(t.desc or "") .. (cu and "; CUDA lines from the PTX's .loc" or "")
                .. ".  Click a column's heading to sort by it.</p>"
    table_html(o, cols, rows, "lines sortable")
    o[#o + 1] = "</section>"
  else
    absent(o, "No per-line table in this run.")
  end

  section(o, pre .. "launches", "Per launch" .. h)
  local rows = {}
  for i, l in ipairs(d.launches) do
    local s = l.stats or {}
    local function g(k) local v = s[k]; if type(v) == "table" then v = v.total end; return v end
    rows[#rows + 1] = { i, l.kernel, l.start, l["end"], l.cycles, g("warp_insns"), g("ipc"), g("l1d.hit_rate"),
                        g("l2.hit_rate"), g("dram.row_hit_rate") }
  end
  table_html(o, { "#", "kernel", "start", "end", "cycles", "warp insns", "IPC", "L1D hit rate", "L2 hit rate",
                  "DRAM row-hit rate" }, rows, "launches sortable")
  o[#o + 1] = "</section>"
end

local CSS = [[
body{font-family:sans-serif;margin:1.5em;color:#222}
table{border-collapse:collapse;font-size:12px;margin:.5em 0}
td,th{border:1px solid #bbb;padding:2px 6px;text-align:right}
td:first-child,th:first-child{text-align:left}
.absent{color:#777;font-style:italic}
svg.plot{display:block;margin:.5em 0}
.mixed{background:#fff3cd;border:1px solid #e0c060;padding:.4em}
table.sortable th{cursor:pointer}
@media print{section{break-inside:avoid-page}body{margin:0}}
]]

-- Check one run's JSON (d) and say what is wrong, or nil.
local function wrong(d, so_far)
  if type(d) ~= "table" or getmetatable(d) == json.array then return "not a JSON object" end
  if d.format ~= "warpscope-stats-1" then
    return "not a warpscope statistics file (its \"format\" is not \"warpscope-stats-1\"; "
           .. "write one with: warpscope --batch --json FILE scenario.lua)"
  end
  if type(d.stats) ~= "table" or type(d.launches) ~= "table" then return "no \"stats\" or \"launches\"" end
  if #d.launches == 0 and not (so_far and type(d.stats.cycles) == "table" and (d.stats.cycles.total or 0) > 0) then
    return "an empty run: no kernel was launched"
  end
  local cyc = type(d.stats.cycles) == "table" and d.stats.cycles.total
  if cyc == 0 then return "an empty run: no cycle was simulated" end
  if d.series ~= nil and (type(d.series) ~= "table" or type(d.series.columns) ~= "table"
                          or type(d.series.rows) ~= "table") then
    return "a \"series\" without \"columns\" and \"rows\""
  end
  for i, r in ipairs(d.series and d.series.rows or {}) do
    if type(r) ~= "table" or #r ~= #d.series.columns then
      return ("series row %d has %d values for %d columns"):format(i, type(r) == "table" and #r or 0, #d.series.columns)
    end
    for _, v in ipairs(r) do
      if v == json.null then return ("series row %d holds a null"):format(i) end
      if type(v) ~= "number" then return ("series row %d holds a non-number"):format(i) end
    end
  end
  local pi = d.series and d.series.per_instance
  if pi ~= nil then
    if type(pi) ~= "table" or type(pi.columns) ~= "table" or type(pi.rows) ~= "table" then
      return "a \"series.per_instance\" without \"columns\" and \"rows\""
    end
    local w = 0
    for i, c in ipairs(pi.columns) do
      local n = type(c) == "table" and type(c.count) == "number" and math.tointeger(c.count)
      if not n or n < 0 or type(c.name) ~= "string" then
        return ("series.per_instance column %d has no name or count"):format(i)
      end
      w = w + n
    end
    if #pi.rows ~= #d.series.rows then
      return ("series.per_instance has %d rows for %d samples"):format(#pi.rows, #d.series.rows)
    end
    for i, r in ipairs(pi.rows) do
      if type(r) ~= "table" or #r ~= w then
        return ("series.per_instance row %d has %d values for %d instances"):format(i, type(r) == "table" and #r or 0, w)
      end
      for _, v in ipairs(r) do
        if type(v) ~= "number" then return ("series.per_instance row %d holds a non-number"):format(i) end
      end
    end
  end
  for i, l in ipairs(d.launches) do
    if type(l) ~= "table" or type(l.kernel) ~= "string" then return ("launch %d has no kernel name"):format(i) end
  end
end

function M.render(d, name, preset_config, note)
  local o = { "<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8"/>',
              ("<title>warpscope report: %s</title>"):format(esc(name)),
              "<style>" .. CSS .. "</style></head><body>",
              ("<h1>warpscope report: %s</h1>"):format(esc(name)) }
  if note then o[#o + 1] = ('<p class="note">%s</p>'):format(esc(note)) end
  local gpus = {}
  if type(d.gpus) == "table" and #d.gpus > 1 then
    for i, g in ipairs(d.gpus) do gpus[#gpus + 1] = { g.stats, tostring(g.label or i), "g" .. i .. "-" } end
  else
    gpus[1] = { d, nil, "" }
  end
  for _, g in ipairs(gpus) do gpu_html(o, g[1], g[2], g[3], preset_config) end
  o[#o + 1] = M.SCRIPT
  o[#o + 1] = "</body></html>\n"
  return table.concat(o, "\n")
end

-- Sorting the tables by a click on a heading (optional: without scripts the
-- page is complete; no '<' or '&' so that the page stays well-formed XML).
M.SCRIPT = [[<script>
document.querySelectorAll("table.sortable th").forEach(function (th) {
  th.title = "click to sort";
  th.addEventListener("click", function () {
    var tb = th.closest("table").tBodies[0], k = th.cellIndex;
    var dir = th.dataset.dir = th.dataset.dir === "1" ? "-1" : "1";
    var rows = Array.prototype.slice.call(tb.rows);
    rows.sort(function (a, b) {
      var x = a.cells[k].textContent, y = b.cells[k].textContent;
      var nx = parseFloat(x), ny = parseFloat(y);
      return (isNaN(nx) || isNaN(ny) ? x.localeCompare(y) : nx - ny) * dir;
    });
    rows.forEach(function (r) { tb.appendChild(r); });
  });
});
</script>]]

-- Several runs (files, and each gpu of a file with several).
function M.render_runs(runs, preset_config)
  multi.points = M.points
  return multi.render(runs, preset_config, gpu_html, CSS, M.SCRIPT)
end

-- The file is written by M.write_file (set by the C side that starts this
-- module: src/lua/ws_lua_report.c, a unique temporary file beside path
-- renamed over it); without it, by Lua with a temporary name made unique
-- by trying names until one does not exist [fallback only].
local function write_atomic(path, text)
  if M.write_file then return M.write_file(path, text) end
  local tmp
  for k = 1, 1000 do
    tmp = ("%s.tmp%d.%d"):format(path, os.time() % 100000, k)
    local e = io.open(tmp, "rb")
    if not e then break end
    e:close()
  end
  local f, err = io.open(tmp, "wb")
  if not f then return nil, err end
  local ok, werr = f:write(text)
  local cok, cerr = f:close()
  if not ok or not cok then os.remove(tmp); return nil, werr or cerr end
  local rok, rerr = os.rename(tmp, path)
  if not rok then os.remove(tmp); return nil, rerr end
  return true
end

-- The run in text (what --json writes), checked: the decoded table, or nil
-- and a message naming `name`.  so_far: a run still going (the TUI's
-- :report), which may have cycles and no finished launch yet.
function M.load(text, name, so_far)
  if not text:find("%S") then return nil, ("%s: the file is empty"):format(name) end
  local ok, d = pcall(json.decode, text)
  if not ok then
    local why = tostring(d):gsub("^json.decode: ", "")
    local hint = why:find("unexpected end") or why:find("unterminated") or why:find("expected ',' or")
    return nil, ("%s: not valid JSON (%s)%s"):format(name, why, hint and "; the file may be truncated" or "")
  end
  local w = wrong(d, so_far)
  if not w and type(d.gpus) == "table" then
    for k, g in ipairs(d.gpus) do
      w = type(g) ~= "table" and "not an object" or wrong(g.stats)
      if w then w = ("gpu %d: %s"):format(k, w); break end
    end
  end
  if w then return nil, ("%s: %s"):format(name, w) end
  return d
end

-- M.write(text, name, out [, note]): the report of the run in text
-- (--json's text; name: its name in the title) written to out: true, or
-- nil and a message (used by --report and the TUI's :report through
-- ws_lua_report.c).  note: a sentence under the title, given for a run
-- still going (which may have no finished launch yet).
function M.write(text, name, out, note)
  local d, why = M.load(text, name, note ~= nil)
  if not d then return nil, why end
  local ok, werr = write_atomic(out, M.render(d, name, M.preset_config or function() end, note))
  if not ok then return nil, ("cannot write %s: %s"):format(out, tostring(werr)) end
  return true
end

local USAGE = "usage: warpscope report RUN.json [MORE.json ...] [-o FILE.html] [--points N]"

-- Read and check one file: the decoded run, or nil after a message.
local function load(input)
  local f, err = io.open(input, "rb")
  if not f then say("cannot read %s", err); return nil end
  local text = f:read("a")
  f:close()
  if not text then say("%s: cannot read it", input); return nil end
  local d, why = M.load(text, input)
  if not d then say("%s", why); return nil end
  return d
end

function M.main(args, preset_config)
  preset_config = preset_config or M.preset_config
  local inputs, out = {}, nil
  local i = 1
  while i <= #args do
    local a = args[i]
    if a == "-o" or a == "--output" then
      out = args[i + 1]
      if not out then say("%s needs a file name\n%s", a, USAGE); return 2 end
      i = i + 1
    elseif a == "--points" then
      local n = math.tointeger(tonumber(args[i + 1] or ""))
      if not n or n < 2 or n > 100000 then say("--points needs a whole number from 2 to 100000\n%s", USAGE); return 2 end
      M.points = n
      i = i + 1
    elseif a:sub(1, 1) == "-" and a ~= "-" then
      say("unknown option '%s'\n%s", a, USAGE); return 2
    else
      inputs[#inputs + 1] = a
    end
    i = i + 1
  end
  if #inputs == 0 then say("no run named\n%s", USAGE); return 2 end
  out = out or (inputs[1]:gsub("%.json$", "") .. ".html")
  local ds = {}
  for k, input in ipairs(inputs) do
    ds[k] = load(input)
    if not ds[k] then return 1 end
  end
  local html
  if #inputs == 1 then
    html = M.render(ds[1], inputs[1], preset_config)
  else
    local runs = {}
    for k, d in ipairs(ds) do
      local short = inputs[k]:gsub("^.*/", "")
      if type(d.gpus) == "table" and #d.gpus > 1 then
        for gi, g in ipairs(d.gpus) do
          local gl = tostring(g.label or gi)
          runs[#runs + 1] = { d = g.stats, name = inputs[k] .. " gpu " .. gl, short = short .. " gpu " .. gl }
        end
      else
        runs[#runs + 1] = { d = d, name = inputs[k], short = short }
      end
    end
    html = M.render_runs(runs, preset_config)
  end
  local wok, werr = write_atomic(out, html)
  if not wok then say("cannot write %s: %s", out, tostring(werr)); return 1 end
  return 0
end

return M
