import Foundation

/// The compositor's debug overlays, Core Animation's colour debug options for Lamina (the
/// Simulator's Debug menu; Flash Updated Regions only in Xcode's Debug › View Debugging ›
/// Rendering for a device and in Instruments): drawn over each presented frame only — never into
/// the framebuffer the next frame builds on, never into any layer's contents.
///
/// | overlay | shows | colour |
/// |---|---|---|
/// | ``damage`` | the pixels re-rendered for this frame (Flash Updated Regions) | yellow |
/// | ``blended`` | layers that blend with what is beneath (Color Blended Layers) | red; opaque layers green |
/// | ``misaligned`` | layers not on whole device pixels; contents stretched or squeezed (Color Misaligned Images) | magenta; stretched yellow-green |
/// | ``offscreen`` | layers rendered offscreen first: group opacity, masks, rounded clipping, shadows without a path (Color Off-screen Rendered) | orange |
/// | ``async`` | layers whose contents a display queue drew (Lamina's own) | blue |
///
/// One more option is not drawn: ``slowAnimations`` (the Simulator's Slow Animations) makes a
/// window run its layer tree's time ten times slower.
///
/// Switch them per window (`Window.debugOverlays`, ``RenderServer/debugOverlays``) or for every
/// window with `LAMINA_DEBUG=damage,blended,misaligned,offscreen,async,slow-animations` (`all`
/// is every overlay; it does not slow animations).
public struct DebugOverlays: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8

    /// Creates a set from its raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The pixels re-rendered for this frame.
    public static let damage = DebugOverlays(rawValue: 1 << 0)
    /// Layers that blend (red) or are opaque (green).
    public static let blended = DebugOverlays(rawValue: 1 << 1)
    /// Layers off the device-pixel grid, and stretched contents.
    public static let misaligned = DebugOverlays(rawValue: 1 << 2)
    /// Layers rendered offscreen before compositing.
    public static let offscreen = DebugOverlays(rawValue: 1 << 3)
    /// Layers whose contents were drawn on a display queue.
    public static let async = DebugOverlays(rawValue: 1 << 4)
    /// Not an overlay: a window with it sets its root layer's `speed` to 0.1, so every animation
    /// in it runs ten times slower — the iOS Simulator's Slow Animations.
    public static let slowAnimations = DebugOverlays(rawValue: 1 << 5)
    /// Every overlay (not ``slowAnimations``, which draws nothing).
    public static let all: DebugOverlays = [.damage, .blended, .misaligned, .offscreen, .async]

    /// The overlays of the set that the compositor draws (without ``slowAnimations``).
    public var drawn: DebugOverlays { intersection(.all) }

    /// Each option with the name `LAMINA_DEBUG` and the tour's `--debug` use, overlays in drawing
    /// order.
    public static let named: [(name: String, overlay: DebugOverlays)] = [
        ("damage", .damage), ("blended", .blended), ("misaligned", .misaligned), ("offscreen", .offscreen), ("async", .async),
        ("slow-animations", .slowAnimations),
    ]

    /// Why a list of overlay names could not be read.
    public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The name that is not an overlay.
        public let unknownName: String

        public var description: String {
            "unknown debug overlay \"\(unknownName)\" (known: \(DebugOverlays.named.map(\.name).joined(separator: ", ")), all, none)"
        }
    }

    /// The overlays named in a comma-separated list such as `"damage,blended"`: names are
    /// case-insensitive, spaces and empty items are ignored, `all` means every overlay and `none`
    /// (or an empty list) none.
    ///
    /// - Throws: ``ParseError`` for a name that is none of these.
    public init(parsing list: String) throws(ParseError) {
        var overlays: DebugOverlays = []
        for item in list.split(separator: ",") {
            let name = item.trimmingCharacters(in: .whitespaces).lowercased()
            if name.isEmpty || name == "none" { continue }
            if name == "all" {
                overlays.formUnion(.all)
            } else if let match = Self.named.first(where: { $0.name == name }) {
                overlays.formUnion(match.overlay)
            } else {
                throw ParseError(unknownName: String(item))
            }
        }
        self = overlays
    }

    /// The overlays `LAMINA_DEBUG` asks for; none when it is unset. A list with an unknown name
    /// asks for the names it does know, and the process says once, on standard error, which
    /// name it ignored.
    public static var fromEnvironment: DebugOverlays {
        environmentOverlays
    }

    public var description: String {
        let names = Self.named.filter { contains($0.overlay) }.map(\.name)
        return names.isEmpty ? "none" : names.joined(separator: ",")
    }
}

/// Read once per process, so a bad name is reported once.
private let environmentOverlays: DebugOverlays = {
    guard let list = ProcessInfo.processInfo.environment["LAMINA_DEBUG"] else { return [] }
    var overlays: DebugOverlays = []
    for item in list.split(separator: ",") {
        do {
            overlays.formUnion(try DebugOverlays(parsing: String(item)))
        } catch {
            FileHandle.standardError.write(Data("Lamina: LAMINA_DEBUG: \(error), ignored\n".utf8))
        }
    }
    return overlays
}()
