-- The warpscope Lua module loads from the data directory and answers basics.
local T = require "tap"
local ws = require "warpscope"
T.ok(type(ws.version) == "string" and ws.version:match("^%d+%.%d+%.%d+$"), "ws.version")
T.ok(ws.datadir ~= nil, "ws.datadir")
local f = io.open(ws.data_path("lua/warpscope.lua"))
T.ok(f ~= nil, "data_path finds the Lua library")
if f then f:close() end
T.is(ws.options.batch, true, "tests run in batch mode")
T.done()
