import Foundation

extension TextView {
    /// The pasteboard ``copy()``, ``cut()`` and ``paste()`` use: ``pasteboard`` when set, else
    /// the window's (the X11 `CLIPBOARD` selection in an X11 window), else the process's
    /// in-memory one.
    var activePasteboard: any Pasteboard {
        pasteboard ?? window?.pasteboard ?? InProcessPasteboard.general
    }

    /// Puts the selected text on the pasteboard (Ctrl-C). Does nothing with nothing selected,
    /// or when the view is neither selectable nor editable.
    public func copy() {
        let range = selectedRange
        guard !range.isEmpty, isSelectable || isEditable else { return }
        activePasteboard.setString(String(document.text(in: range).characters[...]))
    }

    /// Puts the selected text on the pasteboard and deletes it (Ctrl-X), as one undo step. Does
    /// nothing unless the view is editable; when the delegate refuses the deletion the text
    /// stays, and is copied all the same: the copy comes first.
    public func cut() {
        let range = selectedRange
        guard !range.isEmpty, isEditable else { return }
        copy()
        userReplace(range, with: AttributedString(), kind: .other)
    }

    /// Replaces the selection with the pasteboard's text (Ctrl-V), in ``typingAttributes``, as
    /// one undo step, asking the delegate first. An X11 pasteboard answers later, through the
    /// server: the text goes over the selection as it is when the answer arrives. Line ends
    /// (CR LF, CR) become "\n". Does nothing unless the view is editable, or when the
    /// pasteboard holds no text.
    public func paste() {
        guard isEditable else { return }
        activePasteboard.readString { [weak self] text in
            guard let self, self.isEditable, let text else { return }
            let normalized = Self.normalizingLineEnds(text)
            guard !normalized.isEmpty else { return }
            self.userReplace(self.selectedRange, with: AttributedString(normalized, attributes: self.typingAttributes),
                             kind: .other)
        }
    }
}
