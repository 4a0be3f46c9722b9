import CBenchCairo
import CBenchCodecs
import Foundation
import LaminaGraphics

/// `png-decode` and `jpeg-decode`: a 512×512 photo-like image decoded by `ImageDecoder` (A) and
/// by the raw C call (B), in the same run. B for JPEG is libjpeg-turbo straight into a cairo
/// RGB24 surface with `JCS_EXT_BGRX` (the raw baselines in Benchmarks/README.md: 1.6 ms); B for
/// PNG is cairo's own reader, `cairo_image_surface_create_from_png_stream` (10.7 ms there).
/// Target A/B ≤ 1.1.
final class DecodeBenchmark: Benchmark {
    enum Format { case png, jpeg }

    let name: String
    let summary: String
    private let format: Format
    private var data = Data()
    private var failures = 0

    init(_ format: Format) {
        self.format = format
        name = format == .png ? "png-decode" : "jpeg-decode"
        summary = format == .png
            ? "512×512 PNG: ImageDecoder (A) vs cairo_image_surface_create_from_png_stream (B)"
            : "512×512 JPEG: ImageDecoder (A) vs libjpeg-turbo into a cairo RGB24 surface (B)"
    }

    func plan(smoke: Bool) -> Plan {
        // The first few megabyte-sized images of a process each pay a page fault per page while
        // glibc's allocator adapts (about +0.5 ms), so even a smoke run warms up for longer.
        smoke
            ? Plan(warmUpRounds: 6, measuredRounds: 3, samplesPerRound: 2)
            : Plan(warmUpRounds: 6, measuredRounds: 30, samplesPerRound: 5)
    }

    func setUp() {
        let photo = PhotoLikeImage.make(size: 512)
        data = format == .png ? photo.pngData() : PhotoLikeImage.jpeg(photo, quality: 85)
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        (0..<samples).map { _ in
            let start = MonotonicClock.now()
            let succeeded = variant == .lamina ? decodeWithLamina() : decodeRaw()
            let end = MonotonicClock.now()
            if !succeeded { failures += 1 }
            return MonotonicClock.elapsed(from: start, to: end)
        }
    }

    private func decodeWithLamina() -> Bool {
        (try? ImageDecoder.decode(data)) != nil
    }

    private func decodeRaw() -> Bool {
        data.withUnsafeBytes { bytes in
            switch format {
            case .jpeg:
                let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 512, 512)
                defer { cairo_surface_destroy(surface) }
                let status = bench_jpeg_decode(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count,
                                               cairo_image_surface_get_data(surface),
                                               Int(cairo_image_surface_get_stride(surface)), 512, 512)
                cairo_surface_mark_dirty(surface)
                return status == 0
            case .png:
                let reader = PNGStreamReader(bytes)
                let surface = cairo_image_surface_create_from_png_stream({ closure, target, length in
                    Unmanaged<PNGStreamReader>.fromOpaque(closure!).takeUnretainedValue().read(into: target!, count: Int(length))
                }, Unmanaged.passUnretained(reader).toOpaque())
                defer { cairo_surface_destroy(surface) }
                return withExtendedLifetime(reader) { cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS }
            }
        }
    }

    func tearDown() {}

    var notes: [String] {
        failures == 0 ? [] : ["\(failures) decodes failed"]
    }
}

/// Feeds cairo's PNG reader from memory.
private final class PNGStreamReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    func read(into target: UnsafeMutablePointer<UInt8>, count: Int) -> cairo_status_t {
        guard count <= bytes.count - offset else { return CAIRO_STATUS_READ_ERROR }
        target.update(from: bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: UInt8.self), count: count)
        offset += count
        return CAIRO_STATUS_SUCCESS
    }
}

/// A deterministic stand-in for a photograph: smooth gradients and shapes with mild noise, so
/// PNG and JPEG compress it about as much as a real photo rather than a flat drawing.
enum PhotoLikeImage {
    static func make(size: Int) -> Image {
        let side = Double(size)
        let drawn = try! GraphicsContext.makeImage(width: side, height: side, opaque: true) { context in
            context.drawLinearGradient(Gradient(colors: [Color(hex: "#87CEEB")!, Color(hex: "#F4A460")!, Color(hex: "#2E8B57")!]),
                                       start: .zero, end: Point(x: side * 0.3, y: side),
                                       options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
            context.drawRadialGradient(Gradient(colors: [Color(white: 1, alpha: 0.9), Color(white: 1, alpha: 0)]),
                                       startCenter: Point(x: side * 0.7, y: side * 0.25), startRadius: 0,
                                       endCenter: Point(x: side * 0.7, y: side * 0.25), endRadius: side * 0.2)
            context.fillColor = Color(hex: "#556B2F")!.withAlpha(0.8)
            context.fillEllipse(in: Rect(x: side * 0.1, y: side * 0.55, width: side * 0.5, height: side * 0.35))
        }
        // Sensor-like noise: ±12 per channel from a fixed generator.
        var state: UInt64 = 0x5EED
        return try! Image(width: size, height: size, format: .rgb24) { pixels, bytesPerRow in
            drawn.withUnsafePixelBytes { source, sourceRow in
                for y in 0..<size {
                    for x in 0..<size {
                        state = state &* 6364136223846793005 &+ 1442695040888963407
                        let pixel = source.load(fromByteOffset: y * sourceRow + x * 4, as: UInt32.self)
                        var noisy: UInt32 = 0
                        for shift: UInt32 in [0, 8, 16] {
                            let channel = Int((pixel >> shift) & 0xFF) + Int((state >> (shift + 20)) % 25) - 12
                            noisy |= UInt32(min(max(channel, 0), 255)) << shift
                        }
                        pixels.storeBytes(of: noisy | 0xFF00_0000, toByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
                    }
                }
            }
        }
    }

    static func jpeg(_ image: Image, quality: Int32) -> Data {
        image.withUnsafePixelBytes { pixels, bytesPerRow in
            var output: UnsafeMutablePointer<UInt8>?
            var length = 0
            let status = bench_jpeg_encode(pixels.baseAddress!.assumingMemoryBound(to: UInt8.self), bytesPerRow,
                                           UInt32(image.width), UInt32(image.height), quality, &output, &length)
            precondition(status == 0, "the benchmark's JPEG encoder failed")
            defer { free(output) }
            return Data(bytes: output!, count: length)
        }
    }
}
