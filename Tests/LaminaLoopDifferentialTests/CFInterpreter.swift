import CoreFoundation
import Foundation
import LaminaLoop

/// Drives the calling thread's CFRunLoop (`CFRunLoopGetMain()` on the main thread), the reference.
///
/// Unchecked `Sendable`: CF objects are not `Sendable` in Swift, but the only calls made on them
/// from other threads (signal, perform, wake-up, stop, add/remove/invalidate, is-waiting) are
/// thread-safe in CF, and the registry holding them is lock-protected.
final class CFInterpreter: LoopInterpreter, @unchecked Sendable {
    private enum Item {
        case observer(CFRunLoopObserver)
        /// The box is the source's `info`; kept alive here as long as the source.
        case source(CFRunLoopSource, SourceCallbacks)
        case timer(CFRunLoopTimer)
    }

    let loopName = "CFRunLoop"
    private let runLoop: CFRunLoop = CFRunLoopGetCurrent()
    private let items = ItemRegistry<Item>()
    private let modeNames = Locked<[String: CFRunLoopMode]>([:])

    func hasItem(_ id: String) -> Bool {
        items.contains(id)
    }

    func makeObserver(
        _ id: String, activities: EventLoop.Activity, order: Int, repeats: Bool,
        handler: @escaping @Sendable (EventLoop.Activity) -> Void
    ) {
        let observer = CFRunLoopObserverCreateWithHandler(
            kCFAllocatorDefault, CFOptionFlags(activities.rawValue), repeats, CFIndex(order)
        ) { _, activity in
            handler(EventLoop.Activity(rawValue: UInt32(activity.rawValue)))
        }!
        items.insert(.observer(observer), for: id)
    }

    func makeSource(
        _ id: String, order: Int, perform: @escaping @Sendable () -> Void,
        scheduling: (@Sendable (LoopMode, Bool) -> Void)?
    ) {
        let callbacks = SourceCallbacks(perform: perform, scheduling: scheduling)
        var context = CFRunLoopSourceContext()
        context.version = 0
        context.info = Unmanaged.passUnretained(callbacks).toOpaque()
        context.perform = { info in SourceCallbacks.from(info).perform() }
        if scheduling != nil {
            context.schedule = { info, _, mode in SourceCallbacks.from(info).report(mode, scheduled: true) }
            context.cancel = { info, _, mode in SourceCallbacks.from(info).report(mode, scheduled: false) }
        }
        let source = CFRunLoopSourceCreate(kCFAllocatorDefault, CFIndex(order), &context)!
        items.insert(.source(source, callbacks), for: id)
    }

    func makeTimer(_ id: String, after: Double, interval: Double, handler: @escaping @Sendable () -> Void) {
        let timer = CFRunLoopTimerCreateWithHandler(
            kCFAllocatorDefault, CFAbsoluteTimeGetCurrent() + after, interval, 0, 0
        ) { _ in
            handler()
        }!
        items.insert(.timer(timer), for: id)
    }

    func add(_ id: String, to mode: LoopMode) {
        let mode = cfMode(mode)
        switch items[id] {
        case .observer(let observer): CFRunLoopAddObserver(runLoop, observer, mode)
        case .source(let source, _): CFRunLoopAddSource(runLoop, source, mode)
        case .timer(let timer): CFRunLoopAddTimer(runLoop, timer, mode)
        }
    }

    func remove(_ id: String, from mode: LoopMode) {
        let mode = cfMode(mode)
        switch items[id] {
        case .observer(let observer): CFRunLoopRemoveObserver(runLoop, observer, mode)
        case .source(let source, _): CFRunLoopRemoveSource(runLoop, source, mode)
        case .timer(let timer): CFRunLoopRemoveTimer(runLoop, timer, mode)
        }
    }

    func contains(_ id: String, in mode: LoopMode) -> Bool {
        let mode = cfMode(mode)
        switch items[id] {
        case .observer(let observer): return CFRunLoopContainsObserver(runLoop, observer, mode)
        case .source(let source, _): return CFRunLoopContainsSource(runLoop, source, mode)
        case .timer(let timer): return CFRunLoopContainsTimer(runLoop, timer, mode)
        }
    }

    func invalidate(_ id: String) {
        Self.invalidate(items[id])
    }

    func signal(_ id: String) {
        guard case .source(let source, _) = items[id] else { preconditionFailure("\(id) is not a source") }
        CFRunLoopSourceSignal(source)
    }

    func perform(in modes: [LoopMode], _ block: @escaping @Sendable () -> Void) {
        let names: [CFString] = modes.map { cfMode($0) }
        let target: CFTypeRef
        if names.count == 1 {
            target = names[0]
        } else {
            var values: [UnsafeRawPointer?] = names.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) }
            var callbacks = kCFTypeArrayCallBacks
            target = CFArrayCreate(kCFAllocatorDefault, &values, names.count, &callbacks)
        }
        CFRunLoopPerformBlock(runLoop, target) { block() }
    }

    func wakeUp() {
        CFRunLoopWakeUp(runLoop)
    }

    func stop() {
        CFRunLoopStop(runLoop)
    }

    var isWaiting: Bool {
        CFRunLoopIsWaiting(runLoop)
    }

    func run(_ mode: LoopMode, timeout: Double, returnAfterSourceHandled: Bool) -> EventLoop.RunResult {
        let result = CFRunLoopRunInMode(cfMode(mode), timeout, returnAfterSourceHandled)
        guard let mapped = EventLoop.RunResult(rawValue: Int(result.rawValue)) else {
            preconditionFailure("CFRunLoopRunInMode returned \(result.rawValue)")
        }
        return mapped
    }

    func addCommonMode(_ mode: LoopMode) {
        CFRunLoopAddCommonMode(runLoop, cfMode(mode))
    }

    var currentMode: LoopMode? {
        guard let mode = CFRunLoopCopyCurrentMode(runLoop) else { return nil }
        return Self.loopMode(mode)
    }

    var now: Double {
        CFAbsoluteTimeGetCurrent()
    }

    func nextFireDate(of id: String) -> Double {
        guard case .timer(let timer) = items[id] else { preconditionFailure("\(id) is not a timer") }
        return CFRunLoopTimerGetNextFireDate(timer)
    }

    func setNextFireDate(of id: String, to date: Double) {
        guard case .timer(let timer) = items[id] else { preconditionFailure("\(id) is not a timer") }
        CFRunLoopTimerSetNextFireDate(timer, date)
    }

    func invalidateAll() {
        items.removeAll().forEach(Self.invalidate)
    }

    private static func invalidate(_ item: Item) {
        switch item {
        case .observer(let observer): CFRunLoopObserverInvalidate(observer)
        case .source(let source, _): CFRunLoopSourceInvalidate(source)
        case .timer(let timer): CFRunLoopTimerInvalidate(timer)
        }
    }

    /// The CF mode for `mode`; common and default are CF's own constants (CF compares
    /// `kCFRunLoopCommonModes` by pointer when adding and removing).
    private func cfMode(_ mode: LoopMode) -> CFRunLoopMode {
        switch mode {
        case .default: return kCFRunLoopDefaultMode
        case .common: return kCFRunLoopCommonModes
        case .named(let name):
            return modeNames.withLock { names in
                if let existing = names[name] { return existing }
                let made: CFRunLoopMode = Self.cfString(name)
                names[name] = made
                return made
            }
        }
    }

    fileprivate static func loopMode(_ mode: CFRunLoopMode) -> LoopMode {
        let name = string(mode)
        if name == string(kCFRunLoopDefaultMode) { return .default }
        if name == string(kCFRunLoopCommonModes) { return .common }
        return .named(name)
    }

    private static func cfString(_ string: String) -> CFString {
        CFStringCreateWithCString(kCFAllocatorDefault, string, CFStringBuiltInEncodings.UTF8.rawValue)
    }

    private static func string(_ cfString: CFString) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard CFStringGetCString(cfString, &buffer, buffer.count, CFStringBuiltInEncodings.UTF8.rawValue) else {
            return "?"
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A CF source's callbacks, reached from CF's C function pointers through the context's `info`.
final class SourceCallbacks: Sendable {
    let perform: @Sendable () -> Void
    private let scheduling: (@Sendable (LoopMode, Bool) -> Void)?

    init(perform: @escaping @Sendable () -> Void, scheduling: (@Sendable (LoopMode, Bool) -> Void)?) {
        self.perform = perform
        self.scheduling = scheduling
    }

    func report(_ mode: CFRunLoopMode?, scheduled: Bool) {
        guard let mode else { return }
        scheduling?(CFInterpreter.loopMode(mode), scheduled)
    }

    static func from(_ info: UnsafeMutableRawPointer?) -> SourceCallbacks {
        Unmanaged<SourceCallbacks>.fromOpaque(info!).takeUnretainedValue()
    }
}
