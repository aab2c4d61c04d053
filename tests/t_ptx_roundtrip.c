/* t_ptx_roundtrip.c: the disassembler prints PTX that parses back to the
 * same IR.  For every test file and kernel, each instruction's source text
 * (from its line:col to its ';') is replaced by its disassembly, the result
 * is parsed again, and every instruction is compared field by field. */
#include "t_ptx_util.h"

typedef struct span {
    size_t start, end;
    char text[512];
} span;

static int span_cmp(const void *a, const void *b)
{
    const span *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

static bool same_opnd(const ws_ptx_opnd *a, const ws_ptx_opnd *b)
{
    if (a->kind != b->kind || a->neg != b->neg || a->comp != b->comp || a->nvec != b->nvec || a->reg != b->reg ||
        a->sym != b->sym || a->sreg != b->sreg || a->imm != b->imm || a->target != b->target)
        return false;
    for (unsigned i = 0; i < a->nvec; i++) {
        if (a->vec[i] != b->vec[i])
            return false;
        if (a->vec[i] == -2 && a->vec_imm[i] != b->vec_imm[i])
            return false;
    }
    return true;
}

static bool same_insn(const ws_ptx_insn *a, const ws_ptx_insn *b)
{
    if (a->op != b->op || a->type != b->type || a->type2 != b->type2 || a->space != b->space || a->cmp != b->cmp ||
        a->boolop != b->boolop || a->rnd != b->rnd || a->subop != b->subop || a->vec != b->vec ||
        a->cacheop != b->cacheop || a->scope != b->scope || a->nopnds != b->nopnds || a->ndst != b->ndst ||
        a->flags != b->flags || a->guard != b->guard || a->reconv != b->reconv || a->callee != b->callee ||
        a->src_line != b->src_line || a->src_file != b->src_file)
        return false;
    for (unsigned k = 0; k < a->nopnds; k++)
        if (!same_opnd(&a->opnd[k], &b->opnd[k]))
            return false;
    return true;
}

static void roundtrip(const char *path)
{
    const char *name = tp_base(path);
    size_t len;
    char *text = ws_read_file(path, &len);
    ws_error err;
    ws_ptx_module *m1 = text ? ws_ptx_parse(text, len, path, &err) : NULL;
    if (!m1) {
        ok(0, "%s parses", name);
        free(text);
        return;
    }
    /* line starts */
    size_t nlines = 1;
    for (size_t i = 0; i < len; i++)
        nlines += text[i] == '\n';
    size_t *ls = malloc((nlines + 1) * sizeof *ls);
    ls[0] = 0;
    for (size_t i = 0, l = 1; i < len; i++)
        if (text[i] == '\n')
            ls[l++] = i + 1;
    size_t total = 0;
    for (uint32_t f = 0; f < m1->nfuncs; f++)
        total += m1->funcs[f].ninsns;
    span *sp = calloc(total + 1, sizeof *sp);
    size_t ns = 0;
    bool spans_ok = true;
    for (uint32_t f = 0; f < m1->nfuncs; f++) {
        const ws_ptx_func *fn = &m1->funcs[f];
        for (uint32_t i = 0; i < fn->ninsns; i++) {
            const ws_ptx_insn *in = &fn->insns[i];
            size_t s = ls[in->line - 1] + in->col - 1;
            if (text[s] == '}')   /* the ret appended at a closing brace */
                continue;
            size_t e = s;
            while (e < len && text[e] != ';')
                e++;
            if (e >= len) {
                spans_ok = false;
                continue;
            }
            sp[ns].start = s;
            sp[ns].end = e + 1;
            ws_ptx_disasm(m1, fn, in, sp[ns].text, sizeof sp[ns].text);
            ns++;
        }
    }
    ok(spans_ok, "%s: every instruction ends with ';'", name);
    qsort(sp, ns, sizeof *sp, span_cmp);
    size_t cap = len + ns * 512 + 1, o = 0, pos = 0;
    char *out = malloc(cap);
    for (size_t i = 0; i < ns; i++) {
        memcpy(out + o, text + pos, sp[i].start - pos);
        o += sp[i].start - pos;
        size_t tl = strlen(sp[i].text);
        memcpy(out + o, sp[i].text, tl);
        o += tl;
        pos = sp[i].end;
    }
    memcpy(out + o, text + pos, len - pos);
    o += len - pos;
    ws_ptx_module *m2 = ws_ptx_parse(out, o, path, &err);
    ok(m2 != NULL, "%s: disassembled text parses", name);
    if (!m2)
        diag("%s", err.msg);
    if (m2) {
        bool same = m1->nfuncs == m2->nfuncs;
        size_t checked = 0;
        for (uint32_t f = 0; same && f < m1->nfuncs; f++) {
            const ws_ptx_func *a = &m1->funcs[f], *b = &m2->funcs[f];
            if (a->ninsns != b->ninsns || strcmp(a->name, b->name) != 0) {
                same = false;
                break;
            }
            for (uint32_t i = 0; i < a->ninsns; i++, checked++)
                if (!same_insn(&a->insns[i], &b->insns[i])) {
                    char x[512], y[512];
                    ws_ptx_disasm(m1, a, &a->insns[i], x, sizeof x);
                    ws_ptx_disasm(m2, b, &b->insns[i], y, sizeof y);
                    diag("%s insn %u: '%s' came back as '%s'", a->name, i, x, y);
                    same = false;
                    break;
                }
        }
        ok(same, "%s: %zu instructions identical after the round trip", name, checked);
        ws_ptx_module_free(m2);
    }
    free(out);
    free(sp);
    free(ls);
    ws_ptx_module_free(m1);
    free(text);
}

/* Exact text of a few instructions of insns.ptx (canonical modifier order). */
static const char *const exact[] = {
    "mul.wide.s32 %rd2, %r2, 4;",
    "mad.hi.sat.s32 %r1, %r2, %r3, %r4;",
    "add.rz.ftz.sat.f32 %f1, %f2, 0f3F800000;",
    "mul.rp.f64 %fd1, %fd2, 0d4000000000000000;",
    "div.full.ftz.f32 %f1, %f2, %f3;",
    "cvt.rni.sat.u32.f64 %r1, %fd2;",
    "cvta.to.shared.u64 %rd2, %rd3;",
    "setp.ge.or.s64 %p1|%p3, %rd2, %rd3, !%p2;",
    "set.eq.and.f32.f32 %f1, %f2, %f3, !%p1;",
    "ld.global.nc.v2.f32 {%f1, %f2}, [%rd2+8];",
    "ld.relaxed.gpu.global.u32 %r1, [%rd2];",
    "st.global.cs.v4.f32 [%rd2], {%f1, %f2, %f3, 0f00000000};",
    "st.u64 [%rd2+-16], %rd5;",
    "atom.acq_rel.gpu.global.cas.b64 %rd5, [%rd2], %rd3, %rd4;",
    "shfl.sync.up.b32 %r1|%p1, %r2, 1, 0, -1;",
    "bar.red.and.pred %p1, 0, 256, !%p2;",
    "barrier.sync %r1;",
    "bar.warp.sync -1;",
    "membar.gl;",
    "fence.acq_rel.cta;",
    "prefetch.L2::evict_last [%rd2+64];",
    "@!%p1 bra.uni $L__done;",
};

static void test_exact(void)
{
    char *path = tp_path("tests/ptx/insns.ptx");
    ws_error err;
    ws_ptx_module *m = ws_ptx_load_file(path, &err);
    free(path);
    if (!m) {
        ok(0, "insns.ptx loads");
        return;
    }
    const ws_ptx_func *f = &m->funcs[0];
    for (size_t i = 0; i < WS_ARRAY_LEN(exact); i++) {
        bool found = false;
        char buf[256];
        for (uint32_t k = 0; k < f->ninsns && !found; k++) {
            ws_ptx_disasm(m, f, &f->insns[k], buf, sizeof buf);
            found = strcmp(buf, exact[i]) == 0;
        }
        ok(found, "disassembly '%s'", exact[i]);
    }
    ws_ptx_module_free(m);
}

int main(void)
{
    test_exact();
    const char *dirs[] = { "tests/ptx", "scenarios/kernels" };
    for (size_t d = 0; d < 2; d++) {
        size_t n;
        char **files = tp_list(dirs[d], ".ptx", &n);
        for (size_t i = 0; i < n; i++)
            roundtrip(files[i]);
        tp_free_list(files);
    }
    /* truncation: the length written never exceeds size - 1 */
    const char *t = ".version 9.0\n.target sm_75\n.address_size 64\n.entry k()\n{\n.reg .b32 %r<3>;\n"
                    "add.s32 %r1, %r2, 12345;\nret;\n}\n";
    ws_error err;
    ws_ptx_module *m = ws_ptx_parse(t, strlen(t), "t.ptx", &err);
    const ws_ptx_func *f = &m->funcs[0];
    char buf[64];
    size_t n = ws_ptx_disasm(m, f, &f->insns[0], buf, sizeof buf);
    is_str(buf, "add.s32 %r1, %r2, 12345;", "disassembly of add");
    is_int(n, 24, "its length");
    n = ws_ptx_disasm(m, f, &f->insns[0], buf, 8);
    is_str(buf, "add.s32", "truncated to the buffer");
    is_int(n, 7, "truncated length");
    n = ws_ptx_disasm(m, f, &f->insns[0], buf, 0);
    is_int(n, 0, "zero-size buffer");
    ws_ptx_module_free(m);
    return tap_done();
}
