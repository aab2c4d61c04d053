-- warpscope: the friendly Lua layer over the C primitives in warpscope.core.
-- Scenarios `require "warpscope"`; everything they use is reachable from here.
local core = require "warpscope.core"

local M = {}

M.version = core.version()
M.datadir = core.datadir()
M.options = core.options
M.buffer = core.buffer
M.graph = core.graph
M.check = require "warpscope.check"

-- ws.gpu{ opts }: a new GPU (see warpscope-lua(7) for the options).
function M.gpu(opts)
  return core.gpu.new(opts)
end

-- Path of a file shipped with warpscope (kernels, scenarios), relative to the
-- data directory: ws.data_path("scenarios/kernels/bfs_topo.ptx").
function M.data_path(rel)
  return M.datadir .. "/" .. rel
end

return M
