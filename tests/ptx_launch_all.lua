-- Launch every kernel of the committed PTX test files (tests/ptx, tests/core)
-- and of the
-- parser's fuzz corpus (tests/fuzz/ptx-corpus) on the timing model: one CTA
-- of 32 threads, every parameter zero (null pointers included).  A file that
-- does not parse, and a launch that stops with an error (a fault, a missing
-- parameter, the cycle or instruction budget), is fine; what this catches is
-- a crash or a sanitizer report on an odd kernel (the sanitizer build runs
-- the suite under ASan and UBSan), such as a kernel with no registers.
local T = require "tap"
local ws = require "warpscope"

local src = os.getenv("WS_SRCDIR")
if not src then T.skip_all("WS_SRCDIR is not set") end

-- the files of dir whose names match pattern
local function list(dir, pattern)
  local files = {}
  local p = assert(io.popen("ls '" .. dir .. "'"))
  for name in p:lines() do
    if name:find(pattern) then files[#files + 1] = dir .. "/" .. name end
  end
  p:close()
  table.sort(files)
  return files
end

local files = {}
for _, d in ipairs { { "tests/ptx", "%.ptx$" }, { "tests/core", "%.ptx$" },
                     { "tests/fuzz/ptx-corpus", "^%x+$" } } do
  for _, f in ipairs(list(src .. "/" .. d[1], d[2])) do files[#files + 1] = f end
end
T.ok(#files > 100, ("%d PTX files to try"):format(#files))

local nfiles, nlaunch, nok, nerr = 0, 0, 0, 0
for _, path in ipairs(files) do
  -- a fresh small GPU per file, with budgets so that endless kernels stop
  local gpu = ws.gpu { quiet = true, ["sm.count"] = 2, ["run.max_cycles"] = 200000,
                       insn_budget = 200000 }
  local okm, m = pcall(gpu.load_ptx, gpu, path)
  if okm then
    local okn, names = pcall(m.kernels, m)
    if okn and #names > 0 then nfiles = nfiles + 1 end
    for _, name in ipairs(okn and names or {}) do
      local okk, k = pcall(m.kernel, m, name)
      if okk then
        local args = {}
        for i = 1, #k.params do args[i] = 0 end
        nlaunch = nlaunch + 1
        local okl = pcall(gpu.launch, gpu, k, { grid = 1, block = 32 },
                          table.unpack(args))
        if okl then nok = nok + 1 else nerr = nerr + 1 end
      end
    end
  end
  gpu:close()
end
-- reaching this line is the test: no file crashed the process
T.ok(nfiles >= 10, ("%d files with kernels, %d launches (%d ran to the end, %d stopped with an error)")
     :format(nfiles, nlaunch, nok, nerr))
T.ok(nok > 0, "some launches ran to the end")
T.done()
