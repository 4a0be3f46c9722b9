import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaText

/// What ``Label`` and ``AsyncLabel`` share: the text properties, the layout cache, sizing and
/// highlight taps. Use one of the two; they differ only in when and where they draw (``Label``
/// on the main thread in the commit, ``AsyncLabel`` on a display queue). Main thread.
@MainActor
open class TextLabel: View {
    var content = LabelContent()
    /// A layout set from outside (precomputed off the main thread), used while its container
    /// size matches the label's.
    private var assignedLayout: TextLayout?
    /// The last layout made for the current content, with the size it was made for.
    var cachedLayout: (size: Size, layout: TextLayout)?
    /// The highlight being pressed, and whether the pointer is still over it.
    private var pressed: (hit: TextHighlightHit, isInside: Bool)?

    /// Called with the highlight when a tap on one ends inside it (pointer down, then up over
    /// the same highlight).
    public var highlightTapAction: (@MainActor (TextHighlightHit) -> Void)?

    /// True: a label always draws its text.
    override open var drawsContent: Bool { true }

    /// Asks for the label to be drawn again: ``Label`` marks its layer at once (UILabel);
    /// ``AsyncLabel`` goes through ``UpdateTransaction`` (YYLabel).
    func scheduleRedraw() {
        setNeedsDisplay()
    }

    /// Changes the content with `change`; a change that leaves it equal does nothing.
    func update(_ change: (inout LabelContent) -> Void) {
        var next = content
        change(&next)
        guard next != content else { return }
        content = next
        cachedLayout = nil
        assignedLayout = nil
        scheduleRedraw()
    }

    /// The layout the label draws for its current bounds: the assigned one when it fits the
    /// size, else the cached one, else a new one (made here, on the main thread).
    func currentLayout() -> TextLayout? {
        let size = bounds.size
        if let assignedLayout, Self.layout(assignedLayout, fits: size) { return assignedLayout }
        if let cachedLayout, cachedLayout.size == size { return cachedLayout.layout }
        guard let layout = layoutMaker()(size) else { return nil }
        cachedLayout = (size, layout)
        return layout
    }

    /// The layout for the label's size if one is known without laying out now.
    func knownLayout() -> TextLayout? {
        let size = bounds.size
        if let assignedLayout, Self.layout(assignedLayout, fits: size) { return assignedLayout }
        if let cachedLayout, cachedLayout.size == size { return cachedLayout.layout }
        return nil
    }

    /// How the label lays out at a size it has no layout for: the assigned layout's text in its
    /// container's settings at the new size (as YYLabel takes its text and container from an
    /// assigned layout), or else the label's content.
    func layoutMaker() -> @Sendable (Size) -> TextLayout? {
        if let assignedLayout {
            return { size in
                var container = assignedLayout.container
                container.size = size
                return TextLayout(container: container, text: assignedLayout.text)
            }
        }
        let content = content
        return { content.makeLayout(for: $0) }
    }

    /// Whether `layout` is the layout of a label of `size`: made for that size, or made at that
    /// width in a taller container (`TextContainer(width:)`, as a height cache makes them) with all
    /// its text inside `size` — laying out again at `size` would give the same lines (YYLabel draws
    /// such a layout at its bounding size the same way).
    nonisolated static func layout(_ layout: TextLayout, fits size: Size) -> Bool {
        let container = layout.container.size
        if container == size { return true }
        // Vertical columns are as long as the container is tall: a taller one sets other lines.
        return !layout.container.isVerticalForm && container.width == size.width && container.height > size.height
            && layout.textBoundingSize.height <= size.height
    }

    /// The highlight drawn in its highlighted colours: the pressed one while the pointer is over
    /// it.
    var pressedHighlight: TextHighlightHit? {
        guard let pressed, pressed.isInside else { return nil }
        return pressed.hit
    }

    // MARK: - Properties

    /// The plain text, drawn in ``font`` and ``textColor``; ignored while ``attributedText`` is
    /// set.
    public var text: String? {
        get { content.text }
        set { update { $0.text = newValue } }
    }

    /// The font of ``text``. DejaVu Sans 17 by default.
    public var font: Font {
        get { content.font }
        set { update { $0.font = newValue } }
    }

    /// The colour of ``text``. Black by default.
    public var textColor: Color {
        get { content.textColor }
        set { update { $0.textColor = newValue } }
    }

    /// Attributed text; when set, it is drawn instead of ``text`` with its own attributes.
    public var attributedText: AttributedString? {
        get { content.attributedText }
        set { update { $0.attributedText = newValue } }
    }

    /// How ``text`` is aligned. `.natural` by default.
    public var textAlignment: TextAlignment {
        get { content.textAlignment }
        set { update { $0.textAlignment = newValue } }
    }

    /// Where text shorter than the label sits. `.center` by default.
    public var textVerticalAlignment: TextVerticalAlignment {
        get { content.textVerticalAlignment }
        set { update { $0.textVerticalAlignment = newValue } }
    }

    /// The most lines shown; 0 for no limit. 1 by default, as UILabel.
    public var numberOfLines: Int {
        get { content.numberOfLines }
        set { update { $0.numberOfLines = newValue } }
    }

    /// Where ``text`` wraps. `.wordWrapping` by default.
    public var lineBreakMode: LineBreakMode {
        get { content.lineBreakMode }
        set { update { $0.lineBreakMode = newValue } }
    }

    /// Where text that does not fit is cut. `.tail` by default.
    public var truncationType: TruncationType {
        get { content.truncationType }
        set { update { $0.truncationType = newValue } }
    }

    /// What marks the cut; nil draws "…" in the replaced text's attributes.
    public var truncationToken: AttributedString? {
        get { content.truncationToken }
        set { update { $0.truncationToken = newValue } }
    }

    /// Space kept free inside the label's edges.
    public var textContainerInset: EdgeInsets {
        get { content.textContainerInset }
        set { update { $0.textContainerInset = newValue } }
    }

    /// Regions (label coordinates) the text flows around.
    public var exclusionPaths: [Path] {
        get { content.exclusionPaths }
        set { update { $0.exclusionPaths = newValue } }
    }

    /// The direction of ``text``'s paragraphs: `.natural` (from each paragraph's first strong
    /// character, UAX #9 rules P2–P3) by default, as `NSParagraphStyle.baseWritingDirection`.
    /// Attributed text takes it from its own paragraph styles.
    public var baseWritingDirection: WritingDirection {
        get { content.baseWritingDirection }
        set { update { $0.baseWritingDirection = newValue } }
    }

    /// Whether the text is set in vertical columns, top to bottom and right to left (YYLabel's
    /// `verticalForm`; see ``/LaminaText/TextContainer/isVerticalForm``). Columns are as long as
    /// the label is tall; ``textVerticalAlignment`` then places them across: `.top` against the
    /// right inset. False by default.
    public var isVerticalForm: Bool {
        get { content.isVerticalForm }
        set { update { $0.isVerticalForm = newValue } }
    }

    /// The width ``sizeThatFits(_:)`` wraps at, when positive.
    public var preferredMaxLayoutWidth: Double {
        get { content.preferredMaxLayoutWidth }
        set { update { $0.preferredMaxLayoutWidth = newValue } }
    }

    /// The layout drawn. Set one made ahead of time (on any thread, with a container of the
    /// label's size, or of its width when the label is at least as tall as the text) and the
    /// label draws it without laying out; reading gives the layout for the
    /// current size (laying out now when none is known).
    public var textLayout: TextLayout? {
        get { currentLayout() }
        set {
            assignedLayout = newValue
            cachedLayout = nil
            scheduleRedraw()
        }
    }

    /// The size the text needs within `size` (wrapped at ``preferredMaxLayoutWidth`` when set),
    /// insets included; zero without text.
    override open func sizeThatFits(_ size: Size) -> Size {
        content.sizeThatFits(size)
    }

    // MARK: - Highlight taps

    private func layoutPoint(of event: PointerEvent) -> (point: Point, layout: TextLayout)? {
        guard let layout = currentLayout() else { return nil }
        let location = convert(event.location, from: nil)
        let offset = content.textOffset(of: layout, in: bounds.size, scale: layer.contentsScale)
        return (Point(x: location.x - offset.x, y: location.y - offset.y), layout)
    }

    /// Presses the highlight under the pointer (redrawn in its highlighted colours), or passes
    /// the event on when there is none.
    override open func pointerDown(_ event: PointerEvent) {
        guard let (point, layout) = layoutPoint(of: event), let hit = layout.highlight(at: point) else {
            super.pointerDown(event)
            return
        }
        pressed = (hit, true)
        scheduleRedraw()
    }

    /// Un-highlights when the pointer leaves the pressed highlight, and highlights again when it
    /// comes back.
    override open func pointerMoved(_ event: PointerEvent) {
        guard let current = pressed, let (point, layout) = layoutPoint(of: event) else {
            super.pointerMoved(event)
            return
        }
        let inside = layout.rects(for: current.hit).contains { $0.insetBy(dx: -8, dy: -8).contains(point) }
        guard inside != current.isInside else { return }
        pressed = (current.hit, inside)
        scheduleRedraw()
    }

    /// Ends a press: calls ``highlightTapAction`` when the pointer is still over the highlight.
    override open func pointerUp(_ event: PointerEvent) {
        guard let current = pressed else {
            super.pointerUp(event)
            return
        }
        pressed = nil
        scheduleRedraw()
        if current.isInside { highlightTapAction?(current.hit) }
    }

    /// Ends a press without a tap.
    override open func pointerCancelled(_ event: PointerEvent) {
        guard pressed != nil else {
            super.pointerCancelled(event)
            return
        }
        pressed = nil
        scheduleRedraw()
    }
}
