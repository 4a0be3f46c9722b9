import CBenchX11
import Foundation
import LaminaGraphics
import LaminaLayers
import LaminaX11

/// `x11-present-*`: an ``X11Presenter`` presenting a 1280×800 frame to a window of an Xvfb the
/// benchmark starts (A), against the same transfer written directly with xcb in C (B) — the
/// whole frame, or one 320×120 damaged rectangle (a label that changed), through MIT-SHM or
/// through `PutImage` bands. Each sample ends when the server has drawn the frame (a round trip),
/// so both variants pay for the server's copy. The ratio is LaminaX11's overhead: rectangle
/// clipping, the lock shared with Expose, band copies and statistics.
final class X11Present: Benchmark {
    let name: String
    let summary: String
    private let damaged: Bool
    private let sharedMemory: Bool

    private var server: BenchXvfb?
    private var presenter: X11Presenter?
    private var raw: OpaquePointer?
    private var frames: [PresentedFrame] = []
    private var flips = 0
    private(set) var notes: [String] = []

    static let size = (width: 1280, height: 800)
    static let label = Rect(x: 400, y: 300, width: 320, height: 120)

    /// The four variants, or none (with a line saying why) when Xvfb is not installed.
    static func all() -> [Benchmark] {
        guard BenchXvfb.isInstalled(for: "x11-present") else { return [] }
        return [(false, true), (true, true), (false, false), (true, false)].map { X11Present(damaged: $0.0, sharedMemory: $0.1) as Benchmark }
    }

    init(damaged: Bool, sharedMemory: Bool) {
        self.damaged = damaged
        self.sharedMemory = sharedMemory
        name = "x11-present-\(damaged ? "label" : "full")-\(sharedMemory ? "shm" : "put")"
        summary = "\(damaged ? "a 320×120 damaged rectangle" : "a full 1280×800 frame") to an Xvfb window by "
            + "\(sharedMemory ? "MIT-SHM" : "PutImage bands") (B: the same with xcb in C)"
    }

    func plan(smoke: Bool) -> Plan {
        smoke
            ? Plan(warmUpRounds: 1, measuredRounds: 3, samplesPerRound: 3)
            : Plan(warmUpRounds: 2, measuredRounds: 20, samplesPerRound: 10)
    }

    func setUp() {
        guard let server = BenchXvfb.start(noting: &notes) else { return }
        self.server = server
        let (width, height) = X11Present.size
        do {
            let presenter = try X11Presenter(displayName: server.display, size: Size(width: Double(width), height: Double(height)),
                                             title: name, options: .init(usesSharedMemory: sharedMemory))
            self.presenter = presenter
            frames = try [0.0, 0.5].enumerated().map { index, shift in
                PresentedFrame(id: UInt64(index + 1), image: try X11Present.pattern(shift: shift), damage: [], commits: [])
            }
            // The first frame whole, so later damaged frames have something to update.
            presenter.present(frame(0, damage: Rect(x: 0, y: 0, width: Double(width), height: Double(height))))
            presenter.synchronize()
        } catch {
            notes.append("the presenter did not open: \(error)")
        }
        // Below Lamina's window, not over it: a covered window is clipped and costs the server nothing.
        raw = bench_x11_open(server.display, 0, Int32(height + 20), Int32(width), Int32(height), sharedMemory ? 1 : 0)
        if raw == nil { notes.append("the raw baseline could not open\(sharedMemory ? " (MIT-SHM attach failed)" : "")") }
    }

    func measure(_ variant: Variant, samples: Int) -> [Double] {
        guard let presenter, let raw else { return [] }
        let (width, height) = X11Present.size
        let area = damaged ? X11Present.label : Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        return (0..<samples).map { _ in
            flips += 1
            let next = frame(flips % 2, damage: area)
            let start = MonotonicClock.now()
            switch variant {
            case .lamina:
                presenter.present(next)
                // MIT-SHM already waited for the server inside `present`; PutImage only flushed.
                if !sharedMemory { presenter.synchronize() }
            case .baseline:
                next.image.withUnsafePixelBytes { pixels, stride in
                    bench_x11_present(raw, pixels.baseAddress?.assumingMemoryBound(to: UInt8.self), stride,
                                      Int32(area.minX), Int32(area.minY), Int32(area.width), Int32(area.height))
                }
            }
            return MonotonicClock.elapsed(from: start, to: MonotonicClock.now())
        }
    }

    func tearDown() {
        if let presenter {
            let statistics = presenter.statistics
            let path = statistics.lastPath == .sharedMemory ? "MIT-SHM" : "PutImage"
            notes.append("Lamina's path: \(path); its last frame sent \(statistics.lastFramePixelBytes) pixel bytes; "
                + "\(statistics.imageRequests) image requests over \(statistics.framesPresented) frames")
        }
        bench_x11_close(raw)
        raw = nil
        presenter = nil
        frames = []
        server?.kill()
        server = nil
    }

    private func frame(_ index: Int, damage: Rect) -> PresentedFrame {
        PresentedFrame(id: UInt64(flips + 1), image: frames[index].image, damage: [damage], commits: [])
    }

    /// A frame with every pixel different from the other one's: diagonal colour bands.
    private static func pattern(shift: Double) throws -> Image {
        let (width, height) = size
        return try Image(width: width, height: height, format: .rgb24) { pixels, bytesPerRow in
            for y in 0..<height {
                for x in 0..<width {
                    let value = UInt32((Double(x + y) * 0.7 + shift * 255).truncatingRemainder(dividingBy: 256))
                    pixels.storeBytes(of: 0xFF00_0000 | value << 16 | (255 - value) << 8 | UInt32(y % 256),
                                      toByteOffset: y * bytesPerRow + x * 4, as: UInt32.self)
                }
            }
        }
    }
}
