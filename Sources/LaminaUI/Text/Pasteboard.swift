/// Where copied text goes and where pasted text comes from (UIKit's UIPasteboard; the X11
/// CLIPBOARD selection in a Lamina X11 window). Main thread.
///
/// Reading is asynchronous because on X11 the text lives in another program until it is asked
/// for: the owner of the selection converts it and answers through the server, some time later
/// or never. A pasteboard that holds its text in memory answers at once.
///
/// ```swift
/// window.pasteboard.setString("copied")
/// window.pasteboard.readString { text in
///     if let text { textView.insertText(text) }
/// }
/// ```
@MainActor
public protocol Pasteboard: AnyObject {
    /// Replaces the pasteboard's contents with `string`.
    func setString(_ string: String)
    /// Reads the pasteboard's text and calls `completion` on the main thread with it, or with
    /// nil when the pasteboard holds no text or its owner did not answer in time. May call
    /// `completion` before returning.
    func readString(completion: @escaping @MainActor (String?) -> Void)
}

/// A ``Pasteboard`` that keeps its text in memory, shared by everything in the process that
/// uses the same instance: the default of every ``Window`` (``general``), and what headless
/// tests copy into and paste from. Main thread.
///
/// ``readString(completion:)`` calls its completion before it returns.
@MainActor
public final class InProcessPasteboard: Pasteboard {
    /// The process's shared pasteboard, every window's ``Window/pasteboard`` until something
    /// else (an X11 event source) replaces it.
    public static let general = InProcessPasteboard()

    /// The text held; nil when nothing was copied (or it was cleared by setting nil).
    public var string: String?

    /// A pasteboard of its own, separate from ``general`` (for a window or a test that wants
    /// one), holding `string`: empty by default.
    public init(string: String? = nil) {
        self.string = string
    }

    /// Replaces ``string`` with `string`.
    public func setString(_ string: String) {
        self.string = string
    }

    /// Calls `completion` with ``string`` before returning.
    public func readString(completion: @escaping @MainActor (String?) -> Void) {
        completion(string)
    }
}
