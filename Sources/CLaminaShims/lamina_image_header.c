// Lamina's own reading of PNG and JPEG headers: the declared size is known before libpng or
// libjpeg allocate anything, so an image that claims 100000×100000 pixels costs nothing.
#include "lamina_codecs.h"

#include <string.h>

static uint32_t big_endian_32(const uint8_t *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static uint32_t big_endian_16(const uint8_t *p) {
    return (uint32_t)p[0] << 8 | (uint32_t)p[1];
}

static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};

static int32_t read_png_header(const uint8_t *data, size_t length, lamina_image_header *header) {
    // Signature, then IHDR: length 13, type, width, height, depth, colour type, …, CRC.
    if (length < 8 + 8 + 13 || big_endian_32(data + 8) != 13 || memcmp(data + 12, "IHDR", 4) != 0) {
        return LAMINA_CODEC_BAD_HEADER;
    }
    header->format = LAMINA_IMAGE_PNG;
    header->width = big_endian_32(data + 16);
    header->height = big_endian_32(data + 20);
    uint8_t color_type = data[25];
    header->has_alpha = (color_type & 4) != 0;
    // A tRNS chunk before the image data gives a palette or grey image alpha.
    size_t offset = 8 + 8 + 13 + 4;
    while (!header->has_alpha && offset + 8 <= length) {
        uint32_t chunk_length = big_endian_32(data + offset);
        const uint8_t *type = data + offset + 4;
        if (memcmp(type, "IDAT", 4) == 0 || memcmp(type, "IEND", 4) == 0) break;
        if (memcmp(type, "tRNS", 4) == 0) header->has_alpha = 1;
        if (chunk_length > length - offset - 12) break;
        offset += 12 + (size_t)chunk_length;
    }
    return header->width == 0 || header->height == 0 ? LAMINA_CODEC_BAD_HEADER : LAMINA_CODEC_OK;
}

static int is_start_of_frame(uint8_t marker) {
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

static int32_t read_jpeg_header(const uint8_t *data, size_t length, lamina_image_header *header) {
    size_t offset = 2;
    while (offset + 4 <= length) {
        if (data[offset] != 0xFF) return LAMINA_CODEC_BAD_HEADER;
        uint8_t marker = data[offset + 1];
        if (marker == 0xFF) { offset += 1; continue; }  // fill byte
        if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { offset += 2; continue; }
        if (marker == 0xD9 || marker == 0xDA) return LAMINA_CODEC_BAD_HEADER;  // image data before a frame
        uint32_t segment_length = big_endian_16(data + offset + 2);
        if (segment_length < 2) return LAMINA_CODEC_BAD_HEADER;
        if (is_start_of_frame(marker)) {
            if (segment_length < 8 || offset + 2 + 8 > length) return LAMINA_CODEC_BAD_HEADER;
            header->format = LAMINA_IMAGE_JPEG;
            header->height = big_endian_16(data + offset + 5);
            header->width = big_endian_16(data + offset + 7);
            header->has_alpha = 0;
            // A height of 0 (defined later by a DNL marker) is not supported.
            return header->width == 0 || header->height == 0 ? LAMINA_CODEC_BAD_HEADER : LAMINA_CODEC_OK;
        }
        offset += 2 + (size_t)segment_length;
    }
    return LAMINA_CODEC_BAD_HEADER;
}

int32_t lamina_image_read_header(const uint8_t *data, size_t length, lamina_image_header *header) {
    memset(header, 0, sizeof *header);
    if (length >= 8 && memcmp(data, png_signature, 8) == 0) return read_png_header(data, length, header);
    if (length >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF) return read_jpeg_header(data, length, header);
    return LAMINA_CODEC_UNSUPPORTED;
}
