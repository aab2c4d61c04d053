/* coalesce.cu: coalescing probe.  Each thread loads a[t * stride] once:
 * stride 1 makes a warp read 128 consecutive bytes (one request on a
 * Fermi-style coalescer), stride 32 puts every lane in its own 128-byte
 * line (32 requests).
 *
 *   gather(a, stride, out)   out[t] = a[t * stride]
 *
 * CPU reference: the same loop.  The code is our own. */
extern "C" __global__ void gather(const int *a, int stride, int *out)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = a[t * stride];
}
