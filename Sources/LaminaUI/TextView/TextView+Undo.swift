import Foundation
import LaminaLoop

/// What kind of change an edit is, for coalescing undo steps.
enum TextEditKind {
    /// Text typed at the caret: one step per word or pause.
    case typing
    /// Characters deleted with Backspace or Delete: one step per run of presses.
    case deleting
    /// Anything else (a paste, a cut, a deleted selection, an edit in code): a step of its own.
    case other
}

/// One undo step: the range of the current text the step produced, and the text it replaced.
/// Typing and deleting extend the open step instead of registering new ones.
@MainActor
final class TextUndoStep {
    var range: Range<Int>
    var original: AttributedString
    let selectionBefore: Range<Int>
    let kind: TextEditKind
    var lastEdit: EventLoop.Instant
    /// Whether the last typed text ended with a space or line end: a letter after it starts a
    /// new word, and a new step.
    var endsWithSpace = false

    init(range: Range<Int>, original: AttributedString, selectionBefore: Range<Int>, kind: TextEditKind,
         lastEdit: EventLoop.Instant) {
        self.range = range
        self.original = original
        self.selectionBefore = selectionBefore
        self.kind = kind
        self.lastEdit = lastEdit
    }
}

extension TextView {
    /// Records how to revert replacing `range` with `text`: extends the open step when the edit
    /// continues it (same kind, adjacent, within ``typingPause``, and for typing, not a new word
    /// after a space), else registers a new step with ``undoManager``.
    func registerUndo(replacing range: Range<Int>, with text: AttributedString, kind: TextEditKind) {
        let now = EventLoop.main.now
        let inserted = String(text.characters[...])
        let length = inserted.utf16.count
        if let step = openUndoStep, step.kind == kind, kind != .other,
           step.lastEdit.duration(to: now) <= typingPause, extend(step, replacing: range, with: inserted) {
            step.lastEdit = now
            return
        }
        let step = TextUndoStep(range: range.lowerBound..<(range.lowerBound + length), original: document.text(in: range),
                                selectionBefore: selectedRange, kind: kind, lastEdit: now)
        step.endsWithSpace = inserted.last.map(\.isWhitespace) ?? false
        undoManager.registerUndo(withTarget: self) { $0.revert(step) }
        undoManager.setActionName(kind == .typing ? "Typing" : kind == .deleting ? "Delete" : "Change")
        openUndoStep = kind == .other ? nil : step
    }

    /// Folds an edit into `step` when it continues it: typing at the step's end, or deleting
    /// just before or after it. Returns false when it does not.
    private func extend(_ step: TextUndoStep, replacing range: Range<Int>, with inserted: String) -> Bool {
        switch step.kind {
        case .typing:
            guard range.isEmpty, range.lowerBound == step.range.upperBound else { return false }
            let startsWord = inserted.first.map { !$0.isWhitespace } ?? false
            if step.endsWithSpace, startsWord { return false }
            step.range = step.range.lowerBound..<(step.range.upperBound + inserted.utf16.count)
            step.endsWithSpace = inserted.last.map(\.isWhitespace) ?? step.endsWithSpace
            return true
        case .deleting:
            guard inserted.isEmpty, step.range.isEmpty else { return false }
            if range.upperBound == step.range.lowerBound {
                var original = document.text(in: range)
                original.append(step.original)
                step.original = original
            } else if range.lowerBound == step.range.lowerBound {
                step.original.append(document.text(in: range))
            } else {
                return false
            }
            step.range = range.lowerBound..<range.lowerBound
            return true
        case .other:
            return false
        }
    }

    /// Undoes `step`: puts its original text back, restores the selection it found, and
    /// registers the redo.
    func revert(_ step: TextUndoStep) {
        openUndoStep = nil
        let current = document.text(in: step.range)
        let selectionNow = selectedRange
        let restored = step.range.lowerBound..<(step.range.lowerBound + step.original.utf16.count)
        let inverse = TextUndoStep(range: restored, original: current, selectionBefore: selectionNow, kind: .other,
                                   lastEdit: EventLoop.main.now)
        undoManager.registerUndo(withTarget: self) { $0.revert(inverse) }
        apply(step.range, with: step.original, selecting: step.selectionBefore)
        openUndoStep = nil
        delegate?.textViewDidChange(self)
    }
}
