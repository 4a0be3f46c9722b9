import LaminaLoop

// The data model of a differential scenario.
//
// A scenario is a list of actions performed on one thread's run loop, plus triggers: "when
// callout X happens for the Nth time, perform these actions inside it". Triggers are how
// mutation during callouts, nested runs and stops at step N are written. The same scenario is
// interpreted on CFRunLoop and on EventLoop (`ScenarioRunner` + a `LoopInterpreter`); both
// record a `NormalizedTrace`, and the test asserts the two are equal. No trace is written by hand.

/// One differential scenario.
struct Scenario: Sendable {
    /// Which thread's loop a scenario drives.
    enum LoopThread: Sendable {
        /// The process's main thread: `CFRunLoopGetMain()` / `EventLoop.main`, where
        /// `DispatchQueue.main` is drained.
        case main
        /// A thread started for each interpretation, with a fresh loop.
        case secondary
    }

    /// What the scenario shows, as a sentence.
    let name: String
    /// The sections of Docs/reference/runloop.md it exercises, e.g. "§3".
    let sections: [String]
    let thread: LoopThread
    /// Performed in order on the loop's thread.
    let steps: [Action]
    /// Actions performed inside callouts.
    let triggers: [Trigger]
    /// Lines the trace must contain (compared with indentation removed): what the scenario is
    /// about. They keep a scenario that silently does nothing from passing; they are not an
    /// expected trace (which is CFRunLoop's, whatever it is).
    let mustShow: [String]

    init(
        _ name: String, sections: [String], on thread: LoopThread = .secondary,
        steps: [Action], when triggers: [Trigger] = [], mustShow: [String]
    ) {
        self.name = name
        self.sections = sections
        self.thread = thread
        self.steps = steps
        self.triggers = triggers
        self.mustShow = mustShow
    }
}

/// A mode as a scenario names it. Named modes get a fresh real name on every interpretation (CF
/// modes cannot be deleted); the trace shows the scenario's name.
enum ModeName: Hashable, Sendable, CustomStringConvertible {
    case `default`
    /// `kCFRunLoopCommonModes` / `EventLoop.Mode.common`.
    case common
    case named(String)

    var description: String {
        switch self {
        case .default: "default"
        case .common: "common"
        case .named(let name): name
        }
    }
}

/// The modes scenarios use.
let m1 = ModeName.named("m1")
let m2 = ModeName.named("m2")
let m3 = ModeName.named("m3")
let m4 = ModeName.named("m4")
let m5 = ModeName.named("m5")
let m6 = ModeName.named("m6")
let m7 = ModeName.named("m7")

/// Something a loop calls out to; its description is the line the trace records.
enum Callout: Hashable, Sendable, CustomStringConvertible {
    case observer(String, EventLoop.Activity)
    case source(String)
    case timer(String)
    case block(String)
    case mainQueue(String)

    var description: String {
        switch self {
        case .observer(let id, let activity): "observer \(id) \(activity)"
        case .source(let id): "source \(id)"
        case .timer(let id): "timer \(id)"
        case .block(let id): "block \(id)"
        case .mainQueue(let id): "main-queue \(id)"
        }
    }
}

/// "When `callout` happens for the `occurrence`-th time (counted over the whole scenario), perform
/// `actions` inside it."
struct Trigger: Sendable {
    let callout: Callout
    let occurrence: Int
    let actions: [Action]
}

/// `when(.observer("o1", .beforeWaiting), 2, .stop)`: a trigger.
func when(_ callout: Callout, _ occurrence: Int = 1, _ actions: Action...) -> Trigger {
    Trigger(callout: callout, occurrence: occurrence, actions: actions)
}

/// What a scenario does to a loop. Items (observers, sources, timers) are named by an id; an id
/// stands for one object for the whole interpretation.
indirect enum Action: Sendable {
    /// Creates observer `id` (unless it exists) and adds it to `mode`. Its callouts record
    /// "observer id activity".
    case addObserver(String, EventLoop.Activity, order: Int = 0, repeats: Bool = true, mode: ModeName)
    /// Creates version-0 source `id` (unless it exists) and adds it to `mode`. Its performs record
    /// "source id"; with `tracksScheduling`, its schedule/cancel callbacks record
    /// "schedule id mode" / "cancel id mode".
    case addSource(String, order: Int = 0, mode: ModeName, tracksScheduling: Bool = false)
    /// Creates timer `id` (unless it exists) firing `afterMs` from now (negative: in the past),
    /// then every `intervalMs` (0: once), and adds it to `mode`. Fires record "timer id".
    case addTimer(String, afterMs: Double, intervalMs: Double = 0, mode: ModeName)
    /// Adds an existing item to `mode` again.
    case add(String, mode: ModeName)
    case remove(String, mode: ModeName)
    case invalidate(String)
    /// Records "contains id mode: true|false".
    case contains(String, mode: ModeName)
    /// Signals source `id` (no wake-up).
    case signal(String)
    /// Queues block `id` for `modes` (no wake-up). Its run records "block id".
    case perform(String, modes: [ModeName])
    /// `DispatchQueue.main.async`; its run records "main-queue id".
    case mainQueueAsync(String)
    case wakeUp
    case stop
    /// Runs `mode`; records "run mode" before and "run mode -> result" after, and indents what
    /// happens inside.
    case run(ModeName, timeout: Double, returnAfterSourceHandled: Bool = false)
    case addCommonMode(ModeName)
    /// Records "current mode" (or "current none").
    case recordCurrentMode
    /// Blocks the calling thread.
    case sleep(ms: Double)
    /// Sets timer `id`'s next fire date to `intervals` intervals after the date it last fired.
    case setNextFireDate(String, intervalsAfterLastFire: Int)
    /// Sets timer `id`'s next fire date to `msFromNow` from now.
    case moveTimer(String, msFromNow: Double)
    /// Records "timer id next: +N intervals, in the future: B": N is the distance from the date the
    /// timer last fired to its next fire date, in whole intervals (rounded), B whether that date
    /// is later than now.
    case checkTimer(String)
    /// Another thread performs `actions` while the loop's thread waits for it to finish.
    case fromOtherThread([Action])
    /// Another thread waits until the loop sleeps, then performs `actions`; the loop's thread
    /// goes on at once (into that sleep).
    case fromOtherThreadWhenAsleep([Action])
}

/// Activity sets scenarios use.
extension EventLoop.Activity {
    /// The four activities of an iteration.
    static let iteration: EventLoop.Activity = [.beforeTimers, .beforeSources, .beforeWaiting, .afterWaiting]
    /// `beforeWaiting | exit`: what a commit observer watches (runloop.md §9).
    static let commit: EventLoop.Activity = [.beforeWaiting, .exit]
}
