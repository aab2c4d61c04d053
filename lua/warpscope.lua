-- warpscope: the friendly Lua layer over the C primitives in warpscope.core.
-- Scenarios `require "warpscope"`; everything they use is reachable from here.
local core = require "warpscope.core"

local M = {}

M.version = core.version()
M.commit = core.commit()
M.datadir = core.datadir()
M.options = core.options
M.buffer = core.buffer
M.graph = core.graph
M.check = require "warpscope.check"

-- ws.gpu{ opts }: a new GPU (see warpscope-lua(7) for the options).  The C
-- function itself, so that its errors name the script's line.
M.gpu = core.gpu.new

-- Path of a file shipped with warpscope (kernels, scenarios), relative to the
-- data directory: ws.data_path("scenarios/kernels/bfs_topo.ptx").
function M.data_path(rel)
  if type(rel) ~= "string" then
    error(("ws.data_path: expected a path relative to the data directory (a string), got %s"):format(type(rel)), 2)
  end
  return M.datadir .. "/" .. rel
end

return M
