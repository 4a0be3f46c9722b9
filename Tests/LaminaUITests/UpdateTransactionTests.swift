import LaminaGraphics
import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaTesting
import LaminaTrace
import LaminaUI
import XCTest

/// YYTransaction's idea: updates recorded per (target, key), deduplicated, run once in order when
/// the main loop is about to sleep — after the transaction commit, waking the loop for the next.
final class UpdateTransactionTests: LaminaTestCase {
    func test_manyCommitsOfOnePairInOneTurnRunOnceWhenTheLoopIsAboutToSleep() {
        onMainActor {
            let target = Target()
            for _ in 0..<100 { UpdateTransaction.commit(target, "contents") { $0.log.append("contents") } }
            XCTAssertEqual(UpdateTransaction.pendingCount, 1)
            XCTAssertTrue(target.log.isEmpty, "nothing runs at commit time")
            let (_, trace) = recordingTrace { EventLoop.main.runOneIteration() }
            XCTAssertEqual(target.log, ["contents"])
            XCTAssertEqual(UpdateTransaction.pendingCount, 0)
            XCTAssertEqual(trace.occurrences(of: .updateTransactionFlush).first?.arguments["updates"], "1")
            XCTAssertTrue(trace.occurs(inOrder: [.beforeWaiting, .updateTransactionObserver,
                                                 .updateTransactionFlush]), trace.timeline)
        }
    }

    func test_updatesRunInTheOrderTheirPairsWereFirstCommittedWithTheNewestClosure() {
        onMainActor {
            let log = Target(), first = Target(), second = Target()
            UpdateTransaction.commit(first, "layout") { _ in log.log.append("first layout, old") }
            UpdateTransaction.commit(second, "layout") { _ in log.log.append("second layout") }
            UpdateTransaction.commit(first, "display") { _ in log.log.append("first display") }
            UpdateTransaction.commit(first, "layout") { _ in log.log.append("first layout, new") }
            XCTAssertEqual(UpdateTransaction.pendingCount, 3)
            EventLoop.main.runOneIteration()
            XCTAssertEqual(log.log, ["first layout, new", "second layout", "first display"])
        }
    }

    func test_anUpdateWhoseTargetIsGoneByTheFlushIsSkipped() {
        onMainActor {
            let log = Target()
            weak var gone: Target?
            do {
                let target = Target()
                gone = target
                UpdateTransaction.commit(target, "contents") { _ in log.log.append("ran for a dead target") }
            }
            XCTAssertNil(gone, "the transaction holds its targets weakly")
            UpdateTransaction.commit(log, "contents") { $0.log.append("live") }
            EventLoop.main.runOneIteration()
            XCTAssertEqual(log.log, ["live"])
        }
    }

    func test_theFlushRunsAfterTheTransactionCommitAndWakesTheLoopSoTheNextCommitDrawsWhatItDirtied() throws {
        try onMainActor {
            let window = try makeWindow(size: Size(width: 40, height: 20))
            defer { window.renderServer.shutdown() }
            let view = ProbeView(frame: Rect(x: 0, y: 0, width: 40, height: 20))
            window.addSubview(view)
            XCTAssertNotNil(window.snapshot())
            view.clearLog()

            // A real run, which does not exit between iterations: only the flush's wake-up makes
            // the loop go round again and commit before sleeping until the timeout.
            let (result, trace) = recordingTrace { () -> EventLoop.RunResult in
                UpdateTransaction.commit(view, "fill") {
                    $0.fill = .blue
                    $0.setNeedsDisplay()
                    Transaction.setCompletionBlock { EventLoop.main.stop() }
                }
                return EventLoop.main.run(mode: .default, timeout: .seconds(30))
            }
            XCTAssertEqual(result, .stopped, "committed and presented without waiting for the timeout")
            XCTAssertEqual(view.log.filter { $0.hasPrefix("draw") }.count, 1)
            XCTAssertTrue(trace.occurs(inOrder: [.updateTransactionFlush, .wokenByWakeUp,
                                                 .beforeWaiting, .commit, .display]),
                          trace.timeline)
            XCTAssertEqual(window.snapshot()?.pixel(x: 20, y: 10), .blue)
        }
    }

    func test_anUpdateCommittedDuringTheFlushWaitsForTheNextFlush() {
        onMainActor {
            let target = Target()
            let (_, trace) = recordingTrace {
                target.commitAgainUntilThreePasses()
                XCTAssertTrue(EventLoop.main.runUntilIdle())
            }
            XCTAssertEqual(target.log, ["pass", "pass", "pass"])
            let flushes = trace.occurrences(of: .updateTransactionFlush)
            XCTAssertEqual(flushes.compactMap { $0.arguments["updates"] }, ["1", "1", "1"], "one pass per flush")
            XCTAssertEqual(UpdateTransaction.pendingCount, 0)
        }
    }

    func test_aNestedRunFlushesItsUpdatesWhenItExits() {
        onMainActor {
            let target = Target()
            var seenAtExit: [String] = []
            let nested = EventLoop.Timer(after: .zero, interval: .zero) { _ in
                MainActor.assumeIsolated {
                    UpdateTransaction.commit(target, "nested") { $0.log.append("flushed") }
                    EventLoop.main.run(mode: .tracking, timeout: .zero)
                    seenAtExit = target.log
                }
            }
            EventLoop.main.add(nested, to: .default)
            XCTAssertTrue(EventLoop.main.runUntilIdle())
            XCTAssertEqual(seenAtExit, ["flushed"], "the nested run's exit flushed")
            XCTAssertEqual(target.log, ["flushed"])
        }
    }
}

/// An object to update, with a log of what ran on it.
@MainActor
private final class Target {
    var log: [String] = []

    /// Commits an update that logs a pass and commits itself again, three passes in all.
    func commitAgainUntilThreePasses() {
        UpdateTransaction.commit(self, "again") { target in
            target.log.append("pass")
            if target.log.count < 3 { target.commitAgainUntilThreePasses() }
        }
    }
}
