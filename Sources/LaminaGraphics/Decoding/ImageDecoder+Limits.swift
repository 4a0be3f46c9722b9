extension ImageDecoder {
    /// The largest image ``ImageDecoder`` will decode, checked against the size the header
    /// declares before libpng or libjpeg allocate anything.
    public struct Limits: Sendable, Hashable, CustomStringConvertible {
        /// The widest or tallest image, in pixels.
        public var maximumDimension: Int
        /// The most pixels in all (4 bytes each once decoded).
        public var maximumPixelCount: Int

        /// Creates limits.
        public init(maximumDimension: Int = 16384, maximumPixelCount: Int = 64 << 20) {
            self.maximumDimension = maximumDimension
            self.maximumPixelCount = maximumPixelCount
        }

        /// 16384 pixels a side and 64 Mpx (256 MiB decoded): the backing-store cap of a layer.
        public static let `default` = Limits()

        /// Whether an image of `width` × `height` fits.
        public func allow(width: Int, height: Int) -> Bool {
            width <= maximumDimension && height <= maximumDimension
                && width.multipliedReportingOverflow(by: height).partialValue <= maximumPixelCount
        }

        public var description: String {
            "\(maximumDimension) px a side, \(maximumPixelCount) pixels"
        }
    }
}
