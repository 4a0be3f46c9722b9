import Glibc
import LaminaGraphics
import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import Synchronization

/// The animation benchmarks' scene: `count` opaque squares of 24×24 points in a 1280×800-point
/// window at scale 1 on a black background, hosted on a render server with a 60 Hz frame clock
/// that presents to a ``FrameLog``. The squares sit on a grid of 25 columns (44 points apart) and
/// 20 rows (34 points apart); each moves 120 points right and 60 down (its ``start`` to its
/// ``end``) while fading from opacity 1 to 0.35 — the same motion whether the render server
/// animates it (``addAnimations(duration:)``) or the main thread sets the values
/// (``setValues(atFraction:)``).
///
/// The model values are the ends of the motion (``end``, opacity 0.35), as Core Animation code
/// sets them before adding an animation from the start: when an animation finishes and leaves,
/// the squares show the values they already had.
@MainActor
final class AnimatedSquares {
    nonisolated static let windowSize = Size(width: 1280, height: 800)
    nonisolated static let squareSize = Size(width: 24, height: 24)
    nonisolated static let columns = 25
    nonisolated static let travel = Point(x: 120, y: 60)
    nonisolated static let startOpacity = 1.0
    nonisolated static let endOpacity = 0.35

    let presenter = FrameLog()
    let server: RenderServer
    let host: LayerTreeHost
    let root = Layer()
    let squares: [Layer]
    /// Where each square's motion starts and ends (its position: the centre).
    let start: [Point]
    let end: [Point]

    init(count: Int) {
        server = try! RenderServer(size: Self.windowSize, scale: 1, presenter: presenter)
        root.frame = Rect(size: Self.windowSize)
        start = (0..<count).map { index in
            Point(x: 20 + 12 + Double(index % Self.columns) * 44, y: 20 + 12 + Double(index / Self.columns % 20) * 34)
        }
        end = start.map { Point(x: $0.x + Self.travel.x, y: $0.y + Self.travel.y) }
        squares = (0..<count).map { index in
            let square = Layer()
            square.bounds = Rect(size: Self.squareSize)
            square.backgroundColor = Color(red: Double(index % 7) / 7, green: 0.55, blue: 1 - Double(index % 11) / 11)
            square.isOpaque = true
            return square
        }
        for (index, square) in squares.enumerated() {
            square.position = end[index]
            square.opacity = Self.endOpacity
            root.addSublayer(square)
        }
        host = LayerTreeHost(rootLayer: root, renderServer: server)
        Transaction.flush()
    }

    /// The position animation of square `index` (start to end over `duration` seconds, linear).
    func positionAnimation(_ index: Int, duration: Double) -> BasicAnimation<Point> {
        var animation = BasicAnimation(keyPath: .position, from: start[index], to: end[index])
        animation.duration = duration
        return animation
    }

    /// The opacity animation every square runs (1 to 0.35 over `duration` seconds, linear).
    func opacityAnimation(duration: Double) -> BasicAnimation<Double> {
        var animation = BasicAnimation(keyPath: .opacity, from: Self.startOpacity, to: Self.endOpacity)
        animation.duration = duration
        return animation
    }

    /// Adds the two animations to every square (under the keys "move" and "fade", replacing any
    /// still there); they start at the next commit.
    func addAnimations(duration: Double, delegate: (any AnimationDelegate)? = nil) {
        var fade = opacityAnimation(duration: duration)
        for index in squares.indices {
            if index == squares.count - 1 { fade.delegate = delegate }
            try! squares[index].add(positionAnimation(index, duration: duration), forKey: "move")
            try! squares[index].add(fade, forKey: "fade")
        }
    }

    /// Sets every square to where the motion is at `fraction` (0…1, linear) — what a main thread
    /// driving the motion itself computes.
    /// Actions are off (``Transaction/performWithoutActions(_:)``), as hand-driven Core Animation
    /// code turns them off: the squares are standalone layers, which would animate each change.
    func setValues(atFraction fraction: Double) {
        let f = min(max(fraction, 0), 1)
        let opacity = Self.startOpacity + (Self.endOpacity - Self.startOpacity) * f
        Transaction.performWithoutActions {
            for index in squares.indices {
                let from = start[index], to = end[index]
                squares[index].position = Point(x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f)
                squares[index].opacity = opacity
            }
        }
    }

    /// Whether any square still has an animation (the main thread has not heard it stop).
    var hasAnimations: Bool {
        squares.contains { !$0.animationKeys.isEmpty }
    }

    func shutdown() {
        server.shutdown()
    }
}

/// A presenter that keeps no pixels: it counts frames and writes down each frame's tick, damaged
/// area (device pixels) and commit count. Render thread writes, any thread reads.
final class FrameLog: FramePresenter {
    struct Entry: Sendable {
        let tick: Int64?
        /// The damaged area, and the area of the damage's bounding box: the rectangles a frame's
        /// damage is made of depend on the order they were added in (`Damage` merges overlapping
        /// ones as they come), its bounds do not.
        let damagedPixels: Double
        let damageBounds: Double
        let commits: Int
    }

    private let state = Mutex<(count: Int, last: Entry?)>((0, nil))

    func present(_ frame: PresentedFrame) {
        let area = frame.damage.reduce(0) { $0 + $1.width * $1.height }
        let bounds = frame.damage.reduce(Rect.null) { $0.union($1) }
        let entry = Entry(tick: frame.tick?.index, damagedPixels: area,
                          damageBounds: bounds.isNull ? 0 : bounds.width * bounds.height, commits: frame.commits.count)
        state.withLock { $0 = ($0.count + 1, entry) }
    }

    /// Frames presented so far.
    var frameCount: Int { state.withLock { $0.count } }
    /// The last frame presented.
    var lastFrame: Entry? { state.withLock { $0.last } }
}

/// Drives `EventLoop.main` on a virtual clock one frame at a time, as LaminaTesting's
/// `advance(by:)` does (LaminaTesting links XCTest, so the benchmarks carry this copy): moves the
/// clock, then runs the main loop until it is idle — no work ready, no outstanding work (a
/// submitted delta, a tick being made into a frame) and no render-server tick due. When it
/// returns, the render thread has made the frame of the new time and gone back to sleep.
@MainActor
enum VirtualFrames {
    static func advance(_ clock: EventLoop.VirtualClock, by interval: Duration, _ what: @autoclosure () -> String) {
        clock.advance(by: interval)
        settle(what())
    }

    /// Runs the main loop until idle; a loop still busy after `seconds` of real time is a hang.
    static func settle(_ what: @autoclosure () -> String, seconds: Double = 30) {
        let main = EventLoop.main
        let deadline = MonotonicClock.now() + UInt64(seconds * 1e9)
        var hasIterated = false
        while true {
            let ready = main.hasWorkReady(in: .default)
            let othersAreBusy = main.outstandingWork > 0 || main.followerHasTimerDue
            if hasIterated && !ready && !othersAreBusy { return }
            let now = MonotonicClock.now()
            guard now < deadline else { Hang.report("\(what()): the main loop was not idle after \(Int(seconds)) s") }
            let waits = !ready && othersAreBusy
            let result = main.runIteration(in: .default, waitingForWakeUpAtMost: waits ? .nanoseconds(Int64(deadline - now)) : nil)
            hasIterated = true
            if result == .finished && waits { sched_yield() }
        }
    }
}
