-- sched_classes.lua: GPGPU-Sim's per-scheduler triple, cycle by cycle.
-- GPGPU-Sim (shader.cc, scheduler_unit::cycle) counts a cycle without an
-- issue as "stall" when some warp passed the scoreboard but its pipeline
-- could not take it, else as "scoreboard" when some warp has an instruction
-- waiting for a register, else as "idle" (no instruction, or the warp waits
-- at a barrier or memory barrier).  With one SM and one scheduler, each
-- simulated cycle adds exactly one of sched.issue / stall / scoreboard /
-- idle; here the class expected from the warps' reported states is checked
-- against the counter that moved, on a kernel whose warps wait for the
-- LD/ST unit while others wait for loads, and at a memory barrier.
local T = require "tap"
local ws = require "warpscope"

local PTX = require "mix_kernel"

local PIPE = { lg_throttle = true, mio_throttle = true, math_pipe_throttle = true }
local SB = { long_scoreboard = true, short_scoreboard = true, wait = true }
local NAMES = { "issue", "stall", "scoreboard", "idle" }

for _, sched in ipairs{ "gto", "lrr", "two-level" } do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["sm.schedulers"] = 1, ["sm.sched"] = sched }
  local k = gpu:load_ptx_text(PTX, "sched_classes.ptx"):kernel("mix")
  local g = gpu:array("u32", 256 * 1024, { name = "g" })
  gpu:start(k, { grid = 1, block = 256 }, g)
  local sm = gpu:sm(0)
  local function counts()
    local t = sm:counters()
    return { t["sched.issue"], t["sched.stall"], t["sched.scoreboard"], t["sched.idle"] }
  end
  local prev, prev_sel = counts(), sm:stalls().selected
  local bad, cycles, seen, first = 0, 0, {0, 0, 0, 0}
  local last, membar = {}, 0
  for _, w in ipairs(sm:warps()) do last[w.slot] = w.stall end
  while true do
    local c = gpu.cycle
    local st = gpu:step(1)
    local now = counts()
    local sel = sm:stalls().selected
    local want
    if sel > prev_sel then
      want = 1
    else
      local pipe, sb = false, false
      for _, w in ipairs(sm:warps()) do
        -- (a state entered after the cycle stepped: the one before it)
        local s = w.since <= c and w.stall or last[w.slot]
        if s == "membar" then membar = membar + 1 end
        if PIPE[s] then pipe = true elseif SB[s] then sb = true end
      end
      want = pipe and 2 or sb and 3 or 4
    end
    local moved, nmoved = nil, 0
    for i = 1, 4 do
      if now[i] ~= prev[i] then moved = i; nmoved = nmoved + (now[i] - prev[i]) end
    end
    cycles = cycles + 1
    seen[want] = seen[want] + 1
    if nmoved ~= 1 or moved ~= want then
      bad = bad + 1
      first = first or string.format("cycle %d: expected %s, counted %s", c, NAMES[want],
                                     nmoved == 1 and NAMES[moved] or (nmoved .. " classes"))
    end
    prev, prev_sel = now, sel
    for _, w in ipairs(sm:warps()) do last[w.slot] = w.stall end
    if st == "done" then break end
  end
  gpu:finish()
  T.ok(seen[1] > 0 and seen[2] > 0 and seen[3] > 0 and membar > 0,
       string.format("%s: the kernel gives issue (%d), stall (%d) and scoreboard (%d) cycles, idle %d, " ..
                     "%d warp-cycles at the memory barrier", sched, seen[1], seen[2], seen[3], seen[4], membar))
  T.is(bad, 0, string.format("%s: each of %d cycles counts the class its warps' states give%s", sched, cycles,
                             first and ("; first: " .. first) or ""))
end
T.done()
