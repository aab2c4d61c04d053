/* iru_bfs.cu: breadth-first search in expand / contract steps (the IRU
 * paper's BFS, Fig. 9: the contract kernel, reorder only), in a baseline
 * and an IRU version.
 *
 * Source: Segura, Arnau, Gonzalez, "Irregular Accesses Reorder Unit"
 * (seed 002; ../shared/research/seed-002-003-iru-mff.md, A3): a push BFS
 * after Merrill et al. in two steps per level.  Expand gathers the
 * neighbours of the vertex frontier into an edge frontier (duplicates and
 * visited vertices included); contract reads each element of the edge
 * frontier and sets the label of an unvisited vertex, the irregular access
 * the IRU coalesces.  The paper's contract is `label[edge] = distance`;
 * ours also builds the next vertex frontier, so the vertex is claimed with
 * atomicCAS and appended once (the code is our own).
 *
 * Graph: int32 CSR, row[n+1] offsets into col[m].
 *
 * Kernels (one thread per element, 256 threads a block in the scenario):
 *   iru_bfs_expand(row, col, vfront, vn, efront, en)
 *     for each vertex v = vfront[i], i < vn: its neighbours are appended to
 *     efront (atomicAdd on *en, set to 0 by the host)
 *   iru_bfs_contract(efront, en, label, distance, vfront, vn)
 *     baseline: edge = efront[pos] for pos < en
 *   iru_bfs_contract_iru(en, label, distance, vfront, vn)
 *     IRU: edge comes from load_iru (the host's configure_iru names
 *     target = label, elem_size = 4, indices = efront, n = en, filter none)
 *   then: if label[edge] < 0 and atomicCAS(&label[edge], -1, distance)
 *   was -1, edge is appended to vfront (*vn set to 0 by the host).
 *
 * load_iru is warpscope's PTX extension (man warpscope(1), "PTX notes"):
 * `load_iru.b32 p, idx;` gives the thread an element of the configured
 * indices array and the predicate "not filtered".  nvcc -ptx passes the
 * inline asm through; ptxas does not know it (the resource record is made
 * with it replaced, scenarios/kernels/ptxas-res.sh).
 *
 * CPU reference: the graph layer's BFS levels (label = hop distance from
 * the source, -1 unreachable); the order inside a frontier is not
 * deterministic, the labels are. */

extern "C" __global__ void iru_bfs_expand(const int *row, const int *col, const int *vfront, int vn,
                                          int *efront, int *en)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < vn) {
        int v = vfront[i];
        int b = row[v], e = row[v + 1];
        if (e > b) {
            int at = atomicAdd(en, e - b);
            for (int k = b; k < e; k++)
                efront[at + (k - b)] = col[k];
        }
    }
}

static __device__ __forceinline__ void visit(int edge, int *label, int distance, int *vfront, int *vn)
{
    if (label[edge] < 0 && atomicCAS(&label[edge], -1, distance) == -1)
        vfront[atomicAdd(vn, 1)] = edge;
}

extern "C" __global__ void iru_bfs_contract(const int *efront, int en, int *label, int distance,
                                            int *vfront, int *vn)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos < en) {
        int edge = efront[pos];
        visit(edge, label, distance, vfront, vn);
    }
}

/* The IRU's load: the next element for this thread, and whether it is one
 * (false: filtered, the thread has nothing to do). */
static __device__ __forceinline__ bool load_iru(int &edge)
{
    unsigned ok;
    asm volatile("{\n\t.reg .pred p;\n\tload_iru.b32 p, %0;\n\tselp.u32 %1, 1, 0, p;\n\t}"
                 : "=r"(edge), "=r"(ok));
    return ok != 0;
}

extern "C" __global__ void iru_bfs_contract_iru(int en, int *label, int distance, int *vfront, int *vn)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    if (pos < en) {
        int edge;
        if (load_iru(edge))
            visit(edge, label, distance, vfront, vn);
    }
}
