/* ws_fp.h: floating-point helpers of the engine (rounding modes, flushing,
 * canonical NaNs, half precision). Internal to src/core.
 *
 * Rounding modes other than round-to-nearest-even are applied by switching
 * the host FPU's mode (fesetround) around an instruction's lane loop and
 * restoring round-to-nearest right after; operands are loaded from and
 * results stored to warp registers (memory the opaque fesetround call may
 * touch), so the compiler cannot move the arithmetic out of that window.
 *
 * NaN results of arithmetic are canonical: 0x7fffffff (f32) and
 * 0x7fffffffffffffff (f64), as NVIDIA GPUs produce for f32 (we use the
 * analogous value for f64).  abs/neg/copysign/mov are bit operations and keep
 * payloads. */
#ifndef WS_FP_H
#define WS_FP_H

#include <fenv.h>
#include <math.h>
#include <stdint.h>

#include "core/ws_core_int.h"

#define WS_F32_CNAN 0x7fffffffu
#define WS_F64_CNAN 0x7fffffffffffffffull

/* FE_* for a PTX rounding modifier, -1 for round-to-nearest (the default). */
static inline int ws_fp_mode(int rnd)
{
    switch (rnd) {
    case WS_RND_RZ: case WS_RND_RZI: return FE_TOWARDZERO;
    case WS_RND_RM: case WS_RND_RMI: return FE_DOWNWARD;
    case WS_RND_RP: case WS_RND_RPI: return FE_UPWARD;
    default: return -1;
    }
}

static inline void ws_fp_enter(int mode)
{
    if (mode >= 0)
        fesetround(mode);
}
static inline void ws_fp_leave(int mode)
{
    if (mode >= 0)
        fesetround(FE_TONEAREST);
}

/* f32 input with optional flush of subnormals to sign-preserving zero */
static inline float ws_f32_in(uint64_t bits, int ftz)
{
    uint32_t u = (uint32_t)bits;
    if (ftz && (u & 0x7f800000u) == 0)
        u &= 0x80000000u;
    return ws_as_f32(u);
}

/* f32 result: canonical NaN, optional flush, optional saturation to [0, 1] */
static inline uint64_t ws_f32_out(float r, int ftz, int sat)
{
    if (sat) {
        if (isnan(r) || r < 0.0f)
            return 0;
        if (r > 1.0f)
            return ws_f32_bits(1.0f);
    }
    if (isnan(r))
        return WS_F32_CNAN;
    uint32_t u = (uint32_t)ws_f32_bits(r);
    if (ftz && (u & 0x7f800000u) == 0)
        u &= 0x80000000u;
    return u;
}

static inline double ws_f64_in(uint64_t bits) { return ws_as_f64(bits); }
static inline uint64_t ws_f64_out(double r, int sat)
{
    if (sat) {
        if (isnan(r) || r < 0.0)
            return 0;
        if (r > 1.0)
            return ws_f64_bits(1.0);
    }
    if (isnan(r))
        return WS_F64_CNAN;
    return ws_f64_bits(r);
}

/* Half precision (IEEE binary16) and bfloat16 conversions; the narrowing
 * ones round per FE_* mode (-1: to nearest even). */
float ws_f16_to_f32(uint16_t h);
uint16_t ws_f16_from_f64(double v, int mode);
float ws_bf16_to_f32(uint16_t h);
uint16_t ws_bf16_from_f64(double v, int mode);

#endif
