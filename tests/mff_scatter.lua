-- mff_scatter.lua: pc_scatter_set end to end (issue 34, part 2): the bit
-- vector the host reads back after the launch is exactly the CPU's, 1,024
-- bit-sets into one 128-byte block merge into one line read and one
-- write-back, and the kernel's end waits for the unit.
local T = require "tap"
local ws = require "warpscope"

-- thread i (of the grid): pc_scatter_set C[cidx[i] ..+ sz[i]]; no wait
local PTX = [[
.version 7.0
.target sm_52
.address_size 64
.visible .entry s(.param .u64 cidx, .param .u64 sz)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r4, %ctaid.x;
  mov.u32 %r5, %ntid.x;
  mad.lo.u32 %r1, %r4, %r5, %r1;
  ld.param.u64 %rd1, [cidx];
  ld.param.u64 %rd2, [sz];
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.s64 %rd5, %rd2, %rd3;
  ld.global.u32 %r3, [%rd5];
  pc_scatter_set.b32 %r2, %r3;
  ret;
}
]]

local seed = 777
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end

local function bits_of(bv, nbytes)
  local t = {}
  for i = 0, nbytes - 1 do t[i] = bv[i] end
  return t
end

-- 1. 32 threads x 32 bit-sets, C a permutation of 0..1023: every bit of one
-- 128-byte block of the bit vector, one read and one write of that block
do
  local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["mff.enable"] = true }
  local m = gpu:load_ptx_text(PTX, "mff_scatter.ptx")
  local cv = {}
  for i = 0, 1023 do cv[i + 1] = (i * 37) % 1024 end
  local ci, sz = {}, {}
  for t = 1, 32 do ci[t] = 32 * (t - 1); sz[t] = 32 end
  local C = gpu:array("u32", cv, { name = "C" })
  local BV = gpu:array("u8", 128, { name = "bv" })
  gpu:configure_mff{ c = C, bv = BV }
  gpu:launch(m:kernel("s"), { grid = 1, block = 32 }, gpu:array("u32", ci), gpu:array("u32", sz))
  local all = true
  for i = 0, 127 do if BV[i] ~= 255 then all = false end end
  T.ok(all, "one block: every one of the 1,024 bits is set when the host reads the vector")
  local s = gpu:stats().total
  T.is(s["mff.commands"], 1, "one block: one command")
  T.is(s["mff.bitsets"], 1024, "one block: 1,024 bit-sets")
  T.is(s["mff.lines_bv"], 1, "one block: one bit-vector line read")
  T.is(s["mff.lines_written"], 1, "one block: one line written back")
  T.is(s["mff.bitsets_merged"], 1023, "one block: 1,023 bit-sets merged into the line that took the first")
  T.is(s["mff.lines_c"], 32, "one block: 32 lines of C (4 KB)")
  T.is(s["mff.words"], 0, "one block: no words replied")
  T.is(s["mff.done_packets"], 1, "one block: one completion (the launch waits for it)")
  T.is(s["mff.scatters"], 1, "one block: one pc_scatter_set warp instruction")
end

-- 2. 8 CTAs of 64 threads, random C over 5,000 vertices and random sizes:
-- the bit vector equals the CPU's, on one unit per partition and on one
-- central unit
local NV, NC, NT = 5000, 6000, 512
local cv, ci, sz = {}, {}, {}
for i = 1, NC do cv[i] = rnd(NV) end
for t = 1, NT do sz[t] = rnd(33); ci[t] = rnd(NC - sz[t] + 1) end
local ref = {}
for i = 0, (NV + 7) // 8 - 1 do ref[i] = 0 end
local nset = 0
for t = 1, NT do
  for k = 0, sz[t] - 1 do
    local d = cv[ci[t] + k + 1]
    ref[d // 8] = ref[d // 8] | (1 << (d % 8))
    nset = nset + 1
  end
end
for _, central in ipairs{ false, true } do
  local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["mff.enable"] = true, ["mff.central"] = central }
  local m = gpu:load_ptx_text(PTX, "mff_scatter.ptx")
  local C = gpu:array("u32", cv, { name = "C" })
  local nb = (NV + 7) // 8
  local BV = gpu:array("u8", nb, { name = "bv" })
  gpu:configure_mff{ c = C, bv = BV }
  gpu:launch(m:kernel("s"), { grid = 8, block = 64 }, gpu:array("u32", ci), gpu:array("u32", sz))
  local bad = 0
  for i = 0, nb - 1 do if BV[i] ~= ref[i] then bad = bad + 1 end end
  local what = central and "central unit" or "one unit per partition"
  T.is(bad, 0, what .. ": the bit vector read back equals the CPU's")
  local s = gpu:stats().total
  T.is(s["mff.bitsets"], nset, what .. ": every bit-set done")
  T.is(s["mff.commands"], 16, what .. ": 16 commands (one per warp)")
  if central then
    T.is(s["mff.remote_lines"], 0, what .. ": no remote line")
  else
    T.ok(s["mff.remote_lines"] > 0, what .. ": lines of other partitions counted as remote")
  end
end

T.done()
