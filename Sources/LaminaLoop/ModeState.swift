import CLaminaShims

/// One mode of one loop: its items and the epoll set the loop sleeps on while running it.
///
/// As in CFRunLoop on Linux, each mode has its own epoll set holding the loop's wake-up eventfd
/// and the mode's own timerfd, so a run sleeps only on what its mode watches. All stored
/// properties are guarded by the owning loop's lock.
final class ModeState {
    let name: String
    let epollFD: Int32
    let timerFD: Int32

    /// Sorted by signed order; equal orders in the order they were added (FIFO).
    var observers: [EventLoop.Observer] = [] {
        didSet { observersByActivity.removeAll(keepingCapacity: true) }
    }
    /// `observers` filtered per single activity, built on first use after each change: a pass
    /// takes its snapshot by copying one of these arrays (one reference count, no allocation).
    private var observersByActivity: [EventLoop.Activity.RawValue: [EventLoop.Observer]] = [:]
    /// The union of the activities of every observer ever added; never shrinks (a shortcut).
    var observerMask: EventLoop.Activity = []
    var sources: [EventLoop.Source] = []
    /// Sorted by fire date; equal dates in the order they were added.
    var timers: [EventLoop.Timer] = []
    /// At most one per fd; each fd is in `epollFD` while its source is here.
    var fileDescriptorSources: [Int32: EventLoop.FileDescriptorSource] = [:]
    /// The main queue's fd while it is in `epollFD` (it stays between sleeps), else -1. Touched
    /// only on the loop's thread, when it sleeps.
    var watchedMainQueue: Int32 = -1

    init(name: String, wakeFD: Int32) {
        self.name = name
        epollFD = lamina_epoll_create()
        timerFD = lamina_timerfd_create()
        precondition(epollFD >= 0 && timerFD >= 0, "Lamina: the system refused an epoll or timer fd for a run-loop mode")
        _ = lamina_epoll_add(epollFD, wakeFD, LAMINA_IO_READABLE | LAMINA_IO_EDGE_TRIGGERED)
        _ = lamina_epoll_add(epollFD, timerFD, LAMINA_IO_READABLE | LAMINA_IO_EDGE_TRIGGERED)
    }

    deinit {
        lamina_close(timerFD)
        lamina_close(epollFD)
    }

    var mode: EventLoop.Mode { EventLoop.Mode(name) }

    func contains(_ item: LoopItem) -> Bool {
        switch item {
        case .observer(let observer): observers.contains { $0 === observer }
        case .timer(let timer): timers.contains { $0 === timer }
        case .source(let source): sources.contains { $0 === source }
        case .fileDescriptor(let source): fileDescriptorSources[source.fileDescriptor] === source
        }
    }

    /// Puts `source`'s fd in the epoll set; false if another source has that fd here or epoll
    /// refuses it (the fd was closed since the source was made).
    func insert(_ source: EventLoop.FileDescriptorSource) -> Bool {
        guard fileDescriptorSources[source.fileDescriptor] == nil,
            lamina_epoll_add(epollFD, source.fileDescriptor, source.interest.rawValue) == 0
        else { return false }
        fileDescriptorSources[source.fileDescriptor] = source
        return true
    }

    /// The observers of `activity`, in order: the pass snapshot (validity and firing are checked
    /// at each call, which is equivalent: only the pass's own callouts change them meanwhile).
    func observers(of activity: EventLoop.Activity) -> [EventLoop.Observer] {
        if let cached = observersByActivity[activity.rawValue] { return cached }
        let filtered = observers.filter { $0.activities.contains(activity) }
        observersByActivity[activity.rawValue] = filtered
        return filtered
    }

    /// Inserts `observer` after the last one whose order is not greater (stable by order).
    func insert(_ observer: EventLoop.Observer) {
        let index = observers.lastIndex { $0.order <= observer.order }.map { $0 + 1 } ?? 0
        observers.insert(observer, at: index)
        observerMask.formUnion(observer.activities)
    }

    /// Inserts `timer` after the last one that fires no later (stable by fire date).
    func insert(_ timer: EventLoop.Timer) {
        let date = timer.nextFireDate
        let index = timers.lastIndex { $0.nextFireDate <= date }.map { $0 + 1 } ?? 0
        timers.insert(timer, at: index)
    }

    /// Removes `item`; false if it was not in this mode.
    func remove(_ item: LoopItem) -> Bool {
        switch item {
        case .observer(let observer):
            guard let index = observers.firstIndex(where: { $0 === observer }) else { return false }
            observers.remove(at: index)
        case .timer(let timer):
            guard let index = timers.firstIndex(where: { $0 === timer }) else { return false }
            timers.remove(at: index)
        case .source(let source):
            guard let index = sources.firstIndex(where: { $0 === source }) else { return false }
            sources.remove(at: index)
        case .fileDescriptor(let source):
            guard fileDescriptorSources[source.fileDescriptor] === source else { return false }
            fileDescriptorSources[source.fileDescriptor] = nil
            // Fails harmlessly if the fd was already closed (which removed it from the set).
            _ = lamina_epoll_remove(epollFD, source.fileDescriptor)
        }
        return true
    }

    /// False while the loop runs on a virtual clock: then no kernel timer wakes it, and a wait
    /// with nothing ready moves virtual time to the next timer instead.
    var usesKernelTimer = true

    /// The fire date of the earliest valid timer that is not firing.
    var earliestTimerDate: EventLoop.Instant? {
        timers.first { $0.isValid && !$0.withState(\.isFiring) }?.nextFireDate
    }

    /// Arms the timerfd for the earliest valid timer that is not firing, or disarms it.
    func armTimerFD() {
        let next = usesKernelTimer ? earliestTimerDate : nil
        lamina_timerfd_arm(timerFD, next.map { max($0.nanoseconds, 0) } ?? -1)
    }
}

/// An observer, timer, source or fd source, as the loop's bookkeeping handles them alike.
enum LoopItem {
    case observer(EventLoop.Observer)
    case timer(EventLoop.Timer)
    case source(EventLoop.Source)
    case fileDescriptor(EventLoop.FileDescriptorSource)

    var isValid: Bool {
        switch self {
        case .observer(let observer): observer.isValid
        case .timer(let timer): timer.isValid
        case .source(let source): source.isValid
        case .fileDescriptor(let source): source.isValid
        }
    }

    var membership: LoopMembership {
        switch self {
        case .observer(let observer): observer.membership
        case .timer(let timer): timer.membership
        case .source(let source): source.membership
        case .fileDescriptor(let source): source.membership
        }
    }

    func isSame(as other: LoopItem) -> Bool {
        switch (self, other) {
        case (.observer(let a), .observer(let b)): a === b
        case (.timer(let a), .timer(let b)): a === b
        case (.source(let a), .source(let b)): a === b
        case (.fileDescriptor(let a), .fileDescriptor(let b)): a === b
        default: false
        }
    }
}
