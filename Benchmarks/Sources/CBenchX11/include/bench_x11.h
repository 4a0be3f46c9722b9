// The raw xcb baseline of the x11-present benchmarks: a window and the same pixel transfer
// LaminaX11 does (MIT-SHM, or PutImage in bands under the maximum request length), written
// directly against xcb. A plain C header: Swift never sees xcb's own.
#ifndef BENCH_X11_H
#define BENCH_X11_H

#include <stddef.h>
#include <stdint.h>

typedef struct bench_x11 bench_x11;

/// Opens a `width`×`height` window at (`x`, `y`) on `display` and maps it; with `use_shm`,
/// attaches a shared segment of the window's size. NULL when the connection, or the segment
/// asked for, fails. (Placed apart from Lamina's window: a window covered by another one is
/// clipped away, and the server would copy nothing.)
bench_x11 *bench_x11_open(const char *display, int x, int y, int width, int height, int use_shm);

/// Sends the `w`×`h` rectangle at (`x`, `y`) of a frame of the window's size (`stride` bytes a
/// row, 32-bit pixels) to the window, then waits one round trip so the server has drawn it.
void bench_x11_present(bench_x11 *x11, const uint8_t *pixels, size_t stride, int x, int y, int w, int h);

void bench_x11_close(bench_x11 *x11);

/// Moves another client's top-level `window` on `display` to (`x`, `y`), as a window manager
/// would, and waits until the server has done it; 0 on success, -1 when the display does not
/// connect. (x11-scroll puts its two windows side by side with it: LaminaX11 opens windows at
/// the origin.)
int bench_x11_move_window(const char *display, uint32_t window, int x, int y);

#endif
