import LaminaGraphics
import LaminaLayers

/// How rows that come or go in an update appear — UITableView's `RowAnimation`, the kinds
/// Lamina has.
public enum RowAnimation: Sendable, Hashable {
    /// At once, no animation.
    case none
    /// Fading in or out while the other rows slide to their new places.
    case fade
    /// The list's choice: a fade.
    case automatic
}

/// The changes of one batch of row updates, in UITableView's convention: deletions and reloads
/// name rows as they were before the batch, insertions as they are after it.
struct RowUpdateBatch {
    var deleted: [Int: RowAnimation] = [:]
    var inserted: [Int: RowAnimation] = [:]
    var reloaded: [Int: RowAnimation] = [:]

    /// Whether any change asked for an animation.
    var isAnimated: Bool {
        [deleted, inserted, reloaded].contains { $0.values.contains { $0 != .none } }
    }
}

extension ListView {
    /// How long the rows of an animated update take to slide and fade: UITableView's 0.3 s.
    public static let rowAnimationDuration = 0.3

    /// Rows inserted at `rows` (indices after the insertion). With an animation, the rows below
    /// slide down to make room and the new rows fade in.
    public func insertRows(at rows: [Int], with animation: RowAnimation = .none) {
        performBatchUpdates { for row in rows { pendingBatch?.inserted[row] = animation } }
    }

    /// Rows deleted at `rows` (indices before the deletion). With an animation, their cells fade
    /// out and go back to the reuse pool when the fade ends, while the rows below slide up.
    public func deleteRows(at rows: [Int], with animation: RowAnimation = .none) {
        performBatchUpdates { for row in rows { pendingBatch?.deleted[row] = animation } }
    }

    /// Rows whose content changed at `rows` (indices before the update): each gets a fresh cell
    /// from the data source; with an animation the old cell fades out as the new one fades in.
    public func reloadRows(at rows: [Int], with animation: RowAnimation = .none) {
        performBatchUpdates { for row in rows { pendingBatch?.reloaded[row] = animation } }
    }

    /// Applies the inserts, deletes and reloads `updates` makes as one change — UITableView's
    /// `performBatchUpdates(_:completion:)` — after asking the data source again for the row
    /// count and every height: rows that stay slide to their new places (heights that changed
    /// grow or shrink), animated when any change asks for an animation or, with no changes at
    /// all, always (how a row's new height animates). The data source must already hold the new
    /// rows: when its count does not match the changes (old count − deletions + insertions), the
    /// list reloads everything instead, unanimated. `completion` runs when the animations end,
    /// with whether they all finished (at the next turn of the main loop when nothing animated).
    public func performBatchUpdates(_ updates: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil) {
        if pendingBatch != nil {
            // Nested: the outer batch applies everything.
            updates()
            if let completion { View.animate(withDuration: 0, animations: {}, completion: completion) }
            return
        }
        pendingBatch = RowUpdateBatch()
        updates()
        let batch = pendingBatch ?? RowUpdateBatch()
        pendingBatch = nil
        let noChanges = batch.deleted.isEmpty && batch.inserted.isEmpty && batch.reloaded.isEmpty
        let duration = batch.isAnimated || noChanges ? Self.rowAnimationDuration : 0
        View.animate(withDuration: duration, animations: { apply(batch) }, completion: completion)
    }

    /// Maps the cells to their rows after `batch`, slides them (inside the caller's animation
    /// block), fades the leaving ones out and the new ones in.
    private func apply(_ batch: RowUpdateBatch) {
        let oldCount = numberOfRows
        let newCount = max(dataSource?.numberOfRows(in: self) ?? 0, 0)
        let deleted = Set(batch.deleted.keys), inserted = Set(batch.inserted.keys)
        guard deleted.allSatisfy({ (0..<oldCount).contains($0) }), inserted.allSatisfy({ (0..<newCount).contains($0) }),
              batch.reloaded.keys.allSatisfy({ (0..<oldCount).contains($0) && !deleted.contains($0) }),
              oldCount - deleted.count + inserted.count == newCount else {
            View.performWithoutAnimation { reloadData() }
            return
        }
        // Old rows that stay, in order, take the new rows that were not inserted, in order.
        let staying = (0..<oldCount).filter { !deleted.contains($0) }
        let targets = (0..<newCount).filter { !inserted.contains($0) }
        let newRow = Dictionary(uniqueKeysWithValues: zip(staying, targets))
        var fadingIn: Set<Int> = Set(batch.inserted.filter { $0.value != .none }.keys)
        let oldCells = cells
        cells = [:]
        for (oldRow, cell) in oldCells {
            let leaving = batch.deleted[oldRow] ?? batch.reloaded[oldRow]
            if let leaving {
                disappear(cell, animated: leaving != .none)
                if let target = newRow[oldRow], leaving != .none { fadingIn.insert(target) }
            } else if let target = newRow[oldRow] {
                cell.row = target
                cells[target] = cell
            }
        }
        rebuildRowTops()
        contentOffset = clamped(contentOffset)
        for (row, cell) in cells {
            cell.frame = rectForRow(row)
            // Inside the animation, so what a cell lays out against its new size moves with it
            // (UITableView lays its cells out inside the update's animation the same way).
            cell.layoutIfNeeded()
        }
        for row in updateCells() where fadingIn.contains(row) {
            guard let cell = cells[row] else { continue }
            View.performWithoutAnimation { cell.alpha = 0 }
            cell.alpha = 1
        }
    }

    /// A deleted or reloaded row's cell: it fades out and then goes back to the pool, or goes
    /// back at once.
    private func disappear(_ cell: ListCell, animated: Bool) {
        cell.row = nil
        guard animated, cell.window != nil else { return enqueue(cell) }
        disappearingCells.append(cell)
        View.animate(withDuration: Self.rowAnimationDuration, options: .overrideInheritedDuration) {
            cell.alpha = 0
        } completion: { [weak self] _ in
            guard let self, let index = disappearingCells.firstIndex(where: { $0 === cell }) else { return }
            disappearingCells.remove(at: index)
            enqueue(cell)
        }
    }
}
