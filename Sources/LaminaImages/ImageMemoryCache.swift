import Foundation
import LaminaGraphics

/// Decoded images in memory, least recently used evicted first once their pixel bytes pass
/// ``costLimit`` — YYMemoryCache and SDImageCache's memory side. An ``ImageLoader`` looks here
/// before anything else, so a hit costs no fetch, no disk read and no decode. Any thread.
///
/// Entries are keyed by URL *and* the size they were decoded at: a 64-pixel thumbnail and the
/// full image of the same URL are different entries.
public final class ImageMemoryCache: Sendable {
    /// An entry's key: the URL and the decoding options that made the image.
    ///
    /// A load looks its key up several times (the memory cache's recency list, the loads in
    /// flight), and hashing a `URL` hashes its string each time: the key hashes its URL once,
    /// when it is made or given a new URL, and compares those hashes before the URLs.
    public struct Key: Hashable, Sendable {
        /// The image's URL.
        public var url: URL {
            didSet { urlHash = url.hashValue }
        }
        /// How large it was decoded.
        public var sizing: ImageSizing
        /// Pixels per point of the image.
        public var scale: Double
        private var urlHash: Int

        /// Creates a key.
        public init(url: URL, sizing: ImageSizing = .original, scale: Double = 1) {
            self.url = url
            self.sizing = sizing
            self.scale = scale
            urlHash = url.hashValue
        }

        public static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.urlHash == rhs.urlHash && lhs.sizing == rhs.sizing && lhs.scale == rhs.scale && lhs.url == rhs.url
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(urlHash)
            hasher.combine(sizing)
            hasher.combine(scale)
        }
    }

    private let storage: CostLimitedCache<Key, Image>

    /// A cache holding at most `costLimit` bytes of decoded pixels (64 MiB by default).
    public init(costLimit: Int = 64 << 20) {
        storage = CostLimitedCache(costLimit: costLimit)
    }

    /// The most pixel bytes kept.
    public var costLimit: Int { storage.costLimit }
    /// The pixel bytes held now.
    public var totalCost: Int { storage.totalCost }
    /// How many images are held.
    public var count: Int { storage.count }

    /// The image for `key`, which becomes the most recently used; nil when absent.
    public func image(for key: Key) -> Image? {
        storage.value(for: key)
    }

    /// Keeps `image` for `key`, costing its pixel bytes (width × height × 4), evicting the least
    /// recently used images past the limit. An image larger than the whole limit is not kept.
    public func insert(_ image: Image, for key: Key) {
        storage.insert(image, for: key, cost: Self.cost(of: image))
    }

    /// Forgets the image for `key`.
    public func removeImage(for key: Key) {
        storage.removeValue(for: key)
    }

    /// Forgets every image.
    public func removeAll() {
        storage.removeAll()
    }

    /// What an image costs: its decoded bytes.
    public static func cost(of image: Image) -> Int {
        image.width.multipliedReportingOverflow(by: image.height).partialValue.multipliedReportingOverflow(by: 4).partialValue
    }
}
