import AIServerKit
import Foundation

/// Writes a JSON value that a JSON Schema accepts: tool-call arguments and structured-output answers.
///
/// It follows what a provider's strict mode sends and what Pydantic, Zod and Swift schema generators write:
/// `$ref` into `$defs`/`definitions`, `anyOf`/`oneOf` (the first branch that is not `null`), `allOf`, `const`,
/// `enum`, a list of types, every property of an object, `minItems`/`maxItems`, `minimum`/`maximum`
/// (exclusive too), `minLength`/`maxLength` and the common string formats. Values are deterministic, so tests
/// can compare them; strings name their property ("sandbox city").
enum SchemaSample {
    /// The JSON text of a value for `schema` (an object; anything else is read as the empty schema).
    static func json(schema: JSON) -> String {
        let schema = schema.object ?? [:]
        return value(schema: schema, root: schema, name: "value", depth: 0).serializedString()
    }

    private static let maxDepth = 12

    static func value(schema: [String: JSON], root: [String: JSON], name: String, depth: Int) -> JSON {
        if let reference = schema["$ref"]?.string {
            guard depth < maxDepth, let target = resolve(reference, in: root) else { return .null }
            return value(schema: target, root: root, name: name, depth: depth + 1)
        }
        if let constant = schema["const"] { return constant }
        if let first = schema["enum"]?.array?.first { return first }
        for key in ["anyOf", "oneOf"] {
            if let branches = objects(schema[key]), !branches.isEmpty {
                let chosen = depth >= maxDepth ? branches.first(where: isNull) : branches.first(where: { !isNull($0) })
                return value(schema: chosen ?? branches[0], root: root, name: name, depth: depth + 1)
            }
        }
        if let parts = objects(schema["allOf"]), !parts.isEmpty {
            var merged = schema
            merged["allOf"] = nil
            for part in parts {
                let part = part["$ref"]?.string.flatMap { resolve($0, in: root) } ?? part
                merged.merge(part) { mine, _ in mine }
                if let properties = part["properties"]?.object {
                    merged["properties"] = .object((merged["properties"]?.object ?? [:]).merging(properties) { mine, _ in mine })
                }
            }
            return value(schema: merged, root: root, name: name, depth: depth + 1)
        }
        switch type(of: schema) {
        case "object":
            var object: [String: JSON] = [:]
            guard depth < maxDepth else { return .object(object) }
            let properties = schema["properties"]?.object ?? [:]
            for (key, property) in properties {
                object[key] = value(schema: property.object ?? [:], root: root, name: key, depth: depth + 1)
            }
            return .object(object)
        case "array":
            let minimum = schema["minItems"]?.int ?? 1
            let maximum = schema["maxItems"]?.int ?? max(minimum, 1)
            let count = depth < maxDepth ? min(max(minimum, 1), maximum) : min(minimum, maximum)
            let items = schema["items"]?.object ?? [:]
            let prefix = objects(schema["prefixItems"]) ?? []
            return .array((0..<count).map { index in
                value(schema: index < prefix.count ? prefix[index] : items, root: root, name: name, depth: depth + 1)
            })
        case "integer":
            return .int(Int(bounded(2, schema, step: 1)))
        case "number":
            return .double(bounded(1.5, schema, step: 0.5))
        case "boolean":
            return true
        case "null":
            return .null
        default:
            return .string(string(schema: schema, name: name))
        }
    }

    /// The members of each element, when `value` is an array of objects only.
    private static func objects(_ value: JSON?) -> [[String: JSON]]? {
        guard let array = value?.array else { return nil }
        let objects = array.compactMap(\.object)
        return objects.count == array.count ? objects : nil
    }

    private static func isNull(_ schema: [String: JSON]) -> Bool {
        schema["type"]?.string == "null"
    }

    /// The schema's type: the first non-null of a list, else what its keywords imply.
    private static func type(of schema: [String: JSON]) -> String {
        if let type = schema["type"]?.string { return type }
        if let types = schema["type"]?.array, types.allSatisfy({ $0.string != nil }) {
            return types.lazy.compactMap(\.string).first { $0 != "null" } ?? "null"
        }
        if schema["properties"] != nil { return "object" }
        if schema["items"] != nil || schema["prefixItems"] != nil { return "array" }
        return "string"
    }

    /// `#/$defs/Name`, `#/definitions/Name` or any other JSON pointer into the root schema.
    private static func resolve(_ reference: String, in root: [String: JSON]) -> [String: JSON]? {
        guard reference.hasPrefix("#") else { return nil }
        var node = JSON.object(root)
        for token in reference.dropFirst().split(separator: "/") {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { return nil }
            node = next
        }
        return node.object
    }

    private static func bounded(_ preferred: Double, _ schema: [String: JSON], step: Double) -> Double {
        var value = preferred
        if let minimum = schema["minimum"]?.double { value = max(value, minimum) }
        if let minimum = schema["exclusiveMinimum"]?.double { value = max(value, minimum + step) }
        if let maximum = schema["maximum"]?.double { value = min(value, maximum) }
        if let maximum = schema["exclusiveMaximum"]?.double { value = min(value, maximum - step) }
        return value
    }

    private static func string(schema: [String: JSON], name: String) -> String {
        var text: String
        switch schema["format"]?.string {
        case "date-time": text = "2026-01-01T20:00:00Z"
        case "date": text = "2026-01-01"
        case "time": text = "20:00:00"
        case "email": text = "sandbox@example.com"
        case "uri", "url": text = "https://example.com/sandbox"
        case "uuid": text = "00000000-0000-4000-8000-000000000000"
        case "duration": text = "PT1H"
        case "ipv4": text = "127.0.0.1"
        case "ipv6": text = "::1"
        case "hostname": text = "example.com"
        default: text = "sandbox \(name)"
        }
        if let minimum = schema["minLength"]?.int, text.count < minimum {
            text += String(repeating: "x", count: minimum - text.count)
        }
        if let maximum = schema["maxLength"]?.int, text.count > maximum { text = String(text.prefix(maximum)) }
        return text
    }
}
