import CoreFoundation
import Foundation

/// A CoreFoundation object handed between threads.
///
/// CF types are not `Sendable` in Swift, but the run-loop calls made on them from other threads
/// here (`CFRunLoopPerformBlock`, `CFRunLoopWakeUp`, `CFRunLoopStop`, `CFRunLoopIsWaiting`,
/// `CFRunLoopSourceSignal`) are documented as thread-safe, as are `EventLoop`'s.
final class CFHandle<Object: AnyObject>: @unchecked Sendable {
    let object: Object

    init(_ object: Object) {
        self.object = object
    }
}

/// The CFRunLoop side's building blocks, made the same way as Lamina's in every benchmark.
enum CFBaseline {
    /// `count` repeating observers of every activity, orders 1…count, calling
    /// `handler(index, activity)`; index 0 runs first.
    static func makeObservers(
        count: Int, _ handler: @escaping (Int, CFRunLoopActivity) -> Void
    ) -> [CFRunLoopObserver] {
        (0..<count).map { index in
            CFRunLoopObserverCreateWithHandler(
                kCFAllocatorDefault, CFRunLoopActivity.allActivities.rawValue, true, CFIndex(index + 1)
            ) { _, activity in
                handler(index, activity)
            }
        }
    }

    /// A version-0 source whose perform calls `perform(info)`. Keep `info` alive as long as the
    /// source.
    static func makeSource(
        order: CFIndex, info: UnsafeMutableRawPointer?, perform: @escaping @convention(c) (UnsafeMutableRawPointer?) -> Void
    ) -> CFRunLoopSource {
        var context = CFRunLoopSourceContext()
        context.version = 0
        context.info = info
        context.perform = perform
        return CFRunLoopSourceCreate(kCFAllocatorDefault, order, &context)
    }

    /// A source that is never signalled: it only keeps a secondary thread's default mode from
    /// counting as empty (the Lamina side adds an `EventLoop.Source` for the same reason).
    static func makeKeepAliveSource() -> CFRunLoopSource {
        makeSource(order: 0, info: nil) { _ in }
    }

    /// Stops `runLoop` from its own thread: a block queued for it runs `CFRunLoopStop` there, so
    /// the stop is not lost if the loop was between runs.
    static func stopFromAnotherThread(_ runLoop: CFHandle<CFRunLoop>) {
        CFRunLoopPerformBlock(runLoop.object, kCFRunLoopDefaultMode) {
            CFRunLoopStop(CFRunLoopGetCurrent())
        }
        CFRunLoopWakeUp(runLoop.object)
    }
}
