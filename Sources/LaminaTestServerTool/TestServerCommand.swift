import ArgumentParser
import Foundation
import LaminaTestServer

/// lamina-test-server's command line, read by swift-argument-parser (`--help`, errors followed by
/// the usage, `--generate-completion-script bash|zsh|fish`).
struct TestServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lamina-test-server",
        abstract: "The loopback HTTP server as a process of its own.",
        discussion: """
            Serves /images/0.png … /images/(N-1).png (made on the spot) and every file of DIR at \
            /files/<name>, prints its base URL (http://127.0.0.1:PORT) as the first line of \
            standard output, and runs until standard input closes — so it ends with the process \
            that started it.
            """
    )

    @Option(help: ArgumentHelp("Serve N synthetic PNG images at /images/0.png … /images/(N-1).png.", valueName: "n"))
    var synthetic = 0

    @Option(help: ArgumentHelp("The side of the synthetic images in pixels.", valueName: "px"))
    var pixelSize = 128

    @Option(help: ArgumentHelp("Serve every file of DIR at /files/<name>.", valueName: "dir"))
    var directory: String?

    @Option(name: .customLong("delay-ms"), help: ArgumentHelp("Wait this long before each response.", valueName: "ms"))
    var delayMilliseconds = 0

    /// The delay before each response.
    var delay: Duration { .milliseconds(delayMilliseconds) }

    /// Refuses negative numbers.
    func validate() throws {
        for (option, value) in [("--synthetic", synthetic), ("--pixel-size", pixelSize), ("--delay-ms", delayMilliseconds)]
        where value < 0 {
            throw ValidationError("\(option) takes a number ≥ 0, not \(value)")
        }
    }
}
