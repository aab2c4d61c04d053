/* t_dinero_corpus: tests/fuzz/dinero-corpus through tests/fuzz/fuzz_dinero.c (the trace reader of warpscope cache). */
#include "fuzz/fuzz_dinero.c"

#define FUZZ_CORPUS "dinero-corpus"
#include "fuzz_corpus.h"
