-- kernels.lua: random CUDA kernels, compiled by nvcc (-O3 and -G), run by
-- the functional engine and by the timing model on every preset and with
-- other schedulers, prefetchers, throttles and cache policies; every
-- output must be the same, and stepping every cycle, running in slices by
-- gpu:step or recording must give the statistics of a plain run.  The
-- kernels are race-free by construction (each thread writes its own
-- outputs; shared memory between two barriers at the top level; atomics
-- only add, so their sums do not depend on the order), with divergent
-- branches, data-dependent loops, gathers, shuffles, votes,
-- local arrays, constant memory, __ldg, shared-memory atomics, and 64-bit,
-- float and double math.  A difference, an error or a deadlock is a
-- finding (the first runs found the two-level scheduler deadlocking).
--
-- Needs nvcc (PATH or /usr/local/cuda/bin) and a scratch directory:
--   cd "$(mktemp -d)" && FZ_FIRST=1 FZ_LAST=200 \
--     /path/to/build-san/warpscope --batch /path/to/tests/fuzz/kernels.lua
-- Each seed writes kSEED.cu and kSEED.O3.ptx / kSEED.G.ptx, removed when
-- the seed passes; a failing one leaves them and prints "FINDING".
local ws = require "warpscope"
local first = tonumber(os.getenv("FZ_FIRST") or "1")
local last = tonumber(os.getenv("FZ_LAST") or tostring(first))
local nvcc = os.getenv("NVCC") or "nvcc"
if not os.execute(nvcc .. " --version >/dev/null 2>&1") then
  nvcc = "/usr/local/cuda/bin/nvcc"
  if not os.execute(nvcc .. " --version >/dev/null 2>&1") then
    io.stderr:write("kernels.lua: no nvcc (set NVCC)\n")
    os.exit(77)
  end
end

-- One kernel's source, its grid and its block for seed s.
local function generate(s)
  math.randomseed(s)
  local R = math.random
  local out, depth, nstmt = {}, 0, 0
  local function pick(t) return t[R(#t)] end
  local function iv() return "v" .. R(0, 5) end
  local function fv() return "f" .. R(0, 2) end
  local function put(line) out[#out + 1] = string.rep("    ", depth + 1) .. line end
  local function iexpr()
    local a, b = iv(), iv()
    return pick{
      a .. " + " .. b, a .. " - " .. b, a .. " * " .. b, a .. " & " .. b, a .. " | " .. b, a .. " ^ " .. b,
      a .. " << (" .. b .. " & 31)", a .. " >> (" .. b .. " & 31)", "(int)((unsigned)" .. a .. " >> (" .. b .. " & 31))",
      a .. " / (" .. b .. " | 1)", a .. " % (" .. b .. " | 1)", "min(" .. a .. ", " .. b .. ")",
      "max(" .. a .. ", " .. b .. ")", "abs(" .. a .. ")", "__popc(" .. a .. ")", "__clz(" .. a .. ")",
      "__brev(" .. a .. ")", "__mulhi(" .. a .. ", " .. b .. ")", "__ffs(" .. a .. ")",
      "in[(unsigned)(" .. a .. ") % n]", "(int)" .. fv(), "(" .. a .. " > " .. b .. " ? " .. a .. " : " .. b .. " + 1)",
      tostring(R(-1000, 1000)) }
  end
  local function fexpr()
    local a, b = fv(), fv()
    return pick{
      a .. " + " .. b, a .. " - " .. b, a .. " * " .. b, "sqrtf(fabsf(" .. a .. "))", "(float)" .. iv(),
      "fin[(unsigned)(" .. iv() .. ") % n]", "fminf(" .. a .. ", " .. b .. ")", a .. " / (" .. b .. " + 2.5f)",
      string.format("%.3ff", R() * 20 - 10) }
  end
  local stmt
  local function block(n) depth = depth + 1; for _ = 1, n do stmt(false) end; depth = depth - 1 end
  function stmt(top)
    nstmt = nstmt + 1
    local c = R(0, top and 16 or 8)
    if not top and R() < 0.25 then c = R(14, 15) end
    if (c == 6 or c == 7) and depth >= 3 then c = 0 end    -- (no deeper nesting)
    -- (barriers, shuffles and votes, c 9 to 12 and 16, only at the top
    -- level: in divergent code the threads would not meet the same ones)
    if c <= 3 then put(iv() .. " = " .. iexpr() .. ";")
    elseif c <= 5 then put(fv() .. " = " .. fexpr() .. ";")
    elseif c == 6 then
      put("if (" .. iv() .. " " .. pick{ "<", ">", "==", "!=", "<=" } .. " " .. iv() .. ") {")
      block(R(1, 3))
      if R() < 0.5 then put("} else {"); block(R(1, 3)) end
      put("}")
    elseif c == 7 then
      local i = "i" .. nstmt
      put(("for (int %s = 0; %s < (%s & 7); %s++) {"):format(i, i, iv(), i))
      depth = depth + 1
      put(iv() .. " += " .. i .. ";")
      depth = depth - 1
      block(R(1, 3))
      put("}")
    elseif c == 8 then put("atomicAdd(&acc[(unsigned)(" .. iv() .. ") % 4], " .. iv() .. " & 255);")
    elseif c == 9 then
      put("sh[threadIdx.x] = " .. iv() .. ";")
      put("__syncthreads();")
      put(iv() .. " = sh[(threadIdx.x + " .. R(1, 63) .. ") % blockDim.x];")
      put("__syncthreads();")
    elseif c == 10 then
      put(iv() .. " = __shfl_sync(0xffffffffu, " .. iv() .. ", " ..
          pick{ "lane + 1", "lane ^ 5", "31 - lane", tostring(R(0, 31)) } .. ");")
    elseif c == 11 then
      put("loc[(unsigned)(" .. iv() .. ") & 7] = " .. iv() .. ";")
      put(iv() .. " = loc[(unsigned)(" .. iv() .. ") & 7];")
    elseif c == 12 then
      put(iv() .. " = __any_sync(0xffffffffu, " .. iv() .. " > " .. iv() .. ") + __ballot_sync(0xffffffffu, " ..
          iv() .. " & 1);")
    elseif c == 13 then
      put("atomicAdd(&facc[0], 1.0f);")
    elseif c == 14 then          -- constant memory, the read-only path, 64-bit and double math
      put(iv() .. " += cst[(unsigned)(" .. iv() .. ") & 63] + __ldg(&in[(unsigned)(" .. iv() .. ") % n]);")
    elseif c == 15 then
      put("l0 = l0 * " .. iv() .. " + (long long)" .. iv() .. " * " .. R(1, 99999) .. "LL;")
      put("d0 = d0 * 0.75 + (double)" .. iv() .. " / (double)((" .. iv() .. " & 15) + 1);")
      put(iv() .. " ^= (int)(l0 >> " .. R(0, 40) .. ") + (int)d0;")
    else                         -- shared-memory atomics between barriers
      put("if (threadIdx.x < 8) shc[threadIdx.x] = 0;")
      put("__syncthreads();")
      put("atomicAdd(&shc[(unsigned)(" .. iv() .. ") & 7], " .. iv() .. " & 1023);")
      put("__syncthreads();")
      put(iv() .. " += shc[(unsigned)(" .. iv() .. ") & 7];")
      put("__syncthreads();")
    end
  end
  for _ = 1, R(4, 29) do stmt(true) end
  local cst = {}
  for i = 1, 64 do cst[i] = tostring(R(-100000, 100000)) end
  local src = ([[
__constant__ int cst[64] = { ]] .. table.concat(cst, ", ") .. [[ };
extern "C" __global__ void k(const int *in, const float *fin, int *out, float *fout, int *acc, float *facc, int n)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned lane = threadIdx.x & 31;
    __shared__ int sh[1024];
    __shared__ int shc[8];
    int loc[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    long long l0 = t;
    double d0 = 0.5;
    int v0 = in[t %% n], v1 = in[(t * 7 + 3) %% n], v2 = t, v3 = (int)lane, v4 = blockIdx.x, v5 = -t;
    float f0 = fin[t %% n], f1 = fin[(t * 13 + 1) %% n], f2 = (float)t * 0.5f;
%s
    out[t * 6 + 0] = v0; out[t * 6 + 1] = v1; out[t * 6 + 2] = v2;
    out[t * 6 + 3] = v3 + (int)(l0 ^ (l0 >> 32)); out[t * 6 + 4] = v4 + (int)d0;
    out[t * 6 + 5] = v5 + loc[(unsigned)v0 & 7];
    fout[t * 3 + 0] = f0; fout[t * 3 + 1] = f1; fout[t * 3 + 2] = f2;
}
]]):format(table.concat(out, "\n"))
  return src, R(1, 39), 32 * R(1, 16)
end

local N = 1000
-- Run kernel file `ptx` with options `opts`; its four output arrays.
-- (opts._step: begin the launch with gpu:start and run it by gpu:step in
-- random slices of 1 to 3,000 cycles, as the TUI does, then gpu:finish;
-- opts._twice: launch the kernel twice, so that the atomic sums double;
-- opts._record: record warp histories, which keeps every LD/ST unit awake)
local function run(ptx, grid, block, opts)
  local o = { quiet = true }
  for key, v in pairs(opts) do if key:sub(1, 1) ~= "_" then o[key] = v end end
  local gpu = ws.gpu(o)
  local k = gpu:load_ptx(ptx):kernel("k")
  local ins, fins = {}, {}
  for i = 1, N do ins[i] = (i * 2654435761) % 100003 - 50000; fins[i] = ((i * 40503) % 1000) / 37.0 - 10 end
  local nt = grid * block
  local a = { gpu:array("i32", nt * 6), gpu:array("f32", nt * 3), gpu:array("i32", 4), gpu:array("f32", 1) }
  local args = { gpu:array("i32", ins), gpu:array("f32", fins), a[1], a[2], a[3], a[4], N }
  if opts._record then gpu:record(true) end
  if opts._twice then      -- a second launch on the same gpu: warm caches, trained prefetchers
    gpu:launch(k, { grid = grid, block = block }, table.unpack(args))
  end
  if opts._step then
    gpu:start(k, { grid = grid, block = block }, table.unpack(args))
    while gpu:step(math.random(1, 3000)) ~= "done" do end
    gpu:finish()
  else
    gpu:launch(k, { grid = grid, block = block }, table.unpack(args))
  end
  local r = { a[1]:read(), a[2]:read(), a[3]:read(), a[4]:read() }
  r.stats = o.mode ~= "functional" and gpu:stats().total or nil
  gpu:close()
  return r
end

local configs = {
  { preset = "gtx480" }, { ["run.skip_idle"] = false }, { _step = true }, { _record = true },
  { preset = "g80-mtp" },
  { preset = "fermi-thesis" },
  { preset = "gtx980" }, { preset = "v100" }, { preset = "gtx480-l1-48k" },
  { ["sm.sched"] = "lrr" }, { ["sm.sched"] = "two-level" },
  { ["sm.sched"] = "two-level", ["sm.sched_active"] = 1, ["sm.schedulers"] = 1 },
  { ["pf.policy"] = "mthwp", ["throttle.policy"] = "mt" }, { ["pf.policy"] = "dsap" },
  { ["pf.policy"] = "stridepc", ["pf.dest"] = "pfc", ["throttle.policy"] = "feedback" },
  { ["pf.policy"] = "ghb-stride", ["throttle.policy"] = "lateness" }, { ["pf.policy"] = "nextline" },
  { ["l1d.enable"] = false }, { ["l1d.write"] = "wb", ["coalesce.arch"] = "sector" },
  { ["pf.policy"] = "stride", _twice = true }, { preset = "v100", _twice = true, _step = true },
}
-- Runs that must give the same statistics as the one before them in the
-- list (all but cycles_skipped): stepping every cycle as skipping idle
-- ones (the gtx480 run), running in slices as in one go, and recording as
-- not.
local same_stats = { [2] = true, [3] = true, [4] = true }
local function describe(c)
  local t = {}
  for key, v in pairs(c) do t[#t + 1] = key .. "=" .. tostring(v) end
  table.sort(t)
  return table.concat(t, " ")
end

-- The first difference between two runs, or nil (times: how many
-- launches `got` made).
local function differ(ref, got, times)
  for j = 1, 4 do
    local x, y = ref[j], got[j]
    if #x ~= #y then return ("array %d: %d elements against %d"):format(j, #x, #y) end
    for i = 0, #x - 1 do
      local p, q = x[i], y[i]
      if j >= 3 then p = p * times end     -- (the atomic sums)
      if not (p == q or (p ~= p and q ~= q)) then
        return ("array %d index %d: %s against %s"):format(j, i, tostring(p), tostring(q))
      end
    end
  end
end

local findings = 0
for s = first, last do
  local src, grid, block = generate(s)
  local cu = "k" .. s .. ".cu"
  local f = assert(io.open(cu, "w"))
  f:write(src)
  f:close()
  local keep = false
  for _, mode in ipairs{ "O3", "G" } do
    local ptx = ("k%d.%s.ptx"):format(s, mode)
    if not os.execute(("%s -ptx -%s %s -o %s 2>/dev/null"):format(nvcc, mode, cu, ptx)) then
      print(("nvcc failed: seed %d %s"):format(s, mode))
      keep = true
    else
      local bad
      local ok, ref = pcall(run, ptx, grid, block, { mode = "functional" })
      if not ok then bad = "functional: " .. tostring(ref) end
      local prev
      for ci, c in ipairs(configs) do
        if bad then break end
        local okc, got = pcall(run, ptx, grid, block, c)
        if not okc then
          if not tostring(got):find("can never fit", 1, true) then bad = describe(c) .. ": " .. tostring(got) end
        else
          local d = differ(ref, got, c._twice and 2 or 1)
          if d then bad = describe(c) .. ": differs from the functional engine at " .. d end
          if not bad and same_stats[ci] and prev then
            for key, v in pairs(prev.stats) do
              local w = got.stats[key]
              if key ~= "cycles_skipped" and not (v == w or (v ~= v and w ~= w)) then
                bad = ("%s: statistic %s is %s, %s with the run before"):format(describe(c), key, tostring(w),
                                                                               tostring(v))
                break
              end
            end
          end
        end
        prev = okc and got or nil
      end
      if bad then
        findings = findings + 1
        keep = true
        print(("FINDING seed %d %s (grid %d, block %d): %s"):format(s, mode, grid, block, bad:match("[^\n]*")))
      else
        os.remove(ptx)
        print(("ok %d %s"):format(s, mode))
      end
    end
  end
  if not keep then os.remove(cu) end
end
print(("%d finding(s) in seeds %d..%d"):format(findings, first, last))
os.exit(findings == 0 and 0 or 1)
