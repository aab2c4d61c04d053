/* mtp_pns.cu: a Petri-net simulation, the "pns" benchmark of the
 * many-thread-aware prefetching paper (Lee et al., MICRO 2010, Table III:
 * Parboil PNS, stride type, one delinquent stride load and one IP load,
 * 144 warps in 18 blocks, so 256 threads per block, 1 block per core).
 *
 * What Parboil's PNS does (its description): many independent runs of a
 * stochastic Petri net, each with its own random-number stream; a run
 * fires transitions chosen at random when their input places hold tokens,
 * the markings (tokens per place) live in global memory, and statistics of
 * the places are gathered from them.
 *
 * What we kept: one run per thread, its random state read once from global
 * memory at the thread's index (a load that strides across threads, not
 * within one: the IP-type delinquent load), and the marking of every run
 * in global memory interleaved by run (place p of run g at p * T + g, so a
 * warp reads one place of 32 runs in 128 contiguous bytes).  Our net is a
 * ring of P places and P transitions, transition j moving one token from
 * place j to place j + 1 (mod P); each sweep visits the transitions in
 * order and fires each enabled one with a probability drawn from the run's
 * stream, so the loop reads place j + 1 at every trip, T * 4 bytes further
 * on (the stride-type delinquent load).  The code is ours; the random
 * stream is Marsaglia's xorshift32 (13, 17, 5), not Parboil's generator.
 * Integer arithmetic only: the CPU reference (warpscope.exp_mtp) is exact.
 *
 * Kernels (same results): pns_base(seed, mark, fired, T, P, sweeps, rate),
 * pns_stride (prefetch the next trip's place, j + 2), pns_ip (prefetch the
 * seed and the place of the same lane of the next warp, g + 32), pns_mtswp
 * (both), pns_reg (the next trip's place loaded one trip ahead).  One
 * thread per run g < T (any block size; 256 in the experiments), P >= 2.
 * Per sweep, with x the run's state and c the token count of place j as
 * the sweep has left it (place 0 is read back at the end of the ring):
 *   for j = 0 .. P-1:  x ^= x << 13; x ^= x >> 17; x ^= x << 5
 *                      if c > 0 and (x >> 24) < rate: move one token j -> j+1
 * fired[g] counts the moves; mark holds the final marking. */

#define PF_STRIDE 1
#define PF_IP 2
#define PF_REG 4

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

static __device__ __forceinline__ unsigned xorshift(unsigned x)
{
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return x;
}

template <int PF>
static __device__ __forceinline__ void pns(const unsigned *seed, int *mark, int *fired, int T, int P, int sweeps,
                                           unsigned rate)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g >= T)
        return;
    if ((PF & PF_IP) && g + 32 < T)
        prefetch(&seed[g + 32]);
    unsigned x = seed[g];
    int f = 0;
    int end = g + P * T;           /* index of place P, one past the last */
#pragma unroll 1
    for (int s = 0; s < sweeps; s++) {
        int c = mark[g];
        int o = g + T;             /* index of place j + 1 */
        if (PF & PF_REG) {
            int nx = mark[o];
#pragma unroll 1
            for (; o < end; o += T) {
                int nn = o + T < end ? mark[o + T] : 0;
                x = xorshift(x);
                if (c > 0 && (x >> 24) < rate) {
                    c--;
                    nx++;
                    f++;
                }
                mark[o - T] = c;
                c = nx;
                nx = nn;
            }
        } else {
#pragma unroll 1
            for (; o < end; o += T) {
                if ((PF & PF_STRIDE) && o + T < end)
                    prefetch(&mark[o + T]);
                if ((PF & PF_IP) && g + 32 < T)
                    prefetch(&mark[o + 32]);
                int nx = mark[o];
                x = xorshift(x);
                if (c > 0 && (x >> 24) < rate) {
                    c--;
                    nx++;
                    f++;
                }
                mark[o - T] = c;
                c = nx;
            }
        }
        /* transition P-1 closes the ring: place P-1 to place 0 */
        int z = mark[g];
        x = xorshift(x);
        if (c > 0 && (x >> 24) < rate) {
            c--;
            z++;
            f++;
        }
        mark[o - T] = c;
        mark[g] = z;
    }
    fired[g] = f;
}

#define VARIANT(name, pf)                                                                            \
    extern "C" __global__ void name(const unsigned *seed, int *mark, int *fired, int T, int P, int sweeps, \
                                    unsigned rate)                                                   \
    {                                                                                                \
        pns<pf>(seed, mark, fired, T, P, sweeps, rate);                                              \
    }
VARIANT(pns_base, 0)
VARIANT(pns_stride, PF_STRIDE)
VARIANT(pns_ip, PF_IP)
VARIANT(pns_mtswp, PF_STRIDE | PF_IP)
VARIANT(pns_reg, PF_REG)
