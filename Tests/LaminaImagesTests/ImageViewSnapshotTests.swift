import LaminaGraphics
import LaminaLayers
import LaminaTesting
import LaminaUI
import XCTest

/// Every content mode, through a real window (commit, render server, compositor), at scale 1
/// and 2, compared with the committed PNGs in `__Snapshots__/ImageViewSnapshotTests/` (±2 steps
/// per channel). The picture is 24 × 16 points of four coloured quadrants in a 40 × 30 view with
/// a grey background, so stretching, fitting, filling and each edge and corner show.
final class ImageViewSnapshotTests: LaminaTestCase {
    func testEveryContentModeAtScaleOneAndTwo() throws {
        try onMainActor {
            for scale in [1.0, 2.0] {
                let window = try makeWindow(size: Size(width: 60, height: 50), scale: scale)
                let view = ImageView(frame: Rect(x: 10, y: 10, width: 40, height: 30))
                view.backgroundColor = Color(white: 0.8)
                view.image = try ImageViewTests.picture(pixelWidth: Int(24 * scale), pixelHeight: Int(16 * scale),
                                                        scale: scale)
                window.addSubview(view)
                for mode in ContentMode.allCases {
                    view.contentMode = mode
                    let frame = try XCTUnwrap(window.snapshot())
                    assertSnapshot(of: frame, as: .image(tolerance: .antialiasing),
                                   named: "\(mode)-scale-\(Int(scale))")
                }
            }
        }
    }

    func testAnImageAtTwiceTheWindowsScaleShowsAtItsPointSize() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 40, height: 40), scale: 1)
            // 24 × 16 pixels at scale 2: 12 × 8 points, placed at natural size in the top-left corner.
            let view = ImageView(frame: Rect(x: 0, y: 0, width: 40, height: 40))
            view.image = try ImageViewTests.picture(pixelWidth: 24, pixelHeight: 16, scale: 2)
            view.contentMode = .topLeft
            window.addSubview(view)
            let frame = try XCTUnwrap(window.snapshot())
            XCTAssertTrue(frame.pixel(x: 2, y: 2).isApproximatelyEqual(to: .red, tolerance: 0.05))
            XCTAssertTrue(frame.pixel(x: 9, y: 6).isApproximatelyEqual(to: .yellow, tolerance: 0.05))
            XCTAssertTrue(frame.pixel(x: 14, y: 10).isApproximatelyEqual(to: .white, tolerance: 0.05))
        }
    }
}
