@testable import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// Bitmaps given up on the main thread are freed by the release thread, by construction: the main
/// loop hands them over only after the code that gave them up has returned.
final class ReleaseQueueTests: XCTestCase {
    func test_aBitmapGivenUpOnTheMainThreadOutlivesItsLastLocalAndIsFreedByTheReleaseThread() throws {
        try onMainActor {
            let pool = DisplayQueuePool(queueCount: 1, name: "release test")
            releaseAndDrain(try bitmap(), pool)  // the release thread is up and idle
            weak var pixels: PixelStorage?
            do {
                let image = try bitmap()
                pixels = image.storage
                XCTAssertTrue(pool.release(image))
                // The caller still holds `image` while the release thread has every chance to
                // drop a copy of its own: handed over at once, the pixels would die right here.
                pool.releasesDrain(within: .milliseconds(200))
            }
            XCTAssertNotNil(pixels, "the main thread's last reference is gone, the batch still holds the pixels")
            XCTAssertEqual(pool.releasePendingBytes, 256 * 256 * 4)
            XCTAssertTrue(EventLoop.main.runUntilIdle(), "the batch is handed over by a performed block")
            pool.releasesDrain()
            XCTAssertEqual(pool.releasePendingBytes, 0)
            XCTAssertNil(pixels, "freed by the release thread")
        }
    }
}

/// A 256×256 opaque bitmap.
private func bitmap() throws -> Image {
    try GraphicsContext.makeImage(width: 256, height: 256, scale: 1, opaque: true) { _ in }
}

/// Gives `image` to `pool`'s release queue and waits until it is dropped.
@MainActor
private func releaseAndDrain(_ image: Image, _ pool: DisplayQueuePool) {
    XCTAssertTrue(pool.release(image))
    XCTAssertTrue(EventLoop.main.runUntilIdle())
    pool.releasesDrain()
}
