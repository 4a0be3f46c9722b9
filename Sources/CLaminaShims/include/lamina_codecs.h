// Image codecs for LaminaGraphics' ImageDecoder: libpng and libjpeg-turbo.
//
// This file pair is where the PNG and JPEG decoders will live (a later issue): both libraries
// report errors by longjmp, which must never cross a Swift frame, and libpng's own messages are
// what a corrupt-image error reports, so decoding is C that returns plain error codes. For now it
// answers version queries only. Like every CLaminaShims header it uses only stdint/stddef types;
// png.h and jpeglib.h appear only in lamina_codecs.c.
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

#endif
