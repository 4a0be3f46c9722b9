import Glibc

/// The identity of a thread as the trace records it: kernel thread id and display name.
public struct TraceThread: Sendable, Hashable {
    /// The kernel thread id (what `gettid()` returns; the main thread's equals the process id).
    public let id: Int32
    /// The name events from this thread carry (see ``TraceEvent/threadName``).
    public let name: String

    /// The calling thread's identity, read from the kernel on the thread's first use and cached
    /// for the thread's lifetime (until ``Trace/setThreadName(_:)`` renames it).
    public static var current: TraceThread {
        let box = ThreadIdentityCache.box()
        return TraceThread(id: box.id, name: box.name)
    }

    /// Whether this is the process's main thread (its thread id equals the process id).
    public var isMain: Bool { id == getpid() }
}

/// The per-thread cache: one heap box per thread, found through a pthread key and released by
/// the key's destructor when the thread exits. Only its own thread ever touches a box.
final class ThreadIdentityBox {
    let id: Int32
    var name: String

    init(id: Int32, name: String) {
        self.id = id
        self.name = name
    }
}

enum ThreadIdentityCache {
    /// The key under which each thread keeps its box; made once per process.
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            if let pointer { Unmanaged<ThreadIdentityBox>.fromOpaque(pointer).release() }
        }
        precondition(status == 0, "LaminaTrace: pthread_key_create failed (\(status))")
        return key
    }()

    /// The calling thread's box, made on first use.
    static func box() -> ThreadIdentityBox {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadIdentityBox>.fromOpaque(pointer).takeUnretainedValue()
        }
        let id = KernelThread.currentID()
        let box = ThreadIdentityBox(id: id, name: KernelThread.traceName(id: id, kernelName: KernelThread.currentName()))
        pthread_setspecific(key, Unmanaged.passRetained(box).toOpaque())
        return box
    }

    /// Renames the calling thread, in the kernel (15 bytes at most) and in the cache (in full).
    static func setName(_ name: String) {
        KernelThread.setCurrentName(name)
        box().name = name
    }
}

/// Thread ids and names from the kernel. Glibc's `gettid`, `pthread_getname_np` and
/// `pthread_setname_np` exist in the C library but are hidden from Swift's Glibc module (they
/// need `_GNU_SOURCE`), so they are looked up with `dlsym`; `/proc/thread-self` is the fallback.
enum KernelThread {
    private typealias GetTID = @convention(c) () -> pid_t
    private typealias GetName = @convention(c) (pthread_t, UnsafeMutablePointer<CChar>?, Int) -> Int32
    private typealias SetName = @convention(c) (pthread_t, UnsafePointer<CChar>?) -> Int32

    private static let gettidFunction: GetTID? = dlsym(nil, "gettid").map { unsafeBitCast($0, to: GetTID.self) }
    private static let getNameFunction: GetName? = dlsym(nil, "pthread_getname_np").map {
        unsafeBitCast($0, to: GetName.self)
    }
    private static let setNameFunction: SetName? = dlsym(nil, "pthread_setname_np").map {
        unsafeBitCast($0, to: SetName.self)
    }

    /// The kernel's limit for a thread name, without the terminating NUL (`TASK_COMM_LEN - 1`).
    static let maximumNameBytes = 15

    /// The program's file name (`program_invocation_short_name`), as `ps` shows it.
    static let programName: String = {
        if let symbol = dlsym(nil, "program_invocation_short_name"),
           let cString = symbol.assumingMemoryBound(to: UnsafePointer<CChar>?.self).pointee {
            return String(cString: cString)
        }
        let path = CommandLine.arguments.first ?? ""
        return String(path.split(separator: "/").last ?? "")
    }()

    /// The kernel name an unnamed thread has: threads inherit their creator's, and the main
    /// thread's is the program's file name, cut to 15 bytes.
    static let programThreadName: [UInt8] = Array(programName.utf8.prefix(maximumNameBytes))

    /// The calling thread's kernel id.
    static func currentID() -> Int32 {
        if let gettidFunction { return gettidFunction() }
        // "/proc/thread-self" links to "<pid>/task/<tid>".
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        if count > 0 {
            let digits = buffer[..<count].reversed().prefix { $0 >= 0x30 && $0 <= 0x39 }
            var id: Int32 = 0
            for digit in digits.reversed() { id = id &* 10 &+ Int32(digit - 0x30) }
            if id > 0 { return id }
        }
        return getpid()
    }

    /// The calling thread's kernel name, as bytes.
    static func currentName() -> [UInt8] {
        if let getNameFunction {
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 32) { buffer in
                buffer.initialize(repeating: 0)
                guard getNameFunction(pthread_self(), buffer.baseAddress, buffer.count) == 0 else { return [] }
                return Array(String(cString: buffer.baseAddress!).utf8)
            }
        }
        var bytes = readSmallFile("/proc/thread-self/comm")
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        return bytes
    }

    /// Sets the calling thread's kernel name to the longest prefix of `name` that fits and does
    /// not split a character.
    static func setCurrentName(_ name: String) {
        let bytes = truncatedName(name)
        if let setNameFunction {
            _ = (bytes + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { setNameFunction(pthread_self(), $0.baseAddress) }
            }
            return
        }
        let file = open("/proc/thread-self/comm", O_WRONLY)
        guard file >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
    }

    /// The name events carry for a thread with this id and kernel name.
    static func traceName(id: Int32, kernelName: [UInt8]) -> String {
        if kernelName.isEmpty || kernelName == programThreadName {
            return id == getpid() ? "main" : "thread \(id)"
        }
        return String(decoding: kernelName, as: UTF8.self)
    }

    /// `name`'s UTF-8, up to its first NUL, cut to 15 bytes on a character boundary.
    static func truncatedName(_ name: String) -> [UInt8] {
        let bytes = Array(name.utf8.prefix { $0 != 0 })
        guard bytes.count > maximumNameBytes else { return bytes }
        var end = maximumNameBytes
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return Array(bytes[..<end])
    }

    private static func readSmallFile(_ path: String) -> [UInt8] {
        let file = open(path, O_RDONLY)
        guard file >= 0 else { return [] }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[..<count]) : []
    }
}
