-- A worked example for lab 6: a data-structure-aware prefetcher in Lua that
-- follows the CSR chain of the data-driven BFS the way DSAP does (lab 3),
-- without its last step (the visited array) and without its adaptive mask.
--
--   demand load of worklist[i] by warp w
--     -> prefetch worklist[i+1] with its data           (tag 1)
--   its line arrives: v = worklist[i+1]
--     -> prefetch row[v] (and row[v+1]) with their data  (tag 2)
--   the line(s) arrive: start = row[v], end = row[v+1]
--     -> prefetch every line of col[start .. end-1]      (tag 3)
--
-- Per warp slot it keeps what the chain has learnt (DSAP's RIT).  See
-- starter.lua for the interface.
local P = { name = "chain: work list -> vertex list -> edge list" }

function P.new(sm)
  return { rit = {}, issued = { 0, 0, 0 }, fills = 0 }
end

local function inside(r, addr) return r ~= nil and addr >= r.lo and addr < r.hi end
local function int32(data, off) return (string.unpack("<i4", data, off + 1)) end

function P:launch()
  self.rit = {}
end

function P:send(addr, wid, tag)
  if self:issue(addr, wid, tag, tag < 3) then self.issued[tag] = self.issued[tag] + 1 end
end

function P:observe(a)
  if a.kind ~= "load" or a.req ~= 0 then return end
  local A = P.arrays
  local at = a.insn_addr                 -- the element (a.addr is the 128-byte segment)
  local wl = inside(A.worklist_a, at) and A.worklist_a or inside(A.worklist_b, at) and A.worklist_b
  if not wl then return end
  local nxt = at + 4
  if not inside(wl, nxt) then return end
  self.rit[a.wid] = { item = nxt }
  self:send(nxt, a.wid, 1)
end

function P:fill(f)
  local e = self.rit[f.wid]
  if not e or not f.data then return end
  self.fills = self.fills + 1
  local A = P.arrays
  local line, size = f.line, f.size
  if f.tag == 1 and e.item >= line and e.item < line + size then
    local v = int32(f.data, e.item - line)
    if v < 0 or not inside(A.vertexlist, A.vertexlist.lo + 4 * v + 4) then return end
    e.v, e.s, e.t = A.vertexlist.lo + 4 * v, nil, nil
    self:send(e.v, f.wid, 2)
    if (e.v + 4) // size ~= e.v // size then self:send(e.v + 4, f.wid, 2) end
  elseif f.tag == 2 and e.v then
    if e.v >= line and e.v < line + size then e.s = int32(f.data, e.v - line) end
    if e.v + 4 >= line and e.v + 4 < line + size then e.t = int32(f.data, e.v + 4 - line) end
    if e.s and e.t and e.t > e.s then
      local lo = A.edgelist.lo + 4 * e.s
      local hi = A.edgelist.lo + 4 * e.t - 1
      for l = lo // size * size, hi // size * size, size do self:send(l, f.wid, 3) end
      e.v = nil                      -- done with this item
    end
  end
end

function P:inspect()
  local rows = {}
  for wid, e in pairs(self.rit) do
    rows[#rows + 1] = { wid, e.item or -1, e.v or -1, e.s or -1, e.t or -1 }
  end
  table.sort(rows, function(x, y) return x[1] < y[1] end)
  return { issued_wl = self.issued[1], issued_vl = self.issued[2], issued_el = self.issued[3], fills = self.fills,
           tables = { rit = { cols = { "wid", "item", "vl_addr", "start", "end" }, rows = rows } } }
end

return P
