/* ws_tui_cmd.c: the one command table of the TUI.  Keys are bound to
 * command lines (ws_tui_keys.c), the ':' prompt reads command lines, and Lua
 * runs them with tui.cmd(line).  Every command reports failure through
 * ws_error; ws_tui_exec shows it on the status line. */
#include "config.h"
#include "tui/ws_tui_int.h"
#include "tui/ws_tui_back.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "arch/ws_gpu.h"
#include "arch/ws_gpu_dbg.h"
#include "arch/ws_gpu_wait.h"
#include "lua/ws_lua_ctl.h"
#include "ptx/ws_ptx.h"
#include "tui/ws_view_source.h"
#include "util/ws_util.h"

/* ------------------------------------------------------------- parsing */
int ws_tui_split(const char *line, char *buf, size_t size, char **argv, int max, ws_error *err)
{
    int argc = 0;
    size_t n = 0;
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p || argc >= max)
            break;
        argv[argc++] = buf + n;
        while (*p && *p != ' ' && *p != '\t') {
            if (*p == '"' || *p == '\'') {
                char q = *p++;
                while (*p && *p != q) {
                    if (n + 1 < size)
                        buf[n++] = *p;
                    p++;
                }
                if (!*p)
                    return ws_error_set(err, WS_E_PARSE, "unterminated %c quote in '%s'", q, line);
                p++;
            } else {
                if (n + 1 < size)
                    buf[n++] = *p;
                p++;
            }
        }
        if (n < size)
            buf[n++] = 0;
    }
    if (size)
        buf[n < size ? n : size - 1] = 0;
    return argc;
}

/* A count: decimal or 0x hex, with an optional k/M/G suffix (x1000). */
static int parse_u64(const char *s, uint64_t *out, const char *what, ws_error *err)
{
    char *end;
    errno = 0;
    if (!s || !*s || *s == '-')
        return ws_error_set(err, WS_E_PARSE, "%s must be a non-negative number, got '%s'", what,
                            s ? s : "");
    unsigned long long v = strtoull(s, &end, 0);
    uint64_t mul = 1;
    if (*end == 'k' || *end == 'K')
        mul = 1000, end++;
    else if (*end == 'M' || *end == 'm')
        mul = 1000000, end++;
    else if (*end == 'G' || *end == 'g')
        mul = 1000000000, end++;
    if (errno || end == s || *end || (mul > 1 && v > UINT64_MAX / mul))
        return ws_error_set(err, WS_E_PARSE, "%s must be a non-negative number, got '%s'", what, s);
    *out = (uint64_t)v * mul;
    return 0;
}

static int need_gpu(ws_tui *t, ws_error *err)
{
    if (!t->g)
        return ws_error_set(err, WS_E_STATE, "no launch yet (the scenario has not launched a kernel)");
    return 0;
}

static int need_active(ws_tui *t, ws_error *err)
{
    if (need_gpu(t, err) < 0)
        return -1;
    if (!ws_gpu_launch_active(t->g))
        return ws_error_set(err, WS_E_STATE, "no launch is active");
    return 0;
}

/* --------------------------------------------------------- running */
static int c_step(ws_tui *t, int argc, char **argv, ws_error *err)
{
    uint64_t n = 1;
    if (argc > 1 && parse_u64(argv[1], &n, "the cycle count", err) < 0)
        return -1;
    if (n == 0)
        return ws_error_set(err, WS_E_RANGE, "step needs at least 1 cycle");
    snprintf(t->last_step, sizeof t->last_step, "step %" PRIu64, n);
    return ws_tui_go(t, WS_TO_CYCLES, n, err);
}

static int c_stepn(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (argc > 1) {
        uint64_t n;
        if (parse_u64(argv[1], &n, "N", err) < 0)
            return -1;
        if (n == 0)
            return ws_error_set(err, WS_E_RANGE, "N must be at least 1");
        t->step_n = n;
    } else if (!t->step_n) {
        ws_tui_prompt_open(t, "stepn ");
        return 0;
    }
    snprintf(t->last_step, sizeof t->last_step, "step %" PRIu64, t->step_n);
    return ws_tui_go(t, WS_TO_CYCLES, t->step_n, err);
}

static int c_stepwarp(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv;
    ws_warp_info wi;
    if (t->rs == WS_RS_BETWEEN || t->rs == WS_RS_LOADING)
        return ws_error_set(err, WS_E_STATE, "no launch is active (step to begin the next one)");
    if (need_active(t, err) < 0)
        return -1;
    if (!ws_tui_selected_warp(t, &wi))
        return ws_error_set(err, WS_E_STATE, "SM %" PRIu32 " slot %" PRIu32 " holds no warp; select one with [ ]",
                            t->sm, t->slot);
    ws_brk b = { .kind = WS_BRK_ISSUE, .warp = WS_BRK_ANY, .sm = (int32_t)t->sm };
    int id = ws_gpu_brk_add_internal(t->g, &b, err);
    if (id < 0)
        return -1;
    t->stepwarp = true;
    memcpy(t->sw_cta, wi.cta, sizeof t->sw_cta);
    t->sw_warp = wi.warp;
    t->sw_insns = wi.insns;
    t->sw_brk = id;
    /* why it waits now; its load's requests are recorded as they come back */
    if (!t->sw_wait)
        t->sw_wait = ws_xcalloc(1, sizeof *t->sw_wait);
    ws_gpu_warp_wait(t->g, t->sm, t->slot, t->sw_wait);
    if (t->sw_wait->kind == WS_WAIT_REG && t->sw_wait->pending)
        ws_gpu_wait_watch(t->g, t->sm, t->slot, t->sw_wait->load);
    snprintf(t->last_step, sizeof t->last_step, "stepwarp");
    return ws_tui_go(t, WS_TO_NONE, 0, err);
}

static int c_continue(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv;
    return ws_tui_go(t, WS_TO_NONE, 0, err);
}

static int c_pause(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv, (void)err;
    ws_tui_pause(t, "paused");
    return 0;
}

static int c_run(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (argc < 2)
        return ws_error_set(err, WS_E_PARSE, "run needs a target: kernel, launch, end or a cycle count");
    const char *w = argv[1];
    if (!strcmp(w, "kernel"))
        return ws_tui_go(t, WS_TO_KERNEL_END, 0, err);
    if (!strcmp(w, "launch"))
        return ws_tui_go(t, WS_TO_NEXT_LAUNCH, 0, err);
    if (!strcmp(w, "end"))
        return ws_tui_go(t, WS_TO_END, 0, err);
    uint64_t n;
    if (parse_u64(w, &n, "run's target", err) < 0) {
        ws_error_set(err, WS_E_PARSE, "unknown run target '%s' (expected kernel, launch, end or N)", w);
        return -1;
    }
    if (n == 0)     /* (as step: a count of cycles is at least 1) */
        return ws_error_set(err, WS_E_RANGE, "run N needs at least 1 cycle");
    return ws_tui_go(t, WS_TO_CYCLES, n, err);
}

static int c_repeat(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv;
    char line[sizeof t->last_step];
    snprintf(line, sizeof line, "%s", t->last_step[0] ? t->last_step : "step");
    return ws_tui_exec(t, line, err);
}

static int c_speed(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (argc < 2) {
        if (t->speed)
            ws_tui_message(t, false, "speed: at most %" PRIu64 " cycles/s", t->speed);
        else
            ws_tui_message(t, false, "speed: unlimited");
        return 0;
    }
    const char *w = argv[1];
    if (!strcmp(w, "max") || !strcmp(w, "0") || !strcmp(w, "unlimited"))
        t->speed = 0;
    else if (!strcmp(w, "+"))
        t->speed = t->speed == 0 ? 0 : t->speed >= UINT64_MAX / 4 ? 0 : t->speed * 4;
    else if (!strcmp(w, "-")) {
        if (t->speed == 0)
            t->speed = 1000000;
        else if (t->speed > 1)
            t->speed /= 4;
    } else {
        uint64_t n;
        if (parse_u64(w, &n, "speed", err) < 0)
            return -1;
        t->speed = n;
    }
    if (t->speed > 100000000)
        t->speed = 0;
    if (t->speed)
        ws_tui_message(t, false, "speed: at most %" PRIu64 " cycles/s", t->speed);
    else
        ws_tui_message(t, false, "speed: unlimited");
    return 0;
}

/* ------------------------------------------------------ breakpoints */
static int stall_by_name(const char *name)
{
    for (int s = 0; s < WS_STALL_COUNT; s++)
        if (!strcmp(ws_stall_name((ws_stall)s), name))
            return s;
    return -1;
}

/* Parse the optional words after a breakpoint's own arguments:
 * "sm S", "warp" (the selected warp), "warp CTA W", "once". */
static int brk_options(ws_tui *t, ws_brk *b, int argc, char **argv, int i, ws_error *err)
{
    for (; i < argc; i++) {
        uint64_t v;
        if (!strcmp(argv[i], "once")) {
            b->once = true;
        } else if (!strcmp(argv[i], "sm") && i + 1 < argc) {
            if (parse_u64(argv[++i], &v, "the SM", err) < 0)
                return -1;
            b->sm = (int32_t)(v > INT32_MAX ? INT32_MAX : v);
        } else if (!strcmp(argv[i], "warp")) {
            if (i + 2 < argc && isdigit((unsigned char)argv[i + 1][0])) {
                uint64_t cta, w;
                if (parse_u64(argv[i + 1], &cta, "the CTA", err) < 0 ||
                    parse_u64(argv[i + 2], &w, "the warp", err) < 0)
                    return -1;
                b->warp = ws_brk_warp_id(cta, (uint32_t)w);
                i += 2;
            } else {
                ws_warp_info wi;
                if (!ws_tui_selected_warp(t, &wi))
                    return ws_error_set(err, WS_E_STATE, "no warp is selected");
                b->warp = ws_tui_warp_id(t);
            }
        } else {
            return ws_error_set(err, WS_E_PARSE,
                                "unexpected '%s' in break (options: sm S, warp [CTA W], once)", argv[i]);
        }
    }
    return 0;
}

static int brk_add(ws_tui *t, ws_brk *b, ws_error *err)
{
    int id = ws_gpu_brk_add(t->g, b, err);
    if (id < 0)
        return -1;
    char d[160];
    const ws_brk *nb = NULL;
    for (uint32_t i = 0; i < ws_gpu_brk_count(t->g); i++)
        if (ws_gpu_brk_at(t->g, i)->id == id)
            nb = ws_gpu_brk_at(t->g, i);
    if (nb)
        ws_gpu_brk_describe(t->g, nb, d, sizeof d);
    else
        d[0] = 0;
    ws_tui_message(t, false, "breakpoint %d: %s", id, d);
    return 0;
}

/* `break` alone: toggle a line breakpoint (any warp) at the selected warp's
 * line, or at the source view's cursor when the source view is shown. */
static int brk_toggle(ws_tui *t, ws_error *err)
{
    const ws_ptx_func *f = NULL;
    uint32_t pc = 0, line = 0;
    const ws_view *v = ws_tui_views[t->view];
    const char *cf = NULL;
    if (v == &ws_view_source && ws_view_source_cursor_cu(t, &cf, &line) == 0) {
        /* a CUDA row: a CUDA line breakpoint */
        for (uint32_t i = 0; i < ws_gpu_brk_count(t->g); i++) {
            const ws_brk *b = ws_gpu_brk_at(t->g, i);
            if (b->kind == WS_BRK_CU && b->line == line && !strcmp(b->file, cf) && b->warp == WS_BRK_ANY &&
                b->sm < 0) {
                int id = b->id;
                ws_gpu_brk_del(t->g, id);
                ws_tui_message(t, false, "breakpoint %d at %s:%" PRIu32 " deleted", id, cf, line);
                return 0;
            }
        }
        ws_brk b = { .kind = WS_BRK_CU, .line = line, .warp = WS_BRK_ANY, .sm = -1 };
        snprintf(b.file, sizeof b.file, "%s", cf);
        return brk_add(t, &b, err);
    }
    if (v == &ws_view_source && ws_view_source_cursor(t, &f, &pc, &line) == 0) {
        /* the cursor's line */
    } else {
        ws_warp_info wi;
        if (!ws_tui_selected_warp(t, &wi))
            return ws_error_set(err, WS_E_STATE, "no warp is selected (select one with [ ], or give "
                                                 "'break line N')");
        line = wi.line;
    }
    for (uint32_t i = 0; i < ws_gpu_brk_count(t->g); i++) {
        const ws_brk *b = ws_gpu_brk_at(t->g, i);
        if (b->kind == WS_BRK_LINE && b->line == line && b->warp == WS_BRK_ANY && b->sm < 0) {
            int id = b->id;
            ws_gpu_brk_del(t->g, id);
            ws_tui_message(t, false, "breakpoint %d at line %" PRIu32 " deleted", id, line);
            return 0;
        }
    }
    ws_brk b = { .kind = WS_BRK_LINE, .line = line, .warp = WS_BRK_ANY, .sm = -1 };
    return brk_add(t, &b, err);
}

/* A line breakpoint on a line of the running kernel's PTX file that holds
 * no instruction would never stop: refused, naming the file's range. */
static int brk_line_check(ws_tui *t, uint32_t line, ws_error *err)
{
    const ws_kernel *k = ws_gpu_kernel(t->g);
    const ws_ptx_module *m = k ? ws_module_ptx(ws_kernel_module(k)) : NULL;
    if (!m)
        return 0;       /* (no kernel yet: any line) */
    uint32_t lo = UINT32_MAX, hi = 0;
    for (uint32_t f = 0; f < m->nfuncs; f++)
        for (uint32_t i = 0; i < m->funcs[f].ninsns; i++) {
            uint32_t l = m->funcs[f].insns[i].line;
            if (l == line)
                return 0;
            if (l < lo) lo = l;
            if (l > hi) hi = l;
        }
    const char *base = m->path ? strrchr(m->path, '/') : NULL;
    base = base ? base + 1 : m->path ? m->path : "the PTX";
    if (lo > hi)
        return ws_error_set(err, WS_E_RANGE, "line %" PRIu32 ": %s has no instructions", line, base);
    return ws_error_set(err, WS_E_RANGE,
                        "line %" PRIu32 " holds no instruction of %s (its instructions are on lines %" PRIu32
                        "..%" PRIu32 ")", line, base, lo, hi);
}

/* `break cu [FILE:]LINE`: the CUDA line must hold an instruction of the
 * running kernel's module (by its .loc), else it would never stop. */
static int brk_cu_parse(ws_tui *t, const char *arg, ws_brk *b, ws_error *err)
{
    const char *colon = strrchr(arg, ':');
    const char *num = colon ? colon + 1 : arg;
    size_t flen = colon ? (size_t)(colon - arg) : 0;
    if (flen >= sizeof b->file)
        return ws_error_set(err, WS_E_RANGE, "break cu: file name '%.*s' is too long", (int)flen, arg);
    uint64_t v;
    if (parse_u64(num, &v, "the CUDA line", err) < 0)
        return -1;
    if (v == 0 || v > UINT32_MAX)
        return ws_error_set(err, WS_E_RANGE, "break cu: line %s is out of range (lines start at 1)", num);
    memcpy(b->file, arg, flen);
    b->file[flen] = 0;
    b->line = (uint32_t)v;
    b->kind = WS_BRK_CU;
    const ws_kernel *k = ws_gpu_kernel(t->g);
    const ws_ptx_module *m = k ? ws_module_ptx(ws_kernel_module(k)) : NULL;
    if (!m)
        return 0;       /* (no kernel yet: any line) */
    bool any_loc = false;
    for (uint32_t f = 0; f < m->nfuncs; f++)
        for (uint32_t i = 0; i < m->funcs[f].ninsns; i++) {
            uint32_t l;
            const char *cf = ws_ptx_insn_cu(m, &m->funcs[f].insns[i], &l);
            any_loc |= cf != NULL;
            if (cf && l == b->line && (!b->file[0] || !strcmp(cf, b->file)))
                return 0;
        }
    if (!any_loc)
        return ws_error_set(err, WS_E_RANGE, "break cu: the running kernel's PTX has no .loc line information "
                                             "(compile it with nvcc -lineinfo)");
    return ws_error_set(err, WS_E_RANGE, "break cu: no instruction of the running kernel's PTX comes from %s%s%" PRIu32,
                        b->file, b->file[0] ? ":" : "line ", b->line);
}

static int c_break(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (need_gpu(t, err) < 0)
        return -1;
    if (argc < 2)
        return brk_toggle(t, err);
    ws_brk b = { .warp = WS_BRK_ANY, .sm = -1 };
    const char *k = argv[1];
    int i = 2;
    int32_t part = -1;     /* iru_reply / iru_timeout: the partition (-1: any) */
    uint64_t v = 0;
    if (!strcmp(k, "pc") || !strcmp(k, "line")) {
        if (argc < 3)
            return ws_error_set(err, WS_E_PARSE, "break %s needs a number", k);
        if (parse_u64(argv[2], &v, k, err) < 0)
            return -1;
        if (v > UINT32_MAX)
            return ws_error_set(err, WS_E_RANGE, "%s %s is out of range", k, argv[2]);
        b.kind = k[0] == 'p' ? WS_BRK_PC : WS_BRK_LINE;
        b.pc = b.line = (uint32_t)v;
        i = 3;
        if (b.kind == WS_BRK_LINE && brk_line_check(t, b.line, err) < 0)
            return -1;
    } else if (!strcmp(k, "cu")) {
        if (argc < 3)
            return ws_error_set(err, WS_E_PARSE, "break cu needs a CUDA line: FILE.cu:LINE or LINE");
        if (brk_cu_parse(t, argv[2], &b, err) < 0)
            return -1;
        i = 3;
    } else if (!strcmp(k, "warp")) {
        b.kind = WS_BRK_ISSUE;
        i = 1;   /* "warp [CTA W]" is the option itself */
    } else if (!strcmp(k, "issue")) {
        b.kind = WS_BRK_ISSUE;
    } else if (!strcmp(k, "cycle")) {
        if (argc < 3)
            return ws_error_set(err, WS_E_PARSE, "break cycle needs a cycle (N, or +N from now)");
        bool rel = argv[2][0] == '+';
        if (parse_u64(argv[2] + rel, &v, "the cycle", err) < 0)
            return -1;
        b.kind = WS_BRK_CYCLE;
        b.cycle = rel ? ws_gpu_cycle(t->g) + v : v;
        i = 3;
    } else if (!strcmp(k, "stall")) {
        int s = argc > 2 ? stall_by_name(argv[2]) : -1;
        if (s < 0) {
            char names[400] = "";
            for (int j = 0; j < WS_STALL_COUNT; j++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", j ? ", " : "",
                         ws_stall_name((ws_stall)j));
            return ws_error_set(err, WS_E_PARSE, "break stall needs a reason: %s", names);
        }
        b.kind = WS_BRK_STALL;
        b.stall = (ws_stall)s;
        i = 3;
    } else if (!strcmp(k, "mshr_full")) {
        b.kind = WS_BRK_MSHR_FULL;
    } else if (!strcmp(k, "throttle")) {
        b.kind = WS_BRK_THROTTLE;
    } else if (!strcmp(k, "prefetch")) {
        if (argc < 3)
            return ws_error_set(err, WS_E_PARSE, "break prefetch needs an address [and a length]");
        if (parse_u64(argv[2], &b.addr, "the address", err) < 0)
            return -1;
        i = 3;
        if (argc > 3 && isdigit((unsigned char)argv[3][0])) {
            if (parse_u64(argv[3], &b.len, "the length", err) < 0)
                return -1;
            i = 4;
        }
        b.kind = WS_BRK_PREFETCH;
    } else if (!strcmp(k, "iru_reply") || !strcmp(k, "iru_timeout")) {
        b.kind = k[4] == 'r' ? WS_BRK_IRU_REPLY : WS_BRK_IRU_TIMEOUT;
        if (argc > 2 && isdigit((unsigned char)argv[2][0])) {
            if (parse_u64(argv[2], &v, "the partition", err) < 0)
                return -1;
            if (v > INT32_MAX)
                return ws_error_set(err, WS_E_RANGE, "partition %s is out of range", argv[2]);
            part = (int32_t)v;
            i = 3;
        }
    } else if (!strcmp(k, "mff_done") || !strcmp(k, "mff_coalesce") || !strcmp(k, "mff_stall")) {
        b.kind = k[4] == 'd' ? WS_BRK_MFF_DONE : k[4] == 'c' ? WS_BRK_MFF_COALESCE : WS_BRK_MFF_STALL;
        if (argc > 2 && isdigit((unsigned char)argv[2][0])) {
            if (parse_u64(argv[2], &v, "the unit", err) < 0)
                return -1;
            if (v > INT32_MAX)
                return ws_error_set(err, WS_E_RANGE, "MFF unit %s is out of range", argv[2]);
            part = (int32_t)v;
            i = 3;
        }
    } else if (!strcmp(k, "request")) {
        if (argc < 3)
            return ws_error_set(err, WS_E_PARSE, "break request needs a request id (the timeline's title, "
                                "w:info().wait)");
        if (parse_u64(argv[2], &b.req, "the request id", err) < 0)
            return -1;
        if (b.req == 0)
            return ws_error_set(err, WS_E_RANGE, "break request 0: request ids start at 1");
        b.kind = WS_BRK_REQUEST;
        i = 3;
    } else {
        return ws_error_set(err, WS_E_PARSE,
                            "unknown breakpoint kind '%s' (expected pc, line, cu, warp, issue, cycle, stall, "
                            "mshr_full, throttle, prefetch, iru_reply, iru_timeout, mff_done, mff_coalesce, mff_stall, "
                            "request)",
                            k);
    }
    if (brk_options(t, &b, argc, argv, i, err) < 0)
        return -1;
    if (b.kind == WS_BRK_IRU_REPLY || b.kind == WS_BRK_IRU_TIMEOUT) {
        if (b.sm >= 0 || b.warp != WS_BRK_ANY)
            return ws_error_set(err, WS_E_PARSE, "break %s takes a partition number (break %s [P]), not sm or warp",
                                k, k);
        b.sm = part;
    }
    if (b.kind == WS_BRK_MFF_DONE || b.kind == WS_BRK_MFF_COALESCE || b.kind == WS_BRK_MFF_STALL) {
        if (b.sm >= 0)
            return ws_error_set(err, WS_E_PARSE, "break %s takes a unit number (break %s [U] [warp [CTA W]]), not sm",
                                k, k);
        b.sm = part;
    }
    if (b.kind == WS_BRK_ISSUE && b.warp == WS_BRK_ANY && !strcmp(k, "warp"))
        return ws_error_set(err, WS_E_STATE, "no warp is selected");
    return brk_add(t, &b, err);
}

static int c_delete(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (need_gpu(t, err) < 0)
        return -1;
    if (argc < 2)
        return ws_error_set(err, WS_E_PARSE, "delete needs a breakpoint number or 'all'");
    if (!strcmp(argv[1], "all")) {
        ws_gpu_brk_clear(t->g);
        ws_tui_message(t, false, "every breakpoint deleted");
        return 0;
    }
    for (int i = 1; i < argc; i++) {
        uint64_t id;
        if (parse_u64(argv[i], &id, "the breakpoint number", err) < 0)
            return -1;
        if (id > INT32_MAX || !ws_gpu_brk_del(t->g, (int)id))
            return ws_error_set(err, WS_E_RANGE, "no breakpoint %s (see :breakpoints)", argv[i]);
    }
    ws_tui_message(t, false, "deleted");
    return 0;
}

static int c_enable(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (need_gpu(t, err) < 0)
        return -1;
    bool on = !strcmp(argv[0], "enable");
    if (argc < 2)
        return ws_error_set(err, WS_E_PARSE, "%s needs a breakpoint number", argv[0]);
    uint64_t id;
    if (parse_u64(argv[1], &id, "the breakpoint number", err) < 0)
        return -1;
    if (id > INT32_MAX || !ws_gpu_brk_enable(t->g, (int)id, on))
        return ws_error_set(err, WS_E_RANGE, "no breakpoint %s (see :breakpoints)", argv[1]);
    ws_tui_message(t, false, "breakpoint %s %s", argv[1], on ? "enabled" : "disabled");
    return 0;
}

static int c_breakpoints(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv;
    if (need_gpu(t, err) < 0)
        return -1;
    uint32_t nb = ws_gpu_brk_count(t->g), n = 0;
    char line[256], d[160];
    for (uint32_t i = 0; i < nb; i++) {
        const ws_brk *b = ws_gpu_brk_at(t->g, i);
        if (ws_lctl_internal_brk(t->lg, b->id) || (t->stepwarp && b->id == t->sw_brk))
            continue;
        n++;
        ws_gpu_brk_describe(t->g, b, d, sizeof d);
        int len = snprintf(line, sizeof line, "breakpoint %d: %s%s%s, %" PRIu64 " hit%s", b->id, d,
                           b->disabled ? " (disabled)" : "", b->once ? " (once)" : "", b->hits,
                           b->hits == 1 ? "" : "s");
        ws_tui_log_kind(t, WS_LOG_INFO, line, (size_t)(len < (int)sizeof line ? len : (int)sizeof line - 1));
    }
    if (n == 0)
        ws_tui_log_kind(t, WS_LOG_INFO, "no breakpoints", 14);
    ws_tui_message(t, false, "%" PRIu32 " breakpoint%s (listed in the console)", n, n == 1 ? "" : "s");
    return 0;
}

/* -------------------------------------------------------- selection */
static int c_sm(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (need_gpu(t, err) < 0)
        return -1;
    uint32_t n = ws_gpu_nsms(t->g);
    const char *w = argv[0];
    if (!strcmp(w, "next-sm"))
        t->sm = (t->sm + 1) % n;
    else if (!strcmp(w, "prev-sm"))
        t->sm = (t->sm + n - 1) % n;
    else {
        uint64_t v;
        if (argc < 2)
            return ws_error_set(err, WS_E_PARSE, "sm needs a number (0 to %" PRIu32 ")", n - 1);
        if (parse_u64(argv[1], &v, "the SM", err) < 0)
            return -1;
        if (v >= n)
            return ws_error_set(err, WS_E_RANGE, "SM %s does not exist (0 to %" PRIu32 ")", argv[1], n - 1);
        t->sm = (uint32_t)v;
    }
    t->follow = false;
    return 0;
}

static int c_warp(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (need_gpu(t, err) < 0)
        return -1;
    uint32_t n = ws_gpu_warp_slots(t->g);
    const char *w = argv[0];
    if (!strcmp(w, "next-warp") || !strcmp(w, "prev-warp")) {
        int dir = w[0] == 'n' ? 1 : -1;
        uint32_t s = t->slot;
        /* the next slot holding a warp; any slot when all are empty */
        for (uint32_t k = 1; k <= n; k++) {
            uint32_t c = (uint32_t)(((int64_t)t->slot + dir * (int64_t)k % (int64_t)n + n) % n);
            ws_warp_info wi;
            ws_gpu_warp(t->g, t->sm, c, &wi);
            if (wi.valid) {
                s = c;
                break;
            }
            if (k == n)
                s = (uint32_t)(((int64_t)t->slot + dir + n) % n);
        }
        t->slot = s;
    } else {
        uint64_t v;
        if (argc < 2)
            return ws_error_set(err, WS_E_PARSE, "warp needs a slot number (0 to %" PRIu32 ")", n - 1);
        if (parse_u64(argv[1], &v, "the warp slot", err) < 0)
            return -1;
        if (v >= n)
            return ws_error_set(err, WS_E_RANGE, "warp slot %s does not exist (0 to %" PRIu32 ")", argv[1],
                                n - 1);
        t->slot = (uint32_t)v;
    }
    t->follow = false;
    return 0;
}

static int c_follow(ws_tui *t, int argc, char **argv, ws_error *err)
{
    bool on = !t->follow;
    if (argc > 1)
        on = strcmp(argv[1], "off") != 0;
    if (!on) {
        t->follow = false;
        ws_tui_message(t, false, "follow off");
        return 0;
    }
    ws_warp_info wi;
    if (need_gpu(t, err) < 0)
        return -1;
    if (!ws_tui_selected_warp(t, &wi))
        return ws_error_set(err, WS_E_STATE, "no warp is selected");
    t->follow = true;
    memcpy(t->follow_cta, wi.cta, sizeof t->follow_cta);
    t->follow_warp = wi.warp;
    t->follow_id = ws_tui_warp_id(t);
    ws_tui_message(t, false, "following CTA %" PRIu32 " warp %" PRIu32, wi.cta[0], wi.warp);
    return 0;
}

static int c_lane(ws_tui *t, int argc, char **argv, ws_error *err)
{
    uint64_t v;
    if (argc < 2)
        return ws_error_set(err, WS_E_PARSE, "lane needs a number (0 to 31)");
    if (parse_u64(argv[1], &v, "the lane", err) < 0)
        return -1;
    if (v > 31)
        return ws_error_set(err, WS_E_RANGE, "lane %s does not exist (0 to 31)", argv[1]);
    t->lane = (uint32_t)v;
    return 0;
}

static int c_view(ws_tui *t, int argc, char **argv, ws_error *err)
{
    const char *w = argv[0];
    if (!strcmp(w, "next-view")) {
        do t->view = (t->view + 1) % ws_tui_nviews;
        while (!ws_tui_view_shown(t, t->view));
    } else if (!strcmp(w, "prev-view")) {
        do t->view = (t->view + ws_tui_nviews - 1) % ws_tui_nviews;
        while (!ws_tui_view_shown(t, t->view));
    } else {
        if (argc < 2)
            return ws_error_set(err, WS_E_PARSE, "view needs a name or a number 1 to %d (0: the tenth)",
                                ws_tui_nviews < 10 ? ws_tui_nviews : 9);
        int i;
        if (isdigit((unsigned char)argv[1][0]) && !argv[1][1])
            i = argv[1][0] == '0' ? 9 : argv[1][0] - '1';     /* 0: the tenth */
        else
            i = ws_tui_view_find(argv[1]);
        if (i < 0 || i >= ws_tui_nviews) {
            char names[200] = "";
            for (int j = 0; j < ws_tui_nviews; j++)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", j ? ", " : "",
                         ws_tui_views[j]->name);
            return ws_error_set(err, WS_E_PARSE, "no view '%s' (views: %s)", argv[1], names);
        }
        t->view = i;
    }
    t->need_redraw = true;
    return 0;
}

/* g / G: the view's Home / End. */
static int c_top(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)err;
    const ws_view *v = ws_tui_views[t->view];
    if (v->key)
        v->key(t, !strcmp(argv[0], "top") ? KEY_HOME : KEY_END);
    return 0;
}

static int c_search(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (argc > 1) {
        size_t n = 0;
        t->search[0] = 0;
        for (int i = 1; i < argc; i++)
            n += (size_t)snprintf(t->search + n, n < sizeof t->search ? sizeof t->search - n : 0, "%s%s",
                                  i > 1 ? " " : "", argv[i]);
    }
    if (!t->search[0])
        return ws_error_set(err, WS_E_PARSE, "search needs a text");
    if (need_active(t, err) < 0)
        return -1;
    const ws_view *v = ws_tui_views[t->view];
    if (v == &ws_view_source) {
        const ws_ptx_func *f;
        uint32_t pc = 0, line;
        int from = ws_view_source_cursor(t, &f, &pc, &line) == 0 ? (int)pc + 1 : 0;
        int at = ws_view_source_find(t, t->search, from);
        if (at < 0)
            return ws_error_set(err, WS_E_STATE, "'%s' not found in the PTX", t->search);
        ws_tui_message(t, false, "'%s' at instruction %d", t->search, at);
        return 0;
    }
    /* Elsewhere: the next warp (after the selected one, over every SM)
     * whose next instruction's PTX text contains the text. */
    const ws_kernel *k = ws_gpu_kernel(t->g);
    const ws_ptx_module *m = k ? ws_module_ptx(ws_kernel_module(k)) : NULL;
    uint32_t nsm = ws_gpu_nsms(t->g), ns = ws_gpu_warp_slots(t->g), total = nsm * ns;
    uint32_t cur = t->sm * ns + t->slot;
    for (uint32_t k2 = 1; m && k2 <= total; k2++) {
        uint32_t at = (cur + k2) % total;
        ws_warp_info wi;
        ws_gpu_warp(t->g, at / ns, at % ns, &wi);
        if (!wi.valid || !wi.func || wi.pc >= wi.func->ninsns)
            continue;
        char text[256];
        ws_ptx_disasm(m, wi.func, &wi.func->insns[wi.pc], text, sizeof text);
        if (strstr(text, t->search)) {
            t->sm = at / ns;
            t->slot = at % ns;
            t->follow = false;
            ws_tui_message(t, false, "SM %" PRIu32 " warp %" PRIu32 ": %s", t->sm, t->slot, text);
            return 0;
        }
    }
    return ws_error_set(err, WS_E_STATE, "no warp's next instruction contains '%s'", t->search);
}

/* ------------------------------------------------------------ misc */
static int c_color(ws_tui *t, int argc, char **argv, ws_error *err)
{
    bool on = !t->color;
    if (argc > 1) {
        if (!strcmp(argv[1], "on"))
            on = true;
        else if (!strcmp(argv[1], "off"))
            on = false;
        else
            return ws_error_set(err, WS_E_PARSE, "color takes on or off, got '%s'", argv[1]);
    }
    t->color = on;
    ws_tui_colors_init(on);
    t->need_redraw = true;
    return 0;
}

static int c_request(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (need_gpu(t, err) < 0)
        return -1;
    const char *a = argc > 1 ? argv[1] : ws_tui_views[t->view] == &ws_view_warp ? "wait" : "oldest";
    if (!strcmp(a, "wait"))
        return ws_tui_req_open_wait(t, err);
    if (!strcmp(a, "oldest"))
        return ws_tui_req_open_oldest(t, err);
    if (!strcmp(a, "close")) {
        t->req_on = false;
        t->need_redraw = true;
        return 0;
    }
    uint64_t id;
    if (parse_u64(a, &id, "the request id", err) < 0)
        return -1;
    return ws_tui_req_open(t, id, err);
}

static int c_help(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv, (void)err;
    t->help = !t->help;
    t->help_scroll = 0;
    t->need_redraw = true;
    return 0;
}

static int c_quit(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv, (void)err;
    t->quit = true;
    return 0;
}

static int c_redraw(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)argc, (void)argv, (void)err;
    if (!isendwin() && stdscr)
        clearok(curscr, TRUE);
    t->need_redraw = true;
    return 0;
}

static int c_export(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (argc != 2)
        return ws_error_set(err, WS_E_PARSE, "export needs one file name: FILE (text; .txt added without an "
                                             "extension) or FILE.svg (with colours)");
    char done[4400];
    if (ws_tui_export(t, argv[1], done, sizeof done, err) < 0)
        return -1;
    ws_tui_message(t, false, "screen exported to %s", done);
    return 0;
}

static int c_report(ws_tui *t, int argc, char **argv, ws_error *err)
{
    if (argc != 2)
        return ws_error_set(err, WS_E_PARSE, "report needs one file name: FILE.html");
    if (ws_tui_report(t, argv[1], err) < 0)
        return -1;
    ws_tui_message(t, false, "report of cycle %llu written to %s", (unsigned long long)ws_gpu_cycle(t->g), argv[1]);
    return 0;
}

static int c_prompt(ws_tui *t, int argc, char **argv, ws_error *err)
{
    (void)err;
    char text[200] = "";
    size_t n = 0;
    for (int i = 1; i < argc; i++)
        n += (size_t)snprintf(text + n, n < sizeof text ? sizeof text - n : 0, "%s ", argv[i]);
    ws_tui_prompt_open(t, text);
    return 0;
}

static int c_lua(ws_tui *t, int argc, char **argv, ws_error *err)
{
    char code[1024] = "";
    size_t n = 0;
    for (int i = 1; i < argc; i++)
        n += (size_t)snprintf(code + n, n < sizeof code ? sizeof code - n : 0, "%s%s", i > 1 ? " " : "",
                              argv[i]);
    if (!code[0])
        return ws_error_set(err, WS_E_PARSE, "lua needs code to run");
    ws_tui_log_kind(t, WS_LOG_IN, code, strlen(code));
    int r = ws_tui_lua_eval(t, code);
    if (r == 1)
        return ws_error_set(err, WS_E_PARSE, "incomplete Lua: %s", code);
    if (r < 0)
        return ws_error_set(err, WS_E_STATE, "Lua error (shown in the console)");
    return 0;
}

const ws_tui_cmd ws_tui_cmds[] = {
    { "step", "s", "[N]", "step N cycles (N >= 1, default 1; stops at the launch's end); in between launches, "
      "begin the next one", c_step },
    { "stepn", "n", "[N]", "step N cycles; without N, the last N (asked the first time)", c_stepn },
    { "stepwarp", "si", "", "step the selected warp to its next instruction", c_stepwarp },
    { "continue", "c", "", "run until a breakpoint, pause or the end of the scenario", c_continue },
    { "back", NULL, "[N|i|break [ID]]", "go back N cycles (default 1), to the selected warp's previous instruction, "
      "or to the previous hit of a breakpoint (replay from a checkpoint)", ws_tui_back_cmd },
    { "checkpoints", NULL, "", "list the checkpoints of stepping back and their memory in the console",
      ws_tui_back_list },
    { "pause", "p", "", "stop running", c_pause },
    { "run", NULL, "kernel|launch|end|N", "run to the end of this launch, the next launch, the end, or N cycles "
      "(N >= 1; as step N, stops at the launch's end)", c_run },
    { "repeat", NULL, "", "repeat the last step command (Enter)", c_repeat },
    { "speed", NULL, "[N|max|+|-]", "cap the run speed at N cycles/s (max: unlimited; + faster, - slower)",
      c_speed },
    { "break", "b", "[KIND ARGS] [sm S] [warp [CTA W]] [once]",
      "breakpoint; alone: toggle one at the selected warp's line (source view: the cursor's line); "
      "KIND: pc N, line N, cu [FILE.cu:]LINE, warp, issue, cycle N|+N, stall REASON, mshr_full, throttle, prefetch ADDR "
      "[LEN], iru_reply [P], iru_timeout [P] (the IRU of partition P or any), mff_done [U], mff_coalesce [U], mff_stall [U] "
      "(the MFF unit U or any: a command completes, a Tag Unit hit links a waiter, the Work Register pool or the "
      "Tag Unit runs full; with warp: that warp's), request ID (stops when that memory request completes)",
      c_break },
    { "delete", "d", "N...|all", "delete breakpoints", c_delete },
    { "enable", NULL, "N", "enable a breakpoint", c_enable },
    { "disable", NULL, "N", "disable a breakpoint", c_enable },
    { "breakpoints", "bl", "", "list the breakpoints in the console", c_breakpoints },
    { "sm", NULL, "N", "select SM N", c_sm },
    { "next-sm", NULL, "", "select the next SM", c_sm },
    { "prev-sm", NULL, "", "select the previous SM", c_sm },
    { "warp", NULL, "N", "select warp slot N of the selected SM", c_warp },
    { "next-warp", NULL, "", "select the next occupied warp slot", c_warp },
    { "prev-warp", NULL, "", "select the previous occupied warp slot", c_warp },
    { "follow", "f", "[on|off]", "follow the selected warp (by its place in the grid) across SMs", c_follow },
    { "lane", NULL, "N", "the lane whose registers the warp view shows", c_lane },
    { "view", NULL, "NAME|0-9", "show a view: warps, warp, stalls, caches, prefetch, memory, source, console, iru, mff (0)",
      c_view },
    { "next-view", NULL, "", "show the next view", c_view },
    { "prev-view", NULL, "", "show the previous view", c_view },
    { "top", NULL, "", "the view's first row (Home)", c_top },
    { "bottom", NULL, "", "the view's last row (End)", c_top },
    { "search", "/", "TEXT", "source view: find PTX text; elsewhere: the next warp whose next instruction matches",
      c_search },
    { "color", NULL, "[on|off]", "colours on or off", c_color },
    { "lua", NULL, "CODE", "run Lua code in the console's state", c_lua },
    { "prompt", NULL, "[TEXT]", "open the command prompt (:)", c_prompt },
    { "redraw", NULL, "", "redraw the screen (^L)", c_redraw },
    { "request", NULL, "[ID|wait|oldest|close]", "a memory request's life (every stage with its entry and exit "
      "cycle, merges, retries and why) over the view; wait: the first request the selected warp waits for (the "
      "warp view's t), oldest: the oldest in flight (the memory view's t); up/down move between requests in "
      "flight", c_request },
    { "help", "?", "", "show or hide this help", c_help },
    { "export", NULL, "FILE[.txt|.svg]", "write the screen to FILE: text, or SVG with its colours for a .svg name",
      c_export },
    { "report", NULL, "FILE.html", "write the HTML report of the run so far (the current gpu; as warpscope "
      "report makes from --json) to FILE", c_report },
    { "quit", "q", "", "leave (the terminal is restored)", c_quit },
    { NULL, NULL, NULL, NULL, NULL },
};

int ws_tui_ncmds(void)
{
    int n = 0;
    while (ws_tui_cmds[n].name)
        n++;
    return n;
}

static const ws_tui_cmd *find_cmd(const char *w)
{
    for (const ws_tui_cmd *c = ws_tui_cmds; c->name; c++)
        if (!strcmp(c->name, w) || (c->alias && !strcmp(c->alias, w)))
            return c;
    /* a unique prefix */
    const ws_tui_cmd *found = NULL;
    size_t n = strlen(w);
    for (const ws_tui_cmd *c = ws_tui_cmds; c->name; c++)
        if (!strncmp(c->name, w, n)) {
            if (found)
                return NULL;
            found = c;
        }
    return found;
}

int ws_tui_exec(ws_tui *t, const char *line, ws_error *err)
{
    ws_error local;
    if (!err)
        err = &local;
    ws_error_clear(err);
    char buf[1024];
    char *argv[32];
    int argc = ws_tui_split(line, buf, sizeof buf, argv, 32, err);
    if (argc < 0)
        goto fail;
    if (argc == 0)
        return 0;
    const ws_tui_cmd *c = find_cmd(argv[0]);
    if (!c) {
        ws_error_set(err, WS_E_PARSE, "unknown command '%s' (? lists every command)", argv[0]);
        goto fail;
    }
    /* The alias names the command for the handlers that look at argv[0]. */
    argv[0] = (char *)c->name;
    /* A new command replaces the last message (errors set their own). */
    if (strcmp(c->name, "prompt") && strcmp(c->name, "help") && strcmp(c->name, "redraw")) {
        t->msg[0] = 0;
        t->msg_err = false;
    }
    if (c->run(t, argc, argv, err) == 0)
        return 0;
fail:
    ws_tui_message(t, true, "%s", err->msg);
    return -1;
}
