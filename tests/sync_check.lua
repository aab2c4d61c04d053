-- sync_check.lua: check.sync (compute-sanitizer's synccheck): a barrier
-- executed by only some lanes of a warp is a fault naming the PTX line of
-- each barrier, the CTA, the warp and the lanes; without the option (the
-- default) such kernels run as before.  Both engines execute barriers in
-- the functional core, so both report the same.
local T = require "tap"
local ws = require "warpscope"

local src = [[
.version 7.0
.target sm_70
.address_size 64
.visible .entry ids()
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	mov.u32 	%r1, %tid.x;
	and.b32 	%r2, %r1, 31;
	setp.lt.u32 	%p1, %r2, 16;
	@%p1 bra 	LOW;
	bar.sync 	1;
	bra.uni 	DONE;
LOW:
	bar.sync 	0;
DONE:
	ret;
}
.visible .entry some()
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	mov.u32 	%r1, %tid.x;
	setp.lt.u32 	%p1, %r1, 8;
	@!%p1 bra 	DONE;
	bar.sync 	0;
DONE:
	ret;
}
.visible .entry apart()
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	mov.u32 	%r1, %tid.x;
	setp.lt.u32 	%p1, %r1, 8;
	@%p1 bra 	LOW;
	bar.sync 	0;
	bra.uni 	DONE;
LOW:
	bar.sync 	0;
DONE:
	ret;
}
.visible .entry fine()
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	mov.u32 	%r1, %tid.x;
	sub.u32 	%r2, %r1, 32;
	setp.lt.u32 	%p1, %r2, 8;
	@%p1 exit;
	bar.sync 	0;
	ret;
}
]]

for _, mode in ipairs{ "functional", "timing" } do
  local plain = ws.gpu{ quiet = true, ["run.mode"] = mode }
  if mode == "timing" then T.is(tostring(plain:option("check.sync")), "false", "check.sync is off by default") end
  local pm = plain:load_ptx_text(src, "sync.ptx")
  for _, n in ipairs{ "ids", "some", "apart", "fine" } do
    T.ok(pcall(plain.launch, plain, pm:kernel(n), { grid = 2, block = 64 }), mode .. ": without check.sync, " .. n .. " runs")
  end

  local gpu = ws.gpu{ quiet = true, ["run.mode"] = mode, ["check.sync"] = true }
  local m = gpu:load_ptx_text(src, "sync.ptx")
  -- lanes 0-15 of each warp at bar.sync 0 (line 15), lanes 16-31 at bar.sync 1
  -- (line 12); which warp gets there first differs between the engines
  local ok, msg = pcall(gpu.launch, gpu, m:kernel("ids"), { grid = 2, block = 64 })
  local w = mode == "functional" and 1 or 0
  T.is(not ok and msg:match("sync%.ptx:.*"),
       ("sync.ptx:12: lanes of one warp at different barriers (check.sync): warp %d's lanes 0-15 executed barrier 0 "
        .. "(sync.ptx:15), its lanes 16-31 barrier 1 (sync.ptx:12) in kernel 'ids', CTA (0,0,0), thread (%d,0,0); "
        .. "instruction `bar.sync 1;` (pc 4)"):format(w, 32 * w + 16),
       mode .. ": lanes of one warp at barriers 0 and 1")
  local f = gpu:fault()
  T.ok(f and f.kind == "sync" and f.line == 12 and f.warp == w and f.lane == 16,
       mode .. ": gpu:fault() kind sync, line, warp and lane")
  -- lanes 0-7 of warp 0 execute bar.sync 0, lanes 8-31 skip it and exit
  ok, msg = pcall(gpu.launch, gpu, m:kernel("some"), { grid = 2, block = 64 })
  T.is(not ok and msg:match("sync%.ptx:.*"),
       "sync.ptx:28: barrier executed by only some lanes of a warp (check.sync): warp 0's lanes 0-7 executed barrier 0 "
       .. "(sync.ptx:26) without its lanes 8-31, which exit at sync.ptx:28 in kernel 'some', CTA (0,0,0), thread (8,0,0); "
       .. "instruction `ret;` (pc 4)", mode .. ": a barrier only some lanes execute")
  -- the same barrier id at two places in divergent code
  ok, msg = pcall(gpu.launch, gpu, m:kernel("apart"), { grid = 2, block = 64 })
  T.is(not ok and msg:match("sync%.ptx:.*"),
       "sync.ptx:37: divergent barrier (check.sync): warp 0's lanes 0-7 executed barrier 0 at sync.ptx:40, its lanes "
       .. "8-31 at sync.ptx:37 in kernel 'apart', CTA (0,0,0), thread (8,0,0); instruction `bar.sync 0;` (pc 3)",
       mode .. ": barrier 0 at two places, in divergent code")
  -- lanes that exited before a barrier (threads 32-39) are fine
  ok, msg = pcall(gpu.launch, gpu, m:kernel("fine"), { grid = 2, block = 64 })
  T.ok(ok, mode .. ": whole warps at barriers pass the check " .. tostring(msg))
end

-- the option from the command line
local W = os.getenv("WARPSCOPE")
if W then
  local tmp = os.tmpname()
  local fh = io.open(tmp, "w"); fh:write("x = 1\n"); fh:close()
  local p = io.popen(W .. " --set check.sync=maybe --batch " .. tmp .. " 2>&1; echo status $?")
  local out = p:read("a")
  p:close()
  os.remove(tmp)
  T.ok(out:find("check.sync", 1, true) and out:find("status 2", 1, true), "a bad check.sync value is refused: " .. out)
end
T.done()
