/* ws_tui_back.c: stepping back with fork()-based checkpoints and replay
 * (the design is in ws_tui_back.h): the supervisor, the checkpoints, the
 * replay and the runner's hand-over.  ws_tui_back_cmd.c asks them
 * (:back, :checkpoints); ws_tui_back_ui.c carries the user's state from
 * the old live process to the runner. */
#include "config.h"
#include "tui/ws_tui_back.h"
#include "tui/ws_tui_back_int.h"
#include "tui/ws_tui_int.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "lua/ws_lua_ctl.h"
#include "util/ws_util.h"

/* Replay in chunks of this many cycles (the control layer's hooks see the
 * same cycles whatever the chunks: HACKING, "a run cut anywhere"). */
#define REPLAY_CHUNK 100000
/* Adaptive interval: what the measured speed simulates in this many
 * seconds, between these bounds [choice: one step back in under a second,
 * replay being about as fast as the live run, with room for the fork and
 * the hand-over]. */
#define TARGET_S 0.5
#define INTERVAL_LO 1000
#define INTERVAL_HI (1u << 30)
/* At most this many checkpoints; the newest NEWEST are never thinned
 * [choice: bounds processes and memory; see HACKING]. */
#define MAX_CKPT 24
/* A scout leaves about this many waypoints over its stretch [choice: the
 * runner to the hit replays at most 1/16 of it, for 16 forks]. */
#define WAYPOINTS 16
#define NEWEST 8

/* A pipe whose ends are closed at exec (os.execute's children get none). */
static int cpipe(int fd[2])
{
    if (pipe(fd) != 0)
        return -1;
    fcntl(fd[0], F_SETFD, FD_CLOEXEC);
    fcntl(fd[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

/* The supervisor's live process, for its signal handler. */
static volatile sig_atomic_t sup_live;

int ws_tui_back_write(int fd, const void *p, size_t n)
{
    const char *c = p;
    while (n) {
        ssize_t w = write(fd, c, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        c += w;
        n -= (size_t)w;
    }
    return 0;
}

int ws_tui_back_read(int fd, void *p, size_t n)
{
    char *c = p;
    while (n) {
        ssize_t r = read(fd, c, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return -1;
        c += r;
        n -= (size_t)r;
    }
    return 0;
}

uint64_t ws_tui_back_interval(const ws_tui_back *b)
{
    return ws_ckpt_interval(b->fixed, b->rate, TARGET_S, INTERVAL_LO, INTERVAL_HI);
}

/* ------------------------------------------------------------ memory */
int ws_tui_back_smaps(int pid, uint64_t *pss_kb, uint64_t *priv_kb)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/smaps_rollup", pid);
    FILE *f = fopen(path, "r");
    *pss_kb = *priv_kb = 0;
    if (!f)
        return -1;
    while (fgets(line, sizeof line, f)) {
        unsigned long long v;
        if (sscanf(line, "Pss: %llu", &v) == 1)
            *pss_kb = v;
        else if (sscanf(line, "Private_Dirty: %llu", &v) == 1)
            *priv_kb = v;
    }
    fclose(f);
    return 0;
}

/* ----------------------------------------------------------- the set */
static void drop(ws_tui_back *b, uint32_t i)
{
    ws_ckpt *c = &b->set.c[i];
    if (c->pid > 0) {
        kill(c->pid, SIGKILL);
        if (c->mine)
            waitpid(c->pid, NULL, 0);
    }
    if (c->fd_cmd >= 0)
        close(c->fd_cmd);
    if (c->fd_ans >= 0)
        close(c->fd_ans);
    ws_ckpt_remove(&b->set, i);
}

void ws_tui_back_drop_from(ws_tui_back *b, uint32_t from)
{
    while (b->set.n > from)
        drop(b, b->set.n - 1);
}

static void note_phase_start(ws_tui_back *b, uint32_t phase, uint64_t tick)
{
    if (phase >= b->cappstart) {
        uint32_t cap = b->cappstart ? b->cappstart : 16;
        while (cap <= phase)
            cap *= 2;
        b->pstart = ws_xrealloc(b->pstart, cap * sizeof *b->pstart);
        b->cappstart = cap;
    }
    b->pstart[phase] = tick;
    b->npstart = phase + 1;
}

/* ------------------------------------------------------ the supervisor */
#ifdef __linux__
static void sup_forward(int s, siginfo_t *si, void *ctx)
{
    (void)ctx;
    /* what the terminal sends reaches the live process itself; only what
     * someone sent this process with kill is passed on */
    if (si->si_code == SI_USER || si->si_code == SI_QUEUE) {
        if (sup_live > 0)
            kill((pid_t)sup_live, s);
        return;
    }
    if (s != SIGINT && s != SIGQUIT && s != SIGHUP && s != SIGTERM)
        signal(s, SIG_DFL);     /* a real fault here: let it happen again and kill */
}

static const int sup_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL,
                                   SIGUSR1, SIGUSR2 };

static void supervise(pid_t child, int ctl_r)
{
    sup_live = (sig_atomic_t)child;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = sup_forward;
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sup_signals / sizeof sup_signals[0]; i++)
        sigaction(sup_signals[i], &sa, NULL);
    fcntl(ctl_r, F_SETFL, O_NONBLOCK);
    for (;;) {
        int st;
        pid_t w = waitpid(-1, &st, 0);
        if (w < 0 && errno == EINTR)
            continue;
        int32_t msg;
        while (read(ctl_r, &msg, sizeof msg) == (ssize_t)sizeof msg)
            sup_live = (sig_atomic_t)msg;
        if (w < 0)
            _exit(1);
        if (w != (pid_t)sup_live)
            continue;
        if (WIFEXITED(st))
            _exit(WEXITSTATUS(st));
        if (WIFSIGNALED(st)) {
            int sig = WTERMSIG(st);
            signal(sig, SIG_DFL);
            sigset_t set;
            sigemptyset(&set);
            sigaddset(&set, sig);
            sigprocmask(SIG_UNBLOCK, &set, NULL);
            raise(sig);
            _exit(128 + sig);
        }
    }
}
#endif

void ws_tui_back_begin(ws_tui *t, const ws_tui_opts *o)
{
    ws_tui_back *b = ws_xcalloc(1, sizeof *b);
    t->back = b;
    b->lifeline = b->ctl = -1;
    ws_ckpt_init(&b->set, MAX_CKPT, NEWEST);
    note_phase_start(b, 0, 0);
    ws_tui_back_start_begin(t, o);
    if (b->from_start || b->why_off)
        return;
    b->fixed = (uint64_t)o->checkpoint;
#ifdef __linux__
    int life[2], ctl[2];
    if (cpipe(life) != 0 || cpipe(ctl) != 0) {
        b->why_off = "stepping back is off: no pipe for the checkpoints";
        return;
    }
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(life[0]), close(life[1]), close(ctl[0]), close(ctl[1]);
        b->why_off = "stepping back is off: fork failed";
        return;
    }
    if (pid > 0) {
        /* the supervisor: reaps every descendant, exits as the live one */
        prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        close(life[0]);
        close(ctl[1]);
        supervise(pid, ctl[0]);
        _exit(1);
    }
    close(life[1]);
    close(ctl[0]);
    b->lifeline = life[0];
    b->ctl = ctl[1];
    b->on = true;
#else
    b->why_off = "stepping back needs Linux (fork-based checkpoints under a subreaper); not in this build";
#endif
}

void ws_tui_back_end(ws_tui *t)
{
    ws_tui_back *b = t->back;
    if (!b)
        return;
    ws_tui_back_drop_from(b, 0);
    ws_ckpt_free(&b->set);
    free(b->pstart);
    free(b);
    t->back = NULL;
}

void ws_tui_back_stepped(ws_tui *t, uint64_t cycles, double secs)
{
    t->tick += cycles;
    ws_tui_back *b = t->back;
    if (!b)
        return;
    b->acc_c += cycles;
    b->acc_s += secs;
    if (b->acc_s >= 0.2) {
        double r = (double)b->acc_c / b->acc_s;
        b->rate = b->rate > 0 ? 0.5 * b->rate + 0.5 * r : r;
        b->acc_c = 0;
        b->acc_s = 0;
    }
}

void ws_tui_back_phase(ws_tui *t)
{
    t->phase++;
    if (t->back)
        note_phase_start(t->back, t->phase, t->tick);
}

void ws_tui_back_barrier(ws_tui *t)
{
    ws_tui_back *b = t->back;
    if (!b || !b->on)
        return;
    b->barrier_cycle = t->g ? ws_gpu_cycle(t->g) : 0;
    ws_tui_back_drop_from(b, 0);
    b->barrier_due = true;
}

/* ------------------------------------------------------------ replay */
/* Delete the user's breakpoints of the current gpu (the replay must not
 * stop at them, nor count their hits) and, scouting, add the one looked
 * for.  Returns the scout breakpoint's id (0: none). */
static int prepare_gpu(ws_tui *t, const ws_brk *scout)
{
    if (!t->g)
        return 0;
    for (uint32_t i = ws_gpu_brk_count(t->g); i > 0; i--) {
        const ws_brk *k = ws_gpu_brk_at(t->g, i - 1);
        if (k && k->id < WS_BRK_INTERNAL_ID)
            ws_gpu_brk_del(t->g, k->id);
    }
    if (!scout)
        return 0;
    ws_brk s = *scout;
    s.once = false;
    s.disabled = false;
    ws_error err;
    int id = ws_gpu_brk_add_internal(t->g, &s, &err);
    return id > 0 ? id : 0;
}

/* Scouting: fork a waypoint here.  Returns true in the waypoint once it
 * is told to go on (to the hit: *tick, *phase). */
typedef struct way_go {
    uint64_t tick, cycle;       /* the hit */
    uint32_t phase;
    int32_t sm, slot;
} way_go;

static bool waypoint(ws_tui *t, back_scout *sc, uint64_t *tick, uint32_t *phase)
{
    int p[2];
    if (cpipe(p) != 0)
        return false;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        close(p[0]), close(p[1]);
        return false;
    }
    if (pid == 0) {
        close(p[1]);
        way_go go;
        if (ws_tui_back_read(p[0], &go, sizeof go) != 0)
            _exit(0);
        close(p[0]);
        for (uint32_t i = 0; i < sc->nwp; i++)
            close(sc->wp[i].fd);
        sc->nwp = 0;
        sc->promoted = true;
        sc->found->kind = ANS_FOUND;
        sc->found->tick = go.tick;
        sc->found->phase = go.phase;
        sc->found->cycle = go.cycle;
        sc->found->sm = go.sm;
        sc->found->slot = go.slot;
        sc->wp_tick = t->tick;
        sc->wp_cycle = t->g ? ws_gpu_cycle(t->g) : 0;
        *tick = go.tick;
        *phase = go.phase;
        return true;
    }
    close(p[0]);
    if (sc->nwp == sc->capwp) {
        sc->capwp = sc->capwp ? 2 * sc->capwp : 16;
        sc->wp = ws_xrealloc(sc->wp, sc->capwp * sizeof *sc->wp);
    }
    sc->wp[sc->nwp++] = (struct back_waypoint){ .tick = t->tick, .phase = t->phase,
                                                .cycle = t->g ? ws_gpu_cycle(t->g) : 0, .pid = (int)pid, .fd = p[1] };
    return false;
}

/* The scout's end: the newest waypoint at or before the hit goes on to it
 * (true; the scout's work is done), the others end. */
static bool waypoints_end(back_scout *sc)
{
    int pick = -1;
    if (sc->found->kind == ANS_FOUND)
        for (uint32_t i = 0; i < sc->nwp; i++)
            if (ws_ckpt_cmp(sc->wp[i].tick, sc->wp[i].phase, sc->found->tick, sc->found->phase) <= 0)
                pick = (int)i;
    bool sent = false;
    if (pick >= 0) {
        way_go go = { .tick = sc->found->tick, .phase = sc->found->phase, .cycle = sc->found->cycle,
                      .sm = sc->found->sm, .slot = sc->found->slot };
        /* (its pid first, so that the old process waits for it) */
        back_ans a;
        memset(&a, 0, sizeof a);
        a.kind = ANS_PID;
        a.pid = sc->wp[pick].pid;
        sent = ws_tui_back_write(sc->ans_w, &a, sizeof a) == 0 && ws_tui_back_write(sc->wp[pick].fd, &go, sizeof go) == 0;
    }
    for (uint32_t i = 0; i < sc->nwp; i++) {
        close(sc->wp[i].fd);
        if ((int)i != pick || !sent) {
            kill(sc->wp[i].pid, SIGKILL);
            waitpid(sc->wp[i].pid, NULL, 0);
        }
    }
    free(sc->wp);
    sc->wp = NULL;
    sc->nwp = 0;
    return sent;
}

int ws_tui_back_replay(ws_tui *t, uint64_t tick, uint32_t phase, back_scout *sc, ws_error *err)
{
    struct ws_gpu *seen = NULL;
    int sid = 0;
    uint64_t last_wp = t->tick;
    ws_tui_pause(t, NULL);
    for (;;) {
        ws_tui_sync(t);
        if (t->g != seen) {
            seen = t->g;
            sid = prepare_gpu(t, sc ? &sc->brk : NULL);
        }
        int c = ws_ckpt_cmp(t->tick, t->phase, tick, phase);
        if (c == 0)
            return 0;
        if (c > 0)
            return ws_error_set(err, WS_E_STATE, "the replay passed its target (tick %" PRIu64 " phase %" PRIu32
                                ", reached tick %" PRIu64 " phase %" PRIu32 ")", tick, phase, t->tick, t->phase);
        switch (t->rs) {
        case WS_RS_LOADING:
        case WS_RS_BETWEEN:
            if (t->phase >= phase)
                return ws_error_set(err, WS_E_STATE, "the replay cannot reach cycle tick %" PRIu64
                                    " between launches", tick);
            ws_tui_next_launch(t);
            break;
        case WS_RS_RUNNING:
            t->rs = WS_RS_PAUSED;
            /* fall through */
        case WS_RS_PAUSED: {
            if (sc && sc->way_every && t->tick >= last_wp + sc->way_every) {
                last_wp = t->tick;
                if (waypoint(t, sc, &tick, &phase)) {
                    /* the hit is ahead: go there as a plain replay */
                    if (t->g && sid)
                        ws_gpu_brk_del(t->g, sid);
                    sid = 0;
                    sc = NULL;
                    continue;
                }
            }
            uint64_t n = tick > t->tick ? tick - t->tick : 1;
            if (n > REPLAY_CHUNK)
                n = REPLAY_CHUNK;
            if (sc && sc->way_every && n > sc->way_every)
                n = sc->way_every;
            int r = ws_tui_step(t, n);
            if (r == WS_ADV_BREAK && sc && sid) {
                const ws_brk_hit *h = t->lg ? ws_lctl_hit(t->lg) : NULL;
                if (h && h->id == sid &&
                    ws_ckpt_cmp(t->tick, t->phase, sc->now_tick, sc->now_phase) < 0) {
                    sc->found->tick = t->tick;
                    sc->found->phase = t->phase;
                    sc->found->cycle = t->g ? ws_gpu_cycle(t->g) : 0;
                    sc->found->sm = h->sm;
                    sc->found->slot = h->slot;
                    sc->found->kind = ANS_FOUND;
                }
            }
            if (t->rs == WS_RS_RUNNING)
                t->rs = WS_RS_PAUSED;
            break;
        }
        case WS_RS_FINISHED:
        case WS_RS_ERROR:
            return ws_error_set(err, WS_E_STATE, "the scenario %s before the replay reached its target",
                                t->rs == WS_RS_ERROR ? "failed" : "ended");
        }
    }
}

/* ---------------------------------------------------- the checkpoint */
static const int frozen_ign[] = { SIGINT, SIGQUIT, SIGTSTP, SIGWINCH, SIGTTIN, SIGTTOU, SIGUSR1, SIGUSR2 };
static const int frozen_dfl[] = { SIGTERM, SIGHUP, SIGPIPE };
#define NIGN ((int)(sizeof frozen_ign / sizeof frozen_ign[0]))
#define NDFL ((int)(sizeof frozen_dfl / sizeof frozen_dfl[0]))

/* The frozen copy: wait for a request, fork (twice) a process for it, wait
 * again.  Returns only in that process (the runner or scout), with the
 * request and its data. */
static void frozen(ws_tui_back *b, int cmd_r, int ans_w, back_req *rq, char **blob)
{
    struct sigaction *saved_ign = b->saved_ign, *saved_dfl = b->saved_dfl, sa;
    memset(&sa, 0, sizeof sa);
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = SIG_IGN;
    for (int i = 0; i < NIGN; i++)
        sigaction(frozen_ign[i], &sa, &saved_ign[i]);
    sa.sa_handler = SIG_DFL;
    for (int i = 0; i < NDFL; i++)
        sigaction(frozen_dfl[i], &sa, &saved_dfl[i]);
    for (;;) {
        struct pollfd pf[2] = { { .fd = cmd_r, .events = POLLIN }, { .fd = b->lifeline, .events = POLLIN } };
        int r = poll(pf, 2, -1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0 || pf[1].revents)
            _exit(0);       /* the supervisor has gone */
        if (!(pf[0].revents & POLLIN))
            _exit(0);
        if (ws_tui_back_read(cmd_r, rq, sizeof *rq) != 0 || rq->magic != WS_BACK_MAGIC)
            _exit(0);
        char *bl = NULL;
        if (rq->blob_len) {
            bl = malloc(rq->blob_len);
            if (!bl || ws_tui_back_read(cmd_r, bl, rq->blob_len) != 0)
                _exit(0);
        }
        pid_t x = fork();
        if (x == 0) {
            pid_t run = fork();
            if (run == 0) {
                *blob = bl;     /* (the signal actions come back when it is live) */
                return;
            }
            back_ans a;
            memset(&a, 0, sizeof a);
            a.kind = run > 0 ? ANS_PID : ANS_FAIL;
            a.pid = (int32_t)run;
            if (run < 0)
                snprintf(a.msg, sizeof a.msg, "cannot fork a replay: %s", strerror(errno));
            ws_tui_back_write(ans_w, &a, sizeof a);
            _exit(0);
        }
        free(bl);
        if (x > 0) {
            while (waitpid(x, NULL, 0) < 0 && errno == EINTR)
                ;
        } else {
            back_ans a;
            memset(&a, 0, sizeof a);
            a.kind = ANS_FAIL;
            snprintf(a.msg, sizeof a.msg, "cannot fork a replay: %s", strerror(errno));
            ws_tui_back_write(ans_w, &a, sizeof a);
        }
    }
}

/* In a runner or scout forked from checkpoint `self`: do the request. */
static void serve(ws_tui *t, const ws_ckpt *self, const back_req *rq, char *blob, int ans_w)
{
    ws_tui_back *b = t->back;
    back_ans a;
    memset(&a, 0, sizeof a);
    /* the checkpoints this process knows: its parent's, which the old live
     * process may have thinned since (blob), then the parent itself */
    for (uint32_t i = 0; i < b->set.n; i++)
        b->set.c[i].mine = false;
    ws_ckpt me = *self;
    me.mine = false;
    ws_ckpt_add(&b->set, &me);
    double t0 = ws_tui_now();
    uint64_t tick0 = t->tick;
    ws_error err;
    ws_error_clear(&err);
    int32_t sel_sm = rq->sel_sm, sel_slot = rq->sel_slot;
    uint64_t from_cycle = self->cycle;
    if (rq->kind == REQ_SCOUT) {
        /* (the old process keeps the checkpoints: touch none) */
        a.kind = ANS_NONE;
        back_scout sc = { .brk = rq->brk, .now_tick = rq->now_tick, .now_phase = rq->now_phase, .ans_w = ans_w };
        struct back_found f = { 0 };
        sc.found = &f;
        uint64_t len = rq->tick - t->tick;
        sc.way_every = len / WAYPOINTS > INTERVAL_LO ? len / WAYPOINTS : INTERVAL_LO;
        int rr = ws_tui_back_replay(t, rq->tick, rq->phase, &sc, &err);
        if (sc.promoted) {
            /* a waypoint, now at the hit: it becomes the live process */
            if (rr != 0) {
                a.kind = ANS_FAIL;
                snprintf(a.msg, sizeof a.msg, "%.200s", err.msg);
                ws_tui_back_write(ans_w, &a, sizeof a);
                _exit(0);
            }
            sel_sm = f.sm;
            sel_slot = f.slot;
            tick0 = sc.wp_tick;
            from_cycle = sc.wp_cycle;
            goto live;
        }
        if (rr == 0 && waypoints_end(&sc))
            _exit(0);   /* (a waypoint goes on to the hit and answers) */
        if (rr != 0) {
            a.kind = ANS_FAIL;
            snprintf(a.msg, sizeof a.msg, "%.200s", err.msg);
        } else if (f.kind == ANS_FOUND) {
            a.kind = ANS_FOUND;
            a.tick = f.tick;
            a.phase = f.phase;
            a.cycle = f.cycle;
            a.sm = f.sm;
            a.slot = f.slot;
        }
        a.replayed = t->tick - tick0;
        a.secs = ws_tui_now() - t0;
        ws_tui_back_write(ans_w, &a, sizeof a);
        _exit(0);
    }
    if (ws_tui_back_replay(t, rq->tick, rq->phase, NULL, &err) != 0) {
        a.kind = ANS_FAIL;
        snprintf(a.msg, sizeof a.msg, "%.200s", err.msg);
        ws_tui_back_write(ans_w, &a, sizeof a);
        _exit(0);
    }
live:
    ws_tui_back_ui_restore(t, blob, rq->blob_len);
    free(blob);
    /* back to a breakpoint's hit: its warp is selected, as when it hit */
    if (t->g && !t->follow && sel_sm >= 0 && (uint32_t)sel_sm < ws_gpu_nsms(t->g)) {
        t->sm = (uint32_t)sel_sm;
        if (sel_slot >= 0 && (uint32_t)sel_slot < ws_gpu_warp_slots(t->g))
            t->slot = (uint32_t)sel_slot;
    }
    /* the supervisor first, then the old process (which then exits) */
    int32_t me_pid = (int32_t)getpid();
    ws_tui_back_write(b->ctl, &me_pid, sizeof me_pid);
    a.kind = ANS_READY;
    a.tick = t->tick;
    a.phase = t->phase;
    a.cycle = t->g ? ws_gpu_cycle(t->g) : 0;
    a.replayed = t->tick - tick0;
    a.secs = ws_tui_now() - t0;
    ws_tui_back_write(ans_w, &a, sizeof a);
    close(ans_w);
    for (int i = 0; i < NIGN; i++)
        sigaction(frozen_ign[i], &b->saved_ign[i], NULL);
    for (int i = 0; i < NDFL; i++)
        sigaction(frozen_dfl[i], &b->saved_dfl[i], NULL);
    ws_tui_drain_skip(t);
    /* the terminal: its size may have changed meanwhile; every cell again */
    int fd = open("/dev/tty", O_RDONLY | O_CLOEXEC);
    struct winsize wsz;
    if (fd >= 0 && ioctl(fd, TIOCGWINSZ, &wsz) == 0 && wsz.ws_row && wsz.ws_col &&
        (wsz.ws_row != LINES || wsz.ws_col != COLS))
        resize_term(wsz.ws_row, wsz.ws_col);
    if (fd >= 0)
        close(fd);
    if (!isendwin() && stdscr)
        clearok(curscr, TRUE);
    uint64_t pss, priv, tp = 0, tv = 0;
    for (uint32_t i = 0; i < b->set.n; i++)
        if (ws_tui_back_smaps(b->set.c[i].pid, &pss, &priv) == 0)
            tp += pss, tv += priv;
    char line[300];
    int n = snprintf(line, sizeof line, "back to cycle %" PRIu64 ": replayed %" PRIu64
                     " cycles from the %s at cycle %" PRIu64 " in %.2f s; %" PRIu32
                     " checkpoints, %.1f MB private", a.cycle, a.replayed, rq->kind == REQ_SCOUT ? "search's waypoint" : "checkpoint",
                     from_cycle, a.secs, b->set.n,
                     (double)tv / 1024.0);
    ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    ws_tui_message(t, false, "%s", line);
    b->last_secs = a.secs;
    t->need_redraw = true;
}

static void take(ws_tui *t, bool barrier)
{
    ws_tui_back *b = t->back;
    int cmd[2], ans[2];
    fflush(stdout);
    fflush(stderr);
    if (cpipe(cmd) != 0)
        goto off;
    if (cpipe(ans) != 0) {
        close(cmd[0]), close(cmd[1]);
        goto off;
    }
    ws_ckpt c = { .tick = t->tick, .phase = t->phase, .cycle = t->g ? ws_gpu_cycle(t->g) : 0,
                  .fd_cmd = cmd[1], .fd_ans = ans[0], .barrier = barrier, .mine = true };
    pid_t pid = fork();
    if (pid < 0) {
        close(cmd[0]), close(cmd[1]), close(ans[0]), close(ans[1]);
        goto off;
    }
    if (pid == 0) {
        back_req rq;
        char *blob = NULL;
        c.pid = (int)getpid();
        frozen(b, cmd[0], ans[1], &rq, &blob);
        close(cmd[0]);
        serve(t, &c, &rq, blob, ans[1]);
        return;
    }
    close(cmd[0]);
    close(ans[1]);
    c.pid = (int)pid;
    ws_ckpt_add(&b->set, &c);
    int i;
    while ((i = ws_ckpt_thin(&b->set, t->tick)) >= 0)
        drop(b, (uint32_t)i);
    return;
off:
    b->on = false;
    b->why_off = "stepping back stopped: no more pipes or processes for checkpoints";
}

bool ws_tui_back_due(const ws_tui *t)
{
    const ws_tui_back *b = t->back;
    return b && b->on && !b->from_start && b->barrier_due;
}

void ws_tui_back_loop(ws_tui *t)
{
    ws_tui_back *b = t->back;
    if (!b || !b->on || t->quit)
        return;
    if (b->from_start) {
        ws_tui_back_start_loop(t);
        return;
    }
    if (b->barrier_due || b->set.n == 0) {
        b->barrier_due = false;
        take(t, true);
        return;
    }
    const ws_ckpt *last = &b->set.c[b->set.n - 1];
    if (ws_ckpt_cmp(t->tick, t->phase, last->tick, last->phase) <= 0)
        return;
    uint64_t iv = ws_tui_back_interval(b);
    if (t->phase != last->phase || t->tick - last->tick >= iv)
        take(t, false);
}
