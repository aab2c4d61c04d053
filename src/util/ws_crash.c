/* ws_crash.c: the last word of a process that faults (ws_crash.h). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "util/ws_crash.h"

#define ALT_BYTES (64 * 1024)
/* faults this far below the stack's lowest allowed address still count as
 * running out of stack (a large frame can jump over the guard page) */
#define BELOW_SLACK (1024 * 1024)

static uintptr_t stack_hi, stack_lo;
static void (*restore_fn)(void);

int ws_crash_altstack(void)
{
    static char *alt;
    if (!alt && !(alt = malloc(ALT_BYTES)))
        return -1;
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = alt;
    ss.ss_size = ALT_BYTES;
    return sigaltstack(&ss, NULL);
}

void ws_crash_set_restore(void (*fn)(void)) { restore_fn = fn; }

static void put(const char *s)
{
    size_t n = strlen(s);
    while (n > 0) {
        ssize_t r = write(STDERR_FILENO, s, n);
        if (r <= 0) return;
        s += r;
        n -= (size_t)r;
    }
}

static void put_hex(uintptr_t v)
{
    char b[2 + 2 * sizeof v + 1], *p = b + sizeof b - 1;
    *p = '\0';
    do {
        *--p = "0123456789abcdef"[v & 15];
        v >>= 4;
    } while (v);
    *--p = 'x';
    *--p = '0';
    put(p);
}

void ws_crash_report(int sig, const siginfo_t *info)
{
    uintptr_t a = info ? (uintptr_t)info->si_addr : 0;
    if (sig == SIGSEGV && stack_hi && a < stack_hi && a + BELOW_SLACK >= stack_lo) {
        put("warpscope: stack overflow: the program ran out of stack (fault at ");
        put_hex(a);
        put(", at the end of the stack): a recursion too deep, in a script or in the input; stopping\n");
        _exit(WS_CRASH_STACK_STATUS);
    }
    put(sig == SIGSEGV ? "warpscope: fatal signal SIGSEGV (invalid memory access at "
                       : "warpscope: fatal signal SIGBUS (bus error at ");
    put_hex(a);
    put("): an internal error; please report it\n");
}

static void on_fault(int sig, siginfo_t *info, void *ctx)
{
    (void)ctx;
    if (restore_fn)
        restore_fn();
    ws_crash_report(sig, info);
    raise(sig);     /* (SA_RESETHAND: the default action, when the handler returns) */
}

int ws_crash_install(const void *stack_top)
{
    stack_hi = (uintptr_t)stack_top + 64 * 1024;   /* (main's caller and the environment sit above) */
    struct rlimit rl;
    uintptr_t lim = 8u << 20;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < ((rlim_t)1 << 40))
        lim = (uintptr_t)rl.rlim_cur;
    stack_lo = stack_hi > lim ? stack_hi - lim : 0;
    if (stack_lo < BELOW_SLACK)
        stack_lo = BELOW_SLACK;
    int rc = ws_crash_altstack();
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_fault;
    sa.sa_flags = SA_SIGINFO | SA_RESETHAND | (rc == 0 ? SA_ONSTACK : 0);
    sigfillset(&sa.sa_mask);
    sigaction(SIGSEGV, &sa, NULL);
    sigaction(SIGBUS, &sa, NULL);
    return rc;
}
