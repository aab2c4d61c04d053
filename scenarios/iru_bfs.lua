-- BFS with the IRU paper's contract kernel (seed 002, Fig. 9), in the
-- baseline or the IRU version (load_iru reorders the edge frontier).
-- usage: warpscope --preset gtx980 --set iru.enable=true scenarios/iru_bfs.lua
--            [GRAPH|default|rmat:SCALE] [SOURCE] [iru|base] [cull]
-- (the IRU version is the default when the gpu has the IRU; rmat:SCALE is
-- a generated Kronecker graph of 2^SCALE vertices, edge factor 16, seed 1;
-- cull: the contract kernels with Merrill et al.'s software culling, a warp
-- hash and a visited bitmask before the label)
local ws = require "warpscope"
local S = require "warpscope.scenario"
local B = require "warpscope.bfs"

local scale = arg[1] and arg[1]:match("^rmat:(%d+)$")
local g = scale and ws.graph.rmat{ scale = math.tointeger(tonumber(scale)), edgefactor = 16, seed = 1 }
          or S.graph(ws, arg[1])
local src = S.source(arg[2], g.n)
local gpu = ws.gpu{}
local has = gpu.mode == "timing" and gpu:option("iru.enable") == "true"
local which = arg[3] or (has and "iru" or "base")
assert(which == "iru" or which == "base", "the version must be iru or base, got " .. tostring(which))
if which == "iru" and not has then
  error("the IRU version needs the IRU: --set iru.enable=true (on a timing GPU)", 0)
end
if arg[4] ~= nil and arg[4] ~= "cull" then error("the 4th argument must be cull, got " .. tostring(arg[4]), 0) end
local cull = arg[4] == "cull"
local ok, msg, levels = B.iru_contract(gpu, g, src, which == "iru", nil, { cull = cull })
S.report(("iru_bfs (%s%s) on %d vertices, %d edges, source %d"):format(which, cull and ", culling" or "", g.n, g.m, src), gpu, ok, msg,
         ("%d levels"):format(levels))
if gpu.mode == "timing" then
  local st = gpu:stats().total
  print(("  accesses per warp memory request %.3f, L1D accesses %d, L2 accesses %d, icnt flits %d"):format(
    st["mem.accesses_per_insn"], st["l1d.cache.accesses"] or 0, st["l2.accesses"] or 0,
    (st["icnt.req.flits"] or 0) + (st["icnt.rep.flits"] or 0)))
end
