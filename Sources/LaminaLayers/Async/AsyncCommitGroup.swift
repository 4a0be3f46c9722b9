import LaminaTrace

/// The renders of one container's async layers in one transaction, committed together:
/// ``AsyncCommitPolicy/perContainer`` (Texture's `_ASAsyncTransaction` on a container layer).
///
/// A group opens when the first async layer under a container schedules a render, collects the
/// renders scheduled while the transaction is open, and closes at the end of the transaction's
/// display phase. Once closed with every render back, all of their results are applied in one
/// main-thread block — each still checked against its layer's sentinel. Main thread.
@MainActor
final class AsyncCommitGroup {
    /// The groups still collecting renders, one per container.
    private static var collecting: [ObjectIdentifier: AsyncCommitGroup] = [:]

    /// Held while the group collects, so its identity cannot be reused by another layer.
    private var container: Layer?
    private let containerID: LayerID
    private var outstanding = 0
    private var isClosed = false
    private var arrived: [Arrival] = []

    private struct Arrival {
        let layer: AsyncLayer
        let render: AsyncRender
        let outcome: AsyncRenderOutcome
        let task: AsyncDisplayTask
    }

    private init(container: Layer) {
        self.container = container
        containerID = container.id
    }

    /// The collecting group of `layer`'s nearest container, counting one more render; nil when
    /// `layer` commits per layer.
    static func open(for layer: AsyncLayer) -> AsyncCommitGroup? {
        guard let container = layer.nearestAsyncContainer else { return nil }
        let key = ObjectIdentifier(container)
        let group = collecting[key] ?? {
            let group = AsyncCommitGroup(container: container)
            collecting[key] = group
            // The transaction's display phase is what closes the group: make sure one is open.
            _ = Transaction.current
            return group
        }()
        group.outstanding += 1
        return group
    }

    /// Whether a group is still collecting: one opened after the display phase closed the others
    /// (by a `didDisplay` that displayed another layer) needs the next transaction to close it.
    static var isCollecting: Bool {
        !collecting.isEmpty
    }

    /// Closes every collecting group: called at the end of a transaction's display phase.
    static func closeAll() {
        guard !collecting.isEmpty else { return }
        let groups = collecting.values
        collecting = [:]
        for group in groups { group.close() }
    }

    /// A render of the group came back for a layer that still exists.
    func add(_ render: AsyncRender, _ outcome: AsyncRenderOutcome, task: AsyncDisplayTask, for layer: AsyncLayer) {
        arrived.append(Arrival(layer: layer, render: render, outcome: outcome, task: task))
        outstanding -= 1
        commitIfComplete()
    }

    /// A render of the group came back for a layer that no longer exists.
    func layerVanished() {
        outstanding -= 1
        commitIfComplete()
    }

    private func close() {
        isClosed = true
        container = nil
        commitIfComplete()
    }

    private func commitIfComplete() {
        guard isClosed, outstanding == 0, !arrived.isEmpty else { return }
        let arrivals = arrived
        arrived = []
        Trace.interval(.asyncGroupCommitted,
                       arguments: ["container": containerID.description, "layers": "\(arrivals.count)"]) {
            for arrival in arrivals {
                arrival.layer.finish(arrival.render, with: arrival.outcome, task: arrival.task)
            }
        }
    }
}

extension Layer {
    /// The nearest layer, this one or an ancestor, that commits its async layers together.
    var nearestAsyncContainer: Layer? {
        var layer: Layer? = self
        while let current = layer {
            if current.asyncCommitPolicy == .perContainer { return current }
            layer = current.superlayer
        }
        return nil
    }
}
