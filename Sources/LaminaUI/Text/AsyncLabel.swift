import LaminaGraphics
import LaminaLayers
import LaminaText
@_spi(LaminaInternals) import LaminaTrace

/// A label that lays out and draws its text on a display queue: YYText's `YYLabel` with its
/// `displaysAsynchronously` set (`NO` by default in `YYLabel.h`; true by default here), on an
/// ``/LaminaLayers/AsyncLayer``. Main thread for everything but the display task.
///
/// Property changes go through ``UpdateTransaction``, so any number of them in one loop turn
/// cause one display; a value equal to the current one does nothing. Each display captures the
/// label's content as one `Sendable` value on the main thread; the display queue lays it out
/// (unless a ``TextLabel/textLayout`` of the right size was given) and draws it with the same code
/// as ``Label``, so both give the same pixels. The contents are cleared while a display is in
/// flight (`inFlightContents = .clearContents`, YYLabel's default).
@MainActor
open class AsyncLabel: TextLabel, AsyncLayerDelegate {
    /// An ``/LaminaLayers/AsyncLayer``: the label draws on a display queue.
    override open class var layerClass: Layer.Type { AsyncLayer.self }

    /// The label's async layer.
    public var asyncLayer: AsyncLayer {
        // The layer class above makes this cast hold for every instance.
        layer as! AsyncLayer
    }

    /// Whether the text is drawn on a display queue (true, the default; a `YYLabel`'s is `NO`) or
    /// on the main thread.
    public var displaysAsynchronously: Bool {
        get { asyncLayer.displaysAsynchronously }
        set { asyncLayer.displaysAsynchronously = newValue }
    }

    /// Creates an async label with `frame`; its in-flight contents are cleared (YYLabel).
    override public init(frame: Rect) {
        super.init(frame: frame)
        asyncLayer.inFlightContents = .clearContents
    }

    override func scheduleRedraw() {
        // A layer already marked captures the newest content when it displays at this turn's
        // commit: another display one turn later would draw the same thing again.
        guard !layer.needsDisplay else { return }
        UpdateTransaction.commit(self, "contents") { $0.setNeedsDisplay() }
    }

    /// Captures the content, size, known layout and pressed highlight; the task lays out (when
    /// needed) and draws on the display queue, and hands the layout back for hit-testing.
    public func newAsyncDisplayTask() -> AsyncDisplayTask {
        let content = self.content
        let known = knownLayout()
        let makeLayout = layoutMaker()
        let pressed = pressedHighlight
        let handoff = LayoutHandoff()
        return AsyncDisplayTask(
            display: { context, size, isCancelled in
                guard !isCancelled() else { return }
                let fits = known.map { TextLabel.layout($0, fits: size) } ?? false
                let layout = (fits ? known : nil) ?? makeLayout(size)
                guard let layout, !isCancelled() else { return }
                handoff.layout.withLock { $0 = layout }
                content.draw(layout, in: context, size: size, pressed: pressed, isCancelled: isCancelled)
            },
            didDisplay: { [weak self] _, finished in
                guard finished, let self, self.content == content,
                      let layout = handoff.layout.withLock({ $0 }) else { return }
                self.cachedLayout = (layout.container.size, layout)
            })
    }
}

/// Carries the layout a display task made back to the main thread.
private final class LayoutHandoff: Sendable {
    let layout = Locked<TextLayout?>(nil)
}
