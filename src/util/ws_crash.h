/* ws_crash.h: the last word of a process that faults.
 *
 * ws_crash_install gives the thread an alternate signal stack and handles
 * SIGSEGV and SIGBUS on it, so that a fault from running out of stack
 * (recursion too deep) can still be reported: the handler puts the
 * terminal back (ws_crash_set_restore), says "stack overflow" when the
 * faulting address lies in the stack's reach, and exits with
 * WS_CRASH_STACK_STATUS; any other fault is named (a bug) and the process
 * dies of the signal as before.  Only async-signal-safe calls are made. */
#ifndef WS_CRASH_H
#define WS_CRASH_H

#include <signal.h>

#define WS_CRASH_STACK_STATUS 3

/* Call early in main (stack_top: the address of one of main's locals).
 * Returns 0, or -1 when no alternate stack could be set up. */
int ws_crash_install(const void *stack_top);
/* The alternate stack for this thread alone (the handlers installed by
 * others, e.g. the TUI's, use SA_ONSTACK and call ws_crash_report). */
int ws_crash_altstack(void);
/* A function the handler calls first (async-signal-safe), or NULL. */
void ws_crash_set_restore(void (*fn)(void));
/* From a SIGSEGV/SIGBUS handler: write the message; a stack overflow
 * _exits with WS_CRASH_STACK_STATUS, otherwise it returns. */
void ws_crash_report(int sig, const siginfo_t *info);

#endif
