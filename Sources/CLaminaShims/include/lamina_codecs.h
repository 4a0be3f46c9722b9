// Image codecs for LaminaGraphics' ImageDecoder: libpng and libjpeg-turbo.
//
// Both libraries report errors by longjmp, which must never cross a Swift frame, and libpng's
// and libjpeg's own messages are what a corrupt-image error reports: so decoding is C that
// returns plain status codes and copies the library's message into the caller's buffer. Like
// every CLaminaShims header this one uses only stdint/stddef types; png.h and jpeglib.h appear
// only in the .c files. No function keeps global state: all are safe on many threads at once.
#ifndef LAMINA_CODECS_H
#define LAMINA_CODECS_H

#include <stddef.h>
#include <stdint.h>

/// The version of the libpng loaded at run time, as png_access_version_number encodes it:
/// major * 10000 + minor * 100 + release (1.6.39 is 10639).
uint32_t lamina_png_version_number(void);

/// The libpng version Lamina was compiled against, e.g. "1.6.39" (PNG_LIBPNG_VER_STRING).
/// A static string.
const char *lamina_png_header_version_string(void);

/// The libjpeg API version Lamina was compiled against (JPEG_LIB_VERSION): 62 for the
/// libjpeg 6b API that Debian's libjpeg62-turbo provides, 80 for the libjpeg 8 API.
int32_t lamina_jpeg_lib_version(void);

/// The libjpeg-turbo version Lamina was compiled against, as LIBJPEG_TURBO_VERSION_NUMBER
/// encodes it: major * 1000000 + minor * 1000 + release (2.1.5 is 2001005); 0 when the jpeglib
/// in use is not libjpeg-turbo.
int32_t lamina_jpeg_turbo_version_number(void);

/// The libjpeg-turbo version as text, e.g. "2.1.5", or "" when it is not libjpeg-turbo.
/// A static string.
const char *lamina_jpeg_turbo_version_string(void);

/// What every codec function returns.
#define LAMINA_CODEC_OK 0
/// The bytes are neither PNG nor JPEG.
#define LAMINA_CODEC_UNSUPPORTED 1
/// The bytes end before the header does, or the header is malformed.
#define LAMINA_CODEC_BAD_HEADER 2
/// The library stopped with an error (or, for JPEG, a corrupt-data warning); the message says why.
#define LAMINA_CODEC_CORRUPT 3

#define LAMINA_IMAGE_PNG 1
#define LAMINA_IMAGE_JPEG 2

/// What the header declares, read by Lamina's own parsing before any library allocates.
typedef struct {
    int32_t format;      ///< LAMINA_IMAGE_PNG or LAMINA_IMAGE_JPEG
    uint32_t width;      ///< declared width in pixels
    uint32_t height;     ///< declared height in pixels
    int32_t has_alpha;   ///< PNG: an alpha channel or a tRNS chunk before the image data
} lamina_image_header;

/// Sniffs the format from the magic bytes and reads the declared size: PNG's IHDR (and whether
/// a tRNS chunk precedes IDAT), JPEG's first SOFn frame header. Reads only `data[0..<length]`.
int32_t lamina_image_read_header(const uint8_t *data, size_t length, lamina_image_header *header);

/// Decodes a PNG of `width` × `height` (as read by the header) into `pixels`, rows
/// `bytes_per_row` apart, in cairo's native-endian layout: premultiplied ARGB32 when
/// `with_alpha` is non-zero, RGB24 (top byte 0xFF) otherwise. On failure copies libpng's
/// message into `message` (NUL-terminated, at most `message_capacity` bytes).
int32_t lamina_png_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t bytes_per_row,
                          uint32_t width, uint32_t height, int32_t with_alpha,
                          char *message, size_t message_capacity);

/// Decodes a JPEG scaled by `scale_eighths`/8 (1…8; DCT scaling, far cheaper than decoding
/// full size) into `pixels` as RGB24 (libjpeg-turbo's JCS_EXT_BGRX on little-endian machines;
/// CMYK and YCCK converted), rows `bytes_per_row` apart. `width` × `height` must be the scaled
/// size, ceil(declared × scale_eighths / 8). Corrupt-data warnings (a truncated file, a bad
/// segment) are errors. On failure copies libjpeg's message into `message`.
int32_t lamina_jpeg_decode(const uint8_t *data, size_t length, uint32_t scale_eighths,
                           uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                           char *message, size_t message_capacity);

#endif
