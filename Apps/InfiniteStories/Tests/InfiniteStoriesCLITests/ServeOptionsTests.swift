import Foundation
import Testing

/// `serve` refuses unsafe setups before it listens: a weak password, a non-loopback address without TLS or
/// without a public host name. Each refusal exits at once with the argument parser's code and a clear message.
@Suite("serve refuses unsafe setups")
struct ServeOptionsTests {
    private func serve(_ arguments: [String], password: String) async throws -> CLIResult {
        let cli = try CLIRunner()
        defer { cli.remove() }
        return try await cli.run(["serve", "--port", "0"] + arguments, environment: ["INFINITE_STORIES_PASSWORD": password])
    }

    @Test("a password of two spaces or one character is refused, without repeating it")
    func weakPassword() async throws {
        for weak in ["  ", "x", "Tr0ub4dor"] {
            let result = try await serve([], password: weak)
            #expect(result.status == 64, "\(weak): \(result.errors)")
            #expect(result.errors.contains("Refusing a weak password") && result.errors.contains("at least 10 characters"))
            if weak.count > 1, weak.contains(where: { !$0.isWhitespace }) { #expect(!result.errors.contains(weak)) }
        }
    }

    @Test("another address needs --behind-tls-proxy, then --public-host")
    func tlsAndPublicHost() async throws {
        let clear = try await serve(["--host", "0.0.0.0"], password: "open sesame")
        #expect(clear.status == 64 && clear.errors.contains("without TLS") && clear.errors.contains("--behind-tls-proxy"), "\(clear.errors)")
        let nameless = try await serve(["--host", "0.0.0.0", "--behind-tls-proxy"], password: "open sesame")
        #expect(nameless.status == 64 && nameless.errors.contains("--public-host"), "\(nameless.errors)")
    }
}
