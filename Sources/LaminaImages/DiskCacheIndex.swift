import Foundation
import LaminaLoop

/// What an ``ImageDiskCache`` knows about its files: each entry's size, write time and
/// recency. Kept behind the cache's lock; the file operations happen outside it.
struct DiskCacheIndex {
    /// Temporary files start with this, so a scan can tell them from entries (which are hex).
    static let temporaryPrefix = ".tmp-"

    struct Entry {
        var size: Int
        var written: Date
        var lastUse: UInt64
    }

    enum Lookup {
        case absent
        case expired
        case present(size: Int)
    }

    private var entries: [String: Entry] = [:]
    private var useCounter: UInt64 = 0
    private(set) var totalSize = 0

    /// Creates the directory owner-only when missing, removes leftover temporary files, and
    /// indexes the entries, least recently written first.
    init(scanning directory: URL) throws(ImageDiskCacheError) {
        let manager = FileManager.default
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true,
                                        attributes: [.posixPermissions: 0o700])
            try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
            let files = try manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)
            var found: [(String, Int, Date)] = []
            for file in files {
                let name = file.lastPathComponent
                if name.hasPrefix(Self.temporaryPrefix) {
                    try? manager.removeItem(at: file)
                    continue
                }
                guard name.count == 64, name.allSatisfy(\.isHexDigit),
                      let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true
                else { continue }
                found.append((name, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
            }
            for (name, size, written) in found.sorted(by: { $0.2 < $1.2 }) {
                recordWrite(name, size: size, at: written)
            }
        } catch {
            throw .directoryUnusable(path: directory.path, reason: "\(error)")
        }
    }

    var names: [String] { Array(entries.keys) }

    mutating func lookup(_ name: String, now: Date, maximumAge: Duration?) -> Lookup {
        guard var entry = entries[name] else { return .absent }
        if let maximumAge, now.timeIntervalSince(entry.written) > maximumAge.seconds {
            remove(name)
            return .expired
        }
        useCounter += 1
        entry.lastUse = useCounter
        entries[name] = entry
        return .present(size: entry.size)
    }

    mutating func recordWrite(_ name: String, size: Int, at date: Date) {
        remove(name)
        useCounter += 1
        entries[name] = Entry(size: size, written: date, lastUse: useCounter)
        totalSize += size
    }

    mutating func remove(_ name: String) {
        guard let entry = entries.removeValue(forKey: name) else { return }
        totalSize -= entry.size
    }

    mutating func removeAll() {
        entries = [:]
        totalSize = 0
    }

    /// Drops the least recently used entries until the total fits `limit`; returns their names
    /// for the caller to delete.
    mutating func evict(toFit limit: Int) -> [String] {
        guard totalSize > limit else { return [] }
        var victims: [String] = []
        for (name, _) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard totalSize > limit else { break }
            remove(name)
            victims.append(name)
        }
        return victims
    }
}
