/* chase.cu: pointer-chasing latency probe (dependent loads), timed inside
 * the kernel with clock64.  Every load's address is the value the previous
 * load returned, so each step costs one full load-to-use latency of the
 * level of the hierarchy that holds next[] plus the loop's own instructions.
 *
 * Method: pointer chasing as in lmbench's lat_mem_rd and, on GPUs, Wong et
 * al., "Demystifying GPU microarchitecture through microbenchmarking"
 * (ISPASS 2010).  The code is our own.
 *
 *   chase(next, start, warm, k, out)   one thread:
 *     warm untimed steps (to fill the caches), then k timed steps;
 *     out[0] = cycles of the k timed steps, out[1] = the index reached
 *     (so the chain cannot be optimised away; checked against the CPU);
 *     out[2] is written only if the chain reaches index 0xffffffff (never:
 *     the test on p makes each clock read wait for the last load).
 *
 * CPU reference: p = start; repeat warm + k times p = next[p]; out[1] = p. */
extern "C" __global__ void chase(const unsigned *next, unsigned start, int warm, int k,
                                 unsigned long long *out)
{
    unsigned p = start;
    for (int i = 0; i < warm; i++)
        p = next[p];
    /* a branch on p makes the clock reads wait for the chain */
    if (p == 0xffffffffu)
        out[2] = 1;
    long long t0 = clock64();
    for (int i = 0; i < k; i++)
        p = next[p];
    if (p == 0xffffffffu)
        out[2] = 2;
    long long t1 = clock64();
    out[0] = (unsigned long long)(t1 - t0);
    out[1] = p;
}
