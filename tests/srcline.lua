-- srcline.lua: CUDA source lines (issue 37).  A hand-written kernel whose
-- .loc directives put the load on missy.cu:20 and the add on missy.cu:21:
-- w:info() and the warps list give cu_file and cu_line, the wait names the
-- load's CUDA line, step_warp's sentence has "missy.cu:20", the history
-- has them, a cu breakpoint stops there (and bad ones are refused); PTX
-- without .loc has none of the keys.  Then the shipped bfs_level kernel
-- (nvcc -lineinfo): a breakpoint on bfs_level.cu:42 stops at the store of
-- dist[v], PTX line 84.
local T = require "tap"
local ws = require "warpscope"

local PTX = [[
.version 7.0
.target sm_75
.address_size 64
.visible .entry missy(.param .u64 a, .param .u64 out)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  .loc 1 18 3
  ld.param.u64 %rd1, [a];
  ld.param.u64 %rd2, [out];
  .loc 1 20 5
  ld.global.u32 %r1, [%rd1];
  .loc 1 21 5
  add.u32 %r2, %r1, 1;
  .loc 1 22 5
  st.global.u32 [%rd2], %r2;
  ret;
}
	.file	1 "/somewhere/missy.cu"
]]

local function fresh(text)
  local gpu = ws.gpu{ quiet = true, ["sm.count"] = 1, ["mem.copy_to_l2"] = false }
  local k = gpu:load_ptx_text(text, "missy.ptx"):kernel("missy")
  local a = gpu:array("u32", 64, { name = "vals", fill = 41 })
  local out = gpu:array("u32", 1, { name = "out", fill = 0 })
  return gpu, k, a, out
end

local gpu, k, a, out = fresh(PTX)
gpu:record()
gpu:start(k, { grid = 1, block = 32 }, a, out)
local b = gpu:breakpoint{ cu = "missy.cu:21" }
T.is(gpu:breakpoints()[1].description, "CUDA line missy.cu:21, any warp", "description of a cu breakpoint")
local st, hit = gpu:continue()
T.is(st, "break", "a cu breakpoint stops")
T.is(hit and hit.kind, "cu", "hit.kind is cu")
T.is(hit and hit.line, 14, "at the add, PTX line 14")
T.is(hit and hit.cu_file, "missy.cu", "hit.cu_file")
T.is(hit and hit.cu_line, 21, "hit.cu_line")
gpu:delete(b)
local w = gpu:sm(0):warps()[1]
T.is(w.cu_file, "missy.cu", "warps(): cu_file (without the directory)")
T.is(w.cu_line, 21, "warps(): cu_line 21")
local info = gpu:sm(0):warp(w.slot):info()
T.is(info.cu_line, 21, "w:info(): cu_line 21")
T.is(w.wait and w.wait.line, 12, "the wait: the load on PTX line 12")
T.is(w.wait and w.wait.cu_file, "missy.cu", "... its CUDA file")
T.is(w.wait and w.wait.cu_line, 20, "... and CUDA line 20")
local hist = gpu:sm(0):warp(w.slot):history()
T.is(hist[1] and hist[1].cu_line, 20, "history: the load came from CUDA line 20")
local _, si = gpu:step_warp(0, w.slot)
local sent = si and si.waited or ""
T.ok(sent:match("^waited %d+ cycles for %%r1 %(ld%.global%.u32 at line 12, missy%.cu:20, issued %d+%)") ~= nil,
     "the sentence names the CUDA line: " .. sent)
gpu:finish()
T.is(out[0], 42, "the kernel's result")

-- a cu breakpoint of any file, and bad ones
local g3, k3, a3, o3 = fresh(PTX)
g3:start(k3, { grid = 1, block = 32 }, a3, o3)
local b3 = g3:breakpoint{ cu = 22 }
T.is(g3:continue(), "break", "cu = 22 (any file) stops")
T.is(g3:sm(0):warps()[1].cu_line, 22, "... at CUDA line 22")
g3:delete(b3)
T.raises(function() g3:breakpoint{ cu = "missy.cu:0" } end, "'cu' must be", "cu line 0 refused")
T.raises(function() g3:breakpoint{ cu = "missy.cu" } end, "'cu' must be", "cu without a line refused")
T.raises(function() g3:breakpoint{ cu = 3, line = 4 } end, "got both", "cu and line refused")
g3:finish()

-- without .loc: no CUDA keys
local plain = PTX:gsub("  %.loc [^\n]*\n", ""):gsub("\t%.file[^\n]*\n", "")
local g2, k2, a2, o2 = fresh(plain)
g2:start(k2, { grid = 1, block = 32 }, a2, o2)
g2:step(3)
local w2 = g2:sm(0):warps()[1]
T.ok(w2 and w2.cu_line == nil and w2.cu_file == nil, "PTX without .loc: no cu_file, no cu_line")
g2:finish()
T.is(o2[0], 42, "... and the same result")

-- a shipped kernel built with -lineinfo
local bg = ws.gpu{ quiet = true, ["sm.count"] = 1 }
local bk = bg:load_ptx(ws.data_path("scenarios/kernels/bfs_level.ptx")):kernel("bfs_level")
-- a path 0 - 1 - 2: row, col, dist
local row = bg:array("i32", 4, { name = "row" })
local col = bg:array("i32", 4, { name = "col" })
local dist = bg:array("i32", 3, { name = "dist" })
local changed = bg:array("i32", 1, { name = "changed" })
for i, v in ipairs{ 0, 1, 3, 4 } do row[i - 1] = v end
for i, v in ipairs{ 1, 0, 2, 1 } do col[i - 1] = v end
dist[0], dist[1], dist[2] = 0, -1, -1
bg:start(bk, { grid = 1, block = 32 }, row, col, dist, 0, 3, changed)
local bb = bg:breakpoint{ cu = "bfs_level.cu:42" }
T.is(bg:continue(), "break", "bfs_level.cu:42 stops")
local bw = bg:sm(0):warps()[1]
T.is(bw.line, 84, "... at PTX line 84")
T.ok(bw.text:match("^st%.global%.u32") ~= nil, "... the store of dist[v]: " .. tostring(bw.text))
T.is(bw.cu_file, "bfs_level.cu", "cu_file bfs_level.cu")
bg:delete(bb)
bg:finish()
T.is(dist[1], 1, "the kernel's result: dist[1] = 1")
T.done()
