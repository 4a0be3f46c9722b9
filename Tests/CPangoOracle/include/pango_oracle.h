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

#endif
