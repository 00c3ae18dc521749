/// A JSON value, typed: what the server kit reads from request bodies and writes into responses.
///
/// It replaces `[String: Any]` and `as?` casts: a handler reads `request.jsonBody?["model"]?.string` and answers
/// with a literal such as `["id": .string(id), "object": "model"]`, and the value is `Sendable`, so state that
/// holds JSON needs no `@unchecked Sendable`.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
}

extension JSON {
    /// The text, when this is a string.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The integer, when this is an integer or a double without a fraction that fits in `Int`
    /// (JSON does not tell `1` from `1.0`).
    public var int: Int? {
        switch self {
        case .int(let value): return value
        case .double(let value): return Int(exactly: value)
        default: return nil
        }
    }

    /// The number, when this is a double or an integer.
    public var double: Double? {
        switch self {
        case .double(let value): return value
        case .int(let value): return Double(value)
        default: return nil
        }
    }

    /// The flag, when this is `true` or `false` (never a number).
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var array: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is an object.
    public var object: [String: JSON]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The member `key` of an object (nil for a missing key or a value that is not an object). Setting a member
    /// of an object stores it (nil removes it); setting on anything else does nothing.
    public subscript(key: String) -> JSON? {
        get {
            if case .object(let members) = self { return members[key] }
            return nil
        }
        set {
            guard case .object(var members) = self else { return }
            self = .null
            members[key] = newValue
            self = .object(members)
        }
    }

    /// The element at `index` of an array (nil when out of range or not an array).
    public subscript(index: Int) -> JSON? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }
}
