// libpng and libjpeg-turbo behind lamina_codecs.h. Their headers appear only here.
#include "lamina_codecs.h"

// jpeglib.h uses FILE and size_t without including their headers.
#include <stddef.h>
#include <stdio.h>

#include <jpeglib.h>
#include <png.h>

uint32_t lamina_png_version_number(void) {
    return (uint32_t)png_access_version_number();
}

const char *lamina_png_header_version_string(void) {
    return PNG_LIBPNG_VER_STRING;
}

int32_t lamina_jpeg_lib_version(void) {
    return JPEG_LIB_VERSION;
}

// LIBJPEG_TURBO_VERSION is a bare token sequence (2.1.5), so it is stringified in two steps.
#define LAMINA_STRINGIFY_(x) #x
#define LAMINA_STRINGIFY(x) LAMINA_STRINGIFY_(x)

int32_t lamina_jpeg_turbo_version_number(void) {
#ifdef LIBJPEG_TURBO_VERSION_NUMBER
    return LIBJPEG_TURBO_VERSION_NUMBER;
#else
    return 0;
#endif
}

const char *lamina_jpeg_turbo_version_string(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return LAMINA_STRINGIFY(LIBJPEG_TURBO_VERSION);
#else
    return "";
#endif
}
