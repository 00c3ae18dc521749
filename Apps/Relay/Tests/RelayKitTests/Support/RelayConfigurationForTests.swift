import RelayKit

enum RelayConfigurationForTests {
    /// A loopback configuration on a free port with one value changed.
    static func with(maxBodyBytes: Int = 32 << 20, shutdownGraceSeconds: Int = 60) -> RelayConfiguration {
        RelayConfiguration(host: "127.0.0.1", port: 0, maxBodyBytes: maxBodyBytes, shutdownGraceSeconds: shutdownGraceSeconds)
    }
}
