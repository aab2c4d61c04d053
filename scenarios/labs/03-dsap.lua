-- Lab 3: DSAP walks the CSR; its generator mask adapts (worksheet: 03-dsap.md).
--
-- The data-driven BFS (the DSAP paper's Algorithm 1) with data-structure-
-- aware prefetching: the host marks the arrays (gpu:mark: work list, vertex
-- list, edge list, visited), and each SM's DSAP unit follows a demand load of
-- the work list along the chain work list -> vertex list -> edge list ->
-- visited, reading each prefetched line's values to make the next address.
-- Every adaptation period the unit compares the utilization of its
-- prefetched lines with a threshold and moves its generator mask between
-- FULL (all four generators), P3 (no visited), P2 (work and vertex lists),
-- P1 (work list) and OFF.
--
-- Runs: no prefetching, DSAP with the adaptive mask (granularity, the
-- paper's), DSAP always FULL (adaptive=none) and DSAP switching on and off
-- (onoff, the paper's "DSAP w/o adaptive").
--
-- usage: warpscope [--batch] scenarios/labs/03-dsap.lua [GRAPH] [SOURCE] [CHUNK] [BREAK]
--   (positional, or NAME=VALUE in any order: graph=, source=, chunk=, break=)
--   GRAPH   grid:128 (default: road-like, 16,384 vertices), rmat:S, default, or a graph file
--   SOURCE  BFS source vertex (default: the vertex of highest degree)
--   CHUNK   work-list items per warp (default 4)
--   BREAK   in the interface: the launch of the adaptive DSAP run at which a
--           breakpoint on every prefetch of the edge list is set (default 3; 0: none)
-- The machine is the preset's (gtx480, 16 KB L1D; the DSAP paper used
-- --preset gtx480-l1-48k); --set pf.dsap.threshold=0.6, pf.dsap.period=N change the controller.
local ws = require "warpscope"
local B = require "warpscope.bfs"
local L = require "warpscope.lab"

local A = L.args(arg, { "graph", "source", "chunk", "break" }, { graph = "grid:128", chunk = "4", ["break"] = "3" })
local g, gdesc = L.graph(A.graph)
local src = L.source(g, A.source)
local chunk = math.tointeger(tonumber(A.chunk))
assert(chunk and chunk >= 1, "chunk must be a positive integer")
local brk_launch = math.tointeger(tonumber(A["break"]))
assert(brk_launch and brk_launch >= 0, "break must be a launch number (0: none)")
local interactive = ws.options.tui == true   -- set by the interface (options.batch is true there too)

L.banner("Lab 3: DSAP walks the CSR; its generator mask adapts", {
  "Graph: " .. gdesc .. (", source %d, %d work-list items per warp"):format(src, chunk),
  "Look at (in the interface):",
  "  5 Prefetch  DSAP's state: mask (FULL P3 P2 P1 OFF), utilization against the threshold, the",
  "              tables (h/l): art (the marked arrays), rit (per warp: vertex, start, end of its",
  "              next work item), generators (triggers, masked, issued); the transition log (t)",
  "  4 Caches    each line is the letter of its array (the legend names them), P prefetched and unused",
  "Launches: one gpu per run, in the order none, granularity, always-full, onoff; one launch per level.",
  (interactive and brk_launch > 0) and
    ("In the interface a breakpoint stops launch %d of the granularity run at every prefetch of the"):format(brk_launch)
    .. "\nedge list: c continues to the next one, :delete all removes it." or "",
})

local runs = {
  { name = "none", opts = { ["pf.policy"] = "none" } },
  { name = "granularity", opts = { ["pf.policy"] = "dsap", ["pf.dsap.adaptive"] = "granularity" } },
  { name = "always-full", opts = { ["pf.policy"] = "dsap", ["pf.dsap.adaptive"] = "none" } },
  { name = "onoff", opts = { ["pf.policy"] = "dsap", ["pf.dsap.adaptive"] = "onoff" } },
}
local arrays = { { "WL", "worklist_a", "worklist_b" }, { "VL", "vertexlist" }, { "EL", "edgelist" }, { "VIS", "visited" } }
local states = { "FULL", "P3", "P2", "P1", "OFF" }

local rows, chain, masks, timeline, base = {}, {}, {}, {}, nil
for _, r in ipairs(runs) do
  local trans = {}
  local st = L.run(r.opts, function(gpu)
    gpu:on("throttle", function(_, t)
      if t.source == "policy" and t.what == "mask" then trans[#trans + 1] = t end
    end)
    if interactive and brk_launch > 0 and r.name == "granularity" then
      gpu:on("launch", function(gp, _, n)
        if n == brk_launch then
          for _, a in ipairs(gp:allocations()) do
            if a.name == "edgelist" then
              gp:breakpoint{ event = "prefetch", addr = a.addr, len = a.size }
            end
          end
        end
      end)
    end
    return B.data(gpu, g, src, chunk)
  end, r.name)
  local t = st.total
  base = base or t.cycles
  local row = L.pf_row(t)
  row.run, row.cycles, row.speedup, row.trans = r.name, t.cycles, base / t.cycles, #trans
  local by = L.by_array(st)
  local ch = { run = r.name }
  for _, a in ipairs(arrays) do
    local acc, miss, iss, used = 0, 0, 0, 0
    for i = 2, #a do
      local x = by[a[i]]
      if x then
        acc, miss = acc + x.hits + x.merged + x.misses, miss + x.misses
        iss, used = iss + x.pf_issued, used + x.pf_useful + x.pf_late
      end
    end
    row[a[1]] = acc > 0 and 100 * miss / acc or 0
    ch[a[1]] = iss
    ch[a[1] .. "u"] = iss > 0 and 100 * used / iss or nil
  end
  rows[#rows + 1] = row
  if r.name ~= "none" then chain[#chain + 1] = ch end
  -- time in each mask state, summed over SMs (every SM starts in FULL at cycle 0)
  if r.name == "granularity" then
    local cur, since, share = {}, {}, {}
    for _, s in ipairs(states) do share[s] = 0 end
    for _, tr in ipairs(trans) do
      local sm = tr.sm
      share[cur[sm] or "FULL"] = share[cur[sm] or "FULL"] + tr.cycle - (since[sm] or 0)
      cur[sm], since[sm] = tr.to_name, tr.cycle
      if sm == 0 then
        timeline[#timeline + 1] = ("%d: %s -> %s (U %.2f)"):format(tr.cycle, tr.from_name, tr.to_name,
          tr.metrics.utilization or 0)
      end
    end
    local total = 0
    local nsm = st.total["sm.count"] or 15
    for sm = 0, nsm - 1 do
      share[cur[sm] or "FULL"] = share[cur[sm] or "FULL"] + t.cycles - (since[sm] or 0)
    end
    for _, s in ipairs(states) do total = total + share[s] end
    for _, s in ipairs(states) do masks[s] = total > 0 and 100 * share[s] / total or 0 end
  end
end

L.section(("Data-driven BFS from vertex %d (speedup against no prefetching)"):format(src))
print("L1D miss rate per array, then the prefetcher's counters (trans = mask changes, all SMs):")
L.table({ { "run", "%-12s" }, { "cycles", "%8d" }, { "speedup", "%7.3f" }, { "WL", "%5.1f", "WL%" },
          { "VL", "%5.1f", "VL%" }, { "EL", "%5.1f", "EL%" }, { "VIS", "%5.1f", "VIS%" }, { "issued", "%7d" },
          { "useful", "%6d" }, { "late", "%5d" }, { "early", "%5d" }, { "acc", "%5.1f", "acc%" },
          { "cov", "%5.1f", "cov%" }, { "trans", "%5d" } }, rows)
print()
print("The chain: prefetches issued into each array, and the share used (useful + late):")
L.table({ { "run", "%-12s" }, { "WL", "%7d", "WL" }, { "WLu", "%5.1f", "used%" }, { "VL", "%7d", "VL" },
          { "VLu", "%5.1f", "used%" }, { "EL", "%7d", "EL" }, { "ELu", "%5.1f", "used%" },
          { "VIS", "%7d", "VIS" }, { "VISu", "%5.1f", "used%" } }, chain)
print()
print("granularity: share of SM-cycles in each mask state:")
local mrow = {}
for _, s in ipairs(states) do mrow[s] = masks[s] end
L.table({ { "FULL", "%6.1f" }, { "P3", "%6.1f" }, { "P2", "%6.1f" }, { "P1", "%6.1f" }, { "OFF", "%6.1f" } }, { mrow })
print(("granularity: SM 0's mask changes (%d; cycle: from -> to, the period's utilization):"):format(#timeline))
for i = 1, math.min(#timeline, 12) do print("  " .. timeline[i]) end
if #timeline > 12 then print(("  ... %d more"):format(#timeline - 12)) end
L.done("lab 3")
