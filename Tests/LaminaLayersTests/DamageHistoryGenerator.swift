import LaminaGraphics
import LaminaLayers

/// Makes random histories of ``TreeEdit``s for a tree in a `size`-point window: tree edits (add,
/// remove, re-parent) and every render-state property, with fractional positions, rotations and
/// scales, shadows near edges, masks, partial redraws — weighted towards what damage tracking
/// finds hard. Deterministic for a seed.
struct DamageHistoryGenerator {
    let size: Size
    private var random: SplitMix
    /// Layer numbers added so far (the root, 0, included), attached or not.
    private var layers: [Int] = [0]
    private var nextLayer = 1
    /// At most this many layers are added, so a history keeps reworking a small tree.
    private let maximumLayers = 12

    /// Whether histories add animations and let the render server run them.
    private let animates: Bool

    init(seed: UInt64, size: Size, animates: Bool = false) {
        random = SplitMix(seed: seed)
        self.size = size
        self.animates = animates
    }

    /// The next `count` edits.
    mutating func edits(_ count: Int) -> [TreeEdit] {
        (0..<count).map { _ in next() }
    }

    mutating func next() -> TreeEdit {
        let roll = random.next(below: 100)
        if roll < 12 || layers.count < 3 { return add() }
        let layer = pick(includingRoot: false)
        if animates, roll >= 60 {
            return roll < 80 ? .animate(layer, key: "k\(random.next(below: 3))", animation()) : .advance(frames: 1 + random.next(below: 4))
        }
        switch roll {
        case 12..<16: return .remove(layer)
        case 16..<21: return .move(layer, to: pick(includingRoot: true))
        case 21..<26: return .redraw(layer, random.chance(0.5) ? nil : rect(within: 40))
        default: return .set(random.chance(0.1) ? 0 : layer, change())
        }
    }

    private mutating func add() -> TreeEdit {
        guard nextLayer <= maximumLayers else { return .move(pick(includingRoot: false), to: pick(includingRoot: true)) }
        let layer = nextLayer
        nextLayer += 1
        let parent = pick(includingRoot: true)
        layers.append(layer)
        return .add(layer, parent: parent, frame: rect(within: 60), background: random.chance(0.8) ? color() : nil)
    }

    private mutating func pick(includingRoot: Bool) -> Int {
        let candidates = includingRoot ? layers : Array(layers.dropFirst())
        return candidates[random.next(below: candidates.count)]
    }

    private mutating func change() -> LayerChange {
        switch random.next(below: 23) {
        case 0, 1: return .position(point())
        case 2: return .bounds(Rect(x: random.next(in: -8...8, step: 0.5), y: random.next(in: -8...8, step: 0.5),
                                    width: random.next(in: 0...50, step: 0.25), height: random.next(in: 0...50, step: 0.25)))
        case 3: return .anchorPoint(Point(x: random.next(in: 0...1, step: 0.25), y: random.next(in: 0...1, step: 0.25)))
        case 4, 5: return .transform(transform())
        case 6: return .sublayerTransform(random.chance(0.5) ? .identity : transform())
        case 7: return .zPosition(random.next(in: -2...2, step: 1))
        case 8: return .opacity(random.next(in: 0...1, step: 0.125))
        case 9: return .isHidden(random.chance(0.25))
        case 10: return .allowsGroupOpacity(random.chance(0.5))
        case 11: return .cornerRadius(random.next(in: 0...16, step: 0.5))
        case 12: return .masksToBounds(random.chance(0.5))
        case 13: return .backgroundColor(random.chance(0.9) ? color() : nil)
        case 14: return .border(width: random.next(in: 0...6, step: 0.5), color: color())
        case 15, 16, 17:
            return .shadow(opacity: random.next(in: 0...1, step: 0.25), radius: random.next(in: 0...10, step: 0.5),
                           offset: Size(width: random.next(in: -8...8, step: 0.5), height: random.next(in: -8...8, step: 0.5)),
                           color: color(opaque: true))
        case 18: return .shadowPath(random.chance(0.6) ? rect(within: 50, from: -10) : nil, oval: random.chance(0.5))
        case 19: return .contents(random.chance(0.85) ? random.next(below: DamageHistoryImages.count) : nil)
        case 20: return contentsGeometry()
        case 21: return .mask(random.chance(0.75) ? rect(within: 40, from: -5) : nil, cornerRadius: random.next(in: 0...10, step: 1))
        default: return .drawsPattern(random.chance(0.8))
        }
    }

    /// A random animation: mostly moves, fades and turns, some of every other kind, with short
    /// durations, repeats, reversals and fills, so histories see animations start, run and end.
    private mutating func animation() -> AnimationChange {
        let timing = AnimationTimingCase(
            duration: random.next(in: 0.05...0.4, step: 0.05), repeatCount: [0, 0, 1.5, 3, .infinity][random.next(below: 5)],
            autoreverses: random.chance(0.3), fillMode: [.removed, .forwards, .backwards, .both][random.next(below: 4)],
            isRemovedOnCompletion: random.chance(0.8), isAdditive: random.chance(0.15), eases: random.chance(0.5))
        switch random.next(below: 13) {
        case 0, 1: return .position(point(), point(), timing)
        case 2: return .boundsOrigin(Point(x: random.next(in: -20...20, step: 1), y: random.next(in: -20...20, step: 1)),
                                     Point(x: random.next(in: -20...20, step: 1), y: random.next(in: -20...20, step: 1)), timing)
        case 3: return .bounds(rect(within: 40), rect(within: 40), timing)
        case 4, 5: return .opacity(random.next(in: 0...1, step: 0.125), random.next(in: 0...1, step: 0.125), timing)
        case 6: return .transform(transform(), transform(), timing)
        case 7: return .backgroundColor(color(), color(), timing)
        case 8: return .cornerRadius(random.next(in: 0...16, step: 0.5), random.next(in: 0...16, step: 0.5), timing)
        case 9: return .shadowOffset(Size(width: random.next(in: -8...8, step: 0.5), height: random.next(in: -8...8, step: 0.5)),
                                     Size(width: random.next(in: -8...8, step: 0.5), height: random.next(in: -8...8, step: 0.5)), timing)
        case 10: return .zPosition(random.next(in: -2...2, step: 1), random.next(in: -2...2, step: 1), timing)
        case 11: return random.chance(0.5) ? .isHidden(false, true, timing) : .removeAll
        default: return .speed([0, 0.5, 1, 2][random.next(below: 4)])
        }
    }

    private mutating func contentsGeometry() -> LayerChange {
        switch random.next(below: 4) {
        case 0: return .contentsGravity(ContentsGravity.allCases[random.next(below: ContentsGravity.allCases.count)])
        case 1: return .contentsRect(Rect(x: random.next(in: -0.25...0.75, step: 0.125), y: random.next(in: -0.25...0.75, step: 0.125),
                                          width: random.next(in: 0.125...1, step: 0.125), height: random.next(in: 0.125...1, step: 0.125)))
        case 2: return .contentsCenter(Rect(x: random.next(in: 0...0.5, step: 0.125), y: random.next(in: 0...0.5, step: 0.125),
                                            width: random.next(in: 0...0.5, step: 0.125), height: random.next(in: 0...0.5, step: 0.125)))
        default: return .contentsScale(random.next(in: 1...3, step: 1))
        }
    }

    /// Mostly small moves and turns; sometimes a scale, a skew or a transform that is not finite.
    private mutating func transform() -> AffineTransform {
        switch random.next(below: 10) {
        case 0: return .identity
        case 1, 2, 3: return AffineTransform(rotationAngle: random.next(in: -Double.pi...Double.pi, step: Double.pi / 24))
        case 4, 5: return AffineTransform(scaleX: random.next(in: 0.5...2, step: 0.25), y: random.next(in: 0.5...2, step: 0.25))
        case 6: return AffineTransform(translationX: random.next(in: -10...10, step: 0.25), y: random.next(in: -10...10, step: 0.25))
        case 7: return AffineTransform(a: 1, b: 0, c: random.next(in: -0.5...0.5, step: 0.25), d: 1, tx: 0, ty: 0)
        case 8: return AffineTransform(scaleX: 2, y: 2)
        default: return random.chance(0.3) ? AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
            : AffineTransform(rotationAngle: random.next(in: 0...1, step: 0.01)).concatenating(AffineTransform(scaleX: 1.5, y: 0.75))
        }
    }

    private mutating func point() -> Point {
        Point(x: random.next(in: -10...(size.width + 10), step: 0.25), y: random.next(in: -10...(size.height + 10), step: 0.25))
    }

    private mutating func rect(within extent: Double, from origin: Double = -5) -> Rect {
        Rect(x: random.next(in: origin...(size.width - 5), step: 0.25), y: random.next(in: origin...(size.height - 5), step: 0.25),
             width: random.next(in: 0...extent, step: 0.25), height: random.next(in: 0...extent, step: 0.25))
    }

    private mutating func color(opaque: Bool = false) -> Color {
        Color(red: random.next(in: 0...1, step: 0.125), green: random.next(in: 0...1, step: 0.125),
              blue: random.next(in: 0...1, step: 0.125), alpha: opaque || random.chance(0.6) ? 1 : random.next(in: 0.25...1, step: 0.25))
    }
}
