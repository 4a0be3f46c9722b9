extension Image {
    /// Whether both are views of one bitmap: the same pixel memory, at the same place, with the
    /// same dimensions and scale. Constant time, where `==` reads the pixels; what code that
    /// hands bitmaps around (contents replaced by contents) wants to know.
    public func isIdentical(to other: Image) -> Bool {
        storage === other.storage && byteOffset == other.byteOffset && width == other.width
            && height == other.height && scale == other.scale && bytesPerRow == other.bytesPerRow
    }

    /// Equal dimensions, scale, format and pixels. RGB24's unused byte is ignored, and so is
    /// row padding.
    public static func == (lhs: Image, rhs: Image) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.scale == rhs.scale,
              lhs.format == rhs.format else { return false }
        if lhs.storage === rhs.storage, lhs.byteOffset == rhs.byteOffset { return true }
        for y in 0..<lhs.height where !lhs.row(y).elementsEqual(rhs.row(y)) {
            return false
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(scale)
        hasher.combine(format)
        // One row in the middle tells most differing images apart without reading them whole.
        for pixel in row(height / 2) { hasher.combine(pixel) }
    }

    /// The pixels of row `y`, with RGB24's unused byte masked off.
    private func row(_ y: Int) -> LazyMapSequence<Range<Int>, UInt32> {
        let mask: UInt32 = format == .rgb24 ? 0x00FF_FFFF : 0xFFFF_FFFF
        let start = storage.bytes + byteOffset + y * bytesPerRow
        return (0..<width).lazy.map { start.loadUnaligned(fromByteOffset: $0 * 4, as: UInt32.self) & mask }
    }
}
