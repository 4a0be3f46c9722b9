import Foundation
import LaminaGraphics
import LaminaImages
import LaminaTestServer
import XCTest

/// The loopback server as a child process (`lamina-test-server`), as a demo runs it, and the
/// server's own answers checked from outside the loader.
final class TestServerProcessTests: XCTestCase {
    /// The `lamina-test-server` built next to the test binary (SwiftPM puts every product of a
    /// configuration in one directory).
    private var executable: URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("lamina-test-server")
    }

    func testTheServerRunsAsAChildProcessAndEndsWhenItsInputCloses() async throws {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw XCTSkip("lamina-test-server is not built next to the tests")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--synthetic", "4", "--pixel-size", "24"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let base = try XCTUnwrap(URL(string: line), "the first line is the base URL")
        let loader = ImageLoader(configuration: testConfiguration())
        let image = try await loader.image(for: base.appendingPathComponent("images/3.png"))
        XCTAssertEqual(image.width, 24)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testTheGzipBombInflatesToWhatItsTrailerSays() throws {
        // The trailer's CRC-32 of n zero bytes, computed by squaring, against a plain loop.
        var crc: UInt32 = 0xFFFF_FFFF
        for _ in 0..<1000 {
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        let bomb = SyntheticGzip.bomb(decompressedBytes: 1000)
        let trailer = bomb.suffix(8)
        let stored = trailer.prefix(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        XCTAssertEqual(stored, crc ^ 0xFFFF_FFFF)
        let size = trailer.suffix(4).enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        XCTAssertEqual(size, 1000)
        XCTAssertLessThan(SyntheticGzip.bomb(decompressedBytes: 1 << 20).count, (1 << 20) / 100)
    }
}
