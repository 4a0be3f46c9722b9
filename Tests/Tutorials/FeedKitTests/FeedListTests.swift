@testable import FeedKit
import Lamina
import LaminaTestServer
import LaminaTesting
import XCTest

final class FeedListTests: LaminaTestCase {
    /// Twenty pictures on a server on the loopback interface, and 200 posts that show them.
    static func posts(server: LoopbackHTTPServer) -> [Post] {
        (0..<200).map { row in
            Post(title: "Post \(row + 1): drawn off the main thread",
                 thumbnailURL: server.baseURL.appendingPathComponent("\(row % 20).png"),
                 author: "Ada", link: "lamina.dev/\(row + 1)")
        }
    }

    func testAScrolledFeedDrawsOffTheMainThreadAndShowsEveryRow() throws {
        var routes: [String: Route] = [:]
        for index in 0..<20 { routes["/\(index).png"] = .bytes(SyntheticImages.png(index: index)) }
        let server = try LoopbackHTTPServer(routes: routes)
        try onMainActor {
            let window = try makeWindow(size: Size(width: 360, height: 460), scale: 2)
            let feed = FeedList(posts: Self.posts(server: server), frame: window.bounds, loader: ImageLoader())
            window.addSubview(feed.list)

            // Scroll 2,400 points, 50 a frame, and record what the pipeline did.
            let (_, trace) = recordingTrace {
                for step in 1...48 {
                    feed.list.contentOffset = Point(x: 0, y: Double(step) * 50)
                    XCTAssertTrue(EventLoop.main.runUntilIdle())
                }
            }

            // Measure: every label was drawn on a display queue, none on the main thread.
            let renders = trace.count(.asyncRender)
            print("\(renders) renders on \(trace.threadNames(of: .asyncRender).sorted())")
            XCTAssertGreaterThan(renders, 48)
            XCTAssertTrue(trace.threadNames(of: .asyncRender).allSatisfy { $0.hasPrefix("display") })

            // Test: once the pictures arrive, every row in view shows its title and its picture.
            let deadline = ContinuousClock.now + .seconds(10)
            @MainActor func everyRowIsShown() -> Bool {
                feed.list.rowsInView.allSatisfy { row in
                    guard let cell = feed.list.visibleCells[row] as? FeedCell else { return false }
                    return cell.title.layer.contents != nil && cell.thumbnail.image != nil
                }
            }
            while !everyRowIsShown() && ContinuousClock.now < deadline {
                _ = EventLoop.main.runUntilIdle()
            }
            XCTAssertTrue(everyRowIsShown())
            XCTAssertEqual(feed.list.rowsInView, 25..<30)
            XCTAssertNotNil(window.snapshot())
        }
    }
}
