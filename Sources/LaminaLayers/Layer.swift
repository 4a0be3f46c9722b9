import LaminaGraphics
import LaminaTrace
import Synchronization

/// A rectangle of content in a retained tree: Core Animation's `CALayer`, main-thread state.
///
/// A layer holds geometry (``bounds``, ``position``, ``anchorPoint``, ``transform``), visual
/// properties (background, border, corner radius, opacity, shadow) and a bitmap, ``contents``,
/// which it gets by *displaying*: its delegate provides it (``LayerDisplayDelegate``) or draws
/// into a fresh backing store (``LayerDelegate/draw(_:in:)``). Nothing is drawn when a property
/// changes: changes mark the layer — ``setNeedsDisplay()``, ``setNeedsLayout()``, and a
/// render-state mark — and the implicit ``Transaction`` drains all marks together when the main
/// loop is about to sleep, then sends what changed to the render server.
///
/// Geometry that is NaN or infinite is ignored (the property keeps its value): outside data
/// must never corrupt the tree.
@MainActor
open class Layer {
    /// The layer's identity in the render tree.
    public nonisolated let id: LayerID

    /// Render properties, as the render server receives them (`sublayers` and `mask` are filled
    /// in when a delta is made).
    var state = LayerRenderState()

    /// The layer this one is a sublayer of.
    public internal(set) weak var superlayer: Layer?
    /// The sublayers, back to front.
    public internal(set) var sublayers: [Layer] = []
    /// The layer whose alpha masks this one, in this layer's bounds space; it is not a
    /// sublayer. A layer masks at most one other: assigning it elsewhere moves it.
    public var mask: Layer? {
        didSet {
            guard mask !== oldValue else { return }
            if oldValue?.maskedLayer === self { oldValue?.maskedLayer = nil }
            if let mask {
                mask.removeFromSuperlayer()
                if let previousOwner = mask.maskedLayer, previousOwner !== self { previousOwner.mask = nil }
                mask.maskedLayer = self
                markSubtreeChanged(mask)
            }
            renderStateChanged()
        }
    }
    /// The layer this one masks, if it is a mask.
    weak var maskedLayer: Layer?
    /// The host sending this tree to a render server, when this layer is a hosted root.
    weak var host: LayerTreeHost?
    /// Who draws and lays the layer out; held weakly (a view owns its layer, not the reverse).
    public weak var delegate: (any LayerDelegate)?

    // Dirty marks. The first mark of each kind enrols the layer in the open transaction; later
    // marks only update the flag.
    /// Whether the layer will display at the next commit (or ``displayIfNeeded()``).
    public internal(set) var needsDisplay = false
    /// The part to redraw, in bounds space; `nil` with ``needsDisplay`` means all of it.
    var dirtyRect: Rect?
    /// Whether ``layoutSublayers()`` will run at the next commit (or ``layoutIfNeeded()``).
    public internal(set) var needsLayout = false
    /// Whether this layer or a descendant needs layout, so ``layoutIfNeeded()`` finds them
    /// without walking the whole subtree.
    var subtreeNeedsLayout = false
    /// Whether the layer is enrolled in the open transaction (its render state or its animations
    /// changed since the last commit).
    var renderStateIsDirty = false
    /// Whether the model values changed since the last commit, not only the animations: the
    /// commit sends the layer's state only then (and the first time).
    var modelIsDirty = false
    /// Whether the contents to send at the next commit came from a partial redraw, and where.
    var contentsDirtyRect: Rect?
    /// Whether ``contents`` was drawn by the layer's own backing-store path (rather than set).
    var contentsAreBackingStore = false
    /// The trace flow from the `setNeedsDisplay` that marked the layer to its display (recorded
    /// only while tracing).
    var displayFlow: TraceFlowID?
    /// The trace flow of the display that produced the contents the next commit sends, so the
    /// commit and the presented frame join it.
    var contentsFlow: TraceFlowID?

    /// When the results of async renders in this layer's subtree reach the screen:
    /// ``AsyncCommitPolicy/perLayer`` (the default) or, for a container such as a list cell,
    /// ``AsyncCommitPolicy/perContainer``. See ``AsyncLayer``.
    public var asyncCommitPolicy: AsyncCommitPolicy = .perLayer

    /// The animations added to the layer and not yet removed, in the order they were added
    /// (Layer+Animation).
    var animationRecords: [AnimationRecord] = []
    /// Actions by event key, searched after the delegate and before the class's default
    /// (``action(forKey:)``): Core Animation's `actions`. Empty by default; put a
    /// ``NullAction`` under a key to stop the search there.
    public var actions: [String: any Action] = [:]
    /// Whether the animations changed since the last commit that sent them.
    var animationsChanged = false
    /// Whether a commit has sent the layer to a render server (it has a presentation then).
    var hasBeenCommitted = false

    /// Whether a bounds change calls ``setNeedsDisplay()``. False by default, as in Core
    /// Animation: a resized layer stretches its old contents until something redraws it.
    public var needsDisplayOnBoundsChange = false

    /// Creates a layer with Core Animation's defaults: zero bounds, anchor point (0.5, 0.5),
    /// opacity 1, contents scale 1, gravity `.resize`.
    public required init() {
        id = LayerID.next()
        Self.liveLayers.add(1, ordering: .relaxed)
    }

    deinit {
        Self.liveLayers.subtract(1, ordering: .relaxed)
    }

    /// How many layers exist in the process right now: made and not yet freed, in a tree or
    /// not. A diagnostic for leaks (`FeedDemo --soak` watches it stay flat); any thread.
    public nonisolated static var liveCount: Int { liveLayers.load(ordering: .relaxed) }

    private nonisolated static let liveLayers = Atomic<Int>(0)

    /// Records a render-state change; the first one since the last commit enrols the layer in
    /// the transaction's changed set.
    func renderStateChanged() {
        modelIsDirty = true
        enrolInTransaction()
    }

    /// Enrols the layer in the open transaction's changed set, once per commit: its model values
    /// changed (``renderStateChanged()``) or only its animations did.
    func enrolInTransaction() {
        guard !renderStateIsDirty else { return }
        renderStateIsDirty = true
        Transaction.current.changed.append(self)
    }

    /// Sets one render property, marking the layer only when the value really changes. A
    /// change of a property with an action key (its Core Animation name) looks up the action
    /// first, with what is on screen before the change, and runs it after (an implicit
    /// animation, for a standalone layer).
    ///
    /// Inlined into every setter, so that each setter's literal key path becomes a plain field
    /// access instead of a key-path walk at run time.
    @discardableResult @inline(__always)
    func update<Value: Equatable>(_ keyPath: WritableKeyPath<LayerRenderState, Value>, to value: Value,
                                  action key: String? = nil) -> Bool {
        guard state[keyPath: keyPath] != value else { return false }
        // Not `key.flatMap(actionForChange)`: a main-actor method passed as a closure is checked
        // for isolation at run time, on every property set.
        var action: TriggeredAction?
        if let key { action = actionForChange(forKey: key) }
        state[keyPath: keyPath] = value
        renderStateChanged()
        // Contents never come through here (see `contents`): every property that does may move
        // or hide something, and the visibility checks of the next commit must look again.
        Transaction.noteGeometryMayHaveChanged()
        action?.run(on: self)
        return true
    }

    /// The render state to send, with sublayer and mask identities filled in.
    var stateForCommit: LayerRenderState {
        var copy = state
        copy.sublayers = sublayers.map(\.id)
        copy.mask = mask?.id
        return copy
    }

    // MARK: - Module hooks (async layers cancel and resume renders through these)

    /// The layer was just marked for display (every mark, not only the first).
    func didMarkNeedsDisplay() {}

    /// The layer was just detached from its superlayer.
    func didLeaveSuperlayer() {}

    /// The layer was just attached to a superlayer.
    func didJoinSuperlayer() {}

    /// Whether a ``contentsScale`` change redraws: when the contents are the layer's own drawing
    /// (contents set from outside are kept).
    var redrawsOnScaleChange: Bool {
        contentsAreBackingStore
    }

    // MARK: - Hooks to override (never to call directly)

    /// Gives the layer its contents. A hook to override, never to call directly (mark with
    /// ``setNeedsDisplay()`` instead).
    ///
    /// The default: when the delegate is a ``LayerDisplayDelegate``, its
    /// ``LayerDisplayDelegate/display(_:)`` does everything. Otherwise the delegate's
    /// ``LayerDelegate/layerWillDraw(_:)`` runs, a backing store of bounds × ``contentsScale``
    /// (read now) is made — cleared, or filled when opaque, and starting from the old pixels
    /// for a partial redraw — ``draw(in:)`` draws, and the result becomes ``contents``. A layer
    /// under 1×1 point gets `contents = nil`; a backing store over ``BackingStoreLimits`` is
    /// refused (logged to the trace and standard error; `contents = nil`).
    open func display() {
        displayContents()
    }

    /// Draws the layer's contents into its backing store. A hook to override, never to call
    /// directly. The default asks the delegate (``LayerDelegate/draw(_:in:)``). The context is
    /// in bounds space and clipped to the dirty rectangle.
    open func draw(in context: GraphicsContext) {
        delegate?.draw(self, in: context)
    }

    /// Positions the sublayers. A hook to override, never to call directly (mark with
    /// ``setNeedsLayout()``). The default asks the delegate
    /// (``LayerDelegate/layoutSublayers(of:)``).
    open func layoutSublayers() {
        delegate?.layoutSublayers(of: self)
    }

    /// Whether `point`, in bounds space, is inside the layer (used by ``hitTest(_:)``).
    /// Override for non-rectangular layers.
    open func contains(_ point: Point) -> Bool {
        bounds.contains(point)
    }

    /// The action to run for the event `key` (a property's name or an ``ActionKey``), searched
    /// as Core Animation's `action(forKey:)` searches: the delegate's
    /// ``LayerDelegate/action(for:forKey:)``; then ``actions``; then the class's
    /// ``defaultAction(forKey:)``. The first step that answers anything but nil ends the search —
    /// ``NullAction`` included, which runs nothing. (Core Animation also searches a `style`
    /// dictionary before the class default; Lamina has no `style`.) Override to change the
    /// search; the layer calls it when a change happens, before the new value is set, unless
    /// ``Transaction/disableActions`` is on.
    open func action(forKey key: String) -> (any Action)? {
        searchAction(forKey: key)
    }

    /// The action a layer of this class runs for `key` when neither the delegate nor
    /// ``actions`` has one. For a property a setter animates (``AnimatableKeyPaths/all`` but the
    /// components such as `position.x`) it is a ``BasicAnimation`` from the previous presentation value to the new model value, with the
    /// innermost open transaction's ``Transaction/animationDuration`` and
    /// ``Transaction/animationTimingFunction``; nil for everything else — the discrete `hidden`
    /// and `contents` included (Docs chapter 10 says why). Override in a subclass to give its
    /// properties other defaults.
    open class func defaultAction(forKey key: String) -> (any Action)? {
        ImplicitAnimation.defaultAction(forKey: key)
    }
}
