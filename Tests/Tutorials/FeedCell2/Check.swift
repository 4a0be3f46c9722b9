import Lamina
import LaminaTesting
import TutorialSupport
import XCTest

/// The check of "Build an async feed cell", step 2: the thumbnail loads from a server and shows
/// beside the title; a reused cell drops the last row's picture at once.
final class TutorialFeedCell2Check: LaminaTestCase {
    func testTheThumbnailLoadsAndAReusedCellForgetsIt() throws {
        let server = try TutorialSupport.imageServer()
        try onMainActor {
            let window = try makeWindow(size: Size(width: 360, height: 96), scale: 2)
            let cell = FeedCell()
            cell.thumbnail.loader = ImageLoader()
            cell.frame = window.bounds
            window.addSubview(cell)
            cell.configure(title: "A thumbnail loaded, decoded and scaled off the main thread",
                           thumbnailURL: server.baseURL.appendingPathComponent("3.png"))
            XCTAssertTrue(TutorialSupport.runLoop(until: { cell.thumbnail.image != nil }))
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let frame = try XCTUnwrap(window.snapshot())
            let thumbnail = try XCTUnwrap(frame.boundingBox(ofPixelsWhere: { abs($0.red - $0.green) > 0.1 || abs($0.green - $0.blue) > 0.1 }),
                                          "the picture's colours show")
            XCTAssertGreaterThan(Double(thumbnail.minX), 360 * 2 * 0.7, "on the right")
            try TutorialSupport.writeFrame(frame, named: "tutorial-feed-cell-2")
            cell.prepareForReuse()
            XCTAssertNil(cell.thumbnail.image)
        }
    }
}
