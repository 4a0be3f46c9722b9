import LaminaGraphics

/// A ``Path`` as a keyframe animation travels it: its vertices (the start and every element's
/// end point) are the keyframes, and between two of them a line, a curve, or a jump (a move
/// to a new subpath, which has no length and is crossed at once).
struct PathTrack: Sendable {
    /// The path between two successive keyframes.
    enum Piece: Sendable {
        case line(Point, Point)
        case quad(Point, Point, Point)
        case cubic(Point, Point, Point, Point)
        case jump(Point, Point)
    }

    private(set) var vertices: [Point] = []
    private(set) var pieces: [Piece] = []
    /// For each piece, its cumulative arc length at evenly spaced parameters (empty for lines
    /// and jumps, whose length is exact), for travelling curves at constant speed.
    private var lengthTables: [[Double]] = []

    /// Samples a curve's length table takes: enough that linear interpolation between them
    /// (refined by Newton steps) finds a point within a hair of constant speed.
    private static let tableSamples = 64

    init(_ path: Path) {
        var current: Point?
        var subpathStart: Point?
        func add(_ piece: (Point) -> Piece, to end: Point) {
            guard let from = current else {
                vertices.append(end)
                current = end
                return
            }
            pieces.append(piece(from))
            vertices.append(end)
            current = end
        }
        for element in path.elements {
            switch element {
            case let .move(to: point):
                add({ .jump($0, point) }, to: point)
                subpathStart = point
            case let .line(to: point):
                add({ .line($0, point) }, to: point)
            case let .quadCurve(to: point, control: control):
                add({ .quad($0, control, point) }, to: point)
            case let .curve(to: point, control1: c1, control2: c2):
                add({ .cubic($0, c1, c2, point) }, to: point)
            case .close:
                if let start = subpathStart, let from = current, from != start {
                    add({ .line($0, start) }, to: start)
                }
            }
        }
        lengthTables = pieces.map(Self.lengthTable)
    }

    /// Each piece's length (a jump's is 0).
    var lengths: [Double] { lengthTables.indices.map { length(ofPiece: $0) } }

    /// The point `t` (0…1) along piece `index` by the curve's own parameter.
    func point(inPiece index: Int, parameter t: Double) -> Point {
        Self.point(pieces[index], at: Swift.min(Swift.max(t, 0), 1))
    }

    /// The point a fraction `s` (0…1) of the way along piece `index` by arc length.
    func point(inPiece index: Int, lengthFraction s: Double) -> Point {
        let piece = pieces[index]
        let s = Swift.min(Swift.max(s, 0), 1)
        switch piece {
        case .line, .jump:
            return Self.point(piece, at: s)
        case .quad, .cubic:
            return Self.point(piece, at: parameter(inPiece: index, lengthFraction: s))
        }
    }

    private func length(ofPiece index: Int) -> Double {
        switch pieces[index] {
        case let .line(a, b): return a.distance(to: b)
        case .jump: return 0
        case .quad, .cubic: return lengthTables[index].last ?? 0
        }
    }

    /// The curve parameter at which arc length reaches `s` of the whole: interpolated in the
    /// table, then refined by Newton's method on length(t) − target, whose derivative is the
    /// speed |B'(t)|.
    private func parameter(inPiece index: Int, lengthFraction s: Double) -> Double {
        let table = lengthTables[index]
        let piece = pieces[index]
        guard let total = table.last, total > 0 else { return s }
        let target = s * total
        var low = 0, high = table.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if table[middle] <= target { low = middle } else { high = middle }
        }
        let step = 1 / Double(Self.tableSamples)
        let span = table[high] - table[low]
        let (lowT, highT) = (Double(low) * step, Double(high) * step)
        var t = lowT + (span > 0 ? (target - table[low]) / span : 0) * step
        for _ in 0..<4 {
            let error = table[low] + Self.arcLength(piece, from: lowT, to: t) - target
            let speed = Self.speed(piece, at: t)
            guard speed > 1e-12 else { break }
            t = Swift.min(Swift.max(t - error / speed, lowT), highT)
        }
        return t
    }

    private static func lengthTable(_ piece: Piece) -> [Double] {
        switch piece {
        case .line, .jump: return []
        case .quad, .cubic:
            var table = [0.0]
            let step = 1 / Double(tableSamples)
            for sample in 0..<tableSamples {
                let t = Double(sample) * step
                table.append(table[sample] + arcLength(piece, from: t, to: t + step))
            }
            return table
        }
    }

    /// ∫ |B'(t)| dt over [a, b] by five-point Gauss–Legendre quadrature.
    private static func arcLength(_ piece: Piece, from a: Double, to b: Double) -> Double {
        let nodes: [(Double, Double)] = [
            (0, 0.568_888_888_888_888_9), (-0.538_469_310_105_683_1, 0.478_628_670_499_366_5),
            (0.538_469_310_105_683_1, 0.478_628_670_499_366_5), (-0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
            (0.906_179_845_938_664_0, 0.236_926_885_056_189_1),
        ]
        let (half, middle) = ((b - a) / 2, (a + b) / 2)
        return half * nodes.reduce(0) { $0 + $1.1 * speed(piece, at: middle + half * $1.0) }
    }

    /// |B'(t)|.
    private static func speed(_ piece: Piece, at t: Double) -> Double {
        let u = 1 - t
        var (dx, dy): (Double, Double)
        switch piece {
        case let .line(a, b), let .jump(a, b):
            (dx, dy) = (b.x - a.x, b.y - a.y)
        case let .quad(a, c, b):
            dx = 2 * (u * (c.x - a.x) + t * (b.x - c.x))
            dy = 2 * (u * (c.y - a.y) + t * (b.y - c.y))
        case let .cubic(a, c1, c2, b):
            dx = 3 * (u * u * (c1.x - a.x) + 2 * u * t * (c2.x - c1.x) + t * t * (b.x - c2.x))
            dy = 3 * (u * u * (c1.y - a.y) + 2 * u * t * (c2.y - c1.y) + t * t * (b.y - c2.y))
        }
        return (dx * dx + dy * dy).squareRoot()
    }

    private static func point(_ piece: Piece, at t: Double) -> Point {
        let u = 1 - t
        switch piece {
        case let .line(a, b):
            return Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        case let .jump(a, b):
            return t < 1 ? a : b
        case let .quad(a, c, b):
            return Point(x: u * u * a.x + 2 * u * t * c.x + t * t * b.x, y: u * u * a.y + 2 * u * t * c.y + t * t * b.y)
        case let .cubic(a, c1, c2, b):
            let (w0, w1, w2, w3) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            return Point(x: w0 * a.x + w1 * c1.x + w2 * c2.x + w3 * b.x, y: w0 * a.y + w1 * c1.y + w2 * c2.y + w3 * b.y)
        }
    }
}
