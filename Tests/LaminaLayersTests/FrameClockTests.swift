import LaminaGraphics
@testable import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaTesting
import Testing
import XCTest

private typealias Instant = EventLoop.Instant

private func at(_ nanoseconds: Int64) -> Instant { Instant(nanoseconds: nanoseconds) }

@Suite struct FrameClockGridTests {
    let clock = FrameClock(interval: FrameClock.sixtyHertz, origin: at(1_000))

    @Test func theTickAfterAnInstantIsTheFirstStrictlyLater() {
        #expect(clock.tick(after: at(1_000)) == FrameTick(index: 1, time: at(16_667_667)))
        #expect(clock.tick(after: at(1_001)).index == 1)
        #expect(clock.tick(after: at(16_667_666)).index == 1)
        #expect(clock.tick(after: at(16_667_667)) == FrameTick(index: 2, time: at(33_334_334)))
        #expect(clock.tick(atOrBefore: at(16_667_667)).index == 1)
        #expect(clock.tick(atOrBefore: at(16_667_666)).index == 0)
    }

    @Test func ticksBeforeTheOriginFollowTheSameGrid() {
        #expect(clock.tick(after: at(999)).index == 0)
        #expect(clock.tick(after: at(1_000 - 16_666_667)).index == 0)
        #expect(clock.tick(after: at(1_000 - 16_666_668)).index == -1)
        #expect(clock.tick(-2).time == at(1_000 - 33_333_334))
    }

    @Test func intervalsAreClampedAndHugeIndicesSaturate() {
        let tiny = FrameClock(interval: .zero, origin: at(0))
        #expect(tiny.interval == .nanoseconds(1))
        #expect(tiny.tick(after: at(5)).index == 6)
        #expect(clock.tick(.max).time == .distantFuture)
        #expect(FrameClock(interval: FrameClock.oneHundredTwentyHertz, origin: at(0)).ticksPerSecond.rounded() == 120)
        #expect(clock.description == "FrameClock(60 Hz from \(at(1_000)))")
    }
}

/// A 40×30 point server whose root is white and holds a red square, paced by a frame clock.
@MainActor
private final class PacedServer {
    let presenter = HeadlessPresenter()
    let server: RenderServer
    private var commit: UInt64 = 0

    init(interval: Duration = FrameClock.sixtyHertz) throws {
        server = try RenderServer(size: Size(width: 40, height: 30), scale: 1, presenter: presenter, frameInterval: interval)
    }

    /// Submits the next commit (the first sends the tree, later ones move the square).
    @discardableResult
    func submit() -> UInt64 {
        commit += 1
        let square = L(2)
        let frame = Rect(x: Double(commit), y: 5, width: 10, height: 10)
        if commit == 1 {
            server.submit(RenderTreeDelta(commitID: 1, root: L(1), updated: [
                L(1): .layer(Rect(x: 0, y: 0, width: 40, height: 30), background: .white, sublayers: [square]),
                square: .layer(frame, background: .red),
            ]))
        } else {
            server.submit(RenderTreeDelta(commitID: commit, updated: [square: .layer(frame, background: .red)]))
        }
        return commit
    }
}

/// The frame clock under the main loop's virtual clock: which tick shows which commit.
final class FrameClockTests: XCTestCase {
    func testACommitIsShownAtTheFirstTickAfterItAndCommitsBeforeATickShareItsFrame() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { clock in
                let paced = try PacedServer()
                defer { paced.server.shutdown() }
                XCTAssertEqual(paced.server.frameClock?.origin, at(0))
                paced.submit()
                XCTAssertTrue(paced.server.waitForPresentation(ofCommit: 1))
                XCTAssertEqual(paced.presenter.lastFrame?.tick, FrameTick(index: 1, time: at(16_666_667)))
                XCTAssertEqual(EventLoop.main.now, at(16_666_667), "waiting moved the virtual clock to the tick")

                clock.advance(by: .milliseconds(10))
                paced.submit()
                clock.advance(by: .milliseconds(6))
                let third = paced.submit()
                XCTAssertTrue(paced.server.waitForPresentation(ofCommit: third))
                XCTAssertEqual(paced.presenter.frameCount, 2)
                XCTAssertEqual(paced.presenter.lastFrame?.commits, [2, 3])
                XCTAssertEqual(paced.presenter.lastFrame?.tick?.index, 2)
                XCTAssertEqual(EventLoop.main.outstandingWork, 0)
            }
        }
    }

    func testACommitMadeAfterATicksDeadlineShowsAtTheNextTick() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { clock in
                let paced = try PacedServer()
                defer { paced.server.shutdown() }
                paced.submit()
                paced.server.waitForPresentation(ofCommit: 1)
                // A main-thread hitch: a handler at 40 ms submits, then works for 20 ms and
                // submits again. The tick at 50 ms fires late, at 60 ms, and shows only the
                // commit made before it; the second waits for the tick at 66.7 ms.
                let hitch = EventLoop.Timer(after: .nanoseconds(40_000_000 - 16_666_667)) { _ in
                    MainActor.assumeIsolated {
                        paced.submit()
                        clock.advance(by: .milliseconds(20))
                        paced.submit()
                    }
                }
                EventLoop.main.add(hitch, to: .default)
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(30))
                XCTAssertFalse(hitch.isValid)
                XCTAssertEqual(EventLoop.main.now, at(60_000_000))
                XCTAssertTrue(paced.server.waitForPresentation(ofCommit: 2))
                XCTAssertEqual(paced.presenter.lastFrame?.tick?.index, 3)
                XCTAssertEqual(paced.presenter.lastFrame?.commits, [2])
                XCTAssertTrue(paced.server.waitForPresentation(ofCommit: 3))
                XCTAssertEqual(paced.presenter.frameCount, 3)
                XCTAssertEqual(paced.presenter.lastFrame?.tick?.index, 4)
                XCTAssertEqual(paced.presenter.lastFrame?.commits, [3])
                XCTAssertEqual(EventLoop.main.now, at(66_666_668))
            }
        }
    }

    func testTheTickFiresInTheTrackingModeToo() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let paced = try PacedServer(interval: FrameClock.oneHundredTwentyHertz)
                defer { paced.server.shutdown() }
                paced.submit()
                // Stand-in for a drag: the loop runs in the tracking mode until the frame is in.
                EventLoop.main.addCommonMode(.tracking)
                _ = EventLoop.main.run(mode: .tracking, timeout: .milliseconds(20))
                XCTAssertEqual(EventLoop.main.now, at(20_000_000))
                // The tick fired during the tracking run: the frame needs no further tick.
                XCTAssertTrue(paced.server.waitForPresentation(ofCommit: 1))
                XCTAssertEqual(EventLoop.main.now, at(20_000_000))
                XCTAssertEqual(paced.presenter.lastFrame?.tick, FrameTick(index: 1, time: at(8_333_333)))
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
        }
    }

    func testShuttingDownWithDeltasWaitingForATickLeavesNothingOutstanding() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let paced = try PacedServer()
                paced.submit()
                paced.submit()
                XCTAssertEqual(EventLoop.main.outstandingWork, 2)
                paced.server.shutdown()
                XCTAssertEqual(EventLoop.main.outstandingWork, 0)
                XCTAssertTrue(EventLoop.main.runUntilIdle())
                XCTAssertEqual(paced.presenter.frameCount, 0)
            }
        }
    }

    func testAnUnpacedServerPresentsWithoutATick() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let paced = try PacedServer(interval: .zero)
                defer { paced.server.shutdown() }
                XCTAssertNil(paced.server.frameClock)
                paced.submit()
                XCTAssertTrue(paced.server.waitForPresentation(ofCommit: 1))
                XCTAssertNil(paced.presenter.lastFrame?.tick)
                XCTAssertEqual(EventLoop.main.now, at(0))
            }
        }
    }
}
