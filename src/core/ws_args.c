/* ws_args.c: converting typed host values into a kernel's parameter buffer,
 * per the PTX signature.  Mismatches are errors naming the parameter. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/ws_core_int.h"

static const char *kind_word(ws_arg_kind k)
{
    switch (k) {
    case WS_ARGK_PTR: return "a pointer";
    case WS_ARGK_INT: return "an integer";
    case WS_ARGK_FLOAT: return "a float";
    default: return "bytes";
    }
}

static int bad(const ws_kernel *k, uint32_t i, const ws_ptx_var *v, ws_error *err, const char *why)
{
    return ws_error_set(err, WS_E_RANGE, "kernel '%s' parameter %u ('%s', .%s%s): %s", k->f->name, i, v->name,
                        ws_ptx_type_name((ws_ptx_type)v->type), v->nelems > 1 ? " array" : "", why);
}

static int fits(int64_t v, unsigned bits)
{
    if (bits >= 64)
        return 1;
    return v >= -(int64_t)(1ull << (bits - 1)) && v <= (int64_t)((1ull << bits) - 1);
}

int ws_args_pack(const ws_kernel *k, const ws_arg *args, uint32_t nargs, uint8_t *buf, uint64_t bufsize,
                 ws_error *err)
{
    const ws_ptx_func *f = k->f;
    const ws_ptx_module *m = k->m->ptx;
    if (nargs != f->nparams) {
        char list[700];
        size_t n = 0;
        list[0] = '\0';
        for (uint32_t i = 0; i < f->nparams && n < sizeof list - 1; i++) {
            const ws_ptx_var *v = &m->vars[f->params[i]];
            int wr = snprintf(list + n, sizeof list - n, "%s%s .%s", i ? ", " : "", v->name,
                              ws_ptx_type_name((ws_ptx_type)v->type));
            if (wr < 0)
                break;
            n += (size_t)wr;
        }
        return ws_error_set(err, WS_E_RANGE, "kernel '%s' takes %u argument%s (%s), %u given", f->name, f->nparams,
                            f->nparams == 1 ? "" : "s", list, nargs);
    }
    for (uint32_t i = 0; i < nargs; i++) {
        const ws_ptx_var *v = &m->vars[f->params[i]];
        const ws_arg *a = &args[i];
        ws_ptx_type t = (ws_ptx_type)v->type;
        uint64_t size = v->size;
        char why[200];
        if (v->offset + size > bufsize)
            return bad(k, i, v, err, "lies outside the parameter buffer");
        uint8_t *dst = buf + v->offset;
        bool is_float = t == WS_T_F32 || t == WS_T_F64;
        bool scalar = v->nelems <= 1 && (size == 1 || size == 2 || size == 4 || size == 8);
        if (a->kind == WS_ARGK_BYTES) {
            if (a->v.bytes.len != size) {
                snprintf(why, sizeof why, "needs %" PRIu64 " bytes, %zu given", size, a->v.bytes.len);
                return bad(k, i, v, err, why);
            }
            if (size)
                memcpy(dst, a->v.bytes.data, (size_t)size);
            continue;
        }
        if (!scalar) {
            snprintf(why, sizeof why, "is a %" PRIu64 "-byte aggregate: pass it as bytes, not %s", size,
                     kind_word(a->kind));
            return bad(k, i, v, err, why);
        }
        switch (a->kind) {
        case WS_ARGK_PTR:
            if (is_float || size != 8)
                return bad(k, i, v, err, "a pointer needs a 64-bit integer parameter");
            memcpy(dst, &a->v.ptr, 8);
            break;
        case WS_ARGK_INT:
            if (t == WS_T_F32) {
                float fv = (float)a->v.i;
                memcpy(dst, &fv, 4);
            } else if (t == WS_T_F64) {
                double dv = (double)a->v.i;
                memcpy(dst, &dv, 8);
            } else if (ws_ptx_type_is_float(t)) {
                return bad(k, i, v, err, "half-precision parameters take bytes");
            } else {
                if (!fits(a->v.i, (unsigned)size * 8)) {
                    snprintf(why, sizeof why, "the value %" PRId64 " does not fit in %u bits", a->v.i,
                             (unsigned)size * 8);
                    return bad(k, i, v, err, why);
                }
                uint64_t u = (uint64_t)a->v.i;
                memcpy(dst, &u, (size_t)size);   /* little-endian: the low bytes */
            }
            break;
        case WS_ARGK_FLOAT:
            if (t == WS_T_F32) {
                float fv = (float)a->v.f;
                memcpy(dst, &fv, 4);
            } else if (t == WS_T_F64) {
                memcpy(dst, &a->v.f, 8);
            } else if (ws_ptx_type_is_float(t)) {
                return bad(k, i, v, err, "half-precision parameters take bytes");
            } else {
                double d = a->v.f;
                if (!(d == floor(d)) || d < -9223372036854775808.0 || d >= 18446744073709551616.0) {
                    snprintf(why, sizeof why, "the float %g is not an integer value", d);
                    return bad(k, i, v, err, why);
                }
                int64_t iv = d >= 9223372036854775808.0 ? (int64_t)(uint64_t)d : (int64_t)d;
                if (d < 9223372036854775808.0 && !fits(iv, (unsigned)size * 8)) {
                    snprintf(why, sizeof why, "the value %g does not fit in %u bits", d, (unsigned)size * 8);
                    return bad(k, i, v, err, why);
                }
                memcpy(dst, &iv, (size_t)size);
            }
            break;
        default:
            return bad(k, i, v, err, "unknown argument kind");
        }
    }
    return 0;
}
