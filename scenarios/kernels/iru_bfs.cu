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
 * Software culling (Merrill, Garland, Grimshaw, TOPC 2015, "Scalable GPU
 * Graph Traversal", the paper's BFS baseline; A8 item 3): the *_cull
 * contract kernels cull an element before touching label when
 *   - warp culling: another lane of the same warp holds the same vertex
 *     (each warp hashes its vertices into 128 slots of shared memory; a
 *     lane whose vertex is in its slot writes its lane id, and only the
 *     lane that reads its own id back goes on: the others are duplicates.
 *     Hash collisions only let duplicates through, never cull a unique
 *     vertex);
 *   - history culling: another thread of the block went on with the same
 *     vertex (a block-wide table of 256 vertex ids in shared memory, the
 *     slot of a vertex its low 8 bits; only a thread that wrote its vertex
 *     there goes on, so a vertex found there is being handled);
 *   - bitmask culling: the vertex's bit in the visited bitmask (one bit a
 *     vertex, read through L1) is set; a thread that finds the vertex
 *     labelled, or claims it, sets the bit with a plain read-modify-write
 *     (a lost update only culls less: the label's atomicCAS decides).
 *   iru_bfs_contract_cull(efront, en, label, bitmask, distance, vfront, vn)
 *   iru_bfs_contract_iru_cull(en, label, bitmask, distance, vfront, vn)
 * The IRU version applies the same culling to the elements load_iru gives
 * (the paper's IRU kernels are its baselines with the load replaced).
 * Blocks of at most 256 threads (the warp hash is 8 warps x 128 slots).
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

/* Merrill-style culling of one element, then the visit.  `live` says
 * whether this lane holds an element at all; every lane of the warp calls
 * it (the warp hash needs the whole warp in step). */
static __device__ __forceinline__ void cull_visit(bool live, int edge, int *label, unsigned *bitmask,
                                                  int distance, int *vfront, int *vn)
{
    __shared__ int hash[256 / 32][128];
    __shared__ int history[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
        history[i] = -1;
    __syncthreads();
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int *h = hash[warp];
    int slot = edge & 127;
    if (live)
        h[slot] = edge;
    __syncwarp();
    bool mine = live && h[slot] == edge;     /* my vertex holds the slot */
    __syncwarp();
    if (mine)
        h[slot] = lane;
    __syncwarp();
    bool dup = mine && h[slot] != lane;      /* another lane with it won */
    __syncwarp();
    if (!live || dup)
        return;
    int *seen = &history[edge & 255];
    if (*seen == edge)
        return;         /* a thread of this block has it (and goes on with it) */
    *seen = edge;
    unsigned bit = 1u << (edge & 31);
    unsigned word = bitmask[edge >> 5];
    if (word & bit)
        return;
    if (label[edge] >= 0 || atomicCAS(&label[edge], -1, distance) != -1) {
        bitmask[edge >> 5] = word | bit;
        return;
    }
    bitmask[edge >> 5] = word | bit;
    vfront[atomicAdd(vn, 1)] = edge;
}

extern "C" __global__ void iru_bfs_contract_cull(const int *efront, int en, int *label, unsigned *bitmask,
                                                 int distance, int *vfront, int *vn)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    bool live = pos < en;
    int edge = live ? efront[pos] : 0;
    cull_visit(live, edge, label, bitmask, distance, vfront, vn);
}

extern "C" __global__ void iru_bfs_contract_iru_cull(int en, int *label, unsigned *bitmask, int distance,
                                                     int *vfront, int *vn)
{
    int pos = blockIdx.x * blockDim.x + threadIdx.x;
    int edge = 0;
    bool live = pos < en && load_iru(edge);
    cull_visit(live, edge, label, bitmask, distance, vfront, vn);
}
