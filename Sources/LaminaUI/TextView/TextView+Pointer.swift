import LaminaGraphics
import LaminaLoop
import LaminaText

/// What a pointer drag selects by: the unit its first click chose, and the range that click
/// selected (the drag extends from it).
struct TextPointerSelection {
    enum Unit { case character, word, paragraph }
    let unit: Unit
    let origin: Range<Int>
}

extension TextView {
    /// Two clicks this close in time and place make a double click (a triple, with a third).
    static let multipleClickInterval: Duration = .milliseconds(500)
    static let multipleClickDistance = 4.0

    /// A click puts the caret at the pointer (and makes the view first responder); a second
    /// click selects the word, a third the paragraph.
    func beginPointerSelection(_ event: PointerEvent) {
        stopMotion()
        becomeFirstResponder()
        let point = convert(event.location, from: nil)
        var count = 1
        if let last = lastClick, last.time.duration(to: event.timestamp) <= Self.multipleClickInterval,
           abs(last.location.x - point.x) <= Self.multipleClickDistance, abs(last.location.y - point.y) <= Self.multipleClickDistance {
            count = last.count % 3 + 1
        }
        lastClick = (point, event.timestamp, count)
        let position = caretPosition(at: point)
        let unit: TextPointerSelection.Unit = count == 1 ? .character : count == 2 ? .word : .paragraph
        let range = granule(unit, at: position.index)
        pointerSelection = TextPointerSelection(unit: unit, origin: range)
        if range.isEmpty {
            move(to: position, extending: false)
        } else {
            setSelection(anchor: range.lowerBound, focus: TextCaretPosition(index: range.upperBound, affinity: .upstream), byUser: true)
        }
    }

    /// A drag extends the selection from the first click's unit to the pointer's, and scrolls
    /// to keep the pointer's end in view.
    func extendPointerSelection(_ event: PointerEvent) {
        guard let selection = pointerSelection else { return }
        let position = caretPosition(at: convert(event.location, from: nil))
        let range = granule(selection.unit, at: position.index)
        let target = range.isEmpty ? position.index : range.lowerBound
        if target < selection.origin.lowerBound {
            setSelection(anchor: selection.origin.upperBound, focus: TextCaretPosition(index: target), byUser: true)
        } else {
            let end = max(range.upperBound, position.index)
            setSelection(anchor: selection.origin.lowerBound, focus: TextCaretPosition(index: max(end, selection.origin.upperBound), affinity: .upstream),
                         byUser: true)
        }
    }

    /// The range a click of `unit` at `offset` selects (empty for a single click).
    private func granule(_ unit: TextPointerSelection.Unit, at offset: Int) -> Range<Int> {
        switch unit {
        case .character: offset..<offset
        case .word: wordRange(at: offset)
        case .paragraph: paragraphRange(at: offset)
        }
    }
}
