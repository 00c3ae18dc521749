import HTTPTypes

/// The SDK's headers are `HTTPTypes.HTTPFields`, the type Hummingbird, swift-openapi and AsyncHTTPClient's new API
/// share. These helpers let the SDK's own code name headers by string (provider headers such as
/// `x-ratelimit-remaining-requests` have no `HTTPField.Name` constant) and turn headers a caller gave as strings into
/// fields, refusing a name that HTTP doesn't allow instead of sending it.
extension HTTPFields {
    /// The value of `name` (joined with commas when it occurs more than once), or nil when it is absent or `name` is
    /// not a valid header name. Setting replaces every field of that name; nil removes them.
    ///
    /// Only for names the SDK spells itself; names from callers go through ``init(validating:)``.
    package subscript(_ name: String) -> String? {
        get { HTTPField.Name(name).flatMap { self[$0] } }
        set {
            guard let name = HTTPField.Name(name) else {
                assertionFailure("\"\(name)\" is not a valid header name")
                return
            }
            self[name] = newValue
        }
    }

    /// Fields from name-value pairs spelled as strings, in the given order.
    ///
    /// For header names the SDK spells itself (and tests); an invalid name is skipped.
    package init(_ pairs: KeyValuePairs<String, String>) {
        self.init()
        for (name, value) in pairs {
            guard let name = HTTPField.Name(name) else {
                assertionFailure("\"\(name)\" is not a valid header name")
                continue
            }
            append(HTTPField(name: name, value: value))
        }
    }

    /// Fields from headers a caller gave as strings (a factory's `extraHeaders`, a configuration's dictionary).
    ///
    /// - Throws: ``APIError`` of kind `.invalidRequest` naming the first name that is not an HTTP token
    ///   (RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``). Values are sent as given, with any control
    ///   character (a newline, which would start a new header) replaced by a space.
    package init(validating pairs: some Sequence<(String, String)>) throws(APIError) {
        self.init()
        for (name, value) in pairs {
            guard let fieldName = HTTPField.Name(name) else {
                throw APIError(
                    kind: .invalidRequest,
                    message: "\"\(name)\" is not a valid HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only).")
            }
            append(HTTPField(name: fieldName, value: value))
        }
    }

    /// ``init(validating:)`` for a dictionary, in name order so requests are the same from run to run.
    package init(validatingSorted dictionary: [String: String]) throws(APIError) {
        try self.init(validating: dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    /// Adds the fields of `other`, replacing every field of this one that has a name `other` has.
    package mutating func merge(_ other: HTTPFields) {
        guard !other.isEmpty else { return }
        let replaced = Set(other.map(\.name))
        removeAll { replaced.contains($0.name) }
        append(contentsOf: other)
    }
}
