import Dispatch
import Foundation
import LaminaLoop
import Synchronization
import XCTest

/// Interprets scenarios on both loops and compares their traces.
enum DifferentialHarness {
    /// The loop a scenario is interpreted on.
    enum Loop {
        case cfRunLoop, eventLoop

        /// Made on the loop's thread: binds to that thread's loop.
        func makeInterpreter() -> any LoopInterpreter {
            switch self {
            case .cfRunLoop: CFInterpreter()
            case .eventLoop: EventLoopInterpreter()
            }
        }
    }

    /// How many times each scenario is interpreted on each loop.
    static let repetitions = 3
    /// How long the test waits for a secondary thread's interpretation.
    static let threadTimeout: DispatchTimeInterval = .seconds(30)

    private static let interpretations = Atomic<Int>(0)

    /// Interprets `scenario` on `loop`, on the scenario's thread; nil if a secondary thread did not
    /// finish in time (it is left behind rather than waited for forever).
    static func trace(of scenario: Scenario, on loop: Loop) -> NormalizedTrace? {
        let number = interpretations.wrappingAdd(1, ordering: .relaxed).newValue
        let interpret: @Sendable () -> NormalizedTrace = {
            ScenarioRunner(scenario, loop: loop.makeInterpreter(), modeSuffix: ".\(number)").interpret()
        }
        switch scenario.thread {
        case .main:
            precondition(Thread.isMainThread, "main-thread scenarios run from an XCTest method, on the main thread")
            return interpret()
        case .secondary:
            let result = Locked<NormalizedTrace?>(nil)
            let done = DispatchSemaphore(value: 0)
            Thread {
                let trace = interpret()
                result.withLock { $0 = trace }
                done.signal()
            }.start()
            guard done.wait(timeout: .now() + threadTimeout) == .success else { return nil }
            return result.withLock { $0 }
        }
    }
}

extension XCTestCase {
    /// Interprets `scenario` on CFRunLoop and on EventLoop, `DifferentialHarness.repetitions`
    /// times, and asserts that both traces are equal every time. Also asserts what makes the
    /// comparison mean something: CFRunLoop's trace is the same in every repetition (the scenario
    /// is deterministic), every trigger fired, the trace shows what the scenario is about, and no
    /// helper thread went wrong.
    func assertSameTraces(_ scenario: Scenario, file: StaticString = #filePath, line: UInt = #line) {
        let name = "\"\(scenario.name)\" (\(scenario.sections.joined(separator: " ")))"
        var references: [NormalizedTrace] = []
        var differing: [(run: Int, lamina: NormalizedTrace)] = []
        for run in 1...DifferentialHarness.repetitions {
            guard let reference = DifferentialHarness.trace(of: scenario, on: .cfRunLoop),
                let lamina = DifferentialHarness.trace(of: scenario, on: .eventLoop)
            else {
                XCTFail("\(name), run \(run): a loop thread did not finish within the time limit", file: file, line: line)
                return
            }
            if ProcessInfo.processInfo.environment["LAMINA_DIFFERENTIAL_PRINT"] != nil {
                print("\(name), run \(run), CFRunLoop's trace:\n" + reference.lines.map { "    " + $0 }.joined(separator: "\n"))
            }
            for problem in reference.problems + lamina.problems {
                XCTFail("\(name), run \(run): \(problem)", file: file, line: line)
            }
            references.append(reference)
            if reference != lamina { differing.append((run, lamina)) }
        }
        let reference = references[0]
        assertMeaningful(reference, of: scenario, name: name, file: file, line: line)
        for (index, other) in references.enumerated().dropFirst() where other != reference {
            let table = NormalizedTrace.sideBySide(reference, other, referenceName: "CFRunLoop, run 1", otherName: "CFRunLoop, run \(index + 1)")
            XCTFail("\(name): CFRunLoop's trace varies between runs, the scenario is not deterministic\n\(table)", file: file, line: line)
        }
        if let (run, lamina) = differing.first {
            let runs = differing.map { String($0.run) }.joined(separator: ", ")
            let table = NormalizedTrace.sideBySide(references[run - 1], lamina, referenceName: "CFRunLoop", otherName: "EventLoop")
            XCTFail("\(name): traces differ in run(s) \(runs) of \(DifferentialHarness.repetitions); run \(run):\n\(table)", file: file, line: line)
        }
    }

    /// The reference trace is not empty, every trigger fired, and every line the scenario must
    /// show is there.
    private func assertMeaningful(_ reference: NormalizedTrace, of scenario: Scenario, name: String, file: StaticString, line: UInt) {
        XCTAssertFalse(reference.lines.isEmpty, "\(name): CFRunLoop recorded nothing", file: file, line: line)
        for (index, trigger) in scenario.triggers.enumerated() where !reference.firedTriggers.contains(index) {
            XCTFail("\(name): the trigger on \"\(trigger.callout)\" #\(trigger.occurrence) never fired on CFRunLoop", file: file, line: line)
        }
        for expected in scenario.mustShow where !reference.shows(expected) {
            XCTFail("\(name): CFRunLoop's trace does not show \"\(expected)\"", file: file, line: line)
        }
    }
}
