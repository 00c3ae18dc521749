import Foundation
import HTTPTypes
import NIOHTTP1
import RelayCore

/// The upstream's response headers that go back to the client.
public enum UpstreamResponseHeaders {
    /// Hop-by-hop headers belong to the upstream connection, not the answer; `set-cookie` is the upstream's session
    /// with the relay (load-balancer cookies), never the client's.
    static let removedNames: Set<String> = [
        "connection", "keep-alive", "te", "trailer", "transfer-encoding", "upgrade", "proxy-authenticate",
        "proxy-authorization", "proxy-connection", "set-cookie",
    ]

    /// Every header of the upstream's answer except hop-by-hop ones (and those `connection` names) and
    /// `set-cookie`; `content-length` too when the body is streamed to the client (it is then sent chunked, and a
    /// filtered stream's length differs).
    public static func forward(_ headers: HTTPHeaders, streaming: Bool) -> HTTPFields {
        let connectionNamed = Set(
            headers["connection"].flatMap { $0.split(separator: ",") }.map { $0.trimmingASCIIWhitespace.lowercased() })
        var fields = HTTPFields()
        for (name, value) in headers {
            let lowered = name.lowercased()
            guard !removedNames.contains(lowered), !connectionNamed.contains(lowered), !(streaming && lowered == "content-length"),
                let fieldName = HTTPField.Name(name)
            else { continue }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        return fields
    }
}
