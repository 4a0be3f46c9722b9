import LaminaLoop

/// Records changes so that they can be undone and redone: Foundation's `UndoManager` API, which
/// the Foundation of Swift on Linux does not provide.
///
/// Changes register the closure that reverts them (``registerUndo(withTarget:handler:)``).
/// Registrations are gathered into groups, and ``undo()`` reverts one group: by default
/// (``groupsByEvent``) everything registered in one turn of the main loop is one group, as
/// Foundation's undo manager groups by run-loop pass; ``beginUndoGrouping()`` and
/// ``endUndoGrouping()`` make groups of their own. What an undo registers goes on the redo stack,
/// what a redo registers back on the undo stack; any other registration clears the redo stack.
/// Main thread.
@MainActor
public final class UndoManager {
    /// One group: its actions in the order they were registered, and its name.
    private struct Group {
        var actions: [@MainActor () -> Void] = []
        var actionName = ""
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// The groups being built, outermost first.
    private var open: [Group] = []
    /// Whether the open outermost group was opened by ``groupsByEvent`` (and closes with the turn).
    private var openedByEvent = false
    private var disabledCount = 0
    private var eventObserver: EventLoop.Observer?

    /// Whether the manager is undoing or redoing: what is registered meanwhile goes to the other
    /// stack.
    public private(set) var isUndoing = false
    /// Whether the manager is redoing.
    public private(set) var isRedoing = false
    /// Whether registrations in one turn of the main loop form one group on their own (true by
    /// default, as in Foundation).
    public var groupsByEvent = true
    /// How many groups the undo stack keeps; 0 (the default) keeps every group.
    public var levelsOfUndo = 0 {
        didSet { trim() }
    }

    /// A manager with empty stacks.
    public init() {}

    /// How deep the groups being built are nested.
    public var groupingLevel: Int { open.count }

    /// Whether ``undo()`` has a group to revert (the group being built counts once it holds
    /// an action).
    public var canUndo: Bool {
        !undoStack.isEmpty || open.contains { !$0.actions.isEmpty }
    }

    /// Whether ``redo()`` has a group to apply.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Whether registrations are recorded (``disableUndoRegistration()`` stops them).
    public var isUndoRegistrationEnabled: Bool { disabledCount == 0 }

    /// The name of the group ``undo()`` would revert ("" when it has none).
    public var undoActionName: String { undoStack.last?.actionName ?? "" }
    /// The name of the group ``redo()`` would apply.
    public var redoActionName: String { redoStack.last?.actionName ?? "" }

    /// Records `handler`, which reverts a change to `target`, in the current group. The
    /// target is held weakly: once it is gone, the action does nothing.
    public func registerUndo<Target: AnyObject>(withTarget target: Target,
                                                handler: @escaping @MainActor (Target) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        let action: @MainActor () -> Void = { [weak target] in
            if let target { handler(target) }
        }
        if isUndoing || isRedoing {
            // Undo and redo gather into a group of their own, which they push when done.
            open[open.count - 1].actions.append(action)
            return
        }
        if open.isEmpty {
            guard groupsByEvent else { return }
            beginUndoGrouping()
            openedByEvent = true
            closeWithTheTurn()
        }
        open[open.count - 1].actions.append(action)
        redoStack.removeAll()
    }

    /// Names the current group (or, when none is open, the last one on the undo stack).
    public func setActionName(_ name: String) {
        if !open.isEmpty {
            open[0].actionName = name
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].actionName = name
        }
    }

    /// Opens a group; groups nest, and only the outermost one is a step of ``undo()``.
    public func beginUndoGrouping() {
        open.append(Group())
    }

    /// Closes the innermost group: its actions join the enclosing group, or, for the outermost,
    /// become one step on the undo stack (an empty group adds nothing).
    public func endUndoGrouping() {
        guard let group = open.popLast() else { return }
        if open.isEmpty {
            openedByEvent = false
            guard !group.actions.isEmpty else { return }
            undoStack.append(group)
            trim()
        } else {
            open[open.count - 1].actions += group.actions
            if open[open.count - 1].actionName.isEmpty { open[open.count - 1].actionName = group.actionName }
        }
    }

    /// Reverts the last group: closes a group opened by ``groupsByEvent`` first, then runs the
    /// group's actions last to first. What they register becomes one group on the redo stack.
    public func undo() {
        if openedByEvent, open.count == 1 { endUndoGrouping() }
        guard open.isEmpty, let group = undoStack.popLast() else { return }
        isUndoing = true
        redoStack.append(replay(group))
        if redoStack.last?.actions.isEmpty == true { redoStack.removeLast() }
        isUndoing = false
    }

    /// Applies the last undone group again; what it registers goes back on the undo stack.
    public func redo() {
        if openedByEvent, open.count == 1 { endUndoGrouping() }
        guard open.isEmpty, let group = redoStack.popLast() else { return }
        isRedoing = true
        let undone = replay(group)
        if !undone.actions.isEmpty { undoStack.append(undone) }
        trim()
        isRedoing = false
    }

    /// Empties both stacks and drops the groups being built.
    public func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        open.removeAll()
        openedByEvent = false
    }

    /// Stops recording registrations until a matching ``enableUndoRegistration()``.
    public func disableUndoRegistration() { disabledCount += 1 }

    /// Undoes one ``disableUndoRegistration()``.
    public func enableUndoRegistration() { disabledCount = max(disabledCount - 1, 0) }

    /// Runs `group`'s actions last to first inside a fresh group, and returns that group.
    private func replay(_ group: Group) -> Group {
        open.append(Group(actionName: group.actionName))
        for action in group.actions.reversed() { action() }
        var replayed = open.removeLast()
        replayed.actionName = group.actionName
        return replayed
    }

    private func trim() {
        guard levelsOfUndo > 0, undoStack.count > levelsOfUndo else { return }
        undoStack.removeFirst(undoStack.count - levelsOfUndo)
    }

    /// Closes the group ``groupsByEvent`` opened when the main loop finishes its turn (before it
    /// waits, or when the run exits).
    private func closeWithTheTurn() {
        guard eventObserver == nil else { return }
        let observer = EventLoop.Observer(activities: [.beforeWaiting, .exit], repeats: false,
                                          order: EventLoop.Order.transactionCommit - 1, name: "undoGrouping") { [weak self] _, _ in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.eventObserver = nil
                if self.openedByEvent, self.open.count == 1 { self.endUndoGrouping() }
            }
        }
        eventObserver = observer
        EventLoop.main.add(observer, to: .common)
    }
}
