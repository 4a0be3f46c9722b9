/// The bytes behind one or more ``Image`` values: allocated once, written once by whoever creates
/// the image (a decoder, a ``GraphicsContext``), then only read. That write-once rule is what
/// makes sharing across threads safe without a lock.
final class PixelStorage: @unchecked Sendable {
    /// Rows start 64-byte aligned when `bytesPerRow` is, which suits cairo's SIMD paths.
    static let alignment = 64

    let bytes: UnsafeMutableRawPointer
    let byteCount: Int

    init(byteCount: Int) {
        self.byteCount = byteCount
        bytes = .allocate(byteCount: max(byteCount, 1), alignment: Self.alignment)
    }

    deinit {
        bytes.deallocate()
    }
}
