-- pf_sw_throttle.lua: a throttle governs PTX (software) prefetches when no
-- prefetch policy is set (pf.policy=none, throttle.policy=mt is MTP's
-- MT-SWP+T).  Before the fix the throttle was only made together with a
-- policy, so software prefetches were never throttled.
local T = require "tap"
local ws = require "warpscope"

local n = 8192
local function run(opts)
  opts.quiet = true
  opts.preset = "g80-mtp"
  local gpu = ws.gpu(opts)
  local m = gpu:load_ptx(ws.data_path("scenarios/kernels/mtswp.ptx"))
  local a, b, want = {}, {}, {}
  for i = 1, n do a[i], b[i], want[i] = i % 7, i % 5, i % 7 + i % 5 end
  local A = gpu:array("f32", a, { name = "a" })
  local B = gpu:array("f32", b, { name = "b" })
  local C = gpu:array("f32", n, { name = "c" })
  gpu:launch(m:kernel("vadd_ip"), { grid = n // 256, block = 256 }, A, B, C, n)
  local ok = ws.check.equal(C:read(), want)
  local th = {}
  for sm = 0, gpu.sms - 1 do th[sm] = gpu:throttle(sm) end
  local st = gpu:stats().total
  gpu:close()
  return ok, st, th
end

-- degree 5 for the whole run (no period ends): every software prefetch offered is dropped
local ok, st, th = run{ ["throttle.policy"] = "mt", ["throttle.degree0"] = 5, ["throttle.period"] = 10000000 }
T.ok(ok, "mt, degree 5: the vector add is exact")
T.is(th[0].throttle, "mt", "pf.policy=none with throttle.policy=mt has the mt throttle")
T.ok(st["pf.sw"] > 0, "the kernel issues software prefetches")
-- (the filters before the throttle: a duplicate in the queue, a line
-- already cached or being fetched)
local filtered = 0
for k, v in pairs(st) do
  if k:match("^pf%.dropped%.") and k ~= "pf.dropped.throttled" and type(v) == "number" then filtered = filtered + v end
end
T.is(st["pf.dropped.throttled"], st["pf.sw"] - filtered, "degree 5 drops every prefetch past the queue filter")
T.is(st["pf.issued"], 0, "degree 5: nothing issued")

-- degree 2 for the whole run: the first 2 of every 5 offered per SM are dropped
ok, st, th = run{ ["throttle.policy"] = "mt", ["throttle.degree0"] = 2, ["throttle.period"] = 10000000 }
T.ok(ok, "mt, degree 2: the vector add is exact")
local exact, offered, dropped = true, 0, 0
for sm = 0, #th do
  local o, d = th[sm].offered, th[sm].dropped
  offered, dropped = offered + o, dropped + d
  exact = exact and d == 2 * (o // 5) + math.min(o % 5, 2)
end
T.ok(offered > 0 and exact, "degree 2 drops 2 of every 5 offered prefetches on each SM")
T.is(st["pf.dropped.throttled"], dropped, "pf.dropped.throttled counts the throttle's drops")

-- the other throttles are made without a policy too
for _, tp in ipairs{ "lateness", "feedback" } do
  ok, st, th = run{ ["throttle.policy"] = tp }
  T.ok(ok and th[0].throttle == tp, "pf.policy=none with throttle.policy=" .. tp .. " has that throttle")
end

-- no throttle: nothing is throttled
ok, st = run{}
T.ok(ok and st["pf.dropped.throttled"] == 0 and st["pf.issued"] > 0, "no throttle: software prefetches are issued, none throttled")
T.done()
