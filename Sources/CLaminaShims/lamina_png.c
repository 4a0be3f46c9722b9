// PNG decoding with libpng, straight into cairo's pixel layout. png.h appears only here.
#include "lamina_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
    char *message;
    size_t message_capacity;
    jmp_buf escape;
} png_job;

static void copy_message(char *target, size_t capacity, const char *text) {
    if (capacity == 0) return;
    snprintf(target, capacity, "%s", text ? text : "unknown error");
}

static void on_png_error(png_structp png, png_const_charp text) {
    png_job *job = png_get_error_ptr(png);
    copy_message(job->message, job->message_capacity, text);
    longjmp(job->escape, 1);
}

static void on_png_warning(png_structp png, png_const_charp text) {
    // Warnings concern ancillary data libpng skips (a bad colour profile, say); the image is fine.
    (void)png;
    (void)text;
}

static void read_from_memory(png_structp png, png_bytep target, size_t count) {
    png_job *job = png_get_io_ptr(png);
    if (count > job->length - job->offset) png_error(png, "PNG data ends early (truncated file)");
    memcpy(target, job->data + job->offset, count);
    job->offset += count;
}

/// Rounds c·a/255 to nearest without a division.
static inline uint32_t multiply_255(uint32_t c, uint32_t a) {
    uint32_t t = c * a + 128;
    return (t + (t >> 8)) >> 8;
}

static void premultiply_rows(uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height) {
    for (uint32_t y = 0; y < height; y++) {
        uint32_t *row = (uint32_t *)(pixels + y * bytes_per_row);
        for (uint32_t x = 0; x < width; x++) {
            uint32_t p = row[x], a = p >> 24;
            if (a == 255) continue;
            row[x] = a << 24 | multiply_255((p >> 16) & 0xFF, a) << 16 | multiply_255((p >> 8) & 0xFF, a) << 8
                   | multiply_255(p & 0xFF, a);
        }
    }
}

/// Sets the transforms that turn any PNG into 8-bit BGRA/BGRX bytes, i.e. native-endian 32-bit
/// ARGB on little-endian machines (ARGB byte order on big-endian ones).
static void request_cairo_layout(png_structp png, png_infop info) {
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    png_set_bgr(png);
    png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
#else
    png_set_swap_alpha(png);
    png_set_filler(png, 0xFF, PNG_FILLER_BEFORE);
#endif
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
}

static int32_t decode(png_job *job, png_structp png, png_infop info, uint8_t *pixels, size_t bytes_per_row,
                      uint32_t width, uint32_t height, png_bytep *rows) {
    png_set_read_fn(png, job, read_from_memory);
    png_set_user_limits(png, width, height);
    png_read_info(png, info);
    if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height) {
        copy_message(job->message, job->message_capacity, "PNG size differs from its header");
        return LAMINA_CODEC_CORRUPT;
    }
    request_cairo_layout(png, info);
    if (png_get_rowbytes(png, info) > bytes_per_row) {
        copy_message(job->message, job->message_capacity, "PNG rows are wider than expected");
        return LAMINA_CODEC_CORRUPT;
    }
    for (uint32_t y = 0; y < height; y++) rows[y] = pixels + y * bytes_per_row;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    return LAMINA_CODEC_OK;
}

int32_t lamina_png_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t bytes_per_row,
                          uint32_t width, uint32_t height, int32_t with_alpha,
                          char *message, size_t message_capacity) {
    png_job job = {data, length, 0, message, message_capacity};
    copy_message(message, message_capacity, "");
    png_bytep *rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) {
        copy_message(message, message_capacity, "out of memory");
        return LAMINA_CODEC_CORRUPT;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &job, on_png_error, on_png_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    int32_t status = LAMINA_CODEC_CORRUPT;
    // Everything setjmp must see after a longjmp lives in `job`, `rows`, `png`, `info` (set
    // before the jump point and never changed after it).
    if (png && info && setjmp(job.escape) == 0) {
        status = decode(&job, png, info, pixels, bytes_per_row, width, height, rows);
    }
    png_destroy_read_struct(png ? &png : NULL, info ? &info : NULL, NULL);
    free(rows);
    if (status == LAMINA_CODEC_OK && with_alpha) premultiply_rows(pixels, bytes_per_row, width, height);
    return status;
}
