// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "FeedKit",
    dependencies: [
        // Lamina, cloned beside this package.
        .package(path: "../Lamina"),
    ],
    targets: [
        .target(name: "FeedKit", dependencies: [.product(name: "Lamina", package: "Lamina")]),
        .testTarget(name: "FeedKitTests", dependencies: [
            "FeedKit",
            .product(name: "LaminaTesting", package: "Lamina"),
            .product(name: "LaminaTestServer", package: "Lamina"),
        ]),
    ]
)
