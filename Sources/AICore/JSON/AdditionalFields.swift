/// Keeps the fields of an object the library does not model yet, so nothing the server sends is lost: decoded into
/// an `additionalFields` property and encoded back after the known ones.
///
/// Objects that change often on the server (skills, containers, models, the Managed Agents resources) use it, so
/// a field added to the API survives a decode and re-encode through an app that stores or forwards the object.
package enum AdditionalFields {
    /// The fields of the object being decoded whose names are not in `known`.
    package static func additional(in decoder: any Decoder, known: [String]) throws -> [String: JSONValue] {
        let all = try decoder.container(keyedBy: AnyCodingKey.self)
        var extra: [String: JSONValue] = [:]
        for key in all.allKeys where !known.contains(key.stringValue) {
            extra[key.stringValue] = try all.decode(JSONValue.self, forKey: key)
        }
        return extra
    }

    /// Writes `fields` into the object being encoded, in name order.
    package static func encode(_ fields: [String: JSONValue], to encoder: any Encoder) throws {
        guard !fields.isEmpty else { return }
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) { try container.encode(value, forKey: AnyCodingKey(key)) }
    }
}
