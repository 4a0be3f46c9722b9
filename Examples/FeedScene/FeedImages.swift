import Dispatch
import Foundation
import Lamina
import LaminaTestServer

/// Where the feed's pictures come from: the image server's URLs for the async modes (fetched and
/// decoded off the main thread by an ``ImageLoader``), and the same PNG bytes in memory for the
/// synchronous mode, which decodes them on the main thread when a cell is given its row — the
/// `kAsyncDraw` switch of the article Docs chapter 08 names. (The synchronous mode is spared the
/// network: its bytes are already here, so its main-thread time is decoding and drawing only.)
public final class FeedImages: Sendable {
    /// The server's base URL; pictures are at `/images/N.png`.
    public let baseURL: URL
    /// The side of every picture, in pixels.
    public let pixelSize: Int
    private let encoded: [Data]

    /// The pictures of a server at `baseURL` serving ``FeedPost/imageCount`` synthetic pictures of
    /// `pixelSize` pixels (`lamina-test-server --synthetic N --pixel-size P`); their bytes are made
    /// here too, on all cores, for the synchronous mode.
    public init(baseURL: URL, pixelSize: Int) {
        self.baseURL = baseURL
        self.pixelSize = pixelSize
        let count = FeedPost.imageCount
        encoded = [Data](unsafeUninitializedCapacity: count) { slots, initialized in
            // Each iteration initializes its own slot: no two threads touch the same element.
            nonisolated(unsafe) let base = slots.baseAddress!
            DispatchQueue.concurrentPerform(iterations: count) { index in
                (base + index).initialize(to: SyntheticImages.png(index: index, pixelSize: pixelSize))
            }
            initialized = count
        }
    }

    /// Picture `index`'s URL.
    public func url(of index: Int) -> URL {
        baseURL.appendingPathComponent("images/\(index).png")
    }

    /// Picture `index` decoded now, on the calling thread, at the pixel size `sizing` asks for —
    /// what the synchronous mode does on the main thread. Nil for an index the server does not have.
    public func decodeNow(_ index: Int, sizing: ImageSizing, scale: Double) -> Image? {
        guard encoded.indices.contains(index) else { return nil }
        let data = encoded[index]
        guard let header = try? ImageDecoder.header(of: data) else { return nil }
        let maximum = sizing.maximumPixelSize(forImageWidth: header.width, height: header.height)
        return try? ImageDecoder.decode(data, maximumPixelSize: maximum, scale: scale)
    }
}
