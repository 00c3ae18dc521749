/// Checking a schema against a provider's documented limits before the request is sent, so a schema the
/// provider would refuse with a 400 fails at once, naming the keyword.
extension JSONSchema {
    /// What `dialect` would reject in this schema as it is (run ``normalized(for:)`` first to fix what can be
    /// fixed). Empty when the schema is acceptable.
    public func validate(for dialect: SchemaDialect) -> [SchemaIssue] {
        var checker = SchemaChecker(dialect: dialect, root: self)
        if dialect == .openAIStrict {
            if anyOf != nil || !isObjectSchema {
                checker.report("#", "the root must be an object (wrap the value in an object property)")
            }
        }
        checker.check(self, path: "#", depth: 1)
        if dialect == .openAIStrict {
            if checker.propertyCount > 5_000 {
                checker.report("#", "\(checker.propertyCount) properties; strict mode allows at most 5000")
            }
            if checker.enumValueCount > 1_000 {
                checker.report("#", "\(checker.enumValueCount) enum values; strict mode allows at most 1000")
            }
        }
        return checker.issues
    }

    /// The schema normalized for `dialect`, or ``SchemaValidationError`` listing what the provider would still
    /// reject.
    public func validated(for dialect: SchemaDialect) throws -> JSONSchema {
        let schema = normalized(for: dialect)
        let issues = schema.validate(for: dialect)
        guard issues.isEmpty else { throw SchemaValidationError(dialect: dialect, issues: issues) }
        return schema
    }
}

private struct SchemaChecker {
    let dialect: SchemaDialect
    let root: JSONSchema
    var issues: [SchemaIssue] = []
    var propertyCount = 0
    var enumValueCount = 0

    /// Keywords OpenAI's strict mode does not accept.
    static let openAIUnsupported: Set<String> = [
        "minLength", "maxLength", "uniqueItems", "oneOf", "not", "if", "then", "else", "patternProperties",
        "unevaluatedProperties", "propertyNames", "minProperties", "maxProperties", "contains", "minContains",
        "maxContains", "dependentRequired", "dependentSchemas", "prefixItems", "unevaluatedItems",
    ]

    init(dialect: SchemaDialect, root: JSONSchema) {
        self.dialect = dialect
        self.root = root
    }

    mutating func report(_ path: String, _ message: String) {
        issues.append(SchemaIssue(path: path, message: message))
    }

    mutating func check(_ schema: JSONSchema, path: String, depth: Int) {
        if let ref = schema.ref {
            if ref == "#" {
                // Recursion through the root is allowed by OpenAI and by lenient servers.
                if dialect == .anthropic { report(path, "recursive schemas are not supported") }
            } else if ref.hasPrefix("#/$defs/") {
                let name = String(ref.dropFirst("#/$defs/".count))
                if root.definition(name) == nil { report(path, "$ref \(ref) names no definition in $defs") }
            } else if dialect != .lenient {
                report(path, "$ref \(ref) must point into #/$defs")
            }
        }
        if dialect == .openAIStrict, depth > 10 {
            report(path, "nested \(depth) levels deep; strict mode allows 10")
        }
        switch dialect {
        case .openAIStrict: checkOpenAI(schema, path: path)
        case .anthropic: checkAnthropic(schema, path: path)
        case .lenient: break
        }
        if let members = schema.propertyList {
            propertyCount += members.count
            for member in members {
                check(member.schema, path: "\(path)/properties/\(member.name)", depth: depth + 1)
            }
        }
        enumValueCount += schema.enumCases?.count ?? 0
        if let items = schema.items { check(items, path: "\(path)/items", depth: depth + 1) }
        for (key, list) in [("anyOf", schema.anyOf), ("oneOf", schema.oneOf), ("allOf", schema.allOf)] {
            for (index, branch) in (list ?? []).enumerated() {
                check(branch, path: "\(path)/\(key)/\(index)", depth: depth)
            }
        }
        if case .schema(let values)? = schema.additionalPropertiesValue {
            check(values, path: "\(path)/additionalProperties", depth: depth + 1)
        }
        for member in schema.definitions ?? [] {
            check(member.schema, path: "\(path)/$defs/\(member.name)", depth: 1)
        }
    }

    private mutating func checkOpenAI(_ schema: JSONSchema, path: String) {
        if schema.isObjectSchema {
            switch schema.additionalPropertiesValue {
            case .schema?:
                report(path, "a dictionary (additionalProperties with a schema) can't be expressed in strict mode; use an array of key/value objects")
            case .allowed(false)?:
                break
            default:
                report(path, "objects need additionalProperties: false in strict mode")
            }
            let names = schema.propertyList?.map(\.name) ?? []
            let required = Set(schema.required ?? [])
            let missing = names.filter { !required.contains($0) }
            if !missing.isEmpty {
                report(path, "every property must be required in strict mode (make optional ones nullable): \(missing.joined(separator: ", "))")
            }
        }
        if schema.minLength != nil { report(path, "minLength is not supported in strict mode") }
        if schema.maxLength != nil { report(path, "maxLength is not supported in strict mode") }
        if schema.uniqueItems != nil { report(path, "uniqueItems is not supported in strict mode") }
        if schema.oneOf != nil { report(path, "oneOf is not supported in strict mode (use anyOf)") }
        if let allOf = schema.allOf, allOf.count > 0 { report(path, "allOf is not supported in strict mode") }
        if let format = schema.format, !JSONSchema.openAIFormats.contains(format) {
            report(path, "format \(format) is not supported in strict mode")
        }
        for key in schema.extraKeywords.keys.sorted() where Self.openAIUnsupported.contains(key) || !key.hasPrefix("x-") {
            report(path, "\(key) is not supported in strict mode")
        }
    }

    private mutating func checkAnthropic(_ schema: JSONSchema, path: String) {
        if schema.isObjectSchema {
            switch schema.additionalPropertiesValue {
            case .allowed(false)?: break
            case .schema?: report(path, "a dictionary (additionalProperties with a schema) is not supported; additionalProperties must be false")
            default: report(path, "objects need additionalProperties: false")
            }
        }
        for (value, name) in [
            (schema.minimumValue, "minimum"), (schema.maximumValue, "maximum"),
            (schema.exclusiveMinimum, "exclusiveMinimum"), (schema.exclusiveMaximum, "exclusiveMaximum"),
            (schema.multipleOfValue, "multipleOf"),
        ] where value != nil {
            report(path, "\(name) is not supported (numeric constraints)")
        }
        if schema.minLength != nil || schema.maxLength != nil { report(path, "string length constraints are not supported") }
        if let value = schema.minItems, value > 1 { report(path, "minItems above 1 is not supported") }
        if schema.maxItems != nil { report(path, "maxItems is not supported") }
        if let format = schema.format, !JSONSchema.anthropicFormats.contains(format) {
            report(path, "format \(format) is not supported")
        }
    }
}
