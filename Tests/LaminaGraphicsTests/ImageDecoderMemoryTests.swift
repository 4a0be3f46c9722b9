import Foundation
import Glibc
import LaminaGraphics
import XCTest

/// Refusing a huge declared size must not allocate for it. The test binary runs again as a child
/// process for one test, twice: once doing nothing (the baseline: the test process itself, with
/// every library it links), once decoding the huge-header fixtures. The parent reads each child's
/// peak resident set (`ru_maxrss`, from `wait4`) and asserts that decoding added under 32 MiB — a
/// 100000×100000 image would be 40 GB. Only the difference means anything: glibc's `posix_spawn`
/// starts the child on the parent's address space, and Linux carries that space's peak into the
/// child's `ru_maxrss` across `exec`, so both children report at least the parent's own peak
/// (which grows with every test run before this one).
final class ImageDecoderMemoryTests: XCTestCase {
    private static let childVariable = "LAMINA_DECODE_HUGE_HEADERS_ONLY"

    func test_hugeDeclaredSizesAreRefusedWithoutAllocatingForThem() throws {
        if let role = ProcessInfo.processInfo.environment[Self.childVariable] {
            guard role == "decode" else { return }
            for name in ["huge-header.png", "huge-header.jpg"] {
                XCTAssertThrowsError(try ImageDecoder.decode(try DecoderFixtures.data(name)))
            }
            return
        }
        // Thread Sanitizer's runtime and shadow memory alone take more than the budget; `make test`
        // measures it, `make tsan` only checks the decode for races.
        if dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil {
            throw XCTSkip("peak memory is measured without Thread Sanitizer")
        }
        let test = "ImageDecoderMemoryTests/test_hugeDeclaredSizesAreRefusedWithoutAllocatingForThem"
        let baseline = try runChild(test: test, role: "baseline")
        let decoding = try runChild(test: test, role: "decode")
        XCTAssertEqual(baseline.status, 0, "the baseline child failed")
        XCTAssertEqual(decoding.status, 0, "the decoding child failed")
        XCTAssertGreaterThan(baseline.peakKiB, 0)
        XCTAssertLessThan(decoding.peakKiB - baseline.peakKiB, 32 * 1024,
                          "peak RSS \(decoding.peakKiB) KiB decoding, \(baseline.peakKiB) KiB doing nothing")
        print("ImageDecoderMemoryTests: child peak RSS \(decoding.peakKiB / 1024) MiB, baseline \(baseline.peakKiB / 1024) MiB")
    }

    /// Runs this test binary for one test with the child variable set to `role`; returns its exit
    /// status and peak resident set in KiB.
    private func runChild(test: String, role: String) throws -> (status: Int32, peakKiB: Int) {
        let binary = CommandLine.arguments[0]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = role
        let arguments = [binary, "LaminaGraphicsTests.\(test)"]
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        guard posix_spawn(&pid, binary, &actions, nil, argv, envp) == 0 else {
            throw NSError(domain: "ImageDecoderMemoryTests", code: 1)
        }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw NSError(domain: "ImageDecoderMemoryTests", code: 2) }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, usage.ru_maxrss)
    }
}
