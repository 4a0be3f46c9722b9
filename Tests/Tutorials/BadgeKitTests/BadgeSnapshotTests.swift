@testable import BadgeKit
import Lamina
import LaminaTesting
import XCTest

final class BadgeSnapshotTests: LaminaTestCase {
    func testTheBadgeLooksAsItsReferenceDoes() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 120, height: 60), scale: 2)
            let badge = BadgeLayer()
            badge.frame = Rect(x: 30, y: 15, width: 60, height: 30)
            badge.count = 42
            window.layer.addSublayer(badge)

            let frame = try XCTUnwrap(window.snapshot())
            assertSnapshot(of: frame, as: .image(tolerance: .antialiasing))
        }
    }
}
