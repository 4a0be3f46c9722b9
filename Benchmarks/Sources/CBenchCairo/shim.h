// cairo for the raw baselines of the compositor benchmarks: the blits Lamina's compositor is
// measured against, made directly. Include directories come from pkg-config (`cairo`).
#ifndef LAMINA_BENCH_CAIRO_SHIM_H
#define LAMINA_BENCH_CAIRO_SHIM_H

#include <cairo.h>

#endif
