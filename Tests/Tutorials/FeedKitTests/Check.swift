@testable import FeedKit
import Lamina
import LaminaTesting
import TutorialSupport
import Foundation
import XCTest

/// The checks of "Build an async feed cell" not shown in it: the package manifest it starts
/// with is one SwiftPM reads; the link highlights while pressed and reports its tap; the list
/// shows its rows, then scrolled rows. The frames are the steps' pictures.
final class FeedKitCheck: LaminaTestCase {
    func testTheLinkHighlightsWhilePressedAndReportsItsTap() throws {
        let server = try TutorialSupport.imageServer()
        try onMainActor {
            let window = try makeWindow(size: Size(width: 360, height: 96), scale: 2)
            let cell = FeedCell()
            cell.thumbnail.loader = ImageLoader()
            cell.frame = window.bounds
            window.addSubview(cell)
            var taps: [String] = []
            cell.onLinkTap = { taps.append($0) }
            cell.configure(title: "A link in the byline, highlighted while it is pressed",
                           thumbnailURL: server.baseURL.appendingPathComponent("7.png"), author: "Ada", link: "lamina.dev")
            XCTAssertTrue(TutorialSupport.runLoop(until: { cell.thumbnail.image != nil }))
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let layout = try XCTUnwrap(cell.byline.textLayout)
            let linkRect = try XCTUnwrap(layout.rects(for: 7..<8).first)
            let point = Point(x: cell.byline.frame.minX + linkRect.midX, y: cell.byline.frame.minY + linkRect.midY)
            window.send(PointerEvent(phase: .down, location: point))
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            let pressed = try XCTUnwrap(window.snapshot())
            try TutorialSupport.writeFrame(pressed, named: "tutorial-feed-cell-3")
            window.send(PointerEvent(phase: .up, location: point))
            XCTAssertEqual(taps, ["lamina.dev"])
        }
    }

    func testTheListShowsItsRowsAndScrolls() throws {
        let server = try TutorialSupport.imageServer()
        try onMainActor {
            let window = try makeWindow(size: Size(width: 360, height: 460), scale: 2)
            let feed = FeedList(posts: FeedListTests.posts(server: server), frame: window.bounds, loader: ImageLoader())
            window.addSubview(feed.list)
            @MainActor func everyRowIsShown() -> Bool {
                feed.list.rowsInView.allSatisfy { (feed.list.visibleCells[$0] as? FeedCell)?.thumbnail.image != nil }
            }
            XCTAssertTrue(TutorialSupport.runLoop(until: everyRowIsShown))
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(feed.list.rowsInView, 0..<5)
            try TutorialSupport.writeFrame(try XCTUnwrap(window.snapshot()), named: "tutorial-feed-cell-4")

            feed.list.contentOffset = Point(x: 0, y: 2_400 + 40)
            XCTAssertTrue(TutorialSupport.runLoop(until: everyRowIsShown))
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(feed.list.rowsInView, 25..<31)
            try TutorialSupport.writeFrame(try XCTUnwrap(window.snapshot()), named: "tutorial-feed-cell-5")
        }
    }

    /// `swift package dump-package` on the tutorial's manifest (FeedKit-Package.swift, beside
    /// this folder) in a package laid out as the tutorial says, with this repository as the
    /// Lamina beside it.
    func testThePackageManifestIsOneSwiftPMReads() throws {
        let tutorials = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("feedkit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let package = root.appendingPathComponent("FeedKit")
        for folder in ["Sources/FeedKit", "Tests/FeedKitTests"] {
            try FileManager.default.createDirectory(at: package.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: tutorials.appendingPathComponent("FeedKit-Package.swift"),
                                         to: package.appendingPathComponent("Package.swift"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Lamina"),
                                                   withDestinationURL: tutorials.deletingLastPathComponent().deletingLastPathComponent())
        let swift = Process()
        swift.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swift.arguments = ["swift", "package", "dump-package"]
        swift.currentDirectoryURL = package
        let output = Pipe()
        swift.standardOutput = output
        try swift.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        swift.waitUntilExit()
        XCTAssertEqual(swift.terminationStatus, 0)
        let manifest = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let targets = try XCTUnwrap(manifest["targets"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        XCTAssertEqual(targets, ["FeedKit", "FeedKitTests"])
    }
}
