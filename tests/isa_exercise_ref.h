/* isa_exercise_ref.h: CPU reference for scenarios/kernels/isa_exercise.cu.
 *
 * Each isa_ref_* function computes every output element the matching
 * kernel writes, in the same layout (slot numbers are documented in
 * isa_exercise.cu and isa_exercise_ref.c).  The reference follows the CUDA
 * documentation of each intrinsic and the PTX ISA for inline asm; directed
 * rounding is computed exactly (no reliance on the host rounding mode).
 *
 * Integer outputs must match exactly.  Float and double outputs come with a
 * tolerance per element, checked by isa_ref_f32_match / isa_ref_f64_match:
 *   ISA_TOL_EXACT  same bits (any NaN matches any NaN)
 *   ISA_TOL_VALUE  same value (+0 == -0; any NaN matches any NaN): used where
 *                  the sign of a zero result is not documented (min, max,
 *                  saturate)
 *   ISA_TOL_ANY    not checked (result undocumented for that input)
 *   > 0            |got - want| <= tol; infinities and NaN must match
 *                  (approximate instructions: ex2/lg2/sin/cos/rsqrt/div.approx)
 *
 * Inputs: any values for isa_int and isa_float (isa_ref_inputs_* give a good
 * mix of special and random values); |v| <= 1000 for isa_warp, isa_atomic
 * and isa_misc (isa_ref_inputs_small).
 */
#ifndef ISA_EXERCISE_REF_H
#define ISA_EXERCISE_REF_H

#include <stdbool.h>
#include <stdint.h>

#define ISA_INT_NOUT 76
#define ISA_FLT_NF 44
#define ISA_FLT_ND 20
#define ISA_FLT_NI 28
#define ISA_WARP_NOUT 36
#define ISA_ATOM_NG 16
#define ISA_ATOM_NG64 6
#define ISA_ATOM_NT 4
#define ISA_ATOM_NB 11
#define ISA_MISC_NOUT 32

#define ISA_TOL_EXACT 0.0
#define ISA_TOL_VALUE (-1.0)
#define ISA_TOL_ANY (-2.0)

bool isa_ref_f32_match(float got, float want, float tol);
bool isa_ref_f64_match(double got, double want, double tol);

/* Deterministic inputs from a seed: special values first, then random. */
void isa_ref_inputs_u32(uint64_t seed, uint32_t *in, int n);
void isa_ref_inputs_f32(uint64_t seed, float *in, int n);
void isa_ref_inputs_f64(uint64_t seed, double *in, int n);
void isa_ref_inputs_small(uint64_t seed, int32_t *in, int n);   /* -1000..1000 */

/* isa_int: in[n] -> out[n * ISA_INT_NOUT] */
void isa_ref_int(const uint32_t *in, int n, uint32_t *out);

/* isa_float: fin[2n], din[2n] -> fout/ftol[n * ISA_FLT_NF],
 * dout/dtol[n * ISA_FLT_ND], iout[n * ISA_FLT_NI] */
void isa_ref_float(const float *fin, const double *din, int n,
                   float *fout, float *ftol, double *dout, double *dtol,
                   int32_t *iout);

/* isa_warp: nthreads (a multiple of 32) -> out[nthreads * ISA_WARP_NOUT] */
void isa_ref_warp(const int32_t *in, int nthreads, int32_t *out);

/* isa_atomic_init + isa_atomic on grid x block threads: the final contents
 * of g[ISA_ATOM_NG], g64[ISA_ATOM_NG64], gf[1], gd[1], priv[2T] (T = grid *
 * block) and the outputs tout[T * ISA_ATOM_NT], bout[grid * ISA_ATOM_NB].
 * priv[2t] holds the bits of the float (float)in[t]. */
void isa_ref_atomic(const int32_t *in, int grid, int block,
                    int32_t *g, uint64_t *g64, float *gf, double *gd,
                    int32_t *priv, int32_t *tout, int32_t *bout);

/* isa_misc: n threads in blocks of `block`, launched with dyn_smem bytes of
 * dynamic shared memory -> out[n * ISA_MISC_NOUT] */
void isa_ref_misc(const int32_t *in, int n, int block, uint32_t dyn_smem,
                  int32_t *out);

#endif
