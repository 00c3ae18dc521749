// swift-tools-version: 6.2
import PackageDescription

/// An app that turns every opt-in trait on and uses every library product: built for the iOS simulator by the
/// GitHub workflow (.github/workflows/ci.yml), where SwiftPM checks platform minimums against every dependency.
let package = Package(
    name: "FullApp",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    // A product, so xcodebuild has a scheme of that name to build.
    products: [.library(name: "FullApp", targets: ["FullApp"])],
    dependencies: [
        .package(name: "SwiftAI", path: "../../..", traits: [.defaults, "SwiftAIMacros", "SwiftAIMCP"])
    ],
    targets: [
        .target(
            name: "FullApp",
            dependencies: [
                .product(name: "SwiftOpenAI", package: "SwiftAI"),
                .product(name: "SwiftAnthropic", package: "SwiftAI"),
                .product(name: "SwiftAzureOpenAI", package: "SwiftAI"),
                .product(name: "InfiniteStories", package: "SwiftAI"),
                .product(name: "AISandbox", package: "SwiftAI"),
                .product(name: "SwiftAIMacros", package: "SwiftAI"),
                .product(name: "SwiftAIMCP", package: "SwiftAI"),
            ])
    ]
)
