// The raw text pipeline for a mixed-direction paragraph: bench_text_layout.c's, with ICU's bidi
// levels, shaping per level run in its direction, and each line's runs reordered visually.
#include "bench_text_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubidi.h>

// One glyph in logical order (right-to-left runs reversed), in HarfBuzz's 1/1024 px units.
typedef struct {
    uint32_t id;
    int32_t cluster;
    int32_t advance, x_offset, y_offset;
} bench_glyph;

// A level run: its glyphs in the logical array and its level.
typedef struct {
    int32_t first_glyph, glyph_count;
    UBiDiLevel level;
} bench_level_run;

bench_text_layout *bench_text_bidi_layout_make(bench_text_font *font, const uint16_t *text, int32_t length,
                                               double width) {
    bench_text_layout *layout = calloc(1, sizeof *layout);
    hb_buffer_t *buffer = hb_buffer_create();
    int64_t *x = malloc(((size_t)length + 1) * sizeof *x);
    uint8_t *cluster_start = calloc((size_t)length + 1, 1);
    bench_glyph *glyphs = malloc(((size_t)length * 2 + 1) * sizeof *glyphs);
    bench_level_run *runs = malloc(((size_t)length + 1) * sizeof *runs);
    int32_t *line_runs = malloc(((size_t)length + 1) * sizeof *line_runs);
    int32_t *order = malloc(((size_t)length + 1) * sizeof *order);
    UBiDiLevel *run_levels = malloc((size_t)length + 1);
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    int failed = !layout || !x || !cluster_start || !glyphs || !runs || !line_runs || !order || !run_levels ||
                 U_FAILURE(status) || !hb_buffer_allocation_successful(buffer);
    int32_t glyph_count = 0, run_count = 0;
    if (!failed) {
        ubidi_setPara(bidi, text, length, UBIDI_DEFAULT_LTR, NULL, &status);
        const UBiDiLevel *levels = U_SUCCESS(status) ? ubidi_getLevels(bidi, &status) : NULL;
        failed = U_FAILURE(status) || !levels;
        // Shape each level run in its direction; keep the glyphs in logical order.
        for (int32_t start = 0; !failed && start < length;) {
            int32_t end = start + 1;
            while (end < length && levels[end] == levels[start]) end++;
            hb_buffer_clear_contents(buffer);
            hb_buffer_add_utf16(buffer, text, length, (unsigned int)start, end - start);
            hb_buffer_set_direction(buffer, (levels[start] & 1) ? HB_DIRECTION_RTL : HB_DIRECTION_LTR);
            hb_buffer_guess_segment_properties(buffer);
            hb_shape(font->hb_font, buffer, NULL, 0);
            if (levels[start] & 1) hb_buffer_reverse(buffer);
            unsigned int count = 0;
            hb_glyph_info_t *infos = hb_buffer_get_glyph_infos(buffer, &count);
            hb_glyph_position_t *positions = hb_buffer_get_glyph_positions(buffer, &count);
            if (glyph_count + (int32_t)count > length * 2 + 1) { failed = 1; break; }
            runs[run_count++] = (bench_level_run){glyph_count, (int32_t)count, levels[start]};
            for (unsigned int g = 0; g < count; g++) {
                glyphs[glyph_count++] = (bench_glyph){infos[g].codepoint, (int32_t)infos[g].cluster,
                                                      positions[g].x_advance, positions[g].x_offset, positions[g].y_offset};
            }
            start = end;
        }
    }
    if (!failed) {
        int64_t pen = 0;
        for (int32_t g = 0; g < glyph_count; g++) {
            bench_note_cluster(x, cluster_start, glyphs[g].cluster, pen);
            pen += glyphs[g].advance;
        }
        bench_close_cluster_positions(x, cluster_start, length, pen);
        ubrk_setText(font->breaker, text, length, &status);
        failed = U_FAILURE(status) ||
                 bench_wrap(layout, font->breaker, text, x, cluster_start, (int64_t)floor(width * BENCH_TEXT_UNITS_PER_PIXEL));
    }
    if (!failed) {
        layout->glyphs = malloc(((size_t)glyph_count + 1) * sizeof *layout->glyphs);
        failed = !layout->glyphs;
    }
    // Each line: the pieces of the level runs on it, in visual order, placed left to right.
    for (int32_t line = 0; !failed && line < layout->line_count; line++) {
        int32_t line_start = layout->line_starts[line];
        int32_t line_end = line + 1 < layout->line_count ? layout->line_starts[line + 1] : length;
        int32_t pieces = 0;
        for (int32_t r = 0; r < run_count; r++) {
            if (runs[r].glyph_count == 0) continue;
            int32_t first = glyphs[runs[r].first_glyph].cluster;
            int32_t last = glyphs[runs[r].first_glyph + runs[r].glyph_count - 1].cluster;
            if (last < line_start || first >= line_end) continue;
            line_runs[pieces] = r;
            run_levels[pieces] = runs[r].level;
            pieces++;
        }
        ubidi_reorderVisual(run_levels, pieces, order);
        // Spaces hanging at the line's end and hard breaks take no room and draw nothing.
        int32_t drawn_end = line_end;
        while (drawn_end > line_start && (text[drawn_end - 1] == 0x20 || bench_is_hard_break(text[drawn_end - 1]))) {
            drawn_end--;
        }
        int64_t pen = 0;
        double baseline = font->ascent + line * font->line_height;
        for (int32_t v = 0; v < pieces; v++) {
            const bench_level_run *run = &runs[line_runs[order[v]]];
            int rtl = run->level & 1;
            for (int32_t k = 0; k < run->glyph_count; k++) {
                const bench_glyph *glyph = &glyphs[run->first_glyph + (rtl ? run->glyph_count - 1 - k : k)];
                if (glyph->cluster < line_start || glyph->cluster >= drawn_end) continue;
                cairo_glyph_t *out = &layout->glyphs[layout->glyph_count++];
                out->index = glyph->id;
                out->x = (double)(pen + glyph->x_offset) / BENCH_TEXT_UNITS_PER_PIXEL;
                out->y = baseline - glyph->y_offset / BENCH_TEXT_UNITS_PER_PIXEL;
                pen += glyph->advance;
            }
        }
    }
    if (bidi) ubidi_close(bidi);
    free(run_levels);
    free(order);
    free(line_runs);
    free(runs);
    free(glyphs);
    free(cluster_start);
    free(x);
    hb_buffer_destroy(buffer);
    if (failed) {
        bench_text_layout_free(layout);
        return NULL;
    }
    return layout;
}

int32_t bench_text_raw_bidi_label(bench_text_font *font, const uint16_t *text, int32_t length, double width,
                                  double height, double scale) {
    bench_text_layout *layout = bench_text_bidi_layout_make(font, text, length, width);
    if (!layout) return -1;
    int32_t lines = layout->line_count;
    if (bench_text_layout_draw(layout, font, width, height, scale, NULL)) lines = -1;
    bench_text_layout_free(layout);
    return lines;
}
