/* ws_lanes.h: per-lane loops of the execute functions (private to src/core).
 *
 * Inside an execute function with a warp `w`, a decoded instruction `x` and
 * the executing lane mask `exec`, LANESk(stmt) runs `stmt` once per executing
 * lane with the k source values in a, b, c, the destination register's lanes
 * in D[l], the type's width N and its value mask M.  The all-lanes case is a
 * plain loop the compiler can vectorise. */
#ifndef WS_LANES_H
#define WS_LANES_H

#include "core/ws_core_int.h"

#define SRC(i) ws_src(w, x, (i), exec)

#define LANES1(...)                                                                  \
    do {                                                                              \
        const uint64_t *A = SRC(0);                                                   \
        uint64_t *D = ws_dst(w, x, 0);                                                \
        const uint64_t M = x->tmask;                                                  \
        const unsigned N = x->tbits;                                                  \
        (void)N, (void)M;                                                             \
        WS_LANES(exec, l) {                                                           \
            uint64_t a = A[l];                                                        \
            __VA_ARGS__;                                                                     \
        }                                                                             \
    } while (0)

#define LANES2(...)                                                                  \
    do {                                                                              \
        const uint64_t *A = SRC(0), *B = SRC(1);                                      \
        uint64_t *D = ws_dst(w, x, 0);                                                \
        const uint64_t M = x->tmask;                                                  \
        const unsigned N = x->tbits;                                                  \
        (void)N, (void)M;                                                             \
        if (exec == ~0u) {                                                            \
            for (uint32_t l = 0; l < WS_WARP_SIZE; l++) {                             \
                uint64_t a = A[l], b = B[l];                                          \
                __VA_ARGS__;                                                                 \
            }                                                                         \
        } else {                                                                      \
            WS_LANES(exec, l) {                                                       \
                uint64_t a = A[l], b = B[l];                                          \
                __VA_ARGS__;                                                                 \
            }                                                                         \
        }                                                                             \
    } while (0)

#define LANES3(...)                                                                  \
    do {                                                                              \
        const uint64_t *A = SRC(0), *B = SRC(1), *C = SRC(2);                         \
        uint64_t *D = ws_dst(w, x, 0);                                                \
        const uint64_t M = x->tmask;                                                  \
        const unsigned N = x->tbits;                                                  \
        (void)N, (void)M;                                                             \
        WS_LANES(exec, l) {                                                           \
            uint64_t a = A[l], b = B[l], c = C[l];                                    \
            __VA_ARGS__;                                                                     \
        }                                                                             \
    } while (0)

#endif
