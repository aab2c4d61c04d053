/* ws_tui_back_ui.c: the user's state that going back keeps: the old live
 * process writes it as bytes, the runner that replaced it reads it after
 * its replay.  The model and the Lua state go back; what the user did and
 * saw does not: the console log and histories, the selection and view,
 * the step settings, the breakpoints (with their hit counts). */
#include "config.h"
#include "tui/ws_tui_back_int.h"
#include "tui/ws_tui_int.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch/ws_gpu.h"
#include "util/ws_util.h"

typedef struct ui_fixed {
    uint32_t sm, slot, lane;
    bool follow;
    uint64_t follow_id;
    uint32_t follow_cta[3], follow_warp;
    int view;
    ws_view_state vs[16];
    uint64_t speed, step_n;
    char last_step[64];
    char search[128];
    char input[1024];
    int input_len, input_pos;
    char pending[4096];
    int hist_pos, phist_pos;
    int next_id;                 /* the current gpu's next breakpoint id (0: no gpu) */
    uint32_t nkeep, nbrk, nlog;
    int nhist, nphist;
} ui_fixed;

typedef struct bbuf {
    char *p;
    size_t n, cap, at;
    bool bad;
} bbuf;

static void put(bbuf *b, const void *d, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 4096;
        while (cap < b->n + n)
            cap *= 2;
        b->p = ws_xrealloc(b->p, cap);
        b->cap = cap;
    }
    memcpy(b->p + b->n, d, n);
    b->n += n;
}

static void put_str(bbuf *b, const char *s)
{
    uint32_t n = (uint32_t)strlen(s);
    put(b, &n, sizeof n);
    put(b, s, n);
}

static void get(bbuf *b, void *d, size_t n)
{
    if (b->bad || b->at + n > b->n) {
        b->bad = true;
        memset(d, 0, n);
        return;
    }
    memcpy(d, b->p + b->at, n);
    b->at += n;
}

/* A string read into a new allocation (NULL when the data are short). */
static char *get_str(bbuf *b)
{
    uint32_t n;
    get(b, &n, sizeof n);
    if (b->bad || b->at + n > b->n) {
        b->bad = true;
        return NULL;
    }
    char *s = ws_xmalloc((size_t)n + 1);
    memcpy(s, b->p + b->at, n);
    s[n] = 0;
    b->at += n;
    return s;
}

char *ws_tui_back_ui_save(ws_tui *t, uint32_t nkeep, size_t *len)
{
    ui_fixed f;
    memset(&f, 0, sizeof f);
    f.sm = t->sm, f.slot = t->slot, f.lane = t->lane;
    f.follow = t->follow, f.follow_id = t->follow_id, f.follow_warp = t->follow_warp;
    memcpy(f.follow_cta, t->follow_cta, sizeof f.follow_cta);
    f.view = t->view;
    memcpy(f.vs, t->vs, sizeof f.vs);
    f.speed = t->speed, f.step_n = t->step_n;
    memcpy(f.last_step, t->last_step, sizeof f.last_step);
    memcpy(f.search, t->search, sizeof f.search);
    memcpy(f.input, t->input, sizeof f.input);
    f.input_len = t->input_len, f.input_pos = t->input_pos;
    memcpy(f.pending, t->pending, sizeof f.pending);
    f.hist_pos = t->hist_pos, f.phist_pos = t->phist_pos;
    f.nkeep = nkeep;
    f.nlog = t->nlog;
    f.nhist = t->nhist, f.nphist = t->nphist;
    if (t->g) {
        f.next_id = ws_gpu_brk_next_id(t->g);
        for (uint32_t i = 0; i < ws_gpu_brk_count(t->g); i++) {
            const ws_brk *k = ws_gpu_brk_at(t->g, i);
            if (k->id < WS_BRK_INTERNAL_ID && !(k->kind == WS_BRK_PC && k->func))
                f.nbrk++;
        }
    }
    bbuf b = { 0 };
    put(&b, &f, sizeof f);
    for (uint32_t i = 0; i < nkeep && i < t->back->set.n; i++) {
        int32_t pid = t->back->set.c[i].pid;
        put(&b, &pid, sizeof pid);
    }
    if (t->g) {
        for (uint32_t i = 0; i < ws_gpu_brk_count(t->g); i++) {
            const ws_brk *k = ws_gpu_brk_at(t->g, i);
            if (k->id < WS_BRK_INTERNAL_ID && !(k->kind == WS_BRK_PC && k->func))
                put(&b, k, sizeof *k);
        }
    }
    for (uint32_t i = 0; i < t->nlog; i++) {
        char kind;
        const char *s = ws_tui_log_line(t, i, &kind);
        put(&b, &kind, 1);
        put_str(&b, s ? s : "");
    }
    for (int i = 0; i < t->nhist; i++)
        put_str(&b, t->hist[i]);
    for (int i = 0; i < t->nphist; i++)
        put_str(&b, t->phist[i]);
    *len = b.n;
    return b.p;
}

void ws_tui_back_ui_restore(ws_tui *t, const char *blob, size_t len)
{
    bbuf b = { .p = (char *)blob, .n = len };
    ui_fixed f;
    get(&b, &f, sizeof f);
    if (b.bad)
        return;
    /* the checkpoints still alive: the first nkeep of the old process's */
    ws_tui_back *bk = t->back;
    int32_t *keep = ws_xcalloc(f.nkeep + 1, sizeof *keep);
    get(&b, keep, f.nkeep * sizeof *keep);
    for (uint32_t i = bk->set.n; i > 0; i--) {
        bool alive = false;
        for (uint32_t j = 0; j < f.nkeep && !alive; j++)
            alive = keep[j] == bk->set.c[i - 1].pid;
        if (!alive) {
            /* (already ended by the old process: only the pipes are ours) */
            close(bk->set.c[i - 1].fd_cmd);
            close(bk->set.c[i - 1].fd_ans);
            ws_ckpt_remove(&bk->set, i - 1);
        }
    }
    free(keep);
    /* the breakpoints (the replay removed the checkpoint's own) */
    for (uint32_t i = 0; i < f.nbrk; i++) {
        ws_brk k;
        get(&b, &k, sizeof k);
        ws_error err;
        if (!b.bad && t->g && ws_gpu_brk_restore(t->g, &k, &err) < 0)
            ws_tui_log(t, err.msg, true);
    }
    if (t->g && f.next_id > 0)
        ws_gpu_brk_set_next_id(t->g, f.next_id);
    /* the log, as the old process had it */
    if (t->log) {
        for (uint32_t i = 0; i < t->nlog; i++)
            free(t->log[(t->log_first + i) % WS_TUI_LOG_LINES]);
    }
    t->nlog = t->log_first = 0;
    for (uint32_t i = 0; i < f.nlog && !b.bad; i++) {
        char kind;
        get(&b, &kind, 1);
        char *s = get_str(&b);
        if (s)
            ws_tui_log_kind(t, kind, s, strlen(s));
        free(s);
    }
    for (int i = 0; i < t->nhist; i++)
        free(t->hist[i]);
    for (int i = 0; i < t->nphist; i++)
        free(t->phist[i]);
    t->nhist = t->nphist = 0;
    for (int i = 0; i < f.nhist && i < WS_TUI_HIST && !b.bad; i++) {
        char *s = get_str(&b);
        if (s)
            t->hist[t->nhist++] = s;
    }
    for (int i = 0; i < f.nphist && i < WS_TUI_HIST && !b.bad; i++) {
        char *s = get_str(&b);
        if (s)
            t->phist[t->nphist++] = s;
    }
    t->sm = f.sm, t->slot = f.slot, t->lane = f.lane;
    t->follow = f.follow, t->follow_id = f.follow_id, t->follow_warp = f.follow_warp;
    memcpy(t->follow_cta, f.follow_cta, sizeof f.follow_cta);
    if (f.view >= 0 && f.view < ws_tui_nviews)
        t->view = f.view;
    memcpy(t->vs, f.vs, sizeof f.vs);
    t->speed = f.speed, t->step_n = f.step_n;
    memcpy(t->last_step, f.last_step, sizeof f.last_step);
    memcpy(t->search, f.search, sizeof f.search);
    memcpy(t->input, f.input, sizeof f.input);
    t->input_len = f.input_len, t->input_pos = f.input_pos;
    memcpy(t->pending, f.pending, sizeof f.pending);
    t->hist_pos = f.hist_pos < t->nhist ? f.hist_pos : t->nhist;
    t->phist_pos = f.phist_pos < t->nphist ? f.phist_pos : t->nphist;
    t->help = false;
    t->prompt_on = false;
    if (t->g) {
        if (t->sm >= ws_gpu_nsms(t->g))
            t->sm = 0;
        if (t->slot >= ws_gpu_warp_slots(t->g))
            t->slot = 0;
        ws_tui_refollow(t);
    }
    t->need_redraw = true;
}
