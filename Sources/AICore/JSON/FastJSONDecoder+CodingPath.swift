import Foundation

extension FastJSONDecoder {
    /// The coding paths of the values being decoded, as nodes (parent, key) in one growing buffer, so that
    /// descending into a value costs no allocation; `[CodingKey]` arrays are only built when asked for
    /// (errors, `codingPath`). Node `-1` is the root (the empty path).
    struct CodingPathArena {
        enum Key {
            case index(Int)
            case key(any CodingKey)
        }

        private struct Node {
            var parent: Int32
            var key: Key
        }

        private var nodes: UnsafeMutablePointer<Node>?
        private var count = 0
        private var capacity = 0

        static let root: Int32 = -1

        /// A node for `key` under `parent`. Nodes live until the decode ends (a container may outlive the
        /// value whose decode made it), so paths stay right for as long as anything can ask for them.
        mutating func append(_ key: Key, to parent: Int32) -> Int32 {
            if count == capacity { grow() }
            (nodes! + count).initialize(to: Node(parent: parent, key: key))
            count += 1
            return Int32(count - 1)
        }

        @inline(never)
        private mutating func grow() {
            capacity = max(8, capacity * 2)
            let larger = UnsafeMutablePointer<Node>.allocate(capacity: capacity)
            if let nodes {
                larger.moveInitialize(from: nodes, count: count)
                nodes.deallocate()
            }
            nodes = larger
        }

        /// The coding path that `node` stands for.
        func path(_ node: Int32) -> [any CodingKey] {
            path(node, extra: 0)
        }

        /// The coding path of `node`, in an array with room for `extra` more keys.
        private func path(_ node: Int32, extra: Int) -> [any CodingKey] {
            var depth = 0
            var walk = node
            while walk >= 0, Int(walk) < count {
                depth += 1
                walk = nodes![Int(walk)].parent
            }
            guard depth > 0 else { return [] }
            var keys: [any CodingKey] = []
            keys.reserveCapacity(depth + extra)
            for _ in 0..<depth { keys.append(_CodingKey.index(0)) }
            walk = node
            var position = depth
            while walk >= 0, Int(walk) < count {
                position -= 1
                switch nodes![Int(walk)].key {
                case .index(let index): keys[position] = _CodingKey(index: index)
                case .key(let key): keys[position] = key
                }
                walk = nodes![Int(walk)].parent
            }
            return keys
        }

        /// The coding path of `node` followed by `key`.
        func path(_ node: Int32, appending key: some CodingKey) -> [any CodingKey] {
            var keys = path(node, extra: 1)
            keys.append(key)
            return keys
        }

        func release() {
            guard let nodes else { return }
            nodes.deinitialize(count: count)
            nodes.deallocate()
        }
    }

    /// JSONDecoder's own coding key (Foundation's `_CodingKey`, which is internal there), reproduced so that
    /// coding paths and error messages read the same: array elements are "Index n", `superDecoder()` is "super".
    enum _CodingKey: CodingKey {
        case string(String)
        case int(Int)
        case index(Int)

        init?(stringValue: String) { self = .string(stringValue) }
        init?(intValue: Int) { self = .int(intValue) }
        init(index: Int) { self = .index(index) }

        var stringValue: String {
            switch self {
            case .string(let string): string
            case .int(let int): "\(int)"
            case .index(let index): "Index \(index)"
            }
        }

        var intValue: Int? {
            switch self {
            case .string: nil
            case .int(let int): int
            case .index(let index): index
            }
        }

        static let `super` = _CodingKey.string("super")
    }
}
