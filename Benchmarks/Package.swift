// swift-tools-version: 6.1
// Lamina's benchmarks, each against its raw baseline in the same process: EventLoop against
// CFRunLoop, ImageDecoder against libjpeg-turbo and cairo's PNG reader, the compositor and
// the commit against their raw counterparts.
// A separate package, so the main build stays light. Run from the repository root with
// `make bench` (or `make bench-smoke`), or here with `swift run -c release LaminaBenchmarks`.
import PackageDescription

let package = Package(
    name: "LaminaBenchmarks",
    products: [
        .executable(name: "LaminaBenchmarks", targets: ["LaminaBenchmarks"]),
    ],
    dependencies: [
        .package(name: "Lamina", path: ".."),
    ],
    targets: [
        // cairo itself, for raw baselines.
        .systemLibrary(name: "CBenchCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        // libjpeg-turbo called directly: the JPEG decode baseline, and the encoder of its input.
        .target(name: "CBenchCodecs", linkerSettings: [.linkedLibrary("jpeg")]),
        .executableTarget(
            name: "LaminaBenchmarks",
            dependencies: [
                .product(name: "LaminaLoop", package: "Lamina"),
                .product(name: "LaminaTrace", package: "Lamina"),
                .product(name: "LaminaGraphics", package: "Lamina"),
                .product(name: "LaminaLayers", package: "Lamina"),
                .product(name: "LaminaUI", package: "Lamina"),
                .product(name: "LaminaImages", package: "Lamina"),
                .product(name: "LaminaTestServer", package: "Lamina"),
                "CBenchCairo",
                "CBenchCodecs",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
