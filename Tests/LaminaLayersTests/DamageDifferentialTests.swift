import Foundation
import LaminaGraphics
@testable import LaminaLayers
import LaminaLoop
import LaminaTesting
import XCTest

/// Damage is an optimisation, so it must be exact: after every commit of a random history, the
/// presented frame — re-rendered only where damage said, with culling and every cache — equals a
/// full recomposite of the same tree in a fresh framebuffer, within 1/255 per channel.
///
/// `make test` runs six seeds; `LAMINA_FUZZ=1` runs 100, `LAMINA_DAMAGE_SEEDS=N` the first N
/// (`make tsan` runs two: the sanitizer looks at the hand-offs to the render thread, the same in
/// every history, and makes the pixel work about five times slower). `LAMINA_DAMAGE_SEED=N`
/// replays one seed, and `LAMINA_DAMAGE_SHRINK=1` prints the smallest failing history found from
/// it. On a mismatch the test writes the presented frame, the reference and a difference picture,
/// and prints the seed and the edits that led there as code that replays them.
final class DamageDifferentialTests: LaminaTestCase {
    func test_everyPresentedFrameEqualsAFullRecompositeOfItsTree() throws {
        try runSeeds(length: (quick: 60, fuzz: 120), animated: false)
    }

    /// The same with random animations on random layers, on a 60 Hz frame clock under a virtual
    /// clock: every frame — those of commits and those the render server makes alone, at each
    /// tick — equals a full recomposite of the tree as evaluated at that frame's time. The
    /// animations are both explicit (`add(_:forKey:)`) and implicit: the layers are standalone
    /// and on screen, so each property a history sets animates by its class's default action.
    func test_everyFrameOfRandomAnimationsEqualsAFullRecompositeOfItsTreeAtThatTime() throws {
        let (_, trace) = try recordingTrace { try runSeeds(length: (quick: 80, fuzz: 160), animated: true) }
        let implicit = trace.occurrences(of: .actionSearch).filter {
            $0.arguments["step"] == "default" && $0.arguments["action"]?.hasPrefix("BasicAnimation") == true
        }
        XCTAssertGreaterThan(implicit.count, 50, "implicit animations ran in the histories")
    }

    /// Runs the histories of the seeds the environment asks for (see the type's documentation),
    /// each at scale 1 or 2 by the seed's parity, each `animated` on a virtual clock or not, and
    /// half of them (by the seed's second bit) with a ``SublayerGrid`` for every layer with two
    /// sublayers or more, so that the grids' culling is held to the same standard.
    private func runSeeds(length: (quick: Int, fuzz: Int), animated: Bool) throws {
        let environment = ProcessInfo.processInfo.environment
        let fuzz = environment["LAMINA_FUZZ"] == "1"
        let count = environment["LAMINA_DAMAGE_SEEDS"].flatMap(UInt64.init).map { max($0, 1) } ?? (fuzz ? 100 : 6)
        let seeds = environment["LAMINA_DAMAGE_SEED"].flatMap(UInt64.init).map { [$0] } ?? Array(1...count)
        let shrink = environment["LAMINA_DAMAGE_SHRINK"] == "1"
        for seed in seeds {
            try onMainActor {
                let scale: Double = seed % 2 == 0 ? 2 : 1
                var generator = DamageHistoryGenerator(seed: seed, size: Self.size, animates: animated)
                let edits = generator.edits(fuzz ? length.fuzz : length.quick)
                let grids = (seed / 2) % 2 == 0
                let gridMinimum = grids ? 2 : SublayerGrid.minimumSublayers
                let label = "\(animated ? "animated " : "")seed \(seed) at scale \(scale)\(grids ? " with grids" : "")"
                guard animated else {
                    return try Self.assertExact(edits, scale: scale, label: label, shrink: shrink, gridMinimum: gridMinimum)
                }
                try EventLoop.main.withVirtualClock { _ in
                    try Self.assertExact(edits, scale: scale, label: label, animated: true, shrink: shrink, gridMinimum: gridMinimum)
                }
            }
        }
    }

    /// The window the histories run in: small, so a few hundred frames stay quick, and large
    /// enough for layers, shadows and masks to overlap and to reach the edges.
    static let size = Size(width: 96, height: 72)

    /// Runs `edits` in a fresh scene and fails, with the pictures and the history, at the first
    /// frame that is not its full recomposite.
    @MainActor
    static func assertExact(_ edits: [TreeEdit], scale: Double, label: String, animated: Bool = false, shrink: Bool = false,
                            gridMinimum: Int = SublayerGrid.minimumSublayers,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        let scene = try DamageHistoryScene(size: size, scale: scale, animated: animated, gridMinimum: gridMinimum)
        guard let mismatch = scene.firstMismatch(in: edits) else { return }
        let history = edits.prefix(mismatch.step + 1)
        let pictures = writePictures(of: mismatch, label: label)
        var message = "\(label): the presented frame differs from a full recomposite \(mismatch)\n"
            + "pictures: \(pictures)\nhistory:\n" + history.map { "    \($0)," }.joined(separator: "\n")
        if shrink {
            let smallest = try shrunk(Array(history), scale: scale, animated: animated, gridMinimum: gridMinimum)
            let replay = try DamageHistoryScene(size: size, scale: scale, animated: animated, gridMinimum: gridMinimum)
                .firstMismatch(in: smallest)
            let smallestPictures = replay.map { writePictures(of: $0, label: label + " smallest") } ?? "none"
            message += "\nsmallest failing history (\(smallest.count) edits), \(replay?.description ?? "")\n"
                + "pictures: \(smallestPictures)\n" + smallest.map { "    \($0)," }.joined(separator: "\n")
        }
        XCTFail(message, file: file, line: line)
    }

    /// Leaves edits out of a failing history while it still fails: halves first, then smaller
    /// chunks, down to single edits.
    @MainActor
    private static func shrunk(_ history: [TreeEdit], scale: Double, animated: Bool, gridMinimum: Int) throws -> [TreeEdit] {
        var current = history
        var chunk = max(current.count / 2, 1)
        while chunk >= 1 {
            var start = 0
            while start < current.count {
                var candidate = current
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if !candidate.isEmpty, try DamageHistoryScene(size: size, scale: scale, animated: animated, gridMinimum: gridMinimum)
                    .firstMismatch(in: candidate) != nil {
                    current = candidate
                } else {
                    start += chunk
                }
            }
            chunk /= 2
        }
        return current
    }

    /// Writes the presented frame, the reference and their difference as PNGs; returns where.
    private static func writePictures(of mismatch: DamageHistoryScene.Mismatch, label: String) -> String {
        let folder = URL(fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(),
                         isDirectory: true).appendingPathComponent("lamina-damage", isDirectory: true)
        let stem = label.replacingOccurrences(of: " ", with: "-")
        let difference = DifferenceImage.make(of: mismatch.presented, against: mismatch.reference,
                                              perChannel: DamageHistoryScene.perChannelTolerance)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try mismatch.presented.pngData().write(to: folder.appendingPathComponent("\(stem)-presented.png"))
            try mismatch.reference.pngData().write(to: folder.appendingPathComponent("\(stem)-reference.png"))
            try difference?.pngData().write(to: folder.appendingPathComponent("\(stem)-difference.png"))
            return folder.appendingPathComponent(stem).path + "-{presented,reference,difference}.png"
        } catch {
            return "not written (\(error))"
        }
    }
}
