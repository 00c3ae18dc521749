import AICore
import Foundation

/// Keeps the fields of a Managed Agents object the library does not model yet, so nothing the server sends is
/// lost: decoded into an `additionalFields` property and encoded back after the known ones.
enum ManagedObjectFields {
    static func additional(in decoder: any Decoder, known: [String]) throws -> [String: JSONValue] {
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

/// How the Managed Agents lists filter by creation time: RFC 3339 in `created_at[gte]` / `created_at[lte]`.
enum ManagedListQuery {
    /// `limit` and `page`, then the given filters, leaving out what is nil.
    static func items(limit: Int?, page: String?, _ filters: [(String, String?)] = []) -> [URLQueryItem] {
        var items: [URLQueryItem] = []
        if let limit { items.append(URLQueryItem(name: "limit", value: String(limit))) }
        if let page { items.append(URLQueryItem(name: "page", value: page)) }
        for (name, value) in filters {
            if let value { items.append(URLQueryItem(name: name, value: value)) }
        }
        return items
    }

    /// `true`/`false` as the API reads booleans in queries.
    static func flag(_ value: Bool?) -> String? { value.map { $0 ? "true" : "false" } }

    /// A date as RFC 3339 with milliseconds, UTC.
    static func timestamp(_ date: Date?) -> String? {
        guard let date else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
