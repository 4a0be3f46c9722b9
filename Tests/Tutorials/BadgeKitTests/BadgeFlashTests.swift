@testable import BadgeKit
import Lamina
import LaminaTesting
import XCTest

final class BadgeFlashTests: LaminaTestCase {
    func testAFlashHidesTheBadgeTwoSecondsLaterOnAVirtualClock() {
        onMainActor {
            // A layer on its own, in no window: only the loop and its clock are involved.
            let badge = BadgeLayer()
            badge.frame = Rect(x: 0, y: 0, width: 60, height: 30)

            EventLoop.main.withVirtualClock { _ in
                badge.flash(5, for: .seconds(2))
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(1_999)))
                XCTAssertFalse(badge.isHidden, "not yet")
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(1)))
                XCTAssertTrue(badge.isHidden, "two seconds on the virtual clock, none on the wall clock")

                badge.flash(6, for: .seconds(2))
                XCTAssertTrue(EventLoop.main.advance(by: .seconds(1)))
                badge.flash(7, for: .seconds(2))
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(1_500)))
                XCTAssertFalse(badge.isHidden, "the second flash started the wait again")
                XCTAssertTrue(EventLoop.main.advance(by: .milliseconds(500)))
                XCTAssertTrue(badge.isHidden)
            }
        }
    }
}
