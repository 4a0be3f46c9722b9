// Pango's line breaking behind a plain C interface, for PangoOracle. Only stdint types here:
// Pango's and glib's headers stay in the .c file, so no Swift module ever imports them (and
// no client of PangoOracle needs their include directories).
#ifndef PANGO_ORACLE_H
#define PANGO_ORACLE_H

#include <stdint.h>

/// Lays out `text` (UTF-8, `length` bytes, no NUL) in `family` at `pixel_size` pixels, wrapped
/// at `width_units` Pango units (1/1024 px; -1: no wrapping), with the oracle's settings (see
/// PangoOracle.swift), and writes each line's start as a UTF-8 byte offset into `starts`
/// (at most `capacity`; `length` + 1 is always enough). Returns the number of lines, or -1 when
/// Pango could not be set up. Thread-safe: one process-wide lock.
int32_t pango_oracle_line_starts(const char *text, int32_t length, const char *family, double pixel_size,
                                 int32_t width_units, int32_t *starts, int32_t capacity);

/// One glyph as Pango placed it: its line, its glyph id in the face Pango chose, its x in pixels
/// from its line's left edge, the UTF-8 byte offset of the text it draws (its cluster's start),
/// and the bidi embedding level of its run.
typedef struct pango_oracle_glyph {
    int32_t line;
    uint32_t glyph;
    double x;
    int32_t byte_offset;
    int32_t level;
} pango_oracle_glyph;

/// Pango's paragraph direction from the first strong character (the default).
#define PANGO_ORACLE_DIRECTION_NATURAL 0
/// Every paragraph left to right.
#define PANGO_ORACLE_DIRECTION_LTR 1
/// Every paragraph right to left.
#define PANGO_ORACLE_DIRECTION_RTL 2

/// Lays out `text` as pango_oracle_line_starts does, with paragraphs in `direction`
/// (PANGO_ORACLE_DIRECTION_*), and writes every glyph, line by line and on each line from left to
/// right (visual order), to `glyphs` (at most `capacity`). Returns the number of glyphs (which
/// may exceed `capacity`: call again with more room), or -1 when Pango could not be set up.
int32_t pango_oracle_glyphs(const char *text, int32_t length, const char *family, double pixel_size,
                            int32_t width_units, int32_t direction, pango_oracle_glyph *glyphs, int32_t capacity);

/// Pango's tab alignments (PangoTabAlign, Pango 1.50).
#define PANGO_ORACLE_TAB_LEFT 0
#define PANGO_ORACLE_TAB_RIGHT 1
#define PANGO_ORACLE_TAB_CENTER 2
#define PANGO_ORACLE_TAB_DECIMAL 3

/// pango_oracle_glyphs with the layout's tab stops set: `tab_count` stops at `tab_locations`
/// (pixels from the left) with `tab_alignments` (PANGO_ORACLE_TAB_*), the decimal point ".".
int32_t pango_oracle_glyphs_with_tabs(const char *text, int32_t length, const char *family, double pixel_size,
                                      int32_t width_units, const double *tab_locations, const int32_t *tab_alignments,
                                      int32_t tab_count, pango_oracle_glyph *glyphs, int32_t capacity);

#endif
