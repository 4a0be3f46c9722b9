import Foundation
@_spi(LaminaInternals) import LaminaTrace

/// Fetched image bytes on disk, in a directory the caller chooses, least recently used evicted
/// once their total passes ``sizeLimit`` — the disk side of SDImageCache and YYDiskCache. Any
/// thread.
///
/// - The directory is created owner-only (0700) and files are written owner-only (0600).
/// - A file's name is the SHA-256 of the URL in hex, never anything taken from the URL, so no
///   URL (`../../x`, `%2e%2e/x`, 5,000 characters) can name a file outside the directory.
/// - Each entry is written to a temporary file in the same directory and renamed into place, so
///   a reader sees a whole entry or none, and a crash leaves at most a temporary file (removed
///   when a cache next opens the directory).
/// - Recency is kept in memory, starting from the files' modification times when the cache
///   opens the directory; ``maximumAge`` counts from when an entry was written.
/// - The bytes are not checked here: ``ImageLoader`` removes an entry that fails to decode and
///   fetches it again.
public final class ImageDiskCache: Sendable {
    /// The directory holding the entries.
    public let directory: URL
    /// The most bytes kept on disk.
    public let sizeLimit: Int
    /// How old an entry may be before it is treated as absent (and deleted); nil keeps entries
    /// until evicted.
    public let maximumAge: Duration?
    private let index: Locked<DiskCacheIndex>

    /// Opens (creating it, owner-only, when missing) a cache in `directory`.
    ///
    /// - Parameters:
    ///   - directory: where entries live; ``defaultDirectory`` is the usual choice.
    ///   - sizeLimit: the most bytes kept (256 MiB by default).
    ///   - maximumAge: entries older than this are fetched again; nil for no limit.
    /// - Throws: ``ImageDiskCacheError`` when the directory cannot be created or read.
    public init(directory: URL, sizeLimit: Int = 256 << 20, maximumAge: Duration? = nil) throws(ImageDiskCacheError) {
        self.directory = directory.standardizedFileURL
        self.sizeLimit = max(0, sizeLimit)
        self.maximumAge = maximumAge
        index = Locked(try DiskCacheIndex(scanning: self.directory))
        evictIfNeeded()
    }

    /// `$XDG_CACHE_HOME/lamina/images`, or `~/.cache/lamina/images` when that is not set (the
    /// XDG base-directory rule).
    public static var defaultDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        }
        return base.appendingPathComponent("lamina/images", isDirectory: true)
    }

    /// The file name of `url`'s entry: the SHA-256 of its absolute string, in hex.
    public static func fileName(for url: URL) -> String {
        SHA256Digest.hexString(url.absoluteString.utf8)
    }

    /// Where `url`'s entry lives (whether or not it exists): always directly inside ``directory``.
    public func fileURL(for url: URL) -> URL {
        directory.appendingPathComponent(Self.fileName(for: url), isDirectory: false)
    }

    /// The bytes stored for `url`, now the most recently used; nil when absent, expired (then
    /// deleted), larger than `maximumBytes`, or unreadable.
    public func data(for url: URL, maximumBytes: Int = .max) -> Data? {
        let name = Self.fileName(for: url)
        let now = Date()
        let lookup = index.withLock { index -> DiskCacheIndex.Lookup in
            index.lookup(name, now: now, maximumAge: maximumAge)
        }
        switch lookup {
        case .absent:
            return nil
        case .expired:
            try? FileManager.default.removeItem(at: fileURL(for: url))
            return nil
        case let .present(size):
            guard size <= maximumBytes, let data = try? Data(contentsOf: fileURL(for: url)) else { return nil }
            return data
        }
    }

    /// Stores `data` for `url`: written to a temporary file, then renamed into place, then the
    /// least recently used entries are evicted while the total is over ``sizeLimit``. Data larger
    /// than the whole limit is not stored. Failures (a full disk) are ignored: a cache may lose
    /// entries.
    public func store(_ data: Data, for url: URL) {
        guard data.count <= sizeLimit else { return }
        let name = Self.fileName(for: url)
        let temporary = directory.appendingPathComponent(DiskCacheIndex.temporaryPrefix + UUID().uuidString)
        guard FileManager.default.createFile(atPath: temporary.path, contents: data,
                                             attributes: [.posixPermissions: 0o600]) else { return }
        guard rename(temporary.path, fileURL(for: url).path) == 0 else {
            try? FileManager.default.removeItem(at: temporary)
            return
        }
        index.withLock { $0.recordWrite(name, size: data.count, at: Date()) }
        evictIfNeeded()
    }

    /// Deletes `url`'s entry.
    public func removeData(for url: URL) {
        let name = Self.fileName(for: url)
        index.withLock { $0.remove(name) }
        try? FileManager.default.removeItem(at: fileURL(for: url))
    }

    /// Deletes every entry.
    public func removeAll() {
        let names = index.withLock { index in
            defer { index.removeAll() }
            return index.names
        }
        for name in names { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
    }

    /// The bytes stored now.
    public var totalSize: Int { index.withLock { $0.totalSize } }
    /// How many entries there are.
    public var count: Int { index.withLock { $0.names.count } }

    private func evictIfNeeded() {
        let victims = index.withLock { $0.evict(toFit: sizeLimit) }
        for name in victims { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
    }
}

/// Why an ``ImageDiskCache`` could not open its directory.
public enum ImageDiskCacheError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The directory could not be created, made owner-only, or listed.
    case directoryUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .directoryUnusable(path, reason): "image cache directory \(path) is unusable: \(reason)"
        }
    }
}
