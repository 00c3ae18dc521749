import Foundation

/// A coding key made from any string.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(_ stringValue: String) { self.stringValue = stringValue }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

extension Decoder {
    /// The string value of one field of the object being decoded (e.g. a union's `type`), reading nothing else;
    /// nil when the value is not an object, the field is missing, or it is not a string.
    public func stringField(named name: String) -> String? {
        guard let container = try? container(keyedBy: AnyCodingKey.self) else { return nil }
        return try? container.decodeIfPresent(String.self, forKey: AnyCodingKey(name))
    }
}
