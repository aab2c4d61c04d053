/* mtswp.cu: software prefetching kernels of the many-thread-aware
 * prefetching paper (Lee et al., MICRO 2010, Sec. III): a vector add with
 * no prefetching, with inter-thread prefetching (each thread prefetches what
 * the same lane of the next warp will load: tid + 32), and with stride
 * (loop) prefetching of the next grid-stride iteration.  The prefetches are
 * PTX `prefetch.global.L1` written as inline assembly, so they go through
 * warpscope's prefetch engine (into the prefetch cache on the g80-mtp
 * preset, into L1 elsewhere).  The code is our own.
 *
 * Kernels (all compute c[i] = a[i] + b[i], float32, exact IEEE add.rn):
 *   vadd(a, b, c, n)            one element per thread
 *   vadd_ip(a, b, c, n)         ... prefetching a[tid + 32] and b[tid + 32]
 *   vadd_loop(a, b, c, n)       grid-stride loop, no prefetching
 *   vadd_loop_pf(a, b, c, n)    ... prefetching the next iteration's elements
 *
 * Host: 1-D launches; vadd and vadd_ip need grid * block >= n.
 * CPU reference: the same loop in C (the float add is bit-exact). */

static __device__ __forceinline__ void prefetch_l1(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

extern "C" __global__ void vadd(const float *a, const float *b, float *c, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n)
        c[tid] = a[tid] + b[tid];
}

extern "C" __global__ void vadd_ip(const float *a, const float *b, float *c, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int next = tid + 32;            /* the same lane of the next warp */
    if (next < n) {
        prefetch_l1(&a[next]);
        prefetch_l1(&b[next]);
    }
    if (tid < n)
        c[tid] = a[tid] + b[tid];
}

extern "C" __global__ void vadd_loop(const float *a, const float *b, float *c, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        c[i] = a[i] + b[i];
}

extern "C" __global__ void vadd_loop_pf(const float *a, const float *b, float *c, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        if (i + stride < n) {
            prefetch_l1(&a[i + stride]);
            prefetch_l1(&b[i + stride]);
        }
        c[i] = a[i] + b[i];
    }
}
