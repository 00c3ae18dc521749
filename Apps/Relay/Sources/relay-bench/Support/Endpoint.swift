import ArgumentParser
import Foundation

/// A plain-HTTP base URL (`http://host:port`, optionally with a path prefix) split into what a socket needs.
///
/// The tools talk HTTP/1.1 over loopback only; TLS would measure the cipher rather than the proxy.
struct Endpoint: Sendable, Equatable, CustomStringConvertible {
    let host: String
    let port: Int
    /// The path prefix of the base URL, without a trailing slash (`""` for none).
    let pathPrefix: String

    init(_ url: String) throws {
        guard url.hasPrefix("http://") else {
            throw ValidationError("'\(url)' is not an http:// URL (the benchmark tools speak plain HTTP/1.1)")
        }
        let rest = url.dropFirst("http://".count)
        let authority = rest.prefix { $0 != "/" }
        var prefix = String(rest.dropFirst(authority.count))
        while prefix.hasSuffix("/") { prefix.removeLast() }
        let parts = authority.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let host = parts.first, !host.isEmpty else {
            throw ValidationError("'\(url)' has no host")
        }
        let port = parts.count == 2 ? Int(parts[1]) : 80
        guard let port, (1...65535).contains(port) else { throw ValidationError("'\(url)' has an invalid port") }
        self.host = String(host)
        self.port = port
        self.pathPrefix = prefix
    }

    /// The `Host` header's value.
    var authority: String { port == 80 ? host : "\(host):\(port)" }

    var description: String { "http://\(authority)\(pathPrefix)" }
}

/// A `Name: value` header given on the command line.
struct HeaderOption: ExpressibleByArgument, Sendable, Equatable {
    let name: String
    let value: String

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":") else { return nil }
        let name = argument[..<colon].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        self.name = name
        self.value = argument[argument.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
