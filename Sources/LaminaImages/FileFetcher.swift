import Foundation

/// Reads a `file://` URL directly: regular files only (a FIFO or a device would block or never
/// end), at most `maximumBytes` — the size is checked before reading and the read itself is
/// bounded, so a file that grows meanwhile still cannot pass the limit.
enum FileFetcher {
    static func read(_ url: URL, maximumBytes: Int) throws(ImageLoadingError) -> Data {
        let path = url.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw .transport("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .transport("\(path) is not a regular file") }
        guard Int(info.st_size) <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        do {
            let handle = try FileHandle(forReadingFrom: url)
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
            guard data.count <= maximumBytes else { throw ImageLoadingError.tooLarge(limit: maximumBytes) }
            return data
        } catch let error as ImageLoadingError {
            throw error
        } catch {
            throw .transport("cannot read \(path): \(error)")
        }
    }
}
