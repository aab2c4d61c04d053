-- mff_micro.lua: the MFF's calls as nvcc emits them from inline asm
-- (scenarios/kernels/mff_micro.cu and its committed PTX), end to end
-- against a CPU reference (issue 34, part 2): per-vertex sums of the
-- neighbours' values gathered 32 at a time, and the bit vector of the
-- vertices with an incoming edge.
local T = require "tap"
local ws = require "warpscope"

local seed = 4242
local function rnd(n)
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % n
end

-- a CSR graph of n vertices, degrees 0..79 (some vertices need 3 calls)
local n = 300
local row, col, val = { 0 }, {}, {}
for v = 1, n do
  local d = rnd(80)
  for _ = 1, d do col[#col + 1] = rnd(n) end
  row[v + 1] = #col
end
for v = 1, n do val[v] = (v * 2654435761) % 4294967296 end
local sum, marked = {}, {}
for v = 0, n - 1 do
  local s = 0
  for e = row[v + 1], row[v + 2] - 1 do
    s = (s + val[col[e + 1] + 1]) % 4294967296
    marked[col[e + 1]] = true
  end
  sum[v] = s
end

for _, central in ipairs{ false, true } do
  local what = central and "central unit" or "unit per partition"
  local gpu = ws.gpu{ quiet = true, preset = "gtx980", ["mff.enable"] = true, ["mff.central"] = central }
  local m = gpu:load_ptx("kernels/mff_micro.ptx")
  local R = gpu:array("i32", row, { name = "row" })
  local C = gpu:array("i32", col, { name = "col" })
  local V = gpu:array("u32", val, { name = "val" })
  local out = gpu:array("u32", n, { name = "vsum" })
  local nb = (n + 7) // 8
  local BV = gpu:array("u8", nb, { name = "bv" })
  gpu:configure_mff{ c = C, v = V }
  gpu:launch(m:kernel("mff_micro_sum"), { grid = (n + 127) // 128, block = 128 }, R, n, out)
  local bad = 0
  for v = 0, n - 1 do if out[v] ~= sum[v] then bad = bad + 1 end end
  T.is(bad, 0, what .. ": mff_micro_sum equals the CPU's sums")
  local s = gpu:stats().total
  T.is(s["mff.words"], #col, what .. ": one word per edge")
  T.is(s["mff.words_in"], #col, what .. ": every word written into shared memory")
  gpu:configure_mff{ c = C, bv = BV }
  gpu:launch(m:kernel("mff_micro_mark"), { grid = (n + 127) // 128, block = 128 }, R, n)
  bad = 0
  for i = 0, nb - 1 do
    local want = 0
    for b = 0, 7 do if marked[8 * i + b] then want = want | (1 << b) end end
    if BV[i] ~= want then bad = bad + 1 end
  end
  T.is(bad, 0, what .. ": mff_micro_mark's bit vector equals the CPU's")
  s = gpu:stats().total
  T.is(s["mff.bitsets"], #col, what .. ": one bit-set per edge")
end

T.done()
