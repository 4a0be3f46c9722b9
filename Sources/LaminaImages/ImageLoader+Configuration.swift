import LaminaGraphics

extension ImageLoader {
    /// How an ``ImageLoader`` fetches and decodes.
    public struct Configuration: Sendable {
        /// The most fetches in flight at once (6, as browsers allow per host); more wait, the
        /// most recently requested first. Values below 1 mean 1; negative byte counts and
        /// redirects mean 0, a negative timeout 0 (every load times out).
        public var maximumConcurrentFetches = 6
        /// The deadline of one whole fetch, from its start to the last body byte (30 s). A server
        /// that trickles its body is cut off here however steadily it sends.
        public var timeout: Duration = .seconds(30)
        /// The most body bytes accepted, counted after decompression while the body streams in
        /// (32 MiB). Files read from `file://` URLs have the same bound.
        public var maximumBodyBytes = 32 << 20
        /// The most redirects followed (5); a redirect loop fails at once.
        public var maximumRedirects = 5
        /// The largest image decoded, checked from its header before any pixel is allocated.
        public var decodingLimits = ImageDecoder.Limits.default
        /// Bytes of fetched-but-undecoded images kept in memory (prefetches for views near the
        /// visible area): 16 MiB.
        public var encodedCacheCostLimit = 16 << 20

        /// The defaults.
        public init() {}

        /// The configuration with values that cannot work replaced: at least one fetch at a
        /// time, no negative byte counts or redirects, a deadline of at least zero.
        var normalized: Configuration {
            var result = self
            result.maximumConcurrentFetches = max(1, maximumConcurrentFetches)
            result.maximumBodyBytes = max(0, maximumBodyBytes)
            result.maximumRedirects = max(0, maximumRedirects)
            result.encodedCacheCostLimit = max(0, encodedCacheCostLimit)
            if result.timeout < .zero { result.timeout = .zero }
            return result
        }
    }
}
