-- Lab 8: temporal coalescing, the MFF (worksheet: 08-temporal-coalescing.md).
--
-- The Memory Fast-Forward unit (seed 003; man warpscope(1), "PTX notes")
-- sits in every memory partition and fetches a vertex's neighbours' values
-- for the warp (PC_gather) or sets their bits in the next super-step's
-- bit vector (PC_scatter_set).  Its Tag Unit is a small CAM of the 128-byte
-- blocks in flight: a request for a block already asked for joins the
-- waiters of that block instead of reading it again, whichever warp or
-- whichever of its loads made it ("temporal" coalescing, across time,
-- beside the usual coalescing across the lanes of one instruction).
--
-- Part A: the potential.  Pull PageRank (kernels/mff_pr.cu, baseline), one
--   super-step, with stats.tcoal: distinct blocks per window of W = 1..32
--   consecutive loads of a warp, normalised to W = 1, for four vertex
--   orders of one power-law graph.
-- Part B: PageRank (PC_gather) and BFS (PC_scatter_set), baseline against
--   the MFF version (kernels/mff_{pr,bfs}{,_mff}.cu): the unit's lookups and
--   how many it coalesced, lines read by kind, bit-sets merged, traffic on
--   the interconnect and at DRAM, and cycles of the computation stage.
-- Part C: the Tag Unit at work on a hand-built case (kernels/mff_micro.cu,
--   mff_micro_sum): 8 warps whose 256 vertices all have the same 32
--   neighbours, one block of V; gpu:run_until reads the units' counters
--   (summed) every 10 cycles: the first cycle a line of V has been read,
--   and a row every 500 cycles.
-- Part D: shrink the Work Register pool and the Tag Unit (mff.work_regs,
--   mff.tags) and measure PageRank's MFF version again.
--
-- usage: warpscope [--batch] scenarios/labs/08-temporal-coalescing.lua [GRAPH] [SOURCE]
--   (positional, or NAME=VALUE: graph=, source=)
--   GRAPH   rmat:11 (default), rmat:S[:E], grid:W[:H], uniform:N, default or a file
--   SOURCE  BFS source vertex (default: the vertex of highest degree)
-- The machine is gtx480 (the MFF paper's GTX480) with mff.enable=true.
local ws = require "warpscope"
local L = require "warpscope.lab"
local F = require "warpscope.mff"

local A = L.args(arg, { "graph", "source" }, { graph = "rmat:11" })
local g = L.graph(A.graph, "rmat:11")
local src = L.source(g, A.source)
local MACHINE = { preset = "gtx480", ["mff.enable"] = true }

local function machine(extra)
  local o = {}
  for k, v in pairs(MACHINE) do o[k] = v end
  for k, v in pairs(extra or {}) do o[k] = v end
  return o
end

L.banner("Lab 8: temporal coalescing (the MFF)", {
  ("Machine gtx480 with the MFF in each of its 6 memory partitions; graph %s (%d vertices, %d edges)."):format(
    A.graph, g.n, g.m),
  "Look at (in the interface):",
  "  the MFF view (its key is in the keys help, ?) one partition's unit: Work Registers, Tag Unit, Line Data",
  "  7 Source   requests per execution of each load (the baseline's neighbour loads)",
  "  8 Console  which run the launches belong to",
  "Launches: Part A (2 per order), Part B (one gpu per run, several launches each), Part C (1), Part D.",
})

local COUNTERS = { "cycles", "warp_insns", "mem.insns", "l1d.misses", "l2.accesses", "dram.bytes_read", "dram.bytes_written",
  "icnt.req.flits", "icnt.rep.flits", "mff.lookups", "mff.coalesced", "mff.lines_c", "mff.lines_v",
  "mff.lines_bv", "mff.lines_written", "mff.bitsets", "mff.bitsets_merged", "mff.words",
  "mff.reg_stalls", "mff.tag_stalls", "mff.commands" }

-- ------------------------------------------------------------ Part A
L.section("Part A: PageRank's temporal-coalescing potential (stats.tcoal, one super-step; every load unless stats.tcoal.array is set)")
local orders = {
  { name = "as made", g = g },
  { name = "random", g = g:reorder("random", ws.options.seed or 1) },
  { name = "degree", g = g:reorder("degree") },
  { name = "bfs", g = g:reorder("bfs") },
}
local acols = { { "order", "%-8s" }, { "loads", "%7d" }, { "req1", "%8d", "req W=1" },
  { "n2", "%5.3f", "W=2" }, { "n4", "%5.3f", "W=4" }, { "n8", "%5.3f", "W=8" }, { "n16", "%5.3f", "W=16" },
  { "n32", "%5.3f", "W=32" }, { "s16", "%5.3f", "sl16" } }
local arows = {}
for _, o in ipairs(orders) do
  local c
  L.run(machine{ ["stats.tcoal"] = true }, function(gpu)
    local r = F.pagerank(gpu, o.g, { iters = 1 })
    c = gpu:tcoal("last")
    return r.ok, r.msg
  end, "Part A, PageRank, " .. o.name)
  local nz = c.normalized
  arows[#arows + 1] = { order = o.name, loads = c.loads, req1 = c.requests[1], n2 = nz[2], n4 = nz[4],
    n8 = nz[8], n16 = nz[16], n32 = nz[32], s16 = c.sliding_normalized[16] }
end
L.table(acols, arows)
print("  W=k: distinct 128-byte blocks per tumbling window of k loads of a warp / blocks at W=1;")
print("  sl16: the same with a sliding window of 16 (a block counts unless one of the 15 loads before read it).")

-- ------------------------------------------------------------ Part B
L.section(("Part B: baseline against the MFF, computation stage (PageRank 2 super-steps; BFS from vertex %d)"):format(src))
local bcols = { { "run", "%-12s" }, { "cycles", "%8d" }, { "speedup", "%7.2f" }, { "insns", "%7d", "warp in" },
  { "mem", "%6d", "mem in" }, { "l2", "%7d", "L2 acc" },
  { "flits", "%8d", "NoC flits" }, { "dram", "%8d", "DRAM B" }, { "lookups", "%7d" }, { "coal", "%7d", "coalesc" },
  { "pct", "%5.1f", "coal%" }, { "lc", "%5d", "C ln" }, { "lv", "%5d", "V ln" }, { "lbv", "%5d", "BV ln" },
  { "lw", "%5d", "wr ln" }, { "bsm", "%6d", "merged" } }
local brows = {}
local function part_b(alg, mff)
  local cs
  L.run(machine(), function(gpu)
    local r
    if alg == "PR" then
      r = F.pagerank(gpu, g, { iters = 2, mff = mff, counters = COUNTERS })
    else
      r = F.bfs(gpu, g, src, { mff = mff, counters = COUNTERS })
    end
    cs = r.compute
    return r.ok, r.msg
  end, ("Part B, %s, %s"):format(alg, mff and "MFF" or "baseline"))
  local function v(k) return cs[k] or 0 end
  local row = { run = ("%s %s"):format(alg, mff and "MFF" or "base"), cycles = v("cycles"),
    insns = v("warp_insns"), mem = v("mem.insns"), l2 = v("l2.accesses"),
    flits = v("icnt.req.flits") + v("icnt.rep.flits"), dram = v("dram.bytes_read") + v("dram.bytes_written") }
  if mff then
    row.lookups, row.coal = v("mff.lookups"), v("mff.coalesced")
    row.pct = L.pct(v("mff.coalesced") / math.max(1, v("mff.lookups")))
    row.lc, row.lv, row.lbv, row.lw, row.bsm = v("mff.lines_c"), v("mff.lines_v"), v("mff.lines_bv"),
      v("mff.lines_written"), v("mff.bitsets_merged")
  end
  return row
end
for _, alg in ipairs{ "PR", "BFS" } do
  local b, m = part_b(alg, false), part_b(alg, true)
  b.speedup, m.speedup = 1, b.cycles / m.cycles
  brows[#brows + 1] = b
  brows[#brows + 1] = m
end
L.table(bcols, brows)

-- ------------------------------------------------------------ Part C
L.section("Part C: the Tag Unit merges one block for many warps (mff_micro_sum, 256 vertices, 32 same neighbours)")
local CN, CD = 256, 32
local crow, ccol, cval = { 0 }, {}, {}
for v = 1, CN do
  for k = 0, CD - 1 do ccol[#ccol + 1] = k end
  crow[v + 1] = #ccol
end
local vsum = 0
for k = 0, CN - 1 do cval[k + 1] = 1000 + k end
for k = 0, CD - 1 do vsum = vsum + cval[k + 1] end
local trace, first = {}, nil
local cst = L.run(machine(), function(gpu)
  local m = gpu:load_ptx("kernels/mff_micro.ptx")
  local R = gpu:array("i32", crow, { name = "row" })
  local C = gpu:array("i32", ccol, { name = "col" })
  local V = gpu:array("u32", cval, { name = "val" })
  local out = gpu:array("u32", CN, { name = "vsum" })
  gpu:configure_mff{ c = C, v = V }
  local k, shape = m:kernel("mff_micro_sum"), { grid = CN // 128, block = 128 }
  if ws.options.tui then
    -- in the interface the launch is handed to the TUI: step it there
    gpu:launch(k, shape, R, CN, out)
  else
    gpu:start(k, shape, R, CN, out)
    -- every 10 cycles (as the worksheet's console line does): the first
    -- cycle a unit has read a line of V; every 500 cycles: a row
    local function sample(gg)
      local t = gg:stats().total
      if not first and (t["mff.lines_v"] or 0) > 0 then
        first = { cycle = gg.cycle, lookups = t["mff.lookups"], coal = t["mff.coalesced"], lc = t["mff.lines_c"] }
      end
      if gg.cycle % 500 == 0 then
        trace[#trace + 1] = { cycle = gg.cycle, lookups = t["mff.lookups"] or 0, coal = t["mff.coalesced"] or 0,
          lv = t["mff.lines_v"] or 0, lc = t["mff.lines_c"] or 0, words = t["mff.words"] or 0,
          wi = t["mff.words_in"] or 0 }
      end
      return false
    end
    local status = gpu:run_until(sample, 10)
    assert(status == "done", "Part C: the launch stopped early: " .. tostring(status))
    local last = trace[#trace]
    if last.cycle ~= gpu.cycle then
      local t = gpu:stats().total
      trace[#trace + 1] = { cycle = gpu.cycle, lookups = t["mff.lookups"], coal = t["mff.coalesced"],
        lv = t["mff.lines_v"], lc = t["mff.lines_c"], words = t["mff.words"], wi = t["mff.words_in"] }
    end
    gpu:finish()
  end
  local want = {}
  for v = 1, CN do want[v] = vsum end
  return ws.check.equal(out:read(), want)
end, "Part C, mff_micro_sum")
local tcols = { { "cycle", "%6d" }, { "lookups", "%7d" }, { "coal", "%7d", "coalesc" }, { "lc", "%5d", "C ln" },
  { "lv", "%5d", "V ln" }, { "words", "%6d", "replied" }, { "wi", "%6d", "at SMs" } }
local shown = {}
for i, r in ipairs(trace) do   -- rows where something moved, and the last
  local p = trace[i - 1]
  if i == #trace or not p or r.lookups ~= p.lookups or r.words ~= p.words or r.wi ~= p.wi then
    shown[#shown + 1] = r
  end
end
if #shown > 0 then
  print(("  the first line of V read by cycle %d: %d lookups, %d coalesced, %d lines of C read"):format(
    first.cycle, first.lookups, first.coal, first.lc))
  L.table(tcols, shown)
else
  print("  (the cycle-by-cycle table is printed in batch mode: warpscope --batch lab 8)")
end
local ct = cst.total
print(("  in all: %d commands, %d lookups, %d coalesced, %d lines of C and %d of V read, %d words, %d cycles"):format(
  ct["mff.commands"], ct["mff.lookups"], ct["mff.coalesced"], ct["mff.lines_c"], ct["mff.lines_v"],
  ct["mff.words"], cst.last.cycles))

-- ------------------------------------------------------------ Part D
L.section("Part D: a smaller unit (PageRank, MFF version, 2 super-steps)")
local dcols = { { "regs", "%6d", "work_regs" }, { "tags", "%5d" }, { "cycles", "%8d" }, { "slow", "%6.2f", "x base" },
  { "coal", "%7d", "coalesc" }, { "pct", "%5.1f", "coal%" }, { "lv", "%5d", "V ln" }, { "rst", "%8d", "reg stall" },
  { "tst", "%8d", "tag stall" } }
local drows, dbase = {}, nil
for _, cfg in ipairs{ { 8192, 256 }, { 8192, 16 }, { 8192, 4 }, { 512, 256 }, { 64, 256 } } do
  local cs
  L.run(machine{ ["mff.work_regs"] = cfg[1], ["mff.tags"] = cfg[2] }, function(gpu)
    local r = F.pagerank(gpu, g, { iters = 2, mff = true, counters = COUNTERS })
    cs = r.compute
    return r.ok, r.msg
  end, ("Part D, work_regs=%d tags=%d"):format(cfg[1], cfg[2]))
  dbase = dbase or cs.cycles
  drows[#drows + 1] = { regs = cfg[1], tags = cfg[2], cycles = cs.cycles, slow = cs.cycles / dbase,
    coal = cs["mff.coalesced"], pct = L.pct(cs["mff.coalesced"] / math.max(1, cs["mff.lookups"])),
    lv = cs["mff.lines_v"], rst = cs["mff.reg_stalls"], tst = cs["mff.tag_stalls"] }
end
L.table(dcols, drows)
print()
print("warp in = warp instructions; mem in = of them, global, local and atomic memory instructions (not the MFF calls);")
print("coal% = lookups that joined a block already in the Tag Unit / lookups; C ln, V ln, BV ln = lines read;")
print("wr ln = bit-vector lines written back; merged = bit-sets into a line that had already taken one;")
print("NoC flits = request + reply flits; DRAM B = bytes read + written; x base = cycles / the first row's.")
L.done("lab 8")
