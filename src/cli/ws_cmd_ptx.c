/* `warpscope ptx check FILE.ptx`: parse a PTX file and list what it holds.
 * `warpscope ptx disasm FILE.ptx [FUNCTION]`: print every instruction back
 * with its index, source line and, for branches, the reconvergence point. */
#include "cli/ws_cli.h"

#include <stdio.h>
#include <string.h>

#include "ptx/ws_ptx.h"
#include "util/ws_util.h"

static void print_var_decl(FILE *out, const ws_ptx_var *v)
{
    unsigned tsz = ws_ptx_type_size((ws_ptx_type)v->type);
    if (v->align != tsz)
        fprintf(out, ".align %u ", v->align);
    if (v->is_ptr_param)
        fprintf(out, ".ptr ");
    fprintf(out, ".%s %s", ws_ptx_type_name((ws_ptx_type)v->type), v->name);
    if (v->nelems != 1)
        fprintf(out, "[%llu]", (unsigned long long)v->nelems);
}

static void print_params(FILE *out, const ws_ptx_module *m, const int32_t *idx, uint32_t n, bool param_kw)
{
    fputc('(', out);
    for (uint32_t i = 0; i < n; i++) {
        fputs(i ? ", " : "", out);
        if (param_kw)
            fputs(".param ", out);
        print_var_decl(out, &m->vars[idx[i]]);
    }
    fputc(')', out);
}

/* Registers, shared and local memory: what ptxas allocates when the
 * module's resource record names the kernel, else the estimate. */
static void print_resources(const ws_ptx_module *m, const ws_ptx_func *f)
{
    const ws_ptx_res *r = &f->res;
    unsigned est = ws_ptx_func_regs_per_thread(m, f), decl = ws_ptx_func_regs_declared(m, f);
    unsigned long long shared = f->shared_bytes, local = f->local_bytes;
    if (!r->has) {
        printf("  registers     %u per thread (estimate; %u declared)\n", est, decl);
        printf("  shared        %llu bytes static\n", shared);
        printf("  local         %llu bytes per thread\n", local);
        return;
    }
    printf("  registers     %u per thread (ptxas, record line %u; estimate %u; %u declared)\n", r->regs, r->line, est,
           decl);
    if (r->smem == shared)
        printf("  shared        %llu bytes static (ptxas: the same)\n", shared);
    else
        printf("  shared        %llu bytes static (ptxas: %llu; occupancy counts the larger)\n", shared,
               (unsigned long long)r->smem);
    printf("  local         %llu bytes per thread (ptxas: %llu bytes stack frame", local,
           (unsigned long long)r->stack);
    if (r->cstack)
        printf(", %llu with callees", (unsigned long long)r->cstack);
    if (r->lmem)
        printf(", %llu bytes lmem", (unsigned long long)r->lmem);
    printf(", %llu bytes spill stores, %llu bytes spill loads)\n", (unsigned long long)r->spill_stores,
           (unsigned long long)r->spill_loads);
    printf("  constant      %llu bytes bank 0 (ptxas", (unsigned long long)r->cmem0);
    if (r->cmem_other)
        printf("; %llu bytes in other banks", (unsigned long long)r->cmem_other);
    printf(")\n");
    if (r->barriers)
        printf("  barriers      %u (ptxas)\n", r->barriers);
}

static int check(const char *path)
{
    ws_error err;
    ws_ptx_module *m = ws_ptx_load_file(path, &err);
    if (!m) {
        ws_fprintf_safe(stderr, "warpscope: %s\n", err.msg);
        return WS_EXIT_FAIL;
    }
    ws_fprintf_safe(stdout, "%s: PTX %u.%u, target %s%s, %u-bit addresses\n", path, m->version_major, m->version_minor,
           m->target, m->target_debug ? " (debug)" : "", m->address_size);
    if (m->global_bytes || m->const_bytes)
        printf("module: %llu bytes .global, %llu bytes .const\n", (unsigned long long)m->global_bytes,
               (unsigned long long)m->const_bytes);
    if (m->res_path)
        printf("record: %s (%s, %s)\n", m->res_path, m->res_tool, m->res_arch);
    else
        printf("record: none (registers are estimates)\n");
    unsigned nk = 0;
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        const ws_ptx_func *f = &m->funcs[i];
        if (!f->is_entry)
            continue;
        nk++;
        printf("kernel %s", f->name);
        print_params(stdout, m, f->params, f->nparams, false);
        printf("\n");
        if (f->is_decl) {
            printf("  (declaration only)\n");
            continue;
        }
        print_resources(m, f);
        printf("  parameters    %llu bytes\n", (unsigned long long)f->param_bytes);
        printf("  instructions  %u\n", f->ninsns);
        if (f->reqntid[0])
            printf("  reqntid       %u,%u,%u\n", f->reqntid[0], f->reqntid[1], f->reqntid[2]);
        if (f->maxntid[0])
            printf("  maxntid       %u,%u,%u\n", f->maxntid[0], f->maxntid[1], f->maxntid[2]);
    }
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        const ws_ptx_func *f = &m->funcs[i];
        if (f->is_entry)
            continue;
        printf("func ");
        if (f->nrets) {
            print_params(stdout, m, f->rets, f->nrets, true);
            putchar(' ');
        }
        printf("%s", f->name);
        print_params(stdout, m, f->params, f->nparams, true);
        if (f->is_decl)
            printf(" (declaration only)");
        else
            printf(": %u instructions", f->ninsns);
        printf("\n");
    }
    if (nk == 0)
        printf("no kernels\n");
    ws_ptx_module_free(m);
    return WS_EXIT_OK;
}

static int disasm(const char *path, const char *only)
{
    ws_error err;
    ws_ptx_module *m = ws_ptx_load_file(path, &err);
    if (!m) {
        ws_fprintf_safe(stderr, "warpscope: %s\n", err.msg);
        return WS_EXIT_FAIL;
    }
    int found = 0;
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        const ws_ptx_func *f = &m->funcs[i];
        if (f->is_decl || (only && strcmp(only, f->name) != 0))
            continue;
        found = 1;
        printf("%s %s:\n", f->is_entry ? ".entry" : ".func", f->name);
        for (uint32_t k = 0; k < f->ninsns; k++) {
            const ws_ptx_insn *in = &f->insns[k];
            char buf[512];
            for (uint32_t l = 0; l < f->nlabels; l++)
                if (f->labels[l].insn == k)
                    printf("%s:\n", f->labels[l].name);
            ws_ptx_disasm(m, f, in, buf, sizeof buf);
            printf("  %5u  %-56s // line %u", k, buf, in->line);
            if (in->op == WS_OP_BRA)
                printf(", reconverge at %u", in->reconv);
            printf("\n");
        }
    }
    ws_ptx_module_free(m);
    if (!found) {
        ws_fprintf_safe(stderr, "warpscope: %s: no function '%s' with a body\n", path, only ? only : "");
        return WS_EXIT_FAIL;
    }
    return WS_EXIT_OK;
}

int ws_cmd_ptx(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "check") == 0)
        return check(argv[2]);
    if ((argc == 3 || argc == 4) && strcmp(argv[1], "disasm") == 0)
        return disasm(argv[2], argc == 4 ? argv[3] : NULL);
    fprintf(stderr, "Usage: warpscope ptx check FILE.ptx\n"
                    "       warpscope ptx disasm FILE.ptx [FUNCTION]\n");
    return WS_EXIT_USAGE;
}
