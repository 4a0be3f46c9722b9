import Dispatch
import Glibc
import LaminaGraphics
import LaminaLayers
import LaminaLoop
import Synchronization

/// What the async benchmarks' layers draw: a 120×40-point feed card, as a list cell would be
/// (no text: there is no text module yet). Every drawing depends on the card's index and on the
/// frame's state, and marks that state in its top-left point, so a check can read which state a
/// bitmap shows.
enum TileArt: Sendable {
    /// A card: a gradient clipped to a rounded rectangle, its stroked border, an avatar circle
    /// (filled and stroked), three filled and stroked rounded badges and a 12-point sparkline.
    case card
    /// The card, then more of the kind of work a rich cell does (translucent radial gradients,
    /// stroked Bézier curves), about four times the card's cost: CPU-bound renders.
    case heavy

    /// Draws card `index` in `state` into a context of `size` points; any thread.
    func draw(in context: GraphicsContext, size: Size, state: Int, index: Int) {
        switch self {
        case .card:
            Self.drawCard(in: context, size: size, state: state, index: index)
        case .heavy:
            Self.drawCard(in: context, size: size, state: state, index: index)
            Self.drawDetail(in: context, size: size, state: state, index: index)
            Self.drawMarker(in: context, state: state)
        }
    }

    private static func drawCard(in context: GraphicsContext, size: Size, state: Int, index: Int) {
        let card = Rect(size: size).insetBy(dx: 2, dy: 2)
        let hue = Double((index &* 37 &+ state &* 11) % 100) / 100
        context.withSavedState {
            context.clip(to: Path(roundedRect: card, cornerRadius: 6))
            context.drawLinearGradient(
                Gradient(colors: [Color(red: hue, green: 0.6, blue: 1 - hue), Color(red: 0.95, green: 0.95, blue: 0.98)]),
                start: card.origin, end: Point(x: card.maxX, y: card.maxY))
        }
        context.strokeColor = Color(white: 0.3)
        context.lineWidth = 1
        context.stroke(card, cornerRadius: 6)

        let avatar = Rect(x: 8, y: 6, width: 28, height: 28)
        context.fillColor = Color(red: 1 - hue, green: 0.4, blue: hue)
        context.fillEllipse(in: avatar)
        context.strokeColor = .white
        context.lineWidth = 1.5
        context.strokeEllipse(in: avatar)

        var x = 42.0
        context.lineWidth = 1
        context.strokeColor = Color(white: 0.1)
        for badge in 0..<3 {
            let width = 12 + Double((state &+ index &+ badge &* 7) % 18)
            let rect = Rect(x: x, y: 7, width: width, height: 10)
            context.fillColor = Color(white: 0.2 + 0.2 * Double(badge), alpha: 0.8)
            context.fill(rect, cornerRadius: 4)
            context.stroke(rect, cornerRadius: 4)
            x += width + 4
        }

        var line = Path()
        for point in 0..<12 {
            let position = Point(x: 42 + Double(point) * 6, y: 32 - Double((state &* 7 &+ index &+ point &* 13) % 9))
            if point == 0 { line.move(to: position) } else { line.addLine(to: position) }
        }
        context.strokeColor = Color(red: 0.1, green: 0.5, blue: 0.2)
        context.lineWidth = 1.5
        context.lineJoin = .round
        context.stroke(line)
        drawMarker(in: context, state: state)
    }

    private static func drawDetail(in context: GraphicsContext, size: Size, state: Int, index: Int) {
        for ring in 0..<2 {
            let center = Point(x: Double((index &+ ring &* 29 &+ state) % 120), y: Double((ring &* 11 &+ state) % 40))
            context.drawRadialGradient(
                Gradient(colors: [Color(red: 1, green: 0.8, blue: 0.2, alpha: 0.5), Color(red: 0.2, green: 0.1, blue: 0.6, alpha: 0)]),
                startCenter: center, startRadius: 0, endCenter: center, endRadius: 40)
        }
        context.lineWidth = 1.25
        for curve in 0..<16 {
            var path = Path()
            let offset = Double((curve &* 5 &+ state) % 40)
            path.move(to: Point(x: 0, y: offset))
            path.addCurve(to: Point(x: size.width, y: 40 - offset),
                          control1: Point(x: 40, y: Double((curve &* 17) % 40)),
                          control2: Point(x: 80, y: Double((curve &* 23 &+ index) % 40)))
            context.strokeColor = Color(red: Double(curve) / 16, green: 0.3, blue: 0.7, alpha: 0.6)
            context.stroke(path)
        }
    }

    /// The top-left point in the colour that encodes `state` (24 bits, one per channel byte).
    private static func drawMarker(in context: GraphicsContext, state: Int) {
        context.fillColor = Color(red: Double(state & 0xFF) / 255, green: Double((state >> 8) & 0xFF) / 255,
                                  blue: Double((state >> 16) & 0xFF) / 255)
        context.fill(Rect(x: 0, y: 0, width: 1, height: 1))
    }

    /// The state the marker of `image` encodes.
    static func state(shownBy image: Image) -> Int {
        let pixel = image.rawPixel(x: 0, y: 0)
        return Int((pixel >> 16) & 0xFF) | Int((pixel >> 8) & 0xFF) << 8 | Int(pixel & 0xFF) << 16
    }
}

/// One render as a display queue makes it, on whatever thread calls it: an opaque 120×40-point
/// context at 2×, filled white, the heavy card drawn, the image made.
enum BareRender {
    static func card(index: Int) {
        _ = try? GraphicsContext.makeImage(width: AsyncTileScene.tileSize.width, height: AsyncTileScene.tileSize.height,
                                           scale: 2, opaque: true) { context in
            context.fillColor = .white
            context.fill(context.bounds)
            TileArt.heavy.draw(in: context, size: AsyncTileScene.tileSize, state: 1, index: index)
        }
    }
}

/// Counts the renders that finished drawing, from the display queues, and signals once the
/// expected number have: the end of `pool-scaling`'s timed region. Also notes which threads drew.
final class RenderCompletion: Sendable {
    private let finished = Atomic<Int>(0)
    private let expected = Atomic<Int>(.max)
    private let lastFinish = Atomic<UInt64>(0)
    private let threads = Mutex<Set<UInt>>([])
    let allFinished = DispatchSemaphore(value: 0)

    /// Expects `count` renders from now on. Only between batches, with no render in flight.
    func expect(_ count: Int) {
        finished.store(0, ordering: .relaxed)
        threads.withLock { $0.removeAll() }
        expected.store(count, ordering: .releasing)
    }

    /// Called by a display closure once it has drawn; any thread.
    func renderFinished() {
        threads.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
        let count = finished.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue
        if count == expected.load(ordering: .acquiring) {
            // Read after the count: no render can have finished later than the one counted last.
            lastFinish.store(MonotonicClock.now(), ordering: .releasing)
            allFinished.signal()
        }
    }

    /// When the last expected render finished drawing (`MonotonicClock` nanoseconds).
    var lastFinishTime: UInt64 { lastFinish.load(ordering: .acquiring) }
    /// How many distinct threads drew since ``expect(_:)``.
    var threadCount: Int { threads.withLock { $0.count } }
}

/// One async layer and its delegate: each display task captures the card's index and the state
/// to draw, and the delegate records on the main thread which state last became its contents.
@MainActor
final class AsyncTile: AsyncLayerDelegate {
    let layer = AsyncLayer()
    let index: Int
    let art: TileArt
    let completion: RenderCompletion?
    /// The state the next display draws.
    var state = 0
    /// The state of the last render that became the contents (`didDisplay(true)`).
    private(set) var shownState = -1
    /// Renders that ended without becoming the contents.
    private(set) var unfinished = 0

    init(index: Int, art: TileArt, completion: RenderCompletion?) {
        self.index = index
        self.art = art
        self.completion = completion
        layer.delegate = self
    }

    func newAsyncDisplayTask() -> AsyncDisplayTask {
        let state = state, index = index, art = art, completion = completion
        return AsyncDisplayTask(
            display: { context, size, _ in
                art.draw(in: context, size: size, state: state, index: index)
                completion?.renderFinished()
            },
            didDisplay: { [weak self] _, finished in
                guard let self else { return }
                if finished { shownState = state } else { unfinished += 1 }
            })
    }
}

/// 200 async layers of 120×40 points in a 10 × 20 grid under one root (1200×800 points), opaque,
/// drawn at `scale`; hosted on a render server with a headless presenter, or not hosted at all.
@MainActor
final class AsyncTileScene {
    nonisolated static let tileCount = 200
    nonisolated static let tileSize = Size(width: 120, height: 40)
    nonisolated static let columns = 10

    let root = Layer()
    let tiles: [AsyncTile]
    let server: RenderServer?
    let presenter: HeadlessPresenter?
    let host: LayerTreeHost?
    /// The state the last ``markAll()`` asked every tile to draw.
    private(set) var state = 0

    init(scale: Double, art: TileArt, pool: DisplayQueuePool, hosted: Bool, completion: RenderCompletion? = nil) {
        let size = Size(width: Self.tileSize.width * Double(Self.columns),
                        height: Self.tileSize.height * Double(Self.tileCount / Self.columns))
        root.frame = Rect(size: size)
        tiles = (0..<Self.tileCount).map { index in
            let tile = AsyncTile(index: index, art: art, completion: completion)
            let origin = Point(x: Double(index % Self.columns) * Self.tileSize.width,
                               y: Double(index / Self.columns) * Self.tileSize.height)
            tile.layer.frame = Rect(origin: origin, size: Self.tileSize)
            tile.layer.contentsScale = scale
            tile.layer.isOpaque = true
            tile.layer.backgroundColor = .white
            tile.layer.displayQueuePool = pool
            return tile
        }
        for tile in tiles { root.addSublayer(tile.layer) }
        if hosted {
            let presenter = HeadlessPresenter()
            let server = try! RenderServer(size: size, scale: scale, presenter: presenter)
            self.presenter = presenter
            self.server = server
            host = LayerTreeHost(rootLayer: root, renderServer: server)
        } else {
            presenter = nil
            server = nil
            host = nil
        }
    }

    /// Moves to the next state and marks every tile with `setNeedsDisplay()`.
    func markAll() {
        state += 1
        for tile in tiles {
            tile.state = state
            tile.layer.setNeedsDisplay()
        }
    }

    func setDisplaysAsynchronously(_ value: Bool) {
        for tile in tiles { tile.layer.displaysAsynchronously = value }
    }

    func setPool(_ pool: DisplayQueuePool) {
        for tile in tiles { tile.layer.displayQueuePool = pool }
    }

    /// How many tiles show the current state: their last finished render was of it, and their
    /// contents' marker says so.
    var tilesShowingState: Int {
        tiles.count { tile in
            tile.shownState == state && tile.layer.contents.map(TileArt.state(shownBy:)) == state
        }
    }

    /// How many tiles' contents in the render server's tree are their current contents — the
    /// bitmaps committed — after the last commit was presented. Waits for the render thread.
    func tilesCommitted() -> Int {
        guard let server else { return 0 }
        let states = server.renderTreeStates()
        return tiles.count { tile in
            guard let shown = states[tile.layer.id]?.contents, let contents = tile.layer.contents else { return false }
            return shown == contents && TileArt.state(shownBy: shown) == state
        }
    }

    var unfinishedRenders: Int { tiles.reduce(0) { $0 + $1.unfinished } }

    func shutdown() {
        server?.shutdown()
    }
}

/// Runs `EventLoop.main` until no announced work is out: every async render has come back and set
/// its contents, and every commit sent has been presented (``EventLoop/outstandingWork`` is 0).
/// An observer after the commit, at `beforeWaiting`, stops the run once that is so — after the
/// transaction observer has committed what the results changed.
@MainActor
final class MainLoopDrain {
    private let observer: EventLoop.Observer

    init() {
        observer = EventLoop.Observer(activities: .beforeWaiting, order: EventLoop.Order.afterCommit, name: "benchmark drain") { _, _ in
            if EventLoop.main.outstandingWork == 0 { EventLoop.main.stop() }
        }
        EventLoop.main.add(observer, to: .default)
    }

    /// Runs the main loop until the outstanding work is back; a run that does not get there
    /// within `seconds` is reported as a hang (`what` names it).
    func run(_ what: @autoclosure () -> String, seconds: Double = 30) {
        EventLoop.main.run(mode: .default, timeout: .seconds(seconds))
        if EventLoop.main.outstandingWork > 0 {
            Hang.report("\(what()): \(EventLoop.main.outstandingWork) results or frames still outstanding after \(Int(seconds)) s")
        }
    }

    func invalidate() {
        observer.invalidate()
    }
}
