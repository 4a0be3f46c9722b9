// HarfBuzz for the raw text baseline (CBenchText). Swift never imports this module: it exists so
// that pkg-config (`harfbuzz`) gives CBenchText HarfBuzz's include directories.
#ifndef LAMINA_BENCH_HARFBUZZ_SHIM_H
#define LAMINA_BENCH_HARFBUZZ_SHIM_H

#include <hb.h>
#include <hb-ot.h>

#endif
