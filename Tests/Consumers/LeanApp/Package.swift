// swift-tools-version: 6.2
import PackageDescription

/// An app that uses the SDK libraries with the default traits turned off, as a lean iOS app would: it must resolve
/// swift-log alone (scripts/check-platforms.py checks) and build on every platform, on Linux without SwiftNIO
/// (URLSession from FoundationNetworking).
let package = Package(
    name: "LeanApp",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    // A product, so xcodebuild has a scheme of that name to build.
    products: [.library(name: "LeanApp", targets: ["LeanApp"])],
    dependencies: [.package(name: "SwiftAI", path: "../../..", traits: [])],
    targets: [
        .target(
            name: "LeanApp",
            dependencies: [
                .product(name: "SwiftOpenAI", package: "SwiftAI"),
                .product(name: "SwiftAnthropic", package: "SwiftAI"),
                .product(name: "SwiftAzureOpenAI", package: "SwiftAI"),
                .product(name: "InfiniteStories", package: "SwiftAI"),
            ])
    ]
)
