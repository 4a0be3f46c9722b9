import Foundation
import LaminaGraphics
@testable import LaminaLayers
import LaminaLoop
import LaminaTrace
import XCTest

private let rootFrame = Rect(x: 0, y: 0, width: 40, height: 30)

/// A server for a 40×30 point framebuffer at 2×, presenting to a headless presenter.
private func makeServer(frameInterval: Duration = .milliseconds(16)) throws -> (RenderServer, HeadlessPresenter) {
    let presenter = HeadlessPresenter()
    let server = try RenderServer(size: rootFrame.size, scale: 2, presenter: presenter, frameInterval: frameInterval)
    return (server, presenter)
}

/// Commit 1: a white root holding a red 10×10 layer (#2) at (5, 5).
private var firstDelta: RenderTreeDelta {
    RenderTreeDelta(commitID: 1, root: L(1), updated: [
        L(1): .layer(rootFrame, background: .white, sublayers: [L(2)]),
        L(2): .layer(Rect(x: 5, y: 5, width: 10, height: 10), background: .red),
    ])
}

/// A commit moving #2 to `x`.
private func moved(_ commit: UInt64, x: Double) -> RenderTreeDelta {
    RenderTreeDelta(commitID: commit, updated: [L(2): .layer(Rect(x: x, y: 5, width: 10, height: 10), background: .red)])
}

/// The render server end to end, on the main thread (it runs `EventLoop.main` to wait).
/// XCTest on Linux runs every test method on the main thread but cannot call `@MainActor`
/// methods, so each test body enters the main actor with `MainActor.assumeIsolated`.
final class RenderServerTests: XCTestCase {
    func testASubmittedDeltaIsPresentedWhileWaitingRunsTheMainLoop() throws {
        try MainActor.assumeIsolated {
            let (server, presenter) = try makeServer()
            defer { server.shutdown() }
            server.submit(firstDelta)
            XCTAssertTrue(server.waitForPresentation(ofCommit: 1))
            let frame = try XCTUnwrap(presenter.lastFrame)
            XCTAssertEqual(frame.id, 1)
            XCTAssertEqual(frame.commits, [1])
            XCTAssertEqual(frame.damage, [Rect(x: 0, y: 0, width: 80, height: 60)])
            XCTAssertEqual(frame.image.pixel(x: 12, y: 12), .red)
            XCTAssertEqual(frame.image.pixel(x: 40, y: 40), .white)
            XCTAssertEqual(server.lastPresentedFrameID, 1)
            XCTAssertEqual(server.lastPresentedCommitID, 1)
            XCTAssertEqual(EventLoop.main.outstandingWork, 0)
        }
    }

    func testALaterFrameReportsOnlyItsDamage() throws {
        try MainActor.assumeIsolated {
            let (server, presenter) = try makeServer()
            defer { server.shutdown() }
            server.submit(firstDelta)
            server.waitForPresentation(ofCommit: 1)
            server.submit(moved(2, x: 25))
            XCTAssertTrue(server.waitForPresentation(ofCommit: 2))
            let frame = try XCTUnwrap(presenter.lastFrame)
            XCTAssertEqual(frame.damage, [Rect(x: 10, y: 10, width: 20, height: 20), Rect(x: 50, y: 10, width: 20, height: 20)])
            XCTAssertEqual(frame.image.pixel(x: 12, y: 12), .white)
            XCTAssertEqual(frame.image.pixel(x: 52, y: 12), .red)
        }
    }

    func testDeltasSubmittedWithinOneFrameIntervalShareOneFrame() throws {
        try MainActor.assumeIsolated {
            let (server, presenter) = try makeServer(frameInterval: .milliseconds(300))
            defer { server.shutdown() }
            server.submit(firstDelta)
            server.waitForPresentation(ofCommit: 1)
            // Frame 1 was just made at its tick, so these wait for the next tick, together.
            server.submit(moved(2, x: 10))
            server.submit(moved(3, x: 15))
            server.submit(moved(4, x: 20))
            XCTAssertTrue(server.waitForPresentation(ofCommit: 4))
            XCTAssertEqual(presenter.frameCount, 2)
            XCTAssertEqual(presenter.lastFrame?.id, 2)
            XCTAssertEqual(presenter.lastFrame?.commits, [2, 3, 4])
            XCTAssertEqual(EventLoop.main.outstandingWork, 0)
        }
    }

    func testPresentationBlocksRunOnTheMainLoopAfterTheFrameAndAtOnceWhenAlreadyPresented() throws {
        try MainActor.assumeIsolated {
            let (server, presenter) = try makeServer()
            defer { server.shutdown() }
            var log: [String] = []
            server.onPresentation(ofCommit: 1) {
                log.append("presented after \(presenter.frameCount) frame(s), main thread: \(Thread.isMainThread)")
            }
            server.submit(firstDelta)
            XCTAssertEqual(log, [], "the block waits for the main loop")
            server.waitForPresentation(ofCommit: 1)
            XCTAssertEqual(log, ["presented after 1 frame(s), main thread: true"])
            server.onPresentation(ofCommit: 1) { log.append("again") }
            XCTAssertEqual(log.last, "again")
        }
    }

    func testWaitingEndsWithTheIterationThatRecordsAFrameAlreadyPresented() throws {
        try MainActor.assumeIsolated {
            // Unpaced, so the frame is made without the main loop's tick.
            let (server, presenter) = try makeServer(frameInterval: .zero)
            defer { server.shutdown() }
            server.submit(firstDelta)
            // The frame is presented but not yet recorded: its record waits on the main loop.
            while presenter.frameCount == 0 { sched_yield() }
            let start = EventLoop.Instant.monotonicNow
            XCTAssertTrue(server.waitForPresentation(ofCommit: 1, timeout: .seconds(5)))
            XCTAssertLessThan(start.duration(to: EventLoop.Instant.monotonicNow), .seconds(1))
        }
    }

    func testWaitingForACommitNeverSubmittedTimesOut() throws {
        try MainActor.assumeIsolated {
            let (server, _) = try makeServer()
            defer { server.shutdown() }
            XCTAssertFalse(server.waitForPresentation(ofCommit: 7, timeout: .milliseconds(20)))
        }
    }

    func testTheRenderTreeOnTheRenderThreadEqualsTheStatesSent() throws {
        try MainActor.assumeIsolated {
            let (server, _) = try makeServer()
            defer { server.shutdown() }
            server.submit(firstDelta)
            server.submit(moved(2, x: 20))
            server.waitForPresentation(ofCommit: 2)
            var expected = firstDelta.updated
            expected[L(2)] = moved(2, x: 20).updated[L(2)]
            XCTAssertEqual(server.renderTreeStates(), expected)
            XCTAssertEqual(server.renderTreeRoot(), L(1))
        }
    }

    func testACommitThatChangesNothingIsStillPresentedWithoutDamage() throws {
        try MainActor.assumeIsolated {
            let (server, presenter) = try makeServer()
            defer { server.shutdown() }
            server.submit(firstDelta)
            server.waitForPresentation(ofCommit: 1)
            server.submit(RenderTreeDelta(commitID: 2, updated: [:]))
            XCTAssertTrue(server.waitForPresentation(ofCommit: 2))
            XCTAssertEqual(presenter.lastFrame?.damage, [])
            XCTAssertEqual(presenter.lastFrame?.commits, [2])
        }
    }

    func testRenderEventsAreTracedOnTheRenderThread() throws {
        try MainActor.assumeIsolated {
            let (server, _) = try makeServer()
            defer { server.shutdown() }
            let recorder = TraceRecorder()
            Trace.start(into: recorder)
            server.submit(firstDelta)
            server.waitForPresentation(ofCommit: 1)
            _ = Trace.stop()
            let render = recorder.events.filter { $0.category == .render && $0.phase == .begin }
            XCTAssertEqual(render.map(\.name), ["apply", "composite", "present"])
            XCTAssertTrue(render.allSatisfy { $0.threadName == "render server" && $0.threadID != getpid() })
            XCTAssertEqual(render.last?.arguments["frame"], "1")
            XCTAssertEqual(render.last?.arguments["commits"], "1")
            XCTAssertEqual(render.last?.arguments["damage"], "(0, 0, 80×60)")
            let submit = recorder.events.first { $0.name == "submit" }
            XCTAssertEqual(submit?.threadID, getpid())
        }
    }

    func testAfterShutdownDeltasAreDroppedAndOweNothingToTheMainLoop() throws {
        try MainActor.assumeIsolated {
            let (server, presenter) = try makeServer()
            defer { server.shutdown() }
            server.shutdown()
            server.submit(firstDelta)
            XCTAssertEqual(EventLoop.main.outstandingWork, 0)
            XCTAssertFalse(server.waitForPresentation(ofCommit: 1, timeout: .milliseconds(20)))
            XCTAssertEqual(presenter.frameCount, 0)
            XCTAssertEqual(server.renderTreeStates(), [:])
            server.shutdown()
        }
    }

    func testAServerReleasedWithoutShutdownStopsItsThread() throws {
        try MainActor.assumeIsolated {
            weak var released: RenderServer?
            do {
                let server = try RenderServer(size: rootFrame.size, scale: 1, presenter: HeadlessPresenter())
                released = server
                server.submit(firstDelta)
                server.waitForPresentation(ofCommit: 1)
            }
            XCTAssertNil(released)
        }
    }

    func testAnImpossibleFramebufferSizeThrows() throws {
        try MainActor.assumeIsolated {
            XCTAssertThrowsError(try RenderServer(size: Size(width: .nan, height: 10), scale: 1, presenter: HeadlessPresenter()))
            XCTAssertThrowsError(try RenderServer(size: Size(width: 10, height: 10), scale: 0, presenter: HeadlessPresenter()))
        }
    }

    func testTheHeadlessPresenterWritesTheLastFrameAsAPNG() throws {
        try MainActor.assumeIsolated {
            let (server, presenter) = try makeServer()
            defer { server.shutdown() }
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-render-\(getpid()).png").path
            XCTAssertThrowsError(try presenter.writePNG(toPath: path)) { error in
                XCTAssertEqual(error as? HeadlessPresenter.WriteError, .noFramePresented)
            }
            server.submit(firstDelta)
            server.waitForPresentation(ofCommit: 1)
            try presenter.writePNG(toPath: path)
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try? FileManager.default.removeItem(atPath: path)
            XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        }
    }
}
