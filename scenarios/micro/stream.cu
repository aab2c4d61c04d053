/* stream.cu: bandwidth probe, the STREAM copy kernel (McCalpin, "Memory
 * bandwidth and machine balance", 1995) with a grid-stride loop over
 * 16-byte elements, so each warp access covers four 128-byte lines.
 *
 *   copy4(src, dst, n)   dst[i] = src[i] for i < n (int4 elements)
 *   read4(src, n, out)   out[t] = sum over thread t's elements of x+y+z+w
 *                        (mod 2^32): a read-only stream (one word written
 *                        per thread at the end)
 *
 * CPU reference: memcpy, and the same sums in C.  The code is our own. */
extern "C" __global__ void copy4(const int4 *src, int4 *dst, int n)
{
    int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        dst[i] = src[i];
}

extern "C" __global__ void read4(const int4 *src, int n, unsigned *out)
{
    int stride = gridDim.x * blockDim.x;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned s = 0;
    for (int i = t; i < n; i += stride) {
        int4 v = src[i];
        s += (unsigned)v.x + (unsigned)v.y + (unsigned)v.z + (unsigned)v.w;
    }
    out[t] = s;
}
