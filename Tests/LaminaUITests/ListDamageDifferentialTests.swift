import Foundation
import LaminaGraphics
import LaminaLayers
@_spi(LaminaTesting) import LaminaLoop
import LaminaTesting
import LaminaUI
import XCTest

/// Items of random colours and heights.
@MainActor
private final class RandomItems: ListViewDataSource {
    var items: [(color: Color, height: Double)] = []
    func numberOfRows(in list: ListView) -> Int { items.count }
    func listView(_ list: ListView, heightForRow row: Int) -> Double? { items[row].height }
    func listView(_ list: ListView, cellForRow row: Int) -> ListCell {
        let cell = (list.dequeueReusableCell(withIdentifier: "band") as? ColorCell) ?? ColorCell(reuseIdentifier: "band")
        cell.fill = items[row].color
        cell.band = 3
        return cell
    }
}

/// A small deterministic generator (SplitMix64), so a seed replays its history.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Damage with animated list updates must be exact as everywhere: random inserts, deletes,
/// reloads, height changes and scrolls, animated or not, on a virtual 60 Hz clock, and after every
/// commit and every frame of the animations the presented frame equals a full recomposite of the
/// tree at that frame. `make test` runs 4 seeds; `LAMINA_FUZZ=1` runs 40.
final class ListDamageDifferentialTests: LaminaTestCase {
    func test_everyFrameOfAnimatedListUpdatesEqualsAFullRecomposite() throws {
        let fuzz = ProcessInfo.processInfo.environment["LAMINA_FUZZ"] == "1"
        for seed in UInt64(1)...(fuzz ? 40 : 4) {
            try onMainActor {
                try EventLoop.main.withVirtualClock { _ in
                    try Self.run(seed: seed, steps: fuzz ? 120 : 40)
                }
            }
        }
    }

    @MainActor
    private static func run(seed: UInt64, steps: Int) throws {
        var random = SeededGenerator(state: seed)
        let recorder = FrameRecorder(capacity: 8)
        let scale: Double = seed.isMultiple(of: 2) ? 2 : 1
        let window = try Window(size: Size(width: 48, height: 90), scale: scale, presenter: recorder)
        defer { window.renderServer.shutdown() }
        let items = RandomItems()
        func randomItem() -> (Color, Double) {
            (Color(red: .random(in: 0.2...1, using: &random), green: .random(in: 0.2...1, using: &random),
                   blue: .random(in: 0.2...1, using: &random)), Double(Int.random(in: 8...30, using: &random)) + 0.5 * Double(Int.random(in: 0...1, using: &random)))
        }
        items.items = (0..<30).map { _ in randomItem() }
        let list = ListView(frame: window.bounds)
        list.prefetchMargin = 20
        list.dataSource = items
        window.addSubview(list)
        var history: [String] = []
        func check(_ label: String) throws {
            guard let presented = window.snapshot(), let reference = window.renderServer.recompositeFromScratch() else {
                return XCTFail("seed \(seed): no frame after \(label)")
            }
            let difference = ImageDifference(between: presented, and: reference, perChannel: 1)
            if difference.differingPixelCount > 0 || !difference.sizesMatch {
                XCTFail("seed \(seed) at scale \(scale): the frame after \(label) differs from a full recomposite: \(difference)\nhistory: \(history.joined(separator: "; "))")
                throw CancellationError()
            }
        }
        func animation() -> RowAnimation { [RowAnimation.none, .fade, .automatic].randomElement(using: &random) ?? .fade }
        try check("the first commit")
        for _ in 0..<steps {
            let count = items.items.count
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                let row = Int.random(in: 0...count, using: &random), kind = animation()
                items.items.insert(randomItem(), at: row)
                list.insertRows(at: [row], with: kind)
                history.append("insert \(row) \(kind)")
            case 1 where count > 1:
                let row = Int.random(in: 0..<count, using: &random), kind = animation()
                items.items.remove(at: row)
                list.deleteRows(at: [row], with: kind)
                history.append("delete \(row) \(kind)")
            case 2 where count > 0:
                let row = Int.random(in: 0..<count, using: &random), kind = animation()
                items.items[row] = randomItem()
                list.reloadRows(at: [row], with: kind)
                history.append("reload \(row) \(kind)")
            case 3 where count > 0:
                let row = Int.random(in: 0..<count, using: &random)
                items.items[row].height = randomItem().1
                list.performBatchUpdates {}
                history.append("height \(row)")
            case 4:
                let offset = Double.random(in: 0...max(list.contentSize.height - list.bounds.height, 0), using: &random)
                list.contentOffset = list.clamped(Point(x: 0, y: offset.rounded()))
                history.append("scroll \(offset.rounded())")
            default:
                let frames = Int.random(in: 1...6, using: &random)
                history.append("advance \(frames)")
                for frame in 0..<frames {
                    XCTAssertTrue(EventLoop.main.advance(by: FrameClock.sixtyHertz))
                    try check("frame \(frame + 1) of \(frames)")
                }
                continue
            }
            try check(history.last ?? "")
        }
    }
}
