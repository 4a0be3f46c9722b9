import Dispatch
import Lamina
import Synchronization

/// A view backed by an ``AsyncLayer`` that draws a pattern in its ink on its opaque background.
@MainActor
final class PatternView: View, AsyncLayerDelegate {
    override class var layerClass: Layer.Type { AsyncLayer.self }
    override var drawsContent: Bool { true }

    /// Display closures that ran on the main thread (any thread counts them): none should.
    nonisolated static let mainThreadDraws = Atomic<Int>(0)

    let pattern: Pattern
    /// The colour the pattern is drawn in. A change goes through an `UpdateTransaction`, as a
    /// label's text would: however many changes in one turn, one mark, after the commit.
    var ink: Color {
        didSet { UpdateTransaction.commit(self, "pattern") { $0.patternDidChange() } }
    }
    /// Holds the next render before its first step (taken by the next task).
    var holdNextRender: RenderHold?
    /// Runs once after the next mark the ink makes.
    var didMark: (@MainActor (PatternView) -> Void)?
    weak var tour: AsyncTour?

    var name: String { pattern.rawValue }
    var asyncLayer: AsyncLayer {
        guard let layer = layer as? AsyncLayer else { preconditionFailure("layerClass is AsyncLayer") }
        return layer
    }

    init(_ pattern: Pattern, frame: Rect, ink: Color, pool: DisplayQueuePool) {
        self.pattern = pattern
        self.ink = ink
        super.init(frame: frame)
        asyncLayer.displayQueuePool = pool
        isOpaque = true  // the render fills white, then the background colour, before the task draws
        backgroundColor = Color(white: 0.96)
    }

    private func patternDidChange() {
        setNeedsDisplay()
        tour?.patternDidChange(self)
        didMark?(self)
    }

    /// Captures the pattern and ink as plain values; the display closure never touches the view.
    func newAsyncDisplayTask() -> AsyncDisplayTask {
        let pattern = pattern, ink = ink, hold = holdNextRender, note = RenderNote()
        holdNextRender = nil
        return AsyncDisplayTask(
            willDisplay: { [weak self] _ in
                guard let self else { return }
                self.tour?.willDisplay(self)
            },
            display: { [weak self] context, size, isCancelled in
                let thread = TraceThread.current
                if thread.isMain { PatternView.mainThreadDraws.add(1, ordering: .relaxed) }
                hold?.wait { hold in
                    guard let self else { return hold.release() }
                    self.tour?.renderIsHeld(self, on: thread.name, hold: hold)
                }
                let steps = pattern.draw(in: context, size: size, ink: ink, isCancelled: isCancelled)
                note.record(thread: thread.name, steps: steps)
            },
            didDisplay: { [weak self] _, finished in
                guard let self else { return }
                self.tour?.didDisplay(self, note: note, finished: finished)
            })
    }
}

/// What a ``PatternView`` draws: plain values a display task can take to another thread.
enum Pattern: String, CaseIterable, Sendable {
    case checkerboard, rings, stripes

    var firstInk: Color {
        switch self {
        case .checkerboard: Color(red: 0.2, green: 0.4, blue: 0.8)
        case .rings: Color(red: 0.2, green: 0.6, blue: 0.4)
        case .stripes: Color(red: 0.8, green: 0.2, blue: 0.4)
        }
    }

    /// Rows, rings or bands in a drawing.
    static let steps = 10

    /// Draws the pattern, checking `isCancelled` before each step as a long drawing should;
    /// returns how many steps were drawn.
    func draw(in context: GraphicsContext, size: Size, ink: Color, isCancelled: () -> Bool) -> Int {
        context.fillColor = ink
        context.strokeColor = ink
        let steps = Self.steps
        for step in 0..<steps {
            if isCancelled() { return step }
            switch self {
            case .checkerboard:
                let cell = Size(width: size.width / Double(steps), height: size.height / Double(steps))
                for column in stride(from: step % 2, to: steps, by: 2) {
                    context.fill(Rect(x: Double(column) * cell.width, y: Double(step) * cell.height,
                                      width: cell.width, height: cell.height))
                }
            case .rings:
                let inset = Double(step) * min(size.width, size.height) / Double(2 * steps) + 1.5
                context.lineWidth = 3
                context.strokeEllipse(in: Rect(size: size).insetBy(dx: inset, dy: inset))
            case .stripes:
                let period = (size.width + size.height) / Double(steps), x = Double(step) * period
                var band = Path()
                band.move(to: Point(x: x, y: 0))
                band.addLine(to: Point(x: x + period / 2, y: 0))
                band.addLine(to: Point(x: x + period / 2 - size.height, y: size.height))
                band.addLine(to: Point(x: x - size.height, y: size.height))
                band.closeSubpath()
                context.fill(band)
            }
        }
        return steps
    }

    /// A point of the view's bounds that the pattern paints with its ink.
    var inkedPoint: Point {
        switch self {
        case .checkerboard: Point(x: 5, y: 5)  // the first cell
        case .rings: Point(x: 50, y: 1.5)  // the outer ring's top
        case .stripes: Point(x: 2, y: 1)  // the first band
        }
    }
}

/// What a render reports back: the thread it drew on and how far it got. Written on a display
/// queue, read on the main thread after the result came back.
final class RenderNote: Sendable {
    private let state = Mutex<(thread: String, steps: Int)>(("", 0))

    func record(thread: String, steps: Int) {
        state.withLock { $0 = (thread, steps) }
    }

    var thread: String { state.withLock { $0.thread } }
    var steps: Int { state.withLock { $0.steps } }
}

/// Holds a render before its first step until the main thread lets it go on, so the chapter can mark
/// a layer while its render is certainly in flight — without timing anything.
final class RenderHold: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// Display queue: tells the main thread the render is here — `perform` + `wakeUp`, the way
    /// results travel — then waits (at most 5 s, should the main thread never answer).
    func wait(announcing arrival: @escaping @MainActor @Sendable (RenderHold) -> Void) {
        EventLoop.main.perform { MainActor.assumeIsolated { arrival(self) } }
        EventLoop.main.wakeUp()
        _ = semaphore.wait(timeout: .now() + 5)
    }

    /// Main thread: lets the held render go on.
    func release() {
        semaphore.signal()
    }
}
