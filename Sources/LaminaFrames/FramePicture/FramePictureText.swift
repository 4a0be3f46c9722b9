import LaminaTrace

/// The picture's text: times and tooltips. No Foundation formatting, so the output is the same
/// in every locale.
enum FramePictureText {
    /// A relative time in milliseconds with `decimals` decimals (0…3), rounded: `16.7 ms`.
    static func milliseconds(_ nanoseconds: Int64, decimals: Int) -> String {
        let digits = min(max(decimals, 0), 3)
        var unit: Int64 = 1_000_000
        for _ in 0..<digits { unit /= 10 }
        let magnitude = nanoseconds.magnitude
        let steps = (magnitude + UInt64(unit / 2)) / UInt64(unit)
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        var text = (nanoseconds < 0 && steps > 0 ? "-" : "") + "\(steps / scale)"
        if digits > 0 {
            let fraction = String(steps % scale)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return text + " ms"
    }

    /// A slice's tooltip: `name — 1.234 ms — key=value …`, with the begin's arguments then the
    /// end's, and what is missing.
    static func detail(_ slice: FramePictureSlices.Slice) -> String {
        var parts = [slice.event.name, milliseconds(Int64(clamping: slice.end - slice.start), decimals: 3)]
        let arguments = slice.event.arguments.merging(slice.endArguments) { begin, _ in begin }
        if !arguments.isEmpty {
            parts.append(arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
        }
        if slice.beginMissing { parts.append("begin not recorded") }
        if slice.endMissing { parts.append("end not recorded") }
        return parts.joined(separator: " — ")
    }
}
