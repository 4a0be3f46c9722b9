import LaminaLoop

/// Drives the calling thread's `EventLoop` (`EventLoop.main` on the main thread).
final class EventLoopInterpreter: LoopInterpreter {
    private enum Item {
        case observer(EventLoop.Observer)
        case source(EventLoop.Source)
        case timer(EventLoop.Timer)
    }

    let loopName = "EventLoop"
    private let loop = EventLoop.current
    private let items = ItemRegistry<Item>()

    func hasItem(_ id: String) -> Bool {
        items.contains(id)
    }

    func makeObserver(
        _ id: String, activities: EventLoop.Activity, order: Int, repeats: Bool,
        handler: @escaping @Sendable (EventLoop.Activity) -> Void
    ) {
        let observer = EventLoop.Observer(activities: activities, repeats: repeats, order: order, name: id) { _, activity in
            handler(activity)
        }
        items.insert(.observer(observer), for: id)
    }

    func makeSource(
        _ id: String, order: Int, perform: @escaping @Sendable () -> Void,
        scheduling: (@Sendable (LoopMode, Bool) -> Void)?
    ) {
        var onSchedule: (@Sendable (EventLoop, EventLoop.Mode) -> Void)?
        var onCancel: (@Sendable (EventLoop, EventLoop.Mode) -> Void)?
        if let scheduling {
            onSchedule = { _, mode in scheduling(Self.loopMode(mode), true) }
            onCancel = { _, mode in scheduling(Self.loopMode(mode), false) }
        }
        let source = EventLoop.Source(order: order, name: id, onSchedule: onSchedule, onCancel: onCancel) { _ in
            perform()
        }
        items.insert(.source(source), for: id)
    }

    func makeTimer(_ id: String, after: Double, interval: Double, handler: @escaping @Sendable () -> Void) {
        let timer = EventLoop.Timer(after: .seconds(after), interval: .seconds(interval), name: id) { _ in handler() }
        items.insert(.timer(timer), for: id)
    }

    func add(_ id: String, to mode: LoopMode) {
        switch items[id] {
        case .observer(let observer): loop.add(observer, to: Self.mode(mode))
        case .source(let source): loop.add(source, to: Self.mode(mode))
        case .timer(let timer): loop.add(timer, to: Self.mode(mode))
        }
    }

    func remove(_ id: String, from mode: LoopMode) {
        switch items[id] {
        case .observer(let observer): loop.remove(observer, from: Self.mode(mode))
        case .source(let source): loop.remove(source, from: Self.mode(mode))
        case .timer(let timer): loop.remove(timer, from: Self.mode(mode))
        }
    }

    func contains(_ id: String, in mode: LoopMode) -> Bool {
        switch items[id] {
        case .observer(let observer): loop.contains(observer, in: Self.mode(mode))
        case .source(let source): loop.contains(source, in: Self.mode(mode))
        case .timer(let timer): loop.contains(timer, in: Self.mode(mode))
        }
    }

    func invalidate(_ id: String) {
        Self.invalidate(items[id])
    }

    func signal(_ id: String) {
        guard case .source(let source) = items[id] else { preconditionFailure("\(id) is not a source") }
        source.signal()
    }

    func perform(in modes: [LoopMode], _ block: @escaping @Sendable () -> Void) {
        loop.perform(in: modes.map(Self.mode), block)
    }

    func wakeUp() {
        loop.wakeUp()
    }

    func stop() {
        loop.stop()
    }

    var isWaiting: Bool {
        loop.isWaiting
    }

    func run(_ mode: LoopMode, timeout: Double, returnAfterSourceHandled: Bool) -> EventLoop.RunResult {
        loop.run(mode: Self.mode(mode), timeout: .seconds(timeout), returnAfterSourceHandled: returnAfterSourceHandled)
    }

    func addCommonMode(_ mode: LoopMode) {
        loop.addCommonMode(Self.mode(mode))
    }

    var currentMode: LoopMode? {
        loop.currentMode.map(Self.loopMode)
    }

    var now: Double {
        Self.seconds(loop.now)
    }

    func nextFireDate(of id: String) -> Double {
        guard case .timer(let timer) = items[id] else { preconditionFailure("\(id) is not a timer") }
        return Self.seconds(timer.nextFireDate)
    }

    func setNextFireDate(of id: String, to date: Double) {
        guard case .timer(let timer) = items[id] else { preconditionFailure("\(id) is not a timer") }
        timer.nextFireDate = EventLoop.Instant(nanoseconds: Int64((date * 1e9).rounded()))
    }

    func invalidateAll() {
        items.removeAll().forEach(Self.invalidate)
    }

    private static func invalidate(_ item: Item) {
        switch item {
        case .observer(let observer): observer.invalidate()
        case .source(let source): source.invalidate()
        case .timer(let timer): timer.invalidate()
        }
    }

    private static func mode(_ mode: LoopMode) -> EventLoop.Mode {
        switch mode {
        case .default: .default
        case .common: .common
        case .named(let name): EventLoop.Mode(name)
        }
    }

    private static func loopMode(_ mode: EventLoop.Mode) -> LoopMode {
        switch mode {
        case .default: .default
        case .common: .common
        default: .named(mode.name)
        }
    }

    private static func seconds(_ instant: EventLoop.Instant) -> Double {
        Double(instant.nanoseconds) / 1e9
    }
}
