import AIServerKit
import Foundation

/// Managed Agents lists: `limit` (default 20, at most 100), an opaque `page` cursor in, `next_page` out, and the
/// filters most lists share (`include_archived`, `created_at[gte]`, `created_at[lte]`).
enum ManagedResourcePaging {
    /// The page of `items` (already ordered) that `page` and `limit` select: `{"data": […], "next_page": …}`.
    static func page(_ items: [JSON], _ route: SandboxRouteRequest, maxLimit: Int = 100) throws -> JSON {
        let request = route.request
        var limit = 20
        if let text = request.queryValue("limit") {
            guard let number = Int(text), (1...maxLimit).contains(number) else {
                throw ManagedResourceFailure.invalid("limit: Input should be an integer between 1 and \(maxLimit)")
            }
            limit = number
        }
        var start = 0
        if let cursor = request.queryValue("page"), !cursor.isEmpty {
            guard let offset = offset(of: cursor), offset <= items.count else {
                throw ManagedResourceFailure.invalid("page: Invalid pagination cursor")
            }
            start = offset
        }
        let end = min(start + limit, items.count)
        let next: JSON = end < items.count ? .string(cursor(for: end)) : .null
        return ["data": .array(Array(items[start..<end])), "next_page": next]
    }

    /// Leaves out archived objects unless `include_archived=true`.
    static func filterArchived(_ items: [[String: JSON]], _ route: SandboxRouteRequest) throws -> [[String: JSON]] {
        guard try flag("include_archived", route) != true else { return items }
        return items.filter { $0["archived_at"]?.isNull != false }
    }

    /// Keeps the objects created within `created_at[gte]` … `created_at[lte]` (either bound optional).
    static func filterCreated(_ items: [[String: JSON]], _ route: SandboxRouteRequest) throws -> [[String: JSON]] {
        let lower = try date("created_at[gte]", route)
        let upper = try date("created_at[lte]", route)
        guard lower != nil || upper != nil else { return items }
        return items.filter { item in
            guard let created = item["created_at"]?.string.flatMap(ManagedResourceClock.parse) else { return false }
            return (lower.map { created >= $0 } ?? true) && (upper.map { created <= $0 } ?? true)
        }
    }

    /// A boolean query parameter (`true`/`false`), nil when absent.
    static func flag(_ name: String, _ route: SandboxRouteRequest) throws -> Bool? {
        guard let text = route.request.queryValue(name) else { return nil }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw ManagedResourceFailure.invalid("\(name): Input should be a valid boolean")
        }
    }

    /// A timestamp query parameter, nil when absent.
    static func date(_ name: String, _ route: SandboxRouteRequest) throws -> Date? {
        guard let text = route.request.queryValue(name) else { return nil }
        guard let date = ManagedResourceClock.parse(text) else {
            throw ManagedResourceFailure.invalid("\(name): Input should be a valid datetime")
        }
        return date
    }

    /// An opaque-looking cursor for the item at `offset` (URL-safe: letters, digits and `_`).
    private static func cursor(for offset: Int) -> String {
        "page_sbx" + String(offset, radix: 36)
    }

    private static func offset(of cursor: String) -> Int? {
        guard cursor.hasPrefix("page_sbx") else { return nil }
        return Int(cursor.dropFirst(8), radix: 36).flatMap { $0 >= 0 ? $0 : nil }
    }
}
