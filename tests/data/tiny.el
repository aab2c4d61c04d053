% tiny test graph: source target weight (0-based)
0 1 4
0 2 1
2 1 2
1 3 1
2 3 5
3 4 3
4 0 7
5 4 2
