/// Hides credentials before anything is logged or described.
package enum HeaderRedaction {
    /// Header names whose values are never shown.
    package static let sensitiveHeaderNames: Set<String> = [
        "authorization", "api-key", "x-api-key", "proxy-authorization", "cookie", "set-cookie",
        "openai-organization", "openai-project", "aiproxy-partial-key", "x-goog-api-key",
    ]

    /// Whether the value of header `name` must be hidden.
    package static func isSensitive(_ name: String) -> Bool {
        sensitiveHeaderNames.contains(name.lowercased())
    }

    /// The headers as `name: value` lines with sensitive values replaced by `<redacted>`.
    package static func describe(_ headers: HTTPHeaderFields) -> String {
        headers.map { "\($0.name): \(isSensitive($0.name) ? "<redacted>" : $0.value)" }
            .joined(separator: ", ")
    }

    /// A secret shown only by its length, e.g. for descriptions of configurations.
    package static func mask(_ secret: String) -> String {
        secret.isEmpty ? "<empty>" : "<redacted \(secret.count) chars>"
    }
}
