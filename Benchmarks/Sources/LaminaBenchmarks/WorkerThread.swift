import Dispatch
import Foundation
import LaminaTrace
import Synchronization

/// A dedicated thread that runs the jobs handed to it, one at a time.
///
/// Each loop under test needs a thread of its own that nothing else runs on (never one of Swift
/// concurrency's pool): a secondary loop is created on it by its first job and run by a later
/// one, and the harness thread meanwhile measures, wakes or waits.
final class WorkerThread: Sendable {
    let name: String
    private let job = Mutex<(@Sendable () -> Void)?>(nil)
    private let isFinishing = Atomic<Bool>(false)
    private let jobReady = DispatchSemaphore(value: 0)
    private let jobDone = DispatchSemaphore(value: 0)
    private let isLaunched = Atomic<Bool>(false)

    /// A worker called `name` (in `top -H`, gdb and traces). The thread starts with its first job.
    init(name: String) {
        self.name = name
    }

    private func launchIfNeeded() {
        guard !isLaunched.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in
            Trace.setThreadName(name)
            while true {
                jobReady.wait()
                if isFinishing.load(ordering: .acquiring) { return }
                let next = job.withLock { pending in
                    defer { pending = nil }
                    return pending
                }
                next?()
                jobDone.signal()
            }
        }
        thread.start()
    }

    /// Hands `work` to the thread and returns at once; ``waitUntilDone(_:seconds:)`` waits for it.
    func start(_ work: @escaping @Sendable () -> Void) {
        launchIfNeeded()
        job.withLock { $0 = work }
        jobReady.signal()
    }

    /// Waits for the job given to ``start(_:)`` to return; a job that does not return within
    /// `seconds` is reported as a hang (`what` names it) and ends the process.
    func waitUntilDone(_ what: @autoclosure () -> String, seconds: Double = 30) {
        Hang.wait(for: jobDone, seconds: seconds, what())
    }

    /// Runs `work` on the thread and waits for it.
    func sync(_ what: @autoclosure () -> String, _ work: @escaping @Sendable () -> Void) {
        start(work)
        waitUntilDone(what())
    }

    /// Lets the thread exit once its current job (if any) has returned.
    func finish() {
        guard isLaunched.load(ordering: .acquiring) else { return }
        isFinishing.store(true, ordering: .releasing)
        jobReady.signal()
    }
}

/// Waits with a deadline: a benchmark that stops making progress is a bug to report, not a CI
/// job that hangs until it is killed.
enum Hang {
    static func wait(for semaphore: DispatchSemaphore, seconds: Double, _ what: @autoclosure () -> String) {
        guard semaphore.wait(timeout: .now() + seconds) == .timedOut else { return }
        report("\(what()) did not happen within \(Report.format(seconds, decimals: 0)) s")
    }

    /// Prints `message` to standard error and ends the process with status 1.
    static func report(_ message: String) -> Never {
        FileHandle.standardError.write(Data("LaminaBenchmarks: HANG OR FAILURE: \(message)\n".utf8))
        exit(1)
    }
}
