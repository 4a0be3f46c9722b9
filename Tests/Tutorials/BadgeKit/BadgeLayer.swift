import Lamina

/// A badge: a count on a red pill, drawn by the layer itself. Setting `count` marks the layer;
/// the next transaction commit draws it. `flash(_:for:)` shows a count for a while, then hides
/// the badge, with a timer on the main loop.
final class BadgeLayer: Layer {
    var count = 0 {
        didSet { if count != oldValue { setNeedsDisplay() } }
    }
    /// How many times the layer has drawn, for the tests.
    private(set) var drawCount = 0
    private var hideTimer: EventLoop.Timer?

    /// Shows `count` now and hides the badge `duration` later; a second flash starts the wait
    /// again.
    func flash(_ count: Int, for duration: Duration) {
        self.count = count
        isHidden = false
        hideTimer?.invalidate()
        let timer = EventLoop.Timer(after: duration, name: "badge: hide") { [weak self] _ in
            MainActor.assumeIsolated { self?.isHidden = true }
        }
        EventLoop.main.add(timer, to: .default)
        hideTimer = timer
    }

    override func draw(in context: GraphicsContext) {
        drawCount += 1
        context.fillColor = Color(red: 0.9, green: 0.2, blue: 0.2)
        context.fill(bounds, cornerRadius: bounds.height / 2)
        let text = TextLayout(container: TextContainer(size: bounds.size), string: "\(count)",
                              font: Font(family: "DejaVu Sans", size: bounds.height * 0.6, weight: .bold), color: .white)
        let ink = text.textBoundingRect
        text.draw(in: context, at: Point(x: bounds.midX - ink.midX, y: bounds.midY - ink.midY))
    }
}
