import ArgumentParser
@testable import LaminaTestServerTool
import Testing

/// lamina-test-server's command line: the defaults, every option, and errors for anything else.
@Suite struct TestServerCommandTests {
    func parse(_ arguments: String) throws -> TestServerCommand {
        try TestServerCommand.parse(arguments.split(separator: " ").map(String.init))
    }

    @Test func noArgumentsServeNothingAtOnce() throws {
        let options = try parse("")
        #expect(options.synthetic == 0 && options.pixelSize == 128 && options.directory == nil && options.delay == .zero)
    }

    @Test func everyOptionIsRead() throws {
        let options = try parse("--synthetic 4 --pixel-size 24 --directory /tmp/pictures --delay-ms 30")
        #expect(options.synthetic == 4 && options.pixelSize == 24)
        #expect(options.directory == "/tmp/pictures" && options.delay == .milliseconds(30))
    }

    @Test func theFeedsCommandLineParses() throws {
        // FeedImageServer starts the server so.
        let options = try parse("--synthetic 200 --pixel-size 512")
        #expect(options.synthetic == 200 && options.pixelSize == 512)
    }

    @Test(arguments: [
        ("--bogus", "Unknown option '--bogus'"),
        ("extra", "Unexpected argument 'extra'"),
        ("--synthetic", "Missing value for '--synthetic <n>'"),
        ("--synthetic many", "The value 'many' is invalid for '--synthetic <n>'"),
        ("--pixel-size -1", "Missing value for '--pixel-size <px>'"),
        ("--delay-ms 1.5", "The value '1.5' is invalid for '--delay-ms <ms>'"),
    ])
    func badArgumentsAreErrorsWithAUsageStatus(arguments: String, message: String) {
        do {
            _ = try parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(TestServerCommand.message(for: error).hasPrefix(message), "\(TestServerCommand.message(for: error))")
            #expect(TestServerCommand.exitCode(for: error) == .validationFailure)
            #expect(TestServerCommand.fullMessage(for: error).contains("Usage: lamina-test-server"))
        }
    }

    @Test func theHelpNamesEveryOption() {
        let help = TestServerCommand.helpMessage(columns: 100)
        for option in ["--synthetic", "--pixel-size", "--directory", "--delay-ms", "--help"] {
            #expect(help.contains(option), "\(option)")
        }
        #expect(TestServerCommand.completionScript(for: .bash).contains("--delay-ms"))
    }
}
