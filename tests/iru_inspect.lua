-- iru_inspect.lua: gpu:iru(p) and the IRU breakpoints from Lua (issue 33):
-- the state of a partition's unit at an iru_reply breakpoint on a
-- hand-built launch (one warp, the 32 indices of one block: one full
-- entry, one reply), and the bad calls.
local T = require "tap"
local ws = require "warpscope"

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
  load_iru.b32 %p1, %r3;
  ld.param.u64 %rd1, [out];
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r3;
DONE:
  ret;
}
]]

local plain = ws.gpu{ quiet = true, preset = "gtx980" }
T.raises(function() return plain:iru(0) end, "this gpu has no IRU", "gpu:iru on a gpu without the IRU")
T.raises(function() return plain:breakpoint{ event = "iru_reply" } end, "no IRU",
             "an IRU breakpoint on a gpu without the IRU")

local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true }
local k = gpu:load_ptx_text(PTX, "iru_inspect.ptx"):kernel("k")
local tgt = gpu:array("u32", 1024, { name = "target" })
local out = gpu:array("u32", 32, { name = "out" })
local ind = {}
for i = 0, 31 do ind[i + 1] = 31 - i end
local idx = gpu:array("u32", ind, { name = "idx" })

local u0 = gpu:iru(0)
T.is(u0.configured, false, "before a launch: not configured")
T.is(#u0.sets, 256, "256 local sets (1,024 over 4 partitions)")
T.is(u0.config.sets, 1024, "config.sets: the logical 1,024")
T.is(u0.config.entry, 32, "config.entry: 32 elements")
T.is(u0.config.pf_inflight, 8, "config.pf_inflight: 8 lines")
T.is(u0.config.ring, "uni", "config.ring: one way by default")
T.is(u0.stats.ring_flits_back, 0, "stats.ring_flits_back: none yet")
T.is(ws.gpu{ quiet = true, preset = "gtx980", ["iru.enable"] = true, ["iru.ring"] = "bi" }:iru(1).config.ring, "bi",
     "config.ring: bi with iru.ring=bi")
T.raises(function() return gpu:iru(4) end, "IRU partition 4 does not exist", "partition 4")

gpu:configure_iru{ target = tgt, elem_size = 4, indices = idx, n = 32 }
gpu:start(k, { grid = 1, block = 32 }, out, 32)
T.raises(function() return gpu:breakpoint{ event = "iru_reply", partition = 9 } end, "partitions 0..3",
             "a breakpoint on partition 9")
T.raises(function() return gpu:breakpoint{ event = "iru_reply", sm = 1 } end, "takes 'partition'",
             "sm with an IRU event")
T.raises(function() return gpu:breakpoint{ line = 13, partition = 1 } end, "'partition' goes with",
             "partition with a line breakpoint")
local id = gpu:breakpoint{ event = "iru_reply" }
-- (the index line is in L2 after the copy, so the entry is full before the
-- request arrives and the request never waits: t_tui_iru.c sees one wait)
local st, hit
repeat
  for p = 0, 3 do assert(type(gpu:iru(p).requests) == "table") end
  st, hit = gpu:step(1)
until st ~= "budget"
T.is(st, "break", "the reply stops gpu:step")
T.is(hit.id, id, "the hit is the breakpoint's")
T.is(hit.kind, "iru_reply", "kind iru_reply")
T.ok(tostring(hit.text):find("replied %(an entry was full%): 32 elements, 1 blocks") ~= nil, "its text")
local u = gpu:iru(hit.partition)
T.is(u.partition, hit.partition, "gpu:iru(hit.partition)")
T.is(u.configured, true, "configured")
T.is(u.regs.target, tgt.addr, "regs.target: the target array")
T.is(u.regs.indices, idx.addr, "regs.indices")
T.is(u.regs.n, 32, "regs.n")
T.is(u.regs.filter, "none", "regs.filter")
T.is(u.regs.secondary, nil, "no secondary")
T.is(u.stats.replies, 1, "stats.replies 1")
T.is(u.stats.elems_out, 32, "stats.elems_out 32")
T.is(u.stats.timeouts, 0, "stats.timeouts 0")
T.is(u.stats.blocks_hist[1], 1, "blocks_hist[1]: the reply spans one block")
T.is(u.hash_elems, 0, "the entry left the hash")
local fills = 0
for _, s in ipairs(u.sets) do fills = fills + s.fill end
T.is(fills, 0, "every set empty")
T.is(#u.requests, 0, "no request waiting")
-- the reply reaches the SM: w:info().load_iru says what the lanes got
local li
for _ = 1, 2000 do
  local w = gpu:sm(0):warp(0)
  li = w and w:info().load_iru
  if li then break end
  gpu:step(1)
end
T.ok(li, "w:info().load_iru appears when the lanes' registers are written")
T.is(li and li.idx[1], 31, "lane 0 got index 31")
T.is(li and li.idx[32], 0, "lane 31 got index 0")
T.is(li and li.blocks, 1, "one block")
T.is(li and li.why, "full", "a full entry")
T.is(li and li.valid, 0xffffffff, "every lane valid")
local bl = gpu:breakpoints()
T.ok(tostring(bl[1].description):find("IRU reply of any partition") ~= nil, "gpu:breakpoints() describes it")
gpu:finish()
T.is(out[0], 31, "lane 0 got index 31")
T.done()
