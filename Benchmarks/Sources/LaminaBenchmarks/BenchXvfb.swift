import Foundation
import Glibc

/// An Xvfb started for the x11-present benchmarks on a display number Xvfb picks itself
/// (`-displayfd`), killed when they end.
final class BenchXvfb {
    let display: String
    private let process: Process

    static var executable: String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return (paths.map { "\($0)/Xvfb" } + ["/usr/bin/Xvfb"]).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A 1600×1700×24 server (room for two 1280×800 windows, one above the other) with MIT-SHM and no TCP; nil when it does not start.
    static func start() -> BenchXvfb? {
        guard let executable else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-displayfd", "1", "-screen", "0", "1600x1700x24", "-nolisten", "tcp", "-noreset"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: "/dev/null")
        guard (try? process.run()) != nil else { return nil }
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        guard let number = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines),
              Int(number) != nil else {
            process.terminate()
            return nil
        }
        return BenchXvfb(display: ":\(number)", process: process)
    }

    /// Whether Xvfb is installed; when not, says on stderr that `benchmark` is skipped.
    static func isInstalled(for benchmark: String) -> Bool {
        guard executable == nil else { return true }
        FileHandle.standardError.write(Data("\(benchmark): skipped, Xvfb is not installed (Scripts/install-deps.sh)\n".utf8))
        return false
    }

    /// ``start()``, or nil with a note saying nothing was measured.
    static func start(noting notes: inout [String]) -> BenchXvfb? {
        guard let server = start() else {
            notes.append("Xvfb did not start: nothing measured")
            return nil
        }
        return server
    }

    private init(display: String, process: Process) {
        self.display = display
        self.process = process
    }

    func kill() {
        guard process.isRunning else { return }
        Glibc.kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}
