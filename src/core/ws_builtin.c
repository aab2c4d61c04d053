/* ws_builtin.c: functions the CUDA toolchain provides outside the PTX
 * module, which nvcc declares `.extern .func` and calls:
 *
 *   vprintf(format, args)   device-side printf: the format is a generic
 *       pointer to a NUL-terminated string, args a generic pointer to the
 *       arguments packed at their natural alignment (integers 4 bytes, or 8
 *       with l/ll/z/j/t; floating point as 8-byte double; %s and %p 8-byte
 *       pointers).  Each calling lane appends its text to the device's printf
 *       buffer, in lane order (ws_device_printf).  Returns the number of
 *       arguments.  A bad format or argument address is a memory fault.
 *   __assertfail(message, file, line, function, charsize)   a failed
 *       assert(): the kernel stops with a trap fault quoting the assertion.
 *
 * Any other declared-only function is rejected when the module is loaded. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ws_core_int.h"
#include "util/ws_util.h"

#define WS_PRINTF_MAX (1u << 20)   /* bytes kept per device before truncating */

int ws_builtin_lookup(const char *name)
{
    if (strcmp(name, "vprintf") == 0)
        return WS_BUILTIN_PRINTF;
    if (strcmp(name, "__assertfail") == 0)
        return WS_BUILTIN_ASSERT;
    return 0;
}

static void out_append(ws_device *d, const char *s, size_t n)
{
    if (d->printf_truncated)
        return;
    if (d->plen + n > WS_PRINTF_MAX) {
        static const char note[] = "\n[printf output truncated at 1 MB]\n";
        n = 0;
        d->printf_truncated = true;
        s = note;
        n = sizeof note - 1;
    }
    WS_GROW(d->pbuf, d->pcap, d->plen + n + 1);
    memcpy(d->pbuf + d->plen, s, n);
    d->plen += n;
    d->pbuf[d->plen] = '\0';
}

const char *ws_device_printf(const ws_device *d, size_t *len)
{
    if (len)
        *len = d->plen;
    return d->pbuf ? d->pbuf : "";
}

void ws_device_printf_clear(ws_device *d)
{
    d->plen = 0;
    d->printf_truncated = false;
    if (d->pbuf)
        d->pbuf[0] = '\0';
}

/* Read a NUL-terminated string at a generic address (at most max-1 bytes). */
static int read_str(ws_warp *w, uint32_t lane, uint64_t ga, char *buf, size_t max)
{
    size_t i = 0;
    for (; i + 1 < max; i++) {
        const uint8_t *p = ws_mem_generic(w, lane, ga + i, 1);
        if (!p)
            return -1;
        buf[i] = (char)*p;
        if (!*p)
            return 0;
    }
    buf[i] = '\0';
    return 0;
}

/* Read an n-byte argument at args + *off (aligned to n first). */
static int read_arg(ws_warp *w, uint32_t lane, uint64_t args, uint64_t *off, unsigned n, uint64_t *v)
{
    *off = (*off + n - 1) & ~(uint64_t)(n - 1);
    const uint8_t *p = ws_mem_generic(w, lane, args + *off, n);
    if (!p)
        return -1;
    *v = 0;
    memcpy(v, p, n);
    *off += n;
    return 0;
}

/* Format one vprintf call into out.  Returns the number of arguments, or -1
 * (w->f_* describe the bad access). */
static int do_printf(ws_warp *w, uint32_t lane, uint64_t fmt_addr, uint64_t args, char *out, size_t cap, size_t *len)
{
    char fmt[2048];
    if (read_str(w, lane, fmt_addr, fmt, sizeof fmt) < 0)
        return -1;
    size_t n = 0;
    uint64_t off = 0;
    int nargs = 0;
    for (const char *f = fmt; *f && n < cap - 1;) {
        if (*f != '%') {
            out[n++] = *f++;
            continue;
        }
        if (f[1] == '%') {
            out[n++] = '%';
            f += 2;
            continue;
        }
        /* %[flags][width][.precision][length]conv, rebuilt for the host */
        char spec[40];
        size_t k = 0;
        const char *s = f + 1;
        spec[k++] = '%';
        while (*s && strchr("-+ #0", *s) && k < 8)
            spec[k++] = *s++;
        while (*s >= '0' && *s <= '9' && k < 16)
            spec[k++] = *s++;
        if (*s == '.') {
            spec[k++] = *s++;
            while (*s >= '0' && *s <= '9' && k < 24)
                spec[k++] = *s++;
        }
        int longs = 0, shorts = 0;
        while (*s && strchr("hlLqjzt", *s)) {
            if (*s == 'h')
                shorts++;
            else
                longs++;
            s++;
        }
        char conv = *s;
        if (!conv) {
            break;
        }
        s++;
        uint64_t v = 0;
        char piece[600];
        int m = 0;
        switch (conv) {
        case 'd': case 'i': case 'u': case 'x': case 'X': case 'o': case 'c': {
            unsigned sz = longs ? 8 : 4;
            if (read_arg(w, lane, args, &off, sz, &v) < 0)
                return -1;
            spec[k++] = 'l', spec[k++] = 'l', spec[k++] = conv, spec[k] = '\0';
            if (conv == 'c') {
                spec[k - 3] = 'c';
                spec[k - 2] = '\0';
                m = snprintf(piece, sizeof piece, spec, (int)(uint32_t)v);
            } else if (conv == 'd' || conv == 'i') {
                long long sv = sz == 8 ? (long long)v : (long long)(int32_t)(uint32_t)v;
                if (!longs && shorts)
                    sv = shorts > 1 ? (long long)(signed char)sv : (long long)(short)sv;
                m = snprintf(piece, sizeof piece, spec, sv);
            } else {
                if (!longs && shorts)
                    v &= shorts > 1 ? 0xffu : 0xffffu;
                m = snprintf(piece, sizeof piece, spec, (unsigned long long)v);
            }
            break;
        }
        case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
            if (read_arg(w, lane, args, &off, 8, &v) < 0)
                return -1;
            double dv;
            memcpy(&dv, &v, 8);
            spec[k++] = conv, spec[k] = '\0';
            m = snprintf(piece, sizeof piece, spec, dv);
            break;
        }
        case 's': {
            if (read_arg(w, lane, args, &off, 8, &v) < 0)
                return -1;
            char str[512];
            if (v == 0)
                snprintf(str, sizeof str, "(null)");
            else if (read_str(w, lane, v, str, sizeof str) < 0)
                return -1;
            spec[k++] = 's', spec[k] = '\0';
            m = snprintf(piece, sizeof piece, spec, str);
            break;
        }
        case 'p': {
            if (read_arg(w, lane, args, &off, 8, &v) < 0)
                return -1;
            m = snprintf(piece, sizeof piece, "0x%" PRIx64, v);
            break;
        }
        default:
            /* unknown conversion: copied as written, no argument consumed */
            m = snprintf(piece, sizeof piece, "%.*s", (int)(s - f), f);
            nargs--;
            break;
        }
        nargs++;
        if (m > 0) {
            size_t c = (size_t)m < sizeof piece ? (size_t)m : sizeof piece - 1;
            if (c > cap - 1 - n)
                c = cap - 1 - n;
            memcpy(out + n, piece, c);
            n += c;
        }
        f = s;
    }
    out[n] = '\0';
    *len = n;
    return nargs;
}

static int x_builtin(ws_warp *w, const ws_xinsn *x, uint32_t exec)
{
    if (!exec)
        return WS_X_NEXT;
    const ws_frame *fr = ws_warp_frame(w);
    const ws_xcall *call = x->call;
    WS_LANES(exec, l) {
        uint64_t argv[8] = { 0 };
        for (uint32_t i = 0; i < call->nargs && i < 8; i++) {
            const ws_xcopy *cp = &call->args[i];
            memcpy(&argv[i], ws_local_ptr(w, l, fr->localbase + cp->from), cp->size < 8 ? (size_t)cp->size : 8);
        }
        int32_t ret = 0;
        if (x->builtin == WS_BUILTIN_PRINTF) {
            char text[4096];
            size_t len = 0;
            ret = do_printf(w, l, argv[0], argv[1], text, sizeof text, &len);
            if (ret < 0)
                return WS_X_FAULT;
            out_append(w->g->d, text, len);
        } else {
            char msg[256], file[256], func[256];
            if (read_str(w, l, argv[0], msg, sizeof msg) < 0 || read_str(w, l, argv[1], file, sizeof file) < 0 ||
                read_str(w, l, argv[3], func, sizeof func) < 0)
                return WS_X_FAULT;
            w->fk = WS_FAULT_TRAP;
            w->f_lane = l;
            snprintf(w->f_msg, sizeof w->f_msg, "assertion `%.150s` failed (%.150s:%u, %.150s)", msg, file,
                     (unsigned)argv[2], func);
            return WS_X_FAULT;
        }
        for (uint32_t i = 0; i < call->nrets; i++) {
            const ws_xcopy *cp = &call->rets[i];
            memcpy(ws_local_ptr(w, l, fr->localbase + cp->to), &ret, cp->size < 4 ? (size_t)cp->size : 4);
        }
    }
    return WS_X_NEXT;
}

ws_xfn ws_exec_builtin_fn(void) { return x_builtin; }
