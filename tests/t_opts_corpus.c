/* t_opts_corpus: tests/fuzz/opts-corpus through tests/fuzz/fuzz_opts.c (option strings and the machines they build). */
#include "fuzz/fuzz_opts.c"

#define FUZZ_CORPUS "opts-corpus"
#include "fuzz_corpus.h"
