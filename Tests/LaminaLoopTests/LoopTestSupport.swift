import Dispatch
import Foundation
import LaminaLoop
import LaminaTesting
@_spi(LaminaInternals) import LaminaTrace
import Synchronization
import XCTest

// Shared helpers for the EventLoop tests.
//
// Loops other than `EventLoop.main` run on a dedicated thread each test starts (LaminaTesting's
// `TestThread`, never Swift concurrency's pool), and the test joins that thread: `await` and
// XCTestExpectation would spin CFRunLoop, not EventLoop. Handlers are `@Sendable`, so they record
// what happened into an `EventLog` instead of mutating captured variables, and assertions run on
// the test's own thread once the loop thread has finished.

/// A run timeout long enough that a run ends for another reason first; a hang turns into a
/// `timedOut` result (and a failed assertion) instead of blocking the test forever.
let generousTimeout: Duration = .seconds(5)

/// The log the tests record into: LaminaTesting's `CallLog`, with an observer factory.
typealias EventLog = CallLog

extension CallLog {
    /// An observer of `activities` that records each activity it is called for as
    /// `prefix + name` (e.g. "beforeWaiting", or "B entry" with prefix "B "), then calls `action`.
    func observer(
        _ activities: EventLoop.Activity = .allActivities,
        order: Int = 0,
        repeats: Bool = true,
        prefix: String = "",
        then action: (@Sendable (EventLoop.Observer, EventLoop.Activity) -> Void)? = nil
    ) -> EventLoop.Observer {
        EventLoop.Observer(activities: activities, repeats: repeats, order: order) { observer, activity in
            self.record(prefix + activityName(activity))
            action?(observer, activity)
        }
    }
}

/// The name of one activity, independent of `Activity.description` (which has its own tests).
func activityName(_ activity: EventLoop.Activity) -> String {
    switch activity {
    case .entry: "entry"
    case .beforeTimers: "beforeTimers"
    case .beforeSources: "beforeSources"
    case .beforeWaiting: "beforeWaiting"
    case .afterWaiting: "afterWaiting"
    case .exit: "exit"
    default: "activity(\(activity.rawValue))"
    }
}

/// A thread-safe counter, e.g. to act only the first time a handler is called.
final class Counter: Sendable {
    private let value = Atomic<Int>(0)

    /// Adds one and returns the new count (1 the first time).
    @discardableResult
    func increment() -> Int {
        value.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
    }

    var count: Int {
        value.load(ordering: .acquiring)
    }
}

/// A thread-safe cell for a value a handler produces and the test reads afterwards.
final class Box<Value: Sendable>: Sendable {
    private let storage: Locked<Value>

    init(_ value: Value) {
        storage = Locked(value)
    }

    var value: Value {
        storage.withLock { $0 }
    }

    func set(_ newValue: Value) {
        storage.withLock { $0 = newValue }
    }

    func update(_ body: @Sendable (inout Value) -> Void) {
        storage.withLock { body(&$0) }
    }
}

/// A source that is never signalled: it keeps its mode from counting as empty.
func idleSource() -> EventLoop.Source {
    EventLoop.Source { _ in }
}

/// A source that, each time it is performed, records `name` into `log` and stops the current loop.
func stoppingSource(recordingInto log: EventLog, as name: String = "source") -> EventLoop.Source {
    EventLoop.Source { _ in
        log.record(name)
        EventLoop.current.stop()
    }
}

/// A thread started at once (LaminaTesting's `TestThread`); ``join(within:)`` waits for it.
final class HelperThread: Sendable {
    private let thread: TestThread

    init(_ body: @escaping @Sendable () -> Void) {
        thread = TestThread(named: "helper", body)
    }

    /// Whether the thread finished within `seconds`.
    @discardableResult
    func join(within seconds: Double = 10) -> Bool {
        thread.join(timeout: .milliseconds(Int(seconds * 1000)))
    }
}

/// Runs `body` on a new dedicated thread, passing that thread's own loop (`EventLoop.current`
/// there), and returns what `body` returns once the thread has finished. A thread that does not
/// finish within `seconds` fails the test and yields nil rather than blocking forever.
func onLoopThread<T: Sendable>(
    within seconds: Double = 20,
    file: StaticString = #filePath,
    line: UInt = #line,
    _ body: @escaping @Sendable (EventLoop) -> T
) -> T? {
    let result = LaminaTesting.onLoopThread(timeout: .milliseconds(Int(seconds * 1000)), body)
    if result == nil { XCTFail("the loop thread did not finish within \(seconds) s", file: file, line: line) }
    return result
}

/// Runs the default mode of a new loop thread's loop (see ``onLoopThread(within:file:line:_:)``)
/// for at most `timeout` (with `returnAfterSourceHandled`) and returns the run's result. Before
/// the run, that loop gets an idle source (unless `keepAlive` is false), an observer of every
/// activity recording into `log` and then calling `onActivity` with the loop, and whatever
/// `setUp` adds.
func runDefaultModeLogging(
    into log: EventLog,
    timeout: Duration = generousTimeout,
    returnAfterSourceHandled: Bool = false,
    keepAlive: Bool = true,
    file: StaticString = #filePath,
    line: UInt = #line,
    setUp: @escaping @Sendable (EventLoop) -> Void = { _ in },
    onActivity: (@Sendable (EventLoop, EventLoop.Activity) -> Void)? = nil
) -> EventLoop.RunResult? {
    onLoopThread(file: file, line: line) { loop in
        if keepAlive { loop.add(idleSource(), to: .default) }
        loop.add(log.observer { _, activity in onActivity?(loop, activity) }, to: .default)
        setUp(loop)
        return loop.run(mode: .default, timeout: timeout, returnAfterSourceHandled: returnAfterSourceHandled)
    }
}

/// A loop owned by a thread that has already finished: items can be added to it (from any
/// thread), but it is never run. Used as "another loop" in ownership tests.
func loopOfAFinishedThread() -> EventLoop {
    let box = Box<EventLoop?>(nil)
    HelperThread { box.set(EventLoop.current) }.join()
    return box.value!
}

/// Blocks the calling thread until `duration` has passed on the monotonic clock. Only for rules
/// that are about time passing inside a handler (a timer that falls behind), never to wait for a
/// result.
func blockThread(for duration: Duration) {
    let end = EventLoop.Instant.monotonicNow.advanced(by: duration)
    while EventLoop.Instant.monotonicNow < end {
        usleep(500)
    }
}

/// Runs the main loop's default mode a few times without waiting, so main-queue work or wake-ups
/// left by earlier code do not show up in this test's log. Main thread only.
func settleMainLoop() {
    for _ in 0..<3 {
        _ = EventLoop.main.run(mode: .default, timeout: .zero)
    }
}
