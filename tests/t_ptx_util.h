/* t_ptx_util.h: helpers shared by the PTX front-end tests (header-only). */
#ifndef T_PTX_UTIL_H
#define T_PTX_UTIL_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ptx/ws_ptx.h"
#include "util/ws_util.h"
#include "ws_tap.h"

/* $WS_SRCDIR/rel, or rel relative to the current directory. */
static inline char *tp_path(const char *rel)
{
    const char *top = getenv("WS_SRCDIR");
    if (!top || !*top)
        top = ".";
    size_t n = strlen(top) + strlen(rel) + 2;
    char *p = malloc(n);
    snprintf(p, n, "%s/%s", top, rel);
    return p;
}

static inline int tp_cmp(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted list of the files in directory rel (under WS_SRCDIR) ending in
 * suffix ("" for all); NULL-terminated; *n gets the count. */
static inline char **tp_list(const char *rel, const char *suffix, size_t *n)
{
    char *dir = tp_path(rel);
    DIR *d = opendir(dir);
    char **v = calloc(1, sizeof *v);
    size_t k = 0;
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            size_t len = strlen(e->d_name), sl = strlen(suffix);
            if (e->d_name[0] == '.' || len < sl || strcmp(e->d_name + len - sl, suffix) != 0)
                continue;
            v = realloc(v, (k + 2) * sizeof *v);
            size_t pn = strlen(dir) + len + 2;
            v[k] = malloc(pn);
            snprintf(v[k], pn, "%s/%s", dir, e->d_name);
            k++;
        }
        closedir(d);
    }
    v[k] = NULL;
    qsort(v, k, sizeof *v, tp_cmp);
    free(dir);
    *n = k;
    return v;
}

static inline void tp_free_list(char **v)
{
    for (size_t i = 0; v && v[i]; i++)
        free(v[i]);
    free(v);
}

static inline const char *tp_base(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Check the invariants every loaded module must satisfy; returns a
 * description of the first violation or NULL. */
static inline const char *tp_validate(const ws_ptx_module *m)
{
    static char why[256];
    for (uint32_t fi = 0; fi < m->nfuncs; fi++) {
        const ws_ptx_func *f = &m->funcs[fi];
        if (f->is_decl) {
            if (f->ninsns)
                return "declaration with instructions";
            continue;
        }
        if (f->ninsns == 0)
            return "body without instructions";
        const ws_ptx_insn *last = &f->insns[f->ninsns - 1];
        if (last->guard >= 0 || (last->op != WS_OP_RET && last->op != WS_OP_EXIT && last->op != WS_OP_BRA &&
                                 last->op != WS_OP_TRAP))
            return "body can fall off its end";
        for (uint32_t i = 0; i < f->ninsns; i++) {
            const ws_ptx_insn *in = &f->insns[i];
            snprintf(why, sizeof why, "%s insn %u", f->name, i);
            if (in->op == WS_OP_INVALID || in->op >= WS_OP_COUNT || in->nopnds > WS_PTX_MAX_OPNDS ||
                in->ndst > in->nopnds)
                return strcat(why, ": bad op/nopnds/ndst");
            if (in->guard >= (int32_t)f->npreds)
                return strcat(why, ": bad guard");
            if (in->vec != 1 && in->vec != 2 && in->vec != 4)
                return strcat(why, ": bad vec");
            if (in->op == WS_OP_BRA && (in->opnd[0].kind != WS_O_LABEL || in->opnd[0].target >= f->ninsns ||
                                        in->reconv > f->ninsns))
                return strcat(why, ": bad branch");
            if (in->op == WS_OP_CALL && (in->callee < 0 || (uint32_t)in->callee >= m->nfuncs))
                return strcat(why, ": bad callee");
            for (unsigned k = 0; k < in->nopnds; k++) {
                const ws_ptx_opnd *o = &in->opnd[k];
                switch (o->kind) {
                case WS_O_REG:
                    if (o->reg < 0 || (uint32_t)o->reg >= f->nregs)
                        return strcat(why, ": bad register");
                    break;
                case WS_O_PRED:
                    if (o->reg < 0 || (uint32_t)o->reg >= f->npreds)
                        return strcat(why, ": bad predicate");
                    break;
                case WS_O_ADDR:
                    if (o->reg >= (int32_t)f->nregs || o->sym >= (int32_t)m->nsyms || (o->reg >= 0 && o->sym >= 0))
                        return strcat(why, ": bad address");
                    break;
                case WS_O_SYM:
                    if (o->sym < 0 || (uint32_t)o->sym >= m->nsyms)
                        return strcat(why, ": bad symbol");
                    break;
                case WS_O_SREG:
                    if (o->sreg == WS_SR_NONE || o->sreg >= WS_SR_COUNT || o->comp > 2)
                        return strcat(why, ": bad special register");
                    break;
                case WS_O_VEC:
                    if (o->nvec < 2 || !o->vec)
                        return strcat(why, ": bad vector");
                    for (unsigned e = 0; e < o->nvec; e++)
                        if (o->vec[e] < -2 || o->vec[e] >= (int32_t)f->nregs || (o->vec[e] == -2 && !o->vec_imm))
                            return strcat(why, ": bad vector element");
                    break;
                case WS_O_PARAMLIST:
                    for (unsigned e = 0; e < o->nvec; e++)
                        if (o->vec[e] < 0 || (uint32_t)o->vec[e] >= m->nsyms || m->syms[o->vec[e]].var < 0)
                            return strcat(why, ": bad parameter list");
                    break;
                case WS_O_IMM: case WS_O_LABEL:
                    break;
                default:
                    return strcat(why, ": bad operand kind");
                }
            }
        }
    }
    for (uint32_t i = 0; i < m->nvars; i++) {
        const ws_ptx_var *v = &m->vars[i];
        if (v->sym < 0 || (uint32_t)v->sym >= m->nsyms || m->syms[v->sym].var != (int32_t)i)
            return "variable without its symbol";
        if (v->align == 0 || (v->offset % v->align) != 0)
            return "misaligned variable";
    }
    return NULL;
}

#endif
