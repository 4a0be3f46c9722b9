import Lamina

/// The feed: a ``ListView`` of ``FeedPost``s filling a window, its rows measured off the main
/// thread by a ``RowLayoutCache`` and drawn in one ``FeedMode``. The demo, its tests and the
/// feed-scroll benchmark all scroll this scene.
@MainActor
public final class FeedScene: ListViewDataSource {
    /// The window the list fills.
    public let window: Window
    /// The list.
    public let list: ListView
    /// The rows.
    public let posts: [FeedPost]
    /// How the rows draw.
    public let mode: FeedMode
    /// The rows' layouts and heights, measured on a background queue.
    public let layouts: RowLayoutCache<FeedRowLayout>
    /// Where pictures come from.
    public let images: FeedImages
    /// The loader of the async modes' pictures (its own caches: each scene starts cold).
    public let loader: ImageLoader
    /// Called with the row and the highlight when a link in a row is tapped.
    public var linkTapped: (@MainActor (Int, TextHighlightHit) -> Void)?
    /// Called when q is pressed in the list (the interactive demo quits).
    public var quitRequested: (@MainActor () -> Void)?
    /// Room above the list, in points, for a view of the app's own (FeedDemo's note field): the
    /// list fills the window below it. 0 by default.
    public var headerHeight: Double = 0 {
        didSet { fitWindow() }
    }
    /// How many cells the scene ever made (the rest were reused).
    public private(set) var cellsMade = 0
    /// The rows whose summary shows in full; the measuring queue reads it.
    let expansions = FeedExpansions()
    /// Expanded rows whose new layout is still being measured.
    var rowsGrowing: Set<Int> = []

    /// The feed of `posts` in `window`, drawn in `mode`, with pictures from `images`. Starts
    /// measuring every row at once, on a background queue.
    public init(posts: [FeedPost], mode: FeedMode, window: Window, images: FeedImages) {
        self.posts = posts
        self.mode = mode
        self.window = window
        self.images = images
        loader = ImageLoader(diskCache: nil)
        let list = FeedListView(frame: window.bounds)
        self.list = list
        list.estimatedRowHeight = 320
        list.prefetchMargin = 300
        list.backgroundColor = .white
        layouts = RowLayoutCache(layoutLimit: 128) { [posts, expansions] row, width in
            let layout = FeedRowLayout(post: posts[row], width: width, expanded: expansions.contains(row))
            return (layout, layout.height)
        }
        list.dataSource = self
        window.addSubview(list)
        layouts.didMeasure = { [weak self] rows in self?.rowsMeasured(rows) }
        list.quit = { [weak self] in self?.quitRequested?() }
        _ = list.becomeFirstResponder()
        list.didScroll = { [weak self] _ in self?.prioritizeRowsInView() }
        layouts.reset(rowCount: posts.count, width: window.bounds.width)
    }

    /// Runs the main loop until every row is measured (or `timeout` passes); returns whether
    /// they all were.
    @discardableResult
    public func waitForLayouts(timeout: Duration = .seconds(30)) -> Bool {
        window.run(until: { layouts.isComplete }, timeout: timeout)
    }

    /// Runs the main loop until the rows in view show their final content (or `timeout` passes):
    /// what a run starts from.
    @discardableResult
    public func settleFirstScreen(timeout: Duration = .seconds(10)) -> Bool {
        window.run(until: { [self] in
            list.layoutIfNeeded()
            return list.rowsInView.allSatisfy { cell(forRow: $0)?.showsFinalContent == true }
        }, timeout: timeout)
    }

    /// Follows the window's size from now on: when it changes (an X11 window resized), the list
    /// fills it again and every row is measured again at the new width.
    public func windowResizeObserved() {
        resizeObserver = Transaction.addPhaseObserver(after: .layout) { [weak self] _ in self?.fitWindow() }
    }

    /// Takes the scene out of its window, stops its loader and the window's render server.
    public func tearDown() {
        resizeObserver?.invalidate()
        list.removeFromSuperview()
        loader.shutdown()
        window.renderServer.shutdown()
    }

    private var resizeObserver: CommitPhaseObserver?

    /// The list's frame: the window below the header.
    private var listFrame: Rect {
        let header = min(max(headerHeight, 0), window.bounds.height)
        return Rect(x: 0, y: header, width: window.bounds.width, height: window.bounds.height - header)
    }

    private func fitWindow() {
        guard list.frame != listFrame else { return }
        list.frame = listFrame
        if layouts.width != window.bounds.width { layouts.reset(rowCount: posts.count, width: window.bounds.width) }
    }

    /// The cell showing `row`, if it has one.
    func cell(forRow row: Int) -> FeedCell? {
        list.visibleCells[row] as? FeedCell
    }

    private func rowsMeasured(_ rows: [Int]) {
        let grown = rows.filter { rowsGrowing.remove($0) != nil }
        if grown.isEmpty {
            list.rowHeightsChanged()
        } else {
            growRows(grown)
        }
        for row in rows {
            guard let cell = cell(forRow: row), cell.layout == nil else { continue }
            cell.configure(posts[row], layout: layouts.layout(forRow: row), images: images, decodeNow: !mode.isAsync)
        }
    }

    /// The rows in view, two above and two screens below, measured first and kept.
    private func prioritizeRowsInView() {
        let rows = list.rowsInView
        layouts.prioritize(max(rows.lowerBound - 2, 0)..<(rows.upperBound + 2 * rows.count + 2))
    }

    // MARK: - ListViewDataSource

    public func numberOfRows(in list: ListView) -> Int { posts.count }

    public func listView(_ list: ListView, heightForRow row: Int) -> Double? {
        layouts.height(forRow: row)
    }

    public func listView(_ list: ListView, cellForRow row: Int) -> ListCell {
        let cell = (list.dequeueReusableCell(withIdentifier: FeedCell.reuseIdentifier) as? FeedCell) ?? makeCell()
        cell.frame = list.rectForRow(row)
        cell.configure(posts[row], layout: layouts.layout(forRow: row), images: images, decodeNow: !mode.isAsync)
        return cell
    }

    private func makeCell() -> FeedCell {
        cellsMade += 1
        let cell = FeedCell(mode: mode, loader: loader)
        cell.meta.highlightTapAction = { [weak self, weak cell] hit in
            guard let self, let row = cell?.row else { return }
            self.linkTapped?(row, hit)
        }
        cell.summary.highlightTapAction = { [weak self, weak cell] hit in
            guard let self, let row = cell?.row, hit.isInTruncationToken else { return }
            self.expandRow(row)
        }
        return cell
    }
}

/// The feed's list: q asks the scene to quit; every other key goes to the scroll view.
@MainActor
final class FeedListView: ListView {
    var quit: (@MainActor () -> Void)?

    override func keyDown(_ event: KeyEvent) {
        if event.key == .character("q") {
            quit?()
        } else {
            super.keyDown(event)
        }
    }
}
