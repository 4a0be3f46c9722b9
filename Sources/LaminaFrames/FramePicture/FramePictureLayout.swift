import LaminaGraphics
import LaminaTrace

/// Places a trace's slices, moments and flows in points: the geometry behind ``FramePicture``.
///
/// From top to bottom: the title (when there is one), the time axis with the grid labels, one
/// lane per thread (a row per nesting level), the legend. From left to right: the lane labels,
/// then the timeline, where the window's start is at the left edge and its end at the right.
struct FramePictureLayout {
    static let margin = 8.0
    static let titleHeight = 20.0
    static let axisHeight = 16.0
    static let lanePadding = 3.0
    static let legendGap = 8.0
    static let legendHeight = 12.0
    /// The size of every label in the picture, in points.
    static let fontSize = 10.0
    /// An estimate of a label character's width at ``fontSize``, for layout that must not depend
    /// on fonts (the legend's spacing): DejaVu Sans averages about 0.6 em.
    static let characterWidth = 6.0
    /// A grid of more lines than this is left out: at that density it would only grey the
    /// timeline.
    static let maximumGridLines = 1_000

    let options: FramePictureOptions
    let windowStart: UInt64
    let windowDuration: UInt64
    private(set) var lanes: [FramePicture.Lane] = []
    private(set) var boxes: [FramePicture.Box] = []
    private(set) var ticks: [FramePicture.Tick] = []
    private(set) var arrows: [FramePicture.Arrow] = []
    private(set) var gridLines: [FramePicture.GridLine] = []
    private(set) var legend: [FramePicture.LegendEntry] = []
    private(set) var unpairedFlows: [TraceFlowID] = []
    private(set) var size = Size.zero
    private(set) var timelineFrame = Rect.zero

    init(options: FramePictureOptions, windowStart: UInt64, windowDuration: UInt64) {
        self.options = options
        self.windowStart = windowStart
        self.windowDuration = windowDuration
    }

    var timelineLeft: Double { Self.margin + max(options.laneLabelWidth, 0) }
    var timelineWidth: Double { options.timelineWidth.isFinite ? max(options.timelineWidth, 1) : 960 }
    var rowHeight: Double { options.rowHeight.isFinite ? max(options.rowHeight, 4) : 16 }
    var lanesTop: Double { Self.margin + (options.title.isEmpty ? 0 : Self.titleHeight) + Self.axisHeight }

    /// A time relative to the window's start, in nanoseconds.
    func relative(_ timestamp: UInt64) -> Int64 {
        Int64(bitPattern: timestamp &- windowStart)
    }

    /// The x coordinate of a relative time; times outside the window land outside the timeline.
    func x(_ time: Int64) -> Double {
        timelineLeft + Double(time) / Double(windowDuration) * timelineWidth
    }

    func isInWindow(_ time: Int64) -> Bool {
        time >= 0 && UInt64(time) <= windowDuration
    }

    mutating func place(_ slices: FramePictureSlices) {
        let shown = options.categories
        let visibleSlices = slices.slices.filter {
            shown.contains($0.event.category) && relative($0.end) >= 0 && isInWindow(max(relative($0.start), 0))
        }
        let visibleMoments = slices.moments.filter { shown.contains($0.event.category) && isInWindow(relative($0.event.timestamp)) }
        let steps = flowSteps(slices)
        // Lanes: every thread with something to show, with as many rows as its deepest element.
        var rows: [Int32: Int] = [:]
        for slice in visibleSlices { rows[slice.threadID] = max(rows[slice.threadID] ?? 1, slice.depth + 1) }
        for moment in visibleMoments { rows[moment.threadID] = max(rows[moment.threadID] ?? 1, moment.depth + 1) }
        for (from, to) in steps {
            for point in [from, to] { rows[point.threadID] = max(rows[point.threadID] ?? 1, point.depth + 1) }
        }
        let order = Self.laneOrder(slices.threadOrder.filter { rows[$0] != nil }, names: slices.threadNames)
        let labels = Self.laneLabels(order, names: slices.threadNames)
        var laneIndex: [Int32: Int] = [:]
        var top = lanesTop
        let right = timelineLeft + timelineWidth
        for threadID in order {
            let rowCount = rows[threadID] ?? 1
            let height = Double(rowCount) * rowHeight + 2 * Self.lanePadding
            laneIndex[threadID] = lanes.count
            lanes.append(FramePicture.Lane(threadID: threadID, label: labels[threadID] ?? "", rowCount: rowCount,
                                           frame: Rect(x: Self.margin, y: top, width: right - Self.margin, height: height)))
            top += height
        }
        timelineFrame = Rect(x: timelineLeft, y: lanesTop, width: timelineWidth, height: top - lanesTop)
        placeBoxes(visibleSlices, laneIndex)
        placeTicks(visibleMoments, laneIndex)
        placeArrows(steps, laneIndex)
        unpairedFlows = slices.flowOrder.filter { (slices.flows[$0]?.count ?? 0) < 2 }
        placeGrid()
        placeLegend(categories: Set(boxes.map(\.category) + ticks.map(\.category)), top: top + Self.legendGap)
        size = Size(width: right + Self.margin, height: top + Self.legendGap + Self.legendHeight + Self.margin)
    }

    /// The top of `depth`'s row in lane `lane`.
    func rowTop(lane: Int, depth: Int) -> Double {
        lanes[lane].frame.minY + Self.lanePadding + Double(depth) * rowHeight
    }

    private mutating func placeBoxes(_ slices: [FramePictureSlices.Slice], _ laneIndex: [Int32: Int]) {
        for slice in slices {
            guard let lane = laneIndex[slice.threadID] else { continue }
            let start = relative(slice.start), end = relative(slice.end)
            let left = x(max(start, 0)), rightEdge = x(min(end, Int64(clamping: windowDuration)))
            let frame = Rect(x: left, y: rowTop(lane: lane, depth: slice.depth) + 1,
                             width: max(rightEdge - left, 1), height: rowHeight - 2)
            boxes.append(FramePicture.Box(
                lane: lane, depth: slice.depth, category: slice.event.category, name: slice.event.name,
                start: start, end: end, beginMissing: slice.beginMissing, endMissing: slice.endMissing,
                frame: frame, detail: FramePictureText.detail(slice)))
        }
        boxes.sort { ($0.lane, $0.start, $0.depth) < ($1.lane, $1.start, $1.depth) }
    }

    private mutating func placeTicks(_ moments: [FramePictureSlices.Moment], _ laneIndex: [Int32: Int]) {
        for moment in moments {
            guard let lane = laneIndex[moment.threadID] else { continue }
            let time = relative(moment.event.timestamp), top = rowTop(lane: lane, depth: moment.depth)
            ticks.append(FramePicture.Tick(
                lane: lane, depth: moment.depth, category: moment.event.category, name: moment.event.name,
                time: time, top: Point(x: x(time), y: top + 2), bottom: Point(x: x(time), y: top + rowHeight - 2)))
        }
        ticks.sort { ($0.lane, $0.time) < ($1.lane, $1.time) }
    }

    /// Consecutive events of each flow on different threads, both inside the window and of
    /// shown categories.
    private func flowSteps(_ slices: FramePictureSlices) -> [(FramePictureSlices.FlowPoint, FramePictureSlices.FlowPoint)] {
        var steps: [(FramePictureSlices.FlowPoint, FramePictureSlices.FlowPoint)] = []
        for flow in slices.flowOrder {
            let points = slices.flows[flow] ?? []
            for (from, to) in zip(points, points.dropFirst()) where from.threadID != to.threadID {
                guard isInWindow(relative(from.event.timestamp)), isInWindow(relative(to.event.timestamp)),
                      options.categories.contains(from.event.category), options.categories.contains(to.event.category)
                else { continue }
                steps.append((from, to))
            }
        }
        return steps
    }

    private mutating func placeArrows(_ steps: [(FramePictureSlices.FlowPoint, FramePictureSlices.FlowPoint)],
                                      _ laneIndex: [Int32: Int]) {
        for (from, to) in steps {
            guard let flow = from.event.flow, let fromLane = laneIndex[from.threadID],
                  let toLane = laneIndex[to.threadID] else { continue }
            let fromTime = relative(from.event.timestamp), toTime = relative(to.event.timestamp)
            arrows.append(FramePicture.Arrow(
                flow: flow, fromLane: fromLane, toLane: toLane, fromTime: fromTime, toTime: toTime,
                from: Point(x: x(fromTime), y: rowTop(lane: fromLane, depth: from.depth) + rowHeight / 2),
                to: Point(x: x(toTime), y: rowTop(lane: toLane, depth: to.depth) + rowHeight / 2)))
        }
    }

    private mutating func placeGrid() {
        let interval = options.frameIntervalNanoseconds
        guard windowDuration / interval < UInt64(Self.maximumGridLines) else { return }
        // The first line at or after the window's start: origin + n·interval, n possibly negative.
        let origin = options.gridOrigin ?? windowStart
        var time: UInt64
        if origin >= windowStart {
            time = origin - ((origin - windowStart) / interval) * interval
        } else {
            let behind = windowStart - origin
            time = origin + ((behind + interval - 1) / interval) * interval
        }
        while time <= windowStart &+ windowDuration && time >= windowStart {
            let relativeTime = relative(time), lineX = x(relativeTime)
            // A label starting less than its own width before the right edge would be cut off.
            let label = FramePictureText.milliseconds(relativeTime, decimals: 1)
            let fits = lineX + 2 + Double(label.count) * Self.characterWidth <= timelineLeft + timelineWidth + Self.margin
            gridLines.append(FramePicture.GridLine(time: relativeTime, x: lineX, label: fits ? label : ""))
            let (next, overflow) = time.addingReportingOverflow(interval)
            if overflow { break }
            time = next
        }
    }

    private mutating func placeLegend(categories: Set<TraceCategory>, top: Double) {
        var left = timelineLeft
        for category in TraceCategory.allCases where categories.contains(category) {
            legend.append(FramePicture.LegendEntry(category: category,
                                                   swatch: Rect(x: left, y: top + 1, width: 10, height: 10)))
            left += 14 + Double(category.rawValue.count) * Self.characterWidth + 12
        }
    }
}
