@testable import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaTesting
import XCTest

private func at(_ nanoseconds: Int64) -> EventLoop.Instant { EventLoop.Instant(nanoseconds: nanoseconds) }

/// `DisplayLink` on a frame clock under the main loop's virtual clock: one callback per tick with
/// that tick's timestamps, skipped frames counted, pausing, a slower preferred rate.
final class DisplayLinkTests: XCTestCase {
    func testTheLinkCallsBackOncePerTickWithItsTimestamps() {
        onMainActor {
            EventLoop.main.withVirtualClock { _ in
                let clock = FrameClock(interval: FrameClock.sixtyHertz, origin: at(0))
                var seen: [(Int64, EventLoop.Instant?, EventLoop.Instant?)] = []
                let link = DisplayLink(frameClock: clock) { link in
                    seen.append((link.tick?.index ?? -1, link.timestamp, link.targetTimestamp))
                }
                link.start()
                defer { link.invalidate() }
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(55))
                XCTAssertEqual(seen.map(\.0), [1, 2, 3])
                XCTAssertEqual(seen[1].1, at(33_333_334))
                XCTAssertEqual(seen[1].2, at(50_000_001))
                XCTAssertEqual(link.duration, FrameClock.sixtyHertz)
                XCTAssertEqual(link.skippedFrames, 0)
                XCTAssertEqual(link.callbackCount, 3)
            }
        }
    }

    func testABusyMainThreadSkipsFramesAndTheLinkCountsThem() {
        onMainActor {
            EventLoop.main.withVirtualClock { clock in
                let frames = FrameClock(interval: FrameClock.sixtyHertz, origin: at(0))
                var ticks: [Int64] = []
                let link = DisplayLink(frameClock: frames) { link in
                    ticks.append(link.tick?.index ?? -1)
                    // At tick 2 (33.3 ms) the callback works for 40 ms: ticks 3 and 4 pass.
                    if link.tick?.index == 2 { clock.advance(by: .milliseconds(40)) }
                }
                link.start()
                defer { link.invalidate() }
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(110))
                XCTAssertEqual(ticks, [1, 2, 5, 6])
                XCTAssertEqual(link.skippedFrames, 2, "ticks 3 and 4 were never called back for")
            }
        }
    }

    func testPausingStopsTheCallbacksAndAPreferredRateSkipsTicksOnPurpose() {
        onMainActor {
            EventLoop.main.withVirtualClock { _ in
                let clock = FrameClock(interval: FrameClock.oneHundredTwentyHertz, origin: at(0))
                var ticks: [Int64] = []
                let link = DisplayLink(frameClock: clock) { link in ticks.append(link.tick?.index ?? -1) }
                link.preferredFramesPerSecond = 60
                XCTAssertEqual(link.ticksPerCallback, 2)
                XCTAssertEqual(link.duration, FrameClock.oneHundredTwentyHertz * 2)
                link.start(in: [.default])
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(40))
                XCTAssertEqual(ticks, [1, 3])
                link.isPaused = true
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(40))
                XCTAssertEqual(ticks, [1, 3])
                link.isPaused = false
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(20))
                XCTAssertEqual(ticks.count, 4)
                XCTAssertEqual(link.skippedFrames, 0, "paused ticks are not skipped frames")
                link.invalidate()
                XCTAssertFalse(link.isRunning)
                _ = EventLoop.main.run(mode: .default, timeout: .milliseconds(40))
                XCTAssertEqual(ticks.count, 4)
                link.preferredFramesPerSecond = 1_000
                XCTAssertEqual(link.ticksPerCallback, 1)
                XCTAssertFalse(link.isRunning, "changing the rate does not restart an invalidated link")
                link.isPaused = true
                link.isPaused = false
                XCTAssertFalse(link.isRunning)
            }
        }
    }

    func testTheLinkFiresWhileTheLoopRunsInTheTrackingMode() {
        onMainActor {
            EventLoop.main.withVirtualClock { _ in
                EventLoop.main.addCommonMode(.tracking)
                var count = 0
                let link = DisplayLink(frameClock: FrameClock(interval: FrameClock.sixtyHertz, origin: at(0))) { _ in count += 1 }
                link.start()
                defer { link.invalidate() }
                _ = EventLoop.main.run(mode: .tracking, timeout: .milliseconds(35))
                XCTAssertEqual(count, 2)
            }
        }
    }
}
