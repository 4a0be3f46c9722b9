// What the raw text baseline's .c files share. Holds ICU, HarfBuzz, FreeType and cairo
// headers, so it is not in include/: Swift only ever sees bench_text.h.
#ifndef BENCH_TEXT_INTERNAL_H
#define BENCH_TEXT_INTERNAL_H

#include "bench_text.h"

#include <cairo-ft.h>
#include <cairo.h>
#include <hb-ot.h>
#include <hb.h>
#include <unicode/ubrk.h>

/// HarfBuzz's scale is size × 1024, so positions come in 1/1024 px, the unit Pango uses too.
#define BENCH_TEXT_UNITS_PER_PIXEL 1024.0

struct bench_text_font {
    hb_face_t *hb_face;
    hb_font_t *hb_font;
    cairo_font_face_t *cairo_face;
    cairo_font_options_t *font_options;
    UBreakIterator *breaker;
    double size;
    double ascent;
    double line_height;
};

struct bench_text_layout {
    cairo_glyph_t *glyphs;
    int32_t glyph_count;
    int32_t *line_starts;
    int32_t line_count;
};

/// Whether `unit` is a hard break (it ends the line and draws nothing).
int bench_is_hard_break(uint16_t unit);

/// The greedy wrap over ICU's break opportunities of the text set on `breaker`: `x[i]` is the
/// pen (1/1024 px) where UTF-16 unit `i` starts, `cluster_start[i]` whether a cluster starts
/// there; fills `layout`'s line starts. Returns 0 on success.
int bench_wrap(bench_text_layout *layout, UBreakIterator *breaker, const uint16_t *text, const int64_t *x,
               const uint8_t *cluster_start, int64_t limit);

/// Records that a glyph of `cluster` starts at `pen` (1/1024 px): the first glyph of a cluster
/// gives the cluster's position.
static inline void bench_note_cluster(int64_t *x, uint8_t *cluster_start, int32_t cluster, int64_t pen) {
    if (!cluster_start[cluster]) {
        cluster_start[cluster] = 1;
        x[cluster] = pen;
    }
}

/// Ends the cluster positions of `length` units whose glyphs end at `end`: the end of the text
/// is a cluster start, and units inside a cluster take the cluster's position.
void bench_close_cluster_positions(int64_t *x, uint8_t *cluster_start, int32_t length, int64_t end);

/// Sums the alpha bytes of an ARGB32 surface.
uint64_t bench_text_ink(cairo_surface_t *surface);

#endif
