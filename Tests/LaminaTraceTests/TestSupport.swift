import Glibc
@testable import LaminaTrace

/// Runs `body` on a new pthread and waits for it to finish.
///
/// Tests use their own threads (not Swift concurrency's pool) so that a thread's identity is
/// known and blocking is harmless.
func runOnNewThread(_ body: @escaping @Sendable () -> Void) {
    runConcurrently(threads: 1) { _ in body() }
}

/// Runs `body(i)` for i in 0..<threads, each on its own new pthread, all at once, and waits for
/// all of them.
func runConcurrently(threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
    final class Context: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var handles: [pthread_t] = []
    for index in 0..<threads {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Context { body(index) }).toOpaque()
        let status = pthread_create(&thread, nil, { argument in
            Unmanaged<Context>.fromOpaque(argument!).takeRetainedValue().body()
            return nil
        }, context)
        precondition(status == 0, "pthread_create failed: \(status)")
        handles.append(thread)
    }
    for thread in handles { pthread_join(thread, nil) }
}

/// A name prefix no other test (or test target) in this process uses, so assertions can ignore
/// events that concurrently running code adds to the global trace.
func uniquePrefix(_ label: String) -> String {
    "\(label)-\(UInt32.random(in: 0...UInt32.max))-"
}

extension TraceRecorder {
    /// The recorded events whose names start with `prefix`.
    func events(withPrefix prefix: String) -> [TraceEvent] {
        events.filter { $0.name.hasPrefix(prefix) }
    }
}

/// The calling thread's kernel id, read independently of LaminaTrace from `/proc/thread-self`.
func procThreadID() -> Int32 {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = readlink("/proc/thread-self", &buffer, 63)
    guard count > 0 else { return -1 }
    let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Int32(link.split(separator: "/").last ?? "") ?? -1
}

/// The calling thread's kernel name, read from `/proc/thread-self/comm`.
func procThreadName() -> String {
    let file = open("/proc/thread-self/comm", O_RDONLY)
    guard file >= 0 else { return "" }
    defer { close(file) }
    var buffer = [UInt8](repeating: 0, count: 64)
    let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
    guard count > 0 else { return "" }
    var bytes = Array(buffer[..<count])
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
}

/// Names the calling thread in the kernel by writing `/proc/thread-self/comm`, without LaminaTrace.
func setKernelThreadName(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    _ = Array(name.utf8).withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
    close(file)
}

/// A hand-made event for deterministic timeline and export tests.
func event(
    _ timestampMicroseconds: UInt64,
    _ phase: TracePhase,
    _ category: TraceCategory,
    _ name: String,
    thread: Int32 = 100,
    threadName: String = "main",
    flow: TraceFlowID? = nil,
    arguments: [String: String] = [:]
) -> TraceEvent {
    TraceEvent(
        timestamp: 5_000_000_000 + timestampMicroseconds * 1_000,
        threadID: thread,
        threadName: threadName,
        category: category,
        name: name,
        phase: phase,
        flow: flow,
        arguments: arguments
    )
}
