-- Push PageRank with the IRU paper's contract kernel (seed 002, Fig. 11),
-- in the baseline or the IRU version (load_iru reorders the edges and its
-- "add" filter sums the contributions of duplicates present together).
-- usage: warpscope --preset gtx980 --set iru.enable=true scenarios/iru_pr.lua
--            [GRAPH|default|rmat:SCALE] [ITERATIONS] [iru|base]
-- (the IRU version is the default when the gpu has the IRU; rmat:SCALE is
-- a generated Kronecker graph of 2^SCALE vertices, edge factor 16, seed 1;
-- 5 iterations by default, damping 0.85)
local ws = require "warpscope"
local S = require "warpscope.scenario"
local P = require "warpscope.pagerank"

local scale = arg[1] and arg[1]:match("^rmat:(%d+)$")
local g = scale and ws.graph.rmat{ scale = math.tointeger(tonumber(scale)), edgefactor = 16, seed = 1 }
          or S.graph(ws, arg[1])
local iters = math.tointeger(tonumber(arg[2] or 5))
if not iters or iters < 0 then error("ITERATIONS must be a non-negative integer, got " .. tostring(arg[2]), 0) end
local gpu = ws.gpu{}
local has = gpu.mode == "timing" and gpu:option("iru.enable") == "true"
local which = arg[3] or (has and "iru" or "base")
if which ~= "iru" and which ~= "base" then error("the version must be iru or base, got " .. tostring(which), 0) end
if which == "iru" and not has then
  error("the IRU version needs the IRU: --set iru.enable=true (on a timing GPU)", 0)
end
local ok, msg = P.iru_pr(gpu, g, iters, 0.85, which == "iru")
S.report(("iru_pr (%s) on %d vertices, %d edges"):format(which, g.n, g.m), gpu, ok, msg,
         ("%d iterations, d = 0.85"):format(iters))
if gpu.mode == "timing" then
  local st = gpu:stats().total
  print(("  accesses per warp memory request %.3f, L1D accesses %d, L2 accesses %d, icnt flits %d"):format(
    st["mem.accesses_per_insn"], st["l1d.cache.accesses"] or 0, st["l2.accesses"] or 0,
    (st["icnt.req.flits"] or 0) + (st["icnt.rep.flits"] or 0)))
  if which == "iru" then
    print(("  IRU: %d elements read, %d merged by the add filter (%.1f%%)"):format(st["iru.elems_in"],
      st["iru.merged"], st["iru.elems_in"] > 0 and 100 * st["iru.merged"] / st["iru.elems_in"] or 0))
  end
end
