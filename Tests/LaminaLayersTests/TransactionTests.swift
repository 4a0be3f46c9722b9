import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaTesting
import LaminaTrace
import XCTest

/// The implicit transaction: opened by the first change, committed by the observer at
/// `transactionCommit` when the main loop is about to sleep or a run exits, in four phases.
final class TransactionTests: LaminaTestCase {
    func test_layoutRunsBeforeDisplayAndParentsBeforeChildren() {
        onMainActor {
            let delegate = RecordingDelegate()
            let parent = makeLayer(Rect(x: 0, y: 0, width: 20, height: 20), delegate: delegate)
            let child = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), delegate: delegate)
            let grandchild = makeLayer(Rect(x: 0, y: 0, width: 5, height: 5), delegate: delegate)
            parent.addSublayer(child)
            child.addSublayer(grandchild)
            delegate.name(parent, as: "parent")
            delegate.name(child, as: "child")
            delegate.name(grandchild, as: "grandchild")
            settleTransactions()
            delegate.reset()
            grandchild.setNeedsDisplay()
            grandchild.setNeedsLayout()
            child.setNeedsLayout()
            parent.setNeedsLayout()
            EventLoop.main.runOneIteration()
            XCTAssertEqual(delegate.calls, ["layout parent", "layout child", "layout grandchild",
                                            "layerWillDraw grandchild", "draw grandchild"])
        }
    }

    func test_aLayoutThatMarksAChildLaysItOutInTheSameCommit() {
        onMainActor {
            let delegate = RecordingDelegate()
            let parent = makeLayer(Rect(x: 0, y: 0, width: 20, height: 20), delegate: delegate)
            let child = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10), delegate: delegate)
            parent.addSublayer(child)
            delegate.name(parent, as: "parent")
            delegate.name(child, as: "child")
            settleTransactions()
            delegate.reset()
            delegate.onLayout = { layer in
                if layer === parent { child.bounds = Rect(x: 0, y: 0, width: 12, height: 12) }  // marks child
            }
            parent.setNeedsLayout()
            EventLoop.main.runOneIteration()
            XCTAssertEqual(delegate.calls, ["layout parent", "layout child"])
            XCTAssertFalse(child.needsLayout)
        }
    }

    func test_addingARemovingASublayerAndResizingMarkLayout() {
        onMainActor {
            let parent = makeLayer(Rect(x: 0, y: 0, width: 20, height: 20))
            let child = makeLayer(Rect(x: 0, y: 0, width: 10, height: 10))
            settleTransactions()
            parent.addSublayer(child)
            XCTAssertTrue(parent.needsLayout)
            settleTransactions()
            child.removeFromSuperlayer()
            XCTAssertTrue(parent.needsLayout)
            settleTransactions()
            child.position = Point(x: 3, y: 3)
            XCTAssertFalse(child.needsLayout, "a move is not a resize")
            child.bounds = Rect(x: 0, y: 0, width: 11, height: 10)
            XCTAssertTrue(child.needsLayout)
        }
    }

    func test_theCommitRunsAtTheExitOfANestedRun() {
        onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: delegate)
            settleTransactions()
            layer.setNeedsDisplay()
            // A nested run that ends before the loop would sleep: only its exit can commit.
            let stopper = EventLoop.Source { _ in EventLoop.main.stop() }
            EventLoop.main.add(stopper, to: .default)
            defer { stopper.invalidate() }
            stopper.signal()
            let (result, trace) = recordingTrace {
                EventLoop.main.run(mode: .default, timeout: .seconds(5), returnAfterSourceHandled: false)
            }
            XCTAssertEqual(result, .stopped)
            XCTAssertFalse(layer.needsDisplay)
            XCTAssertTrue(trace.occurs(inOrder: [.exit, .commit]) ||
                          trace.occurs(inOrder: [.commit]), trace.timeline)
        }
    }

    func test_theCommitObserverRunsBetweenBeforeCommitAndAfterCommitObservers() {
        onMainActor {
            let log = CallLog()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4))
            settleTransactions()
            let observers = [("afterCommit", EventLoop.Order.afterCommit), ("beforeCommit", EventLoop.Order.beforeCommit),
                             ("updateTransaction", EventLoop.Order.updateTransaction)].map { name, order in
                EventLoop.Observer(activities: .beforeWaiting, order: order) { _, _ in log.record(name) }
            }
            for observer in observers { EventLoop.main.add(observer, to: .common) }
            defer { observers.forEach { $0.invalidate() } }
            layer.opacity = 0.5
            let (_, trace) = recordingTrace { EventLoop.main.runOneIteration() }
            XCTAssertEqual(log.events, ["beforeCommit", "afterCommit", "updateTransaction"])
            let commit = trace.occurrences(of: .commit).first
            XCTAssertNotNil(commit, trace.timeline)
            XCTAssertTrue(trace.occurs(inOrder: [TraceEventName(.observer, "order 1999000"), .commit,
                                                 TraceEventName(.observer, "order 2001000")]), trace.timeline)
        }
    }

    func test_aLayerChangedFromAnUpdateTransactionObserverIsCommittedOnTheNextPass() {
        onMainActor {
            final class Logger: LayerDelegate {
                let log: CallLog
                init(_ log: CallLog) { self.log = log }
                func draw(_ layer: Layer, in context: GraphicsContext) { log.record("draw") }
            }
            let log = CallLog()
            let delegate = Logger(log)
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: delegate)
            settleTransactions()
            let passes = EventLoop.Observer(activities: .beforeWaiting, order: 0) { _, _ in log.record("pass") }
            nonisolated(unsafe) var updates = 0
            let update = EventLoop.Observer(activities: .beforeWaiting, order: EventLoop.Order.updateTransaction) { _, _ in
                MainActor.assumeIsolated {
                    updates += 1
                    if updates == 1 {
                        // After this pass's commit: the mark waits for the next pass, which the
                        // wake-up makes happen at once.
                        layer.setNeedsDisplay()
                        EventLoop.main.wakeUp()
                    } else {
                        EventLoop.main.stop()
                    }
                }
            }
            EventLoop.main.add(passes, to: .common)
            EventLoop.main.add(update, to: .common)
            defer { passes.invalidate(); update.invalidate() }
            XCTAssertEqual(EventLoop.main.run(mode: .default, timeout: .seconds(5)), .stopped)
            XCTAssertEqual(log.events, ["pass", "pass", "draw"])
        }
    }

    func test_explicitTransactionsNestAndTheOutermostCommits() {
        onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: delegate)
            settleTransactions()
            Transaction.begin()
            Transaction.begin()
            layer.setNeedsDisplay()
            Transaction.commit()
            XCTAssertTrue(layer.needsDisplay, "the inner commit does not commit")
            Transaction.flush()
            XCTAssertTrue(layer.needsDisplay, "flush inside an explicit transaction waits for it")
            Transaction.commit()
            XCTAssertFalse(layer.needsDisplay, "the outermost commit commits")
            XCTAssertFalse(Transaction.isOpen)
        }
    }

    func test_anExplicitTransactionInsideTheImplicitOneCommitsWithIt() {
        onMainActor {
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: RecordingDelegate())
            settleTransactions()
            layer.opacity = 0.3  // opens the implicit transaction
            Transaction.begin()
            layer.setNeedsDisplay()
            Transaction.commit()
            XCTAssertTrue(layer.needsDisplay)
            EventLoop.main.runOneIteration()
            XCTAssertFalse(layer.needsDisplay)
        }
    }

    func test_flushCommitsNowAndCompletionBlocksOfANonHostedTreeRunRightAfterTheCommit() {
        onMainActor {
            let delegate = RecordingDelegate()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: delegate)
            settleTransactions()
            var completed = false
            layer.setNeedsDisplay()
            Transaction.setCompletionBlock { completed = true }
            XCTAssertTrue(Transaction.isOpen)
            Transaction.flush()
            XCTAssertFalse(layer.needsDisplay)
            XCTAssertTrue(completed)
            XCTAssertFalse(Transaction.isOpen)
        }
    }

    func test_marksMadeWhileDisplayingCarryToTheNextCommitWhichTheLoopIsWokenFor() {
        onMainActor {
            final class Remarker: LayerDelegate {
                var draws = 0
                func draw(_ layer: Layer, in context: GraphicsContext) {
                    draws += 1
                    if draws == 1 { layer.setNeedsDisplay() }
                }
            }
            let delegate = Remarker()
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: delegate)
            layer.setNeedsDisplay()
            Transaction.flush()
            XCTAssertEqual(delegate.draws, 1)
            XCTAssertTrue(layer.needsDisplay)
            XCTAssertTrue(Transaction.isOpen)
            XCTAssertTrue(EventLoop.main.runUntilIdle(timeout: .seconds(5)))
            XCTAssertEqual(delegate.draws, 2)
        }
    }

    func test_everyPhaseEmitsTraceEvents() {
        onMainActor {
            let layer = makeLayer(Rect(x: 0, y: 0, width: 4, height: 4), delegate: RecordingDelegate())
            settleTransactions()
            let (_, trace) = recordingTrace {
                layer.setNeedsLayout()
                layer.setNeedsDisplay()
                Transaction.flush()
            }
            XCTAssertTrue(trace.occurs(inOrder: [.commit, .layoutPhase,
                                                 .displayPhase, .commitPhase]),
                          trace.timeline)
        }
    }
}
