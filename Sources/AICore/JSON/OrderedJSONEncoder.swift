import Foundation

/// Encodes request bodies as `JSONEncoder` does (compact, slashes unescaped, `Data` as base64, `Date` as
/// seconds since 2001, `URL` as its text), but writes object keys in the order the type encodes them.
///
/// Why: Foundation's `JSONEncoder` writes keys in its dictionary's order, so a JSON Schema's `properties`
/// reached the wire shuffled — and structured-output models write the fields of their answer in the schema's
/// order (a story's `title` before its `text`, a reasoning field before the verdict it supports).
package struct OrderedJSONEncoder: Sendable {
    package init() {}

    package func encode<T: Encodable>(_ value: T) throws -> Data {
        let node = try Box.encode(value, codingPath: [])
        if case .unset = node.value {
            throw EncodingError.invalidValue(
                value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(256)
        node.write(into: &bytes)
        return Data(bytes)
    }

    /// One JSON value being built; a class so containers can fill a slot their parent already holds.
    final class Box {
        enum Value {
            case unset
            case null
            case literal(String)
            case string(String)
            case array([Box])
            case object(keys: [String], values: [String: Box])
        }

        var value: Value = .unset

        init(_ value: Value = .unset) { self.value = value }

        static func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> Box {
            switch value {
            case let text as String: return Box(.string(text))
            case let flag as Bool: return Box(.literal(flag ? "true" : "false"))
            case let number as Int: return Box(.literal(String(number)))
            case let number as Double: return Box(.literal(try format(number, codingPath: codingPath)))
            case let number as Float: return Box(.literal(try format(Double(number), text: "\(number)", codingPath: codingPath)))
            case let data as Data: return Box(.string(data.base64EncodedString()))
            case let url as URL: return Box(.string(url.absoluteString))
            case let decimal as Decimal: return Box(.literal(decimal.description))
            default:
                let encoder = NodeEncoder(codingPath: codingPath)
                try value.encode(to: encoder)
                return encoder.node
            }
        }

        static func format(_ number: Double, text: String? = nil, codingPath: [any CodingKey]) throws -> String {
            guard number.isFinite else {
                throw EncodingError.invalidValue(
                    number, .init(codingPath: codingPath, debugDescription: "Unable to encode \(number) directly in JSON."))
            }
            var written = text ?? "\(number)"
            if written.hasSuffix(".0") { written.removeLast(2) }
            return written
        }

        func write(into bytes: inout [UInt8]) {
            switch value {
            case .unset: bytes.append(contentsOf: [UInt8(ascii: "{"), UInt8(ascii: "}")])
            case .null: bytes.append(contentsOf: Array("null".utf8))
            case .literal(let text): bytes.append(contentsOf: Array(text.utf8))
            case .string(let text): Self.writeString(text, into: &bytes)
            case .array(let elements):
                bytes.append(UInt8(ascii: "["))
                for (index, element) in elements.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    element.write(into: &bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            case .object(let keys, let values):
                bytes.append(UInt8(ascii: "{"))
                for (index, key) in keys.enumerated() {
                    if index > 0 { bytes.append(UInt8(ascii: ",")) }
                    Self.writeString(key, into: &bytes)
                    bytes.append(UInt8(ascii: ":"))
                    values[key]?.write(into: &bytes)
                }
                bytes.append(UInt8(ascii: "}"))
            }
        }

        static func writeString(_ text: String, into bytes: inout [UInt8]) {
            bytes.append(UInt8(ascii: "\""))
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: Array("\\u00".utf8))
                    bytes.append(hex[Int(byte >> 4)])
                    bytes.append(hex[Int(byte & 0x0F)])
                default: bytes.append(byte)
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// This box as an object, keeping the keys it already has (a second `container(keyedBy:)` call).
        func makeObject() {
            if case .object = value { return }
            value = .object(keys: [], values: [:])
        }

        func makeArray() {
            if case .array = value { return }
            value = .array([])
        }

        func set(_ child: Box, forKey key: String) {
            guard case .object(var keys, var values) = value else { return }
            value = .unset
            if values[key] == nil { keys.append(key) }
            values[key] = child
            value = .object(keys: keys, values: values)
        }

        func append(_ child: Box) {
            guard case .array(var elements) = value else { return }
            value = .unset
            elements.append(child)
            value = .array(elements)
        }

        var count: Int {
            if case .array(let elements) = value { return elements.count }
            return 0
        }
    }
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String
    init(_ index: Int) {
        intValue = index
        stringValue = "Index \(index)"
    }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

private final class NodeEncoder: Encoder {
    typealias Box = OrderedJSONEncoder.Box
    let codingPath: [any CodingKey]
    let node: Box
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey], node: Box = Box()) {
        self.codingPath = codingPath
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(node: node, codingPath: codingPath) }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Box
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { node.set(Box(.null), forKey: key.stringValue) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            node.set(try Box.encode(value, codingPath: codingPath + [key]), forKey: key.stringValue)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let child = Box(.object(keys: [], values: [:]))
            node.set(child, forKey: key.stringValue)
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: codingPath + [key]))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let child = Box(.array([]))
            node.set(child, forKey: key.stringValue)
            return Unkeyed(node: child, codingPath: codingPath + [key])
        }

        mutating func superEncoder() -> any Encoder { superEncoder(named: "super") }

        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key.stringValue) }

        private func superEncoder(named name: String) -> any Encoder {
            let child = Box()
            node.set(child, forKey: name)
            return NodeEncoder(codingPath: codingPath, node: child)
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Box
        let codingPath: [any CodingKey]
        var count: Int { node.count }

        mutating func encodeNil() throws { node.append(Box(.null)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            node.append(try Box.encode(value, codingPath: codingPath + [IndexKey(count)]))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let child = Box(.object(keys: [], values: [:]))
            let path = codingPath + [IndexKey(count)]
            node.append(child)
            return KeyedEncodingContainer(Keyed<NestedKey>(node: child, codingPath: path))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let child = Box(.array([]))
            let path = codingPath + [IndexKey(count)]
            node.append(child)
            return Unkeyed(node: child, codingPath: path)
        }

        mutating func superEncoder() -> any Encoder {
            let child = Box()
            let path = codingPath + [IndexKey(count)]
            node.append(child)
            return NodeEncoder(codingPath: path, node: child)
        }
    }

    struct Single: SingleValueEncodingContainer {
        let node: Box
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.value = .null }

        mutating func encode<T: Encodable>(_ value: T) throws {
            node.value = try Box.encode(value, codingPath: codingPath).value
        }
    }
}
