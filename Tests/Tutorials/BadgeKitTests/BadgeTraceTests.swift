@testable import BadgeKit
import Lamina
import LaminaTesting
import XCTest

final class BadgeTraceTests: LaminaTestCase {
    func testAChangeIsDrawnInTheNextCommitsDisplayPhaseOnTheMainThread() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 120, height: 60), scale: 2)
            let badge = BadgeLayer()
            badge.frame = Rect(x: 30, y: 15, width: 60, height: 30)
            window.layer.addSublayer(badge)
            XCTAssertTrue(EventLoop.main.runUntilIdle())

            let (_, trace) = recordingTrace {
                badge.count = 7
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertEqual(trace.count(.display), 1, trace.timeline)
            XCTAssertEqual(trace.threadNames(of: .display), ["main"])
            XCTAssertTrue(trace.occurs(inOrder: [.setNeedsDisplay, .commit, .displayPhase, .display, .deltaSent]),
                          trace.timeline)
        }
    }
}
