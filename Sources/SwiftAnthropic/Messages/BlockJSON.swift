import AICore
import Foundation

/// Reads and writes content blocks through their JSON object: the typed blocks of server tools and compaction
/// pick their fields out of it and keep the rest, so a block the API extends round-trips unchanged.
enum BlockJSON {
    /// The JSON object being decoded; throws when the value is not an object.
    static func object(in decoder: any Decoder) throws -> [String: JSONValue] {
        guard let object = try JSONValue(from: decoder).objectValue else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "Expected a JSON object."))
        }
        return object
    }

    /// The error for an object that lacks a field its `type` requires.
    static func missing(_ field: String, of type: String, in decoder: any Decoder) -> DecodingError {
        .dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "A \(type) block needs \(field)."))
    }

    /// The members of `object` not named in `known`.
    static func extras(_ object: [String: JSONValue], known: Set<String>) -> [String: JSONValue] {
        object.filter { !known.contains($0.key) }
    }

    /// `fields` (the known ones) over `extras`, as one object.
    static func merged(_ fields: [String: JSONValue?], extras: [String: JSONValue]) -> JSONValue {
        var object = extras
        for (key, value) in fields { if let value { object[key] = value } }
        return .object(object)
    }

    /// A Decodable value read back from JSON (used when a stream assembles a block from its start and deltas).
    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try FastJSONDecoder().decode(T.self, from: JSONEncoder().encode(value))
    }

    /// File ids of an output list (`[{"type": "…_output", "file_id": …}]`).
    static func fileIDs(_ value: JSONValue?) -> [String] {
        (value?.arrayValue ?? []).compactMap { $0["file_id"]?.stringValue }
    }

    /// An output list of `type` for `ids`.
    static func outputs(_ ids: [String], type: String) -> JSONValue {
        .array(ids.map { ["type": .string(type), "file_id": .string($0)] })
    }
}
