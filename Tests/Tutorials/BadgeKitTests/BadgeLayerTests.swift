@testable import BadgeKit
import Lamina
import LaminaTesting
import XCTest

final class BadgeLayerTests: LaminaTestCase {
    func testABadgeDrawsOnceAtTheNextCommitHoweverOftenItChanges() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 120, height: 60), scale: 2)
            let badge = BadgeLayer()
            badge.frame = Rect(x: 30, y: 15, width: 60, height: 30)
            window.layer.addSublayer(badge)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(badge.drawCount, 0, "a layer draws only once something marks it")

            badge.count = 1
            badge.count = 2
            badge.count = 3
            XCTAssertEqual(badge.drawCount, 0, "a change only marks the layer")
            EventLoop.main.runOneIteration()
            XCTAssertEqual(badge.drawCount, 1, "one turn of the loop: one commit, one draw for three changes")

            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(badge.drawCount, 1, "nothing marked it since: it does not draw again")
        }
    }
}
