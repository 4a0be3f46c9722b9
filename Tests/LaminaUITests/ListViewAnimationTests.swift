import LaminaGraphics
import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// Items with a colour and a height each; the list's data source.
@MainActor
private final class Items: ListViewDataSource {
    var items: [(color: Color, height: Double)]
    private(set) var made = 0

    init(count: Int) {
        items = (0..<count).map { (Self.color($0), 20) }
    }

    static func color(_ index: Int) -> Color {
        Color(red: Double(index % 5) / 5, green: Double(index % 3) / 3, blue: 1 - Double(index % 7) / 7)
    }

    func numberOfRows(in list: ListView) -> Int { items.count }
    func listView(_ list: ListView, heightForRow row: Int) -> Double? { items[row].height }
    func listView(_ list: ListView, cellForRow row: Int) -> ListCell {
        let cell = (list.dequeueReusableCell(withIdentifier: "item") as? ColorCell) ?? {
            made += 1
            return ColorCell(reuseIdentifier: "item")
        }()
        cell.fill = items[row].color
        return cell
    }
}

/// A 60×100 window with a list of 20-point rows filling it, on the main loop's virtual clock.
@MainActor
private final class ListScene {
    let recorder = FrameRecorder(capacity: 120)
    let window: Window
    let list = ListView(frame: Rect(x: 0, y: 0, width: 60, height: 100))
    let items: Items

    init(count: Int = 40) throws {
        window = try Window(size: Size(width: 60, height: 100), presenter: recorder)
        items = Items(count: count)
        list.prefetchMargin = 40
        list.dataSource = items
        window.addSubview(list)
        XCTAssertNotNil(window.snapshot())
    }

    /// The cells alive: in rows, fading out, or waiting in the pool.
    var liveCells: Int { list.subviews.filter { $0 is ListCell }.count }

    /// Where cell `row`'s layer is on screen now (its presentation's position), in the list.
    func shownCenterY(ofRow row: Int) -> Double? {
        list.visibleCells[row]?.layer.presentation()?.position.y
    }

    func advance(frames: Int) {
        for _ in 0..<frames { XCTAssertTrue(EventLoop.main.advance(by: FrameClock.sixtyHertz)) }
    }
}

/// Animated row updates: the rows below slide, new rows fade in, deleted rows fade out and their
/// cells go back to the pool, batches apply as one, and a batch with no changes animates new
/// heights.
final class ListViewAnimationTests: LaminaTestCase {
    func test_anAnimatedInsertSlidesTheRowsBelowAndFadesTheNewRowIn() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try ListScene()
                let third = try XCTUnwrap(scene.list.visibleCells[2])
                scene.items.items.insert((.red, 20), at: 1)
                scene.list.insertRows(at: [1], with: .fade)
                XCTAssertTrue(scene.list.visibleCells[3] === third, "the cell follows its row")
                XCTAssertEqual(third.frame.minY, 60, "its model frame is the new place at once")
                let inserted = try XCTUnwrap(scene.list.visibleCells[1])
                XCTAssertEqual(inserted.layer.animationKeys, ["opacity"])
                XCTAssertNotNil(scene.window.snapshot())
                var centers: [Double] = []
                for _ in 0..<20 {
                    scene.advance(frames: 1)
                    centers.append(try XCTUnwrap(scene.shownCenterY(ofRow: 3)))
                }
                XCTAssertEqual(centers.first ?? 0, 50, accuracy: 4, "it starts from its old place (centre 50)")
                XCTAssertEqual(centers.last, 70, "and ends at its new one")
                for (earlier, later) in zip(centers, centers.dropFirst()) { XCTAssertGreaterThanOrEqual(later, earlier) }
                XCTAssertTrue(inserted.layer.animationKeys.isEmpty)
                XCTAssertEqual(inserted.alpha, 1)
                let image = try XCTUnwrap(scene.window.snapshot())
                XCTAssertEqual(image.pixel(x: 30, y: 30), .red, "row 1 shows the new item")
            }
        }
    }

    func test_anAnimatedDeleteFadesTheCellOutAndGivesItBackToThePoolWhenTheFadeEnds() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try ListScene()
                let alive = scene.liveCells
                let pooled = scene.list.reusableCellCount
                let deleted = try XCTUnwrap(scene.list.visibleCells[1])
                scene.items.items.remove(at: 1)
                var finished: Bool?
                scene.list.performBatchUpdates {
                    scene.list.deleteRows(at: [1], with: .automatic)
                } completion: { finished = $0 }
                XCTAssertFalse(scene.list.visibleCells.values.contains { $0 === deleted })
                XCTAssertEqual(deleted.layer.animationKeys, ["opacity"])
                XCTAssertEqual(scene.list.reusableCellCount, pooled, "still fading, not yet in the pool")
                XCTAssertNotNil(scene.window.snapshot())
                scene.advance(frames: 10)
                XCTAssertLessThanOrEqual(scene.liveCells, alive + 1, "no more cells than before, but one that fades")
                scene.advance(frames: 15)
                XCTAssertEqual(finished, true)
                XCTAssertTrue(deleted.isHidden)
                XCTAssertNil(deleted.row)
                XCTAssertEqual(deleted.alpha, 1, "ready for its next row")
                XCTAssertGreaterThanOrEqual(scene.list.reusableCellCount, pooled + 1, "back in the pool")
                let image = try XCTUnwrap(scene.window.snapshot())
                assertPixel(image, atPoint: Point(x: 30, y: 30), equals: Items.color(2))
            }
        }
    }

    func test_aReloadFadesANewCellInOverTheOldOne() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try ListScene()
                let old = try XCTUnwrap(scene.list.visibleCells[2])
                scene.items.items[2].color = .red
                scene.list.reloadRows(at: [2], with: .fade)
                let new = try XCTUnwrap(scene.list.visibleCells[2])
                XCTAssertFalse(old === new)
                XCTAssertEqual(old.layer.animationKeys, ["opacity"])
                XCTAssertEqual(new.layer.animationKeys, ["opacity"])
                scene.advance(frames: 25)
                XCTAssertEqual(scene.window.snapshot()?.pixel(x: 30, y: 50), .red)
                XCTAssertTrue(old.isHidden)
            }
        }
    }

    func test_aBatchWithNoChangesAnimatesNewHeights() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try ListScene()
                scene.items.items[0].height = 50
                scene.list.performBatchUpdates {}
                let second = try XCTUnwrap(scene.list.visibleCells[1])
                XCTAssertEqual(second.frame.minY, 50)
                XCTAssertEqual(scene.list.visibleCells[0]?.layer.animationKeys.sorted(), ["bounds", "position"])
                XCTAssertNotNil(scene.window.snapshot())
                scene.advance(frames: 3)
                let midway = try XCTUnwrap(scene.shownCenterY(ofRow: 1))
                XCTAssertTrue(midway > 30 && midway < 60, "on its way down: \(midway)")
                scene.advance(frames: 20)
                XCTAssertEqual(scene.shownCenterY(ofRow: 1), 60)
            }
        }
    }

    func test_cellsLayOutInsideTheUpdatesAnimation() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try ListScene()
                let first = try XCTUnwrap(scene.list.visibleCells[0] as? ColorCell)
                XCTAssertEqual(first.footer.frame.minY, 18)
                scene.items.items[0].height = 50
                scene.list.performBatchUpdates {}
                XCTAssertEqual(first.footer.frame.minY, 48, "laid out against the new height at once")
                XCTAssertEqual(first.footer.layer.animationKeys, ["position"], "and animated there with the row")
                XCTAssertNotNil(scene.window.snapshot())
                scene.advance(frames: 3)
                let midway = try XCTUnwrap(first.footer.layer.presentation()?.position.y)
                XCTAssertTrue(midway > 19 && midway < 49, "on its way down: \(midway)")
                scene.advance(frames: 20)
                XCTAssertEqual(first.footer.layer.presentation()?.position.y, 49)
            }
        }
    }

    func test_aBatchWhoseCountDoesNotMatchTheDataSourceReloadsEverything() throws {
        try onMainActor {
            let scene = try ListScene()
            scene.items.items.removeFirst(3)
            scene.list.deleteRows(at: [0], with: .fade)
            XCTAssertEqual(scene.list.numberOfRows, 37)
            scene.list.layoutIfNeeded()
            XCTAssertTrue(scene.list.visibleCells.values.allSatisfy { $0.layer.animationKeys.isEmpty }, "unanimated")
            scene.list.deleteRows(at: [99], with: .fade)
            scene.list.insertRows(at: [-1], with: .fade)
            XCTAssertEqual(scene.list.numberOfRows, 37)
            assertPixel(try XCTUnwrap(scene.window.snapshot()), atPoint: Point(x: 30, y: 10), equals: Items.color(3))
        }
    }

    func test_manyAnimatedInsertsKeepCellsToTheVisibleRowsTheMarginAndTheAnimatingOnes() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try ListScene(count: 200)
                for step in 0..<30 {
                    scene.items.items.insert((Items.color(step), 20), at: 0)
                    scene.list.insertRows(at: [0], with: .fade)
                    scene.items.items.remove(at: 5)
                    scene.list.deleteRows(at: [5], with: .fade)
                    scene.advance(frames: 2)
                    // 100 points of view and 40 of margin on each side: 9 rows, and the cells
                    // still fading out of the last 0.3 s (at most 10 updates × 1 cell).
                    let inRows = scene.list.visibleCells.count
                    XCTAssertLessThanOrEqual(inRows, 10)
                    XCTAssertLessThanOrEqual(scene.liveCells - scene.list.reusableCellCount, inRows + 10)
                }
                scene.advance(frames: 30)
                XCTAssertLessThanOrEqual(scene.liveCells - scene.list.reusableCellCount, 10, "the faded cells went back")
                XCTAssertLessThanOrEqual(scene.items.made, 30, "cells are reused")
            }
        }
    }

    func test_theFramesOfAnAnimatedInsertMatchTheirSnapshots() throws {
        try onMainActor {
            try EventLoop.main.withVirtualClock { _ in
                let scene = try ListScene()
                scene.items.items.insert((.red, 20), at: 1)
                scene.list.insertRows(at: [1], with: .fade)
                XCTAssertNotNil(scene.window.snapshot())
                for frame in stride(from: 0, through: 18, by: 6) {
                    if frame > 0 { scene.advance(frames: 6) }
                    let image = try XCTUnwrap(scene.recorder.lastFrame?.image)
                    assertSnapshot(of: image, as: .image(tolerance: .exact), named: "insert-frame-\(frame)")
                }
            }
        }
    }
}
