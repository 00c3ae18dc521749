import AICore

/// Keeps the fields of an Anthropic object the library does not model yet, so nothing the server sends is lost:
/// decoded into an `additionalFields` property and encoded back after the known ones.
enum AnthropicAdditionalFields {
    static func decode(from decoder: any Decoder, known: [String]) throws -> [String: JSONValue] {
        let all = try decoder.container(keyedBy: AnyCodingKey.self)
        var extra: [String: JSONValue] = [:]
        for key in all.allKeys where !known.contains(key.stringValue) {
            extra[key.stringValue] = try all.decode(JSONValue.self, forKey: key)
        }
        return extra
    }

    static func encode(_ fields: [String: JSONValue], to encoder: any Encoder) throws {
        guard !fields.isEmpty else { return }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) { try container.encode(value, forKey: AnyCodingKey(key)) }
    }
}
