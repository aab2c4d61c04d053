/* t_ptx_errors.c: malformed and unsupported PTX gives one exact message
 * naming file:line:col, no module, no crash. */
#include "t_ptx_util.h"

#define HEAD ".version 9.0\n.target sm_75\n.address_size 64\n"
/* A kernel whose body starts on line 9. */
#define K(body)                                                                                          \
    HEAD ".entry k()\n{\n.reg .b32 %r<4>;\n.reg .pred %p<2>;\n.reg .b64 %rd<4>;\n" body "\n}\n"

typedef struct err_case {
    const char *text;
    const char *msg;
    int code;            /* 0: WS_E_PARSE */
} err_case;

static const err_case cases[] = {
    /* instructions and modifiers */
    { K("foo.u32 %r1, %r2;"), "t.ptx:9:1: unsupported instruction 'foo'", WS_E_UNSUPPORTED },
    { K("tex.2d.v4.f32.f32 %r1, [%rd1];"), "t.ptx:9:1: unsupported instruction 'tex'", WS_E_UNSUPPORTED },
    { K("add.foo.s32 %r1, %r2, %r3;"), "t.ptx:9:4: unsupported modifier '.foo' on 'add'", WS_E_UNSUPPORTED },
    { K("bra.u32 L;\nL: ret;"), "t.ptx:9:4: unsupported modifier '.u32' on 'bra'", WS_E_UNSUPPORTED },
    { K("popc.f32 %r1, %r2;"), "t.ptx:9:5: unsupported type '.f32' on 'popc'", WS_E_UNSUPPORTED },
    { K("add %r1, %r2, %r3;"), "t.ptx:9:1: 'add' needs a type (e.g. .s32)", 0 },
    { K("add.s32.s32 %r1, %r2, %r3;"), "t.ptx:9:8: unexpected type '.s32' on 'add.s32.s32'", 0 },
    { K("add.sat.sat.s32 %r1, %r2, %r3;"), "t.ptx:9:8: duplicate modifier '.sat' on 'add'", 0 },
    { K("mul.s32 %r1, %r2, %r3;"), "t.ptx:9:1: 'mul.s32' needs .lo, .hi or .wide", 0 },
    { K("mul.wide.s64 %rd1, %rd2, %rd3;"), "t.ptx:9:4: '.wide' on 'mul.wide.s64' needs a 16- or 32-bit type", 0 },
    { K("add.rn.s32 %r1, %r2, %r3;"), "t.ptx:9:1: rounding modifier on integer 'add.rn.s32'", 0 },
    { K("div.f64 %rd1, %rd2, %rd3;"), "t.ptx:9:1: 'div.f64' needs a rounding modifier (.rn, .rz, .rm or .rp)", 0 },
    { K("div.f32 %r1, %r2, %r3;"), "t.ptx:9:1: 'div.f32' needs exactly one of .approx, .full, .rn, .rz, .rm, .rp", 0 },
    { K("sqrt.f32 %r1, %r2;"), "t.ptx:9:1: 'sqrt.f32' needs .approx or a rounding modifier", 0 },
    { K("ex2.f32 %r1, %r2;"), "t.ptx:9:1: 'ex2.f32' needs .approx", 0 },
    { K("cvt.s32.f64 %r1, %rd1;"),
      "t.ptx:9:1: 'cvt.s32.f64' requires an integer rounding modifier (.rni, .rzi, .rmi or .rpi)", 0 },
    { K("cvt.f32.s32 %r1, %r2;"), "t.ptx:9:1: 'cvt.f32.s32' requires a rounding modifier (.rn, .rz, .rm or .rp)", 0 },
    { K("cvt.rn.u32.s32 %r1, %r2;"), "t.ptx:9:1: an integer 'cvt.rn.u32.s32' takes no rounding modifier", 0 },
    { K("setp.s32 %p1, %r1, %r2;"), "t.ptx:9:1: 'setp.s32' needs a comparison (.eq, .lt, ...)", 0 },
    { K("setp.lo.s32 %p1, %r1, %r2;"), "t.ptx:9:1: comparison not allowed with .s32 on 'setp.lo.s32'", 0 },
    { K("setp.equ.s32 %p1, %r1, %r2;"), "t.ptx:9:1: comparison not allowed with .s32 on 'setp.equ.s32'", 0 },
    { K("st.const.u32 [%rd1], %r1;"), "t.ptx:9:1: cannot store to the .const space", 0 },
    { K("ld.shared.nc.u32 %r1, [%rd1];"), "t.ptx:9:1: '.nc' needs the .global space on 'ld.shared.nc.u32'", 0 },
    { K("ld.relaxed.global.u32 %r1, [%rd1];"),
      "t.ptx:9:1: 'ld.relaxed.global.u32' needs a scope (.cta, .gpu, .sys) with its memory order", 0 },
    { K("atom.global.inc.s32 %r1, [%rd1], 1;"), "t.ptx:9:16: unsupported type '.s32' on 'atom.global.inc.s32'",
      WS_E_UNSUPPORTED },
    { K("atom.global.u32 %r1, [%rd1], 1;"), "t.ptx:9:1: 'atom.global.u32' needs an operation (.add, .min, .cas, ...)", 0 },
    { K("red.global.cas.b32 [%rd1], %r1;"), "t.ptx:9:11: 'red' cannot do '.cas'", 0 },
    { K("vote.sync.ballot.pred %p1, %p2, -1;"), "t.ptx:9:17: 'vote.sync.ballot.pred' needs the type .b32", 0 },
    { K("bar.warp %r1;"), "t.ptx:9:1: 'bar.warp' must be written 'bar.warp.sync MASK'", 0 },
    { K("bar.red.popc.u32 %r1, 0;"), "t.ptx:9:1: 'bar.red.popc.u32' expects 3 to 4 operands, found 2", 0 },
    { K("membar;"), "t.ptx:9:1: 'membar' needs a level (.cta, .gl or .sys)", 0 },
    { K("fence.proxy.alias;"), "t.ptx:9:6: unsupported modifier '.proxy' on 'fence'", WS_E_UNSUPPORTED },
    { K("shf.l.b32 %r1, %r2, %r3, %r1;"), "t.ptx:9:1: 'shf.l.b32' needs a direction (.l or .r) and a mode (.clamp or .wrap)", 0 },
    /* operands */
    { K("add.s32 %r1, %r2 x;"), "t.ptx:9:18: expected ',' after operand 2 of 'add.s32', found 'x'", 0 },
    { K("add.s32 %r1, %r2, %r3 %r1;"), "t.ptx:9:23: expected ';' after operand 3 of 'add.s32', found '%r1'", 0 },
    { K("add.s32 %r1, %r2, %r3, %r1;"), "t.ptx:9:24: too many operands for 'add.s32' (expected 3)", 0 },
    { K("add.s32 %r1, %r2;"), "t.ptx:9:1: 'add.s32' expects 3 operands, found 2", 0 },
    { K("ret\n}"), "t.ptx:10:1: expected ';' after 'ret', found '}'", 0 },
    { K("add.s32 %r1, %r9, %r2;"), "t.ptx:9:14: undefined register '%r9'", 0 },
    { K("mov.u32 %r1, nosuch;"), "t.ptx:9:14: undefined symbol 'nosuch'", 0 },
    { K("mov.u32 %r1, %pm0;"), "t.ptx:9:14: undefined register '%pm0'", 0 },
    { K("bra NOWHERE;"), "t.ptx:9:5: undefined label 'NOWHERE'", 0 },
    { K("add.s64 %rd1, %r1, %rd2;"), "t.ptx:9:15: operand 2 of 'add.s64': register '%r1' is .b32, too narrow for .s64", 0 },
    { K("add.s32 %p1, %r1, %r2;"),
      "t.ptx:9:9: operand 1 of 'add.s32' must be a destination register, found predicate '%p1'", 0 },
    { K("add.s32 5, %r1, %r2;"), "t.ptx:9:9: operand 1 of 'add.s32' must be a destination register, found '5'", 0 },
    { K("selp.b32 %r1, %r2, %r3, %r1;"), "t.ptx:9:25: operand 4 of 'selp.b32' must be a predicate, found '%r1'", 0 },
    { K("selp.b32 %r1, %r2, %r3, !%p1;"), "t.ptx:9:25: operand 4 of 'selp.b32' cannot be negated with '!'", 0 },
    { K("@%r1 bra L;\nL: ret;"), "t.ptx:9:2: guard '%r1' is not a predicate register", 0 },
    { K("@%p7 ret;"), "t.ptx:9:2: undefined predicate '%p7'", 0 },
    { K("ld.global.u32 %r1, %rd1;"), "t.ptx:9:20: operand 2 of 'ld.global.u32' must be an address [...], found '%rd1'", 0 },
    { K("ld.global.v4.u32 {%r1, %r2}, [%rd1];"), "t.ptx:9:18: operand 1 of 'ld.global.v4.u32' has 2 elements, expected 4", 0 },
    { K("ld.global.u32 {%r1, %r2}, [%rd1];"), "t.ptx:9:15: operand 1 of 'ld.global.u32' is a vector, but the instruction has no .v2 or .v4", 0 },
    { K("ld.global.v2.u32 %r1, [%rd1];"), "t.ptx:9:18: operand 1 of 'ld.global.v2.u32' must be a vector of 2 elements", 0 },
    { K("st.global.v2.u32 [%rd1], {%r1, _};"), "t.ptx:9:32: operand 2 of 'st.global.v2.u32': '_' is allowed only in a destination", 0 },
    { K("ld.global.u32 %r1, [%rd1+%r2];"), "t.ptx:9:26: expected a number, found '%r2'", 0 },
    { K("ld.global.u32 %r1, [%rd1;"), "t.ptx:9:25: expected ']' to close the address, found ';'", 0 },
    { K("shfl.sync.down.b32 %r1|%r2, %r3, 1, 31, -1;"),
      "t.ptx:9:24: operand 1 of 'shfl.sync.down.b32' must be a predicate, found '%r2'", 0 },
    { K("add.s32 %r1|%p1, %r2, %r3;"), "t.ptx:9:13: 'add.s32' has no second destination (unexpected '|')", 0 },
    { K("add.s32 %r1, %r2|%p1, %r3;"), "t.ptx:9:17: unexpected '|' after operand '%r2' of 'add.s32'", 0 },
    { K("mov.u32 %r1, %tid;"), "t.ptx:9:14: special register '%tid' needs a component (.x, .y or .z)", 0 },
    { K("mov.u32 %r1, %tid.w;"), "t.ptx:9:18: bad component '.w' of '%tid' (expected .x, .y or .z)", 0 },
    { K("add.s32 %r1, %tid.x, 1;"), "t.ptx:9:14: special register '%tid' can be read only by mov or cvt", 0 },
    { K("mov.b64 %rd1, {%r1, %r2, %r3};"), "t.ptx:9:15: operand 2 of 'mov.b64': cannot split .b64 into 3 elements", 0 },
    { K("lop3.b32 %r1, %r2, %r3, %r1, %r2;"), "t.ptx:9:30: operand 5 of 'lop3.b32' must be a constant, found '%r2'", 0 },
    { K("call nosuch;"), "t.ptx:9:6: undefined function 'nosuch'", 0 },
    { K("call.uni %rd1;"), "t.ptx:9:10: unsupported: indirect call through register '%rd1'", WS_E_UNSUPPORTED },
    { K("bra %rd1;"), "t.ptx:9:5: unsupported: indirect branch through register '%rd1'", WS_E_UNSUPPORTED },
    { K("mov.u64 %rd1, 99999999999999999999;"),
      "t.ptx:9:15: integer constant does not fit in 64 bits: '99999999999999999999'", 0 },
    { K("mov.u32 %r1, 12abc;"), "t.ptx:9:14: malformed number '12abc'", 0 },
    { K("mov.f32 %r1, 0f3F80;"),
      "t.ptx:9:14: malformed floating-point constant '0f3F80' (expected 0f and 8 hex digits or 0d and 16)", 0 },
    { K("add.s32 %r1, %r2, #3;"), "t.ptx:9:19: unexpected character '#'", 0 },
    { K("add.s32 %r1, %r2, \x01;"), "t.ptx:9:19: unexpected character '\\x01'", 0 },
    /* body structure */
    { K(".foo 1;"), "t.ptx:9:1: unexpected directive '.foo' in a function body", 0 },
    { K("L:\nL:\nret;"), "t.ptx:10:1: duplicate label 'L' (first defined at line 9)", 0 },
    { K(".reg .b32 %r1;"), "t.ptx:9:11: redeclaration of '%r1' (first declared at line 6)", 0 },
    { K(".reg .b32 %q<99999999>;"),
      "t.ptx:9:14: too many registers in function 'k': declaring 99999999 registers for %q would give it "
      "100000007, more than the 524288 a function may have", 0 },
    { K(".reg .pred %q<524287>;"),
      "t.ptx:9:15: too many registers in function 'k': declaring 524287 predicates for %q would give it "
      "524289, more than the 524288 a function may have", 0 },
    /* the module's cap: a small declaration crosses it after big ones in
     * earlier functions; the error says so (issue #38) */
    { HEAD ".func a()\n{\n.reg .b32 %r<524288>;\nret;\n}\n.func b()\n{\n.reg .b32 %r<524280>;\n.reg .b32 %q;\nret;\n}\n"
           ".entry k()\n{\n.reg .b32 %s<5>;\n.reg .b32 %x<83>;\nret;\n}\n",
      "t.ptx:18:14: too many registers in the module: declaring 83 registers for %x in function 'k' would bring "
      "the module to 1048657, more than the 1048576 all its functions may have together (1048569 declared by "
      "earlier functions, 5 so far by 'k')", 0 },
    { K(".reg .v2 .b32 %v;"), "t.ptx:9:6: unsupported register declaration (vector or aligned registers)",
      WS_E_UNSUPPORTED },
    { K("/* never closed"), "t.ptx:9:1: unterminated comment", 0 },
    { K("proto: .callprototype (.param .b32 _) _ ();"),
      "t.ptx:9:8: unsupported directive '.callprototype' (indirect branches and calls)", WS_E_UNSUPPORTED },
    { HEAD ".entry k()\n{\nret;\n", "t.ptx:7:1: unexpected end of file inside the body of 'k' (missing '}')", 0 },
    { HEAD ".entry k()\n{\n.reg .b32 %r<2>;\n{\n.reg .b32 %x;\n}\nmov.b32 %x, %r1;\nret;\n}\n",
      "t.ptx:10:9: undefined register '%x'", 0 },
    /* module structure and declarations */
    { "", "t.ptx:1:1: expected '.version' at the start of the module, found end of file", 0 },
    { ".target sm_75\n", "t.ptx:1:1: expected '.version' at the start of the module, found '.target'", 0 },
    { ".version nine\n", "t.ptx:1:10: expected a PTX version such as 9.0 after '.version', found 'nine'", 0 },
    { ".version 9.0\n.entry k()\n{\nret;\n}\n", "t.ptx:2:1: missing '.target' directive before '.entry'", 0 },
    { ".version 9.0\n.target sm_75\n.address_size 48\n", "t.ptx:3:15: address size must be 32 or 64, not 48", 0 },
    { ".version 9.0\n.target gfx90a\n", "t.ptx:2:9: unknown target 'gfx90a'", 0 },
    { ".version 9.0\n.target sm_75, map_f64_to_f32\n", "t.ptx:2:16: unsupported target option 'map_f64_to_f32'",
      WS_E_UNSUPPORTED },
    { HEAD ".reg .b32 %r<2>;\n", "t.ptx:4:1: unexpected directive '.reg' at module scope", 0 },
    { HEAD ".global .u8 x = 256;\n", "t.ptx:4:17: initializer '256' does not fit in .u8", 0 },
    { HEAD ".global .u32 a[2] = {1, 2, 3};\n", "t.ptx:4:19: too many initializers for 'a' (3 for 2 elements)", 0 },
    { HEAD ".shared .u32 s = 1;\n", "t.ptx:4:16: initializers are allowed only for .global and .const variables", 0 },
    { HEAD ".global .u32 a[];\n", "t.ptx:4:14: array 'a' has no size and no initializer", 0 },
    { HEAD ".global .u32 a[2][];\n", "t.ptx:4:19: only the first array dimension may be left empty", 0 },
    { HEAD ".global .u16 p = gvar;\n", "t.ptx:4:18: undefined symbol 'gvar'", 0 },
    { HEAD ".global .u32 g;\n.global .u16 p = g;\n", "t.ptx:5:18: the address of 'g' needs a 32- or 64-bit element type, not .u16", 0 },
    { HEAD ".global .align 3 .u32 a;\n", "t.ptx:4:16: alignment 3 is not a power of two up to 65536", 0 },
    { HEAD ".global .u32 .f32 a;\n", "t.ptx:4:14: two types in one declaration ('.u32' and '.f32')", 0 },
    /* a string's bytes come out escaped: no terminal escape sequence */
    { HEAD ".global .u8 s[4] = \"a\033[31m\";\n", "t.ptx:4:20: expected a number, found '\"a\\x1b[31m\"'", 0 },
    { HEAD ".global a;\n", "t.ptx:4:9: expected a type (.u32, .f32, .b8, ...) in the declaration after '.global', found 'a'", 0 },
    { HEAD ".global .u32 x;\n.global .u32 x;\n", "t.ptx:5:14: redeclaration of 'x' (first declared at line 4)", 0 },
    { HEAD ".extern .global .u32 x;\n", "t.ptx:4:9: unsupported: .extern '.global' variables (defined in another module)",
      WS_E_UNSUPPORTED },
    { HEAD ".func f(.param .b32 a);\n.func f(.param .b64 a)\n{\nret;\n}\n",
      "t.ptx:5:7: conflicting declaration of 'f' (previous declaration at line 4)", 0 },
    { HEAD ".func f()\n{\nret;\n}\n.func f()\n{\nret;\n}\n", "t.ptx:8:7: redefinition of 'f' (first defined at line 4)", 0 },
    { HEAD ".global .u32 f;\n.func f()\n{\nret;\n}\n", "t.ptx:5:7: 'f' is already declared as a variable (line 4)", 0 },
    { HEAD ".entry k(.reg .b32 a)\n{\nret;\n}\n", "t.ptx:4:10: unsupported parameter: .reg parameters (use .param)",
      WS_E_UNSUPPORTED },
    { HEAD ".entry k(.param .u32 a, .param .u32 a)\n{\nret;\n}\n", "t.ptx:4:37: duplicate parameter name 'a'", 0 },
    { HEAD ".entry k(.param .u32 a .param .u32 b)\n{\nret;\n}\n",
      "t.ptx:4:24: expected ',' or ')' in the parameter list opened at line 4, found '.param'", 0 },
    { HEAD ".func f(.param .b32 a)\n{\nret;\n}\n.entry k()\n{\ncall f;\nret;\n}\n",
      "t.ptx:10:6: call to 'f' passes 0 arguments, it takes 1", 0 },
    { HEAD ".func f(.param .b64 a)\n{\nret;\n}\n.entry k()\n{\n.param .b32 x;\ncall f, (x);\nret;\n}\n",
      "t.ptx:11:6: call to 'f': argument 'x' has 4 bytes, the callee's 'a' has 8", 0 },
    { HEAD ".func f(.param .b32 a)\n{\nret;\n}\n.entry k()\n{\n.reg .b32 %r1;\ncall f, (%r1);\nret;\n}\n",
      "t.ptx:11:10: unsupported call argument '%r1' (expected a .param variable)", WS_E_UNSUPPORTED },
    { HEAD ".entry j()\n{\nret;\n}\n.entry k()\n{\ncall j;\nret;\n}\n", "t.ptx:10:6: cannot call the kernel 'j'", 0 },
    { HEAD ".global .u32 g;\n.entry k()\n{\n.reg .b32 %r<2>;\nld.param.u32 %r1, [g];\nret;\n}\n",
      "t.ptx:8:20: operand 2 of 'ld.param.u32': variable 'g' is in the .global space", 0 },
    { HEAD ".func f();\n.func g()\n{\nret;\n}\n.alias f, g;\n.alias f, g;\n",
      "t.ptx:10:8: '.alias' name 'f' is already defined", 0 },
    { HEAD ".func f(.param .b32 a);\n.func g()\n{\nret;\n}\n.alias f, g;\n",
      "t.ptx:9:8: '.alias' 'f' and 'g' have different prototypes", 0 },
    { ".version 9.0\n.target sm_75\n.file 1 \"abc\n", "t.ptx:3:9: unterminated string", 0 },
    { ".version 9.0\n.target sm_75\n.section .debug_info {\n.b8 1\n", "t.ptx:3:1: unterminated '.section' (missing '}')", 0 },
    { HEAD "ret;\n", "t.ptx:4:1: expected a directive (.entry, .func, .global, ...), found 'ret'", 0 },
};

int main(void)
{
    for (size_t i = 0; i < WS_ARRAY_LEN(cases); i++) {
        const err_case *c = &cases[i];
        ws_error err;
        ws_ptx_module *m = ws_ptx_parse(c->text, strlen(c->text), "t.ptx", &err);
        if (m) {
            ok(0, "case %zu (%s) must fail", i, c->msg);
            ws_ptx_module_free(m);
            continue;
        }
        is_str(err.msg, c->msg, "case %zu: %s", i, c->msg + 6);
        is_int(err.code, c->code ? c->code : WS_E_PARSE, "case %zu: error code", i);
    }
    /* text that is not NUL-terminated: the parser must stop at len */
    const char *text = HEAD ".entry k()\n{\nret;\n}\nGARBAGE";
    ws_error err;
    ws_ptx_module *m = ws_ptx_parse(text, strlen(text) - 7, "t.ptx", &err);
    ok(m != NULL, "parser honours len");
    ws_ptx_module_free(m);
    m = ws_ptx_parse(NULL, 0, NULL, &err);
    is_str(err.msg, "<ptx>:1:1: expected '.version' at the start of the module, found end of file", "NULL text");
    ok(ws_ptx_parse("x", 1, "t.ptx", NULL) == NULL, "NULL error pointer is allowed");
    return tap_done();
}
