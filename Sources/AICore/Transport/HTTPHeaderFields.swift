/// An ordered list of HTTP header fields with case-insensitive lookup.
public struct HTTPHeaderFields: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init() { fields = [] }

    public init(_ fields: [(String, String)]) {
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of `name`, compared case-insensitively; setting replaces every field of that name.
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.caseInsensitiveEquals(name) }?.value }
        set {
            fields.removeAll { $0.name.caseInsensitiveEquals(name) }
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Adds a field, keeping existing ones of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Adds or replaces each field of `other`.
    public mutating func merge(_ other: HTTPHeaderFields) {
        for field in other.fields { self[field.name] = field.value }
    }

    public func contains(_ name: String) -> Bool { self[name] != nil }

    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        for (a, b) in zip(lhs, rhs) where a != b {
            let la = (a >= 65 && a <= 90) ? a + 32 : a
            let lb = (b >= 65 && b <= 90) ? b + 32 : b
            if la != lb { return false }
        }
        return true
    }
}

extension HTTPHeaderFields {
    /// Headers from a dictionary, in name order so requests are the same from run to run.
    package init(sorted dictionary: [String: String]) {
        self.init(dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
}

/// Credential headers (`Authorization`, `api-key`, `x-api-key`, …) print as `<redacted>`, in descriptions and in
/// `dump()`, so headers can be logged or inspected without leaking keys.
extension HTTPHeaderFields: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "[\(HeaderRedaction.describe(self))]" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(
            self,
            unlabeledChildren: fields.map { "\($0.name): \(HeaderRedaction.isSensitive($0.name) ? "<redacted>" : $0.value)" },
            displayStyle: .collection)
    }
}
