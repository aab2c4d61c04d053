/* ws_tui_back_int.h: what ws_tui_back.c and ws_tui_back_ui.c share. */
#ifndef WS_TUI_BACK_INT_H
#define WS_TUI_BACK_INT_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "arch/ws_gpu_dbg.h"
#include "tui/ws_tui.h"
#include "util/ws_ckpt.h"

/* The pipes' messages: a request to a checkpoint, answers from the
 * processes it forks. */
#define WS_BACK_MAGIC 0x77736231u   /* "wsb1" */

enum { REQ_GO = 1, REQ_SCOUT };
typedef struct back_req {
    uint32_t magic, kind;
    uint64_t tick;              /* GO: the target; SCOUT: where the stretch ends */
    uint32_t phase;
    uint64_t now_tick;          /* SCOUT: only hits before this position count */
    uint32_t now_phase;
    ws_brk brk;                 /* SCOUT: the breakpoint looked for */
    int32_t sel_sm, sel_slot;   /* GO: the warp to select there (-1: the user's) */
    uint32_t blob_len;          /* GO: the user's state follows */
} back_req;

enum { ANS_PID = 1, ANS_READY, ANS_FAIL, ANS_FOUND, ANS_NONE };
typedef struct back_ans {
    uint32_t kind;
    int32_t pid;
    uint64_t tick, cycle, replayed;
    uint32_t phase;
    int32_t sm, slot;           /* FOUND: the warp of the hit (-1: none) */
    double secs;
    char msg[240];
} back_ans;

typedef struct ws_tui_back {
    bool on;                     /* stepping back works */
    const char *why_off;         /* why not */
    uint64_t fixed;              /* --checkpoint=K (0: adaptive) */
    double rate, acc_s;          /* measured cycles per second of ws_tui_step */
    uint64_t acc_c;
    ws_ckpt_set set;
    int lifeline;                /* read end: hangs up when the supervisor exits */
    int ctl;                     /* write end: "this pid is live now", to the supervisor */
    bool barrier_due;            /* take a barrier checkpoint at the next loop */
    uint64_t *pstart;            /* the tick at which phase p began */
    uint32_t npstart, cappstart;
    double last_secs, scout_secs;
    /* the signal actions a checkpoint replaced (put back when a runner
     * becomes the live process: until then a Ctrl-C is not for it) */
    struct sigaction saved_ign[8], saved_dfl[3];
    /* without checkpoints (--checkpoint=start, or no fork and subreaper):
     * going back runs warpscope again on the same command line, which
     * replays from the start (ws_tui_back_start.c) */
    bool from_start;
    char **argv;                 /* main's */
    bool pending;                /* this process was started to replay to: */
    uint64_t pend_tick;
    uint32_t pend_phase;
    int pend_fd;                 /* the user's state (an unlinked file) */
    int32_t pend_sm, pend_slot;
    uint64_t barrier_cycle;      /* the cycle where console Lua ran (from_start) */
    bool start_added;            /* the start is in set (from_start) */
} ws_tui_back;

struct back_found {
    uint32_t kind;               /* ANS_FOUND when a hit was found */
    uint64_t tick, cycle;
    uint32_t phase;
    int32_t sm, slot;            /* the hit's warp (-1: none) */
};
/* A waypoint: a fork of a scout, frozen on a pipe, from which the runner
 * to the hit is taken (instead of a second replay of the whole stretch). */
struct back_waypoint {
    uint64_t tick, cycle;
    uint32_t phase;
    int pid, fd;                 /* fd: the write end of its pipe */
};
typedef struct back_scout {
    ws_brk brk;                  /* looked for */
    uint64_t now_tick;           /* hits before this position count */
    uint32_t now_phase;
    struct back_found *found;    /* the last hit */
    uint64_t way_every;          /* cycles between waypoints (0: none) */
    struct back_waypoint *wp;
    uint32_t nwp, capwp;
    int ans_w;                   /* the pipe to the old live process */
    /* in the waypoint that goes on to the hit */
    bool promoted;
    uint64_t wp_tick, wp_cycle;
} back_scout;

/* Replay from here to position (tick, phase) without the user's
 * breakpoints (scouting: with sc->brk, recording its last hit and leaving
 * waypoints; a waypoint told to go on returns from here at the hit with
 * sc->promoted set). */
int ws_tui_back_replay(ws_tui *t, uint64_t tick, uint32_t phase, back_scout *sc, ws_error *err);
/* Whole reads and writes on a pipe (-1: it failed or closed). */
int ws_tui_back_write(int fd, const void *p, size_t n);
int ws_tui_back_read(int fd, void *p, size_t n);
/* End the checkpoints from index `from` on. */
void ws_tui_back_drop_from(ws_tui_back *b, uint32_t from);
/* Cycles between checkpoints now. */
uint64_t ws_tui_back_interval(const ws_tui_back *b);
/* Pss and private dirty kilobytes of a process (-1 when unknown). */
int ws_tui_back_smaps(int pid, uint64_t *pss_kb, uint64_t *priv_kb);

/* The user's state (console log and histories, selection, view, step
 * settings, breakpoints of the current gpu) and the first nkeep
 * checkpoints' pids, as bytes (free them); and, in the runner, put it in
 * place of its own (the checkpoints not named are forgotten). */
char *ws_tui_back_ui_save(ws_tui *t, uint32_t nkeep, size_t *len);
/* ---------------------------------------------- ws_tui_back_start.c */
/* Read WS_BACK_REPLAY (this process replays to a target) and set the
 * from-start mode up. */
void ws_tui_back_start_begin(ws_tui *t, const ws_tui_opts *o);
/* At the first loop: the start as the one (pseudo) checkpoint; a pending
 * replay is done here. */
void ws_tui_back_start_loop(ws_tui *t);
/* Go back by running warpscope again (returns only on failure). */
int ws_tui_back_start_go(ws_tui *t, uint64_t tick, uint32_t phase, ws_error *err);
void ws_tui_back_ui_restore(ws_tui *t, const char *blob, size_t len);

#endif
