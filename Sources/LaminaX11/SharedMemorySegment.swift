import CXCB
import Glibc

/// A System V shared-memory segment attached by both this process and the X server (MIT-SHM):
/// frames are copied into it and the server reads them from there, instead of receiving the
/// pixels through the socket. Render-thread state (the presenter's lock guards it).
final class SharedMemorySegment {
    /// The server's name for the segment.
    let id: xcb_shm_seg_t
    /// The segment's size in bytes.
    let byteCount: Int
    /// Where the segment is mapped in this process.
    let address: UnsafeMutableRawPointer
    private let connection: X11Connection

    /// A segment of `byteCount` bytes attached by the server, or nil when the server has no
    /// MIT-SHM, the kernel refuses a segment, or the server cannot attach it (a remote server,
    /// or a server in another IPC namespace — the extension can be present and still fail).
    ///
    /// `refusedByServer` names a segment the server cannot have (tests use it to make the attach
    /// fail for real, through the server's error reply).
    init?(byteCount: Int, connection: X11Connection, refusedByServer: Bool = false) {
        guard byteCount > 0, X11Connection.offersSharedMemory(connection) else { return nil }
        let shmID = shmget(key_t(0) /* IPC_PRIVATE */, byteCount, IPC_CREAT | 0o600)
        guard shmID >= 0 else { return nil }
        guard let address = shmat(shmID, nil, 0), address != UnsafeMutableRawPointer(bitPattern: -1) else {
            shmctl(shmID, IPC_RMID, nil)
            return nil
        }
        let segment = xcb_generate_id(connection.raw)
        let error = xcb_request_check(connection.raw, xcb_shm_attach_checked(connection.raw, segment,
                                                                                 refusedByServer ? UInt32.max : UInt32(shmID), 0))
        // Marked for removal now: the kernel frees it once both sides detach, even if we crash.
        shmctl(shmID, IPC_RMID, nil)
        guard error == nil, !connection.hasFailed else {
            free(error)
            shmdt(address)
            return nil
        }
        id = segment
        self.byteCount = byteCount
        self.address = address
        self.connection = connection
    }

    deinit {
        if !connection.hasFailed {
            xcb_shm_detach(connection.raw, id)
            connection.flush()
        }
        shmdt(address)
    }
}

extension X11Connection {
    /// Whether the server offers MIT-SHM (a shared segment may still fail to attach). Asked by
    /// name rather than through xcb's `xcb_shm_id`, a mutable C global Swift 6 will not touch.
    static func offersSharedMemory(_ connection: X11Connection) -> Bool {
        let name = "MIT-SHM"
        let cookie = xcb_query_extension(connection.raw, UInt16(name.utf8.count), name)
        guard let reply = xcb_query_extension_reply(connection.raw, cookie, nil) else { return false }
        defer { free(reply) }
        return reply.pointee.present != 0
    }
}
