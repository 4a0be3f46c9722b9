import Foundation
import LaminaLayers
import XCTest

/// `Transaction.commit()` without `begin()` is a programmer error: the process stops with a
/// message naming the rule. The test binary runs again as a child for that one test, with
/// `LAMINA_TRAP_CASE` set; the parent asserts how it died.
final class TransactionProgrammerErrorTests: XCTestCase {
    func test_committingWithoutBeginStopsTheProcessNamingTheRule() throws {
        if ProcessInfo.processInfo.environment["LAMINA_TRAP_CASE"] == "commit-without-begin" {
            MainActor.assumeIsolated { Transaction.commit() }
            return
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["LaminaLayersTests.TransactionProgrammerErrorTests/test_committingWithoutBeginStopsTheProcessNamingTheRule"]
        var environment = ProcessInfo.processInfo.environment
        environment["LAMINA_TRAP_CASE"] = "commit-without-begin"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        XCTAssertEqual(child.terminationReason, .uncaughtSignal, text)
        XCTAssertTrue(text.contains("Transaction.commit() without a matching Transaction.begin()"), text)
    }
}
