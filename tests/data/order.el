% neighbours listed out of order (tests/graph_lua.lua: keep_order, relabel appearance)
2 3
0 2
2 0
0 1
1 2
2 1
