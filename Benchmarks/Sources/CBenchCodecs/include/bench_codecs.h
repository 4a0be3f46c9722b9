// The raw baselines of the decode benchmarks: libjpeg-turbo called directly, the way a program
// without Lamina would, plus a JPEG encoder to make the benchmark's input.
#ifndef BENCH_CODECS_H
#define BENCH_CODECS_H

#include <stddef.h>
#include <stdint.h>

/// Decodes a JPEG with libjpeg-turbo straight into `pixels` (rows `stride` apart) as
/// JCS_EXT_BGRX — cairo's RGB24 on little-endian machines. Returns 0 on success.
int bench_jpeg_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t stride,
                      uint32_t width, uint32_t height);

/// Encodes `width` × `height` BGRX pixels (rows `stride` apart) as a JPEG of `quality`; the
/// result is malloc'ed into `*out` (free it) with its length in `*length`. Returns 0 on success.
int bench_jpeg_encode(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height, int quality,
                      uint8_t **out, size_t *length);

#endif
