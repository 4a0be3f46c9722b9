import Foundation
import LaminaText

/// Editing: typing, deleting and replacing text, each through the delegate and undo, and what
/// every change sets off (a new revision, the caret solid, a layout).
extension TextView {

    /// Types `text` over the selection, with ``typingAttributes``, as the keyboard does (the
    /// delegate may refuse it). Line ends (CR LF, CR) become "\n".
    public func insertText(_ text: String) {
        let normalized = Self.normalizingLineEnds(text)
        guard !normalized.isEmpty else { return }
        userReplace(selectedRange, with: AttributedString(normalized, attributes: typingAttributes), kind: .typing)
    }

    /// `text` with its line ends (CR LF, CR) made "\n", the only paragraph separator the
    /// document knows.
    static func normalizingLineEnds(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// Deletes the selection, or what Backspace deletes before the caret: the last code point of
    /// the character before it, or the whole character when it is one symbol (an emoji sequence,
    /// a flag, CR LF; ``/LaminaText/TextSegmentation/backspaceStart(before:)``).
    public func deleteBackward() {
        let range = selectedRange
        if !range.isEmpty {
            userReplace(range, with: AttributedString(), kind: .other)
            return
        }
        let start = backspaceStart(before: range.lowerBound)
        guard start < range.lowerBound else { return }
        userReplace(start..<range.lowerBound, with: AttributedString(), kind: .deleting)
    }

    /// Deletes the selection, or the character after the caret (Delete).
    public func deleteForward() {
        let range = selectedRange
        if !range.isEmpty {
            userReplace(range, with: AttributedString(), kind: .other)
            return
        }
        let end = characterBoundary(after: range.lowerBound)
        guard end > range.lowerBound else { return }
        userReplace(range.lowerBound..<end, with: AttributedString(), kind: .deleting)
    }

    /// Replaces `range` (clamped to the text) with `text` in ``typingAttributes``: an edit made
    /// in code, undoable and reported to the delegate after, but not asked about. The caret goes
    /// after the new text.
    public func replace(_ range: Range<Int>, with text: String) {
        replace(range, with: AttributedString(text, attributes: typingAttributes))
    }

    /// Replaces `range` (clamped to the text) with attributed `text`, as the plain-text
    /// `replace` does.
    public func replace(_ range: Range<Int>, with text: AttributedString) {
        let range = clampToText(range)
        registerUndo(replacing: range, with: text, kind: .other)
        apply(range, with: text)
        delegate?.textViewDidChange(self)
    }

    /// The user's change: asked of the delegate, recorded for undo, applied. Returns whether it
    /// was made.
    @discardableResult
    func userReplace(_ range: Range<Int>, with text: AttributedString, kind: TextEditKind) -> Bool {
        guard isEditable else { return false }
        let range = clampToText(range)
        if let delegate,
           !delegate.textView(self, shouldChangeTextIn: range, replacementText: String(text.characters[...])) {
            return false
        }
        registerUndo(replacing: range, with: text, kind: kind)
        apply(range, with: text)
        delegate?.textViewDidChange(self)
        return true
    }

    /// Replaces `range` with `text` in the document and puts the caret after it (or selects
    /// `selection`).
    func apply(_ range: Range<Int>, with text: AttributedString, selecting selection: Range<Int>? = nil) {
        document.replace(range, with: text)
        textDidChange()
        let caret = range.lowerBound + text.utf16.count
        let selected = selection ?? caret..<caret
        setSelection(anchor: selected.lowerBound, focus: TextCaretPosition(index: selected.upperBound,
                                                                           affinity: selected.isEmpty ? .upstream : .downstream),
                     byUser: true, keepsUndoStep: true)
    }

    func textDidChange() {
        revision += 1
        caretNeedsSolid = true
        setNeedsLayout()
    }
}
