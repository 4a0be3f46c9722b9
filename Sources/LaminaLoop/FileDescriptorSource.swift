import CLaminaShims
import Glibc

extension EventLoop {
    /// Calls a handler when a file descriptor becomes readable or writable: Linux's counterpart
    /// of CFRunLoop's version-1 (port) sources. The X11 connection reaches the loop this way.
    ///
    /// While a mode that holds the source runs, its fd is in the epoll set the loop sleeps on. A
    /// ready fd is one wake reason: the loop handles it after `afterWaiting`, instead of timers
    /// or the main queue, and it counts as a handled source. Watching is level-triggered: while
    /// the fd stays ready the handler is called again at each wake-up, so it should consume what
    /// is there (read until `EAGAIN`) or remove the source.
    ///
    /// Invalidate the source before closing its fd. A source can be in several loops and modes,
    /// but a mode holds only one source per fd: adding a second one for the same fd does nothing.
    public final class FileDescriptorSource: @unchecked Sendable {
        /// What an fd can be ready for.
        public struct Events: OptionSet, Hashable, Sendable, CustomStringConvertible {
            public let rawValue: UInt32

            public init(rawValue: UInt32) {
                self.rawValue = rawValue
            }

            /// Data can be read (or the peer closed its end: a read returns 0).
            public static let readable = Events(rawValue: LAMINA_IO_READABLE)
            /// Data can be written without blocking.
            public static let writable = Events(rawValue: LAMINA_IO_WRITABLE)
            /// An error is pending on the fd (reported whatever the interest).
            public static let error = Events(rawValue: LAMINA_IO_ERROR)
            /// The peer hung up (reported whatever the interest).
            public static let hangUp = Events(rawValue: LAMINA_IO_HANGUP)

            public var description: String {
                let names: [(Events, String)] = [(.readable, "readable"), (.writable, "writable"), (.error, "error"), (.hangUp, "hangUp")]
                let present = names.filter { contains($0.0) }.map(\.1)
                return present.isEmpty ? "none" : present.joined(separator: "|")
            }
        }

        /// Why a file descriptor cannot be watched.
        public enum Failure: Error, Hashable, Sendable {
            /// The fd is negative or not open.
            case notOpen(Int32)
            /// epoll cannot watch this kind of file (regular files and directories are always
            /// ready, so Linux refuses them).
            case notPollable(Int32)
            /// The interest names neither `.readable` nor `.writable`.
            case noInterest
            /// Another error from `epoll_ctl`, as `errno`.
            case system(errno: Int32)
        }

        /// The watched file descriptor; the source never closes it.
        public let fileDescriptor: Int32
        /// What the handler is called for: `.readable`, `.writable` or both.
        public let interest: Events
        /// What the trace calls it; nil shows "fd N".
        public let name: String?

        let handler: @Sendable (FileDescriptorSource, Events) -> Void
        let membership = LoopMembership(exclusive: false)

        /// A source watching `fileDescriptor` for `interest`; the handler runs on the loop's
        /// thread with what the fd is ready for. Throws ``Failure`` when epoll cannot watch the
        /// fd (checked now, so adding the source later does not fail for the same reason).
        public init(
            fileDescriptor: Int32,
            interest: Events = .readable,
            name: String? = nil,
            _ handler: @escaping @Sendable (FileDescriptorSource, Events) -> Void
        ) throws(Failure) {
            let watched = interest.intersection([.readable, .writable])
            guard !watched.isEmpty else { throw .noInterest }
            guard fileDescriptor >= 0 else { throw .notOpen(fileDescriptor) }
            let status = lamina_epoll_probe(fileDescriptor, watched.rawValue)
            switch -status {
            case 0: break
            case EBADF: throw .notOpen(fileDescriptor)
            case EPERM: throw .notPollable(fileDescriptor)
            default: throw .system(errno: -status)
            }
            self.fileDescriptor = fileDescriptor
            self.interest = watched
            self.name = name
            self.handler = handler
        }

        /// False once ``invalidate()`` has run.
        public var isValid: Bool {
            membership.isValid
        }

        /// Removes the source from every mode of every loop; its handler is never called again.
        /// Any thread.
        public func invalidate() {
            membership.invalidate(.fileDescriptor(self))
        }

        var traceLabel: String {
            name ?? "fd \(fileDescriptor)"
        }
    }
}
