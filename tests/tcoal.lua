-- tcoal.lua: the temporal-coalescing instrumentation (stats.tcoal, issue 34
-- B8.2) end to end: one warp walks a hand-built list of data indices, so
-- its global loads are a known stream of 128-byte blocks (list block i,
-- then the data blocks of step i: AB A C BC A D AD B, the 11 requests to 4
-- blocks of the MFF paper's Fig. 4).  Exact counts for W = 1, 2, 4, 32 by
-- hand, every W against a CPU reference that counts windows directly from
-- the addresses, per launch and totals, the same counts whatever the
-- caches do, nothing when the option is off, and two runs alike.
local T = require "tap"
local ws = require "warpscope"

-- walk(list, data, out, n): lane t, step i = 0..n-1 reads
-- idx = list[32 i + t], then data[idx]; out[t] = the sum
local PTX = [[
.version 7.0
.target sm_50
.address_size 64
.visible .entry walk(.param .u64 list, .param .u64 data, .param .u64 out, .param .u32 n)
{
  .reg .b32 %r<12>;
  .reg .b64 %rd<12>;
  .reg .pred %p<2>;
  ld.param.u64 %rd1, [list];
  ld.param.u64 %rd2, [data];
  ld.param.u64 %rd3, [out];
  ld.param.u32 %r9, [n];
  cvta.to.global.u64 %rd1, %rd1;
  cvta.to.global.u64 %rd2, %rd2;
  cvta.to.global.u64 %rd3, %rd3;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, 0;
  mov.u32 %r3, 0;
L:
  setp.ge.u32 %p1, %r2, %r9;
  @%p1 bra D;
  shl.b32 %r4, %r2, 5;
  add.u32 %r4, %r4, %r1;
  mul.wide.u32 %rd4, %r4, 4;
  add.s64 %rd5, %rd1, %rd4;
  ld.global.u32 %r5, [%rd5];
  mul.wide.u32 %rd6, %r5, 4;
  add.s64 %rd7, %rd2, %rd6;
  ld.global.u32 %r6, [%rd7];
  add.u32 %r3, %r3, %r6;
  add.u32 %r2, %r2, 1;
  bra L;
D:
  mul.wide.u32 %rd8, %r1, 4;
  add.s64 %rd9, %rd3, %rd8;
  st.global.u32 [%rd9], %r3;
  ret;
}
]]

-- the data blocks of each step (A = data words 0..31, B 32..63, ...)
local STEPS = { "AB", "A", "C", "BC", "A", "D", "AD", "B" }
local N = #STEPS
local list = {}
for i = 0, N - 1 do
  local s = STEPS[i + 1]
  for t = 0, 31 do
    local nb = #s
    local blk = s:byte(t % nb + 1) - 65
    list[32 * i + t + 1] = blk * 32 + t // nb
  end
end
local dinit = {}
for i = 1, 4 * 32 do dinit[i] = i end

local function run(opts)
  local o = { quiet = true, preset = "gtx480", ["sm.count"] = 1 }
  for k, v in pairs(opts or {}) do o[k] = v end
  local gpu = ws.gpu(o)
  local k = gpu:load_ptx_text(PTX, "tcoal.ptx"):kernel("walk")
  local l = gpu:array("u32", list, { name = "list" })
  local d = gpu:array("u32", dinit, { name = "data" })
  local out = gpu:array("u32", 32, { name = "out" })
  gpu:launch(k, { grid = 1, block = 32 }, l, d, out, N)
  local good = true
  for t = 0, 31 do
    local want = 0
    for i = 0, N - 1 do want = want + dinit[list[32 * i + t + 1] + 1] end
    if out[t] ~= want then good = false end
  end
  return gpu, good, l.addr, d.addr
end

-- the CPU reference: the warp's stream of loads as lists of blocks
local function stream(laddr, daddr)
  local s = {}
  for i = 0, N - 1 do
    local a, b = {}, {}
    for t = 0, 31 do
      a[(laddr + 4 * (32 * i + t)) // 128] = true
      b[(daddr + 4 * list[32 * i + t + 1]) // 128] = true
    end
    s[#s + 1] = a
    s[#s + 1] = b
  end
  return s
end
local function reference(s, W)
  local tum, sl = 0, 0
  for st = 1, #s, W do
    local u = {}
    for i = st, math.min(#s, st + W - 1) do
      for blk in pairs(s[i]) do u[blk] = true end
    end
    for _ in pairs(u) do tum = tum + 1 end
  end
  for i = 1, #s do
    for blk in pairs(s[i]) do
      local merged = false
      for j = math.max(1, i - W + 1), i - 1 do
        if s[j][blk] then merged = true end
      end
      if not merged then sl = sl + 1 end
    end
  end
  return tum, sl
end

local gpu, good, la, da = run({ ["stats.tcoal"] = true })
T.ok(good, "walk: the sums match the CPU")
local c = gpu:tcoal()
T.is(c.loads, 16, "16 warp loads (8 of the list, 8 of the data)")
T.is(c.lane_requests, 16 * 32, "512 lane accesses")
T.is(c.block_bytes, 128, "128-byte blocks")
T.is(c.requests[1], 19, "W=1: 8 list blocks + 11 data blocks")
T.is(c.requests[2], 19, "W=2: a list load and a data load per window, nothing merged")
T.is(c.requests[4], 17, "W=4: L0 A B L1 | L2 C L3 B | L4 A L5 D | L6 A D L7 B = 17")
T.is(c.requests[32], 12, "W=32: 8 list blocks + 4 data blocks")
T.is(c.sliding[4], 16, "sliding W=4: A at step 2, C at step 4, D at step 7 merge")
T.is(c.normalized[4], 17 / 19, "normalized W=4 = 17/19")
local s = stream(la, da)
local all = true
for W = 1, 32 do
  local tum, sl = reference(s, W)
  if c.requests[W] ~= tum or c.sliding[W] ~= sl or c.windows[W] ~= W then
    all = false
    print(("# W=%d: %d/%d tumbling, %d/%d sliding"):format(W, c.requests[W], tum, c.sliding[W], sl))
  end
end
T.ok(all, "every W = 1..32, tumbling and sliding, as the CPU reference")
local st = gpu:stats()
T.is(st.total["tcoal.requests.4"], 17, "gpu:stats() has tcoal.requests.W")
T.is(st.total["tcoal.sliding.4"], 16, "gpu:stats() has tcoal.sliding.W")
T.is(gpu:tcoal(1).requests[4], 17, "gpu:tcoal(1): the launch's curve")
T.is(gpu:tcoal("last").loads, 16, "gpu:tcoal('last')")
T.ok(not pcall(gpu.tcoal, gpu, 2), "gpu:tcoal(2): no such launch, an error")
local ok2, e2 = pcall(gpu.tcoal, gpu, "first")
T.ok(not ok2 and tostring(e2):find("launch number", 1, true), "gpu:tcoal('first'): a clear error")
-- a second launch: per-launch deltas, totals summed
local k = gpu:load_ptx_text(PTX, "tcoal2.ptx"):kernel("walk")
local l = gpu:array("u32", list)
local d = gpu:array("u32", dinit)
local out = gpu:array("u32", 32)
gpu:launch(k, { grid = 1, block = 32 }, l, d, out, N)
T.is(gpu:tcoal(2).requests[32], 12, "second launch: its own 12 at W=32")
T.is(gpu:tcoal().requests[32], 24, "totals: 24 at W=32")
T.is(gpu:tcoal().requests[1], 38, "totals: 38 at W=1")
local l1h = gpu:stats().total["l1d.hits"]
gpu:close()

-- the same counts whatever the caches do: no L1, a tiny L2
local g2, good2 = run({ ["stats.tcoal"] = true, ["l1d.enable"] = false })
T.ok(good2, "no L1: the sums match the CPU")
local c2 = g2:tcoal()
local same = true
for W = 1, 32 do
  if c2.requests[W] ~= c.requests[W] or c2.sliding[W] ~= c.sliding[W] then same = false end
end
T.ok(same, "no L1: the same requests for every W (counted before the caches)")
T.is(g2:stats().total["l1d.hits"], 0, ("no L1: no L1 hits (%d with it)"):format(l1h))
g2:close()
local g3 = run({ ["stats.tcoal"] = true, ["l2.size"] = "1K" })
local c3 = g3:tcoal()
same = true
for W = 1, 32 do
  if c3.requests[W] ~= c.requests[W] or c3.sliding[W] ~= c.sliding[W] then same = false end
end
T.ok(same, "a 1 KB L2 slice: the same requests for every W")
g3:close()

-- off (the default): no tcoal statistics, gpu:tcoal says how to turn it on
local g0 = run()
local st0 = g0:stats().total
T.is(st0["tcoal.requests.1"], nil, "off by default: no tcoal.* statistics")
T.is(st0.cycles, st.total.cycles, "the instrumentation changes no cycle (the same run on and off)")
local ok0, e0 = pcall(g0.tcoal, g0)
T.ok(not ok0 and tostring(e0):find("stats.tcoal=true", 1, true), "off: gpu:tcoal names the option")
g0:close()

-- one array's loads alone (stats.tcoal.array): the data loads are the
-- stream AB A C BC A D AD B of tests/t_tcoal.c
local ga = run({ ["stats.tcoal"] = true, ["stats.tcoal.array"] = "data" })
local cd = ga:tcoal()
T.is(cd.array, "data", "stats.tcoal.array=data: named in gpu:tcoal()")
T.is(cd.loads, 8, "stats.tcoal.array=data: the 8 data loads")
T.is(cd.requests[1], 11, "data alone, W=1: 11")
T.is(cd.requests[2], 9, "data alone, W=2: AB|BC|AD|ABD = 9")
T.is(cd.requests[4], 6, "data alone, W=4: ABC|ABD = 6")
T.is(cd.requests[32], 4, "data alone, W=32: 4")
T.is(cd.sliding[2], 8, "data alone, sliding W=2: 8")
T.is(cd.sliding[4], 5, "data alone, sliding W=4: 5")
ga:close()
local gl = run({ ["stats.tcoal"] = true, ["stats.tcoal.array"] = "list" })
T.is(gl:tcoal().requests[32], 8, "list alone, W=32: its 8 blocks")
gl:close()
local gn = run({ ["stats.tcoal"] = true, ["stats.tcoal.array"] = "nothing" })
T.is(gn:tcoal().loads, 0, "an array of no such name: nothing counted")
gn:close()

-- two runs alike
local ga = run({ ["stats.tcoal"] = true })
local gb = run({ ["stats.tcoal"] = true })
local ca, cb = ga:tcoal(), gb:tcoal()
same = ga:stats().total.cycles == gb:stats().total.cycles
for W = 1, 32 do
  if ca.requests[W] ~= cb.requests[W] or ca.sliding[W] ~= cb.sliding[W] then same = false end
end
T.ok(same, "two runs: the same curve and cycles")
ga:close()
gb:close()
T.done()
