import HTTPTypes

/// Hides credentials before anything is logged or described.
///
/// `HTTPFields` prints every value (its `debugDescription`), so the SDK never interpolates headers into a log line or
/// a description directly: it goes through ``describe(_:)``.
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

    /// Whether the value of header `name` must be hidden.
    package static func isSensitive(_ name: HTTPField.Name) -> Bool {
        sensitiveHeaderNames.contains(name.canonicalName)
    }

    /// The headers as `name: value` lines with sensitive values replaced by `<redacted>`.
    package static func describe(_ headers: HTTPFields) -> String {
        headers.map { "\($0.name): \(isSensitive($0.name) ? "<redacted>" : $0.value)" }
            .joined(separator: ", ")
    }

    /// `text` with every credential sent in `headers` (an `api-key`, a Bearer token, an AIProxy partial key …)
    /// cut to its last 4 characters.
    ///
    /// ``maskSecrets(in:)`` recognises OpenAI- and Anthropic-shaped keys only; an Azure key or an Entra ID token
    /// that a server echoes back has no such shape, but the client knows what it sent.
    package static func maskCredentials(sentIn headers: HTTPFields, in text: String) -> String {
        var text = text
        for field in headers where isSensitive(field.name) {
            var value = Substring(field.value)
            if let space = value.firstIndex(of: " "), ["bearer", "basic"].contains(value[..<space].lowercased()) {
                value = value[value.index(after: space)...]
            }
            guard value.count >= 8, text.contains(value) else { continue }
            text = text.replacingOccurrences(of: value, with: "…" + value.suffix(4))
        }
        return text
    }

    /// A secret shown only by its length, e.g. for descriptions of configurations.
    package static func mask(_ secret: String) -> String {
        secret.isEmpty ? "<empty>" : "<redacted \(secret.count) chars>"
    }

    /// `text` with every API-key-shaped token (`sk-…`, which covers `sk-proj-`, `sk-svcacct-` and `sk-ant-`
    /// keys, at least 20 characters long) cut to its first 3 and last 4 characters.
    ///
    /// Error messages come from servers, and a proxy or a misconfigured server may echo the full key back; the
    /// message then reaches logs, `APIError.description` and user interfaces. OpenAI masks keys itself.
    package static func maskSecrets(in text: String) -> String {
        guard text.contains("sk-") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "sk-") {
            result += rest[..<start.lowerBound]
            var end = start.upperBound
            while end < rest.endIndex, isKeyCharacter(rest[end]) { end = rest.index(after: end) }
            let token = rest[start.lowerBound..<end]
            let precededByKeyCharacter = result.last.map(isKeyCharacter) ?? false
            if token.count >= 20, !precededByKeyCharacter {
                result += "sk-…" + token.suffix(4)
            } else {
                result += token
            }
            rest = rest[end...]
        }
        return result + rest
    }

    private static func isKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
    }
}
