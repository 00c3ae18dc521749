// swift-tools-version: 6.2
// 6.2: the root package's dependencies (swift-log, AsyncHTTPClient) ship 6.2 manifests only.
import PackageDescription

/// Relay: a self-hosted backend that holds the provider keys (OpenAI, Azure OpenAI, Anthropic) so that apps never
/// ship them, lets through only the developer's genuine app or their own backend's users, within limits, and
/// forwards requests and streams unchanged.
///
/// A package of its own, so that an app depending on SwiftAI for its SDK never resolves Hummingbird, PostgreSQL,
/// SQLite or JWTKit. It builds on the root package by path for its tests (the SDK's AIProxy factories and the
/// sandbox as the upstream) and for the SSE parser it reads usage with.
let package = Package(
    name: "Relay",
    // Hummingbird 2 needs macOS 14; the relay is a server, so no iOS or watchOS target.
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RelayKit", targets: ["RelayKit"]),
        .executable(name: "relay", targets: ["relay"]),
        .executable(name: "relay-bench", targets: ["relay-bench"]),
    ],
    dependencies: [
        // SwiftAITelemetry (a default trait, named so it stays on): the forwarded calls' spans and GenAI metrics.
        .package(name: "SwiftAI", path: "../..", traits: [.defaults, "SwiftAITelemetry"]),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-crypto.git", "4.1.0"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-certificates.git", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1.git", from: "1.7.4"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        // `relay serve --otlp-endpoint`; the same version and trait as the story app's, which shares the build folder.
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
    ],
    targets: [
        // The vocabulary every part shares: projects, upstreams, limits, client identities, errors.
        .target(name: "RelayCore", dependencies: []),
        // Apple App Attest: CBOR, attestation objects (x5c chain to Apple's root), assertions.
        .target(
            name: "RelayAppAttest",
            dependencies: [
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        // One schema on SQLite or PostgreSQL: projects, sealed secrets, App Attest keys, counters, usage.
        .target(
            name: "RelayStorage",
            dependencies: [
                "RelayCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // Who gets through: client tokens, DeviceCheck, App Attest assertions, AIProxy headers.
        .target(
            name: "RelayAuth",
            dependencies: [
                "RelayCore", "RelayAppAttest", "RelayStorage",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // What a request may do and costs (endpoints, models, prices, charges) and how it is forwarded.
        .target(
            name: "RelayForwarding",
            dependencies: [
                "RelayCore",
                .product(name: "SwiftOpenAI", package: "SwiftAI"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        // The server: routes, the admin API, metrics, health, lifecycle.
        .target(
            name: "RelayKit",
            dependencies: [
                "RelayCore", "RelayAppAttest", "RelayStorage", "RelayAuth", "RelayForwarding",
                .product(name: "SwiftOpenAI", package: "SwiftAI"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        .executableTarget(
            name: "relay",
            dependencies: [
                "RelayKit", "RelayCore", "RelayStorage", "RelayAuth", "RelayAppAttest",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "OTel", package: "swift-otel"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .executableTarget(
            name: "relay-bench",
            dependencies: [
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        // What several test targets need: a PostgreSQL to test against, an App Attest authority of the tests' own,
        // the sandbox as upstream.
        .target(
            name: "RelayTestSupport",
            dependencies: [
                "RelayCore", "RelayStorage", "RelayAppAttest",
                .product(name: "AISandbox", package: "SwiftAI"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
            ],
            path: "Tests/RelayTestSupport"),
        .testTarget(
            name: "RelayAppAttestTests",
            dependencies: [
                "RelayAppAttest", "RelayTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "X509", package: "swift-certificates"), .product(name: "SwiftASN1", package: "swift-asn1"),
            ]),
        .testTarget(
            name: "RelayStorageTests",
            dependencies: ["RelayStorage", "RelayCore", "RelayTestSupport", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(
            name: "RelayAuthTests",
            dependencies: [
                "RelayAuth", "RelayCore", "RelayStorage", "RelayAppAttest", "RelayTestSupport",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "RelayForwardingTests",
            dependencies: [
                "RelayForwarding", "RelayCore", "RelayTestSupport",
                .product(name: "AISandbox", package: "SwiftAI"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]),
        .testTarget(
            name: "RelayKitTests",
            dependencies: [
                "RelayKit", "RelayCore", "RelayStorage", "RelayAuth", "RelayAppAttest", "RelayTestSupport", "relay",
                .product(name: "SwiftOpenAI", package: "SwiftAI"),
                .product(name: "SwiftAnthropic", package: "SwiftAI"),
                .product(name: "AISandbox", package: "SwiftAI"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            // Python/: the official Python SDKs' script, run by OfficialClientTests.
            exclude: ["Python"]),
    ],
    swiftLanguageModes: [.v6]
)
