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
    /// Adds an animation to the layer under `key` (replacing one there), or removes every one.
    case animate(Int, key: String, AnimationChange)
    /// Lets the render server animate for this many frame-clock ticks, with no commit.
    case advance(frames: Int)

    var description: String {
        switch self {
        case let .add(layer, parent, frame, background):
            ".add(\(layer), parent: \(parent), frame: \(frame.code), background: \(background?.code ?? "nil"))"
        case let .remove(layer): ".remove(\(layer))"
        case let .move(layer, parent): ".move(\(layer), to: \(parent))"
        case let .set(layer, change): ".set(\(layer), \(change))"
        case let .redraw(layer, rect): ".redraw(\(layer), \(rect?.code ?? "nil"))"
        case let .animate(layer, key, change): ".animate(\(layer), key: \"\(key)\", \(change))"
        case let .advance(frames): ".advance(frames: \(frames))"
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

/// An animation for ``TreeEdit/animate(_:key:_:)``: a basic animation of one render-state
/// property between two values, with its timing.
enum AnimationChange: Sendable, CustomStringConvertible {
    case position(Point, Point, AnimationTimingCase)
    case boundsOrigin(Point, Point, AnimationTimingCase)
    case bounds(Rect, Rect, AnimationTimingCase)
    case opacity(Double, Double, AnimationTimingCase)
    case transform(AffineTransform, AffineTransform, AnimationTimingCase)
    case backgroundColor(Color, Color, AnimationTimingCase)
    case cornerRadius(Double, Double, AnimationTimingCase)
    case shadowOffset(Size, Size, AnimationTimingCase)
    case zPosition(Double, Double, AnimationTimingCase)
    case isHidden(Bool, Bool, AnimationTimingCase)
    /// Removes every animation of the layer.
    case removeAll
    /// Sets the layer's speed (0 pauses its subtree's animations).
    case speed(Double)

    var description: String {
        switch self {
        case let .position(a, b, t): ".position(\(a.code), \(b.code), \(t))"
        case let .boundsOrigin(a, b, t): ".boundsOrigin(\(a.code), \(b.code), \(t))"
        case let .bounds(a, b, t): ".bounds(\(a.code), \(b.code), \(t))"
        case let .opacity(a, b, t): ".opacity(\(a), \(b), \(t))"
        case let .transform(a, b, t): ".transform(\(a.code), \(b.code), \(t))"
        case let .backgroundColor(a, b, t): ".backgroundColor(\(a.code), \(b.code), \(t))"
        case let .cornerRadius(a, b, t): ".cornerRadius(\(a), \(b), \(t))"
        case let .shadowOffset(a, b, t): ".shadowOffset(Size(width: \(a.width), height: \(a.height)), Size(width: \(b.width), height: \(b.height)), \(t))"
        case let .zPosition(a, b, t): ".zPosition(\(a), \(b), \(t))"
        case let .isHidden(a, b, t): ".isHidden(\(a), \(b), \(t))"
        case .removeAll: ".removeAll"
        case let .speed(speed): ".speed(\(speed))"
        }
    }
}

/// The timing of an ``AnimationChange``.
struct AnimationTimingCase: Sendable, CustomStringConvertible {
    var duration: Double
    var repeatCount: Double
    var autoreverses: Bool
    var fillMode: FillMode
    var isRemovedOnCompletion: Bool
    var isAdditive: Bool
    var eases: Bool

    /// Applies the timing to `animation`.
    func configure<A: Animation>(_ animation: inout A) {
        animation.duration = duration
        animation.repeatCount = repeatCount
        animation.autoreverses = autoreverses
        animation.fillMode = fillMode
        animation.isRemovedOnCompletion = isRemovedOnCompletion
        if eases { animation.timingFunction = .easeInEaseOut }
    }

    var description: String {
        "AnimationTimingCase(duration: \(duration), repeatCount: \(repeatCount), autoreverses: \(autoreverses), fillMode: .\(fillMode), "
            + "isRemovedOnCompletion: \(isRemovedOnCompletion), isAdditive: \(isAdditive), eases: \(eases))"
    }
}
