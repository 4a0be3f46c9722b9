import Foundation
import LaminaGraphics
import LaminaImages
import Testing

@Suite("ImageMemoryCache and ImageDiskCache")
struct ImageCacheTests {
    static func image(side: Int) throws -> Image {
        try GraphicsContext.makeImage(width: Double(side), height: Double(side)) { $0.fill(Rect(x: 0, y: 0, width: 1, height: 1)) }
    }

    static func key(_ name: String) -> ImageMemoryCache.Key {
        ImageMemoryCache.Key(url: URL(string: "http://example.invalid/\(name).png")!)
    }

    @Test("the memory cache evicts the least recently used images past its cost")
    func memoryEvictionByCost() throws {
        let image = try Self.image(side: 10)  // 400 bytes
        let cache = ImageMemoryCache(costLimit: 1200)
        for name in ["a", "b", "c"] { cache.insert(image, for: Self.key(name)) }
        #expect(cache.totalCost == 1200)
        _ = cache.image(for: Self.key("a"))  // a is now the most recent
        cache.insert(image, for: Self.key("d"))
        #expect(cache.image(for: Self.key("b")) == nil, "b was the least recently used")
        #expect(cache.image(for: Self.key("a")) != nil)
        #expect(cache.count == 3 && cache.totalCost == 1200)
        cache.insert(try Self.image(side: 20), for: Self.key("big"))  // 1600 bytes: over the whole limit
        #expect(cache.image(for: Self.key("big")) == nil)
        #expect(cache.count == 3)
    }

    @Test("touching the newest entry leaves the order as it is, and touching the oldest makes it newest")
    func touchOrder() throws {
        let image = try Self.image(side: 10)  // 400 bytes
        let cache = ImageMemoryCache(costLimit: 1200)
        for name in ["a", "b", "c"] { cache.insert(image, for: Self.key(name)) }
        _ = cache.image(for: Self.key("c"))
        _ = cache.image(for: Self.key("c"))
        _ = cache.image(for: Self.key("a"))  // order, oldest first: b, c, a
        cache.insert(image, for: Self.key("d"))
        #expect(cache.image(for: Self.key("b")) == nil)
        cache.insert(image, for: Self.key("e"))
        #expect(cache.image(for: Self.key("c")) == nil)
        #expect(cache.image(for: Self.key("a")) != nil && cache.image(for: Self.key("d")) != nil)
    }

    @Test("a key's hash and equality follow its URL, also when the URL is changed")
    func keyFollowsItsURL() {
        var key = Self.key("a")
        #expect(key == Self.key("a") && key.hashValue == Self.key("a").hashValue)
        key.url = URL(string: "http://example.invalid/b.png")!
        #expect(key == Self.key("b") && key.hashValue == Self.key("b").hashValue)
        #expect(key != Self.key("a"))
        #expect(Self.key("a") != ImageMemoryCache.Key(url: Self.key("a").url, scale: 2))
        #expect(Self.key("a") != ImageMemoryCache.Key(url: Self.key("a").url, sizing: .fitting(width: 8, height: 8)))
    }

    @Test("the same URL at two sizes is two entries")
    func sizesAreSeparateEntries() throws {
        let cache = ImageMemoryCache()
        let url = URL(string: "http://example.invalid/p.png")!
        cache.insert(try Self.image(side: 4), for: ImageMemoryCache.Key(url: url, sizing: .maximumPixelSize(4)))
        #expect(cache.image(for: ImageMemoryCache.Key(url: url)) == nil)
        #expect(cache.image(for: ImageMemoryCache.Key(url: url, sizing: .maximumPixelSize(4))) != nil)
    }

    @Test("the disk cache evicts the least recently used entries past its size")
    func diskEvictionBySize() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try ImageDiskCache(directory: directory, sizeLimit: 2500)
        let urls = (0..<3).map { URL(string: "http://example.invalid/\($0).png")! }
        cache.store(Data(repeating: 1, count: 1000), for: urls[0])
        cache.store(Data(repeating: 2, count: 1000), for: urls[1])
        #expect(cache.data(for: urls[0]) != nil)  // 0 is now more recent than 1
        cache.store(Data(repeating: 3, count: 1000), for: urls[2])
        #expect(cache.data(for: urls[1]) == nil)
        #expect(!FileManager.default.fileExists(atPath: cache.fileURL(for: urls[1]).path))
        #expect(cache.data(for: urls[0]) == Data(repeating: 1, count: 1000))
        #expect(cache.totalSize == 2000)
        // A reopened cache sees the same entries.
        let reopened = try ImageDiskCache(directory: directory, sizeLimit: 2500)
        #expect(reopened.count == 2 && reopened.totalSize == 2000)
    }

    @Test("the directory is owner-only, entries too, and no temporary file is left")
    func ownerOnly() throws {
        let parent = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("nested/cache")
        let cache = try ImageDiskCache(directory: directory)
        let url = URL(string: "http://example.invalid/o.png")!
        cache.store(Data([1, 2, 3]), for: url)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        let file = try FileManager.default.attributesOfItem(atPath: cache.fileURL(for: url).path)
        #expect((file[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [ImageDiskCache.fileName(for: url)])
    }

    @Test("an entry older than the maximum age is absent and deleted")
    func maximumAge() throws {
        let directory = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = URL(string: "http://example.invalid/old.png")!
        try ImageDiskCache(directory: directory).store(Data([9]), for: url)
        let file = try ImageDiskCache(directory: directory).fileURL(for: url)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -7200)], ofItemAtPath: file.path)
        let young = try ImageDiskCache(directory: directory, maximumAge: .seconds(3 * 3600))
        #expect(young.data(for: url) == Data([9]))
        let strict = try ImageDiskCache(directory: directory, maximumAge: .seconds(3600))
        #expect(strict.data(for: url) == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    static let hostileURLs: [String: String] = [
        "dot segments": "http://h/../../x",
        "encoded dot segments": "http://h/%2e%2e/%2e%2e/x",
        "escaping to /etc": "http://h/a/../../../../etc/passwd",
        "file URL": "file:///../../x",
        "5,000 characters": "http://h/" + String(repeating: "a", count: 5000),
    ]

    @Test("URLs with ../, %2e%2e or 5,000 characters never name a file outside the directory",
          arguments: hostileURLs.keys.sorted())
    func pathTraversal(kind: String) throws {
        let parent = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("cache")
        let cache = try ImageDiskCache(directory: directory)
        let text = try #require(Self.hostileURLs[kind])
        let url = try #require(URL(string: text))
        cache.store(Data([1, 2, 3]), for: url)
        let parentOfEntry = cache.fileURL(for: url).deletingLastPathComponent().standardizedFileURL.path
        #expect(parentOfEntry.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
                    == directory.standardizedFileURL.path.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["cache"])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(names == [ImageDiskCache.fileName(for: url)])
        #expect(names.first?.count == 64 && names.first?.allSatisfy(\.isHexDigit) == true)
        #expect(cache.data(for: url) == Data([1, 2, 3]))
    }

    @Test("an unusable directory is a typed error")
    func unusableDirectory() throws {
        let parent = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let file = parent.appendingPathComponent("plain-file")
        _ = FileManager.default.createFile(atPath: file.path, contents: Data([1]))
        #expect(throws: ImageDiskCacheError.self) { try ImageDiskCache(directory: file.appendingPathComponent("cache")) }
    }

    @Test("the default directory follows XDG_CACHE_HOME or ~/.cache")
    func defaultDirectory() {
        let path = ImageDiskCache.defaultDirectory.path
        #expect(path.hasSuffix("/lamina/images"))
        if let xdg = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            #expect(path.hasPrefix(xdg))
        } else {
            #expect(path.contains("/.cache/"))
        }
    }
}
