import Lamina
import LaminaTesting
import TutorialSupport
import XCTest

/// The check of "Build an async feed cell", step 1: the cell's title is drawn on a display queue
/// and shows; its frame is the step's picture.
final class TutorialFeedCell1Check: LaminaTestCase {
    func testTheTitleIsDrawnOffTheMainThread() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 360, height: 96), scale: 2)
            let cell = FeedCell()
            cell.frame = window.bounds
            window.addSubview(cell)
            let (_, trace) = recordingTrace {
                cell.configure(title: "Drawn on a display queue, committed on the main loop")
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertTrue(trace.threadNames(of: .asyncRender).allSatisfy { $0.hasPrefix("display") })
            XCTAssertEqual(trace.count(.asyncContentsCommitted), 1)
            let frame = try XCTUnwrap(window.snapshot())
            XCTAssertNotNil(frame.boundingBox(ofPixelsWhere: { $0.red < 0.3 && $0.alpha > 0.5 }), "dark text shows")
            try TutorialSupport.writeFrame(frame, named: "tutorial-feed-cell-1")
        }
    }
}
