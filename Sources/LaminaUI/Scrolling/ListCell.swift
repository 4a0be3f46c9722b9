import LaminaGraphics

/// A row of a ``ListView`` — UITableViewCell's core: a view the list reuses for row after row.
/// Give it a reuse identifier; ``prepareForReuse()`` runs before the list hands it out again.
/// Main thread.
@MainActor
open class ListCell: View {
    /// Cells with the same identifier are interchangeable: the list reuses them for any row.
    public let reuseIdentifier: String
    /// The row the cell shows now; nil while it waits in the reuse pool.
    public internal(set) var row: Int?

    /// A cell for rows of kind `reuseIdentifier`.
    public init(reuseIdentifier: String) {
        self.reuseIdentifier = reuseIdentifier
        super.init(frame: .zero)
    }

    /// Called before the cell is handed out for another row: clear what belonged to the last one
    /// (an async label's text, an image view's URL), so a reused cell never shows it.
    open func prepareForReuse() {}
}
