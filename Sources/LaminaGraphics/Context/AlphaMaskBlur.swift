/// A gaussian blur of an 8-bit alpha mask, approximated by three successive box blurs in each
/// direction — the method the CSS filter specification gives for `feGaussianBlur`, accurate to
/// within a few per cent of a true gaussian and linear in the pixel count whatever the radius.
enum AlphaMaskBlur {
    /// How many pixels beyond a shape its blurred coverage reaches for a gaussian of standard
    /// deviation `sigma` pixels: three box blurs of about `d` pixels each reach `3·d/2`.
    static func reach(sigma: Double) -> Int {
        let boxes = boxes(sigma: sigma)
        return boxes.reduce(0) { $0 + max($1.before, $1.after) }
    }

    /// Blurs the `width` × `height` mask at `pixels` in place. A `sigma` under half a pixel
    /// changes nothing visible and is skipped.
    static func blur(_ pixels: UnsafeMutablePointer<UInt8>?, width: Int, height: Int,
                     bytesPerRow: Int, sigma: Double) {
        guard let pixels, width > 0, height > 0 else { return }
        let boxes = boxes(sigma: sigma)
        guard !boxes.isEmpty else { return }
        let longest = max(width, height)
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * longest)
        defer { scratch.deallocate() }
        for y in 0..<height {
            blurLine(pixels + y * bytesPerRow, stride: 1, count: width, boxes: boxes, scratch: scratch)
        }
        for x in 0..<width {
            blurLine(pixels + x, stride: bytesPerRow, count: height, boxes: boxes, scratch: scratch)
        }
    }

    /// One box: the window reaches `before` pixels back and `after` pixels forward.
    struct Box: Equatable {
        var before: Int
        var after: Int
    }

    /// The three boxes for `sigma`: with `d = ⌊sigma · 3·√(2π)/4 + 0.5⌋`, three centred boxes of
    /// width `d` when `d` is odd; otherwise two of width `d` offset half a pixel each way and a
    /// centred one of width `d + 1`, so the result stays centred.
    static func boxes(sigma: Double) -> [Box] {
        guard sigma.isFinite, sigma >= 0.5 else { return [] }
        let d = Int((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return [] }
        if d % 2 == 1 {
            let half = (d - 1) / 2
            return Array(repeating: Box(before: half, after: half), count: 3)
        }
        return [Box(before: d / 2, after: d / 2 - 1), Box(before: d / 2 - 1, after: d / 2),
                Box(before: d / 2, after: d / 2)]
    }

    /// Runs the boxes over one row or column, through two scratch lines.
    private static func blurLine(_ line: UnsafeMutablePointer<UInt8>, stride: Int, count: Int,
                                 boxes: [Box], scratch: UnsafeMutablePointer<UInt8>) {
        let a = scratch, b = scratch + count
        for i in 0..<count { a[i] = line[i * stride] }
        boxBlur(from: a, to: b, count: count, box: boxes[0])
        boxBlur(from: b, to: a, count: count, box: boxes[1])
        boxBlur(from: a, to: b, count: count, box: boxes[2])
        for i in 0..<count { line[i * stride] = b[i] }
    }

    /// A running-sum box blur; pixels beyond the line count as transparent.
    private static func boxBlur(from source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>,
                                count: Int, box: Box) {
        let size = box.before + box.after + 1
        var sum = 0
        for i in 0..<min(box.after, count) { sum += Int(source[i]) }
        for i in 0..<count {
            if i + box.after < count { sum += Int(source[i + box.after]) }
            target[i] = UInt8((sum + size / 2) / size)
            if i - box.before >= 0 { sum -= Int(source[i - box.before]) }
        }
    }
}
