// swift-tools-version: 6.1
// Lamina's benchmarks: EventLoop against CFRunLoop, measured in the same process.
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
        .executableTarget(
            name: "LaminaBenchmarks",
            dependencies: [
                .product(name: "LaminaLoop", package: "Lamina"),
                .product(name: "LaminaTrace", package: "Lamina"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
