-- Connected components by min-label propagation on the symmetrized graph.
-- usage: warpscope scenarios/cc.lua [GRAPH|default]
local ws = require "warpscope"
local S = require "warpscope.scenario"

local g = S.graph(ws, arg[1], { symmetrize = true })
local gpu = ws.gpu{}
local m = gpu:load_ptx(arg[2] or "kernels/cc.ptx")
local init, prop = m:kernel("cc_init"), m:kernel("cc_propagate")

local row = gpu:array("i32", g.row, { name = "row" })
local col = gpu:array("i32", g.col, { name = "col" })
local label = gpu:array("i32", g.n, { name = "label" })
local changed = gpu:array("i32", 1, { name = "changed" })

local shape = { grid = S.ceil_div(g.n, 256), block = 256 }
gpu:launch(init, shape, label, g.n)
local rounds = 0
repeat
  changed[0] = 0
  gpu:launch(prop, shape, row, col, label, g.n, changed)
  rounds = rounds + 1
until changed[0] == 0

local ok, msg = ws.check.equal(label:read(), g:components())
S.report(("cc on %d vertices, %d edges"):format(g.n, g.m), gpu, ok, msg,
         ("%d propagation rounds"):format(rounds))
