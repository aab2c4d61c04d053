/* ws_ptx_insn.h: instruction parsing internals (opcode table in
 * ws_ptx_optab.c, operands in ws_ptx_insn.c). */
#ifndef WS_PTX_INSN_H
#define WS_PTX_INSN_H

#include "ptx/ws_ptx_int.h"

#define WS_PTX_MAX_MODS 16
#define WS_PTX_MAX_RAW 8

/* Operand roles, one character each in an operand pattern:
 *   d  destination register of the instruction type T
 *   D  destination register of twice T's width (mul.wide)
 *   U  destination register, 32 bits (popc, clz, vote.ballot, ...)
 *   p  destination predicate
 *   X  mov destination: register or vector {a, b} (unpacking)
 *   V  ld destination: register, or vector of the .vN width
 *   a  source of type T: register or immediate
 *   A  source of twice T's width (mad.wide's c)
 *   b  source of the second type (cvt source, set/slct comparands)
 *   u  source, 32 bits (shift amounts, bit positions, member masks)
 *   i  immediate only, 32 bits (lop3's lookup table)
 *   P  source predicate, `!p` allowed
 *   Q  source predicate, no negation (selp's c, and.pred)
 *   x  mov source: register, immediate, special register, variable or
 *      function address, vector (packing)
 *   W  st source: register, immediate, or vector of the .vN width
 *   y  cvta source: register or variable address
 *   g  address-sized source (isspacep): register or variable
 *   m  memory operand [reg+imm] / [var+imm] / [imm]
 *   l  label
 * A role followed by '|' may take a second destination `d|p` (a predicate).
 * Alternatives are separated by ','; the one with as many operands as
 * written is used. */

typedef struct ws_ptx_opspec {
    const char *name;
    uint8_t op;
    uint16_t cats;        /* modifier categories accepted (WS_PTX_C_*) */
    uint32_t flags;       /* WS_F_* accepted */
    uint32_t types;       /* allowed (first) types: bit (1 << ws_ptx_type) */
    uint8_t ntypes;       /* type modifiers required: 0, 1 or 2 */
    const char *pat;      /* default operand pattern */
    const struct ws_ptx_word *sub;   /* op-specific words, NULL-terminated */
} ws_ptx_opspec;

typedef struct ws_ptx_word {
    const char *w;
    int val;
} ws_ptx_word;

enum {
    WS_PTX_C_TYPE = 1 << 0, WS_PTX_C_CMP = 1 << 1, WS_PTX_C_BOOL = 1 << 2, WS_PTX_C_RND = 1 << 3,
    WS_PTX_C_IRND = 1 << 4, WS_PTX_C_SPACE = 1 << 5, WS_PTX_C_CACHE = 1 << 6, WS_PTX_C_SCOPE = 1 << 7,
    WS_PTX_C_VEC = 1 << 8, WS_PTX_C_HINT = 1 << 9,
};

/* What the modifier parser found, for the operand parser. */
typedef struct ws_ptx_ictx {
    ws_ptx_parser *p;
    ws_ptx_insn *in;
    const ws_ptx_opspec *spec;
    size_t optok, lastmod;            /* opcode token, last modifier token */
    char name[64];                    /* "add.s32" for messages */
    int sub[WS_PTX_MAX_MODS]; size_t subtok[WS_PTX_MAX_MODS]; int nsub;
    ws_ptx_type types[2]; size_t typetok[2]; int ntypes;
    const char *pat;
} ws_ptx_ictx;

/* Op-specific words: the codes ws_ptx_check_mods interprets. */
enum {
    W_LO = 1, W_HI, W_WIDE,                       /* mul/mad part */
    W_SHF_L, W_SHF_R, W_SHF_CLAMP, W_SHF_WRAP,
    W_BAR_SYNC, W_BAR_ARRIVE, W_BAR_RED, W_BAR_POPC, W_BAR_AND, W_BAR_OR, W_BAR_WARP,
    W_GL,
};

/* Flag words (".sat" -> WS_F_SAT), NULL-terminated. */
extern const ws_ptx_word ws_ptx_w_flags[];
/* Enforce the modifier combinations PTX allows and pick c->pat (ws_ptx_opcheck.c). */
void ws_ptx_check_mods(ws_ptx_ictx *c);

/* Look an opcode up ("add"); NULL if unknown. */
const ws_ptx_opspec *ws_ptx_opspec_find(const char *s, size_t len);
/* Parse the modifiers after the opcode into c->in, validate them, choose
 * c->pat.  Fails through the parser on anything unsupported. */
void ws_ptx_parse_mods(ws_ptx_ictx *c);

/* Type with twice the width (u32 -> u64); NONE if there is none. */
ws_ptx_type ws_ptx_type_wide(ws_ptx_type t);

#endif
