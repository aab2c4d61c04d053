-- correlation.lua: warpscope beside GPGPU-Sim 4.2 (GTX480), launch by launch.
--
--   build/warpscope --batch bench/correlation.lua [--case NAME]... [--quick] [--data DIR]
--   make -C build correlation          (the same, all three cases)
--
-- Runs the one-kernel BFS scenarios/kernels/bfs_level.cu on three graphs
-- with the machine as configured (the gtx480 preset and its 16 KB L1D
-- unless --preset or --set say otherwise) and prints, for each launch, our
-- figure, GPGPU-Sim's and the deviation, then the totals and a verdict
-- against the correlation goals.  Cases (NAME):
--   graph4096  Rodinia's graph4096.txt, neighbours in the file's order, source 0
--   ca-grqc    SNAP ca-GrQc, vertices numbered by first appearance in the
--              file, neighbours in file order, source 0
--   random     65,536 vertices, vertex i gets 1 + rand() % 15 neighbours,
--              each rand() % n (glibc rand() after srand(1)), source 0;
--              GPGPU-Sim reported only totals (about 600,000 cycles, a
--              few seconds of simulation)
-- --quick leaves the random case out (unless --case names it).
-- GPGPU-Sim's figures and both graph files are in tests/data/correlation
-- (SOURCES.md there says where they come from); --data DIR reads them
-- from DIR instead.
--
-- Figures and how ours are counted to match GPGPU-Sim's definitions:
--   cycles, warp insns   per launch (GPGPU-Sim's copies cost no cycles;
--                        ours neither: arrays are written directly)
--   L1D accesses         hits + pending hits + misses, global writes
--                        included as in GPGPU-Sim (reservation failures,
--                        retried, are not accesses)
--   L1D misses, pending hits (hit_reserved), reservation fails
--   mem latency          GPGPU-Sim's definition, from the request's
--                        arrival at its memory partition to data back
--                        (mem.avg_part_latency); shown, not judged
--                        (mem.avg_latency, from the LD/ST unit, is longer
--                        by the trip to the partition)
--   L2 miss rate         per 32-byte sector as GPGPU-Sim counts it
--                        (l2.sectors.miss_rate), instruction and constant
--                        fills included in both; GPGPU-Sim starts with the
--                        copied data in L2, we do not (shown, not judged)
-- Goals (the verdict): total cycles within 5 %; every launch GPGPU-Sim
-- gives more than 2,000 cycles within 10 %; L1D accesses within 1 % and
-- L1D misses within 5 % (totals of each case).
--
-- A benchmark: the deviations are printed, never asserted; the BFS result
-- is checked exactly against the CPU BFS and a mismatch is an error.
local ws = require "warpscope"
local crand = require "warpscope.crand"

-- ------------------------------------------------------------ arguments

local CASES = { "graph4096", "ca-grqc", "random" }
local function usage(msg)
  io.stderr:write(("correlation.lua: %s\nusage: warpscope --batch bench/correlation.lua "
                   .. "[--case graph4096|ca-grqc|random]... [--quick] [--data DIR]\n"):format(msg))
  os.exit(2)
end

local script_dir = (arg and arg[0] or ""):match("^(.*)/[^/]*$") or "."
local opt = { cases = {}, data = script_dir .. "/../tests/data/correlation" }
do
  local i = 1
  while arg and arg[i] do
    local a = arg[i]
    local name, val = a:match("^(%-%-[%w-]+)=(.*)$")
    name = name or a
    local function value()
      if val then return val end
      i = i + 1
      if not arg[i] then usage(name .. " needs a value") end
      return arg[i]
    end
    if name == "--case" then
      local c = value():lower()
      local known = false
      for _, k in ipairs(CASES) do known = known or k == c end
      if not known then usage(("unknown case '%s' (graph4096, ca-grqc, random)"):format(c)) end
      opt.cases[#opt.cases + 1] = c
    elseif name == "--quick" then
      opt.quick = true
    elseif name == "--data" then
      opt.data = value()
    elseif name == "--help" or name == "-h" then
      print("usage: warpscope --batch bench/correlation.lua [--case graph4096|ca-grqc|random]... "
            .. "[--quick] [--data DIR]\n(see the comment at the top of bench/correlation.lua)")
      os.exit(0)
    else
      usage(("unknown argument '%s'"):format(a))
    end
    i = i + 1
  end
  if #opt.cases == 0 then opt.cases = opt.quick and { "graph4096", "ca-grqc" } or CASES end
end

-- ------------------------------------------------------------ reference data

-- A reference file: '#' comments, a header naming the columns, then rows
-- keyed by launch number or "total".  A field is a number, LO..HI (a range)
-- or empty (not reported).
local function read_reference(path)
  local f, err = io.open(path)
  if not f then error(("cannot read GPGPU-Sim's figures: %s (--data DIR)"):format(err), 0) end
  local cols, ref, source = nil, { launches = {}, total = {} }, nil
  local n = 0
  for line in f:lines() do
    n = n + 1
    line = line:gsub("\r$", "")
    if line:match("^#") then
      source = source or line:match("^#%s*(GPGPU%-Sim.*)$")
    elseif line:match("%S") then
      local fields = {}
      for v in (line .. ","):gmatch("([^,]*),") do fields[#fields + 1] = v end
      if not cols then
        cols = fields
      else
        local row = {}
        for k = 2, #cols do
          local v = fields[k] or ""
          local lo, hi = v:match("^([%d.]+)%.%.([%d.]+)$")
          if lo then
            row[cols[k]] = { lo = tonumber(lo), hi = tonumber(hi) }
          elseif v ~= "" then
            local x = tonumber(v)
            if not x then error(("%s:%d: '%s' is not a number"):format(path, n, v), 0) end
            row[cols[k]] = { lo = x, hi = x }
          end
        end
        local key = fields[1]
        if key == "total" then ref.total = row
        elseif math.tointeger(tonumber(key)) then ref.launches[math.tointeger(tonumber(key))] = row
        else error(("%s:%d: a row is a launch number or 'total', not '%s'"):format(path, n, key), 0) end
      end
    end
  end
  f:close()
  ref.source = source or "?"
  return ref
end

-- ------------------------------------------------------------ the graphs

-- vertex i in order gets 1 + rand() % 15 neighbours, each rand() % n
local function random_graph(n)
  local rand = crand.new(1)
  local row, col = { 0 }, {}
  local m = 0
  for v = 1, n do
    for _ = 1, 1 + rand() % 15 do
      m = m + 1
      col[m] = rand() % n
    end
    row[v + 1] = m
  end
  return row, col
end

-- Each case: the CSR as the GPU gets it (buffers or tables) and a graph
-- for the CPU BFS (the same vertices and edges; its lists may be sorted).
local function load_case(name)
  if name == "graph4096" then
    local g = ws.graph.load(opt.data .. "/graph4096.txt.gz", { keep_order = true })
    assert(g.n == 4096 and g.m == 24576 and g.source == 0, "graph4096: not Rodinia's graph4096.txt")
    return { g = g, row = g.row, col = g.col, src = 0,
             what = "Rodinia graph4096.txt, neighbours in file order" }
  elseif name == "ca-grqc" then
    local g = ws.graph.load(opt.data .. "/ca-GrQc.txt.gz", { keep_order = true, relabel = "appearance" })
    assert(g.n == 5242 and g.m == 28980, "ca-GrQc: not SNAP's ca-GrQc.txt")
    return { g = g, row = g.row, col = g.col, src = 0,
             what = "SNAP ca-GrQc, vertices by first appearance, neighbours in file order" }
  else
    local n = 65536
    local row, col = random_graph(n)
    return { g = ws.graph.from_csr(row, col), row = row, col = col, src = 0,
             what = "random, n = 65,536, 1 + rand() % 15 neighbours each (glibc rand, srand(1))" }
  end
end

-- ------------------------------------------------------------ one run

local function figures(st)
  local acc = st["l1d.hits"] + st["l1d.hit_reserved"] + st["l1d.misses"]
  return {
    cycles = st.cycles,
    warp_insns = st.warp_insns,
    l1d_accesses = acc,
    l1d_misses = st["l1d.misses"],
    l1d_pending_hits = st["l1d.hit_reserved"],
    l1d_resfails = st["l1d.resfail"],
    mem_latency = st["mem.avg_part_latency"],
    l2_miss_rate = st["l2.sectors.accesses"] > 0 and st["l2.sectors.misses"] / st["l2.sectors.accesses"] or 0,
  }
end

-- The host program: dist[] = -1, dist[src] = 0; per level clear changed,
-- launch, stop when nothing changed.
local function run_bfs(c)
  local gpu = ws.gpu{ quiet = true }   -- (our own tables instead of batch mode's)
  local k = gpu:load_ptx("kernels/bfs_level.ptx"):kernel("bfs_level")
  local n = c.g.n
  local row = gpu:array("i32", c.row, { name = "row" })
  local col = gpu:array("i32", c.col, { name = "col" })
  local dist = gpu:array("i32", n, { name = "dist", fill = -1 })
  local changed = gpu:array("i32", 1, { name = "changed" })
  dist[c.src] = 0
  local launches = {}
  gpu:on("kernel_end", function(_, _, st) launches[#launches + 1] = figures(st) end)
  local shape = { grid = (n + 255) // 256, block = 256 }
  local level = 0
  repeat
    changed[0] = 0
    gpu:launch(k, shape, row, col, dist, level, n, changed)
    level = level + 1
  until changed[0] == 0
  local ok, msg = ws.check.equal(dist:read(), c.g:bfs(c.src))
  local total = figures(gpu:stats().total)
  local l1 = tonumber(gpu:option("l1d.size"))
  local preset = ("%s, %s"):format(gpu.preset, gpu:option("l1d.enable") ~= "true" and "no L1D"
    or ("%s KB %s-way L1D"):format(l1 and l1 // 1024 or "?", gpu:option("l1d.ways")))
  gpu:close()
  return { launches = launches, total = total, ok = ok, msg = msg, preset = preset }
end

-- ------------------------------------------------------------ printing

local FIGS = {
  { key = "cycles", title = "cycles", fmt = "%d", w = 8, sum = true },
  { key = "warp_insns", title = "warp insns", fmt = "%d", w = 8, sum = true },
  { key = "l1d_accesses", title = "L1D accesses", fmt = "%d", w = 8, sum = true },
  { key = "l1d_misses", title = "L1D misses", fmt = "%d", w = 8, sum = true },
  { key = "l1d_pending_hits", title = "L1D pending hits", fmt = "%d", w = 6, sum = true },
  { key = "l1d_resfails", title = "L1D reservation fails", fmt = "%d", w = 6, sum = true },
  { key = "mem_latency", title = "mem latency (from the partition)", fmt = "%.1f", w = 6 },
  { key = "l2_miss_rate", title = "L2 miss rate", fmt = "%.3f", w = 6 },
}

local function show(v, fmt)
  if v == nil then return "-" end
  if v.lo and v.lo ~= v.hi then
    return (fmt .. ".." .. fmt):format(v.lo, v.hi)
  end
  if v.lo then v = v.lo end
  return fmt == "%d" and ("%d"):format(math.floor(v + 0.5)) or fmt:format(v)
end

-- Deviation of ours from theirs in %: 0 inside a range, else from its
-- nearer end; nil when theirs is missing or zero.
local function deviation(ours, theirs)
  if ours == nil or theirs == nil then return nil end
  local t = ours < theirs.lo and theirs.lo or ours > theirs.hi and theirs.hi or ours
  if t == 0 then return ours == 0 and 0 or nil end
  return 100 * (ours - t) / t
end

local function show_dev(d)
  return d and ("%+.1f%%"):format(d) or "-"
end

-- The figures of this case's reference (a column appears when GPGPU-Sim
-- reported it for a launch or in the totals).
local function figs_of(ref)
  local out = {}
  for _, f in ipairs(FIGS) do
    local has = ref.total[f.key] ~= nil
    for _, row in pairs(ref.launches) do has = has or row[f.key] ~= nil end
    if has then out[#out + 1] = f end
  end
  return out
end

-- Theirs for the totals: the sum of the launches when every launch gives
-- the figure, else the reference's own total row, else nothing.
local function their_total(ref, f, nlaunch)
  if ref.total[f.key] then return ref.total[f.key] end
  if not f.sum or nlaunch == 0 then return nil end
  local s = 0
  for i = 1, nlaunch do
    local r = ref.launches[i] and ref.launches[i][f.key]
    if not r then return nil end
    s = s + r.lo
  end
  return { lo = s, hi = s }
end

local function print_case(name, c, r, ref)
  print(("== %s: %s, source %d (%d vertices, %d edges)"):format(name, c.what, c.src, c.g.n, c.g.m))
  print(("   preset %s; GPGPU-Sim figures: %s"):format(r.preset, ref.source))
  print(("   BFS result: %s"):format(r.ok and "exact (matches the CPU BFS)" or "MISMATCH: " .. tostring(r.msg)))
  local nref = 0
  for i in pairs(ref.launches) do nref = math.max(nref, i) end
  local nrows = math.max(#r.launches, nref)
  print(("   %d launches (GPGPU-Sim: %s)"):format(#r.launches, nref > 0 and tostring(nref) or "totals only"))
  local figs = figs_of(ref)
  -- at most four figures a table; each figure three columns (ours, theirs,
  -- deviation), as wide as their widest cell
  for t0 = 1, #figs, 4 do
    local cols = {}
    for k = t0, math.min(t0 + 3, #figs) do cols[#cols + 1] = figs[k] end
    local rows = {}
    local function add(label, ours, theirs)
      local cells = { label }
      for _, f in ipairs(cols) do
        local o = ours and ours[f.key]
        local th = theirs and theirs[f.key]
        cells[#cells + 1] = o and show({ lo = o, hi = o }, f.fmt) or "-"
        cells[#cells + 1] = show(th, f.fmt)
        cells[#cells + 1] = show_dev(deviation(o, th))
      end
      rows[#rows + 1] = cells
    end
    for i = 1, nrows do add(tostring(i), r.launches[i], ref.launches[i]) end
    local tt = {}
    for _, f in ipairs(cols) do tt[f.key] = their_total(ref, f, nref) end
    add("total", r.total, tt)
    local head = { "launch" }
    for _ = 1, #cols do head[#head + 1] = "ours"; head[#head + 1] = "theirs"; head[#head + 1] = "dev" end
    local w = {}
    for k = 1, #head do
      w[k] = #head[k]
      for _, cells in ipairs(rows) do w[k] = math.max(w[k], #cells[k]) end
    end
    local function fmt_row(cells)
      local out = { ("%-" .. w[1] .. "s"):format(cells[1]) }
      for k = 2, #cells do
        out[#out + 1] = (k % 3 == 2 and "   " or " ") .. ("%" .. w[k] .. "s"):format(cells[k])
      end
      return table.concat(out)
    end
    local titles = { (" "):rep(w[1]) }
    for j, f in ipairs(cols) do
      local gw = 3 + w[3 * j - 1] + 1 + w[3 * j] + 1 + w[3 * j + 1]
      titles[#titles + 1] = ("%-" .. gw .. "s"):format("   " .. f.title)
    end
    print("")
    print((table.concat(titles):gsub("%s+$", "")))
    print(fmt_row(head))
    for _, cells in ipairs(rows) do print(fmt_row(cells)) end
  end
  -- the verdict
  print("")
  local goals = {}
  local function goal(what, dev, limit)
    local met = dev ~= nil and math.abs(dev) <= limit
    goals[#goals + 1] = met
    print(("   %-7s %s: %s (goal within %d%%)"):format(dev == nil and "n/a" or met and "met" or "MISSED",
      what, show_dev(dev), limit))
  end
  local ct = their_total(ref, FIGS[1], nref)
  goal("total cycles", deviation(r.total.cycles, ct), 5)
  local long, bad = 0, {}
  for i = 1, nref do
    local th = ref.launches[i] and ref.launches[i].cycles
    if th and th.lo > 2000 then
      long = long + 1
      local d = deviation(r.launches[i] and r.launches[i].cycles, th)
      if d == nil or math.abs(d) > 10 then bad[#bad + 1] = ("%d (%s)"):format(i, show_dev(d)) end
    end
  end
  if nref == 0 then
    print("   n/a     launches over 2,000 cycles within 10%: GPGPU-Sim gave totals only")
  elseif long > 0 then
    local met = #bad == 0
    goals[#goals + 1] = met
    print(("   %-7s launches over 2,000 cycles within 10%%: %d of %d%s"):format(met and "met" or "MISSED",
      long - #bad, long, met and "" or "; outside: " .. table.concat(bad, ", ")))
  end
  goal("total L1D accesses", deviation(r.total.l1d_accesses, their_total(ref, FIGS[3], nref)), 1)
  goal("total L1D misses", deviation(r.total.l1d_misses, their_total(ref, FIGS[4], nref)), 5)
  local met = 0
  for _, g in ipairs(goals) do if g then met = met + 1 end end
  print(("   verdict: %d of %d goals met"):format(met, #goals))
  print("")
  return met, #goals
end

-- ------------------------------------------------------------ main

local files = { graph4096 = "graph4096.csv", ["ca-grqc"] = "ca-grqc.csv", random = "random.csv" }
local all_met, all_goals, failed = 0, 0, {}
for _, name in ipairs(opt.cases) do
  local ref = read_reference(opt.data .. "/" .. files[name])
  local c = load_case(name)
  local r = run_bfs(c)
  local met, goals = print_case(name, c, r, ref)
  all_met, all_goals = all_met + met, all_goals + goals
  if not r.ok then failed[#failed + 1] = name end
end
print(("correlation: %d of %d goals met over %d case%s"):format(all_met, all_goals, #opt.cases,
  #opt.cases == 1 and "" or "s"))
if #failed > 0 then
  error(("BFS result differs from the CPU BFS in: %s"):format(table.concat(failed, ", ")), 0)
end
