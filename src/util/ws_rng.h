/* ws_rng: a small, platform-independent PRNG (xoshiro256** seeded through
 * splitmix64).  Every random choice in warpscope draws from one of these,
 * never from rand(), so results are identical on every machine. */
#ifndef WS_RNG_H
#define WS_RNG_H

#include <stdint.h>

typedef struct ws_rng {
    uint64_t s[4];
} ws_rng;

void ws_rng_seed(ws_rng *r, uint64_t seed);
uint64_t ws_rng_next(ws_rng *r);
/* Uniform integer in [0, bound) without modulo bias; bound > 0. */
uint64_t ws_rng_below(ws_rng *r, uint64_t bound);
/* Uniform double in [0, 1) with 53 random bits. */
double ws_rng_double(ws_rng *r);

#endif
