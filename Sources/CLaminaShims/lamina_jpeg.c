// JPEG decoding with libjpeg-turbo, straight into cairo's RGB24 layout. jpeglib.h appears only
// here.
#include "lamina_codecs.h"

// jpeglib.h uses FILE and size_t without including their headers.
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jerror.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;  // first, so libjpeg's pointer to it is a pointer to this
    char *message;
    size_t message_capacity;
    jmp_buf escape;
} jpeg_job;

static void fail_with_library_message(j_common_ptr cinfo) {
    jpeg_job *job = (jpeg_job *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    job->manager.format_message(cinfo, text);
    if (job->message_capacity) snprintf(job->message, job->message_capacity, "%s", text);
    longjmp(job->escape, 1);
}

static void on_jpeg_message(j_common_ptr cinfo, int level) {
    // Level -1 is a warning: corrupt or truncated data that libjpeg would paper over with grey.
    // A caller must learn about that, so it is an error — except an unknown JFIF revision,
    // which says nothing about the pixels.
    if (level == -1 && cinfo->err->msg_code != JWRN_JFIF_MAJOR) fail_with_library_message(cinfo);
}

/// Adobe's CMYK JPEGs store inverted ink (255 = none), so red is C·K/255 in stored values.
static void cmyk_row_to_rgb24(const uint8_t *cmyk, uint32_t *target, uint32_t width, int inverted) {
    for (uint32_t x = 0; x < width; x++) {
        uint32_t c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        uint32_t r = (c * k + 127) / 255, g = (m * k + 127) / 255, b = (y * k + 127) / 255;
        target[x] = 0xFF000000u | r << 16 | g << 8 | b;
    }
}

static int32_t decode(jpeg_job *job, struct jpeg_decompress_struct *cinfo, const uint8_t *data, size_t length,
                      uint32_t scale_eighths, uint8_t *pixels, size_t bytes_per_row,
                      uint32_t width, uint32_t height, uint8_t *cmyk_row) {
    jpeg_mem_src(cinfo, data, (unsigned long)length);
    jpeg_read_header(cinfo, TRUE);
    cinfo->scale_num = scale_eighths;
    cinfo->scale_denom = 8;
    int cmyk = cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK;
    cinfo->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_BGRX;
    jpeg_calc_output_dimensions(cinfo);
    if (cinfo->output_width != width || cinfo->output_height != height) {
        if (job->message_capacity) snprintf(job->message, job->message_capacity, "JPEG size differs from its header");
        return LAMINA_CODEC_CORRUPT;
    }
    jpeg_start_decompress(cinfo);
    while (cinfo->output_scanline < cinfo->output_height) {
        uint8_t *row = pixels + (size_t)cinfo->output_scanline * bytes_per_row;
        JSAMPROW target = cmyk ? cmyk_row : row;
        jpeg_read_scanlines(cinfo, &target, 1);
        if (cmyk) cmyk_row_to_rgb24(cmyk_row, (uint32_t *)row, width, cinfo->saw_Adobe_marker);
    }
    jpeg_finish_decompress(cinfo);
    return LAMINA_CODEC_OK;
}

int32_t lamina_jpeg_decode(const uint8_t *data, size_t length, uint32_t scale_eighths,
                           uint8_t *pixels, size_t bytes_per_row, uint32_t width, uint32_t height,
                           char *message, size_t message_capacity) {
    if (scale_eighths < 1 || scale_eighths > 8) return LAMINA_CODEC_CORRUPT;
    jpeg_job job = {.message = message, .message_capacity = message_capacity};
    if (message_capacity) message[0] = 0;
    struct jpeg_decompress_struct cinfo;
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&job.manager);
    job.manager.error_exit = fail_with_library_message;
    job.manager.emit_message = on_jpeg_message;
    // A row for CMYK conversion, made before the jump point so a longjmp cannot leak it.
    uint8_t *cmyk_row = malloc((size_t)width * 4 + 4);
    if (!cmyk_row) return LAMINA_CODEC_CORRUPT;
    int32_t status = LAMINA_CODEC_CORRUPT;
    // As in libjpeg's example.c, the jump point comes before jpeg_create_decompress, which can
    // fail too; jpeg_destroy_decompress copes with a half-made object.
    if (setjmp(job.escape) == 0) {
        jpeg_create_decompress(&cinfo);
        status = decode(&job, &cinfo, data, length, scale_eighths, pixels, bytes_per_row, width, height, cmyk_row);
    }
    jpeg_destroy_decompress(&cinfo);
    free(cmyk_row);
    return status;
}
