import Foundation
@testable import LaminaImages
import Testing

/// The disk cache's SHA-256 against FIPS 180-4's examples and coreutils' `sha256sum` at every
/// length around the padding's block boundaries.
@Suite struct SHA256DigestTests {
    @Test func theStandardsExamples() {
        #expect(SHA256Digest.hexString("".utf8) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256Digest.hexString("abc".utf8) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256Digest.hexString("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
            == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func everyLengthUpToThreeBlocksMatchesSha256sum() throws {
        var bytes: [UInt8] = []
        var expected: [String] = []
        var lines = ""
        for length in 0...200 {
            bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ length) }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("lamina-sha-\(length)-\(getpid())")
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            process.waitUntilExit()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            expected.append(String(output.prefix(64)))
            lines += SHA256Digest.hexString(bytes) + "\n"
        }
        #expect(lines == expected.map { $0 + "\n" }.joined())
    }

    @Test func aFileNameIsTheHexDigestOfTheURL() throws {
        let url = try #require(URL(string: "http://127.0.0.1:8080/images/7.png?size=2"))
        #expect(ImageDiskCache.fileName(for: url) == SHA256Digest.hexString(url.absoluteString.utf8))
        #expect(ImageDiskCache.fileName(for: url).count == 64)
    }
}
