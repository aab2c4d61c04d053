-- icache.lua: the L1 instruction cache, L1D invalidation and the per-sector
-- L2 counts, on hand-built kernels whose counts follow from the geometry.
local T = require "tap"
local ws = require "warpscope"

local HEAD = ".version 7.0\n.target sm_75\n.address_size 64\n"

-- A straight-line kernel of n instructions: a mov, n - 2 adds, ret.
local function straight(n)
  local b = { HEAD, ".visible .entry line(.param .u64 out)\n{\n  .reg .b32 %r<4>;\n  mov.u32 %r1, 0;\n" }
  for _ = 1, n - 2 do b[#b + 1] = "  add.u32 %r1, %r1, 1;\n" end
  b[#b + 1] = "  ret;\n}\n"
  return table.concat(b)
end

local function total(gpu, key) return gpu:stats().total[key] end

-- One warp on one SM: it fetches at pcs 0, 2, 4, ... (a two-instruction
-- buffer), ceil(n / 2) fetches; the first launch misses once per 128-byte
-- line (16 instructions), ceil(n / 16) times; the second hits everywhere
-- while the kernel fits the 2 KB cache (256 instructions).
for _, n in ipairs{ 10, 40, 200 } do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1 }
  local k = gpu:load_ptx_text(straight(n), "line.ptx"):kernel("line")
  local out = gpu:array("u32", 1)
  gpu:launch(k, { grid = 1, block = 32 }, out)
  local fetches, lines = (n + 1) // 2, (n + 15) // 16
  T.is(total(gpu, "l1i.accesses"), fetches, n .. " instructions: " .. fetches .. " fetches")
  T.is(total(gpu, "l1i.misses"), lines, n .. " instructions: " .. lines .. " L1I misses on the first launch")
  T.is(total(gpu, "l1i.hits"), fetches - lines, n .. " instructions: the other fetches hit")
  T.ok(total(gpu, "stall.no_instruction.icache") > 0, n .. " instructions: the warp waited for the misses")
  gpu:launch(k, { grid = 1, block = 32 }, out)
  T.is(total(gpu, "l1i.misses"), lines, n .. " instructions: no miss on the second launch (the L1I is kept)")
  T.is(total(gpu, "l1i.accesses"), 2 * fetches, n .. " instructions: as many fetches again")
  gpu:close()
end

-- 300 instructions are 19 lines for 4 sets of 4 ways: line i goes to set
-- i mod 4 (the code starts on a 128-byte boundary), so sets 0-2 hold five
-- lines each and, under LRU, miss on every pass; set 3's four lines stay.
do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1 }
  local k = gpu:load_ptx_text(straight(300), "line.ptx"):kernel("line")
  local out = gpu:array("u32", 1)
  gpu:launch(k, { grid = 1, block = 32 }, out)
  T.is(total(gpu, "l1i.misses"), 19, "300 instructions: 19 misses on the first launch")
  gpu:launch(k, { grid = 1, block = 32 }, out)
  T.is(total(gpu, "l1i.misses"), 19 + 15, "300 instructions: 15 more on the second (three sets thrash)")
  local valid = 0
  for _, l in ipairs(gpu:sm(0).l1i:lines()) do if l.valid then valid = valid + 1 end end
  T.is(valid, 16, "the L1I is full afterwards (sm.l1i:lines())")
  T.is(gpu:sm(0).l1i:config().sets, 4, "sm.l1i:config(): 4 sets")
  local mi = gpu:machine().l1i
  T.ok(mi.enabled and mi.sets == 4 and mi.ways == 4 and mi.line == 128 and mi.mshrs == 2 and mi.mshr_merge == 32
       and mi.missq == 4 and mi.repl == "lru" and mi.sector == nil,
       "gpu:machine().l1i: the GTX480 geometry, no sector field")
  gpu:close()
end

-- Many warps fetching the same line: one miss, the others wait in its MSHR
-- entry (at most 32 fetches an entry; the rest are refused and fetch again
-- at the fill, then hit).
do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1 }
  local k = gpu:load_ptx_text(straight(4), "line.ptx"):kernel("line")
  local out = gpu:array("u32", 1)
  gpu:launch(k, { grid = 2, block = 24 * 32 }, out)
  T.is(total(gpu, "l1i.misses"), 1, "48 warps (two CTAs), first fetch: one miss")
  T.is(total(gpu, "l1i.hit_reserved"), 31, "31 fetches join its MSHR entry (32 at most)")
  T.is(total(gpu, "l1i.resfail.merge_full"), 16, "16 are refused (the entry is full)")
  T.is(total(gpu, "l1i.hits"), 16 + 48, "the 16 hit at the fill, and every warp's second fetch hits")
  gpu:close()
end

-- Ideal fetch: no instruction cache, no fetch stall of its own.
do
  local cyc = {}
  for _, on in ipairs{ true, false } do
    local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["l1i.enable"] = on }
    local k = gpu:load_ptx_text(straight(64), "line.ptx"):kernel("line")
    gpu:launch(k, { grid = 1, block = 32 }, gpu:array("u32", 1))
    cyc[on] = total(gpu, "cycles")
    if not on then
      T.is(gpu:sm(0).l1i, nil, "l1i.enable=false: sm.l1i is nil")
      T.is(total(gpu, "stall.no_instruction.icache"), 0, "l1i.enable=false: no icache stall")
      T.is(total(gpu, "l1i.accesses"), 0, "l1i.enable=false: no L1I access")
    end
    gpu:close()
  end
  T.ok(cyc[true] > cyc[false] + 4 * 100, ("four cold misses cost cycles (%d against %d)"):format(cyc[true], cyc[false]))
end

-- L1D contents across launches: one warp reads one line twice, in two
-- launches, under each l1d.invalidate mode.
local LOAD = HEAD .. [[
.visible .entry rd(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r2;
  ret;
}
]]
-- (the store misses each time: global stores write through without
-- allocating, so only the loaded line can stay)
for _, c in ipairs{ { "none", 1, 1 }, { "launch", 0, 0 }, { "idle", 0, 0 } } do
  local mode, hits2, valid_after = c[1], c[2], c[3]
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["l1d.invalidate"] = mode }
  local k = gpu:load_ptx_text(LOAD, "rd.ptx"):kernel("rd")
  local a, out = gpu:array("u32", 32, { fill = 7 }), gpu:array("u32", 32)
  gpu:launch(k, { grid = 1, block = 32 }, a, out)
  T.is(total(gpu, "l1d.misses"), 2, mode .. ": the first launch misses (the load and the store)")
  local valid = 0
  for _, l in ipairs(gpu:sm(0).l1d:lines()) do if l.valid then valid = valid + 1 end end
  T.is(valid, valid_after, mode .. ": " .. valid_after .. " valid L1D line(s) between the launches")
  gpu:launch(k, { grid = 1, block = 32 }, a, out)
  T.is(total(gpu, "l1d.hits"), hits2, mode .. ": the second launch " .. (hits2 == 1 and "hits" or "misses again"))
  T.is(gpu:machine().l1d_invalidate, mode, "gpu:machine().l1d_invalidate")
  gpu:close()
end

-- Two CTAs one after the other on one SM (one CTA at a time): the second
-- arrives in the cycle the first one's last warp leaves, so GPGPU-Sim's
-- idle-cycle invalidation never sees the SM idle and the line stays.
do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["sm.ctas"] = 1, ["l1d.invalidate"] = "idle" }
  local k = gpu:load_ptx_text(LOAD, "rd.ptx"):kernel("rd")
  local a, out = gpu:array("u32", 32, { fill = 7 }), gpu:array("u32", 64)
  gpu:launch(k, { grid = 2, block = 32 }, a, out)
  T.is(total(gpu, "l1d.misses"), 3, "idle, two CTAs back to back: the first load and both stores miss")
  T.is(total(gpu, "l1d.hits"), 1, "idle, two CTAs back to back: the second CTA hits")
  gpu:close()
end

-- A global store that hits in L1 under l1d.write=local-wb: GPGPU-Sim's 'L'
-- policy (and Fermi) evicts the line (l1d.write_global=evict), so the load
-- after it misses; write-through keeps it.
local RWR = HEAD .. [[
.visible .entry rwr(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<5>;
  .reg .b64 %rd<6>;
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.u32 %r2, [%rd4];
  add.u32 %r3, %r2, 1;
  st.global.u32 [%rd4], %r3;
  ld.global.u32 %r4, [%rd4];
  add.s64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r4;
  ret;
}
]]
for _, c in ipairs{ { "evict", 1, 3 }, { "through", 2, 2 } } do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["l1d.write_global"] = c[1] }
  local k = gpu:load_ptx_text(RWR, "rwr.ptx"):kernel("rwr")
  local a, out = gpu:array("u32", 32, { fill = 4 }), gpu:array("u32", 32)
  gpu:launch(k, { grid = 1, block = 32 }, a, out)
  T.is(out[31], 5, c[1] .. ": the load after the store sees it")
  T.is(total(gpu, "l1d.hits"), c[2], c[1] .. ": L1D hits (the store" .. (c[2] == 2 and " and the second load)" or ")"))
  T.is(total(gpu, "l1d.misses"), c[3], c[1] .. ": L1D misses")
  gpu:close()
end

-- L2 per request and per 32-byte sector: a warp's 32 consecutive words
-- bypassing L1 (ld.global.cg) are one 128-byte request, four sectors.  The
-- first launch also fetches the kernel parameters (constant misses), so
-- the counts are taken between launches 2 and 3.
local CG = HEAD .. [[
.visible .entry cg(.param .u64 a, .param .u32 blk, .param .u64 out)
{
  .reg .b32 %r<6>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [a];
  ld.param.u32 %r3, [blk];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, %tid.x;
  shl.b32 %r4, %r3, 5;
  add.u32 %r5, %r4, %r1;
  mul.wide.u32 %rd3, %r5, 4;
  add.s64 %rd4, %rd1, %rd3;
  ld.global.cg.u32 %r2, [%rd4];
  mul.wide.u32 %rd6, %r1, 4;
  add.s64 %rd5, %rd2, %rd6;
  st.global.u32 [%rd5], %r2;
  ret;
}
]]
do
  -- (mem.copy_to_l2=false: the array's fill would put its lines in the L2)
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["l1i.enable"] = false, ["mem.copy_to_l2"] = false }
  local k = gpu:load_ptx_text(CG, "cg.ptx"):kernel("cg")
  local a, out = gpu:array("u32", 4096, { fill = 3 }), gpu:array("u32", 32)
  gpu:launch(k, { grid = 1, block = 32 }, a, 0, out)
  local function snap()
    local t = gpu:stats().total
    return { t["l2.accesses"], t["l2.sectors.accesses"], t["l2.sectors.hits"], t["l2.sectors.misses"],
             t["l2.misses"] }
  end
  local s1 = snap()
  gpu:launch(k, { grid = 1, block = 32 }, a, 1, out)          -- a new line: read misses
  local s2 = snap()
  gpu:launch(k, { grid = 1, block = 32 }, a, 1, out)          -- the same line: read hits
  local s3 = snap()
  -- each launch also writes 128 bytes (the store): one request, four sectors
  T.is(s2[1] - s1[1], 2, "a new line: two L2 requests (the read and the store)")
  T.is(s2[2] - s1[2], 8, "a new line: eight sector accesses")
  T.is(s2[4] - s1[4], 4, "a new line: the read's four sectors miss (the store's line was written before)")
  T.is(s3[1] - s2[1], 2, "the same line: two requests")
  T.is(s3[3] - s2[3], 8, "the same line: eight sector hits")
  T.is(s3[5] - s2[5], 0, "the same line: no request misses")
  gpu:close()
end

-- The two latencies over the same requests (reads only: a kernel without
-- its store): GPGPU-Sim's, from the partition on, is shorter by the trip there.
do
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1 }
  local k = gpu:load_ptx_text((CG:gsub("  st%.global[^\n]*\n", "")), "cg.ptx"):kernel("cg")
  gpu:launch(k, { grid = 1, block = 32 }, gpu:array("u32", 64), 0, gpu:array("u32", 32))
  local t = gpu:stats().total
  T.is(t["mem.part_latency_n"], t["mem.latency_n"], "reads only: both latencies count the same requests")
  T.ok(t["mem.avg_part_latency"] > 0 and t["mem.avg_part_latency"] < t["mem.avg_latency"],
       ("latency from the partition (%.1f) leaves out the trip there (%.1f in all)"):format(
         t["mem.avg_part_latency"], t["mem.avg_latency"]))
  gpu:close()
end

-- Host copies leave their data in the L2 (mem.copy_to_l2, GPGPU-Sim's
-- -gpgpu_perf_sim_memcpy): a kernel's first read of a copied line hits
-- there; an element store from the host makes only its own sector valid.
do
  local function first_read(copy, how)
    local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["l1i.enable"] = false, ["mem.copy_to_l2"] = copy }
    local k = gpu:load_ptx_text((CG:gsub("  st%.global[^\n]*\n", "")), "cg.ptx"):kernel("cg")
    local a = gpu:array("u32", 64)
    if how == "array" then a:write({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
                                     21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32 })
    elseif how == "fill" then a:fill(9)
    else a[0] = 5 end
    local before = gpu:stats().total
    gpu:launch(k, { grid = 1, block = 32 }, a, 0, gpu:array("u32", 32))
    local t = gpu:stats().total
    local d = {}
    for _, key in ipairs{ "l2.sectors.hits", "l2.sectors.misses", "l2.sectors.accesses" } do
      d[key] = t[key] - (before[key] or 0)
    end
    gpu:close()
    return d
  end
  -- (the launch also reads its parameters: a constant line, two sectors, a miss)
  local w = first_read(true, "array")
  T.is(w["l2.sectors.hits"], 4, "a:write: the kernel's read of the copied line hits in four sectors")
  T.is(w["l2.sectors.misses"], 2, "a:write: only the parameters' sectors miss")
  T.is(first_read(true, "fill")["l2.sectors.hits"], 4, "a:fill: the line is in the L2 too")
  local e = first_read(true, "element")
  T.is(e["l2.sectors.hits"], 1, "a[0] = 5: its sector hits")
  T.is(e["l2.sectors.misses"], 3 + 2, "a[0] = 5: the line's three other sectors miss (+ the parameters')")
  local n = first_read(false, "array")
  T.is(n["l2.sectors.hits"], 0, "mem.copy_to_l2=false: nothing of the copy is in the L2")
  T.is(n["l2.sectors.misses"], 4 + 2, "mem.copy_to_l2=false: the read misses in four sectors")
end

-- With the L1I on, every instruction miss is one more L2 request of four sectors.
do
  local r = {}
  for _, on in ipairs{ false, true } do
    local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["l1i.enable"] = on }
    local k = gpu:load_ptx_text(CG, "cg.ptx"):kernel("cg")
    gpu:launch(k, { grid = 1, block = 32 }, gpu:array("u32", 64), 0, gpu:array("u32", 32))
    local t = gpu:stats().total
    r[on] = { t["l2.accesses"], t["l2.sectors.accesses"], t["l1i.misses"] }
    gpu:close()
  end
  T.ok(r[true][3] > 0, "the cold kernel misses in the L1I")
  T.is(r[true][1] - r[false][1], r[true][3], "L2 requests grow by the L1I misses")
  T.is(r[true][2] - r[false][2], 4 * r[true][3], "L2 sector accesses grow by four per L1I miss")
end

T.done()
