-- Lab 7: reordering irregular accesses, the IRU (worksheet: 07-reordering.md).
--
-- The Irregular accesses Reorder Unit (seed 002; man warpscope(1), "PTX
-- notes") sits in every memory partition and decides at run time which
-- element of an index array each thread gets, so that the threads of a warp
-- get indices whose target elements share a 128-byte block.
--
-- Part A: one CTA of 4 warps gathers out[i] = target[indices[i]] where each
--   warp's 32 indices fall in 4 blocks (indices[i] = 4 x lane + warp): the
--   baseline (kernels/lab_iru.cu, lab_gather) against the IRU version
--   (lab_gather_iru: load_iru gives each thread an index and its original
--   position).  Per warp: the blocks its target load touches and the
--   requests it makes; warp 0's indices in both.
-- Part B: BFS with the IRU paper's contract step (kernels/iru_bfs.cu, with
--   Merrill's software culling as the paper's baseline) with and without the
--   IRU: coalescing of the target load, traffic, and time; and what the
--   unit was doing (its replies, why they left, how long requests waited,
--   how full its hash was).
-- Part C: PageRank's contract step (kernels/iru_pr.cu): the IRU's add
--   filter merges duplicate indices present in the hash at the same time.
--
-- usage: warpscope [--batch] scenarios/labs/07-reordering.lua [GRAPH] [SOURCE]
--   (positional, or NAME=VALUE: graph=, source=)
--   GRAPH   rmat:13 (default), rmat:S[:E], grid:W[:H], uniform:N, default or a file
--   SOURCE  BFS source vertex (default: the vertex of highest degree)
-- The machine is gtx980 with the IRU (iru.enable=true): the IRU paper's.
local ws = require "warpscope"
local L = require "warpscope.lab"
local B = require "warpscope.bfs"
local P = require "warpscope.pagerank"

local A = L.args(arg, { "graph", "source" }, { graph = "rmat:13" })
local g = L.graph(A.graph, "rmat:13")
local src = L.source(g, A.source)
local MACHINE = { preset = "gtx980", ["iru.enable"] = true }

L.banner("Lab 7: reordering irregular accesses (the IRU)", {
  ("Machine gtx980 with the IRU in each of its 4 memory partitions; graph %s (%d vertices, %d edges)."):format(
    A.graph, g.n, g.m),
  "Look at (in the interface):",
  "  9 IRU      one partition's unit: request FIFO, prefetcher, ring, the hash's sets (h/l: partition)",
  "  7 Source   requests per execution of the target load (reqs / execs)",
  "  2 Warp     the indices a warp's lanes received (its registers after load_iru)",
  "  :break iru_reply / :break iru_timeout   stop at the unit's next reply (of any partition)",
  "Launches: Part A baseline (1), Part A IRU (1), then Part B and C (one gpu per run, several launches each).",
})

-- ------------------------------------------------------------ Part A
L.section("Part A: one CTA of 4 warps, out[i] = target[indices[i]], indices[i] = 4 x lane + warp")
local N, T = 128, 1024
local ind = {}
for i = 0, N - 1 do ind[i + 1] = 4 * (i % 32) + i // 32 end
local want = {}
for i = 1, N do want[i] = 1000 + ind[i] end
local tgt_init = {}
for j = 0, T - 1 do tgt_init[j + 1] = 1000 + j end

-- blocks (128 B) and sectors (32 B) of 4-byte target elements
local function spans(idx_of)
  local blocks, sectors = {}, {}
  local nb, ns = 0, 0
  for l = 0, 31 do
    local e = idx_of(l)
    if e and e >= 0 then
      local b, s = e // 32, e // 8
      if not blocks[b] then blocks[b], nb = true, nb + 1 end
      if not sectors[s] then sectors[s], ns = true, ns + 1 end
    end
  end
  return nb, ns
end

local function part_a(iru)
  local got
  local st = L.run(MACHINE, function(gpu)
    local m = gpu:load_ptx("kernels/lab_iru.ptx")
    local target = gpu:array("i32", tgt_init, { name = "target" })
    local indices = gpu:array("i32", ind, { name = "indices" })
    local out = gpu:array("i32", N, { name = "out" })
    local gotA = gpu:array("i32", N, { name = "got", fill = -1 })
    if iru then
      gpu:configure_iru{ target = target, elem_size = 4, indices = indices, n = N }
      gpu:launch(m:kernel("lab_gather_iru"), { grid = 1, block = N }, target, out, gotA, N)
      got = gotA:read()
    else
      gpu:launch(m:kernel("lab_gather"), { grid = 1, block = N }, indices, target, out, N)
      got = {}
      for i = 0, N - 1 do got[i] = ind[i + 1] end
    end
    return ws.check.equal(out:read(), want)
  end, iru and "Part A, IRU" or "Part A, baseline")
  return st, got
end

-- The target load's PTX line in kernels/lab_iru.ptx (out[..] = target[idx]).
local TARGET_LOAD = { lab_gather = 52, lab_gather_iru = 116 }
local cols = { { "version", "%-9s" }, { "warp", "%4d" }, { "blocks", "%6d" }, { "sectors", "%7d" } }
local loads = {}
for _, iru in ipairs({ false, true }) do
  local st, got = part_a(iru)
  local name = iru and "IRU" or "baseline"
  local rows = {}
  for w = 0, N // 32 - 1 do
    local nb, ns = spans(function(l) return got[w * 32 + l] end)
    rows[#rows + 1] = { version = name, warp = w, blocks = nb, sectors = ns }
  end
  L.table(cols, rows)
  local kname = iru and "lab_gather_iru" or "lab_gather"
  local tl
  for _, r in ipairs(L.by_line(st, kname)) do if r.line == TARGET_LOAD[kname] then tl = r end end
  assert(tl, ("%s: no requests at PTX line %d: was kernels/lab_iru.ptx regenerated? (update TARGET_LOAD)"):format(
    kname, TARGET_LOAD[kname]))
  loads[name] = tl
  local w0 = {}
  for l = 0, 31 do w0[#w0 + 1] = tostring(got[l]) end
  print(("  warp 0's indices (lane 0..31): %s"):format(table.concat(w0, " ")))
  print(("  target load (PTX line %d): %d warp instructions, %d requests (%.2f per instruction); %d cycles"):format(
    tl.line, tl.insns, tl.requests, tl.per_insn, st.total.cycles))
  if iru then
    local t = st.total
    print(("  IRU: %d replies, %d after the timeout; mean wait from arrival to reply %.0f cycles"):format(
      t["iru.replies"], t["iru.timeouts"], t["iru.reply_latency"] or 0))
  end
  print()
end

-- ------------------------------------------------------------ Part B
L.section(("Part B: BFS from vertex %d, contract step with culling, baseline against the IRU"):format(src))
local bcols = { { "version", "%-9s" }, { "cycles", "%9d" }, { "speedup", "%7.2f" }, { "apl", "%6.2f", "req/ld" },
  { "l1", "%8d", "L1D acc" }, { "l2", "%8d", "L2 acc" }, { "flits", "%9d", "NoC flits" }, { "dram", "%7d", "DRAM rd" } }
local brows, iru_t = {}, nil
for _, iru in ipairs({ false, true }) do
  local st = L.run(MACHINE, function(gpu)
    local ok, msg = B.iru_contract(gpu, g, src, iru, nil, { cull = true })
    return ok, msg
  end, iru and "Part B, IRU" or "Part B, baseline")
  local t = st.total
  brows[#brows + 1] = { version = iru and "IRU" or "baseline", cycles = t.cycles,
    apl = t["mem.load_accesses_per_insn"], l1 = t["l1d.cache.accesses"], l2 = t["l2.accesses"],
    flits = (t["icnt.req.flits"] or 0) + (t["icnt.rep.flits"] or 0), dram = t["dram.reads"] }
  if iru then iru_t = t end
end
brows[1].speedup, brows[2].speedup = 1, brows[1].cycles / brows[2].cycles
L.table(bcols, brows)
print(("  IRU: %d elements in, %d replies (%d after the timeout, %d at the end of a stream); mean wait %.0f cycles;"):format(
  iru_t["iru.elems_in"], iru_t["iru.replies"], iru_t["iru.timeouts"], iru_t["iru.flush_replies"],
  iru_t["iru.reply_latency"] or 0))
print(("       hash: %.0f elements on average per partition, peaks %.0f on average (of 8,192); ring: %d element-hops"):format(
  (iru_t["iru.hash_occ_mean"] or 0) / 4, (iru_t["iru.hash_peak"] or 0) / 4, iru_t["iru.ring_flits"] or 0))

-- ------------------------------------------------------------ Part C
L.section("Part C: PageRank contract step (2 iterations), the add filter merges duplicates")
local ccols = { { "version", "%-9s" }, { "cycles", "%9d" }, { "speedup", "%7.2f" }, { "l2", "%8d", "L2 acc" },
  { "merged", "%8d" }, { "pct", "%6.1f", "merged%" } }
local crows = {}
for _, iru in ipairs({ false, true }) do
  local st = L.run(MACHINE, function(gpu) return P.iru_pr(gpu, g, 2, 0.85, iru) end,
                   iru and "Part C, IRU" or "Part C, baseline")
  local t = st.total
  local merged = t["iru.merged"] or 0
  crows[#crows + 1] = { version = iru and "IRU" or "baseline", cycles = t.cycles, l2 = t["l2.accesses"],
    merged = iru and merged or nil, pct = iru and L.pct(merged / math.max(1, t["iru.elems_in"])) or nil }
end
crows[1].speedup, crows[2].speedup = 1, crows[1].cycles / crows[2].cycles
L.table(ccols, crows)
print()
print("blocks / sectors = distinct 128-byte blocks / 32-byte sectors of the target a warp's lanes were given;")
print("req/ld = requests per warp load instruction (gtx980 coalesces into 32-byte sectors); L1D/L2 acc = accesses;")
print("merged% = elements the add filter combined with one already in the hash / elements the IRU read.")
L.done("lab 7")
