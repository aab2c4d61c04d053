/* fma.cu: a compute-bound probe: every thread runs `iters` rounds of eight
 * independent single-precision multiply-adds on registers, then writes one
 * word.  No memory traffic besides that store; the SMs' pipelines are the
 * limit (used by scenarios/micro/power.lua for the energy model's
 * plausibility check).
 *
 *   fma8(out, iters)   out[t] = the eight chains' sum after iters rounds
 *
 * CPU reference: the same arithmetic in C with fmaf.  The code is our own. */
extern "C" __global__ void fma8(float *out, int iters)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    float a = 1.0f + t * 1e-6f, b = 0.999f;
    float x0 = a, x1 = a + 1, x2 = a + 2, x3 = a + 3, x4 = a + 4, x5 = a + 5, x6 = a + 6, x7 = a + 7;
    for (int i = 0; i < iters; i++) {
        x0 = fmaf(x0, b, 0.5f);
        x1 = fmaf(x1, b, 0.5f);
        x2 = fmaf(x2, b, 0.5f);
        x3 = fmaf(x3, b, 0.5f);
        x4 = fmaf(x4, b, 0.5f);
        x5 = fmaf(x5, b, 0.5f);
        x6 = fmaf(x6, b, 0.5f);
        x7 = fmaf(x7, b, 0.5f);
    }
    out[t] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}
