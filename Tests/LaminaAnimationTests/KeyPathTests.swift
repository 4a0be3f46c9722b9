import LaminaGraphics
import Testing
import LaminaLayers

@Suite struct KeyPathTests {
    @Test func eachKeyPathHasCoreAnimationsNameAndReadsAndWritesItsProperty() {
        var state = LayerRenderState()
        AnimatableKeyPath<Double>.opacity.set(0.25, in: &state)
        AnimatableKeyPath<Double>.positionX.set(7, in: &state)
        AnimatableKeyPath<Double>.positionY.set(8, in: &state)
        AnimatableKeyPath<Size>.boundsSize.set(Size(width: 30, height: 40), in: &state)
        AnimatableKeyPath<Point>.boundsOrigin.set(Point(x: 1, y: 2), in: &state)
        AnimatableKeyPath<Bool>.isHidden.set(true, in: &state)
        AnimatableKeyPath<Color>.borderColor.set(.red, in: &state)
        #expect(state.opacity == 0.25 && state.position == Point(x: 7, y: 8))
        #expect(state.bounds == Rect(x: 1, y: 2, width: 30, height: 40))
        #expect(state.isHidden && state.borderColor == .red)
        #expect(AnimatableKeyPath<Double>.opacity.value(in: state) == 0.25)
        #expect(AnimatableKeyPath<Point>.position.value(in: state) == Point(x: 7, y: 8))
        let names = AnimatableKeyPaths.all.map(\.name)
        #expect(names == ["bounds", "bounds.origin", "bounds.size", "position", "position.x", "position.y", "anchorPoint",
                          "transform", "sublayerTransform", "zPosition", "backgroundColor", "hidden", "opacity",
                          "cornerRadius", "borderWidth", "borderColor", "shadowColor", "shadowOpacity", "shadowOffset",
                          "shadowRadius", "contents", "contentsRect", "contentsCenter"])
    }

    @Test func everyKeyPathWritesWhatItReads() throws {
        var state = LayerRenderState()
        let image = try onePixelImage(.blue)
        func roundTrip<Value: AnimatableValue>(_ keyPath: AnimatableKeyPath<Value>, _ value: Value) {
            keyPath.set(value, in: &state)
            #expect(keyPath.value(in: state) == value, "\(keyPath)")
        }
        roundTrip(.opacity, 0.5); roundTrip(.cornerRadius, 4); roundTrip(.borderWidth, 2); roundTrip(.shadowOpacity, 0.3)
        roundTrip(.shadowRadius, 6); roundTrip(.zPosition, -1); roundTrip(.positionX, 3); roundTrip(.positionY, 9)
        roundTrip(.position, Point(x: 5, y: 6)); roundTrip(.anchorPoint, Point(x: 0, y: 1))
        roundTrip(.boundsOrigin, Point(x: -4, y: 2)); roundTrip(.boundsSize, Size(width: 8, height: 9))
        roundTrip(.shadowOffset, Size(width: 1, height: 1)); roundTrip(.bounds, Rect(x: 1, y: 1, width: 2, height: 2))
        roundTrip(.contentsRect, Rect(x: 0, y: 0, width: 0.5, height: 0.5))
        roundTrip(.contentsCenter, Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        roundTrip(.backgroundColor, .green); roundTrip(.borderColor, .blue); roundTrip(.shadowColor, .yellow)
        roundTrip(.transform, AffineTransform(rotationAngle: 1)); roundTrip(.sublayerTransform, AffineTransform(scaleX: 2, y: 2))
        roundTrip(.isHidden, true); roundTrip(.contents, image)
    }

    @Test func aMissingBackgroundColorReadsAsClear() {
        #expect(AnimatableKeyPath<Color>.backgroundColor.value(in: LayerRenderState()) == .clear)
    }

    @Test func keyPathsAreEqualWhenTheirNamesAre() {
        #expect(AnimatableKeyPath<Double>.opacity == .opacity)
        #expect(AnimatableKeyPath<Double>.opacity != .cornerRadius)
        #expect(Set([AnimatableKeyPath<Double>.opacity, .opacity, .zPosition]).count == 2)
        #expect(AnimatableKeyPath<Point>.boundsOrigin.description == "bounds.origin")
    }

    @Test func everyNameLooksUpItsKeyPath() throws {
        for keyPath in AnimatableKeyPaths.all {
            #expect(try AnimatableKeyPaths.named(keyPath.name).name == keyPath.name)
        }
        #expect(try AnimatableKeyPaths.named("position.x").valueType == Double.self)
        #expect(try AnimatableKeyPath<Size>.named("bounds.size") == .boundsSize)
    }

    @Test func anUnknownNameThrowsUnknownKeyPath() {
        #expect(throws: AnimationError.unknownKeyPath("opacitty")) { try AnimatableKeyPaths.named("opacitty") }
        #expect(throws: AnimationError.unknownKeyPath("transform.rotation.z")) {
            try AnimatableKeyPath<Double>.named("transform.rotation.z")
        }
    }

    @Test func aNameOfAnotherValueTypeThrowsATypeMismatch() {
        #expect(throws: AnimationError.keyPathTypeMismatch(keyPath: "position", expected: "Double", actual: "Point")) {
            try AnimatableKeyPath<Double>.named("position")
        }
    }

    @Test func aLookedUpKeyPathReadsAndMakesTheDefaultActionsAnimation() throws {
        var presentation = LayerRenderState()
        presentation.opacity = 0.3
        let keyPath = try AnimatableKeyPaths.named("opacity")
        #expect(keyPath.anyValue(in: presentation) as? Double == 0.3)
        var animation = keyPath.basicAnimation(fromValueIn: presentation)
        animation.duration = 1
        #expect(animation.animatedKeyPaths == ["opacity"])
        var model = LayerRenderState()
        model.opacity = 1
        #expect(close(applying(animation, to: model, at: 0.5).opacity, 0.65, 1e-12))
    }
}
