import LaminaGraphics
import LaminaLayers
import LaminaText

/// A paragraph's layer: draws one paragraph's layout on a display queue.
///
/// A slot shows one paragraph id; an edited paragraph gets a new id and a new slot, which stays
/// transparent until it has drawn, while the old slot keeps showing the old text. Main thread.
@MainActor
final class TextParagraphSlot: AsyncLayerDelegate {
    let layer = AsyncLayer()
    weak var textView: TextView?
    /// The paragraph the slot draws.
    private(set) var paragraphID = 0
    private var layout: TextLayout?
    /// Whether the layer shows the drawing of ``paragraphID``.
    private(set) var isReady = false

    init(textView: TextView) {
        self.textView = textView
        layer.delegate = self
        // A reused layer must not show another paragraph's text while it draws.
        layer.inFlightContents = .clearContents
        layer.contentsScale = textView.layer.contentsScale
    }

    /// Gives the slot `paragraph`: sized for it, transparent until it has drawn it.
    func assign(_ paragraph: TextParagraph, width: Double, asynchronously: Bool) {
        paragraphID = paragraph.id
        layout = paragraph.layout
        isReady = false
        layer.displaysAsynchronously = asynchronously
        layer.opacity = 0
        layer.bounds = Rect(x: 0, y: 0, width: width, height: max(paragraph.height, 1))
        layer.setNeedsDisplay()
    }

    func newAsyncDisplayTask() -> AsyncDisplayTask {
        let layout = self.layout, id = paragraphID
        return AsyncDisplayTask(
            display: { context, _, isCancelled in
                layout?.draw(in: context, at: .zero, isCancelled: isCancelled)
            },
            didDisplay: { [weak self] _, finished in
                guard let self, finished, self.paragraphID == id else { return }
                self.isReady = true
                self.textView?.paragraphDidDisplay()
            })
    }
}

extension TextView {
    /// Lays the text out at the view's width, puts a layer on every paragraph in view, and shows
    /// the caret and selection once those layers all show the current text.
    func layOutTextAndPresent() {
        document.setWidth(bounds.width - textContainerInset.left - textContainerInset.right)
        contentSize = Size(width: bounds.width, height: textHeight)
        assignSlots()
        if slotsByID.values.allSatisfy(\.isReady) { present() }
    }

    /// The paragraphs in view (and half a screen either side).
    var paragraphsInView: ClosedRange<Int> {
        let overscan = bounds.height / 2
        let top = contentOffset.y - textContainerInset.top - overscan
        let bottom = contentOffset.y + bounds.height - textContainerInset.top + overscan
        return document.paragraphIndex(atY: top)...document.paragraphIndex(atY: bottom)
    }

    /// Keeps the slots of paragraphs still in view, gives the others new ones, and retires the
    /// rest (shown until the next presentation).
    private func assignSlots() {
        var next: [Int: TextParagraphSlot] = [:]
        for index in paragraphsInView {
            let paragraph = document.paragraphs[index]
            if let slot = slotsByID.removeValue(forKey: paragraph.id) {
                next[paragraph.id] = slot
                continue
            }
            let slot = spareSlots.popLast() ?? TextParagraphSlot(textView: self)
            if slot.layer.superlayer == nil { layer.insertSublayer(slot.layer, below: caretLayer) }
            Transaction.performWithoutActions {
                slot.assign(paragraph, width: document.width, asynchronously: displaysAsynchronously)
            }
            next[paragraph.id] = slot
        }
        retiringSlots += slotsByID.values
        slotsByID = next
        assignedRevision = revision
    }

    /// A paragraph layer finished drawing: when every layer in view shows the current text, the
    /// caret, the selection and the paragraphs' places follow in the same transaction.
    func paragraphDidDisplay() {
        guard assignedRevision == revision, slotsByID.values.allSatisfy(\.isReady) else { return }
        present()
    }

    /// Shows the current text: every paragraph layer at its place, the retired ones gone, the
    /// caret and the selection from the current layout.
    private func present() {
        Transaction.performWithoutActions {
            let inset = textContainerInset
            for index in paragraphsInView {
                let paragraph = document.paragraphs[index]
                guard let slot = slotsByID[paragraph.id] else { continue }
                slot.layer.frame = Rect(x: inset.left, y: inset.top + document.tops[index],
                                        width: document.width, height: max(paragraph.height, 1))
                slot.layer.opacity = 1
            }
            for slot in retiringSlots {
                slot.layer.removeFromSuperlayer()
                spareSlots.append(slot)
            }
            retiringSlots = []
            presentSelection()
            presentCaret()
            placeholderLabel.isHidden = document.length > 0 || placeholder == nil
            placeholderLabel.frame = Rect(x: inset.left, y: inset.top, width: document.width,
                                          height: max(bounds.height - inset.top - inset.bottom, 0))
        }
        presentedRevision = revision
        didPresent?(self)
    }

    private func presentSelection() {
        let rects = selectedRange.isEmpty || !isSelectable ? [] : selectionRects(for: selectedRange)
        while selectionLayers.count < rects.count {
            let highlight = Layer()
            layer.insertSublayer(highlight, at: 0)
            selectionLayers.append(highlight)
        }
        for (index, highlight) in selectionLayers.enumerated() {
            if index < rects.count {
                highlight.frame = rects[index]
                highlight.backgroundColor = selectionColor
                highlight.isHidden = false
            } else {
                highlight.isHidden = true
            }
        }
    }

    /// Whether the caret shows: in an editable first responder with nothing selected.
    var showsCaret: Bool {
        isEditable && isFirstResponder && selectedRange.isEmpty
    }

    private func presentCaret() {
        guard showsCaret else {
            caretLayer.isHidden = true
            caretLayer.removeAnimation(forKey: Self.caretBlinkKey)
            return
        }
        let rect = caretRect(for: selectionFocus)
        caretLayer.isHidden = false
        caretLayer.frame = Rect(x: rect.minX - caretWidth / 2, y: rect.minY, width: caretWidth, height: rect.height)
        guard caretNeedsSolid || caretLayer.animation(forKey: Self.caretBlinkKey) == nil else { return }
        caretNeedsSolid = false
        restartCaretBlink()
    }

    /// The key of the caret's blinking animation on ``caretLayer``.
    static let caretBlinkKey = "caretBlink"

    /// Solid now, blinking after ``caretBlinkDelay``: a discrete keyframe animation of the
    /// opacity, shown for one interval and hidden for the next, repeating for ever on the render
    /// server.
    private func restartCaretBlink() {
        caretLayer.removeAnimation(forKey: Self.caretBlinkKey)
        var blink = KeyframeAnimation(keyPath: .opacity, values: [1, 0], keyTimes: [0, 0.5, 1])
        blink.calculationMode = .discrete
        blink.timing.duration = max(caretBlinkInterval, 0.01) * 2
        blink.timing.repeatCount = .infinity
        blink.timing.beginTime = caretLayer.convertTime(currentMediaTime(), from: nil) + max(caretBlinkDelay, 0)
        try? caretLayer.add(blink, forKey: Self.caretBlinkKey)
    }
}
