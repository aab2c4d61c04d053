/* ws_tui.c: the TUI's main loop and its terminal: curses on /dev/tty (so the
 * scenario's standard output can be captured), capture of file descriptors
 * 1 and 2 into an unlinked temporary file read into the log, signals
 * (SIGINT pauses a run or quits, SIGTERM/SIGHUP quit; SIGQUIT and the fatal
 * signals still kill the program, but restore the terminal first; the
 * terminal is always restored), resizing, and the pacing of runs: simulate in chunks sized so
 * the screen is redrawn about 30 times a second, capped by the speed. */
#include "config.h"
#include "tui/ws_tui_int.h"
#include "lua/ws_lua.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

#include "lua/ws_lua_ctl.h"
#include "tui/ws_tui_back.h"
#include "util/ws_crash.h"
#include "util/ws_util.h"

#include <lauxlib.h>

#define FRAME_S (1.0 / 30)

/* The capture of the scenario's standard output and error. */
struct ws_tui_cap {
    int fd;                      /* the unlinked temporary file */
    int saved_out, saved_err;    /* the real fd 1 and 2 */
    off_t off;                   /* bytes read so far */
    char part[1024];             /* the unfinished last line */
    size_t plen;
};

/* The last signal received (a handler can only set a flag); and, while the
 * scenario's Lua runs between launches, whether to keep a first Ctrl-C
 * (sigint_defer) and whether one was kept (sigint_kept). */
static volatile sig_atomic_t got_signal;
static volatile sig_atomic_t sigint_defer, sigint_kept;

static void on_signal(int s)
{
    if (s == SIGINT && sigint_defer && !sigint_kept) {
        sigint_kept = 1;
        return;
    }
    got_signal = s;
}

/* What the fatal-signal handler needs to give the terminal back, prepared
 * while curses starts, since the handler may only call async-signal-safe
 * functions (write, tcsetattr, dup2, raise): never endwin.  fatal_seq holds
 * the terminal's own strings that leave keypad mode, show the cursor, reset
 * the attributes and leave the alternate screen; fatal_tio the settings
 * from before curses. */
static int fatal_fd = -1, fatal_out = -1, fatal_err = -1;
static bool fatal_have_tio;
static struct termios fatal_tio;
static char fatal_seq[512];
static size_t fatal_len;

/* SIGQUIT (Ctrl-\), SIGABRT, SIGSEGV, SIGBUS, SIGFPE and SIGILL: the
 * program cannot go on safely (or was asked to stop at once), so only put
 * the terminal and the standard output back, say what happened for SIGSEGV
 * and SIGBUS (ws_crash_report: a stack overflow exits with its own status
 * there), then die of the same signal
 * (SA_RESETHAND has restored its default action; the raise is delivered
 * when the handler returns, and a fault simply happens again). */
static void on_fatal(int s, siginfo_t *info, void *ctx)
{
    (void)ctx;
    if (fatal_fd >= 0) {
        if (fatal_len) {
            ssize_t r = write(fatal_fd, fatal_seq, fatal_len);
            (void)r;
        }
        if (fatal_have_tio)
            tcsetattr(fatal_fd, TCSANOW, &fatal_tio);
    }
    if (fatal_out >= 0)
        dup2(fatal_out, STDOUT_FILENO);
    if (fatal_err >= 0)
        dup2(fatal_err, STDERR_FILENO);
    if (s == SIGSEGV || s == SIGBUS)
        ws_crash_report(s, info);   /* (a stack overflow exits here, with its status) */
    raise(s);
}

static const int fatal_signals[] = { SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL };
#define NFATAL ((int)(sizeof fatal_signals / sizeof fatal_signals[0]))

/* Append the terminal's string capability cap to fatal_seq (if it has it). */
static void fatal_seq_add(const char *cap)
{
    const char *v = tigetstr(cap);
    if (!v || v == (const char *)-1)
        return;
    size_t n = strlen(v);
    if (fatal_len + n <= sizeof fatal_seq) {
        memcpy(fatal_seq + fatal_len, v, n);
        fatal_len += n;
    }
}

void ws_tui_sigint_defer(bool on)
{
    if (on)
        sigint_kept = 0;
    sigint_defer = on;
}

void ws_tui_console_interruptible(lua_State *L, bool on)
{
    static int depth;       /* (console Lua may evaluate more through tui.cmd) */
    depth += on ? 1 : -1;
    ws_lctl_set_interrupt(L, depth > 0 ? &got_signal : NULL);
    if (!on && depth == 0 && got_signal == SIGINT)
        got_signal = 0;
}

bool ws_tui_sigint_deferred(void)
{
    bool kept = sigint_kept != 0;
    sigint_kept = 0;
    return kept;
}

static int cap_begin(struct ws_tui_cap *c, ws_error *err)
{
    memset(c, 0, sizeof *c);
    c->fd = c->saved_out = c->saved_err = -1;
    const char *dir = getenv("TMPDIR");
    char path[4096];
    snprintf(path, sizeof path, "%s/warpscope-out-XXXXXX", dir && *dir ? dir : "/tmp");
    c->fd = mkstemp(path);
    if (c->fd < 0)
        return ws_error_set(err, WS_E_IO, "cannot create a temporary file in %s for the scenario's output: %s",
                            dir && *dir ? dir : "/tmp", strerror(errno));
    unlink(path);
    fflush(stdout);
    fflush(stderr);
    c->saved_out = dup(STDOUT_FILENO);
    c->saved_err = dup(STDERR_FILENO);
    if (c->saved_out < 0 || c->saved_err < 0 || dup2(c->fd, STDOUT_FILENO) < 0 ||
        dup2(c->fd, STDERR_FILENO) < 0) {
        int e = errno;
        if (c->saved_out >= 0)
            dup2(c->saved_out, STDOUT_FILENO), close(c->saved_out);
        if (c->saved_err >= 0)
            dup2(c->saved_err, STDERR_FILENO), close(c->saved_err);
        close(c->fd);
        c->fd = -1;
        return ws_error_set(err, WS_E_IO, "cannot redirect the standard output: %s", strerror(e));
    }
    return 0;
}

static void cap_end(struct ws_tui_cap *c)
{
    if (c->fd < 0)
        return;
    fflush(stdout);
    fflush(stderr);
    dup2(c->saved_out, STDOUT_FILENO);
    dup2(c->saved_err, STDERR_FILENO);
    close(c->saved_out);
    close(c->saved_err);
    close(c->fd);
    c->fd = -1;
}

void ws_tui_drain(ws_tui *t)
{
    struct ws_tui_cap *c = t->cap;
    if (!c || c->fd < 0)
        return;
    fflush(stdout);
    fflush(stderr);
    char buf[8192];
    for (;;) {
        ssize_t n = pread(c->fd, buf, sizeof buf, c->off);
        if (n <= 0)
            break;
        c->off += n;
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == '\n' || c->plen == sizeof c->part) {
                ws_tui_log_kind(t, WS_LOG_OUT, c->part, c->plen);
                c->plen = 0;
                if (buf[i] == '\n')
                    continue;
            }
            c->part[c->plen++] = buf[i];
        }
    }
}

void ws_tui_drain_skip(ws_tui *t)
{
    struct ws_tui_cap *c = t->cap;
    if (!c || c->fd < 0)
        return;
    fflush(stdout);
    fflush(stderr);
    off_t end = lseek(c->fd, 0, SEEK_END);
    if (end >= 0)
        c->off = end;
    c->plen = 0;
}

void ws_tui_exec_prepare(ws_tui *t)
{
    struct ws_tui_cap *c = t->cap;
    if (!isendwin())
        endwin();
    fflush(stdout);
    fflush(stderr);
    if (c && c->fd >= 0) {
        dup2(c->saved_out, STDOUT_FILENO);
        dup2(c->saved_err, STDERR_FILENO);
        fcntl(c->fd, F_SETFD, FD_CLOEXEC);
        fcntl(c->saved_out, F_SETFD, FD_CLOEXEC);
        fcntl(c->saved_err, F_SETFD, FD_CLOEXEC);
    }
}

void ws_tui_exec_undo(ws_tui *t)
{
    struct ws_tui_cap *c = t->cap;
    if (c && c->fd >= 0) {
        dup2(c->fd, STDOUT_FILENO);
        dup2(c->fd, STDERR_FILENO);
    }
    refresh();
    clearok(curscr, TRUE);
    t->need_redraw = true;
}

/* ------------------------------------------------------------ terminal */
typedef struct tui_term {
    FILE *out, *in;
    SCREEN *scr;
} tui_term;

static int term_begin(tui_term *tm, ws_error *err)
{
    memset(tm, 0, sizeof tm[0]);
    tm->out = fopen("/dev/tty", "w");
    tm->in = fopen("/dev/tty", "r");
    if (!tm->out || !tm->in) {
        ws_error_set(err, WS_E_IO, "cannot open the terminal /dev/tty: %s (use --batch)", strerror(errno));
        goto fail;
    }
    fatal_fd = fileno(tm->out);
    fatal_have_tio = tcgetattr(fatal_fd, &fatal_tio) == 0;
    fatal_len = 0;
    tm->scr = newterm(NULL, tm->out, tm->in);
    if (!tm->scr) {
        const char *term = getenv("TERM");
        ws_error_set(err, WS_E_UNSUPPORTED, "cannot start curses on terminal type '%s' (use --batch)",
                     term ? term : "(unset)");
        goto fail;
    }
    set_term(tm->scr);
    /* (not for programs the scenario runs, nor a warpscope run again) */
    fcntl(fileno(tm->out), F_SETFD, FD_CLOEXEC);
    fcntl(fileno(tm->in), F_SETFD, FD_CLOEXEC);
    cbreak();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    curs_set(0);
    static const char *const caps[] = { "rmkx", "cnorm", "sgr0", "rmcup" };
    for (size_t i = 0; i < sizeof caps / sizeof caps[0]; i++)
        fatal_seq_add(caps[i]);
    return 0;
fail:
    fatal_fd = -1;
    if (tm->out)
        fclose(tm->out);
    if (tm->in)
        fclose(tm->in);
    tm->out = tm->in = NULL;
    return -1;
}

static void term_end(tui_term *tm)
{
    if (!tm->scr)
        return;
    curs_set(1);
    endwin();
    delscreen(tm->scr);
    tm->scr = NULL;
    fclose(tm->out);
    fclose(tm->in);
}

/* Called now and then while Lua runs (ws_lua_set_poll), when nothing else
 * reads the terminal.  Why: the TUI keeps ISIG (cbreak), so Ctrl-C is a
 * SIGINT from the line discipline, which then interrupts the Lua; but the
 * line discipline sees a character only once its input queue (4 KB on
 * Linux, less elsewhere) has room for it.  With more typed meanwhile than
 * the queue holds (a held key, a paste), the queue stayed full, the ^C
 * waited behind it in the driver, and a console `while true do end` spun
 * forever (#38 item 2).  So, when the queue holds more than DRAIN_AT bytes,
 * read and discard what it holds: that makes room, and a ^C further back
 * becomes a SIGINT as it comes in.  Not tcflush: it also drops what waits
 * outside the queue, the ^C with it.  Not reading everything always: a
 * little type-ahead (a key or two pressed during a slow command) still
 * reaches the TUI afterwards.  Discarding the rest loses nothing a Ctrl-C
 * would not: the line discipline flushes the input queue at a signal
 * character anyway (unless NOFLSH).  Reads never block: the fd is blocking,
 * but FIONREAD bytes are there (curses set VMIN 1, VTIME 0); only this
 * thread reads the terminal.  Only after DRAIN_AFTER_S without the main
 * loop reading keys: a paste into the console prompt while short Lua (event
 * hooks, the scenario between launches) runs during a run is kept whole. */
#define DRAIN_AT 512
#define DRAIN_AFTER_S 0.5

static double keys_read_at;     /* when the main loop last read keys */

static void drain_input(void *ud)
{
    int fd = *(int *)ud;
    int n = 0;
    if (fd < 0 || ws_tui_now() - keys_read_at < DRAIN_AFTER_S)
        return;
    if (ioctl(fd, FIONREAD, &n) != 0 || n < DRAIN_AT)
        return;
    char buf[1024];
    while (n > 0) {
        ssize_t r = read(fd, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf);
        if (r <= 0)
            break;
        n -= (int)r;
    }
}

/* ---------------------------------------------------------------- loop */
static void handle_signal(ws_tui *t)
{
    int s = got_signal;
    if (!s)
        return;
    got_signal = 0;
    if (s == SIGINT && t->rs == WS_RS_RUNNING) {
        ws_tui_pause(t, "interrupted");
        return;
    }
    t->quit = true;
    if (s != SIGINT)
        t->quit_now = true;
}

static void run_loop(ws_tui *t)
{
    double last_draw = -1;
    uint64_t chunk = 256;
    while (!t->quit) {
        handle_signal(t);
        /* os.exit (in the scenario, a hook, the console, tui.cmd) ends the
         * TUI; main writes the outputs and exits with its status */
        if (ws_lua_exiting(t->L))
            t->quit = true;
        if (t->quit)
            break;
        ws_tui_sync(t);
        ws_tui_drain(t);
        ws_tui_back_loop(t);    /* (a runner comes back here after going back) */
        double now = ws_tui_now();
        bool running = t->rs == WS_RS_RUNNING;
        if (t->need_redraw && (!running || now - last_draw >= FRAME_S)) {
            t->need_redraw = false;
            ws_tui_draw_screen(t);
            last_draw = ws_tui_now();
        }
        /* Keys: wait while idle; only look while running. */
        int wait_ms = running ? 0 : 100;
        uint64_t allowed = chunk;
        if (running && t->speed) {
            if (t->run_t0 == 0)
                t->run_t0 = now, t->run_c0 = 0;
            double due = (double)t->speed * (now - t->run_t0);
            if (due < (double)t->run_c0 + 1) {
                double wait = ((double)t->run_c0 + 1 - due) / (double)t->speed;
                wait_ms = wait > FRAME_S ? (int)(FRAME_S * 1000) : (int)(wait * 1000) + 1;
                allowed = 0;
            } else {
                double a = due - (double)t->run_c0;
                allowed = a < (double)chunk ? (uint64_t)a : chunk;
            }
        }
        wtimeout(stdscr, wait_ms);
        int ch = wgetch(stdscr);
        keys_read_at = ws_tui_now();
        int nkeys = 0;
        while (ch != ERR && !t->quit && !ws_lua_exiting(t->L)) {
            ws_tui_on_key(t, ch);
            if (++nkeys == 64 || ws_tui_back_due(t))
                break;      /* draw and run between bursts (or take the barrier's checkpoint); the rest waits */
            wtimeout(stdscr, 0);
            ch = wgetch(stdscr);
            keys_read_at = ws_tui_now();
        }
        ws_tui_sync(t);     /* a console command may have closed the gpu */
        if (t->rs != WS_RS_RUNNING || t->quit || allowed == 0)
            continue;
        if (t->run_t0 == 0)
            t->run_t0 = now, t->run_c0 = 0;
        double t0 = ws_tui_now();
        uint64_t done = ws_tui_run_chunk(t, allowed);
        double dt = ws_tui_now() - t0;
        t->run_c0 += done;
        /* Keep a chunk near 60% of a frame, so drawing and keys fit too. */
        if (allowed == chunk) {
            if (dt < FRAME_S * 0.3 && chunk < (1u << 26))
                chunk *= 2;
            else if (dt > FRAME_S * 0.9 && chunk > 1)
                chunk /= 2;
        }
        if (dt > 0 && done)
            t->sim_rate = t->sim_rate ? 0.7 * t->sim_rate + 0.3 * ((double)done / dt) : (double)done / dt;
        if (t->rs != WS_RS_RUNNING)
            t->need_redraw = true;
    }
}

/* The scenario output's last lines, for the real standard output after the
 * TUI closes (the JSON and summary are written by the gpu at close). */
static void print_tail(ws_tui *t, FILE *f)
{
    uint32_t n = 0, start;
    for (start = t->nlog; start > 0 && n < 20; start--) {
        char kind;
        ws_tui_log_line(t, start - 1, &kind);
        if (kind == WS_LOG_OUT)
            n++;
    }
    for (uint32_t i = start; i < t->nlog; i++) {
        char kind;
        const char *s = ws_tui_log_line(t, i, &kind);
        if (kind == WS_LOG_OUT)
            fprintf(f, "%s\n", s);
    }
    fflush(f);
}

int ws_tui_main(lua_State *L, const ws_tui_opts *o)
{
    ws_error err;
    ws_tui *t = calloc(1, sizeof *t);
    struct ws_tui_cap *cap = calloc(1, sizeof *cap);
    if (!t || !cap) {
        free(t);
        free(cap);
        fprintf(stderr, "warpscope: out of memory\n");
        return 1;
    }
    t->L = L;
    t->scenario = o->scenario;
    t->preset = o->preset;
    t->gpu_ref = LUA_NOREF;
    t->cur_y = t->cur_x = -1;
    t->rs = WS_RS_LOADING;

    setlocale(LC_ALL, "");
    t->ascii = o->ascii || strcmp(nl_langinfo(CODESET), "UTF-8") != 0;
#ifndef WS_CURSES_WIDE
    t->ascii = true;
#endif
    const char *nc = getenv("NO_COLOR");
    t->color = !o->no_color && !(nc && *nc);

    /* (forks the supervisor: before the terminal opens) */
    ws_tui_back_begin(t, o);
    tui_term tm;
    if (term_begin(&tm, &err) != 0) {
        fprintf(stderr, "warpscope: %s\n", err.msg);
        ws_tui_back_end(t);
        free(t);
        free(cap);
        return 1;
    }
    if (cap_begin(cap, &err) != 0) {
        term_end(&tm);
        fprintf(stderr, "warpscope: %s\n", err.msg);
        ws_tui_back_end(t);
        free(t);
        free(cap);
        return 1;
    }
    t->cap = cap;
    ws_tui_colors_init(t->color);

    struct sigaction sa, old_int, old_term, old_hup;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
    sigaction(SIGHUP, &sa, &old_hup);
    struct sigaction fa, old_fatal[NFATAL];
    memset(&fa, 0, sizeof fa);
    fa.sa_sigaction = on_fatal;
    /* (on the alternate stack of ws_crash_install: a stack overflow can
     * still give the terminal back and say so) */
    fa.sa_flags = SA_RESETHAND | SA_SIGINFO | (ws_crash_altstack() == 0 ? SA_ONSTACK : 0);
    sigfillset(&fa.sa_mask);
    fatal_out = cap->saved_out;
    fatal_err = cap->saved_err;
    for (int i = 0; i < NFATAL; i++) {
        sigaction(fatal_signals[i], &fa, &old_fatal[i]);
        if (old_fatal[i].sa_handler == SIG_IGN)     /* e.g. SIGQUIT in a background job */
            sigaction(fatal_signals[i], &old_fatal[i], NULL);
    }
    /* Lua that never returns (a console loop, a stuck scenario) must not
     * hold the TUI: Ctrl-C interrupts it, SIGTERM and SIGHUP end it */
    ws_lua_interruptible(L, &got_signal);
    static int drain_fd;
    drain_fd = fileno(tm.in);
    ws_lua_set_poll(L, drain_input, &drain_fd);

    ws_tui_lua_install(t);
    int status = 0;
    t->scn = ws_scn_new(L, o->scenario, o->argc, o->argv, &err);
    if (!t->scn) {
        t->rs = WS_RS_ERROR;
        ws_tui_log(t, err.msg, true);
        t->fatal = ws_xstrdup(err.msg);
        ws_tui_message(t, true, "cannot load the scenario (see the console)");
        t->view = ws_tui_view_find("console");
    } else {
        ws_tui_message(t, false, "loading %s ...", o->scenario);
        ws_tui_draw_screen(t);
        ws_tui_next_launch(t);
        if (t->rs == WS_RS_FINISHED || t->rs == WS_RS_ERROR)
            t->view = ws_tui_view_find("console");   /* the console: the output or the error */
        else
            ws_tui_message(t, false, "paused at the first cycle of launch 1: space/s step, c runs, ? help");
    }
    t->need_redraw = true;
    run_loop(t);
    ws_tui_back_end(t);
    if (t->rs == WS_RS_ERROR)
        status = 1;

    ws_lua_interruptible(L, NULL);
    ws_lua_set_poll(L, NULL, NULL);
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    sigaction(SIGHUP, &old_hup, NULL);
    for (int i = 0; i < NFATAL; i++)
        sigaction(fatal_signals[i], &old_fatal[i], NULL);
    fatal_fd = fatal_out = fatal_err = -1;
    term_end(&tm);
    ws_tui_drain(t);
    cap_end(cap);
    print_tail(t, stdout);
    if (t->fatal && !ws_lua_exiting(L))
        fprintf(stderr, "warpscope: %s\n", t->fatal);
    if (t->scn)
        ws_scn_free(t->scn);
    /* Lua keeps no pointer to t past this point: `tui` functions become
     * stale; remove them. */
    lua_pushnil(L);
    lua_setglobal(L, "tui");
    ws_tui_free(t);
    free(t->fatal);
    free(t);
    free(cap);
    return status;
}
