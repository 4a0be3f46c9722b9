import LaminaGraphics

extension Layer {
    /// A dump of this layer and its sublayers, one line per layer, indented by depth — UIKit's
    /// `recursiveDescription` for the pipeline: per layer its class (and delegate's), id and
    /// frame; the `needsLayout` and `needsDisplay` marks; its contents' pixel size and scale; for
    /// an ``AsyncLayer``, the renders in flight and the sentinel's value; and where the render
    /// tree stands: `in render tree`, `render tree stale` (changed since the last commit),
    /// `not in render tree`, or `not hosted`; and its animations (key, type, key paths, duration,
    /// and `not committed` until a commit sends one). Main thread; for a hosted tree it waits for
    /// the render thread to read the render tree.
    ///
    /// ```text
    /// Layer #1 (delegate Window) frame (0, 0, 320×200), contents none, in render tree
    ///   AsyncLayer #4 (delegate AsyncLabel) frame (10, 10, 300×40), needsDisplay, contents 600×80 @2x, async: 1 in flight, sentinel 3, render tree stale
    /// ```
    public var treeDescription: String {
        let rendered: Set<LayerID>? = rootLayer.host.map { Set($0.renderServer.renderTreeStates().keys) }
        var lines: [String] = []
        appendDescription(to: &lines, depth: 0, rendered: rendered)
        return lines.joined(separator: "\n")
    }

    private func appendDescription(to lines: inout [String], depth: Int, rendered: Set<LayerID>?) {
        lines.append(String(repeating: "  ", count: depth) + lineDescription(rendered: rendered))
        for sublayer in sublayers {
            sublayer.appendDescription(to: &lines, depth: depth + 1, rendered: rendered)
        }
    }

    /// One layer's line of ``treeDescription``.
    func lineDescription(rendered: Set<LayerID>?) -> String {
        var head = "\(type(of: self)) \(id)"
        if let delegate { head += " (delegate \(type(of: delegate)))" }
        var parts = [head + " frame \(frame)"]
        if needsLayout { parts.append("needsLayout") }
        if needsDisplay { parts.append("needsDisplay") }
        if let contents {
            parts.append("contents \(contents.width)×\(contents.height) @\(Self.scaleText(contents.scale))x")
        } else {
            parts.append("contents none")
        }
        if let async = self as? AsyncLayer {
            parts.append("async: \(async.rendersInFlight) in flight, sentinel \(async.sentinel.value)")
        }
        if !animationRecords.isEmpty { parts.append("animations: " + animationRecords.map(\.summary).joined(separator: "; ")) }
        switch rendered {
        case nil: parts.append("not hosted")
        case let ids? where !ids.contains(id): parts.append("not in render tree")
        case _ where renderStateIsDirty: parts.append("render tree stale")
        default: parts.append("in render tree")
        }
        return parts.joined(separator: ", ")
    }

    /// "2" for 2.0, "1.5" for 1.5.
    private static func scaleText(_ scale: Double) -> String {
        scale == scale.rounded() && abs(scale) < 1e9 ? String(Int(scale)) : String(scale)
    }
}
