import Foundation

/// Values computed once per key and kept, for the per-request path (parsed endpoint patterns, client-token keys).
/// Bounded: emptied when it holds `capacity` entries, so keys that keep changing can't grow it without end.
/// `@unchecked Sendable`: the dictionary is touched only under the lock.
public final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]
    private let capacity: Int

    public init(capacity: Int) {
        self.capacity = capacity
    }

    public subscript(key: Key) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    public func insert(_ value: Value, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if values.count >= capacity { values.removeAll(keepingCapacity: true) }
        values[key] = value
    }
}
