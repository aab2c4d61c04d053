-- stall_states.lua: a warp's reported state follows what the scheduler did.
-- With one scheduler per SM, a warp can only be not_selected in a cycle in
-- which its SM issued another warp's instruction: a cycle without an issue
-- examines every eligible warp, and each one either issues or blocks.  The
-- kernel makes warps wait for the shared-memory pipe (32-way bank
-- conflicts) and for the LD/ST unit (divergent global loads) in turn, so a
-- warp whose timed wait for the pipe ends finds the unit busy with another
-- warp's requests: it must then count as throttled, not as not_selected.
local T = require "tap"
local ws = require "warpscope"

local PTX = require "mix_kernel"

local opts = { quiet = true, ["sm.count"] = 1, ["sm.schedulers"] = 1 }
for _, sched in ipairs{ "gto", "lrr" } do
  opts["sm.sched"] = sched
  local gpu = ws.gpu(opts)
  local k = gpu:load_ptx_text(PTX, "stall_states.ptx"):kernel("mix")
  local g = gpu:array("u32", 256 * 1024, { name = "g" })
  gpu:start(k, { grid = 1, block = 256 }, g)
  local sm = gpu:sm(0)
  local bad, seen, throttled, cycles = 0, 0, 0, 0
  local prev = sm:stalls().selected
  local first
  while true do
    local st = gpu:step(1)
    local now = gpu.cycle
    local sel = sm:stalls().selected
    local issued = sel > prev
    prev = sel
    cycles = cycles + 1
    for _, w in ipairs(sm:warps()) do
      if w.stall == "not_selected" and w.since < now then
        seen = seen + 1
        if not issued then
          bad = bad + 1
          first = first or string.format("cycle %d: slot %d not_selected since %d, no issue",
                                         now - 1, w.slot, w.since)
        end
      elseif w.stall == "lg_throttle" or w.stall == "mio_throttle" then
        throttled = throttled + 1
      end
    end
    if st == "done" then break end
  end
  gpu:finish()
  T.ok(throttled > 0 and seen > 0, sched .. ": the kernel makes warps wait for the LD/ST unit (" ..
       throttled .. " warp-cycles) and go unselected (" .. seen .. ")")
  T.is(bad, 0, sched .. ": no warp is not_selected in a cycle without an issue (" .. cycles .. " cycles)" ..
       (first and ("; first: " .. first) or ""))
end
T.done()
