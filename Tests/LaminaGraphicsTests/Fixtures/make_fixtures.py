"""Makes the decoder fixtures in this folder. Run once by hand (needs Pillow: pip install pillow);
the tests read the committed files and never run this."""
import struct
import zlib

from PIL import Image

W, H = 48, 32


def base():
    """A 48×32 gradient with a red block at (0..7, 0..7) and a blue one at (40..47, 0..7)."""
    image = Image.new('RGB', (W, H))
    pixels = image.load()
    for y in range(H):
        for x in range(W):
            pixels[x, y] = (x * 5 % 256, y * 8 % 256, (x * y) % 256)
    for y in range(8):
        for x in range(8):
            pixels[x, y] = (255, 0, 0)
            pixels[x + 40, y] = (0, 0, 255)
    return image


def chunk(kind, data):
    return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, depth, colour_type, pixel_bytes, interlace=0):
    """A PNG written by hand, for what Pillow cannot write (Adam7 interlacing, 16-bit RGBA)."""
    raw = b''
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    for x0, y0, dx, dy in (passes if interlace else [(0, 0, 1, 1)]):
        xs, ys = range(x0, width, dx), range(y0, height, dy)
        if xs and ys:
            for y in ys:
                raw += b'\x00' + b''.join(pixel_bytes(x, y) for x in xs)
    header = struct.pack('>IIBBBBB', width, height, depth, colour_type, 0, 0, interlace)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')


rgb = base()
rgb.save('rgb.png')
rgba = rgb.convert('RGBA')
pixels = rgba.load()
for y in range(H):
    for x in range(W):
        r, g, b, _ = pixels[x, y]
        pixels[x, y] = (r, g, b, 255 if x < 24 else 128)
for y in range(24, 32):
    for x in range(40, 48):
        pixels[x, y] = (0, 255, 0, 0)
rgba.save('rgba.png')
rgb.quantize(colors=16).save('palette.png')
rgb.quantize(colors=16).save('palette-trns.png', transparency=0)
rgb.convert('L').save('gray.png')
rgba.convert('LA').save('gray-alpha.png')
Image.new('I;16', (16, 16), 40000).save('gray16.png')
rgb_pixels, rgba_pixels = rgb.load(), rgba.load()
open('interlaced.png', 'wb').write(png(W, H, 8, 2, lambda x, y: bytes(rgb_pixels[x, y]), interlace=1))
open('rgba16.png', 'wb').write(png(W, H, 16, 6, lambda x, y: b''.join(struct.pack('>H', c * 257) for c in rgba_pixels[x, y])))
rgb.save('baseline.jpg', quality=90, subsampling=0)
rgb.save('progressive.jpg', quality=85, progressive=True)
rgb.convert('L').save('gray.jpg', quality=90)
rgb.save('subsampled-420.jpg', quality=80, subsampling=2)
rgb.convert('CMYK').save('cmyk.jpg', quality=95)

# Headers that declare sizes no decoder should allocate for.
huge = struct.pack('>IIBBBBB', 100000, 100000, 8, 6, 0, 0, 0)
open('huge-header.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', huge) + chunk(b'IDAT', zlib.compress(b'\x00' * 64)) + chunk(b'IEND', b''))
jpeg = open('baseline.jpg', 'rb').read()
frame = jpeg.index(b'\xff\xc0')
open('huge-header.jpg', 'wb').write(jpeg[:frame + 5] + struct.pack('>HH', 65535, 65535) + jpeg[frame + 9:])
