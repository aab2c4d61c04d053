-- why_wait.lua: why a warp waits (issue 37): w:info().wait while a load
-- misses to DRAM (the register, the load's PTX line and issue cycle, its
-- request's address, array and stage with the cycle it entered it), and the
-- sentence gpu:step_warp ends with once the data is back (level dram).
-- Inspecting changes no statistic.
local T = require "tap"
local ws = require "warpscope"

local function like(s, pat, desc)
  local ok = type(s) == "string" and s:match(pat) ~= nil
  if not ok then io.stderr:write("# got: " .. tostring(s) .. "\n# want: " .. pat .. "\n") end
  return T.ok(ok, desc)
end

-- One warp; line 10 loads a fresh line of vals, line 11 uses the register.
local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry missy(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  ld.global.u32 %r1, [%rd1];
  add.u32 %r2, %r1, 1;
  st.global.u32 [%rd2], %r2;
  ret;
}
]]

local function fresh()
  -- (mem.copy_to_l2=false: the arrays' fills would leave their lines in the L2)
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["mem.copy_to_l2"] = false }
  local k = gpu:load_ptx_text(PTX, "missy.ptx"):kernel("missy")
  local a = gpu:array("u32", 64, { name = "vals", fill = 41 })
  local out = gpu:array("u32", 1, { name = "out", fill = 0 })
  return gpu, k, a, out
end

local ref, rk, ra, rout = fresh()
ref:launch(rk, { grid = 1, block = 32 }, ra, rout)
local want = ref:stats().total

local gpu, k, a, out = fresh()
local dlat = tonumber(gpu:option("dram.latency"))
gpu:start(k, { grid = 1, block = 32 }, a, out)
-- the warp's next instruction is the add: the load has just issued
local b = gpu:breakpoint{ line = 11 }
T.is(gpu:continue(), "break", "stopped at line 11")
gpu:delete(b)
local issued = gpu.cycle - 1   -- (a run stops at the end of a cycle; gpu.cycle is the next one)
local w = gpu:sm(0):warps()[1]
T.ok(w and w.line == 11, "the warp is at line 11")

-- step cycle by cycle while it waits; note where its request is
local stages, first, wt = {}, {}, nil
for _ = 1, 5000 do
  w = gpu:sm(0):warps()[1]
  if not (w and w.wait and w.wait.kind == "register") then break end
  wt = w.wait
  local rq = wt.requests and wt.requests[1]
  if rq and not first[rq.stage] then
    first[rq.stage] = { cycle = gpu.cycle, since = rq.since, rq = rq, wait = wt }
    stages[#stages + 1] = rq.stage
  end
  if rq and (rq.stage == "DRAM bank queue" or rq.stage == "DRAM") then break end
  gpu:step(1)
end
-- (its first column command may issue in the cycle it enters the bank
-- queue: the stage is then DRAM, since the same cycle)
local q = first["DRAM bank queue"] or first["DRAM"]
T.ok(q ~= nil, "the request reaches DRAM (stages: " .. table.concat(stages, ", ") .. ")")
q = q or { wait = wt or {}, rq = {} }
local wait, rq = q.wait, q.rq
T.is(wait.stall, "long_scoreboard", "stall long_scoreboard")
T.is(wait.regs and wait.regs[1], "%r1", "waits for %r1")
T.is(wait.insn, "ld.global.u32", "written by ld.global.u32")
T.is(wait.file, "missy.ptx", "PTX file")
T.is(wait.line, 10, "PTX line 10")
T.is(wait.issued, issued, "issued at the cycle the warp reached line 11")
T.is(wait.age, q.cycle - issued, "age = now - issued")
T.is(wait.memory, true, "a memory wait")
T.is(#(wait.requests or {}), 1, "one request")
T.is(rq.addr, a.addr, "the request's line address is vals' first line")
T.is(rq.array, "vals", "array vals")
T.is(rq.size, 128, "128 bytes")
T.is(rq.level, "dram", "an L2 miss: level dram so far")
T.ok(rq.channel and rq.bank and rq.row, "its DRAM channel, bank and row")
local mshr = first["L2 MSHR"]
T.ok(mshr ~= nil, "it was in the L2 MSHR before")
T.is(rq.since, mshr and mshr.since + dlat, "it entered the DRAM bank queue dram.latency cycles after the L2 miss")
T.is(rq.since, q.cycle - 1, "... in the cycle before it was seen there first")
T.ok(first["L1 miss queue"] and first["request network"] and first["L2 slice queue"],
     "it went through the L1 miss queue, the request network and the L2 slice queue")
for _, s in ipairs{ "L1 miss queue", "request network", "L2 slice queue", "L2 MSHR" } do
  if first[s] then T.ok(first[s].since <= first[s].cycle and first[s].since >= issued, s .. ": entered at a cycle seen") end
end

-- step the warp to its next instruction (the add): the sentence
local st, info = gpu:step_warp(0, w.slot)
T.is(st, "warp", "step_warp")
local sent = info and info.waited or ""
like(sent, "^waited %d+ cycles for %%r1 %(ld%.global%.u32 at line 10, issued " .. issued .. "%): 1 request, "
       .. "L1 miss, L2 miss, DRAM channel " .. tostring(rq.channel) .. " bank " .. tostring(rq.bank) .. " row "
       .. tostring(rq.row) .. ", back at %d+$", "the sentence: " .. sent)
local done = info and info.wait and info.wait.done or {}
T.is(#done, 1, "one request came back")
T.is(done[1] and done[1].level, "dram", "served by DRAM")
T.is(done[1] and done[1].addr, a.addr, "... the same line")
T.ok(done[1] and done[1].back and done[1].back <= info.cycle, "back before the add issued")
T.is(tonumber(sent:match("back at (%d+)")), done[1] and done[1].back, "the sentence's back at")
T.is(tonumber(sent:match("^waited (%d+)")), info.cycle - wait.since, "waited = issue of the add - start of the wait")

-- the wait of another reason: the instruction cache at the first cycle
local g2, k2, a2, o2 = fresh()
g2:start(k2, { grid = 1, block = 32 }, a2, o2)
g2:step(1)
local w2 = g2:sm(0):warps()[1]
T.is(w2 and w2.wait and w2.wait.stall, "no_instruction", "first cycle: no_instruction")
like(w2 and w2.wait and w2.wait.cause or "", "^instruction%-cache miss at 0x", "... an instruction-cache miss")
g2:finish()

gpu:finish()
T.is(out[0], 42, "the kernel's result")
local got = gpu:stats().total
local same, why = true, ""
for key, v in pairs(want) do if got[key] ~= v then same, why = false, key end end
T.ok(same, "inspecting and stepping change no statistic " .. why)
T.done()
