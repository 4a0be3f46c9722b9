// The raw text pipeline: HarfBuzz shaping, ICU UAX #14 break opportunities, a greedy wrap over
// the shaped advances, and cairo_show_glyphs. Written the way a careful program without a text
// engine would write it, so that it is a fair floor for Lamina's TextLayout.
#include "bench_text_internal.h"

#include <math.h>
#include <stdlib.h>

// Spaces that hang past the line's end (they do not count against the width), and hard
// breaks, which take no room either.
static int bench_takes_no_width_at_line_end(uint16_t unit) {
    switch (unit) {
    case 0x0020: case 0x0009: case 0x1680: case 0x205F: case 0x3000: case 0x200B:
    case 0x000A: case 0x000B: case 0x000C: case 0x000D: case 0x0085: case 0x2028: case 0x2029:
        return 1;
    default:
        return (unit >= 0x2000 && unit <= 0x2006) || (unit >= 0x2008 && unit <= 0x200A);
    }
}

int bench_is_hard_break(uint16_t unit) {
    return unit == 0x000A || unit == 0x000B || unit == 0x000C || unit == 0x000D || unit == 0x0085 ||
           unit == 0x2028 || unit == 0x2029;
}

static int bench_push_line(bench_text_layout *layout, int32_t *capacity, int32_t start) {
    if (layout->line_count == *capacity) {
        *capacity *= 2;
        int32_t *grown = realloc(layout->line_starts, (size_t)*capacity * sizeof *grown);
        if (!grown) return 1;
        layout->line_starts = grown;
    }
    layout->line_starts[layout->line_count++] = start;
    return 0;
}

// The cut for a word wider than the line: the last cluster boundary that still fits, and at
// least the first one, so that every line holds something. -1 if the word is one cluster.
static int32_t bench_overlong_cut(const int64_t *x, const uint8_t *cluster_start, int32_t line_start, int32_t end,
                                  int64_t limit) {
    int32_t cut = -1;
    for (int32_t i = line_start + 1; i < end; i++) {
        if (!cluster_start[i]) continue;
        if (cut >= 0 && x[i] - x[line_start] > limit) break;
        cut = i;
    }
    return cut;
}

// Greedy wrap over the break opportunities. `x[i]` is the pen position where UTF-16 unit `i`
// starts (units inside a cluster share the cluster's).
int bench_wrap(bench_text_layout *layout, UBreakIterator *breaker, const uint16_t *text, const int64_t *x,
                      const uint8_t *cluster_start, int64_t limit) {
    int32_t capacity = 8;
    layout->line_starts = malloc((size_t)capacity * sizeof *layout->line_starts);
    if (!layout->line_starts || bench_push_line(layout, &capacity, 0)) return 1;
    int32_t line_start = 0, last_fit = -1;
    int32_t boundary = ubrk_following(breaker, 0);
    while (boundary != UBRK_DONE) {
        int hard = boundary > 0 && bench_is_hard_break(text[boundary - 1]) &&
                   ubrk_getRuleStatus(breaker) >= UBRK_LINE_HARD;
        int32_t end = boundary;
        while (end > line_start && bench_takes_no_width_at_line_end(text[end - 1])) end--;
        int fits = x[end] - x[line_start] <= limit;
        if (!fits && last_fit > line_start) {
            if (bench_push_line(layout, &capacity, last_fit)) return 1;
            line_start = last_fit;
            last_fit = -1;
            continue; // the same opportunity, measured from the new line's start
        }
        if (!fits) {
            int32_t cut = bench_overlong_cut(x, cluster_start, line_start, end, limit);
            if (cut > 0) {
                if (bench_push_line(layout, &capacity, cut)) return 1;
                line_start = cut;
                continue;
            }
        }
        if (hard) {
            if (bench_push_line(layout, &capacity, boundary)) return 1;
            line_start = boundary;
            last_fit = -1;
        } else {
            last_fit = boundary;
        }
        boundary = ubrk_next(breaker);
    }
    return 0;
}

// Places every glyph on its line: x from the line's start, y on the line's baseline.
static int bench_place_glyphs(bench_text_layout *layout, const bench_text_font *font, const uint16_t *text,
                              hb_buffer_t *buffer, const int64_t *x) {
    unsigned int count = 0;
    hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
    layout->glyphs = malloc((count ? count : 1) * sizeof *layout->glyphs);
    if (!layout->glyphs) return 1;
    int32_t line = 0;
    int64_t pen = 0;
    for (unsigned int g = 0; g < count; g++) {
        int32_t cluster = (int32_t)infos[g].cluster;
        while (line + 1 < layout->line_count && layout->line_starts[line + 1] <= cluster) line++;
        // Hard breaks have no glyph worth drawing (DejaVu would draw .notdef for LF).
        if (!bench_is_hard_break(text[cluster])) {
            cairo_glyph_t *glyph = &layout->glyphs[layout->glyph_count++];
            glyph->index = infos[g].codepoint;
            glyph->x = (double)(pen - x[layout->line_starts[line]] + positions[g].x_offset) / BENCH_TEXT_UNITS_PER_PIXEL;
            glyph->y = font->ascent + line * font->line_height - positions[g].y_offset / BENCH_TEXT_UNITS_PER_PIXEL;
        }
        pen += positions[g].x_advance;
    }
    return 0;
}

bench_text_layout *bench_text_layout_make(bench_text_font *font, const uint16_t *text, int32_t length,
                                          double width) {
    bench_text_layout *layout = calloc(1, sizeof *layout);
    hb_buffer_t *buffer = hb_buffer_create();
    int64_t *x = malloc(((size_t)length + 1) * sizeof *x);
    uint8_t *cluster_start = calloc((size_t)length + 1, 1);
    int failed = !layout || !x || !cluster_start || !hb_buffer_allocation_successful(buffer);
    if (!failed) {
        hb_buffer_add_utf16(buffer, text, length, 0, length);
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR);
        hb_buffer_guess_segment_properties(buffer);
        hb_shape(font->hb_font, buffer, NULL, 0);

        unsigned int count = 0;
        hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
        hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
        int64_t pen = 0;
        for (unsigned int g = 0; g < count; g++) {
            bench_note_cluster(x, cluster_start, (int32_t)infos[g].cluster, pen);
            pen += positions[g].x_advance;
        }
        bench_close_cluster_positions(x, cluster_start, length, pen);

        UErrorCode status = U_ZERO_ERROR;
        ubrk_setText(font->breaker, text, length, &status);
        int64_t limit = (int64_t)floor(width * BENCH_TEXT_UNITS_PER_PIXEL);
        failed = U_FAILURE(status) || bench_wrap(layout, font->breaker, text, x, cluster_start, limit) ||
                 bench_place_glyphs(layout, font, text, buffer, x);
    }
    free(cluster_start);
    free(x);
    hb_buffer_destroy(buffer);
    if (failed) {
        bench_text_layout_free(layout);
        return NULL;
    }
    return layout;
}

void bench_close_cluster_positions(int64_t *x, uint8_t *cluster_start, int32_t length, int64_t end) {
    x[length] = end;
    cluster_start[length] = 1;
    for (int32_t i = 0; i < length; i++) {
        if (!cluster_start[i]) x[i] = i > 0 ? x[i - 1] : 0;
    }
}

void bench_text_layout_free(bench_text_layout *layout) {
    if (!layout) return;
    free(layout->glyphs);
    free(layout->line_starts);
    free(layout);
}

int32_t bench_text_layout_line_count(const bench_text_layout *layout) {
    return layout->line_count;
}

int32_t bench_text_layout_line_start(const bench_text_layout *layout, int32_t index) {
    return index >= 0 && index < layout->line_count ? layout->line_starts[index] : -1;
}

int bench_text_layout_draw(const bench_text_layout *layout, const bench_text_font *font, double width,
                           double height, double scale, uint64_t *ink) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(width * scale),
                                                          (int)ceil(height * scale));
    cairo_t *cr = cairo_create(surface);
    cairo_scale(cr, scale, scale);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_set_font_face(cr, font->cairo_face);
    cairo_set_font_size(cr, font->size);
    cairo_set_font_options(cr, font->font_options);
    cairo_show_glyphs(cr, layout->glyphs, layout->glyph_count);
    int failed = cairo_status(cr) != CAIRO_STATUS_SUCCESS;
    cairo_destroy(cr);
    if (ink) {
        cairo_surface_flush(surface);
        *ink = bench_text_ink(surface);
    }
    cairo_surface_destroy(surface);
    return failed;
}

int32_t bench_text_raw_label(bench_text_font *font, const uint16_t *text, int32_t length, double width,
                             double height, double scale) {
    bench_text_layout *layout = bench_text_layout_make(font, text, length, width);
    if (!layout) return -1;
    int32_t lines = layout->line_count;
    if (bench_text_layout_draw(layout, font, width, height, scale, NULL)) lines = -1;
    bench_text_layout_free(layout);
    return lines;
}

uint64_t bench_text_ink(cairo_surface_t *surface) {
    const uint8_t *data = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    int width = cairo_image_surface_get_width(surface), height = cairo_image_surface_get_height(surface);
    uint64_t sum = 0;
    for (int y = 0; y < height; y++) {
        const uint32_t *row = (const uint32_t *)(data + (size_t)y * (size_t)stride);
        for (int column = 0; column < width; column++) sum += row[column] >> 24;
    }
    return sum;
}
