import Foundation

/// Writes a JSON value that a JSON Schema accepts: tool-call arguments and structured-output answers.
///
/// It follows what a provider's strict mode sends and what Pydantic, Zod and Swift schema generators write:
/// `$ref` into `$defs`/`definitions`, `anyOf`/`oneOf` (the first branch that is not `null`), `allOf`, `const`,
/// `enum`, a list of types, every property of an object, `minItems`/`maxItems`, `minimum`/`maximum`
/// (exclusive too), `minLength`/`maxLength` and the common string formats. Values are deterministic, so tests
/// can compare them; strings name their property ("sandbox city").
enum SchemaSample {
    /// The JSON text of a value for `schema`.
    static func json(schema: [String: Any]) -> String {
        JSONText.string(value(schema: schema, root: schema, name: "value", depth: 0))
    }

    private static let maxDepth = 12

    static func value(schema: [String: Any], root: [String: Any], name: String, depth: Int) -> Any {
        if let reference = schema["$ref"] as? String {
            guard depth < maxDepth, let target = resolve(reference, in: root) else { return NSNull() }
            return value(schema: target, root: root, name: name, depth: depth + 1)
        }
        if let constant = schema["const"] { return constant }
        if let options = schema["enum"] as? [Any], let first = options.first { return first }
        for key in ["anyOf", "oneOf"] {
            if let branches = schema[key] as? [[String: Any]], !branches.isEmpty {
                let chosen = depth >= maxDepth ? branches.first(where: isNull) : branches.first(where: { !isNull($0) })
                return value(schema: chosen ?? branches[0], root: root, name: name, depth: depth + 1)
            }
        }
        if let parts = schema["allOf"] as? [[String: Any]], !parts.isEmpty {
            var merged = schema
            merged["allOf"] = nil
            for part in parts {
                let part = (part["$ref"] as? String).flatMap { resolve($0, in: root) } ?? part
                merged.merge(part) { mine, _ in mine }
                if let properties = part["properties"] as? [String: Any] {
                    merged["properties"] = (merged["properties"] as? [String: Any] ?? [:]).merging(properties) { mine, _ in mine }
                }
            }
            return value(schema: merged, root: root, name: name, depth: depth + 1)
        }
        switch type(of: schema) {
        case "object":
            var object: [String: Any] = [:]
            guard depth < maxDepth else { return object }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, property) in properties {
                object[key] = value(schema: property as? [String: Any] ?? [:], root: root, name: key, depth: depth + 1)
            }
            return object
        case "array":
            let minimum = schema["minItems"] as? Int ?? 1
            let maximum = schema["maxItems"] as? Int ?? max(minimum, 1)
            let count = depth < maxDepth ? min(max(minimum, 1), maximum) : min(minimum, maximum)
            let items = schema["items"] as? [String: Any] ?? [:]
            let prefix = schema["prefixItems"] as? [[String: Any]] ?? []
            return (0..<count).map { index in
                value(schema: index < prefix.count ? prefix[index] : items, root: root, name: name, depth: depth + 1)
            }
        case "integer":
            return Int(bounded(2, schema, step: 1))
        case "number":
            return bounded(1.5, schema, step: 0.5)
        case "boolean":
            return true
        case "null":
            return NSNull()
        default:
            return string(schema: schema, name: name)
        }
    }

    private static func isNull(_ schema: [String: Any]) -> Bool {
        schema["type"] as? String == "null"
    }

    /// The schema's type: the first non-null of a list, else what its keywords imply.
    private static func type(of schema: [String: Any]) -> String {
        if let type = schema["type"] as? String { return type }
        if let types = schema["type"] as? [String] { return types.first { $0 != "null" } ?? "null" }
        if schema["properties"] != nil { return "object" }
        if schema["items"] != nil || schema["prefixItems"] != nil { return "array" }
        return "string"
    }

    /// `#/$defs/Name`, `#/definitions/Name` or any other JSON pointer into the root schema.
    private static func resolve(_ reference: String, in root: [String: Any]) -> [String: Any]? {
        guard reference.hasPrefix("#") else { return nil }
        var node: Any = root
        for token in reference.dropFirst().split(separator: "/") {
            let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let object = node as? [String: Any], let next = object[key] else { return nil }
            node = next
        }
        return node as? [String: Any]
    }

    private static func bounded(_ preferred: Double, _ schema: [String: Any], step: Double) -> Double {
        var value = preferred
        if let minimum = (schema["minimum"] as? NSNumber)?.doubleValue { value = max(value, minimum) }
        if let minimum = (schema["exclusiveMinimum"] as? NSNumber)?.doubleValue { value = max(value, minimum + step) }
        if let maximum = (schema["maximum"] as? NSNumber)?.doubleValue { value = min(value, maximum) }
        if let maximum = (schema["exclusiveMaximum"] as? NSNumber)?.doubleValue { value = min(value, maximum - step) }
        return value
    }

    private static func string(schema: [String: Any], name: String) -> String {
        var text: String
        switch schema["format"] as? String {
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
        if let minimum = schema["minLength"] as? Int, text.count < minimum {
            text += String(repeating: "x", count: minimum - text.count)
        }
        if let maximum = schema["maxLength"] as? Int, text.count > maximum { text = String(text.prefix(maximum)) }
        return text
    }
}
