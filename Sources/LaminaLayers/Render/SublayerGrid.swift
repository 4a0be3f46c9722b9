import LaminaGraphics

/// A uniform grid over the culling extents of one layer's sublayers, in its sublayer space: what
/// lets a frame whose damage reaches a few of many sublayers visit those few instead of every
/// sibling (``RenderTree/sublayerPositions(of:meeting:upright:)``).
///
/// Kept up to date as deltas apply: when a sublayer's extent is forgotten (its subtree changed),
/// ``markStale(_:)`` notes it, and the next query files it again under its new extent. A layer
/// whose own state changes gets a new node, and so a new grid, built at the first frame that
/// needs it. Entries are positions in the layer's `sublayers` list.
final class SublayerGrid {
    /// Layers with fewer sublayers are scanned: a grid would cost more than it saves.
    static let minimumSublayers = 32
    /// At most this many cells per sublayer, and along an axis.
    private static let cellsPerSublayer = 4
    private static let maximumCellsPerAxis = 1_024

    /// Where a sublayer's subtree draws, as far as the grid is concerned.
    enum Reach {
        /// Nowhere: it draws nothing, or it is not in the tree.
        case nowhere
        /// Inside this rectangle (sublayer space).
        case inside(Rect)
        /// Inside this rectangle while the sublayer space lands upright at the tree's scale
        /// (see ``RenderTree/CullingExtent/uprightOnly``), else anywhere.
        case insideWhenUpright(Rect)
        /// Not bounded by a rectangle (a cast shadow): visited whatever the damage.
        case everywhere
    }

    /// What one sublayer is filed under.
    private enum Slot {
        case none
        case cells(columns: ClosedRange<Int>, rows: ClosedRange<Int>, uprightOnly: Bool)
        case always
    }

    private let origin: Point
    private let cellWidth: Double
    private let cellHeight: Double
    private let columns: Int
    private let rows: Int
    private var cells: [[Int32]]
    private var always: [Int] = []
    /// Positions filed in cells that hold only while the space is upright at the tree's scale.
    private var uprightOnly: [Int] = []
    private var slots: [Slot]
    private let positions: [LayerID: Int]
    private var stale: [Int] = []
    private var isStale: [Bool]
    /// Per position, the query that last returned it: duplicates are dropped without a set.
    private var lastQuery: [UInt32]
    private var query: UInt32 = 0

    /// A grid over `sublayers`, each reaching as `reach` says; nil when the list names a layer
    /// twice (bad input, scanned instead).
    init?(sublayers: [LayerID], reach: (LayerID) -> Reach) {
        var positions: [LayerID: Int] = [:]
        for (position, id) in sublayers.enumerated() {
            guard positions.updateValue(position, forKey: id) == nil else { return nil }
        }
        self.positions = positions
        let reaches = sublayers.map(reach)
        var rects: [Rect] = []
        for reach in reaches {
            switch reach {
            case .inside(let rect), .insideWhenUpright(let rect):
                if !rect.isNull && rect.isFinite { rects.append(rect) }
            case .nowhere, .everywhere: break
            }
        }
        var box = Self.coveredArea(of: rects)
        let n = Double(max(sublayers.count, 1))
        var columns = 1.0, rows = 1.0
        if !rects.isEmpty, !box.isNull {
            // Cells about the size of a typical sublayer, within the budget below.
            let width = Self.percentile(rects.map(\.width), 0.5), height = Self.percentile(rects.map(\.height), 0.5)
            columns = width > 0 ? min(max((box.width / width).rounded(.up), 1), Double(Self.maximumCellsPerAxis)) : 1
            rows = height > 0 ? min(max((box.height / height).rounded(.up), 1), Double(Self.maximumCellsPerAxis)) : 1
            let budget = n * Double(Self.cellsPerSublayer)
            if columns * rows > budget {
                let shrink = (columns * rows / budget).squareRoot()
                columns = max((columns / shrink).rounded(.down), 1)
                rows = max((rows / shrink).rounded(.down), 1)
            }
        } else {
            box = .zero
        }
        origin = box.origin
        self.columns = Int(columns)
        self.rows = Int(rows)
        cellWidth = box.width > 0 ? box.width / columns : 1
        cellHeight = box.height > 0 ? box.height / rows : 1
        cells = Array(repeating: [], count: self.columns * self.rows)
        slots = Array(repeating: .none, count: sublayers.count)
        isStale = Array(repeating: false, count: sublayers.count)
        lastQuery = Array(repeating: 0, count: sublayers.count)
        for (position, reach) in reaches.enumerated() { file(position, reach) }
    }

    /// The area the grid spreads its cells over: where most of `rects` are, from the 5th
    /// percentile of their left (top) edges to the 95th of their right (bottom) edges, so that a
    /// few sublayers far away (filed in the edge cells) do not stretch every cell.
    private static func coveredArea(of rects: [Rect]) -> Rect {
        guard !rects.isEmpty else { return .null }
        let minX = percentile(rects.map(\.minX), 0.05), maxX = percentile(rects.map(\.maxX), 0.95)
        let minY = percentile(rects.map(\.minY), 0.05), maxY = percentile(rects.map(\.maxY), 0.95)
        return Rect(x: minX, y: minY, width: max(maxX - minX, 0), height: max(maxY - minY, 0))
    }

    /// The value `fraction` of the way through `values` sorted (not empty).
    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        values.sorted()[Int((Double(values.count - 1) * fraction).rounded())]
    }

    /// Notes that `sublayer`'s extent changed: it is filed again at the next query. A layer the
    /// grid does not list (a mask, another layer's sublayer) is ignored.
    func markStale(_ sublayer: LayerID) {
        guard let position = positions[sublayer], !isStale[position] else { return }
        isStale[position] = true
        stale.append(position)
    }

    /// The positions, ascending, of the sublayers whose reach may meet one of `areas` (sublayer
    /// space): every one that does, and possibly a few more; those reaching
    /// ``Reach/insideWhenUpright(_:)`` all, unless the space is `upright`. Stale entries are filed
    /// again first with `reach`, which is given each sublayer's id by its position through
    /// `sublayers`.
    func positions(meeting areas: [Rect], upright: Bool, sublayers: [LayerID], reach: (LayerID) -> Reach) -> [Int] {
        for position in stale {
            isStale[position] = false
            unfile(position)
            file(position, reach(sublayers[position]))
        }
        stale.removeAll(keepingCapacity: true)
        query &+= 1
        if query == 0 {
            lastQuery = Array(repeating: 0, count: lastQuery.count)
            query = 1
        }
        var found = always
        for position in always { lastQuery[position] = query }
        if !upright {
            for position in uprightOnly where lastQuery[position] != query {
                lastQuery[position] = query
                found.append(position)
            }
        }
        for area in areas where area.isFinite && !area.isNull {
            let (columnRange, rowRange) = cellRanges(of: area)
            for row in rowRange {
                for column in columnRange {
                    for entry in cells[row * columns + column] where lastQuery[Int(entry)] != query {
                        lastQuery[Int(entry)] = query
                        found.append(Int(entry))
                    }
                }
            }
        }
        return found.sorted()
    }

    private func file(_ position: Int, _ reach: Reach) {
        switch reach {
        case .nowhere:
            slots[position] = .none
        case .everywhere:
            slots[position] = .always
            always.append(position)
        case .inside(let rect), .insideWhenUpright(let rect):
            guard !rect.isNull else {
                slots[position] = .none
                return
            }
            guard rect.isFinite else {
                slots[position] = .always
                always.append(position)
                return
            }
            let (columnRange, rowRange) = cellRanges(of: rect)
            let onlyUpright: Bool
            if case .insideWhenUpright = reach { onlyUpright = true } else { onlyUpright = false }
            if onlyUpright { uprightOnly.append(position) }
            slots[position] = .cells(columns: columnRange, rows: rowRange, uprightOnly: onlyUpright)
            for row in rowRange {
                for column in columnRange { cells[row * columns + column].append(Int32(position)) }
            }
        }
    }

    private func unfile(_ position: Int) {
        switch slots[position] {
        case .none: break
        case .always: always.removeAll { $0 == position }
        case .cells(let columnRange, let rowRange, let onlyUpright):
            if onlyUpright { uprightOnly.removeAll { $0 == position } }
            let entry = Int32(position)
            for row in rowRange {
                for column in columnRange { cells[row * columns + column].removeAll { $0 == entry } }
            }
        }
        slots[position] = .none
    }

    /// The cells `rect` covers, clamped to the grid: a rectangle beyond an edge lands in the edge
    /// cells, so a sublayer moved outside the area the grid was built over is still found.
    private func cellRanges(of rect: Rect) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        (Self.cellRange(rect.minX, rect.maxX, origin: origin.x, size: cellWidth, count: columns),
         Self.cellRange(rect.minY, rect.maxY, origin: origin.y, size: cellHeight, count: rows))
    }

    private static func cellRange(_ low: Double, _ high: Double, origin: Double, size: Double, count: Int) -> ClosedRange<Int> {
        func cell(_ value: Double) -> Int {
            let index = ((value - origin) / size).rounded(.down)
            return index.isNaN ? 0 : Int(min(max(index, 0), Double(count - 1)))
        }
        return cell(low)...cell(high)
    }
}
