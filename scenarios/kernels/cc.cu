/* cc.cu: connected components by label propagation (min-label), one thread
 * per vertex, iterated until no label changes.
 *
 * Algorithm: label propagation as in the connected-components kernels of
 * GraphBIG and Pannotia (and the hooking step of Shiloach-Vishkin): every
 * vertex starts with its own id as label and pushes its label to its
 * neighbours with atomicMin; at the fixed point every vertex holds the
 * smallest vertex id of its component.  The code is our own.
 *
 * Graph: the SYMMETRIZED graph (u -> v present whenever v -> u is) in int32
 * CSR, row[n+1] offsets into col[m].  On a directed graph the result would be
 * "smallest id that reaches v", not the components.
 *
 * Kernels and parameters:
 *   cc_init(label, n)                      label[v] = v
 *   cc_propagate(row, col, label, n, changed)
 *       for every edge v -> u: label[u] = min(label[u], label[v]);
 *       changed (int, set to 0 by the host) becomes 1 when a label fell.
 *
 * Host loop (block = 256, grid = ceil(n / 256)):
 *   cc_init<<<grid, block>>>(label, n);
 *   do {
 *       changed = 0;
 *       cc_propagate<<<grid, block>>>(row, col, label, n, &changed);
 *   } while (changed);          // at most (longest shortest path + 1) launches
 *
 * CPU reference: union-find or BFS per component; label[v] = smallest vertex
 * id in v's component.  Exact and deterministic: labels only decrease, and
 * the fixed point is unique.
 */

extern "C" __global__ void cc_init(int *label, int n)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v < n)
        label[v] = v;
}

extern "C" __global__ void cc_propagate(const int *row, const int *col,
                                        int *label, int n, int *changed)
{
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n)
        return;
    int lv = label[v];
    for (int e = row[v]; e < row[v + 1]; e++) {
        int u = col[e];
        if (lv < label[u] && atomicMin(&label[u], lv) > lv)
            *changed = 1;
    }
}
