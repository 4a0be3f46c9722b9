import LaminaGraphics
import Testing
import LaminaLayers

/// The timing functions against a solver written here: pure bisection on the Bernstein form of
/// x(t), to 1e-13, with nothing shared with the implementation's polynomial form or Newton steps.
@Suite struct TimingFunctionTests {
    static let named: [(String, TimingFunction, (Double, Double, Double, Double))] = [
        ("linear", .linear, (0, 0, 1, 1)),
        ("easeIn", .easeIn, (0.42, 0, 1, 1)),
        ("easeOut", .easeOut, (0, 0, 0.58, 1)),
        ("easeInEaseOut", .easeInEaseOut, (0.42, 0, 0.58, 1)),
        ("default", .default, (0.25, 0.1, 0.25, 1)),
    ]

    /// y at x for the curve (0,0) c1 c2 (1,1), by bisection on t.
    static func reference(_ p: (Double, Double, Double, Double), at x: Double) -> Double {
        // The ends are defined; bisection cannot see them on a curve whose x is flat there.
        if x == 0 || x == 1 { return x }
        func bernstein(_ t: Double, _ a: Double, _ b: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        var (low, high) = (0.0, 1.0)
        while high - low > 1e-13 {
            let middle = (low + high) / 2
            if bernstein(middle, p.0, p.2) < x { low = middle } else { high = middle }
        }
        return bernstein((low + high) / 2, p.1, p.3)
    }

    @Test func eachNamedFunctionAgreesWithBisectionAt1001PointsToAMillionth() {
        for (name, function, points) in Self.named {
            for i in 0...1000 {
                let x = Double(i) / 1000
                let expected = Self.reference(points, at: x)
                #expect(abs(function.value(at: x) - expected) < 1e-6, "\(name) at \(x)")
            }
        }
    }

    @Test func theNamedFunctionsHaveCoreAnimationsControlPoints() {
        for (name, function, p) in Self.named {
            let (c1, c2) = function.controlPoints
            #expect(c1 == Point(x: p.0, y: p.1) && c2 == Point(x: p.2, y: p.3), "\(name)")
        }
    }

    @Test(arguments: [
        (0.5, -0.5, 0.5, 1.5),  // overshoots both ways
        (0, 1, 0, 1),           // x = t³: flat at the start, Newton's slope vanishes there
        (1, 0, 1, 0),           // flat at the end
        (0.9, 0.1, 0.1, 0.9),   // x turns nearly vertical in the middle
        (0.2, 2.0, 0.3, -1.0),  // wild y
    ])
    func awkwardCurvesAgreeWithBisectionToAMillionth(_ p: (Double, Double, Double, Double)) {
        let function = TimingFunction(controlPoints: p.0, p.1, p.2, p.3)
        for i in 0...400 {
            let x = Double(i) / 400
            #expect(abs(function.value(at: x) - Self.reference(p, at: x)) < 1e-6, "at \(x)")
        }
    }

    @Test func endPointsMapExactlyToThemselves() {
        for (_, function, _) in Self.named {
            #expect(function.value(at: 0) == 0)
            #expect(function.value(at: 1) == 1)
        }
        let overshooting = TimingFunction(controlPoints: 0.3, -2, 0.7, 3)
        #expect(overshooting.value(at: 0) == 0 && overshooting.value(at: 1) == 1)
    }

    @Test func theNamedFunctionsNeverGoBackwards() {
        for (name, function, _) in Self.named {
            var previous = function.value(at: 0)
            for i in 1...2000 {
                let y = function.value(at: Double(i) / 2000)
                #expect(y >= previous - 1e-12, "\(name)")
                previous = y
            }
        }
    }

    @Test func controlPointXValuesAreClampedIntoZeroToOne() {
        let function = TimingFunction(controlPoints: -0.5, 0.2, 1.5, 0.8)
        #expect(function.controlPoints.c1 == Point(x: 0, y: 0.2))
        #expect(function.controlPoints.c2 == Point(x: 1, y: 0.8))
        #expect(function == TimingFunction(controlPoints: 0, 0.2, 1, 0.8))
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func aNonFiniteControlPointFallsBackToLinear(_ bad: Double) {
        #expect(TimingFunction(controlPoints: bad, 0, 1, 1) == .linear)
        #expect(TimingFunction(controlPoints: 0.4, bad, 1, 1) == .linear)
        #expect(TimingFunction(controlPoints: 0.4, 0, bad, 1) == .linear)
        #expect(TimingFunction(controlPoints: 0.4, 0, 1, bad) == .linear)
    }

    @Test func nanProgressGivesTheStartRatherThanNaN() {
        for (_, function, _) in Self.named {
            #expect(function.value(at: .nan) == 0)
        }
    }

    @Test func progressOutsideZeroToOneFollowsTheEndTangents() {
        #expect(TimingFunction.linear.value(at: -0.5) == -0.5)
        #expect(TimingFunction.linear.value(at: 1.5) == 1.5)
        // easeIn leaves (0,0) flat (c1 = (0.42, 0)) and arrives along c1→(1,1): slope 1/0.58.
        #expect(TimingFunction.easeIn.value(at: -1) == 0)
        #expect(close(TimingFunction.easeIn.value(at: 1.5), 1 + 0.5 / 0.58, 1e-12))
        // easeOut leaves along (0,0)→c2 = (0.58, 1) since c1 sits on the start, and arrives flat.
        #expect(close(TimingFunction.easeOut.value(at: -0.5), -0.5 / 0.58, 1e-12))
        #expect(TimingFunction.easeOut.value(at: 2) == 1)
        #expect(close(TimingFunction.default.value(at: -0.25), -0.1, 1e-15))
        #expect(TimingFunction.linear.value(at: .infinity) == .infinity)
        #expect(TimingFunction.easeOut.value(at: .infinity) == 1)
        #expect(TimingFunction.easeIn.value(at: -.infinity) == 0)
    }

    @Test func descriptionsNameTheNamedFunctionsAndListOthersPoints() {
        #expect(TimingFunction.easeInEaseOut.description == "easeInEaseOut")
        #expect(TimingFunction.default.description == "default")
        #expect(TimingFunction(controlPoints: 0.1, 0.2, 0.3, 0.4).description == "TimingFunction(0.1, 0.2, 0.3, 0.4)")
    }
}
