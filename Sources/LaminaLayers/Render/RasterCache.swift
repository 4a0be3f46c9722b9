/// The part rasters (``PartRaster``) of every node of one render tree, under one limit in bytes:
/// the least recently used go first when a new one would pass it.
///
/// A raster is a cache: dropping one costs a re-rasterisation the next time its part is drawn,
/// never a pixel — a part rasterised again at the same device transform comes out the same, which
/// is why it was rasterised in the first place. Without a limit, a tree of many rotated or
/// rounded layers kept one bitmap per part for as long as the layer did not change.
///
/// Each raster is held by its node (``RenderTree/Node/rasters``) through an ``Entry``; the entries
/// also form a list from the most to the least recently drawn. A node that goes (a new state, a
/// removed layer) takes its entries out of the list. A raster larger than the whole limit is
/// drawn once and not kept. Render-thread state, as the tree is.
final class RasterCache {
    /// One kept raster, in its node and in the recency list.
    final class Entry {
        let raster: PartRaster
        let part: PartRaster.Part
        /// The raster's pixels at 4 bytes each.
        let bytes: Int
        /// The node that keeps it.
        fileprivate(set) weak var node: RenderTree.Node?
        /// The cache it counts in (nil once it no longer does).
        fileprivate(set) weak var cache: RasterCache?
        /// The next entry drawn less recently (towards the one to evict), and the next more
        /// recently (towards the newest).
        fileprivate var older: Entry?
        fileprivate weak var newer: Entry?

        fileprivate init(raster: PartRaster, part: PartRaster.Part, bytes: Int, node: RenderTree.Node) {
            self.raster = raster
            self.part = part
            self.bytes = bytes
            self.node = node
        }
    }

    /// The limit by default: 64 MiB, four 2,048 × 2,048-pixel rasters, or 16,000 rasters of a
    /// 32-point layer at scale 2.
    static let defaultCapacity = 64 << 20

    /// The most bytes the kept rasters may hold.
    var capacity: Int {
        didSet { evict(downTo: capacity) }
    }
    /// The bytes the kept rasters hold now.
    private(set) var bytes = 0
    /// How many rasters are kept now.
    private(set) var count = 0
    /// How many rasters have been dropped to stay under the limit, since the cache was made.
    private(set) var evictions = 0
    private var newest: Entry?
    /// The least recently drawn entry, the first to go.
    private weak var oldest: Entry?

    init(capacity: Int = RasterCache.defaultCapacity) {
        self.capacity = max(capacity, 0)
    }

    /// Keeps `raster` as `node`'s `part`, replacing the one it had, and makes room for it by
    /// dropping the least recently drawn. A raster larger than the limit is not kept.
    func keep(_ raster: PartRaster, as part: PartRaster.Part, of node: RenderTree.Node) {
        if let replaced = node.rasters.removeValue(forKey: part) { remove(replaced) }
        let bytes = Int(raster.deviceRect.width * raster.deviceRect.height) * 4
        guard bytes <= capacity else { return }
        evict(downTo: capacity - bytes)
        let entry = Entry(raster: raster, part: part, bytes: bytes, node: node)
        node.rasters[part] = entry
        entry.cache = self
        link(asNewest: entry)
        self.bytes += bytes
        count += 1
    }

    /// Marks `entry` as just drawn: the last to go.
    func touch(_ entry: Entry) {
        guard entry.cache === self, newest !== entry else { return }
        unlink(entry)
        link(asNewest: entry)
    }

    /// Stops counting `entry` (its node is going, or keeps another raster for the part).
    func remove(_ entry: Entry) {
        guard entry.cache === self else { return }
        unlink(entry)
        entry.cache = nil
        bytes -= entry.bytes
        count -= 1
    }

    /// Drops the least recently drawn rasters until they hold at most `limit` bytes.
    private func evict(downTo limit: Int) {
        while bytes > limit, let victim = oldest {
            victim.node?.rasters[victim.part] = nil
            remove(victim)
            evictions += 1
        }
    }

    private func link(asNewest entry: Entry) {
        entry.older = newest
        entry.newer = nil
        newest?.newer = entry
        newest = entry
        if oldest == nil { oldest = entry }
    }

    private func unlink(_ entry: Entry) {
        let (older, newer) = (entry.older, entry.newer)
        if let newer { newer.older = older } else { newest = older }
        if let older { older.newer = newer } else { oldest = newer }
        entry.older = nil
        entry.newer = nil
    }
}
