import CXCB
import Glibc
import LaminaGraphics

/// A rectangle of whole device pixels inside a frame.
struct PixelRect: Hashable {
    var x: Int, y: Int, width: Int, height: Int

    /// `rect` rounded outwards and clipped to a `width`×`height` image; nil when nothing is left.
    init?(_ rect: Rect, clippedTo width: Int, _ height: Int) {
        guard rect.isFinite else { return nil }
        let clipped = rect.integral.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        guard !clipped.isNull, !clipped.isEmpty else { return nil }
        x = Int(clipped.minX)
        y = Int(clipped.minY)
        self.width = Int(clipped.width)
        self.height = Int(clipped.height)
    }

    var byteCount: Int { width * height * 4 }
}

extension X11Presenter {
    /// The size of `PutImage`'s request header in bytes (with the BIG-REQUESTS length word), which
    /// counts against the maximum request length along with the pixels.
    static let putImageHeaderBytes = 28

    /// Sends `rects` (device pixels) of `image` to the window by the shared segment when there
    /// is one, otherwise in `PutImage` bands; returns the pixel bytes sent. Under the lock.
    func transfer(_ rects: [Rect], of image: Image, _ state: inout State) -> Int {
        let pixelRects = rects.compactMap { PixelRect($0, clippedTo: image.width, image.height) }
        guard !pixelRects.isEmpty else { return 0 }
        let bytes = pixelRects.reduce(0) { $0 + $1.byteCount }
        if let segment = sharedSegment(for: image, &state) {
            sendShared(pixelRects, of: image, through: segment)
            state.statistics.lastPath = .sharedMemory
            state.statistics.imageRequests += pixelRects.count
        } else {
            state.statistics.imageRequests += sendBands(pixelRects, of: image)
            state.statistics.lastPath = .putImage
            connection.flush()
        }
        state.statistics.pixelBytesSent += bytes
        return bytes
    }

    /// Sends all of `image`, as ``transfer(_:of:_:)``; returns the pixel bytes sent.
    func transferWhole(_ image: Image, _ state: inout State) -> Int {
        transfer([Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))], of: image, &state)
    }

    /// A shared segment large enough for `image`, made (or remade larger) on demand; nil when
    /// shared memory is off or failed once (then every later frame goes by `PutImage`).
    private func sharedSegment(for image: Image, _ state: inout State) -> SharedMemorySegment? {
        guard !state.sharedMemoryUnavailable, image.bytesPerRow == image.width * 4 else { return nil }
        let needed = image.bytesPerRow * image.height
        if let segment = state.segment, segment.byteCount >= needed { return segment }
        state.segment = nil
        guard let segment = SharedMemorySegment(byteCount: needed, connection: connection,
                                                refusedByServer: options.attachesUnknownSegment) else {
            state.sharedMemoryUnavailable = true
            state.statistics.sharedMemoryFallbacks += 1
            return nil
        }
        state.segment = segment
        return segment
    }

    /// Copies each rectangle into the segment at its place in the frame and asks the server to
    /// draw it from there, then waits for the server to have read it: the next frame writes the
    /// same memory.
    private func sendShared(_ rects: [PixelRect], of image: Image, through segment: SharedMemorySegment) {
        let stride = image.bytesPerRow
        image.withUnsafePixelBytes { pixels, _ in
            for rect in rects {
                for row in rect.y..<(rect.y + rect.height) {
                    let offset = row * stride + rect.x * 4
                    (segment.address + offset).copyMemory(from: pixels.baseAddress! + offset, byteCount: rect.width * 4)
                }
            }
        }
        for rect in rects {
            xcb_shm_put_image(connection.raw, windowID, graphicsContext,
                              UInt16(image.width), UInt16(image.height),
                              UInt16(rect.x), UInt16(rect.y), UInt16(rect.width), UInt16(rect.height),
                              Int16(rect.x), Int16(rect.y), connection.depth,
                              UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), 0, segment.id, 0)
        }
        connection.synchronize()
    }

    /// Sends each rectangle as `PutImage` requests of as many whole rows as fit under the band
    /// limit (at least one row), each band copied into one reused buffer; returns the number of
    /// requests.
    private func sendBands(_ rects: [PixelRect], of image: Image) -> Int {
        let limit = min(options.maximumBandBytes ?? .max, connection.maximumRequestBytes - X11Presenter.putImageHeaderBytes)
        let bands = rects.map { rect -> (rect: PixelRect, rows: Int) in (rect, max(1, min(rect.height, limit / (rect.width * 4)))) }
        let bufferBytes = bands.map { $0.rows * $0.rect.width * 4 }.max() ?? 0
        let band = UnsafeMutableRawPointer.allocate(byteCount: max(bufferBytes, 4), alignment: 16)
        defer { band.deallocate() }
        var requests = 0
        image.withUnsafePixelBytes { pixels, stride in
            for (rect, rowsPerBand) in bands {
                let rowBytes = rect.width * 4
                var top = rect.y
                while top < rect.y + rect.height {
                    let rows = min(rowsPerBand, rect.y + rect.height - top)
                    for row in 0..<rows {
                        (band + row * rowBytes).copyMemory(from: pixels.baseAddress! + (top + row) * stride + rect.x * 4,
                                                           byteCount: rowBytes)
                    }
                    xcb_put_image(connection.raw, UInt8(XCB_IMAGE_FORMAT_Z_PIXMAP.rawValue), windowID, graphicsContext,
                                  UInt16(rect.width), UInt16(rows), Int16(rect.x), Int16(top), 0, connection.depth,
                                  UInt32(rows * rowBytes), band.assumingMemoryBound(to: UInt8.self))
                    requests += 1
                    top += rows
                }
            }
        }
        return requests
    }
}
