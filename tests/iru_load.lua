-- iru_load.lua: load_iru end to end on a timing GPU with the IRU (issue 33,
-- part 2): a warp's load_iru gets known elements and the "not filtered"
-- predicate; the bad inputs of configure_iru and load_iru give messages
-- naming the argument, the array or the kernel.
local T = require "tap"
local ws = require "warpscope"

-- out[4 tid ..] = idx, sec, pos, predicate (threads below n call load_iru)
local PTX = [[
.version 7.0
.target sm_52
.address_size 64
.visible .entry k(.param .u64 out, .param .u32 n)
{
  .reg .pred %p<3>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<4>;
  mov.u32 %r1, %tid.x;
  ld.param.u32 %r2, [n];
  setp.ge.u32 %p2, %r1, %r2;
  @%p2 bra DONE;
  load_iru.b32 %p1, %r3, %r4, %r5;
  selp.u32 %r6, 1, 0, %p1;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 16;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.u32 [%rd3], {%r3, %r4, %r5, %r6};
DONE:
  ret;
}
.visible .entry plain(.param .u64 out)
{
  .reg .b32 %r<2>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, 7;
  st.global.u32 [%rd1], %r1;
  ret;
}
]]

local function lanes(out, n)
  local t = {}
  for l = 0, n - 1 do t[l] = { out[4 * l], out[4 * l + 1], out[4 * l + 2], out[4 * l + 3] } end
  return t
end

local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
local m = gpu:load_ptx_text(PTX, "iru_load.ptx")
local k = m:kernel("k")
local tgt = gpu:array("u32", 1024, { name = "target" })
local out = gpu:array("u32", 32 * 4, { name = "out" })

-- 1. 32 indices of one 128-byte block of the target: one reply, lane l
-- gets element l (the entry fills in array order)
local ind, sec = {}, {}
for i = 0, 31 do ind[i + 1] = 31 - i; sec[i + 1] = 100 + i end
local idx = gpu:array("u32", ind, { name = "idx" })
local secA = gpu:array("u32", sec, { name = "sec" })
gpu:configure_iru{ target = tgt, elem_size = 4, indices = idx, secondary = secA, n = 32 }
gpu:launch(k, { grid = 1, block = 32 }, out, 32)
local L, bad = lanes(out, 32), 0
for l = 0, 31 do
  local e = L[l]
  if e[1] ~= 31 - l or e[2] ~= 100 + l or e[3] ~= l or e[4] ~= 1 then bad = bad + 1 end
end
T.is(bad, 0, "one block: lane l gets index 31-l, secondary 100+l, position l, predicate true")
local s = gpu:stats().total
T.is(s["iru.replies"], 1, "one block: one reply")
T.is(s["iru.reply_packets"], 2, "one block with a secondary: two reply packets")
T.is(s["iru.elems_out"], 32, "one block: 32 elements replied")
T.is(s["iru.insns"], 1, "one load_iru warp instruction")

-- 2. a duplicate with filter=drop: the element at position 31 (index 5
-- again) is dropped, its lane's predicate is false, the others get 0..30
local ind2 = {}
for i = 0, 30 do ind2[i + 1] = i end
ind2[32] = 5
local idx2 = gpu:array("u32", ind2, { name = "idx2" })
gpu:configure_iru{ target = tgt, indices = idx2, n = 32, filter = "drop" }
gpu:launch(k, { grid = 1, block = 32 }, out, 32)
L = lanes(out, 32)
local got, off = {}, 0
for l = 0, 31 do
  if L[l][4] == 1 then got[#got + 1] = L[l][1] else off = off + 1 end
end
table.sort(got)
local seq = #got == 31
for i = 1, #got do seq = seq and got[i] == i - 1 end
T.is(off, 1, "drop: one lane's predicate false")
T.is(L[31][4], 0, "drop: the lane left without an element is the last")
T.ok(seq, "drop: the other lanes get the 31 distinct indices 0..30")
T.is(gpu:stats().total["iru.filtered"], 1, "drop: one element filtered")

-- 3. elements over several blocks and 3 warps, n not a multiple of 32:
-- every element exactly once, at its position
local n3 = 80
local ind3 = {}
for i = 0, n3 - 1 do ind3[i + 1] = (i * 37) % 1024 end
local idx3 = gpu:array("u32", ind3, { name = "idx3" })
local out3 = gpu:array("u32", 96 * 4, { name = "out3" })
gpu:configure_iru{ target = tgt, indices = idx3 }
gpu:launch(k, { grid = 1, block = 96 }, out3, n3)
local seen, ok3 = {}, true
for t = 0, n3 - 1 do
  local i, p, v = out3[4 * t], out3[4 * t + 2], out3[4 * t + 3]
  if v ~= 1 or ind3[p + 1] ~= i or seen[p] then ok3 = false end
  seen[p] = true
end
T.ok(ok3, "80 elements, 3 warps: every thread gets one element, each position once, index = indices[position]")

-- bad input
T.raises(function() gpu:launch(k, { grid = 1, block = 32 }, out, 32) end,
         "iru_load%.ptx:13: kernel 'k' uses load_iru %(PTX line 13%) but no configure_iru", "load_iru without configure_iru: located, naming the kernel")
T.raises(function() gpu:configure_iru{ target = tgt, indices = idx, n = 33 } end,
         "n = 33 is larger than the indices array 'idx' %(32 elements%)", "n larger than the indices")
local sec5 = gpu:array("u32", 5, { name = "sec5" })
T.raises(function() gpu:configure_iru{ target = tgt, indices = idx, secondary = sec5 } end,
         "secondary 'sec5' has 5 elements, the indices array 'idx' 32", "secondary of another size")
local big = gpu:array("u32", { 1, 1 << 24 }, { name = "big" })
T.raises(function() gpu:configure_iru{ target = tgt, indices = big } end,
         "indices 'big'%[1%] = 16777216 does not fit in 24 bits", "an index of more than 24 bits")
local far = gpu:array("u32", { 1, 1024 }, { name = "far" })
T.raises(function() gpu:configure_iru{ target = tgt, indices = far } end,
         "indices 'far'%[1%] = 1024 is outside the target 'target'", "an index outside the target")
T.raises(function() gpu:configure_iru{ indices = idx } end, "'target' %(an array%) is missing", "no target")
T.raises(function() gpu:configure_iru{ target = tgt, indices = idx, filter = "max" } end,
         "filter 'max' is not none, drop, min or add", "unknown filter")
T.raises(function() gpu:configure_iru{ target = tgt, indices = idx, filter = "add" } end,
         "filter 'add' merges secondaries: give a secondary array", "add without a secondary")
local b64 = gpu:array("u64", 4, { name = "b64" })
T.raises(function() gpu:configure_iru{ target = tgt, indices = b64 } end,
         "indices 'b64' must hold 32%-bit words", "indices of 64-bit elements")
-- a kernel without load_iru runs after a configuration as before
gpu:launch(m:kernel("plain"), { grid = 1, block = 1 }, out)
T.is(out[0], 7, "a kernel without load_iru still runs")

-- the machine without the IRU: the PTX is refused at its line
for _, o in ipairs{ { preset = "gtx980" }, { mode = "functional" } } do
  o.quiet = true
  local g2 = ws.gpu(o)
  T.raises(function() g2:load_ptx_text(PTX, "iru_load.ptx") end,
           "iru_load%.ptx:13: load_iru needs the IRU: %-%-set iru%.enable=true",
           (o.mode or "timing") .. " without the IRU: load_iru refused at its line")
  T.raises(function() g2:configure_iru{ target = g2:array("u32", 4), indices = g2:array("u32", 4) } end,
           "configure_iru needs the IRU", (o.mode or "timing") .. " without the IRU: configure_iru refused")
end
T.done()
