-- l2_atomics.lua: global atomics execute in the L2 slice (l2.atomics=local,
-- the thesis's Table 3) even when plain stores follow a write-evict,
-- no-allocate L2 (fermi-thesis); l2.atomics=policy sends each one on to
-- DRAM.  Hand-counted: one warp, one SM, four atom.add instructions on one
-- word (one request each: the 32 lanes go to one address).
local T = require "tap"
local ws = require "warpscope"

local PTX = [[
.version 7.0
.target sm_50
.address_size 64
.visible .entry bump(.param .u64 a)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [a];
  cvta.to.global.u64 %rd1, %rd1;
  atom.global.add.u32 %r1, [%rd1], 1;
  atom.global.add.u32 %r2, [%rd1], 1;
  atom.global.add.u32 %r3, [%rd1], 1;
  atom.global.add.u32 %r1, [%rd1], 1;
  ret;
}
]]

local function run(atomics)
  local gpu = ws.gpu{ quiet = true, preset = "fermi-thesis", ["sm.count"] = 1, ["l2.atomics"] = atomics }
  local k = gpu:load_ptx_text(PTX, "l2_atomics.ptx"):kernel("bump")
  local a = gpu:array("u32", { 5 }, { name = "a" })
  gpu:launch(k, { grid = 1, block = 32 }, a)
  local v = a[0]
  local s = gpu:stats().total
  gpu:close()
  return v, s
end

local v, s = run("local")
T.is(v, 5 + 4 * 32, "local: 128 increments")
T.is(s["dram.reads"] - s["l1i.misses"], 2,
     "local: DRAM reads the word's line once (+ the parameters' constant line and the code's lines)")
T.is(s["dram.writes"], 0, "local: nothing written to DRAM (the line stays dirty in the L2)")
local v2, s2 = run("policy")
T.is(v2, 5 + 4 * 32, "policy: 128 increments")
T.is(s2["dram.reads"] - s2["l1i.misses"], 5,
     "policy: each of the four atomics goes to DRAM (write-evict, no-allocate), + the parameters' line and the code's")
T.ok(s2.cycles > s.cycles, "policy: slower than atomics in the L2")
T.done()
