import LaminaGraphics
import LaminaLayers

/// One change to a random layer tree, naming layers by number (0 is the root; every other layer
/// gets its number when it is added). A plain value, so a failing history prints as code that
/// replays it, and shrinks by leaving changes out: a change naming a layer that is missing, or a
/// move that would make a cycle, is skipped.
enum TreeEdit: Sendable, CustomStringConvertible {
    /// Adds layer `layer` under `parent` at `frame`, with a background colour.
    case add(Int, parent: Int, frame: Rect, background: Color?)
    /// Removes the layer (and its subtree) from its superlayer.
    case remove(Int)
    /// Moves the layer under another, on top of its sublayers.
    case move(Int, to: Int)
    /// Changes one property.
    case set(Int, LayerChange)
    /// Draws the layer's pattern anew, wholly or in the rectangle (`setNeedsDisplay(in:)`).
    case redraw(Int, Rect?)

    var description: String {
        switch self {
        case let .add(layer, parent, frame, background):
            ".add(\(layer), parent: \(parent), frame: \(frame.code), background: \(background?.code ?? "nil"))"
        case let .remove(layer): ".remove(\(layer))"
        case let .move(layer, parent): ".move(\(layer), to: \(parent))"
        case let .set(layer, change): ".set(\(layer), \(change))"
        case let .redraw(layer, rect): ".redraw(\(layer), \(rect?.code ?? "nil"))"
        }
    }
}

/// A property change of ``TreeEdit/set(_:_:)``: everything a layer's render state holds.
enum LayerChange: Sendable, CustomStringConvertible {
    case position(Point)
    case bounds(Rect)
    case anchorPoint(Point)
    case transform(AffineTransform)
    case sublayerTransform(AffineTransform)
    case zPosition(Double)
    case opacity(Double)
    case isHidden(Bool)
    case allowsGroupOpacity(Bool)
    case cornerRadius(Double)
    case masksToBounds(Bool)
    case backgroundColor(Color?)
    case border(width: Double, color: Color)
    case shadow(opacity: Double, radius: Double, offset: Size, color: Color)
    case shadowPath(Rect?, oval: Bool)
    /// One of ``DamageHistoryImages``, or none.
    case contents(Int?)
    case contentsGravity(ContentsGravity)
    case contentsRect(Rect)
    case contentsCenter(Rect)
    case contentsScale(Double)
    /// A new mask layer at a frame, with a half-transparent background and a corner radius; nil
    /// removes the mask.
    case mask(Rect?, cornerRadius: Double)
    /// Gives the layer a delegate that draws a pattern (or takes it away).
    case drawsPattern(Bool)

    var description: String {
        switch self {
        case let .position(p): ".position(\(p.code))"
        case let .bounds(r): ".bounds(\(r.code))"
        case let .anchorPoint(p): ".anchorPoint(\(p.code))"
        case let .transform(t): ".transform(\(t.code))"
        case let .sublayerTransform(t): ".sublayerTransform(\(t.code))"
        case let .zPosition(z): ".zPosition(\(z))"
        case let .opacity(o): ".opacity(\(o))"
        case let .isHidden(h): ".isHidden(\(h))"
        case let .allowsGroupOpacity(g): ".allowsGroupOpacity(\(g))"
        case let .cornerRadius(r): ".cornerRadius(\(r))"
        case let .masksToBounds(m): ".masksToBounds(\(m))"
        case let .backgroundColor(c): ".backgroundColor(\(c?.code ?? "nil"))"
        case let .border(w, c): ".border(width: \(w), color: \(c.code))"
        case let .shadow(o, r, off, c):
            ".shadow(opacity: \(o), radius: \(r), offset: Size(width: \(off.width), height: \(off.height)), color: \(c.code))"
        case let .shadowPath(r, oval): ".shadowPath(\(r?.code ?? "nil"), oval: \(oval))"
        case let .contents(i): ".contents(\(i.map(String.init) ?? "nil"))"
        case let .contentsGravity(g): ".contentsGravity(.\(g))"
        case let .contentsRect(r): ".contentsRect(\(r.code))"
        case let .contentsCenter(r): ".contentsCenter(\(r.code))"
        case let .contentsScale(s): ".contentsScale(\(s))"
        case let .mask(r, radius): ".mask(\(r?.code ?? "nil"), cornerRadius: \(radius))"
        case let .drawsPattern(d): ".drawsPattern(\(d))"
        }
    }
}

/// Swift source for values, so a printed history compiles as a regression test.
extension Rect {
    var code: String { "Rect(x: \(minX), y: \(minY), width: \(width), height: \(height))" }
}

extension Point {
    var code: String { "Point(x: \(x), y: \(y))" }
}

extension Color {
    var code: String { "Color(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))" }
}

extension AffineTransform {
    var code: String { "AffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}
