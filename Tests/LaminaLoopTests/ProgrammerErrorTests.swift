import Foundation
import LaminaLoop
import XCTest

/// Programmer errors stop the process with a message that names the rule, as CF and UIKit do.
/// Each case runs this test binary again as a child process for that one test, with
/// `LAMINA_TRAP_CASE` set so the child commits the error; the parent asserts how it died.
final class ProgrammerErrorTests: XCTestCase {
    private static let caseVariable = "LAMINA_TRAP_CASE"

    func test_runningALoopFromAThreadThatDoesNotOwnItStopsTheProcessNamingTheRule() throws {
        if trapCase == "run-from-another-thread" {
            loopOfAFinishedThread().run(mode: .default, timeout: .zero)
            return
        }
        let death = try runChild(test: "test_runningALoopFromAThreadThatDoesNotOwnItStopsTheProcessNamingTheRule", case: "run-from-another-thread")
        XCTAssertTrue(death.wasKilledBySignal, "status \(death.status)")
        XCTAssertTrue(death.output.contains("A loop runs only on the thread that owns it"), death.output)
    }

    func test_endingOutstandingWorkThatWasNeverBegunStopsTheProcessNamingTheRule() throws {
        if trapCase == "unbalanced-outstanding-work" {
            loopOfAFinishedThread().endOutstandingWork()
            return
        }
        let death = try runChild(test: "test_endingOutstandingWorkThatWasNeverBegunStopsTheProcessNamingTheRule", case: "unbalanced-outstanding-work")
        XCTAssertTrue(death.wasKilledBySignal, "status \(death.status)")
        XCTAssertTrue(death.output.contains("without a matching beginOutstandingWork()"), death.output)
    }

    func test_aChildThatCommitsNoErrorExitsNormally() throws {
        // Proves the harness can tell a trap from a normal exit.
        if trapCase == "no-error" { return }
        let exit = try runChild(test: "test_aChildThatCommitsNoErrorExitsNormally", case: "no-error")
        XCTAssertFalse(exit.wasKilledBySignal, exit.output)
        XCTAssertEqual(exit.status, 0, exit.output)
    }

    // MARK: - The child process

    private var trapCase: String? {
        ProcessInfo.processInfo.environment[Self.caseVariable]
    }

    private struct Outcome {
        var wasKilledBySignal: Bool
        var status: Int32
        var output: String
    }

    private func runChild(test: String, case name: String) throws -> Outcome {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["LaminaLoopTests.ProgrammerErrorTests/\(test)"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.caseVariable] = name
        // The trap itself is the outcome: no backtrace (Swift's backtracer also trips over
        // Thread Sanitizer's runtime in a sanitized build).
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        return Outcome(
            wasKilledBySignal: child.terminationReason == .uncaughtSignal,
            status: child.terminationStatus,
            output: String(decoding: data, as: UTF8.self))
    }
}
