import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import LaminaText

/// Editable, selectable, scrolling text: YYText's `YYTextView` and UIKit's `UITextView`.
///
/// **The text** is held as paragraphs, each laid out on its own at the view's width
/// (``textContainerInset`` inside): an edit lays out again only the paragraphs it touched, and
/// the paragraphs after them move without being laid out again. Offsets and ranges count UTF-16
/// code units, as LaminaText's do.
///
/// **Display.** Each paragraph on screen has a layer of its own that draws asynchronously, on a
/// display queue (``displaysAsynchronously``). The caret and the selection are layers of their
/// own too, and they move only in the transaction in which every paragraph layer on screen shows
/// the text they were measured on: after an edit, the caret waits for the edited paragraph's new
/// drawing and moves with it, never ahead of its text or behind it. The caret blinks by a
/// repeating animation on the render server — no main-thread timer — and stays solid while the
/// user types and for ``caretBlinkDelay`` after.
///
/// **Input.** As first responder (a click makes it one) the view takes typing, Backspace and
/// Delete, the arrows (by character, with Ctrl by word, with Shift extending the selection; Left
/// and Right move on screen in mixed-direction text), Home and End, Page Up and Down, Ctrl-A,
/// Ctrl-Z and Ctrl-Shift-Z; a drag selects, a double click selects a word, a triple click a
/// paragraph. Typing is undone a word or a pause at a time (``undoManager``).
///
/// Main thread.
@MainActor
open class TextView: ScrollView {
    /// Asked before the user's changes; told after changes and selection moves.
    public weak var delegate: (any TextViewDelegate)?

    /// The view's undo history. Typing coalesces into one step per word or per pause of
    /// ``typingPause``; other edits are a step each.
    public let undoManager = UndoManager()

    /// Whether the user can change the text (true by default).
    public var isEditable = true {
        didSet { if isEditable != oldValue { selectionDidChange(byUser: false) } }
    }

    /// Whether the user can select text (true by default). A view that is neither editable nor
    /// selectable passes keys and clicks on.
    public var isSelectable = true

    /// The attributes of typed text, and of text set through ``text``: `font` and
    /// `foregroundColor` at least (17-point system font, black, by default). When the caret
    /// moves they take the attributes of the character before it (NSTextView's documentation
    /// says its typing attributes are reset whenever the selection changes).
    public var typingAttributes: AttributeContainer {
        didSet {
            document.lineEndAttributes = typingAttributes
            if let font = typingAttributes.font, font != placeholderLabel.font { placeholderLabel.font = font }
            // An empty text's one line takes its height from these attributes.
            if document.length == 0 {
                document.relayoutAll()
                textDidChange()
            }
        }
    }

    /// The space between the view's edges and the text, in points.
    public var textContainerInset = EdgeInsets(top: 8, left: 5, bottom: 8, right: 5) {
        didSet { if textContainerInset != oldValue { setNeedsLayout() } }
    }

    /// Text shown, in the placeholder colour, while the text is empty.
    public var placeholder: String? {
        get { placeholderLabel.text }
        set {
            placeholderLabel.text = newValue
            setNeedsLayout()
        }
    }

    /// The placeholder's colour (a mid grey by default).
    public var placeholderColor = Color(white: 0.6, alpha: 1) {
        didSet { placeholderLabel.textColor = placeholderColor }
    }

    /// The caret's colour.
    public var caretColor = Color(red: 0, green: 0.48, blue: 1, alpha: 1) {
        didSet { caretLayer.backgroundColor = caretColor }
    }

    /// The caret's width, in points.
    public var caretWidth: Double = 2 {
        didSet { setNeedsLayout() }
    }

    /// The colour behind selected text.
    public var selectionColor = Color(red: 0, green: 0.48, blue: 1, alpha: 0.25) {
        didSet { setNeedsLayout() }
    }

    /// How long the caret stays solid after the user types or moves it before it blinks again.
    public var caretBlinkDelay = 0.5
    /// How long the caret is shown, and then hidden, in each blink.
    public var caretBlinkInterval = 0.5
    /// A pause in typing longer than this starts a new undo step.
    public var typingPause: Duration = .seconds(1)
    /// The pasteboard that ``copy()``, ``cut()`` and ``paste()`` (Ctrl-C, Ctrl-X, Ctrl-V) use;
    /// nil, the default, means the window's ``Window/pasteboard`` — the X11 `CLIPBOARD`
    /// selection in an X11 window — or ``InProcessPasteboard/general`` outside a window.
    public var pasteboard: (any Pasteboard)?

    /// Whether paragraphs draw on display queues (true, the default) or on the main thread.
    public var displaysAsynchronously = true {
        didSet { for slot in allSlots { slot.layer.displaysAsynchronously = displaysAsynchronously } }
    }

    // MARK: State

    var document: TextDocument
    /// The end of the selection that stays put when Shift extends it.
    var selectionAnchor = 0
    /// The end that moves, with its affinity: the caret when the selection is empty.
    var selectionFocus = TextCaretPosition(index: 0)
    /// The x the caret keeps across Up and Down, in text coordinates.
    var goalX: Double?
    /// The undo step typing or deleting extends, until the caret moves elsewhere or a pause.
    var openUndoStep: TextUndoStep?
    /// Counts document changes; the presentation shows the revision it last laid out.
    var revision = 0
    var presentedRevision = -1
    var assignedRevision = -1
    /// Set by typing and caret moves: the next presentation shows the caret solid.
    var caretNeedsSolid = true
    /// Where a pointer drag selects from, and by what unit.
    var pointerSelection: TextPointerSelection?
    /// The segmentation of the paragraph last asked about, by paragraph id.
    var segmentationCache: (id: Int, segmentation: TextSegmentation)?
    /// Called after each presentation (tests watch what the layers show through it).
    var didPresent: ((TextView) -> Void)?
    /// The last click, for double and triple clicks.
    var lastClick: (location: Point, time: EventLoop.Instant, count: Int)?

    // MARK: Layers

    /// The paragraph layers on screen, by paragraph id.
    var slotsByID: [Int: TextParagraphSlot] = [:]
    /// Layers of paragraphs that left the screen or were replaced, shown until the next
    /// presentation.
    var retiringSlots: [TextParagraphSlot] = []
    /// Layers ready for reuse.
    var spareSlots: [TextParagraphSlot] = []
    let caretLayer = Layer()
    var selectionLayers: [Layer] = []
    let placeholderLabel = Label(frame: .zero)

    var allSlots: [TextParagraphSlot] { Array(slotsByID.values) + retiringSlots + spareSlots }

    /// An empty, editable text view.
    public override init(frame: Rect) {
        var attributes = AttributeContainer()
        attributes.font = TextLayout.defaultFont
        attributes.foregroundColor = .black
        typingAttributes = attributes
        document = TextDocument(text: AttributedString(), width: frame.width, lineEndAttributes: attributes)
        super.init(frame: frame)
        layer.asyncCommitPolicy = .perContainer
        caretLayer.backgroundColor = caretColor
        caretLayer.isHidden = true
        layer.addSublayer(caretLayer)
        placeholderLabel.textColor = placeholderColor
        placeholderLabel.isUserInteractionEnabled = false
        placeholderLabel.numberOfLines = 0
        addSubview(placeholderLabel)
    }

    // MARK: Text

    /// The text with its attributes. Setting it replaces everything, puts the caret at the end
    /// and clears the undo history; the delegate is not told.
    public var attributedText: AttributedString {
        get { document.text }
        set {
            document = TextDocument(text: newValue, width: document.width, lineEndAttributes: typingAttributes,
                                    idsAfter: document.lastID)
            undoManager.removeAllActions()
            openUndoStep = nil
            setSelection(anchor: document.length, focus: TextCaretPosition(index: document.length), byUser: false)
            textDidChange()
        }
    }

    /// The text without attributes. Setting it gives the whole text ``typingAttributes``.
    public var text: String {
        get { String(document.text.characters[...]) }
        set { attributedText = AttributedString(newValue, attributes: typingAttributes) }
    }

    /// The selected range (UTF-16); empty, it is the caret's offset. Setting it clamps it to the
    /// text and moves its ends to character boundaries.
    public var selectedRange: Range<Int> {
        get { min(selectionAnchor, selectionFocus.index)..<max(selectionAnchor, selectionFocus.index) }
        set {
            let lower = characterBoundary(atOrBefore: newValue.lowerBound)
            let upper = characterBoundary(atOrBefore: max(newValue.upperBound, newValue.lowerBound))
            setSelection(anchor: lower, focus: TextCaretPosition(index: upper), byUser: false)
        }
    }

    /// Whether the layers on screen show the current text, caret and selection: false from an
    /// edit until the edited paragraphs' new drawing has landed (and the caret with it).
    public var presentsCurrentText: Bool { presentedRevision == revision }

    /// The caret: the moving end of the selection, with its affinity.
    public var caretPosition: TextCaretPosition { selectionFocus }

    /// The caret's rectangle for `position` in the view's content coordinates (zero wide), from
    /// the layout of the current text.
    public func caretRect(for position: TextCaretPosition) -> Rect {
        document.caretRect(for: position).offsetBy(dx: textContainerInset.left, dy: textContainerInset.top)
    }

    /// The rectangles that show `range` selected, in content coordinates.
    public func selectionRects(for range: Range<Int>) -> [Rect] {
        document.selectionRects(for: range).map { $0.offsetBy(dx: textContainerInset.left, dy: textContainerInset.top) }
    }

    /// The caret position nearest `point` (content coordinates).
    public func caretPosition(at point: Point) -> TextCaretPosition {
        document.caretPosition(at: Point(x: point.x - textContainerInset.left, y: point.y - textContainerInset.top))
    }

    // MARK: Selection

    /// Moves the selection; `byUser` tells the delegate and keeps the caret in view.
    func setSelection(anchor: Int, focus: TextCaretPosition, byUser: Bool, keepsGoalX: Bool = false,
                      keepsUndoStep: Bool = false) {
        let length = document.length
        let anchor = min(max(anchor, 0), length)
        let focus = TextCaretPosition(index: min(max(focus.index, 0), length), affinity: focus.affinity)
        if !keepsGoalX { goalX = nil }
        if !keepsUndoStep { openUndoStep = nil }
        let changed = anchor != selectionAnchor || focus != selectionFocus
        selectionAnchor = anchor
        selectionFocus = focus
        if anchor == focus.index { takeTypingAttributes(at: focus.index) }
        caretNeedsSolid = true
        setNeedsLayout()
        if byUser { scrollCaretToVisible() }
        if changed { delegate?.textViewDidChangeSelection(self) }
    }

    /// Selection moves that are not the user's (``isEditable`` changing) still redraw the caret.
    func selectionDidChange(byUser: Bool) {
        setSelection(anchor: selectionAnchor, focus: selectionFocus, byUser: byUser, keepsUndoStep: true)
    }

    /// Typing continues in the attributes of the character before the caret.
    private func takeTypingAttributes(at offset: Int) {
        guard offset > 0 else { return }
        let before = document.text(in: (offset - 1)..<offset)
        guard let attributes = before.runs.first?.attributes, attributes != typingAttributes else { return }
        var merged = typingAttributes
        merged.merge(attributes)
        if merged != typingAttributes {
            typingAttributes = merged
        }
    }

    /// Selects the whole text.
    public func selectAll() {
        setSelection(anchor: 0, focus: TextCaretPosition(index: document.length), byUser: true)
    }

    /// Scrolls so that the caret (the selection's moving end) is in view, inside the insets.
    public func scrollCaretToVisible() {
        let rect = caretRect(for: selectionFocus)
        guard rect.height > 0 else { return }
        let margin = Rect(x: rect.minX - textContainerInset.left, y: rect.minY - textContainerInset.top,
                          width: rect.width + textContainerInset.left + textContainerInset.right,
                          height: rect.height + textContainerInset.top + textContainerInset.bottom)
        contentSize = Size(width: bounds.width, height: textHeight)
        var offset = contentOffset
        if margin.minY < offset.y { offset.y = margin.minY }
        if margin.maxY > offset.y + bounds.height { offset.y = margin.maxY - bounds.height }
        contentOffset = clamped(offset)
    }

    /// The height of the text with the insets.
    var textHeight: Double {
        (textContainerInset.top + document.height + textContainerInset.bottom).rounded(.up)
    }

    // MARK: Overrides

    /// Lays the text out at the view's width and shows it (see ``TextView``).
    open override func layoutSubviews() {
        super.layoutSubviews()
        layOutTextAndPresent()
    }

    /// Edits and moves for the keys (see ``TextView``); keys the view does not use go to the
    /// superview, as ScrollView's do.
    open override func keyDown(_ event: KeyEvent) {
        guard event.phase == .down, isEditable || isSelectable, handleKey(event) else { return super.keyDown(event) }
    }

    /// A click puts the caret at the pointer and makes the view first responder; a second click
    /// selects the word, a third the paragraph. A drag selects (it does not scroll: the wheel does).
    open override func pointerDown(_ event: PointerEvent) {
        guard isSelectable || isEditable else { return super.pointerDown(event) }
        beginPointerSelection(event)
    }

    /// A drag extends the selection by the first click's unit and keeps its end in view.
    open override func pointerMoved(_ event: PointerEvent) {
        guard pointerSelection != nil else { return super.pointerMoved(event) }
        extendPointerSelection(event)
    }

    /// The drag's last move, and the end of the pointer's selection.
    open override func pointerUp(_ event: PointerEvent) {
        guard pointerSelection != nil else { return super.pointerUp(event) }
        extendPointerSelection(event)
        pointerSelection = nil
    }

    /// The pointer was taken away: the selection stays as the drag left it.
    open override func pointerCancelled(_ event: PointerEvent) {
        pointerSelection = nil
        super.pointerCancelled(event)
    }

    // MARK: Responder

    /// A text view takes key focus while it is editable or selectable.
    open override var canBecomeFirstResponder: Bool { isEditable || isSelectable }

    open override func didBecomeFirstResponder() {
        caretNeedsSolid = true
        setNeedsLayout()
    }

    open override func didResignFirstResponder() {
        openUndoStep = nil
        setNeedsLayout()
    }

    // MARK: Helpers

    func clampToText(_ range: Range<Int>) -> Range<Int> {
        let length = document.length
        let lower = min(max(range.lowerBound, 0), length)
        return lower..<min(max(range.upperBound, lower), length)
    }
}
