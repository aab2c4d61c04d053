/* ws_module.c: loading PTX modules onto a device; kernel facts.
 *
 * Module .global variables become device allocations named after them
 * (initialised, symbol-address initialisers patched); .const variables are
 * laid out in one constant bank per module at the parser's offsets.
 *
 * Registers per thread (ws_kernel_regs): the module's resource record
 * (func->res, what ptxas allocates) when it names the kernel; else the
 * parser's estimate (func->regs_per_thread) when it gives one; otherwise the declared
 * registers of the kernel counted in 32-bit units (.b64/.u64/.s64/.f64 count
 * 2, .b128 counts 4, 8/16/32-bit and f16 count 1, predicates 0), plus the
 * largest such count over the .funcs it calls (transitively), capped by
 * .maxnreg and by 255, rounded up to a multiple of 8 (register allocation
 * granularity per thread).  A record's counts are checked against the
 * device's limits here (local memory per thread, shared memory per CTA). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "util/ws_util.h"

static uint32_t declared_regs(const ws_ptx_func *f)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < f->nregs; i++) {
        unsigned sz = ws_ptx_type_size((ws_ptx_type)f->regs[i].type);
        n += sz <= 4 ? 1 : sz / 4;
    }
    return n;
}

/* Largest declared-register count over the call tree below function fi. */
static uint32_t callee_regs(const ws_ptx_module *m, uint32_t fi, uint8_t *seen)
{
    uint32_t best = 0;
    const ws_ptx_func *f = &m->funcs[fi];
    seen[fi] = 1;
    for (uint32_t i = 0; i < f->ninsns; i++) {
        int32_t c = f->insns[i].callee;
        if (f->insns[i].op != WS_OP_CALL || c < 0 || (uint32_t)c >= m->nfuncs || seen[c])
            continue;
        uint32_t r = declared_regs(&m->funcs[c]) + callee_regs(m, (uint32_t)c, seen);
        if (r > best)
            best = r;
    }
    seen[fi] = 0;
    return best;
}

static uint32_t kernel_regs(const ws_ptx_module *m, uint32_t fi)
{
    const ws_ptx_func *f = &m->funcs[fi];
    if (f->regs_per_thread)
        return f->regs_per_thread;
    uint8_t *seen = ws_xcalloc(m->nfuncs, 1);
    uint32_t r = declared_regs(f) + callee_regs(m, fi, seen);
    free(seen);
    if (f->maxnreg && r > f->maxnreg)
        r = f->maxnreg;
    if (r > 255)
        r = 255;
    r = (r + 7) & ~7u;
    return r ? r : 8;
}

/* The record's counts against the device's limits (registers were checked
 * against the architecture's 255 when it was read). */
static int check_res(const ws_device *d, const ws_ptx_module *m, const ws_ptx_func *f, ws_error *err)
{
    const ws_ptx_res *r = &f->res;
    uint64_t shared_max = WS_MIN(d->cfg.max_shared_per_cta, d->cfg.shared_bytes_per_sm);
    uint64_t local = WS_MAX(r->stack, WS_MAX(r->cstack, r->lmem));
    if (r->smem > shared_max)
        return ws_error_set(err, WS_E_RANGE, "%s:%u: kernel '%s' has smem=%" PRIu64 " bytes of static shared memory, "
                            "above the device's %" PRIu64 " per CTA", m->res_path, r->line, f->name, r->smem, shared_max);
    if (local > d->cfg.local_bytes_per_thread)
        return ws_error_set(err, WS_E_RANGE, "%s:%u: kernel '%s' has %" PRIu64 " bytes of stack per thread, above the "
                            "device's %" PRIu64, m->res_path, r->line, f->name, local, d->cfg.local_bytes_per_thread);
    return 0;
}

/* Address of symbol s for an initializer: space address, or generic. */
static int sym_address(const ws_module *mod, int32_t s, bool generic, uint64_t *out, ws_error *err)
{
    const ws_ptx_module *m = mod->ptx;
    if (s < 0 || (uint32_t)s >= m->nsyms)
        return ws_error_set(err, WS_E_PARSE, "%s: bad symbol in an initializer", m->path);
    const ws_ptx_sym *sy = &m->syms[s];
    if (sy->var >= 0) {
        const ws_ptx_var *v = &m->vars[sy->var];
        uint64_t a = 0;
        switch (v->space) {
        case WS_SP_GLOBAL: a = mod->var_addr[sy->var]; break;
        case WS_SP_CONST: a = v->offset + (generic ? WS_GEN_CONST_BASE : 0); break;
        case WS_SP_SHARED: a = v->offset + (generic ? WS_GEN_SHARED_BASE : 0); break;
        default:
            return ws_error_set(err, WS_E_UNSUPPORTED, "%s:%u: the address of '%s' (%s space) cannot be used in an initializer",
                                m->path, v->line, v->name, ws_ptx_space_name((ws_ptx_space)v->space));
        }
        *out = a;
        return 0;
    }
    /* a function: an opaque, non-dereferenceable value */
    *out = 0xF000000000000000ull | (uint64_t)(uint32_t)sy->func;
    return 0;
}

static int place_vars(ws_module *mod, ws_error *err)
{
    ws_ptx_module *m = mod->ptx;
    mod->var_addr = ws_xcalloc(m->nvars ? m->nvars : 1, sizeof *mod->var_addr);
    mod->cbank_size = m->const_bytes;
    for (uint32_t i = 0; i < m->nvars; i++) {
        ws_ptx_var *v = &m->vars[i];
        if (v->func >= 0)
            continue;
        if (v->space == WS_SP_CONST && v->offset + v->size > mod->cbank_size)
            mod->cbank_size = v->offset + v->size;
    }
    mod->cbank = ws_xcalloc(1, mod->cbank_size ? (size_t)mod->cbank_size : 1);
    for (uint32_t i = 0; i < m->nvars; i++) {
        ws_ptx_var *v = &m->vars[i];
        if (v->func >= 0)
            continue;
        if (v->space == WS_SP_GLOBAL) {
            if (ws_devmem_add_module_var(mod->d, v->size, v->name, (int32_t)mod->index, &mod->var_addr[i], err) < 0)
                return -1;
            if (v->init)
                ws_devmem_write(mod->d, mod->var_addr[i], v->init, v->size, NULL);
        } else if (v->space == WS_SP_CONST) {
            mod->var_addr[i] = v->offset;
            if (v->init)
                memcpy(mod->cbank + v->offset, v->init, (size_t)v->size);
        }
    }
    /* symbol-address initializers, once every address is known */
    for (uint32_t i = 0; i < m->nvars; i++) {
        ws_ptx_var *v = &m->vars[i];
        if (v->func >= 0 || (v->space != WS_SP_GLOBAL && v->space != WS_SP_CONST))
            continue;
        for (uint32_t r = 0; r < v->nrelocs; r++) {
            const ws_ptx_reloc *rl = &v->relocs[r];
            uint64_t a = 0;
            if (sym_address(mod, rl->sym, rl->generic, &a, err) < 0)
                return -1;
            a += (uint64_t)rl->addend;
            unsigned sz = rl->size == 4 ? 4 : 8;
            if (rl->offset + sz > v->size)
                return ws_error_set(err, WS_E_PARSE, "%s:%u: initializer of '%s' writes past its end", m->path,
                                    v->line, v->name);
            uint8_t *dst = v->space == WS_SP_CONST ? mod->cbank + v->offset + rl->offset
                                                    : ws_devmem_ptr(mod->d, mod->var_addr[i] + rl->offset, sz, NULL);
            if (dst)
                memcpy(dst, &a, sz);   /* little-endian host, as the device */
        }
    }
    return 0;
}

ws_module *ws_module_load(ws_device *d, ws_ptx_module *m, ws_error *err)
{
    if (!m)
        return NULL;
    if (m->address_size && m->address_size != 64) {
        ws_error_set(err, WS_E_UNSUPPORTED, "%s: .address_size %u is not supported (only 64)", m->path,
                     m->address_size);
        ws_ptx_module_free(m);
        return NULL;
    }
    for (uint32_t i = 0; i < m->nfuncs; i++)
        if (m->funcs[i].res.has && check_res(d, m, &m->funcs[i], err) < 0) {
            ws_ptx_module_free(m);
            return NULL;
        }
    /* load_iru is warpscope's extension for a machine with the IRU */
    for (uint32_t i = 0; !d->cfg.iru && i < m->nfuncs; i++)
        for (uint32_t j = 0; j < m->funcs[i].ninsns; j++)
            if (m->funcs[i].insns[j].op == WS_OP_LOAD_IRU) {
                ws_error_set(err, WS_E_UNSUPPORTED, "%s:%u: load_iru needs the IRU: --set iru.enable=true "
                             "(on a timing GPU)", m->path, m->funcs[i].insns[j].line);
                ws_ptx_module_free(m);
                return NULL;
            }
    /* pc_gather, pc_wait, pc_scatter_set: warpscope's calls of the MFF */
    for (uint32_t i = 0; !d->cfg.mff && i < m->nfuncs; i++)
        for (uint32_t j = 0; j < m->funcs[i].ninsns; j++) {
            int op = m->funcs[i].insns[j].op;
            if (op == WS_OP_PC_GATHER || op == WS_OP_PC_WAIT || op == WS_OP_PC_SCATTER_SET) {
                ws_error_set(err, WS_E_UNSUPPORTED, "%s:%u: %s needs the MFF: --set mff.enable=true "
                             "(on a timing GPU)", m->path, m->funcs[i].insns[j].line,
                             ws_ptx_op_name((ws_ptx_op)op));
                ws_ptx_module_free(m);
                return NULL;
            }
        }
    ws_module *mod = ws_xcalloc(1, sizeof *mod);
    mod->d = d;
    mod->ptx = m;
    mod->index = d->nmods;
    if (place_vars(mod, err) < 0 || ws_decode_module(mod, err) < 0) {
        ws_decode_free(mod);
        free(mod->var_addr);
        free(mod->cbank);
        /* the module's allocations stay (named, harmless); free them */
        for (size_t i = d->nlive; i-- > 0;)
            if (d->live[i]->a.module == (int32_t)mod->index)
                ws_devmem_free(d, d->live[i]->a.addr, NULL);
        ws_ptx_module_free(m);
        free(mod);
        return NULL;
    }
    uint32_t nk = 0;
    for (uint32_t i = 0; i < m->nfuncs; i++)
        nk += m->funcs[i].is_entry && !m->funcs[i].is_decl;
    mod->kernels = ws_xcalloc(nk ? nk : 1, sizeof *mod->kernels);
    for (uint32_t i = 0; i < m->nfuncs; i++) {
        const ws_ptx_func *f = &m->funcs[i];
        if (!f->is_entry || f->is_decl)
            continue;
        ws_kernel *k = &mod->kernels[mod->nkernels++];
        k->m = mod;
        k->fidx = i;
        k->f = f;
        k->xf = &mod->xf[i];
        k->regs_estimate = kernel_regs(m, i);
        k->regs = f->res.has ? f->res.regs : k->regs_estimate;
        k->regs_source = f->res.has ? WS_REGS_PTXAS : WS_REGS_ESTIMATE;
        k->static_shared = f->res.has ? WS_MAX(f->shared_bytes, f->res.smem) : f->shared_bytes;
        k->dyn_offset = f->dyn_shared_offset ? f->dyn_shared_offset : (f->shared_bytes + 15) & ~15ull;
        k->param_bytes = f->param_bytes;
        for (uint32_t p = 0; p < f->nparams; p++) {
            const ws_ptx_var *v = &m->vars[f->params[p]];
            if (v->offset + v->size > k->param_bytes)
                k->param_bytes = v->offset + v->size;
        }
    }
    WS_GROW(d->mods, d->cap_mods, d->nmods + 1);
    d->mods[d->nmods++] = mod;
    return mod;
}

ws_module *ws_module_load_file(ws_device *d, const char *path, ws_error *err)
{
    ws_ptx_module *m = ws_ptx_load_file(path, err);
    return m ? ws_module_load(d, m, err) : NULL;
}

ws_module *ws_module_load_text(ws_device *d, const char *text, size_t len, const char *name, ws_error *err)
{
    ws_ptx_module *m = ws_ptx_parse(text, len, name ? name : "<text>", err);
    return m ? ws_module_load(d, m, err) : NULL;
}

const ws_ptx_module *ws_module_ptx(const ws_module *m) { return m->ptx; }
uint32_t ws_module_nkernels(const ws_module *m) { return m->nkernels; }
const ws_kernel *ws_module_kernel_at(const ws_module *m, uint32_t i)
{
    return i < m->nkernels ? &m->kernels[i] : NULL;
}

const ws_kernel *ws_module_kernel(const ws_module *m, const char *name, ws_error *err)
{
    for (uint32_t i = 0; i < m->nkernels; i++)
        if (strcmp(m->kernels[i].f->name, name) == 0)
            return &m->kernels[i];
    char list[600];
    size_t n = 0;
    list[0] = '\0';
    for (uint32_t i = 0; i < m->nkernels && n < sizeof list - 1; i++) {
        int w = snprintf(list + n, sizeof list - n, "%s'%s'", i ? ", " : "", m->kernels[i].f->name);
        if (w < 0)
            break;
        n += (size_t)w;
    }
    if (n >= sizeof list)
        n = sizeof list - 1;
    char q[810];
    ws_error_set(err, WS_E_RANGE, "%s: no kernel named '%s' (%s%s)", m->ptx->path,
                 ws_str_quote(q, sizeof q, name, strlen(name), 200), m->nkernels ? "kernels: " : "the module has no kernels",
                 list);
    return NULL;
}

int ws_module_symbol(const ws_module *mod, const char *name, uint64_t *addr, uint64_t *size, ws_error *err)
{
    const ws_ptx_module *m = mod->ptx;
    for (uint32_t i = 0; i < m->nvars; i++) {
        const ws_ptx_var *v = &m->vars[i];
        if (v->func >= 0 || strcmp(v->name, name) != 0)
            continue;
        if (v->space == WS_SP_GLOBAL)
            *addr = mod->var_addr[i];
        else if (v->space == WS_SP_CONST)
            *addr = WS_GEN_CONST_BASE + v->offset;
        else
            break;
        if (size)
            *size = v->size;
        return 0;
    }
    return ws_error_set(err, WS_E_RANGE, "%s: no .global or .const variable named '%s'", m->path, name);
}

const char *ws_kernel_name(const ws_kernel *k) { return k->f->name; }
const ws_ptx_func *ws_kernel_func(const ws_kernel *k) { return k->f; }
const ws_module *ws_kernel_module(const ws_kernel *k) { return k->m; }
uint32_t ws_kernel_nparams(const ws_kernel *k) { return k->f->nparams; }

static const ws_ptx_var *param(const ws_kernel *k, uint32_t i)
{
    return i < k->f->nparams ? &k->m->ptx->vars[k->f->params[i]] : NULL;
}
const char *ws_kernel_param_name(const ws_kernel *k, uint32_t i)
{
    const ws_ptx_var *v = param(k, i);
    return v ? v->name : NULL;
}
ws_ptx_type ws_kernel_param_type(const ws_kernel *k, uint32_t i)
{
    const ws_ptx_var *v = param(k, i);
    return v ? (ws_ptx_type)v->type : WS_T_NONE;
}
uint64_t ws_kernel_param_size(const ws_kernel *k, uint32_t i)
{
    const ws_ptx_var *v = param(k, i);
    return v ? v->size : 0;
}
bool ws_kernel_param_is_ptr(const ws_kernel *k, uint32_t i)
{
    const ws_ptx_var *v = param(k, i);
    return v && v->is_ptr_param;
}
uint32_t ws_kernel_regs(const ws_kernel *k) { return k->regs; }
ws_regs_source ws_kernel_regs_source(const ws_kernel *k) { return k->regs_source; }
uint32_t ws_kernel_regs_estimate(const ws_kernel *k) { return k->regs_estimate; }

const char *ws_regs_source_name(ws_regs_source s)
{
    switch (s) {
    case WS_REGS_PTXAS: return "ptxas";
    case WS_REGS_SCENARIO: return "scenario";
    default: return "estimate";
    }
}
uint64_t ws_kernel_static_shared(const ws_kernel *k) { return k->static_shared; }
uint64_t ws_kernel_local_bytes(const ws_kernel *k) { return k->f->local_bytes; }
