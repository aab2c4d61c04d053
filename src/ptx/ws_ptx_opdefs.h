/* ws_ptx_opdefs.h: shorthands shared by the opcode table (ws_ptx_optab.c)
 * and its combination checks (ws_ptx_opcheck.c), private to those two
 * files: the type classes must mean the same in both.
 *
 * B(t) is the bit of type WS_T_t in a type mask; T_* are the classes the
 * table and the checks speak of; C(x) and F(x) name a modifier category and
 * a flag; FAIL reports an error at a token of the instruction being parsed. */
#ifndef WS_PTX_OPDEFS_H
#define WS_PTX_OPDEFS_H

#include "ptx/ws_ptx_insn.h"

#define B(t) (1u << WS_T_##t)
#define T_BITS (B(B16) | B(B32) | B(B64))
#define T_U (B(U16) | B(U32) | B(U64))
#define T_S (B(S16) | B(S32) | B(S64))
#define T_INT (T_U | T_S)
#define T_F (B(F32) | B(F64))
#define T_8 (B(B8) | B(U8) | B(S8))
#define T_H (B(F16) | B(F16X2) | B(BF16) | B(BF16X2))
#define T_DATA (T_8 | T_BITS | T_INT | T_F | T_H)
#define T_CVT (B(U8) | B(S8) | T_INT | T_F | B(F16) | B(BF16))
#define T_ATOM (B(B32) | B(B64) | B(U32) | B(U64) | B(S32) | B(S64) | T_F)
#define T_ARITH (T_INT | T_F)

#define C(x) WS_PTX_C_##x
#define F(x) WS_F_##x
#define FAIL(c, tok, ...) ws_ptx_fail_at((c)->p, (tok), __VA_ARGS__)

#endif
