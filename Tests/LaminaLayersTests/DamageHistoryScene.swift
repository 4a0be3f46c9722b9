import Foundation
import LaminaGraphics
@testable import LaminaLayers
import LaminaTesting
import LaminaLoop

/// Real layers hosted on a render server, driven by ``TreeEdit``s: after every edit the
/// transaction commits, the frame is presented, and the presented frame (drawn through damage,
/// culling and every cache) is compared with ``RenderServer/recompositeFromScratch()``.
@MainActor
final class DamageHistoryScene {
    /// What went wrong at one step of a history.
    struct Mismatch: CustomStringConvertible {
        let step: Int
        let difference: ImageDifference
        let presented: Image
        let reference: Image

        var description: String { "after edit \(step + 1): \(difference)" }
    }

    /// 1/255 per channel: the differential test's tolerance.
    nonisolated static let perChannelTolerance = 1

    let server: RenderServer
    private let presenter = HeadlessPresenter()
    private let host: LayerTreeHost
    private var layers: [Int: Layer]
    private var painters: [Int: PatternDelegate] = [:]
    private let root = Layer()

    /// A scene on a server that presents every commit at once or, `animated`, on a 60 Hz frame
    /// clock (run it on a virtual clock: ``TreeEdit/advance(frames:)`` moves it), whose render
    /// tree gives layers with `gridMinimum` sublayers or more a ``SublayerGrid``.
    init(size: Size, scale: Double, animated: Bool = false, gridMinimum: Int = SublayerGrid.minimumSublayers) throws {
        server = try RenderServer(size: size, scale: scale, presenter: presenter,
                                  frameInterval: animated ? FrameClock.sixtyHertz : .zero, sublayerGridMinimum: gridMinimum)
        root.frame = Rect(origin: .zero, size: size)
        root.backgroundColor = Color(white: 0.3)
        layers = [0: root]
        host = LayerTreeHost(rootLayer: root, renderServer: server)
        Transaction.flush()
    }

    deinit {
        server.shutdown()
    }

    /// Applies `edits` one by one, each committed and presented; returns the first frame that is
    /// not its full recomposite, or nil when every frame is.
    func firstMismatch(in edits: [TreeEdit]) -> Mismatch? {
        for (step, edit) in edits.enumerated() {
            apply(edit)
            if let mismatch = check(step: step) { return mismatch }
        }
        return nil
    }

    /// Commits, waits for the frame, and compares it with a full recomposite.
    private func check(step: Int) -> Mismatch? {
        Transaction.flush()
        guard let commit = host.lastCommitID, server.waitForPresentation(ofCommit: commit, timeout: .seconds(30)),
              let presented = presenter.lastFrame?.image, let reference = server.recompositeFromScratch() else {
            return nil
        }
        let difference = ImageDifference(between: presented, and: reference, perChannel: Self.perChannelTolerance)
        guard difference.differingPixelCount > 0 || !difference.sizesMatch else { return nil }
        return Mismatch(step: step, difference: difference, presented: presented, reference: reference)
    }

    private func apply(_ edit: TreeEdit) {
        switch edit {
        case let .add(number, parent, frame, background):
            guard layers[number] == nil, let parent = layers[parent] else { return }
            let layer = Layer()
            layer.frame = frame
            layer.backgroundColor = background
            layers[number] = layer
            parent.addSublayer(layer)
        case let .remove(number):
            guard number != 0 else { return }
            layers[number]?.removeFromSuperlayer()
        case let .move(number, parent):
            guard number != 0, let layer = layers[number], let parent = layers[parent], !isAncestor(layer, of: parent) else { return }
            parent.addSublayer(layer)
        case let .set(number, change):
            guard let layer = layers[number] else { return }
            apply(change, to: layer, number: number)
        case let .redraw(number, rect):
            guard let layer = layers[number], let painter = painters[number] else { return }
            painter.version += 1
            if let rect { layer.setNeedsDisplay(in: rect) } else { layer.setNeedsDisplay() }
        case let .animate(number, key, change):
            guard let layer = layers[number] else { return }
            animate(layer, key: key, change)
        case let .advance(frames):
            guard let interval = server.frameClock?.interval else { return }
            EventLoop.main.advance(by: interval * frames)
        }
    }

    private func animate(_ layer: Layer, key: String, _ change: AnimationChange) {
        func add<Value: AnimatableValue>(_ keyPath: AnimatableKeyPath<Value>, _ from: Value, _ to: Value, _ timing: AnimationTimingCase) {
            var animation = BasicAnimation(keyPath: keyPath, from: from, to: to)
            timing.configure(&animation)
            animation.isAdditive = timing.isAdditive && Value.adding(from, to) != nil
            // Refused animations (a value no animation can take) leave the layer as it is.
            try? layer.add(animation, forKey: key)
        }
        switch change {
        case let .position(a, b, t): add(.position, a, b, t)
        case let .boundsOrigin(a, b, t): add(.boundsOrigin, a, b, t)
        case let .bounds(a, b, t): add(.bounds, a, b, t)
        case let .opacity(a, b, t): add(.opacity, a, b, t)
        case let .transform(a, b, t): add(.transform, a, b, t)
        case let .backgroundColor(a, b, t): add(.backgroundColor, a, b, t)
        case let .cornerRadius(a, b, t): add(.cornerRadius, a, b, t)
        case let .shadowOffset(a, b, t): add(.shadowOffset, a, b, t)
        case let .zPosition(a, b, t): add(.zPosition, a, b, t)
        case let .isHidden(a, b, t): add(.isHidden, a, b, t)
        case .removeAll: layer.removeAllAnimations()
        case let .speed(speed): layer.speed = speed
        }
    }

    private func isAncestor(_ layer: Layer, of other: Layer) -> Bool {
        var current: Layer? = other
        while let next = current {
            if next === layer { return true }
            current = next.superlayer
        }
        return false
    }

    private func apply(_ change: LayerChange, to layer: Layer, number: Int) {
        switch change {
        case let .position(p): layer.position = p
        case let .bounds(r): layer.bounds = r
        case let .anchorPoint(p): layer.anchorPoint = p
        case let .transform(t): layer.transform = t
        case let .sublayerTransform(t): layer.sublayerTransform = t
        case let .zPosition(z): layer.zPosition = z
        case let .opacity(o): layer.opacity = o
        case let .isHidden(h): layer.isHidden = h
        case let .allowsGroupOpacity(g): layer.allowsGroupOpacity = g
        case let .cornerRadius(r): layer.cornerRadius = r
        case let .masksToBounds(m): layer.masksToBounds = m
        case let .backgroundColor(c): layer.backgroundColor = c
        case let .border(width, color):
            layer.borderWidth = width
            layer.borderColor = color
        case let .shadow(opacity, radius, offset, color):
            layer.shadowOpacity = opacity
            layer.shadowRadius = radius
            layer.shadowOffset = offset
            layer.shadowColor = color
        case let .shadowPath(rect, oval):
            layer.shadowPath = rect.map { oval ? Path(ellipseIn: $0) : Path(rect: $0) }
        case let .contents(index): layer.contents = index.map { DamageHistoryImages.all[$0] }
        case let .contentsGravity(g): layer.contentsGravity = g
        case let .contentsRect(r): layer.contentsRect = r
        case let .contentsCenter(r): layer.contentsCenter = r
        case let .contentsScale(s): layer.contentsScale = s
        case let .mask(frame, radius):
            layer.mask = frame.map { frame in
                let mask = Layer()
                mask.frame = frame
                mask.backgroundColor = Color(white: 1, alpha: 0.75)
                mask.cornerRadius = radius
                return mask
            }
        case let .drawsPattern(draws):
            if draws {
                let painter = painters[number] ?? PatternDelegate()
                painters[number] = painter
                layer.delegate = painter
                layer.setNeedsDisplay()
            } else {
                layer.delegate = nil
                painters[number] = nil
            }
        }
    }
}

/// Draws a pattern that changes with `version`: a tinted fill, a disc and a diagonal bar, so a
/// partial redraw leaves a visible seam where it ends.
@MainActor
final class PatternDelegate: LayerDelegate {
    var version = 0

    func draw(_ layer: Layer, in context: GraphicsContext) {
        let bounds = layer.bounds
        let hue = Double(version % 7) / 7
        context.fillColor = Color(red: hue, green: 1 - hue, blue: 0.5, alpha: 0.9)
        context.fill(bounds)
        context.fillColor = Color(red: 1 - hue, green: 0.2, blue: hue, alpha: 1)
        context.fill(Path(ellipseIn: bounds.insetBy(dx: bounds.width / 4, dy: bounds.height / 4)))
        var bar = Path()
        bar.move(to: Point(x: bounds.minX, y: bounds.maxY))
        bar.addLine(to: Point(x: bounds.maxX, y: bounds.minY))
        context.strokeColor = .white
        context.lineWidth = 2
        context.stroke(bar)
    }
}

/// The contents images the histories choose from: opaque and translucent, square and not, small
/// enough to overflow or underfill their layers under each gravity.
enum DamageHistoryImages {
    static var count: Int { 4 }

    static let all: [Image] = [
        make(width: 16, height: 16) { context in
            context.fillColor = .blue
            context.fill(context.bounds)
            context.fillColor = .yellow
            context.fill(Rect(x: 0, y: 0, width: 8, height: 8))
            context.fill(Rect(x: 8, y: 8, width: 8, height: 8))
        },
        make(width: 24, height: 12) { context in
            context.fillColor = Color(red: 1, green: 0.5, blue: 0, alpha: 0.6)
            context.fill(Path(ellipseIn: context.bounds))
        },
        make(width: 40, height: 40) { context in
            context.fillColor = .green
            context.fill(context.bounds)
            context.fillColor = .red
            context.fill(Rect(x: 10, y: 10, width: 20, height: 20))
        },
        make(width: 8, height: 30) { context in
            for row in 0..<15 {
                context.fillColor = row % 2 == 0 ? .white : Color(red: 0.5, green: 0, blue: 0.5, alpha: 0.5)
                context.fill(Rect(x: 0, y: Double(row * 2), width: 8, height: 2))
            }
        },
    ]

    private static func make(width: Double, height: Double, _ body: (GraphicsContext) -> Void) -> Image {
        // The sizes above are valid: this cannot throw.
        try! GraphicsContext.makeImage(width: width, height: height, scale: 1, body)
    }
}
