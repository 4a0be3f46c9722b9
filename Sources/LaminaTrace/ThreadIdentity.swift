import CLaminaShims
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

/// Thread ids and names from the kernel, through CLaminaShims: `gettid`, `pthread_getname_np`
/// and `pthread_setname_np` need `_GNU_SOURCE`, so Swift's Glibc module hides them.
enum KernelThread {
    /// The kernel's limit for a thread name, without the terminating NUL (`TASK_COMM_LEN - 1`).
    static let maximumNameBytes = 15

    /// The program's file name, as `ps` shows it.
    static let programName = String(cString: lamina_program_short_name())

    /// The kernel name an unnamed thread has: threads inherit their creator's, and the main
    /// thread's is the program's file name, cut to 15 bytes.
    static let programThreadName: [UInt8] = Array(programName.utf8.prefix(maximumNameBytes))

    /// The calling thread's kernel id.
    static func currentID() -> Int32 {
        lamina_current_thread_id()
    }

    /// The calling thread's kernel name, as bytes.
    static func currentName() -> [UInt8] {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: maximumNameBytes + 1) { buffer in
            buffer.initialize(repeating: 0)
            guard lamina_current_thread_name(buffer.baseAddress, Int32(buffer.count)) == 0 else { return [] }
            return Array(String(cString: buffer.baseAddress!).utf8)
        }
    }

    /// Sets the calling thread's kernel name to the longest prefix of `name` that fits and does
    /// not split a character.
    static func setCurrentName(_ name: String) {
        _ = (truncatedName(name) + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { lamina_set_current_thread_name($0.baseAddress) }
        }
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
}
