import Foundation
import LaminaLoop

/// A mode as a loop sees it: the scenario's named modes already carry their fresh real names.
enum LoopMode: Hashable, Sendable {
    case `default`
    case common
    case named(String)
}

/// What a scenario's actions do to one run-loop implementation: CFRunLoop (`CFInterpreter`) or
/// EventLoop (`EventLoopInterpreter`). `ScenarioRunner` gives the actions their meaning and
/// records the trace; an interpreter only maps each operation onto its loop's API, so both loops
/// are driven by exactly the same sequence of calls.
///
/// An interpreter is made on the loop's thread and binds to that thread's loop. Handlers passed to
/// `make…` are called on the loop's thread. Cross-thread actions call `signal`, `perform`,
/// `wakeUp`, `stop`, `add`, `remove`, `invalidate` and `isWaiting` from other threads, which both
/// loops document as thread-safe; the item registry is lock-protected for them.
protocol LoopInterpreter: AnyObject, Sendable {
    /// "CFRunLoop" or "EventLoop", for messages.
    var loopName: String { get }
    func hasItem(_ id: String) -> Bool
    func makeObserver(
        _ id: String, activities: EventLoop.Activity, order: Int, repeats: Bool,
        handler: @escaping @Sendable (EventLoop.Activity) -> Void)
    /// `scheduling(mode, true)` on schedule and `(mode, false)` on cancel, when not nil.
    func makeSource(
        _ id: String, order: Int, perform: @escaping @Sendable () -> Void,
        scheduling: (@Sendable (LoopMode, Bool) -> Void)?)
    /// `after` and `interval` in seconds; `after` is counted from now.
    func makeTimer(_ id: String, after: Double, interval: Double, handler: @escaping @Sendable () -> Void)
    func add(_ id: String, to mode: LoopMode)
    func remove(_ id: String, from mode: LoopMode)
    func contains(_ id: String, in mode: LoopMode) -> Bool
    func invalidate(_ id: String)
    func signal(_ id: String)
    func perform(in modes: [LoopMode], _ block: @escaping @Sendable () -> Void)
    func wakeUp()
    func stop()
    var isWaiting: Bool { get }
    /// `timeout` in seconds.
    func run(_ mode: LoopMode, timeout: Double, returnAfterSourceHandled: Bool) -> EventLoop.RunResult
    func addCommonMode(_ mode: LoopMode)
    var currentMode: LoopMode? { get }
    /// The loop's clock, in seconds, on the same scale as `nextFireDate(of:)`.
    var now: Double { get }
    func nextFireDate(of id: String) -> Double
    func setNextFireDate(of id: String, to date: Double)
    /// Invalidates every item made, and forgets them (ends the reference cycles with handlers).
    func invalidateAll()
}

/// A value behind a lock, for state shared with other threads or touched from `@Sendable`
/// callouts. Unchecked because the value need not be `Sendable` (CF objects are not): every
/// access goes through `withLock`, and no CF call is made while the lock is held.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Items made by an interpreter, by id.
final class ItemRegistry<Item>: Sendable {
    private let items = Locked<[String: Item]>([:])
    /// Ids in the order the items were made, so `all` is deterministic.
    private let order = Locked<[String]>([])

    func insert(_ item: Item, for id: String) {
        items.withLock { $0[id] = item }
        order.withLock { $0.append(id) }
    }

    func contains(_ id: String) -> Bool {
        items.withLock { $0[id] != nil }
    }

    /// The item `id`; a scenario naming an item it never made is a bug in the scenario.
    subscript(id: String) -> Item {
        guard let item = items.withLock({ $0[id] }) else {
            preconditionFailure("differential scenario uses item \(id) before making it")
        }
        return item
    }

    /// Every item, in the order made, and the registry emptied.
    func removeAll() -> [Item] {
        let ids = order.withLock { ids in
            defer { ids.removeAll() }
            return ids
        }
        let taken = items.withLock { items in
            defer { items.removeAll() }
            return items
        }
        return ids.compactMap { taken[$0] }
    }
}
