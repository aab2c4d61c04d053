-- A prefetcher written in Lua, for lab 6 (scenarios/labs/06-lua-prefetcher.lua):
-- copy this file, change it, and run the lab with mine=YOUR_FILE.lua.
--
-- The starter: when a demand load misses on a line of the edge list,
-- prefetch the next line of the edge list (an adjacency list longer than
-- one line continues there).
--
-- The file returns a table P of hooks (warpscope-lua(7), PREFETCHING).  One
-- instance per SM is made by P.new(sm); the hooks are called as methods of
-- it.  Available in every hook:
--   self.sm, self.line (line size, 128), self.nwarps (warp slots per SM)
--   self:issue(addr [, wid, tag, need_data]) -> true, or false and why
--     ("full", "dup", "pending", "cached", "throttled", "range"); with
--     need_data = true the line's bytes come back in fill() even when the
--     line was already cached (f.present)
--   P.arrays  the program's device arrays by name, { lo = first byte,
--     hi = one past the last }, set by the lab before every launch:
--     data-driven BFS: worklist_a, worklist_b (the work lists, in turn the
--     input of a level), vertexlist (CSR row offsets, int32), edgelist (CSR
--     column indices, int32), visited (int32 levels, -1 = not yet)
-- Hooks (all optional but observe):
--   observe(a)  every demand request at its L1 lookup: a.line (its line),
--     a.addr (the request's first byte: the start of its coalesced
--     segment), a.insn_addr (the address of the instruction's first active
--     lane: the element a warp-wide load such as worklist[i] reads), a.pc,
--     a.wid (warp slot), a.gwid, a.req (index of this request among the warp
--     instruction's a.nreq requests), a.kind ("load", "store", "atomic"),
--     a.outcome ("miss", "hit", "pending"), a.hit_pf
--   fill(f)     a prefetch's line arrived: f.line, f.size, f.wid, f.tag,
--     f.present, f.data (the bytes, a string, with need_data)
--   evict(e), tick(m) (every P.period cycles), launch(), inspect()
local P = { name = "starter: next line of the edge list" }

function P.new(sm)
  return { issued = 0, refused = 0 }
end

local function inside(r, addr) return r ~= nil and addr >= r.lo and addr < r.hi end

function P:observe(a)
  if a.kind ~= "load" or a.outcome ~= "miss" then return end
  local edges = P.arrays.edgelist
  if not inside(edges, a.line) then return end
  local next_line = a.line + self.line
  if inside(edges, next_line) then
    if self:issue(next_line, a.wid) then self.issued = self.issued + 1 else self.refused = self.refused + 1 end
  end
end

-- What the Prefetch view (5) shows for this prefetcher.
function P:inspect()
  return { issued = self.issued, refused = self.refused }
end

return P
