import Foundation

/// A coding key made from any string.
package struct AnyCodingKey: CodingKey, Hashable, Sendable {
    package var stringValue: String
    package var intValue: Int? { nil }

    package init(_ stringValue: String) { self.stringValue = stringValue }
    package init?(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) { nil }
}

extension Decoder {
    /// The string value of one field of the object being decoded (e.g. a union's `type`), reading nothing else;
    /// nil when the value is not an object, the field is missing, or it is not a string.
    package func stringField(named name: String) -> String? {
        guard let container = try? container(keyedBy: AnyCodingKey.self) else { return nil }
        return try? container.decodeIfPresent(String.self, forKey: AnyCodingKey(name))
    }
}
