import LaminaGraphics
import LaminaLayers
import LaminaTesting
import LaminaUI
import XCTest

/// ImageView: contents set, never drawn; content mode as gravity; size in points; the image's
/// scale kept on the layer.
final class ImageViewTests: LaminaTestCase {
    static func picture(pixelWidth: Int = 24, pixelHeight: Int = 16, scale: Double = 1) throws -> Image {
        try GraphicsContext.makeImage(width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale,
                                      scale: scale) { context in
            let (w, h) = (context.size.width / 2, context.size.height / 2)
            for (index, color) in [Color.red, .green, .blue, .yellow].enumerated() {
                context.fillColor = color
                context.fill(Rect(x: Double(index % 2) * w, y: Double(index / 2) * h, width: w, height: h))
            }
        }
    }

    func testTheImageBecomesTheLayersContentsAndNothingIsDrawn() throws {
        try onMainActor {
            let image = try Self.picture()
            let view = ImageView(image: image)
            XCTAssertFalse(view.drawsContent)
            XCTAssertTrue(view.layer.contents?.isIdentical(to: image) == true)
            XCTAssertFalse(view.layer.needsDisplay)
            view.image = nil
            XCTAssertNil(view.layer.contents)
        }
    }

    func testEveryContentModeMapsOntoItsGravity() throws {
        onMainActor {
            let view = ImageView(frame: Rect(x: 0, y: 0, width: 10, height: 10))
            XCTAssertEqual(view.layer.contentsGravity, .resize)
            let expected: [ContentMode: ContentsGravity] = [
                .scaleToFill: .resize, .scaleAspectFit: .resizeAspect, .scaleAspectFill: .resizeAspectFill,
                .center: .center, .top: .top, .bottom: .bottom, .left: .left, .right: .right,
                .topLeft: .topLeft, .topRight: .topRight, .bottomLeft: .bottomLeft, .bottomRight: .bottomRight,
            ]
            XCTAssertEqual(expected.count, ContentMode.allCases.count)
            for mode in ContentMode.allCases {
                view.contentMode = mode
                XCTAssertEqual(view.layer.contentsGravity, expected[mode], "\(mode)")
            }
        }
    }

    func testSizeThatFitsIsTheImageSizeInPoints() throws {
        try onMainActor {
            let view = ImageView(image: try Self.picture(pixelWidth: 40, pixelHeight: 20, scale: 2))
            XCTAssertEqual(view.frame.size, Size(width: 20, height: 10))
            XCTAssertEqual(view.sizeThatFits(Size(width: 500, height: 500)), Size(width: 20, height: 10))
            view.frame = Rect(x: 0, y: 0, width: 3, height: 3)
            view.sizeToFit()
            XCTAssertEqual(view.frame.size, Size(width: 20, height: 10))
            let empty = ImageView(frame: Rect(x: 0, y: 0, width: 7, height: 9))
            XCTAssertEqual(empty.sizeThatFits(.zero), Size(width: 7, height: 9))
        }
    }

    func testTheLayerKeepsTheImagesScaleAfterJoiningAWindow() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 200, height: 200), scale: 2)
            let view = ImageView(image: try Self.picture(scale: 1))
            XCTAssertEqual(view.layer.contentsScale, 1)
            window.addSubview(view)
            XCTAssertEqual(view.layer.contentsScale, 1, "the window's scale was replaced by the image's")
            view.image = try Self.picture(pixelWidth: 48, pixelHeight: 32, scale: 3)
            XCTAssertEqual(view.layer.contentsScale, 3)
            view.removeFromSuperview()
            let other = try makeWindow(size: Size(width: 200, height: 200), scale: 1)
            other.addSubview(view)
            XCTAssertEqual(view.layer.contentsScale, 3)
            // A view with no image takes the window's scale like any other.
            let empty = ImageView(frame: Rect(x: 0, y: 0, width: 5, height: 5))
            window.addSubview(empty)
            XCTAssertEqual(empty.layer.contentsScale, 2)
        }
    }
}
