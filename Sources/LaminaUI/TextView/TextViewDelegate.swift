/// What a ``TextView`` tells and asks its delegate: UIKit's `UITextViewDelegate`, the three
/// calls an editor needs. Every method has a default, so a delegate implements only what it
/// wants. Main thread.
@MainActor
public protocol TextViewDelegate: AnyObject {
    /// Whether the text view may replace `range` (UTF-16) with `text`, asked before every change
    /// the user makes (typing, deleting, pasting, cutting; not undo and redo, and not changes
    /// made in code). Returning false leaves text and selection as they were.
    func textView(_ textView: TextView, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool
    /// The text changed, by the user or by undo and redo (not by setting it in code).
    func textViewDidChange(_ textView: TextView)
    /// The selection or the caret moved.
    func textViewDidChangeSelection(_ textView: TextView)
}

extension TextViewDelegate {
    /// Allows every change.
    public func textView(_ textView: TextView, shouldChangeTextIn range: Range<Int>, replacementText text: String) -> Bool {
        true
    }
    /// Does nothing.
    public func textViewDidChange(_ textView: TextView) {}
    /// Does nothing.
    public func textViewDidChangeSelection(_ textView: TextView) {}
}
