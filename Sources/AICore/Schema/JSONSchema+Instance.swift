import Foundation

/// Checking a JSON value against a schema: what a structured answer read at run time (a schema from a file, an
/// MCP tool's input) is checked with, since no Swift type decodes it.
extension JSONSchema {
    /// Where `value` breaks this schema (types, required and unknown properties, items, enum/const,
    /// anyOf/oneOf/allOf, `$ref` into `$defs`, numeric bounds, lengths, counts, patterns). Empty when it
    /// conforms. Formats are not checked.
    public func check(instance value: JSONValue) -> [SchemaIssue] {
        var issues: [SchemaIssue] = []
        check(value, at: "#", root: self, depth: 0, into: &issues)
        return issues
    }

    private func check(_ value: JSONValue, at path: String, root: JSONSchema, depth: Int, into issues: inout [SchemaIssue]) {
        func fail(_ message: String) { issues.append(SchemaIssue(path: path, message: message)) }
        guard depth < 64 else { return fail("the schema nests too deeply (a $ref cycle?)") }
        if let ref {
            let name = ref.hasPrefix("#/$defs/") ? String(ref.dropFirst("#/$defs/".count)) : nil
            if ref == "#" {
                root.check(value, at: path, root: root, depth: depth + 1, into: &issues)
            } else if let name, let target = root.definition(name) {
                target.check(value, at: path, root: root, depth: depth + 1, into: &issues)
            } else {
                fail("$ref \(ref) names no definition")
            }
        }
        if let types, !types.contains(where: { Self.matches(value, $0) }) {
            fail("expected \(types.map(\.rawValue).joined(separator: " or ")), got \(Self.kind(of: value))")
            return
        }
        if let enumCases, !enumCases.contains(where: { Self.equal($0, value) }) {
            fail("\(value.jsonString) is not one of \(JSONValue.array(enumCases).jsonString)")
        }
        if let constValue, !Self.equal(constValue, value) { fail("expected \(constValue.jsonString)") }
        if let anyOf {
            let matched = anyOf.contains { branch in
                var branchIssues: [SchemaIssue] = []
                branch.check(value, at: path, root: root, depth: depth + 1, into: &branchIssues)
                return branchIssues.isEmpty
            }
            if !matched { fail("matches none of the anyOf alternatives") }
        }
        if let oneOf {
            let count = oneOf.filter { branch in
                var branchIssues: [SchemaIssue] = []
                branch.check(value, at: path, root: root, depth: depth + 1, into: &branchIssues)
                return branchIssues.isEmpty
            }.count
            if count != 1 { fail("matches \(count) of the oneOf alternatives, not exactly one") }
        }
        for branch in allOf ?? [] { branch.check(value, at: path, root: root, depth: depth + 1, into: &issues) }
        switch value {
        case .object(let object):
            for name in required ?? [] where object[name] == nil { fail("missing required property \(name)") }
            let known = Set(propertyList?.map(\.name) ?? [])
            for member in propertyList ?? [] {
                if let field = object[member.name] {
                    member.schema.check(field, at: "\(path)/\(member.name)", root: root, depth: depth + 1, into: &issues)
                }
            }
            for (key, field) in object.sorted(by: { $0.key < $1.key }) where !known.contains(key) {
                switch additionalPropertiesValue {
                case .allowed(false)?: issues.append(SchemaIssue(path: "\(path)/\(key)", message: "property not allowed"))
                case .schema(let values)?: values.check(field, at: "\(path)/\(key)", root: root, depth: depth + 1, into: &issues)
                default: break
                }
            }
        case .array(let elements):
            if let minItems, elements.count < minItems { fail("\(elements.count) items, at least \(minItems) expected") }
            if let maxItems, elements.count > maxItems { fail("\(elements.count) items, at most \(maxItems) expected") }
            if uniqueItems == true, Set(elements).count != elements.count { fail("items are not unique") }
            if let items {
                for (index, element) in elements.enumerated() {
                    items.check(element, at: "\(path)/\(index)", root: root, depth: depth + 1, into: &issues)
                }
            }
        case .string(let text):
            let length = text.count
            if let minLength, length < minLength { fail("\(length) characters, at least \(minLength) expected") }
            if let maxLength, length > maxLength { fail("\(length) characters, at most \(maxLength) expected") }
            if let pattern {
                if let regex = try? NSRegularExpression(pattern: pattern) {
                    let range = NSRange(text.startIndex..., in: text)
                    if regex.firstMatch(in: text, range: range) == nil { fail("does not match \(pattern)") }
                } else {
                    fail("the pattern \(pattern) is not a valid regular expression")
                }
            }
        case .int, .double:
            guard let number = value.doubleValue else { break }
            if let minimumValue, number < minimumValue { fail("\(Self.format(number)) is below the minimum \(Self.format(minimumValue))") }
            if let maximumValue, number > maximumValue { fail("\(Self.format(number)) is above the maximum \(Self.format(maximumValue))") }
            if let exclusiveMinimum, number <= exclusiveMinimum { fail("must be above \(Self.format(exclusiveMinimum))") }
            if let exclusiveMaximum, number >= exclusiveMaximum { fail("must be below \(Self.format(exclusiveMaximum))") }
            if let multipleOfValue, multipleOfValue > 0 {
                let ratio = number / multipleOfValue
                if abs(ratio - ratio.rounded()) > 1e-9 { fail("not a multiple of \(Self.format(multipleOfValue))") }
            }
        default:
            break
        }
    }

    private static func matches(_ value: JSONValue, _ type: JSONType) -> Bool {
        switch (type, value) {
        case (.null, .null), (.boolean, .bool), (.string, .string), (.array, .array), (.object, .object): return true
        case (.integer, .int): return true
        case (.integer, .double(let number)): return number.rounded() == number
        case (.number, .int), (.number, .double): return true
        default: return false
        }
    }

    /// JSON equality, with `1` equal to `1.0`.
    private static func equal(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.int, .double), (.double, .int), (.double, .double): lhs.doubleValue == rhs.doubleValue
        default: lhs == rhs
        }
    }

    private static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
