#include "bench_codecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf escape;
} bench_error;

static void bench_error_exit(j_common_ptr cinfo) {
    longjmp(((bench_error *)cinfo->err)->escape, 1);
}

int bench_jpeg_decode(const uint8_t *data, size_t length, uint8_t *pixels, size_t stride,
                      uint32_t width, uint32_t height) {
    struct jpeg_decompress_struct cinfo;
    bench_error error;
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = bench_error_exit;
    if (setjmp(error.escape)) {
        jpeg_destroy_decompress(&cinfo);
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)length);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_BGRX;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != width || cinfo.output_height != height) longjmp(error.escape, 1);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + (size_t)cinfo.output_scanline * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

int bench_jpeg_encode(const uint8_t *pixels, size_t stride, uint32_t width, uint32_t height, int quality,
                      uint8_t **out, size_t *length) {
    struct jpeg_compress_struct cinfo;
    bench_error error;
    unsigned char *buffer = NULL;
    unsigned long size = 0;
    cinfo.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = bench_error_exit;
    if (setjmp(error.escape)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return 1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, &buffer, &size);
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_BGRX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *length = size;
    return 0;
}
