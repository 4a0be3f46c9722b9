import Foundation
import LaminaGraphics
import LaminaText

extension TextView {
    /// Handles a key that went down; false when the view does not use it.
    func handleKey(_ event: KeyEvent) -> Bool {
        let shift = event.modifiers.contains(.shift)
        let control = event.modifiers.contains(.control) || event.modifiers.contains(.meta)
        switch event.key {
        case .leftArrow, .rightArrow:
            moveHorizontally(right: event.key == .rightArrow, byWord: control, extending: shift)
        case .upArrow, .downArrow:
            moveVertically(down: event.key == .downArrow, extending: shift)
        case .home, .end:
            let end = event.key == .end
            let target = control ? TextCaretPosition(index: end ? document.length : 0, affinity: end ? .upstream : .downstream)
                : lineBoundary(of: selectionFocus, end: end)
            move(to: target, extending: shift)
        case .pageUp, .pageDown:
            movePage(down: event.key == .pageDown, extending: shift)
        case .backspace:
            guard isEditable else { return false }
            if control, selectedRange.isEmpty {
                userReplace(wordStart(before: selectedRange.lowerBound)..<selectedRange.lowerBound, with: AttributedString(), kind: .other)
            } else {
                deleteBackward()
            }
        case .delete:
            guard isEditable else { return false }
            if control, selectedRange.isEmpty {
                userReplace(selectedRange.lowerBound..<wordEnd(after: selectedRange.lowerBound), with: AttributedString(), kind: .other)
            } else {
                deleteForward()
            }
        case .enter:
            guard isEditable else { return false }
            insertText("\n")
        case .tab:
            guard isEditable, !control else { return false }
            insertText("\t")
        case .escape:
            return false
        case .space, .character, .other:
            if control { return command(for: event, shift: shift) }
            guard isEditable, let text = event.text, !text.isEmpty,
                  !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
            insertText(text)
        }
        return true
    }

    /// Ctrl (or Super) with a letter: select all, copy, cut, paste, undo, redo.
    private func command(for event: KeyEvent, shift: Bool) -> Bool {
        guard case .character(let character) = event.key else { return false }
        switch character.lowercased() {
        case "a": selectAll()
        case "c": copy()
        case "x":
            guard isEditable else { return false }
            cut()
        case "v":
            guard isEditable else { return false }
            paste()
        case "z":
            guard isEditable else { return false }
            openUndoStep = nil
            if shift { undoManager.redo() } else { undoManager.undo() }
        case "y":
            guard isEditable else { return false }
            openUndoStep = nil
            undoManager.redo()
        default: return false
        }
        return true
    }

    /// Moves the caret (or extends the selection) to `position`.
    func move(to position: TextCaretPosition, extending: Bool, keepsGoalX: Bool = false) {
        setSelection(anchor: extending ? selectionAnchor : position.index, focus: position, byUser: true, keepsGoalX: keepsGoalX)
    }

    private func moveHorizontally(right: Bool, byWord: Bool, extending: Bool) {
        let range = selectedRange
        // With a selection and no Shift, the caret goes to the selection's edge on that side.
        if !extending, !range.isEmpty, !byWord {
            let startRect = caretRect(for: TextCaretPosition(index: range.lowerBound))
            let endRect = caretRect(for: TextCaretPosition(index: range.upperBound, affinity: .upstream))
            let rightIsEnd = endRect.minX >= startRect.minX
            let index = right == rightIsEnd ? range.upperBound : range.lowerBound
            return move(to: TextCaretPosition(index: index, affinity: index == range.upperBound ? .upstream : .downstream), extending: false)
        }
        guard byWord else { return move(to: visualPosition(from: selectionFocus, right: right), extending: extending) }
        // By word, in the paragraph's reading direction: Right reads on in left-to-right text.
        let paragraph = document.paragraphIndex(containing: selectionFocus.index)
        let local = selectionFocus.index - document.starts[paragraph]
        let readsRightToLeft = document.paragraphs[paragraph].layout.isRightToLeftParagraph(at: local)
        let forward = right != readsRightToLeft
        let index = forward ? wordEnd(after: selectionFocus.index) : wordStart(before: selectionFocus.index)
        move(to: TextCaretPosition(index: index, affinity: forward ? .upstream : .downstream), extending: extending)
    }

    private func moveVertically(down: Bool, extending: Bool) {
        let x = goalX ?? document.caretRect(for: selectionFocus).minX
        let target = verticalPosition(from: selectionFocus, down: down, x: x)
            ?? TextCaretPosition(index: down ? document.length : 0, affinity: down ? .upstream : .downstream)
        move(to: target, extending: extending, keepsGoalX: true)
        goalX = x
    }

    private func movePage(down: Bool, extending: Bool) {
        let caret = document.caretRect(for: selectionFocus)
        let x = goalX ?? caret.minX
        let page = max(bounds.height - textContainerInset.top - textContainerInset.bottom, caret.height)
        let y = down ? caret.midY + page : caret.midY - page
        let target: TextCaretPosition
        if y < 0 {
            target = TextCaretPosition(index: 0)
        } else if y >= document.height {
            target = TextCaretPosition(index: document.length, affinity: .upstream)
        } else {
            target = document.caretPosition(at: Point(x: x, y: y))
        }
        contentOffset = clamped(Point(x: contentOffset.x, y: contentOffset.y + (down ? page : -page)))
        move(to: target, extending: extending, keepsGoalX: true)
        goalX = x
    }
}
