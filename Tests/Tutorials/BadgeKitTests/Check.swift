@testable import BadgeKit
import Lamina
import LaminaTesting
import TutorialSupport
import XCTest

/// The check of "Test a layer" not shown in it: the badge draws its count; its frame is the
/// tutorial's first picture.
final class BadgeCheck: LaminaTestCase {
    func testTheBadgeDrawsItsCount() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 120, height: 60), scale: 2)
            let badge = BadgeLayer()
            badge.frame = Rect(x: 30, y: 15, width: 60, height: 30)
            badge.count = 3
            window.layer.addSublayer(badge)
            let frame = try XCTUnwrap(window.snapshot())
            assertPixel(frame, atPoint: Point(x: 38, y: 30), equals: Color(red: 0.9, green: 0.2, blue: 0.2))
            XCTAssertNotNil(frame.boundingBox(ofPixelsWhere: { $0.red > 0.95 && $0.green > 0.95 }), "the white count")
            try TutorialSupport.writeFrame(frame, named: "tutorial-test-a-layer-1")
        }
    }
}
