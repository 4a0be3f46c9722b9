import Dispatch
import Foundation
import LaminaLoop

/// Gives a scenario's actions their meaning on one loop, through a `LoopInterpreter`, and records
/// the normalized trace. Both loops run through this one type, so they receive the same calls in
/// the same order; only the interpreter differs.
///
/// Made and run on the loop's thread. Callouts record and fire triggers on that thread; helper
/// threads only call the interpreter's thread-safe operations.
final class ScenarioRunner: Sendable {
    private struct State {
        var recording = true
        var trace = NormalizedTrace()
        var depth = 0
        var occurrences: [Callout: Int] = [:]
        /// Per timer: the date it last fired (read inside its callout) and its interval.
        var lastFired: [String: Double] = [:]
        var intervals: [String: Double] = [:]
        var helpers: [DispatchSemaphore] = []
        var pendingMainQueueBlocks = 0
    }

    let scenario: Scenario
    let loop: any LoopInterpreter
    /// Appended to the scenario's mode names: a fresh real name per interpretation.
    private let modeSuffix: String
    private let state = Locked(State())

    /// How long a helper thread waits for the loop to sleep, or the loop for a helper.
    static let helperTimeout: DispatchTimeInterval = .seconds(5)

    init(_ scenario: Scenario, loop: any LoopInterpreter, modeSuffix: String) {
        self.scenario = scenario
        self.loop = loop
        self.modeSuffix = modeSuffix
    }

    /// Performs the scenario's steps, then cleans up: waits for helper threads, stops recording,
    /// invalidates every item, and on the main thread drains what the scenario left on the main
    /// queue, so nothing leaks into the next interpretation.
    func interpret() -> NormalizedTrace {
        if scenario.thread == .main { settleMainLoop() }
        execute(scenario.steps)
        let helpers = state.withLock { $0.helpers }
        for helper in helpers where helper.wait(timeout: .now() + Self.helperTimeout) == .timedOut {
            problem("a helper thread did not finish")
        }
        let trace = state.withLock { state in
            state.recording = false
            return state.trace
        }
        loop.invalidateAll()
        if scenario.thread == .main { settleMainLoop() }
        return trace
    }

    func execute(_ actions: [Action]) {
        for action in actions {
            perform(action)
        }
    }

    // MARK: - Actions

    private func perform(_ action: Action) {
        switch action {
        case .addObserver(let id, let activities, let order, let repeats, let mode):
            addObserver(id, activities, order: order, repeats: repeats, to: mode)
        case .addSource(let id, let order, let mode, let tracksScheduling):
            addSource(id, order: order, to: mode, tracksScheduling: tracksScheduling)
        case .addTimer(let id, let afterMs, let intervalMs, let mode):
            addTimer(id, afterMs: afterMs, intervalMs: intervalMs, to: mode)
        case .add(let id, let mode): loop.add(id, to: resolve(mode))
        case .remove(let id, let mode): loop.remove(id, from: resolve(mode))
        case .invalidate(let id): loop.invalidate(id)
        case .contains(let id, let mode): record("contains \(id) \(mode): \(loop.contains(id, in: resolve(mode)))")
        case .signal(let id): loop.signal(id)
        case .perform(let id, let modes): loop.perform(in: modes.map(resolve)) { [self] in callout(.block(id)) }
        case .mainQueueAsync(let id): mainQueueAsync(id)
        case .wakeUp: loop.wakeUp()
        case .stop: loop.stop()
        case .run(let mode, let timeout, let returnAfterSourceHandled):
            run(mode, timeout: timeout, returnAfterSourceHandled: returnAfterSourceHandled)
        case .addCommonMode(let mode): loop.addCommonMode(resolve(mode))
        case .recordCurrentMode: record("current \(loop.currentMode.map(name(of:)) ?? "none")")
        case .sleep(let ms): Thread.sleep(forTimeInterval: ms / 1000)
        case .setNextFireDate(let id, let intervals):
            let (fired, interval) = timerDates(id)
            loop.setNextFireDate(of: id, to: fired + Double(intervals) * interval)
        case .moveTimer(let id, let msFromNow): loop.setNextFireDate(of: id, to: loop.now + msFromNow / 1000)
        case .checkTimer(let id): checkTimer(id)
        case .fromOtherThread(let actions): fromOtherThread(actions)
        case .fromOtherThreadWhenAsleep(let actions): fromOtherThreadWhenAsleep(actions)
        }
    }

    private func addObserver(_ id: String, _ activities: EventLoop.Activity, order: Int, repeats: Bool, to mode: ModeName) {
        if !loop.hasItem(id) {
            loop.makeObserver(id, activities: activities, order: order, repeats: repeats) { [self] activity in
                callout(.observer(id, activity))
            }
        }
        loop.add(id, to: resolve(mode))
    }

    private func addSource(_ id: String, order: Int, to mode: ModeName, tracksScheduling: Bool) {
        if !loop.hasItem(id) {
            var scheduling: (@Sendable (LoopMode, Bool) -> Void)?
            if tracksScheduling {
                scheduling = { [self] mode, scheduled in
                    record((scheduled ? "schedule " : "cancel ") + id + " " + name(of: mode))
                }
            }
            loop.makeSource(id, order: order, perform: { [self] in callout(.source(id)) }, scheduling: scheduling)
        }
        loop.add(id, to: resolve(mode))
    }

    private func addTimer(_ id: String, afterMs: Double, intervalMs: Double, to mode: ModeName) {
        if !loop.hasItem(id) {
            state.withLock { $0.intervals[id] = intervalMs / 1000 }
            loop.makeTimer(id, after: afterMs / 1000, interval: intervalMs / 1000) { [self] in
                // Inside its callout a timer's next fire date is the date being fired.
                let firing = loop.nextFireDate(of: id)
                state.withLock { $0.lastFired[id] = firing }
                callout(.timer(id))
            }
        }
        loop.add(id, to: resolve(mode))
    }

    /// Another thread performs `actions`; the loop's thread waits, so what follows in the callout
    /// sees their effect (the trace stays deterministic).
    private func fromOtherThread(_ actions: [Action]) {
        let done = DispatchSemaphore(value: 0)
        Thread { [self] in
            execute(actions)
            done.signal()
        }.start()
        if done.wait(timeout: .now() + Self.helperTimeout) == .timedOut {
            problem("a helper thread did not finish its actions")
        }
    }

    /// Another thread waits until the loop sleeps, then performs `actions`; the loop's thread goes
    /// on into that sleep. `interpret()` waits for the helper before it returns.
    private func fromOtherThreadWhenAsleep(_ actions: [Action]) {
        let done = DispatchSemaphore(value: 0)
        state.withLock { $0.helpers.append(done) }
        Thread { [self] in
            if waitUntilAsleep() {
                execute(actions)
            } else {
                problem("the loop never slept while a helper thread waited for it")
            }
            done.signal()
        }.start()
    }

    private func run(_ mode: ModeName, timeout: Double, returnAfterSourceHandled: Bool) {
        record("run \(mode)")
        state.withLock { $0.depth += 1 }
        let result = loop.run(resolve(mode), timeout: timeout, returnAfterSourceHandled: returnAfterSourceHandled)
        state.withLock { $0.depth -= 1 }
        record("run \(mode) -> \(result)")
    }

    private func mainQueueAsync(_ id: String) {
        state.withLock { $0.pendingMainQueueBlocks += 1 }
        DispatchQueue.main.async { [self] in
            state.withLock { $0.pendingMainQueueBlocks -= 1 }
            callout(.mainQueue(id))
        }
    }

    private func checkTimer(_ id: String) {
        let (fired, interval) = timerDates(id)
        let next = loop.nextFireDate(of: id)
        let intervals = Int(((next - fired) / interval).rounded())
        record("timer \(id) next: +\(intervals) intervals, in the future: \(next > loop.now)")
    }

    private func timerDates(_ id: String) -> (lastFired: Double, interval: Double) {
        state.withLock { ($0.lastFired[id] ?? .nan, $0.intervals[id] ?? .nan) }
    }

    // MARK: - Recording

    /// Records `callout`, then performs the actions of the triggers due at this occurrence.
    private func callout(_ callout: Callout) {
        let actions: [Action] = state.withLock { state in
            guard state.recording else { return [] }
            append(callout.description, to: &state)
            let occurrence = state.occurrences[callout, default: 0] + 1
            state.occurrences[callout] = occurrence
            var due: [Action] = []
            for (index, trigger) in scenario.triggers.enumerated()
            where trigger.callout == callout && trigger.occurrence == occurrence {
                state.trace.firedTriggers.insert(index)
                due += trigger.actions
            }
            return due
        }
        execute(actions)
    }

    private func record(_ line: String) {
        state.withLock { state in
            guard state.recording else { return }
            append(line, to: &state)
        }
    }

    private func append(_ line: String, to state: inout State) {
        state.trace.lines.append(String(repeating: "  ", count: state.depth) + line)
    }

    private func problem(_ description: String) {
        state.withLock { $0.trace.problems.append("\(loop.loopName): \(description)") }
    }

    // MARK: - Modes and threads

    private func resolve(_ mode: ModeName) -> LoopMode {
        switch mode {
        case .default: .default
        case .common: .common
        case .named(let name): .named(name + modeSuffix)
        }
    }

    /// The scenario's name for a mode the loop reports.
    private func name(of mode: LoopMode) -> String {
        switch mode {
        case .default: "default"
        case .common: "common"
        case .named(let name): name.hasSuffix(modeSuffix) ? String(name.dropLast(modeSuffix.count)) : name
        }
    }

    private func waitUntilAsleep() -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !loop.isWaiting {
            if Date() > deadline { return false }
            usleep(50)
        }
        return true
    }

    /// Drains main-queue work this scenario queued and consumes stray wake-ups, with polls of the
    /// main loop's default mode (a common mode, where the main queue is drained).
    private func settleMainLoop() {
        var attempts = 0
        while state.withLock({ $0.pendingMainQueueBlocks }) > 0 && attempts < 200 {
            _ = loop.run(.default, timeout: 0.005, returnAfterSourceHandled: true)
            attempts += 1
        }
        if state.withLock({ $0.pendingMainQueueBlocks }) > 0 {
            problem("main-queue work was left over after the scenario")
        }
        for _ in 0..<3 {
            _ = loop.run(.default, timeout: 0, returnAfterSourceHandled: false)
        }
    }
}
