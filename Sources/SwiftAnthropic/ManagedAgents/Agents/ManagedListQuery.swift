import AICore
import Foundation

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
