/* micro_chase.cu: pointer-chasing micro kernel (dependent loads) for timing
 * tests: every load's address comes from the previous load, so the chain
 * exposes the full load-to-use latency of whatever level of the memory
 * hierarchy holds next[].
 *
 * Algorithm: the classic latency probe of pointer chasing (lmbench's lat_mem_rd;
 * on GPUs Wong et al., "Demystifying GPU microarchitecture through
 * microbenchmarking", ISPASS 2010).  The code is our own.
 *
 * Kernel and parameters:
 *   micro_chase(next, start, k, out)
 *     next[]  int32 permutation / successor array: p -> next[p] (0 <= next[p] < len)
 *     start   thread t starts from index p = start + t (the caller keeps
 *             start + number of threads <= len)
 *     k       number of dependent loads per thread
 *     out[t]  unsigned sum (mod 2^32) of the k indices thread t visited
 *
 * Host: micro_chase<<<1, 1>>>(next, 0, k, out) for one chain (the timing test);
 * more threads chase independent chains.  next[] is typically a random cyclic
 * permutation with a stride larger than a cache line.
 *
 * CPU reference: p = start + t; s = 0; repeat k times { p = next[p]; s += p; }
 * out[t] = s.
 */

extern "C" __global__ void micro_chase(const int *next, int start, int k,
                                       unsigned *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int p = start + t;
    unsigned s = 0;
    for (int i = 0; i < k; i++) {
        p = next[p];
        s += (unsigned)p;
    }
    out[t] = s;
}
