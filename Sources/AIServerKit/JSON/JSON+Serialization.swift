import Foundation

extension JSON {
    /// The JSON text: keys sorted, `/` not escaped — byte for byte what Foundation's `JSONSerialization` writes with
    /// `[.sortedKeys, .withoutEscapingSlashes]`, which is how the sandbox has always answered (clients and
    /// recorded fixtures compare against it).
    public func serialized() -> Data {
        (try? JSONSerialization.data(
            withJSONObject: foundationObject, options: [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]))
            ?? Data("null".utf8)
    }

    /// The JSON text as a string.
    public func serializedString() -> String {
        String(decoding: serialized(), as: UTF8.self)
    }

    /// The value as Foundation's JSON objects (`NSNull`, `Bool`, `Int`, `Double`, `String`, arrays, dictionaries),
    /// for `JSONSerialization` and for code not yet moved to `JSON`.
    package var foundationObject: Any {
        switch self {
        case .null: return NSNull()
        case .bool(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .string(let value): return value
        case .array(let elements): return elements.map(\.foundationObject)
        case .object(let members): return members.mapValues(\.foundationObject)
        }
    }

    /// A value from Foundation's JSON objects (what `JSONSerialization` returns, or literals typed `Any`); `JSON`
    /// values nested inside are kept. Nil for anything JSON can't hold.
    package init?(foundationObject object: Any) {
        switch object {
        case let value as JSON: self = value
        case is NSNull: self = .null
        case let value as String: self = .string(value)
        // Exact types first: on Linux an `NSNumber` holding 1 also casts to `Bool`.
        case let value as Bool where type(of: object) == Bool.self: self = .bool(value)
        case let value as Int where type(of: object) == Int.self: self = .int(value)
        case let value as Double where type(of: object) == Double.self: self = .double(value)
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else if let value = Int(exactly: number.doubleValue), String(cString: number.objCType) != "d" {
                self = .int(value)
            } else {
                self = .double(number.doubleValue)
            }
        case let value as [Any]:
            var elements: [JSON] = []
            elements.reserveCapacity(value.count)
            for element in value {
                guard let converted = JSON(foundationObject: element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        case let value as [String: Any]:
            var members: [String: JSON] = [:]
            for (key, element) in value {
                guard let converted = JSON(foundationObject: element) else { return nil }
                members[key] = converted
            }
            self = .object(members)
        default: return nil
        }
    }
}
