/* mtp_cell.cu: one time step of a 3-D seven-point stencil on a regular
 * grid of cells, our substitute for the "cell" benchmark of the
 * many-thread-aware prefetching paper (Lee et al., MICRO 2010, Table III:
 * Rodinia cell, mp type, one inter-thread delinquent load, 512 threads per
 * block in 1331 = 11^3 blocks, 1 block per core).  The code is our own:
 * 8 x 8 x 8 blocks, one cell per thread, no loop; each thread reads its cell
 * and its six neighbours (the index is clamped at the faces) and writes the
 * new value:
 *   out[c] = c0 in[c] + c1 (((in[x-] + in[x+]) + (in[y-] + in[y+])) + (in[z-] + in[z+]))
 * with c0 = 0.25f, c1 = 0.125f; float32 through _rn intrinsics.
 *
 * Kernels: cell_base(in, out, nx, ny, nz) and cell_ip, which also
 * prefetches for the same lane of the next warp (thread + 32 is y + 4):
 * in[] at (x, y + 4, z), (x, y + 4, z - 1) and (x, y + 4, z + 1).
 * Launch: grid (nx / 8, ny / 8, nz / 8), block (8, 8, 8); nx, ny, nz
 * multiples of 8. */

static __device__ __forceinline__ void prefetch(const void *p)
{
    asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
}

template <bool IP>
static __device__ __forceinline__ void cell(const float *in, float *out, int nx, int ny, int nz)
{
    int x = blockIdx.x * 8 + threadIdx.x;
    int y = blockIdx.y * 8 + threadIdx.y;
    int z = blockIdx.z * 8 + threadIdx.z;
    int plane = nx * ny;
    int c = z * plane + y * nx + x;
    if (IP && y + 4 < ny) {
        int t = c + 4 * nx;
        prefetch(&in[t]);
        if (z > 0)
            prefetch(&in[t - plane]);
        if (z + 1 < nz)
            prefetch(&in[t + plane]);
    }
    float xm = in[x > 0 ? c - 1 : c], xp = in[x + 1 < nx ? c + 1 : c];
    float ym = in[y > 0 ? c - nx : c], yp = in[y + 1 < ny ? c + nx : c];
    float zm = in[z > 0 ? c - plane : c], zp = in[z + 1 < nz ? c + plane : c];
    float s = __fadd_rn(__fadd_rn(__fadd_rn(xm, xp), __fadd_rn(ym, yp)), __fadd_rn(zm, zp));
    out[c] = __fadd_rn(__fmul_rn(0.25f, in[c]), __fmul_rn(0.125f, s));
}

extern "C" __global__ void cell_base(const float *in, float *out, int nx, int ny, int nz)
{
    cell<false>(in, out, nx, ny, nz);
}

extern "C" __global__ void cell_ip(const float *in, float *out, int nx, int ny, int nz)
{
    cell<true>(in, out, nx, ny, nz);
}
