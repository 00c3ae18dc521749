import AICore
import Foundation

/// Any JSON value (tool parameter schemas, raw items).
public enum SAOAIJSONValue: Codable, Equatable, Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case string(String)
    case number(Double)
    case bool(Bool)
    case object([String: SAOAIJSONValue])
    case array([SAOAIJSONValue])
    case null

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: SAOAIJSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, SAOAIJSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    public init(from decoder: any Decoder) throws {
        self.init(try JSONValue(from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .number(Double(int))
        case .double(let double): self = .number(double)
        case .string(let string): self = .string(string)
        case .array(let array): self = .array(array.map(SAOAIJSONValue.init))
        case .object(let object): self = .object(object.mapValues(SAOAIJSONValue.init))
        }
    }

    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let bool): .bool(bool)
        case .number(let number):
            number.rounded() == number && abs(number) < 9_007_199_254_740_992 ? .int(Int(number)) : .double(number)
        case .string(let string): .string(string)
        case .array(let array): .array(array.map(\.jsonValue))
        case .object(let object): .object(object.mapValues(\.jsonValue))
        }
    }
}
