import AIServerKit
import Foundation
import NIOConcurrencyHelpers

/// The sandbox's Managed Agents objects — agents, environments, memory stores and memories, vaults and credentials,
/// sessions — as JSON objects by id, one store per sandbox shared by every Managed Agents route.
///
/// A route reads and changes it in one ``transaction(_:)``, so validating a request against the stored state and
/// writing the result can't interleave with another request. Objects are kept per collection (`agent`, `memory`…)
/// in creation order; ids are `<prefix>_sandbox_<n>` with one counter for the whole store, and timestamps come from
/// one clock that never repeats, so objects created one after another have distinct, ordered `created_at` values.
final class ManagedResourceStore: Sendable {
    /// Everything the store holds, changed only inside a transaction.
    struct State {
        private var objects: [String: [String: [String: JSON]]] = [:]
        private var order: [String: [String]] = [:]
        private var counter = 0
        private var lastMillis: Int64 = 0
        /// Per-resource extra state (an agent's versions, a memory's history…), by collection and id.
        var history: [String: [String: [JSON]]] = [:]

        /// A fresh id such as `agent_sandbox_0007`.
        mutating func newID(_ prefix: String) -> String {
            counter += 1
            return "\(prefix)_sandbox_\(String(format: "%04d", counter))"
        }

        /// An RFC 3339 timestamp (UTC, milliseconds), later than every one handed out before.
        mutating func now() -> String {
            let real = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
            lastMillis = max(real, lastMillis + 1)
            return ManagedResourceClock.format(Date(timeIntervalSince1970: Double(lastMillis) / 1000))
        }

        /// The object `id` of `collection`.
        func object(_ id: String, in collection: String) -> [String: JSON]? {
            objects[collection]?[id]
        }

        /// Every object of `collection`, oldest first.
        func all(_ collection: String) -> [[String: JSON]] {
            (order[collection] ?? []).compactMap { objects[collection]?[$0] }
        }

        /// Stores `object` (it must have an `id`): a new one goes last, a known one keeps its place.
        mutating func put(_ object: [String: JSON], in collection: String) {
            guard let id = object["id"]?.string else { return }
            if objects[collection]?[id] == nil { order[collection, default: []].append(id) }
            objects[collection, default: [:]][id] = object
        }

        /// Removes and returns the object `id` of `collection`, and its history.
        @discardableResult
        mutating func remove(_ id: String, from collection: String) -> [String: JSON]? {
            guard let removed = objects[collection]?.removeValue(forKey: id) else { return nil }
            order[collection]?.removeAll { $0 == id }
            history[collection]?[id] = nil
            return removed
        }
    }

    private let state = NIOLockedValueBox(State())

    /// The sandbox's store, made on first use.
    static func shared(_ route: SandboxRouteRequest) -> ManagedResourceStore {
        route.state.store(ManagedResourceStore.self) { ManagedResourceStore() }
    }

    /// Runs `body` with the store locked: what it reads and writes is one consistent step.
    func transaction<T>(_ body: (inout State) throws -> T) rethrows -> T {
        try state.withLockedValue { try body(&$0) }
    }
}

/// RFC 3339 timestamps as the Managed Agents API writes and reads them.
enum ManagedResourceClock {
    /// `2026-05-01T12:00:00.123Z`.
    static func format(_ date: Date) -> String {
        formatter(fractional: true).string(from: date)
    }

    /// A timestamp with or without fractional seconds, `Z` or an offset; nil when it isn't one.
    static func parse(_ text: String) -> Date? {
        formatter(fractional: true).date(from: text) ?? formatter(fractional: false).date(from: text)
    }

    private static func formatter(fractional: Bool) -> ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return formatter
    }
}
