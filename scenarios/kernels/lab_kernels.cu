/* lab_kernels.cu: small kernels for the teaching labs (scenarios/labs).
 *
 * lab_work(in, out, n, work)        (labs 4 and 5: prefetch throttling, latency hiding)
 *   A grid-stride loop: out[i] = in[i] after `work` steps of the linear
 *   congruential generator x = x * 1664525 + 1013904223 (mod 2^32): one
 *   coalesced load, `work` dependent integer multiply-adds, one store per
 *   element, so `work` sets the compute per memory instruction.
 *   Host: any 1-D grid; the warps stay resident until the loop ends.
 *   CPU reference: the same recurrence in 32-bit unsigned arithmetic.
 *
 * The code is our own. */

extern "C" __global__ void lab_work(const unsigned *in, unsigned *out, int n,
                                    int work)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        unsigned x = in[i];
        for (int k = 0; k < work; k++)
            x = x * 1664525u + 1013904223u;
        out[i] = x;
    }
}
