import LaminaGraphics
import Testing
import LaminaLayers

/// position along paths over 1 s.
@Suite struct PathAnimationTests {
    static func along(_ path: Path, mode: CalculationMode = .linear) -> KeyframeAnimation<Point> {
        var animation = KeyframeAnimation(keyPath: .position, path: path)
        animation.calculationMode = mode
        animation.duration = 1
        return animation
    }

    static func position(_ animation: KeyframeAnimation<Point>, at time: Double) -> Point {
        applying(animation, at: time).position
    }

    static var corner: Path {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 100, y: 0))
        path.addLine(to: Point(x: 100, y: 300))
        return path
    }

    /// A cubic that bulges: fast in the middle, slow at the ends by its own parameter.
    static var arch: Path {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addCurve(to: Point(x: 100, y: 0), control1: Point(x: 0, y: 100), control2: Point(x: 100, y: 100))
        return path
    }

    @Test func linearModeGivesEachLineAnEqualShareOfTime() {
        let animation = Self.along(Self.corner)
        #expect(close(Self.position(animation, at: 0.25), Point(x: 50, y: 0)))
        #expect(close(Self.position(animation, at: 0.5), Point(x: 100, y: 0)))
        #expect(close(Self.position(animation, at: 0.75), Point(x: 100, y: 150)))
    }

    @Test func pacedModeMovesAtConstantSpeedAlongTheLines() {
        let animation = Self.along(Self.corner, mode: .paced)
        #expect(close(Self.position(animation, at: 0.125), Point(x: 50, y: 0)))
        #expect(close(Self.position(animation, at: 0.5), Point(x: 100, y: 100)))
        #expect(close(Self.position(animation, at: 1 - 1e-12), Point(x: 100, y: 300), 1e-6))
    }

    @Test func linearModeFollowsACurveByItsOwnParameter() {
        // B(½) of (0,0) (0,100) (100,100) (100,0) is (50, 75).
        #expect(close(Self.position(Self.along(Self.arch), at: 0.5), Point(x: 50, y: 75)))
        #expect(close(Self.position(Self.along(Self.arch), at: 0.25), Point(x: 15.625, y: 56.25)))
    }

    /// The arch's total length and the point a fraction of it along, measured on a dense polyline.
    static func denseArcLengths() -> (total: Double, at: (Double) -> Point) {
        let count = 200_000
        var samples = [Point(x: 0, y: 0)]
        var lengths = [0.0]
        for i in 1...count {
            let t = Double(i) / Double(count), u = 1 - t
            let point = Point(x: 3 * u * t * t * 100 + t * t * t * 100, y: 3 * u * u * t * 100 + 3 * u * t * t * 100)
            lengths.append(lengths[i - 1] + samples[i - 1].distance(to: point))
            samples.append(point)
        }
        let total = lengths[count]
        return (total, { fraction in
            let target = fraction * total
            let index = Swift.max(lengths.firstIndex { $0 >= target } ?? count, 1)
            let share = (target - lengths[index - 1]) / (lengths[index] - lengths[index - 1])
            return Point.interpolate(samples[index - 1], samples[index], fraction: share)
        })
    }

    @Test func pacedModeMovesAtConstantSpeedAlongACurve() {
        let reference = Self.denseArcLengths()
        let animation = Self.along(Self.arch, mode: .paced)
        for step in 1..<20 {
            let fraction = Double(step) / 20
            #expect(close(Self.position(animation, at: fraction), reference.at(fraction), 1e-6), "at \(fraction)")
        }
        // By its own parameter the same curve is far from constant speed.
        #expect(!close(Self.position(Self.along(Self.arch), at: 0.25), reference.at(0.25), 1))
    }

    @Test func aQuadraticCurveIsFollowedToo() {
        var path = Path()
        path.move(to: .zero)
        path.addQuadCurve(to: Point(x: 100, y: 0), control: Point(x: 50, y: 100))
        #expect(close(Self.position(Self.along(path), at: 0.5), Point(x: 50, y: 50)))
        let paced = Self.position(Self.along(path, mode: .paced), at: 0.5)
        #expect(close(paced, Point(x: 50, y: 50), 1e-6))
    }

    @Test func aClosedPathReturnsToItsStart() {
        let square = Path(rect: Rect(x: 0, y: 0, width: 10, height: 10))
        let animation = Self.along(square, mode: .paced)
        #expect(close(Self.position(animation, at: 0.875), Point(x: 0, y: 5)))
        var held = animation
        held.fillMode = .forwards
        #expect(close(Self.position(held, at: 2), Point(x: 0, y: 0)))
    }

    @Test func aMoveInsideThePathIsAJumpThatTakesNoTimeWhenPaced() {
        var path = Path()
        path.move(to: Point(x: 0, y: 0))
        path.addLine(to: Point(x: 10, y: 0))
        path.move(to: Point(x: 50, y: 50))
        path.addLine(to: Point(x: 60, y: 50))
        let paced = Self.along(path, mode: .paced)
        #expect(close(Self.position(paced, at: 0.25), Point(x: 5, y: 0)))
        #expect(close(Self.position(paced, at: 0.75), Point(x: 55, y: 50)))
        let linear = Self.along(path)
        #expect(close(Self.position(linear, at: 0.5), Point(x: 10, y: 0)))
        #expect(close(Self.position(linear, at: 0.7), Point(x: 51, y: 50), 1e-9))
    }

    @Test func thePathsVerticesAreTheKeyframesForKeyTimesAndDiscreteMode() {
        var animation = Self.along(Self.corner)
        animation.keyTimes = [0, 0.8, 1]
        #expect(validationError(animation) == nil)
        #expect(close(Self.position(animation, at: 0.4), Point(x: 50, y: 0)))
        animation.keyTimes = [0, 1]
        #expect(validationError(animation) == .keyTimesCountMismatch(keyPath: "position", keyTimes: 2, keyframes: 3))
        let discrete = Self.along(Self.corner, mode: .discrete)
        #expect(Self.position(discrete, at: 0.5) == Point(x: 100, y: 0))
    }

    @Test func aPathReplacesTheValues() {
        var animation = Self.along(Self.corner)
        animation.values = [Point(x: -1, y: -1), Point(x: -2, y: -2)]
        #expect(close(Self.position(animation, at: 0.25), Point(x: 50, y: 0)))
    }

    @Test func aPathOnlyAnimatesPoints() {
        var animation = KeyframeAnimation(keyPath: .opacity, values: [0, 1])
        animation.path = Self.corner
        #expect(validationError(animation) == .pathOnNonPointKeyPath(keyPath: "opacity"))
        // Applied anyway, it changes nothing.
        #expect(applying(animation, at: 0.5) == LayerRenderState())
    }

    @Test func anEmptyPathHasNoKeyframes() {
        #expect(validationError(Self.along(Path())) == .emptyKeyframes(keyPath: "position"))
        #expect(applying(Self.along(Path()), at: 0.5) == LayerRenderState())
    }
}
