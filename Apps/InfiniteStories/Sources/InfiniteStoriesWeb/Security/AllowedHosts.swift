import Foundation
import HTTPTypes
import Hummingbird

/// The `Host` names the app answers to.
///
/// Without this check a web page the parent visits could rebind its own domain name to 127.0.0.1 (DNS
/// rebinding) and then drive the library, and spend on the parent's key, from the parent's browser: the
/// browser thinks it talks to the attacker's domain, so it sends that name as `Host`. Only names that point
/// here by definition are accepted: the loopback names (`127.0.0.1`, `localhost`, `[::1]`) and the bound
/// address, each with the bound port, plus the public names given with `--public-host` (any port: the TLS
/// proxy in front decides the outward one). A request without `Host` (HTTP/1.0 tools) is not a browser's,
/// so it passes.
struct AllowedHosts: Sendable {
    /// Names that point at this machine, with the bound port.
    let localNames: Set<String>
    /// Names a TLS proxy forwards (the public host names), with any port.
    let publicNames: Set<String>
    private let boundPort: BoundPort

    /// - Parameters:
    ///   - host: the address the server listens on.
    ///   - port: the port it listens on (0 until the server is running when an ephemeral port was asked for).
    ///   - publicHosts: the names browsers use through a proxy.
    init(host: String, port: Int, publicHosts: [String] = []) {
        var local: Set<String> = ["127.0.0.1", "localhost", "::1"]
        let bound = Self.normalizedName(host)
        if !WebApp.isWildcard(host) { local.insert(bound) }
        localNames = local
        publicNames = Set(publicHosts.map(Self.normalizedName).filter { !$0.isEmpty })
        boundPort = BoundPort(port)
    }

    /// Records the port the server really listens on (the ephemeral one when 0 was asked for).
    func serverIsRunning(on port: Int) { boundPort.set(port) }

    /// Whether a request carrying `authority` (the `Host` header) may be answered.
    func allows(_ authority: String) -> Bool {
        guard let parts = Self.split(authority) else { return false }
        let (name, port) = parts
        if publicNames.contains(name) { return true }
        guard localNames.contains(name) else { return false }
        let bound = boundPort.value
        // Port 0: an ephemeral port was asked for and is not known yet (router tests); the name check stands.
        if bound == 0 { return true }
        return (port ?? 80) == bound
    }

    /// A host name lowercased, without brackets or a trailing dot.
    static func normalizedName(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// `name[:port]` or `[v6]:port` split into its normalized name and port; nil when malformed.
    static func split(_ authority: String) -> (name: String, port: Int?)? {
        let text = authority.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.contains("@"), !text.contains("/") else { return nil }
        var name = text
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = String(text[...close])
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.first == ":" else { return nil }
                portText = rest.dropFirst()
            }
        } else if let colon = text.lastIndex(of: ":") {
            // A bare IPv6 address has several colons and no port.
            if text.firstIndex(of: ":") == colon {
                name = String(text[..<colon])
                portText = text[text.index(after: colon)...]
            }
        }
        var port: Int?
        if let portText {
            guard !portText.isEmpty, portText.allSatisfy(\.isASCII), let number = Int(portText), (0...65535).contains(number)
            else { return nil }
            port = number
        }
        let normalized = normalizedName(name)
        return normalized.isEmpty ? nil : (normalized, port)
    }
}

/// The listening port, set once the server runs (the handlers read it from any thread).
private final class BoundPort: @unchecked Sendable {
    private let lock = NSLock()
    private var port: Int

    init(_ port: Int) { self.port = port }

    var value: Int { lock.withLock { port } }

    func set(_ newValue: Int) { lock.withLock { port = newValue } }
}
