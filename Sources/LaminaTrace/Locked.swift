import Glibc

/// A POSIX mutex, for Lamina's own modules.
///
/// Lamina uses this rather than `Synchronization.Mutex` because Thread Sanitizer does not see the
/// acquire in `Mutex`'s contended (futex) path on Linux and reports races that are not there;
/// `pthread_mutex_lock` is intercepted and understood. It also offers the "lock, collect, unlock,
/// call out, relock" sequences a run loop needs, which `Mutex`'s closure-only API makes awkward.
/// It lives in the lowest Swift module so every other module shares one implementation; it is
/// SPI, not part of Lamina's public API.
@_spi(LaminaInternals)
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// An unlocked lock.
    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Takes the lock.
    public func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases the lock.
    public func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the lock held.
    @inline(__always)
    public func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}

/// A value only reachable with its ``Lock`` held.
@_spi(LaminaInternals)
public final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    /// `value`, behind a new lock.
    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held.
    @inline(__always)
    public func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
