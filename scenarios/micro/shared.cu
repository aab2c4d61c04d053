/* shared.cu: shared-memory bank-conflict probe.  Thread t of a warp reads
 * word (t * stride) mod 1024 of a shared array, `iters` times, accumulating
 * independent sums; with 32 four-byte banks, stride 1 touches 32 banks
 * (conflict free), stride 2 makes 2-way conflicts, 4 four-way, ... 32
 * thirty-two-way (every lane in bank 0, different words).
 *
 *   bank_probe(stride, iters, out)   any block size (multiple of 32);
 *     out[global thread] = sum over iters of smem[(t * stride + i) % 1024]
 *     where smem[j] = j (filled by the block first).
 *
 * CPU reference: the same sum in C.  The code is our own. */
extern "C" __global__ void bank_probe(int stride, int iters, unsigned *out)
{
    __shared__ unsigned smem[1024];
    for (int j = threadIdx.x; j < 1024; j += blockDim.x)
        smem[j] = j;
    __syncthreads();
    unsigned lane = threadIdx.x & 31;
    unsigned base = lane * (unsigned)stride;
    unsigned s = 0;
    for (int i = 0; i < iters; i++)
        s += smem[(base + (unsigned)i * 32u * (unsigned)stride) & 1023u];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
