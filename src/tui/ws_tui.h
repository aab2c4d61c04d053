/* ws_tui.h: the interactive front end (ncurses).  Private to src/tui.
 *
 * Layout, top to bottom: the header (2 lines, ws_tui_header.c), the current
 * view (the rest), the status line (1 line: run state, message, hit
 * breakpoint) and, while typing, the ':' prompt over the status line.
 *
 * Views read engine state through the public C API only (ws_gpu.h,
 * ws_gpu_dbg.h, ws_cache.h, ws_mempart.h, ws_dram.h, ws_icnt.h, ws_stats.h,
 * ws_pf.h); they never change the model.  Each view is one file
 * ws_view_NAME.c defining `const ws_view ws_view_NAME`.
 *
 * Everything the user can do is a command of one table (ws_tui_cmd.c):
 * keys are bound to command lines, the ':' prompt reads command lines, and
 * Lua calls them with tui.cmd("step 100").  This is tmux's model. */
#ifndef WS_TUI_H
#define WS_TUI_H

#include "config.h"   /* WS_CURSES_WIDE, before curses.h */

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <lua.h>

#include "util/ws_error.h"

#ifdef WS_CURSES_WIDE
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#endif
#include <curses.h>

struct ws_gpu;
struct ws_lgpu;
struct ws_scn;

typedef enum ws_run_state {
    WS_RS_LOADING = 0,   /* the scenario runs host code (before its first launch) */
    WS_RS_PAUSED,        /* a launch is active and stopped */
    WS_RS_RUNNING,       /* a launch is being stepped continuously */
    WS_RS_BETWEEN,       /* a launch has finished; the scenario waits to go on */
    WS_RS_FINISHED,      /* the scenario has ended */
    WS_RS_ERROR          /* the scenario stopped with an error (shown in the console) */
} ws_run_state;

/* Run targets of a `continue`. */
typedef enum ws_run_to {
    WS_TO_NONE = 0,      /* run until paused or a breakpoint (c) */
    WS_TO_CYCLES,        /* run `run_left` more cycles (n N with a large N) */
    WS_TO_KERNEL_END,    /* to the end of this launch */
    WS_TO_NEXT_LAUNCH,   /* to the beginning of the next launch */
    WS_TO_END            /* to the end of the scenario */
} ws_run_to;

#define WS_TUI_LOG_LINES 2000    /* output/console lines kept */
#define WS_TUI_HIST 200          /* console and prompt history entries */
#define WS_TUI_SPARK 240         /* samples kept for sparklines */

typedef struct ws_tui ws_tui;

typedef struct ws_view {
    const char *name;            /* command word: "warps", "warp", "stalls", "caches",
                                    "prefetch", "memory", "source", "console", "iru" */
    const char *title;           /* tab label */
    /* Draw into win (rows x cols, already erased).  Never changes the model. */
    void (*draw)(ws_tui *t, WINDOW *win, int rows, int cols);
    /* A key while the view is shown (before the global bindings); returns
     * true when it used the key.  May be NULL. */
    bool (*key)(ws_tui *t, int key);
    /* Called once per simulated step chunk while the view is shown or not
     * (for history such as sparklines); may be NULL. */
    void (*sample)(ws_tui *t);
    /* Whether the view applies to this machine (NULL: always).  A view that
     * does not is left out of the tab bar and of Tab's cycle; its key
     * still shows it, with a line saying why it is empty. */
    bool (*shown)(ws_tui *t);
} ws_view;

extern const ws_view ws_view_warps, ws_view_warp, ws_view_stalls, ws_view_caches,
    ws_view_prefetch, ws_view_memory, ws_view_source, ws_view_console, ws_view_iru,
    ws_view_mff;

/* Per-view scroll/selection state lives here so views stay stateless. */
typedef struct ws_view_state {
    int scroll;                  /* first row shown */
    int cursor;                  /* selected row */
    int sub;                     /* a view-specific mode (e.g. which table) */
} ws_view_state;

struct ws_tui {
    lua_State *L;
    struct ws_scn *scn;
    struct ws_lgpu *lg;          /* gpu of the active or last launch (NULL before one) */
    struct ws_gpu *g;            /* its model (NULL before the first launch) */
    const char *scenario;        /* path shown in the header */
    const char *preset;          /* preset name shown in the header */

    /* selection */
    uint32_t sm, slot;           /* selected SM and warp slot */
    uint32_t lane;               /* lane whose registers the warp view shows */
    bool follow;                 /* follow the selected warp (by grid id) */
    uint64_t follow_id;          /* ws_brk_warp_id of the followed warp */
    int view;                    /* index into ws_tui_views */
    ws_view_state vs[16];        /* per view */

    /* running */
    ws_run_state rs;
    ws_run_to to;
    uint64_t run_left;           /* WS_TO_CYCLES */
    uint64_t speed;              /* cycles per second while running (0: as fast as possible) */
    uint64_t step_n;             /* N of the last "step N" (the n key) */
    char last_step[64];          /* the last step command (Enter repeats it) */
    double sim_rate;             /* measured simulated cycles per second */
    uint32_t launches_seen;

    /* status line */
    char msg[256];
    bool msg_err;

    /* drawing */
    bool color, ascii;           /* --no-color / NO_COLOR; no wide characters */
    bool quit;
    bool need_redraw;
    int rows, cols;

    /* output of the scenario (its standard output, captured) and of the
     * console, one entry per line, oldest first */
    char **log;
    uint32_t nlog, log_first;    /* ring: log[(log_first + i) % WS_TUI_LOG_LINES] */
    /* console input */
    char input[1024];
    int input_len, input_pos;
    char *hist[WS_TUI_HIST];
    int nhist, hist_pos;
    char pending[4096];          /* multi-line Lua input not yet complete */

    /* GPU-wide samples for sparklines (one per ws_tui_sample call) */
    double spark_ipc[WS_TUI_SPARK];
    double spark_stall[WS_TUI_SPARK][16];   /* fraction of warp-cycles per ws_stall (WS_STALL_COUNT <= 16) */
    double spark_bw[WS_TUI_SPARK];          /* DRAM bandwidth utilization 0..1 */
    uint32_t nspark;
    double spark_pf[2][WS_TUI_SPARK]; uint64_t pf_last[3]; uint32_t npf;   /* prefetch view: issued, useful per sample (views2) */
    uint64_t last_cycle, last_insns;        /* for the rates */

    /* (added by tuicore) */
    int gpu_ref;                 /* registry ref of the gpu userdata (LUA_NOREF: none) */
    double ipc_interval;         /* IPC over the last sample interval */
    uint64_t launch_cycle0, launch_insns0;  /* cycle and warp_insns when the launch began */
    uint64_t last_stall[16], last_busy, last_dcycles;   /* previous sample's counters */
    bool help;                   /* the help overlay is shown */
    int help_scroll;
    bool req_on;                 /* the request timeline overlay is shown (ws_tui_req.c) */
    uint64_t req_id;             /* ... for this request */
    bool prompt_on;              /* the ':' prompt is open */
    char prompt[256];
    int prompt_len, prompt_pos;
    char *phist[WS_TUI_HIST];    /* prompt history */
    int nphist, phist_pos;
    char search[128];            /* last search text */
    /* stepwarp in progress: the warp (by place in the grid) and its
     * instruction count when the step began; brk is the breakpoint used */
    bool stepwarp;
    uint32_t sw_cta[3], sw_warp;
    uint64_t sw_insns;
    int sw_brk;
    /* why it waited when the step began (ws_gpu_wait.h), for the sentence
     * the step ends with; the model's watch records its load's requests */
    struct ws_wait_info *sw_wait;
    uint32_t follow_cta[3], follow_warp;    /* the followed warp */
    uint32_t log_seq;            /* bumped on every log append (for the console's scroll) */
    const char *kernel_name;     /* of the active or last launch */
    bool quit_now;               /* SIGTERM: leave without finishing the scenario */
    double run_t0;               /* monotonic seconds when the run (or speed) began */
    uint64_t run_c0;             /* simulated cycles of this run so far (for the speed cap) */
    int cur_y, cur_x;            /* where the console wants the cursor (in its window; -1: none) */
    struct ws_tui_cap *cap;      /* the captured standard output (NULL off-screen) */
    char *fatal;                 /* the scenario's error (printed again after the TUI) */
    /* stepping back (ws_tui_back.c): the checkpoints (NULL: none), and
     * the position: cycles simulated through ws_tui_step since the TUI
     * began and the times the scenario was resumed */
    struct ws_tui_back *back;
    uint64_t tick;
    uint32_t phase;
    /* the memory view's power panel: the peak window power over windows
     * [0, en_scanned) of the series of en_stats, and the power of window
     * en_scanned - 1 (a check that the series is still the one scanned) */
    const void *en_stats;
    size_t en_scanned;
    double en_peak, en_check;
    struct ws_tui_cusrc *cusrc;  /* CUDA sources read for the source view (ws_tui_cusrc.c) */
};

/* Kinds of log lines: each entry of t->log starts with one of these
 * characters (the text follows). */
#define WS_LOG_OUT '|'           /* scenario output */
#define WS_LOG_ERR '!'           /* an error (shown in the error colour) */
#define WS_LOG_IN '>'            /* console input echo */
#define WS_LOG_VAL '='           /* a console result */
#define WS_LOG_INFO '#'          /* TUI messages (breakpoints listed, launches) */

extern const ws_view *const ws_tui_views[];
extern const int ws_tui_nviews;
/* The per-view state of view v (t->vs[its index in ws_tui_views]; the last
 * entry for a view not in the table). */
ws_view_state *ws_tui_vstate(ws_tui *t, const ws_view *v);
/* Whether view i is in the tab bar and Tab's cycle (its `shown`). */
bool ws_tui_view_shown(ws_tui *t, int i);
/* The scrolling keys every list uses: Up/k, Down/j by one, PgUp/PgDn by
 * `page`, Home to 0, End to the bottom (a large value the view clamps).
 * Moves *pos (kept >= 0) and returns true when k is one of them. */
bool ws_tui_scroll_key(int k, int *pos, int page);

/* Line `line` of CUDA file `file` (a `.file` name; its base name is looked
 * up in the directory of ptx_path), or NULL when it cannot be read or has
 * fewer lines (ws_tui_cusrc.c; kept until ws_tui_cu_free). */
const char *ws_tui_cu_line(ws_tui *t, const char *ptx_path, const char *file, uint32_t line);
void ws_tui_cu_free(ws_tui *t);

/* ------------------------------------------------------------- the loop */
typedef struct ws_tui_opts {
    const char *scenario;        /* script path */
    int argc;                    /* script arguments */
    char **argv;
    const char *preset;
    bool no_color;
    bool ascii;
    int64_t checkpoint;          /* --checkpoint: cycles between checkpoints (0: adaptive;
                                    -1: off, no stepping back; -2: none, replay from the start) */
    char **exec_argv;            /* main's argv (run again to replay from the start) */
} ws_tui_opts;
/* Run the TUI on a scenario (standard output must be a terminal).  Returns
 * the process exit status. */
int ws_tui_main(lua_State *L, const ws_tui_opts *o);

/* ------------------------------------------------------------- commands */
typedef struct ws_tui_cmd {
    const char *name;            /* "step" */
    const char *alias;           /* "s" or NULL */
    const char *args;            /* usage of the arguments, "[N]" */
    const char *help;            /* one line */
    int (*run)(ws_tui *t, int argc, char **argv, ws_error *err);   /* 0 ok, -1 err */
} ws_tui_cmd;
extern const ws_tui_cmd ws_tui_cmds[];
/* Run one command line ("step 10"); errors go to the status line and err. */
int ws_tui_exec(ws_tui *t, const char *line, ws_error *err);

typedef struct ws_tui_key {
    int key;                     /* curses key code or character */
    const char *label;           /* as shown in the help ("space", "^L") */
    const char *command;         /* command line it runs */
} ws_tui_key;
extern const ws_tui_key ws_tui_keys[];
/* Print the key and command tables (warpscope --list-keys; the man page's
 * KEYS and COMMANDS sections are checked against it). */
void ws_tui_print_tables(FILE *f);

/* ---------------------------------------------------------- model access */
/* Step the active launch by up to n cycles through the control layer;
 * updates rs, msg (breakpoint hits, errors) and the samples. */
int ws_tui_step(ws_tui *t, uint64_t n);
/* Take one sample of the GPU-wide series (called after each step chunk). */
void ws_tui_sample(ws_tui *t);
/* Append text (may hold several lines) to the output log. */
void ws_tui_log(ws_tui *t, const char *text, bool error);
void ws_tui_message(ws_tui *t, bool error, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Append one line of the given kind (WS_LOG_*). */
void ws_tui_log_kind(ws_tui *t, char kind, const char *text, size_t len);
/* The i-th kept log line (0 = oldest) with its kind. */
const char *ws_tui_log_line(const ws_tui *t, uint32_t i, char *kind);
/* Free what a ws_tui owns (log, histories); for tests that fill one. */
void ws_tui_free(ws_tui *t);
/* Index of view `name` (or a unique prefix) in ws_tui_views; -1 if none. */
int ws_tui_view_find(const char *name);
/* The selected warp: false when the slot is empty or no launch is active. */
struct ws_warp_info;
bool ws_tui_selected_warp(ws_tui *t, struct ws_warp_info *wi);

/* --------------------------------------------------------- drawing help
 * (ws_tui_draw.c).  Colour pairs: one per stall reason and per owner
 * array, plus the few below.  With colours off every pair is plain. */
enum {
    WS_CP_NORMAL = 0,
    WS_CP_TITLE = 1, WS_CP_SELECTED, WS_CP_DIM, WS_CP_ERROR, WS_CP_OK, WS_CP_WARN,
    WS_CP_BAR, WS_CP_PREFETCH, WS_CP_PENDING, WS_CP_DIRTY,
    WS_CP_STALL0 = 16,           /* + ws_stall */
    WS_CP_OWNER0 = 32,           /* + owner index (8 colours, cycled) */
    WS_CP_COUNT = 40
};
void ws_tui_colors_init(bool color);
bool ws_tui_has_color(void);                      /* colours were started */
int ws_tui_stall_pair(int stall);                 /* COLOR_PAIR value */
int ws_tui_owner_pair(uint32_t owner);            /* COLOR_PAIR value, 0 owner: normal */
/* The attribute for pair WS_CP_*: COLOR_PAIR (+ bold for titles/errors) with
 * colours, a monochrome stand-in without (SELECTED: reverse, TITLE/ERROR:
 * bold, DIM: dim, PREFETCH/PENDING: underline). */
int ws_tui_attr(int cp);
/* Without colours the segments of ws_tui_stacked are drawn with the i-th of
 * these characters ("#=%*+o~:x@&$-", cycled), for a legend. */
char ws_tui_seg_char(int i);
/* Draw helpers: each clips to the window.  ws_tui_text writes at most maxw
 * columns (maxw < 0: up to the right edge) and returns the columns used;
 * UTF-8 text is counted by display width. */
int ws_tui_text(WINDOW *w, int y, int x, int maxw, int attr, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* A horizontal bar of `width` cells filled to frac (0..1), eighth blocks
 * when wide characters are available. */
void ws_tui_bar(WINDOW *w, int y, int x, int width, double frac, int attr, bool ascii);
/* A stacked bar: segments of fractions fr[i] (sum <= 1) with attrs at[i]. */
void ws_tui_stacked(WINDOW *w, int y, int x, int width, const double *fr, const int *at, int n,
                    bool ascii);
/* A sparkline of v[0..n) (oldest first) scaled to [0, max] (max <= 0:
 * the largest value), right-aligned in width cells. */
void ws_tui_spark(WINDOW *w, int y, int x, int width, const double *v, int n, double max, int attr,
                  bool ascii);
/* The 32 lanes of a mask as 32 cells (active: filled, else a dot). */
void ws_tui_lanes(WINDOW *w, int y, int x, uint32_t mask, int attr, bool ascii);
/* A unit's structure as one row (the IRU and MFF views): the label padded
 * to lw columns, a bar of v / cap (the warning colour when full), then the
 * text; returns y + 1. */
int ws_tui_level_row(WINDOW *w, int y, int cols, int lw, const char *label, uint64_t v, uint64_t cap, bool ascii,
                     const char *fmt, ...) __attribute__((format(printf, 9, 10)));
/* The name of the device allocation of t's gpu holding addr, or addr in
 * hex (into buf; returns buf). */
const char *ws_tui_array_name(const ws_tui *t, uint64_t addr, char *buf, size_t size);
/* A boxed section title "─ title ─────" across width. */
void ws_tui_section(WINDOW *w, int y, int x, int width, const char *title, bool ascii);
/* Human units: 1234567 -> "1.23M". */
const char *ws_tui_si(char *buf, size_t size, double v);

/* Render view `v` of t into a rows x cols text (for tests and the redraw
 * benchmark; no terminal needed): returns a malloc'd string of rows lines
 * separated by '\n', or NULL.  ws_tui_offscreen_begin creates an off-screen
 * curses screen once per process (TERM defaults to xterm-256color). */
int ws_tui_offscreen_begin(int rows, int cols, ws_error *err);
void ws_tui_offscreen_end(void);
char *ws_tui_render(ws_tui *t, const ws_view *v, int rows, int cols);

#endif
