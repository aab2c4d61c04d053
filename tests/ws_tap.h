/* ws_tap.h: a tiny TAP producer for C unit tests (automake's tap-driver.sh
 * reads the output).  Header-only; one test program per file.
 *
 *   int main(void) {
 *       ok(1 + 1 == 2, "addition");
 *       is_int(f(3), 9, "f squares");
 *       return tap_done();
 *   }
 */
#ifndef WS_TAP_H
#define WS_TAP_H

#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int tap_n_, tap_failed_;

static int tap_ok_v_(int cond, const char *file, int line, const char *fmt, va_list ap)
{
    tap_n_++;
    printf("%sok %d - ", cond ? "" : "not ", tap_n_);
    vprintf(fmt, ap);
    printf("\n");
    if (!cond) {
        tap_failed_++;
        printf("#   failed at %s:%d\n", file, line);
    }
    fflush(stdout);
    return cond;
}

static int tap_ok_(int cond, const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = tap_ok_v_(cond, file, line, fmt, ap);
    va_end(ap);
    return r;
}

#define ok(cond, ...) tap_ok_(!!(cond), __FILE__, __LINE__, __VA_ARGS__)

#define is_int(got, want, ...)                                                        \
    do {                                                                              \
        long long g_ = (long long)(got), w_ = (long long)(want);                      \
        if (!tap_ok_(g_ == w_, __FILE__, __LINE__, __VA_ARGS__))                      \
            printf("#   got %lld, want %lld\n", g_, w_);                              \
    } while (0)

#define is_u64(got, want, ...)                                                        \
    do {                                                                              \
        uint64_t g_ = (uint64_t)(got), w_ = (uint64_t)(want);                         \
        if (!tap_ok_(g_ == w_, __FILE__, __LINE__, __VA_ARGS__))                      \
            printf("#   got 0x%" PRIx64 ", want 0x%" PRIx64 "\n", g_, w_);           \
    } while (0)

#define is_str(got, want, ...)                                                        \
    do {                                                                              \
        const char *g_ = (got), *w_ = (want);                                         \
        int eq_ = (g_ && w_) ? strcmp(g_, w_) == 0 : g_ == w_;                        \
        if (!tap_ok_(eq_, __FILE__, __LINE__, __VA_ARGS__))                           \
            printf("#   got \"%s\", want \"%s\"\n", g_ ? g_ : "(null)", w_ ? w_ : "(null)"); \
    } while (0)

#define is_double(got, want, tol, ...)                                                \
    do {                                                                              \
        double g_ = (got), w_ = (want);                                               \
        if (!tap_ok_(fabs(g_ - w_) <= (tol) || (isnan(g_) && isnan(w_)), __FILE__,   \
                     __LINE__, __VA_ARGS__))                                          \
            printf("#   got %.17g, want %.17g\n", g_, w_);                            \
    } while (0)

/* Print a diagnostic line (does not count as a test). */
#define diag(...) (printf("# "), printf(__VA_ARGS__), printf("\n"))

/* Skip the whole program (e.g. ../shared is absent). */
#define tap_skip_all(reason) (printf("1..0 # SKIP %s\n", (reason)), exit(0))

static inline int tap_done(void)
{
    printf("1..%d\n", tap_n_);
    return tap_failed_ ? 1 : 0;
}

#endif
