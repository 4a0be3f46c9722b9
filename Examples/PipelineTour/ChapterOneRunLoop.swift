import Dispatch
import Glibc
import Lamina

/// Tour chapter 1 (explained in Docs chapter 01): the run loop. Print-only stand-in observers at
/// the pipeline's named orders watch `beforeWaiting` (they commit nothing; the real transaction
/// observer appears in tour chapter 2), a repeating timer ticks three times, `DispatchQueue.main`
/// and a main-actor task run inside the loop, and a worker thread hands the main thread a block
/// with `perform` + `wakeUp` — the way async display results come back in tour chapter 3.
func runChapterOne() {
    let loop = EventLoop.main
    print("""
        EventLoop.main runs the main thread. Each iteration: beforeTimers, beforeSources, blocks,
        sources; then, when there is nothing left to do, beforeWaiting — where Core Animation
        commits — sleep, afterWaiting, and ONE thing that woke the loop (a timer, a performed
        block's wake-up, the main dispatch queue).
        The four observers below are print-only stand-ins, added at the orders the pipeline's
        phases use, to show where each phase sits in a pass; they commit nothing (tour chapter 2
        shows the real transaction commit at the same order).
        """)

    // Stand-ins for the pipeline's phases, each at its own order; they only print. Lower orders
    // run first in a pass.
    let phases: [(String, Int)] = [
        ("beforeCommit", EventLoop.Order.beforeCommit),
        ("transactionCommit", EventLoop.Order.transactionCommit),
        ("afterCommit", EventLoop.Order.afterCommit),
        ("updateTransaction", EventLoop.Order.updateTransaction),
    ]
    // Added in reverse, to show that order, not insertion, decides who runs first.
    let observers = phases.reversed().map { name, order in
        EventLoop.Observer(activities: [.beforeWaiting, .exit], order: order, name: "\(name) stand-in") { _, activity in
            say("  \(activity) → \(name) stand-in (order \(order)): prints only")
        }
    }
    for observer in observers { loop.add(observer, to: .common) }

    let wake = EventLoop.Observer(activities: .afterWaiting, order: 0, name: "wake reporter") { _, _ in
        say("  afterWaiting: the loop woke up")
    }
    loop.add(wake, to: .common)

    let ticks = TickCounter()
    let timer = EventLoop.Timer(after: .milliseconds(20), interval: .milliseconds(20), name: "tick") { timer in
        let tick = ticks.increment()
        say("  timer tick \(tick) (fires after afterWaiting, never before)")
        if tick == 3 {
            timer.invalidate()
            say("  timer invalidated after three ticks")
        }
    }
    loop.add(timer, to: .common)

    let worker = startThread(named: "worker") {
        usleep(90_000)
        // A flow joins the two threads' events: Perfetto draws it as an arrow.
        let handOff = Trace.newFlowID()
        narrate("  [worker] perform { … } + wakeUp() from another thread", flow: handOff)
        loop.perform {
            narrate("  block from the worker runs on the main thread; stopping the loop", flow: handOff)
            loop.stop()
        }
        loop.wakeUp()
    }

    // The main queue is one of the main loop's sources (in its common modes): GCD blocks and
    // main-actor tasks run inside EventLoop.main, as they do inside CFRunLoop on iOS.
    DispatchQueue.main.async {
        narrate("  DispatchQueue.main.async block runs inside the loop (a main-queue drain)")
    }
    Task { @MainActor in
        narrate("  Task { @MainActor } runs inside the loop too (main-actor jobs go to the main queue)")
    }

    say("Running the default mode (timeout 2 s)…")
    let result = loop.run(mode: .default, timeout: .seconds(2))
    narrate("run returned \(result)")
    joinThread(worker)

    for observer in observers + [wake] { observer.invalidate() }
}

/// Prints a line of the tour; what it describes is already in the trace.
func say(_ text: String) {
    print(text)
}

/// Prints a line of the tour and records it in the trace too, for steps the loop itself does not
/// trace (what another thread does).
func narrate(_ text: String, flow: TraceFlowID? = nil) {
    print(text)
    Trace.instant(.loop, String(text.drop { $0 == " " }), flow: flow)
}
