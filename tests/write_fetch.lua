-- write_fetch.lua: fetch-on-write (write_alloc=fetch) in the L1 and in the
-- L2.  One warp on one SM, hand-counted:
--   st [A]        write miss: fetches line A (leads its MSHR entry)
--   ld [A]        joins that entry (hit_reserved)
--   ld [B]        read miss: line B is fetched
--   st [B]        B is being fetched: a write-back write joins the entry
--                 (the fill applies and acknowledges it); a write-through
--                 write goes on as a no-allocate write (a miss)
--   st [A]        (after both loads) line A is valid: a write hit
-- In the L1 a write-back write fetches its line as a read (the L2 never
-- sees it); a write-through write goes on as a write and its reply fills the
-- line.  In the L2 a write-back write fetches with a DRAM read and nothing
-- is written to DRAM; a write-through write's DRAM write fills the line.
-- Every L2 and DRAM count includes the parameters' constant line.  Before
-- these were fixed, an L1 write that fetched never filled L1 (the launch
-- never ended), and an L2 write-back fetch went to DRAM as a write.
local T = require "tap"
local ws = require "warpscope"

local PTX = [[
.version 7.0
.target sm_50
.address_size 64
.visible .entry fw(.param .u64 a, .param .u64 b)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd4, [b];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd4, %rd4;
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.u64 %rd3, %rd1, %rd2;
  add.u64 %rd5, %rd4, %rd2;
  st.global.u32 [%rd3], %r1;
  ld.global.u32 %r2, [%rd3];
  ld.global.u32 %r3, [%rd5];
  st.global.u32 [%rd5], %r1;
  add.u32 %r2, %r2, %r3;
  st.global.u32 [%rd3], %r2;
  ret;
}
]]

local function run(level, walloc, write)
  -- (ideal fetch: the kernel's instruction misses would add L2 accesses
  -- and DRAM reads of their own; tests/icache.lua counts those.  Host
  -- writes stay out of the L2: the counts start from a cold L2.)
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, [level .. ".write_alloc"] = walloc, [level .. ".write"] = write,
                      ["run.deadlock"] = 20000, ["l1i.enable"] = false, ["mem.copy_to_l2"] = false }
  local k = gpu:load_ptx_text(PTX, "write_fetch.ptx"):kernel("fw")
  local a = gpu:array("u32", 32, { name = "a" })
  local b = gpu:array("u32", 32, { name = "b", fill = 100 })
  local ok, msg = pcall(gpu.launch, gpu, k, { grid = 1, block = 32 }, a, b)
  local s = gpu:stats().total
  local right = ok and a[0] == 100 and a[31] == 131 and b[0] == 0 and b[31] == 31
  gpu:close()
  return ok, msg, right, s
end

local what = {
  ["l1d.hits"] = "L1 hits", ["l1d.hit_reserved"] = "L1 hits on lines being fetched", ["l1d.misses"] = "L1 misses",
  ["l1d.cache.fills"] = "lines A and B filled",
  ["l2.accesses"] = "L2 accesses", ["l2.hits"] = "L2 hits", ["l2.hit_reserved"] = "L2 hits on lines being fetched",
  ["l2.misses"] = "L2 misses", ["dram.reads"] = "DRAM reads", ["dram.writes"] = "DRAM writes",
}
-- { level, write_alloc, write, { counter, value, ... } }
local cases = {
  -- L1 (l1d.write; the L2 as gtx480's: write-back, validate)
  { "l1d", "none", "local-wb",          -- every access of the warp reaches the L2
    { "l1d.hits", 1, "l1d.hit_reserved", 0, "l1d.misses", 4, "l2.accesses", 6, "dram.reads", 2, "l1d.cache.fills", 2 } },
  { "l1d", "fetch", "local-wb",         -- global stores write through
    { "l1d.hits", 1, "l1d.hit_reserved", 1, "l1d.misses", 3, "l2.accesses", 5, "dram.reads", 2, "l1d.cache.fills", 2 } },
  { "l1d", "fetch", "wt",
    { "l1d.hits", 1, "l1d.hit_reserved", 1, "l1d.misses", 3, "l2.accesses", 5, "dram.reads", 2, "l1d.cache.fills", 2 } },
  { "l1d", "fetch", "wb",               -- A is read for the fetch (DRAM), st [A] and st [B] stay in L1
    { "l1d.hits", 1, "l1d.hit_reserved", 2, "l1d.misses", 2, "l2.accesses", 3, "dram.reads", 3, "l1d.cache.fills", 2 } },
  -- L2 (l2.write; the L1 as gtx480's sends every store on)
  { "l2", "fetch", "wb",                -- A read for the fetch; no write reaches DRAM
    { "l2.hits", 1, "l2.hit_reserved", 2, "l2.misses", 3, "dram.reads", 3, "dram.writes", 0 } },
  { "l2", "fetch", "wt",                -- every store reaches DRAM; A's write fills its line
    { "l2.hits", 1, "l2.hit_reserved", 1, "l2.misses", 4, "dram.reads", 2, "dram.writes", 3 } },
  { "l2", "validate", "wb",             -- for contrast: nothing fetched for A
    { "l2.hits", 2, "l2.hit_reserved", 0, "l2.misses", 4, "dram.reads", 2, "dram.writes", 0 } },
}
for _, c in ipairs(cases) do
  local lab = c[1] .. " " .. c[2] .. "/" .. c[3]
  local ok, msg, right, s = run(c[1], c[2], c[3])
  T.ok(ok, lab .. ": the launch ends" .. (ok and "" or ": " .. tostring(msg):match("[^\n]*")))
  T.ok(right, lab .. ": results")
  for j = 1, #c[4], 2 do T.is(s[c[4][j]], c[4][j + 1], lab .. ": " .. what[c[4][j]]) end
end
T.done()
